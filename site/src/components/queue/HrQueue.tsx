/**
 * 排队面试, the enterprise's side of its booth lines at the live online fairs it signed up for:
 * the line (name, school, résumé, waiting time, 离开页面 / 已错过一次), 下一位 (calls the first and
 * rings them with the 1:1 video call), the seekers being called (呼叫 again, 面试结束, 跳过 once
 * the ring time is over) and 暂停排队 with a note. Every HR of the enterprise sees the same line;
 * changes arrive live on the notification socket.
 */
import { useEffect, useState } from 'react';
import { Button, Dialog, message, toastError, withLoading } from '@zp/ui';
import { queueApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { onSignal } from '@zp/core/socket';
import { startCall } from '@zp/core/chat-open';
import { QUEUE_GRACE_MINUTES, QUEUE_NOTE_MAX, QUEUE_RING_SECONDS, QUEUE_SIGNAL, type HrQueue, type QueuedSeeker } from '@zp/core/contract';
import { HrGate, useHr } from '../hr/hr';
import { ListState } from '../console/ui';
import { useCodes } from '../console/codes';
import { useLoad } from '../../lib/load';
import { to } from '../../lib/paths';
import { GuardedButton } from '../common/ClickGuard';
import './queue.css';

/** Re-renders every second: waiting times and the ring countdown tick. */
function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

const LINE_REFRESH_MS = 30_000;
const minutesSince = (ms: number, now: number) => Math.max(0, Math.floor((now - ms) / 60_000));
const resumeHref = (seekerId: string) => to(`public/personaldetail?qzbsid=${seekerId}`);

function SeekerLine({ x, codes }: { x: QueuedSeeker; codes: ReturnType<typeof useCodes> }) {
  const degree = codes && x.degree ? codes.name('m_xldm', x.degree) : '';
  return (
    <span className="queue-seeker">
      <a className="queue-seeker__name" href={resumeHref(x.seekerId)} target="_blank" rel="noopener">
        {x.name}
      </a>
      <span className="queue-seeker__school">{[x.school, x.major, degree].filter(Boolean).join(' · ') || '未填写学历'}</span>
    </span>
  );
}

function Current({ x, mine, now, onChanged }: { x: QueuedSeeker; mine: boolean; now: number; onChanged: () => void }) {
  const left = Math.max(0, QUEUE_RING_SECONDS - Math.floor((now - x.calledMs) / 1000));
  const codes = useCodes();
  const finish = async () => {
    try {
      message.success((await withLoading(api.call(queueApi.finish, { body: { id: x.id } }))).msg);
      onChanged();
    } catch (err) {
      toastError(err);
    }
  };
  const skip = async () => {
    try {
      message.success((await withLoading(api.call(queueApi.skip, { body: { id: x.id } }))).msg);
      onChanged();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <li className={`queue-current${mine ? ' is-mine' : ''}`} data-entry={x.id}>
      <SeekerLine x={x} codes={codes} />
      <span className="queue-current__state">
        {mine ? (left > 0 ? `正在呼叫… ${left} 秒` : '呼叫已超过 60 秒') : `${x.hrName} 正在面试`}
      </span>
      {/* A colleague's call can be ended or skipped here too (a colleague who left the page must not hold the seeker). */}
      <span className="queue-current__actions">
        {mine ? (
          <Button className="zp-btn--sm" onClick={() => startCall(x.seekerId, x.name)}>
            重新呼叫
          </Button>
        ) : null}
        <GuardedButton className="zp-btn--sm" variant={mine ? 'primary' : 'default'} onClick={finish}>
          面试结束
        </GuardedButton>
        <GuardedButton className="zp-btn--sm" disabled={left > 0} title={left > 0 ? `${QUEUE_RING_SECONDS} 秒未接听后可跳过` : undefined} onClick={skip}>
          跳过
        </GuardedButton>
      </span>
    </li>
  );
}

function PauseDialog({ q, onClose, onDone }: { q: HrQueue; onClose: () => void; onDone: () => void }) {
  const [note, setNote] = useState(q.note);
  const save = async () => {
    try {
      message.success((await withLoading(api.call(queueApi.pause, { body: { hxid: q.hxid, paused: true, note: note.trim() } }))).msg);
      onDone();
      onClose();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Dialog
      open
      title="暂停排队"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" onClick={() => void save()}>
            暂停排队
          </Button>
        </>
      }
    >
      <p className="queue-hint">暂停后新的求职者不能加入队伍，已在队伍中的求职者保留位置。</p>
      <label className="queue-note">
        说明（求职者可见）
        <input value={note} maxLength={QUEUE_NOTE_MAX} placeholder="如：午休，13:30 继续" onChange={(e) => setNote(e.target.value)} />
      </label>
    </Dialog>
  );
}

function Line({ q, onChanged }: { q: HrQueue; onChanged: () => void }) {
  const { hr } = useHr();
  const now = useNow();
  const codes = useCodes();
  const [pausing, setPausing] = useState(false);
  const mineNow = q.current.find((x) => x.hrId === hr.hrid);
  const next = async () => {
    try {
      const r = await withLoading(api.call(queueApi.next, { body: { hxid: q.hxid } }));
      message.success(`${r.msg}：${r.seeker.name}`);
      startCall(r.seeker.seekerId, r.seeker.name);
      onChanged();
    } catch (err) {
      toastError(err);
    }
  };
  const resume = async () => {
    try {
      message.success((await withLoading(api.call(queueApi.pause, { body: { hxid: q.hxid, paused: false } }))).msg);
      onChanged();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <section className="hr-section queue-line" aria-label={`${q.fairName} 的排队`} data-queue={q.hxid}>
      <header className="queue-line__head">
        <div>
          <h3 className="queue-line__fair">{q.fairName}</h3>
          <p className="queue-line__facts">
            <span>
              排队 <strong data-waiting>{q.waiting.length}</strong> 人
            </span>
            <span>已面试 {q.served} 人</span>
            <span>平均 {q.averageMinutes} 分钟/人</span>
            <span>在线 HR {q.hrsOnline} 人</span>
            <span>招聘会 {q.endsAt.slice(5, 16)} 结束</span>
          </p>
        </div>
        <div className="queue-line__actions">
          {q.paused ? (
            <GuardedButton onClick={resume}>恢复排队</GuardedButton>
          ) : (
            <Button onClick={() => setPausing(true)}>暂停排队</Button>
          )}
          <GuardedButton variant="primary" disabled={!!mineNow || q.waiting.length === 0} title={mineNow ? '请先结束当前面试或跳过' : undefined} onClick={next}>
            下一位
          </GuardedButton>
        </div>
      </header>
      {q.paused ? (
        <p className="queue-paused" role="status">
          已暂停排队{q.note ? `：${q.note}` : ''}（新的求职者暂时不能加入）
        </p>
      ) : null}
      {q.current.length ? (
        <ul className="queue-list queue-list--current" aria-label="正在面试">
          {q.current.map((x) => (
            <Current key={x.id} x={x} mine={x.hrId === hr.hrid} now={now} onChanged={onChanged} />
          ))}
        </ul>
      ) : null}
      {q.waiting.length === 0 ? (
        <p className="queue-empty">暂时没有求职者排队。HR 在线时，会场展位会显示「排队面试」。</p>
      ) : (
        <ol className="queue-list" aria-label="排队中的求职者">
          {q.waiting.map((x, i) => (
            <li key={x.id} className="queue-row" data-entry={x.id}>
              <span className="queue-row__pos">{i + 1}</span>
              <SeekerLine x={x} codes={codes} />
              <span className="queue-row__tags">
                {x.skipped ? <span className="tag tag--warning">已错过一次</span> : null}
                {x.away ? <span className="tag" title={`离开超过 ${QUEUE_GRACE_MINUTES} 分钟将退出队伍`}>已离开页面</span> : null}
              </span>
              <span className="queue-row__wait">已等 {minutesSince(x.joinedMs, now)} 分钟</span>
            </li>
          ))}
        </ol>
      )}
      {pausing ? <PauseDialog q={q} onClose={() => setPausing(false)} onDone={onChanged} /> : null}
    </section>
  );
}

function Lines() {
  const list = useLoad(() => api.call(queueApi.list).then((r) => r.list), []);
  useEffect(() => onSignal(QUEUE_SIGNAL, list.reload), [list.reload]);
  // A signal missed while the socket reconnects: the line is read again now and then.
  useEffect(() => {
    const t = setInterval(() => void list.reload(), LINE_REFRESH_MS);
    return () => clearInterval(t);
  }, [list.reload]);
  return (
    <section className="hr-section" aria-labelledby="queue-title">
      <h2 className="hr-section__title" id="queue-title">
        进行中的网络招聘会
      </h2>
      <ListState
        loading={list.loading && !list.data}
        error={list.error}
        empty={!list.data?.length}
        emptyText="本单位报名的网络招聘会目前都不在进行中。招聘会进行时，求职者可在会场展位排队，由在线 HR 依次视频面试。"
        onRetry={list.reload}
      >
        {list.data?.map((q) => <Line key={q.hxid} q={q} onChanged={list.reload} />)}
      </ListState>
    </section>
  );
}

export default function HrQueuePage() {
  return (
    <HrGate approved>
      <Lines />
    </HrGate>
  );
}
