/**
 * The video interviews someone was invited to (the yaoyue chat messages of the last day), with
 * 进入视频面试 and, for job seekers, 拒绝 (sends the refusal the inviter's room shows:
 * '对方已拒绝视频面试') while the room is open; an invitation whose room has ended says 已结束
 * and offers nothing to click. New invitations appear as they arrive. Shown on the seeker's
 * invitation page and the HR's interview page (colleagues are invited the same way).
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { beijingDateTime, withBeijingLabel } from '@zp/core/dates';
import { rtcApi } from '@zp/core/routes';
import { $session, api } from '@zp/core/session';
import { onRoomMessages, recentRoomMessages, sendRoomMessage, type ReceivedRoomMessage } from '@zp/rtc-sdk/provider';
import { Button, message as toast, toastError } from '@zp/ui';
import { afterGuard } from '../seeker/AfterGuard';
import { videoRoomPath } from './start';
import './video.css';

/** How far back an invitation counts: a room lasts at most a day. */
const WITHIN_SECONDS = 24 * 3600;

interface Invite {
  roomId: string;
  promoterId: string;
  nickname: string;
  from: string;
  time: number;
  ended: boolean;
}

/** The invitation and whether its room has ended; null when this person may not see the room any more. */
async function withState(received: ReceivedRoomMessage): Promise<Invite | null> {
  const { message, from, time } = received;
  if (message.type !== 'yaoyue') return null;
  try {
    const { data } = await api.call(rtcApi.roomInfo, { query: { channelId: Number(message.roomId) } });
    return { roomId: message.roomId, promoterId: message.promoterId, nickname: message.nickname, from, time, ended: data.ended };
  } catch {
    return null; // gone, or not for this person any more
  }
}

/** When the invitation was sent, on a Beijing clock and saying so: '11-23 10:05（北京时间）'. */
const timeText = (seconds: number) => {
  const { date, time } = beijingDateTime(seconds * 1000);
  return withBeijingLabel(`${date.slice(5)} ${time}`);
};

function VideoInvites() {
  const session = useStore($session);
  const [invites, setInvites] = useState<Invite[]>([]);
  const [declined, setDeclined] = useState<Set<string>>(() => new Set());

  const add = (found: Invite[]) =>
    setInvites((list) => {
      const byRoom = new Map(list.map((i) => [i.roomId, i]));
      for (const i of found) if (!byRoom.has(i.roomId) || byRoom.get(i.roomId)!.time < i.time) byRoom.set(i.roomId, i);
      // Open ones first, newest first within each.
      return [...byRoom.values()].sort((a, b) => Number(a.ended) - Number(b.ended) || b.time - a.time);
    });

  useEffect(() => {
    let live = true;
    recentRoomMessages(WITHIN_SECONDS).then(
      async (messages) => {
        const latest = new Map<string, ReceivedRoomMessage>();
        for (const m of messages) if (m.message.type === 'yaoyue' && (latest.get(m.message.roomId)?.time ?? -1) < m.time) latest.set(m.message.roomId, m);
        const open = (await Promise.all([...latest.values()].map(withState))).filter((i): i is Invite => !!i);
        if (live) add(open);
      },
      () => {},
    );
    const stop = onRoomMessages((m) => {
      void withState(m).then((i) => live && i && add([i]));
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  const decline = async (invite: Invite) => {
    if (!session) return;
    try {
      await sendRoomMessage(
        invite.from,
        { type: 'jujue', roomId: invite.roomId, promoterId: invite.promoterId, nickname: session.userName, userID: session.userId },
        `${session.userName || '对方'}已拒绝视频面试`,
        '',
      );
      setDeclined((d) => new Set(d).add(invite.roomId));
      toast.success('已拒绝视频面试');
    } catch (err) {
      toastError(err);
    }
  };

  const shown = invites.filter((i) => !declined.has(i.roomId));
  if (!shown.length) return null;
  return (
    <section className="video-invites" aria-label="视频面试邀请">
      <h3>视频面试邀请</h3>
      <ul>
        {shown.map((i) => (
          <li key={i.roomId} className={i.ended ? 'video-invites__ended' : undefined}>
            <span className="video-invites__text">
              {i.nickname || '面试官'} 邀请您进入视频面试
              <span className="video-invites__meta">房间号 {i.roomId} · {timeText(i.time)}</span>
            </span>
            {i.ended ? (
              <span className="video-invites__state">已结束</span>
            ) : (
              <>
                <a className="zp-btn zp-btn--primary" href={videoRoomPath(i.roomId)}>进入视频面试</a>
                {session?.roleId === 'qz' ? <Button onClick={() => void decline(i)}>拒绝</Button> : null}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default afterGuard(VideoInvites);
