/**
 * The enterprise's side of its booth lines: every HR of the enterprise sees the lines at the live
 * online fairs it signed up for and serves them together — 下一位 calls the first waiting seeker
 * (the page then rings them with the 1:1 call), 面试结束 ends the place, 跳过 sends one who did not
 * answer within the ring time to the end once and out the second time, 暂停排队 closes the line
 * to newcomers with a note.
 */
import { QUEUE_RING_SECONDS, type HrQueue, type QueuedSeeker } from '@zp/core/contract';
import { SITE_PATHS } from '@zp/core/fairs';
import { badRequest, conflict, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { notify } from '../notify/public.js';
import { seekerCards } from '../resumes/public.js';
import { companyNameOf } from '../companies/public.js';
import { averageOf, boothNowOf, hrNames, lineChanged } from './booth-state.js';
import { calledBy, callFirst, endEntry, entryById, lineOf, liveOnlineFairsOf, saveBoothSetting, servedAt, skipCalled, type EntryRow } from './repo.js';

async function seekersOf(s: Services, entries: EntryRow[]): Promise<QueuedSeeker[]> {
  const [cards, names] = await Promise.all([
    seekerCards(s.db, s.config, entries.map((e) => e.user_id)),
    hrNames(s, [...new Set(entries.flatMap((e) => (e.called_by ? [e.called_by] : [])))]),
  ]);
  const card = new Map(cards.map((c) => [c.qzbsid, c]));
  return entries.map((e) => {
    const c = card.get(e.user_id);
    return {
      id: e.id,
      seekerId: e.user_id,
      name: c?.xm || '求职者',
      school: c?.school ?? '',
      major: c?.major ?? '',
      degree: c?.zgxl ?? '',
      joinedAt: e.joined_at,
      joinedMs: Math.round(e.joined_ms),
      skipped: e.skipped,
      away: e.away,
      hrId: e.called_by ?? '',
      hrName: e.called_by ? (names.get(e.called_by) ?? '') : '',
      calledMs: e.called_ms === null ? 0 : Math.round(e.called_ms),
    };
  });
}

export async function hrQueues(s: Services, companyId: string): Promise<HrQueue[]> {
  const fairs = await liveOnlineFairsOf(s.db, companyId);
  return Promise.all(
    fairs.map(async (f) => {
      const [line, booth, served] = await Promise.all([lineOf(s.db, f.id, companyId), boothNowOf(s, f.id, true, companyId), servedAt(s.db, f.id, [companyId])]);
      const seekers = await seekersOf(s, line);
      const here = served.get(companyId);
      return {
        hxid: f.id,
        fairName: f.name,
        endsAt: f.ends,
        paused: booth.closed === 'paused',
        note: booth.note,
        waiting: seekers.filter((_, i) => line[i]!.state === 'waiting'),
        current: seekers.filter((_, i) => line[i]!.state === 'called'),
        served: here?.served ?? 0,
        averageMinutes: averageOf(here),
        hrsOnline: booth.hrsOnline,
      };
    }),
  );
}

async function requireLiveFair(s: Services, fairId: string, companyId: string): Promise<void> {
  if (!(await liveOnlineFairsOf(s.db, companyId)).some((f) => f.id === fairId)) throw notFound('本单位没有在这场进行中的网络招聘会上设展位');
}

export async function callNext(s: Services, hrId: string, companyId: string, fairId: string): Promise<QueuedSeeker> {
  await requireLiveFair(s, fairId, companyId);
  const busy = () => conflict('请先结束当前面试或跳过当前求职者');
  if (await calledBy(s.db, hrId)) throw busy();
  // A second 下一位 of the same HR at the same instant meets the one-call index: the first one won.
  const entry = await callFirst(s.db, fairId, companyId, hrId).catch(async (err: unknown) => {
    if (await calledBy(s.db, hrId)) throw busy();
    throw err;
  });
  if (!entry) throw notFound('队伍中暂时没有等待的求职者');
  await lineChanged(s, fairId, companyId);
  const company = (await companyNameOf(s.db, companyId))?.name ?? '';
  await notify(s, entry.user_id, 'hxxx', '轮到你面试了', `${company}的 HR 正在呼叫你，请在 ${QUEUE_RING_SECONDS} 秒内接听视频通话。`, SITE_PATHS.hall(fairId, 2));
  return (await seekersOf(s, [entry]))[0];
}

/** An entry of the enterprise's lines, called now. */
async function calledEntry(s: Services, companyId: string, id: string): Promise<EntryRow> {
  const e = await entryById(s.db, id);
  if (!e || e.company_id !== companyId) throw notFound('该求职者已不在队伍中');
  if (e.state !== 'called') throw badRequest('该求职者还在排队，尚未被叫到');
  return e;
}

export async function finishCall(s: Services, companyId: string, id: string): Promise<void> {
  const e = await calledEntry(s, companyId, id);
  if (!(await endEntry(s.db, id, 'done', 'called'))) throw notFound('该求职者已不在队伍中');
  await lineChanged(s, e.fair_id, e.company_id, [e.user_id]);
}

export async function skipCall(s: Services, companyId: string, id: string): Promise<boolean> {
  const e = await calledEntry(s, companyId, id);
  const result = await skipCalled(s.db, id, QUEUE_RING_SECONDS);
  if (result === 'ringing') throw badRequest(`求职者还有时间接听，呼叫 ${QUEUE_RING_SECONDS} 秒后未接听才能跳过`);
  if (!result) throw notFound('该求职者已不在队伍中');
  const company = (await companyNameOf(s.db, companyId))?.name ?? '';
  await notify(
    s,
    e.user_id,
    'hxxx',
    result === 'requeued' ? '未接听，已排到队尾' : '未接听，已移出队伍',
    result === 'requeued' ? `${company}的 HR 呼叫你时未接听，你已被排到队尾，这是最后一次机会，请留意接听。` : `${company}的 HR 两次呼叫你都未接听，你已被移出队伍，可以重新排队。`,
    SITE_PATHS.hall(e.fair_id, 2),
  );
  await lineChanged(s, e.fair_id, e.company_id, [e.user_id]);
  return result === 'requeued';
}

export async function pauseQueue(s: Services, hrId: string, companyId: string, fairId: string, paused: boolean, note: string): Promise<void> {
  await requireLiveFair(s, fairId, companyId);
  await saveBoothSetting(s.db, fairId, companyId, hrId, paused, paused ? note.trim() : '');
  await lineChanged(s, fairId, companyId);
}
