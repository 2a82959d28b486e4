/** HR invite a seeker to an interview that offers slots to book instead of one fixed time. */
import type { Body, slotsApi } from '@zp/core/contract';
import { badRequest } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { invite } from '../applications/public.js';
import { SLOT_OFFER_ADDRESS, slotChangeOpen } from '@zp/core/rules/slots';
import { insertOffers, slotsByIds } from './repo.js';

type S = Pick<Services, 'db' | 'bus' | 'config'>;
type Input = Body<typeof slotsApi.invite>;

export async function inviteWithSlots(s: S, hrId: string, companyId: string, input: Input): Promise<string> {
  const { slotIds, ...who } = input;
  const slots = await slotsByIds(s.db, slotIds);
  if (slots.length !== slotIds.length || slots.some((x) => x.company_id !== companyId)) throw badRequest('可预约时段不存在，请刷新后重新选择');
  if (!slots.every((x) => slotChangeOpen(x.starts_ms, x.cutoff_minutes) && x.booked < x.capacity)) throw badRequest('所选时段中有已约满或已截止预约的，请重新选择');
  return invite(s, hrId, companyId, { ...who, msxxdz: SLOT_OFFER_ADDRESS }, {
    async check(jobId) {
      if (slots.some((x) => x.job_ids.length && !x.job_ids.includes(jobId))) throw badRequest('所选时段中有不适用于该岗位的，请重新选择');
    },
    attach: (interviewId) => insertOffers(s.db, interviewId, slotIds),
    when: `请在「面试邀请」中从 ${slots.length} 个可选时段中预约一个`,
  });
}
