/**
 * The seeker's side of a booth queue: join the line of a booth whose HR is online at a live
 * online fair (one line at a time), see the place, leave.
 */
import { QUEUE_CLOSED_TEXT, estimatedWait, type MyQueueEntry } from '@zp/core/contract';
import { badRequest, conflict, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { companySignedUp } from '../fairs/public.js';
import { companyNameOf } from '../companies/public.js';
import { averageMinutes, boothNowOf, hrNames, lineChanged } from './booth-state.js';
import { activeEntryOf, endEntry, insertEntry, liveOnlineFair, touchEntry, waitingAhead, type EntryRow } from './repo.js';

export async function joinQueue(s: Services, userId: string, fairId: string, companyId: string): Promise<MyQueueEntry> {
  const fair = await liveOnlineFair(s.db, fairId);
  if (!fair) throw notFound('招聘会不存在或已撤下');
  if (!(await companySignedUp(s.db, fairId, companyId))) throw notFound('该单位未参加本场招聘会');
  const held = await activeEntryOf(s.db, userId);
  if (held) throw conflict(held.fair_id === fairId && held.company_id === companyId ? '你已在该展位排队' : '你正在其他展位排队，请先离开那边的队伍');
  const booth = await boothNowOf(s, fairId, fair.live, companyId);
  if (booth.closed) throw badRequest(booth.closed === 'paused' && booth.note ? `${QUEUE_CLOSED_TEXT.paused}：${booth.note}` : `${QUEUE_CLOSED_TEXT[booth.closed]}，暂时无法排队`);
  // The unique index decides between two joins at the same instant.
  if (!(await insertEntry(s.db, fairId, companyId, userId))) throw conflict('你已在排队中');
  await lineChanged(s, fairId, companyId);
  const entry = await myQueue(s, userId);
  if (!entry) throw conflict('排队已结束');
  return entry;
}

export async function leaveQueue(s: Services, userId: string): Promise<void> {
  const held = await activeEntryOf(s.db, userId);
  if (!held || !(await endEntry(s.db, held.id, 'left'))) throw notFound('你当前没有在排队');
  await lineChanged(s, held.fair_id, held.company_id, [userId]);
}

/** The seeker's place now, or null; asking is the hall page's sign that it is open. */
export async function myQueue(s: Services, userId: string): Promise<MyQueueEntry | null> {
  await touchEntry(s.db, userId);
  const e = await activeEntryOf(s.db, userId);
  return e ? describe(s, e) : null;
}

async function describe(s: Services, e: EntryRow): Promise<MyQueueEntry> {
  const fair = await liveOnlineFair(s.db, e.fair_id);
  const [booth, ahead, average, company, names] = await Promise.all([
    boothNowOf(s, e.fair_id, !!fair?.live, e.company_id),
    waitingAhead(s.db, e.id),
    averageMinutes(s, e.fair_id, e.company_id),
    companyNameOf(s.db, e.company_id),
    hrNames(s, e.called_by ? [e.called_by] : []),
  ]);
  const waiting = e.state === 'waiting';
  return {
    id: e.id,
    hxid: e.fair_id,
    fairName: fair?.name ?? '',
    dwid: e.company_id,
    companyName: company?.name ?? '',
    state: e.state,
    position: waiting ? ahead + 1 : 0,
    waitMinutes: waiting ? estimatedWait(ahead + 1, average, booth.hrsOnline) : 0,
    skipped: e.skipped,
    closed: booth.closed,
    note: booth.note,
    hrName: e.called_by ? (names.get(e.called_by) ?? '') : '',
    joinedAt: e.joined_at,
  };
}
