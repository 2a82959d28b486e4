/**
 * HR publish interview slots (面试时段) from 面试管理, list them with who booked, and take one back:
 * its bookers are told and may book another of the slots their invitation offers.
 */
import { SITE_PATHS } from '@zp/core/fairs';
import { withBeijingLabel } from '@zp/core/dates';
import { SLOT_MAX_DAYS_AHEAD, slotText, type SlotMode } from '@zp/core/rules/slots';
import type { Slot } from '@zp/core/contract';
import { pageOf, badRequest, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { jobSummary } from '../jobs/public.js';
import { notify } from '../notify/public.js';
import { beijingTime } from '../applications/public.js';
import { bookersOf, companySlots, firstOverlap, insertSlots, openSlots, removeSlot, type HrSlotRow } from './repo.js';

type S = Pick<Services, 'db' | 'bus'>;

export interface SlotsInput {
  startsAt: string;
  minutes: number;
  count: number;
  mode: SlotMode;
  address?: string;
  capacity: number;
  jobIds: string[];
  cutoffHours: number;
  /** open to every seeker at the enterprise's online-fair booths, not only to invitations */
  atBooth?: boolean;
}

/** Publishes `count` slots back to back from `startsAt` (Beijing); refuses times past, too far, or over the HR's own. */
export async function publishSlots(s: S, hrId: string, companyId: string, input: SlotsInput): Promise<string[]> {
  const first = beijingTime(input.startsAt);
  if (!first) throw badRequest('开始时间不是有效的日期时间');
  if (first.getTime() <= Date.now()) throw badRequest('开始时间须晚于当前时间');
  const end = new Date(first.getTime() + input.count * input.minutes * 60_000);
  if (first.getTime() > Date.now() + SLOT_MAX_DAYS_AHEAD * 86_400_000) throw badRequest(`面试时段最多可提前 ${SLOT_MAX_DAYS_AHEAD} 天发布`);
  const address = (input.address ?? '').trim();
  if (input.mode === 'onsite' && address.length < 2) throw badRequest('现场面试请填写面试地址');
  for (const id of input.jobIds) {
    const job = await jobSummary(s.db, id);
    if (!job || job.companyId !== companyId || job.status !== 1) throw badRequest('只能为本单位在招的岗位发布面试时段');
  }
  const clash = await firstOverlap(s.db, companyId, hrId, first, end);
  if (clash) throw badRequest(`与您已发布的时段重叠（${clash} 开始），请调整时间`);
  const list = Array.from({ length: input.count }, (_, i) => ({
    startsAt: new Date(first.getTime() + i * input.minutes * 60_000),
    minutes: input.minutes,
    mode: input.mode,
    address: input.mode === 'onsite' ? address : '',
    capacity: input.capacity,
    jobIds: input.jobIds,
    cutoffMinutes: input.cutoffHours * 60,
    atBooth: !!input.atBooth,
  }));
  return insertSlots(s.db, companyId, hrId, list);
}

/** Slot rows as the contract sends them, with their bookers. */
async function withBookers(s: S, list: HrSlotRow[]): Promise<Slot[]> {
  const bookers = await bookersOf(s.db, list.map((x) => x.id));
  return list.map((x) => ({
    id: x.id,
    startsAt: x.starts_at,
    startsMs: Math.round(x.starts_ms),
    minutes: x.minutes,
    mode: x.mode,
    address: x.address,
    capacity: x.capacity,
    booked: x.booked,
    jobIds: x.job_ids,
    jobTitles: x.job_titles,
    cutoffHours: x.cutoff_minutes / 60,
    atBooth: x.at_booth,
    hrName: x.hr_name,
    bookers: bookers
      .filter((b) => b.slot_id === x.id)
      .map((b) => ({ bookingId: b.booking_id, seekerId: b.seeker_id, name: b.name, jobTitle: b.job_title, msid: b.msid, bookedAt: b.booked_at, attendance: (b.attendance ?? '') as Slot['bookers'][number]['attendance'] })),
  }));
}

export async function listSlots(s: S, companyId: string, scope: 'upcoming' | 'past', page: number, limit: number) {
  const { total, list } = await companySlots(s.db, companyId, scope, page, limit);
  return pageOf(await withBookers(s, list), total, page, limit);
}

export async function slotsOpenFor(s: S, companyId: string, jobId: string | null) {
  return withBookers(s, await openSlots(s.db, companyId, jobId));
}

/** Takes a slot back; its bookers are told, and their invitations wait for a new booking. */
export async function withdrawSlot(s: S, companyId: string, slotId: string): Promise<number> {
  const r = await removeSlot(s.db, companyId, slotId);
  if (!r) throw notFound('面试时段不存在');
  const when = withBeijingLabel(slotText(r.slot.starts_ms, r.slot.minutes));
  for (const g of r.gone) {
    await notify(s, g.seeker_id, 'wjxx', '面试时段已取消', `您预约的 ${when} 面试时段已被企业取消，请在「面试邀请」中改约其他时段。`, SITE_PATHS.seekerInvitations, 'xx_003');
  }
  return r.gone.length;
}
