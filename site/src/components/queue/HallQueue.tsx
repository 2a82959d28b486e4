/**
 * The booth queues in an online fair's hall: each booth's 排队面试 button with the line's length
 * and the expected wait, and 预约面试 where the enterprise opened interview slots at its booths
 * (filled into the booths' [data-queue-slot]), and, for a job seeker in a
 * line, the place at the bottom of the page — live, from the notification socket's signals — with
 * 离开队伍, and 轮到你了 while the HR's call rings (the chat widget's call layer answers it).
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, confirm, message, toastError, useSession, withLoading } from '@zp/ui';
import { queueApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { onSignal } from '@zp/core/socket';
import { QUEUE_CLOSED_TEXT, QUEUE_GRACE_MINUTES, QUEUE_POLL_SECONDS, QUEUE_SIGNAL, waitText, type BoothQueue, type MyQueueEntry } from '@zp/core/contract';
import { SITE_PATHS } from '@zp/core/fairs';
import { GuardedButton } from '../common/ClickGuard';
import { to } from '../../lib/paths';
import { BoothBookDialog } from '../slots/BoothBook';
import './queue.css';

/** Lengths of other booths' lines change without telling this page: read again this often. */
const BOOTHS_REFRESH_MS = 30_000;
const BOOTHS_PER_CALL = 50;

/** 排队面试 while the booth takes seekers (or why not), with the line's length and wait. */
function QueueButton({ b, hxid, mine, role, onJoin }: { b: BoothQueue; hxid: string; mine: MyQueueEntry | null; role: string | null; onJoin: (dwid: string) => void }) {
  if (mine?.dwid === b.dwid && mine.hxid === hxid) return <span className="tag tag--primary">{mine.state === 'called' ? '轮到你了' : `排队中 · 第 ${mine.position} 位`}</span>;
  if (b.closed === 'paused') return <span className="booth-queue__paused">{QUEUE_CLOSED_TEXT.paused}{b.note ? `：${b.note}` : ''}</span>;
  if (b.closed) return null;
  const facts = <span className="booth-queue__facts">{b.waiting ? `${b.waiting} 人排队 · 预计等待${waitText(b.waitMinutes)}` : '无需等待'}</span>;
  if (role === 'qz')
    return (
      <>
        <GuardedButton className="zp-btn--sm" variant="primary" onClick={() => onJoin(b.dwid)}>
          排队面试
        </GuardedButton>
        {facts}
      </>
    );
  if (!role)
    return (
      <>
        <a className="zp-btn zp-btn--sm" href={loginHref()}>
          登录后排队面试
        </a>
        {facts}
      </>
    );
  return facts;
}

const loginHref = () => to(`public/login?id=1&redirect=${encodeURIComponent(location.pathname + location.search)}`);

/** 预约面试 when the enterprise opened interview slots at its booths (whether or not its HR are online). */
function BookButton({ b, role, onBook }: { b: BoothQueue; role: string | null; onBook: () => void }) {
  if (!b.slots) return null;
  if (role === 'qz')
    return (
      <Button className="zp-btn--sm" onClick={onBook}>
        预约面试
      </Button>
    );
  return <span className="booth-queue__facts">可预约面试时段 {b.slots} 个</span>;
}

function QueueBar({ entry, here, onLeave }: { entry: MyQueueEntry; here: boolean; onLeave: () => void }) {
  const called = entry.state === 'called';
  return (
    <div className={`queue-bar${called ? ' is-called' : ''}`} role="status" aria-live="polite" data-queue-bar>
      <p className="queue-bar__text">
        {called ? (
          <>
            <strong>轮到你了！</strong>
            {entry.companyName} 的 HR{entry.hrName ? ` ${entry.hrName}` : ''} 正在呼叫你，请接听视频通话
          </>
        ) : (
          <>
            {here ? entry.companyName : <a href={SITE_PATHS.hall(entry.hxid, 2)}>{entry.fairName} · {entry.companyName}</a>} · 排在第 <strong data-position>{entry.position}</strong> 位
            <span className="queue-bar__sub">
              预计等待{waitText(entry.waitMinutes)}
              {entry.closed === 'paused' ? ` · HR 已暂停排队${entry.note ? `：${entry.note}` : ''}，你的位置保留` : ''}
              {entry.skipped ? ' · 你错过了一次呼叫，这是最后一次机会' : ''}
              {` · 关闭页面超过 ${QUEUE_GRACE_MINUTES} 分钟将失去位置`}
            </span>
          </>
        )}
      </p>
      <Button onClick={onLeave}>离开队伍</Button>
    </div>
  );
}

