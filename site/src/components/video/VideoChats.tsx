/**
 * The text chat of video interviews, kept with the interview: the rooms whose chat the person may
 * read (an HR: their enterprise's; anyone else: what was said while they were in the room), and
 * the transcript of one with each speaker's name and the time. Shown on the HR's interview page
 * and the seeker's invitation page, beside the recordings.
 */
import { useEffect, useState } from 'react';
import { beijingDateTime, withBeijingLabel } from '@zp/core/dates';
import { rtcApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import type { RtcRoomChat, RtcRoomMessage } from '@zp/core/contract';
import { Button, Dialog, toastError } from '@zp/ui';
import { afterGuard } from '../seeker/AfterGuard';
import './video.css';

const spanText = (c: RtcRoomChat) => {
  const first = beijingDateTime(c.firstAt);
  const last = beijingDateTime(c.lastAt);
  return withBeijingLabel(first.date === last.date ? `${first.date} ${first.time}–${last.time}` : `${first.date} ${first.time} – ${last.date} ${last.time}`);
};

interface Transcript {
  roomId: number;
  lines: RtcRoomMessage[];
  names: Map<string, string>;
}

function VideoChats() {
  const [list, setList] = useState<RtcRoomChat[] | null>(null);
  const [open, setOpen] = useState<Transcript | null>(null);
  const [loading, setLoading] = useState<number | null>(null);

  useEffect(() => {
    api.call(rtcApi.roomChats, {}).then(
      (r) => setList(r.list),
      () => setList([]),
    );
  }, []);

  const show = async (c: RtcRoomChat) => {
    setLoading(c.roomId);
    try {
      const lines = (await api.call(rtcApi.roomMessages, { query: { channelId: c.roomId } })).list;
      const ids = [...new Set(lines.map((l) => l.userId))].slice(0, 50);
      const names = new Map(ids.length ? (await api.call(rtcApi.roomMembersInfo, { body: ids })).list.map((m) => [m.userid, m.username]) : []);
      setOpen({ roomId: c.roomId, lines, names });
    } catch (err) {
      toastError(err);
    } finally {
      setLoading(null);
    }
  };

  if (!list?.length) return null;
  return (
    <section className="video-invites video-recordings" aria-label="视频面试聊天记录">
      <h3>视频面试聊天记录</h3>
      <ul>
        {list.map((c) => (
          <li key={c.roomId}>
            <span className="video-invites__text">
              房间 {c.roomId} 的聊天记录
              <span className="video-invites__meta">{spanText(c)} · {c.count} 条消息</span>
            </span>
            <Button disabled={loading === c.roomId} onClick={() => void show(c)}>查看</Button>
          </li>
        ))}
      </ul>
      <Dialog open={!!open} title={open ? `房间 ${open.roomId} 的聊天记录` : ''} width={560} onClose={() => setOpen(null)}>
        {open ? (
          <ol className="video-chat-log" aria-label="聊天记录">
            {open.lines.map((l) => {
              const { date, time } = beijingDateTime(l.at);
              return (
                <li key={l.seq}>
                  <span className="video-chat-log__who">{open.names.get(l.userId) ?? '成员'}</span>
                  <time dateTime={new Date(l.at).toISOString()}>{date} {time}</time>
                  <p>{l.text}</p>
                </li>
              );
            })}
          </ol>
        ) : null}
      </Dialog>
    </section>
  );
}

export default afterGuard(VideoChats);