export default function HallQueue({ hxid }: { hxid: string }) {
  const session = useSession();
  const role = session?.roleId ?? null;
  const [slots, setSlots] = useState<HTMLElement[]>([]);
  const [booths, setBooths] = useState<Map<string, BoothQueue>>(new Map());
  const [mine, setMine] = useState<MyQueueEntry | null>(null);
  const [booking, setBooking] = useState<{ dwid: string; name: string } | null>(null);

  useEffect(() => setSlots([...document.querySelectorAll<HTMLElement>('[data-queue-slot]')]), []);

  const loadBooths = async () => {
    const ids = slots.map((s) => s.dataset.dwid!).filter(Boolean);
    const out = new Map<string, BoothQueue>();
    for (let i = 0; i < ids.length; i += BOOTHS_PER_CALL) {
      const r = await api.call(queueApi.booths, { body: { hxid, dwids: ids.slice(i, i + BOOTHS_PER_CALL) } });
      for (const b of r.list) out.set(b.dwid, b);
    }
    setBooths(out);
  };
  const loadMine = async () => setMine(role === 'qz' ? (await api.call(queueApi.mine)).entry : null);
  const refresh = () => Promise.all([loadBooths(), loadMine()]).catch(() => {});

  useEffect(() => {
    if (!slots.length) return;
    void refresh();
    // Signals can be missed (a socket reconnecting): the lines are read again now and then.
    const t = setInterval(() => void loadBooths().catch(() => {}), BOOTHS_REFRESH_MS);
    const off = onSignal(QUEUE_SIGNAL, () => void refresh());
    return () => {
      clearInterval(t);
      off();
    };
  }, [slots, session?.token]);

  // In a line, the seeker's own place is read more often: asking for it also tells the server this
  // page is open. Out of one, nothing to ask (a signal or a join brings the place).
  const inLine = !!mine;
  useEffect(() => {
    if (!inLine) return;
    const own = setInterval(() => void loadMine().catch(() => {}), QUEUE_POLL_SECONDS * 1000);
    return () => clearInterval(own);
  }, [inLine, session?.token]);

  const join = async (dwid: string) => {
    try {
      const r = await withLoading(api.call(queueApi.join, { body: { hxid, dwid } }));
      setMine(r.entry);
      message.success(`${r.msg}，你排在第 ${r.entry.position} 位`);
      void loadBooths().catch(() => {});
    } catch (err) {
      toastError(err);
    }
  };
  const leave = async () => {
    if (!(await confirm({ title: '离开队伍', message: '离开后位置不再保留，重新排队需排到队尾。确定离开吗？', confirmText: '离开队伍', cancelText: '继续排队' }))) return;
    try {
      message.success((await withLoading(api.call(queueApi.leave))).msg);
      setMine(null);
      void loadBooths().catch(() => {});
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <>
      {slots.map((slot) => {
        const b = booths.get(slot.dataset.dwid!);
        return b
          ? createPortal(
              <div className="booth-queue">
                <QueueButton b={b} hxid={hxid} mine={mine} role={role} onJoin={(dwid) => void join(dwid)} />
                <BookButton b={b} role={role} onBook={() => setBooking({ dwid: b.dwid, name: slot.dataset.name ?? '' })} />
              </div>,
              slot,
              slot.dataset.dwid,
            )
          : null;
      })}
      {mine ? <QueueBar entry={mine} here={mine.hxid === hxid} onLeave={() => void leave()} /> : null}
      {booking ? <BoothBookDialog dwid={booking.dwid} companyName={booking.name} hxid={hxid} onClose={() => setBooking(null)} /> : null}
    </>
  );
}
