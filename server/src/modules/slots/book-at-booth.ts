/**
 * 预约面试 at a booth: an HR may open slots to every job seeker at the enterprise's online-fair
 * booths (展位可约). A seeker who applied to one of its jobs books one there without waiting for
 * an invitation: the booking is an invitation from the slot's HR that offers the booth's slots
 * for that job, accepted at once with the chosen one — so it is moved, cancelled, reminded and
 * exported like any other booking (面试邀请).
 */
import { SLOT_MAX_OFFERED, SLOT_OFFER_ADDRESS } from '@zp/core/rules/slots';
import type { BoothSlots, SlotBooking } from '@zp/core/contract';
import { AppError, badRequest, conflict, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { invite, openApplicationsTo } from '../applications/public.js';
import { hrContacts, hrIdsOfCompany } from '../companies/public.js';
import { bookSlot } from './book-slot.js';
import { boothSlots, insertOffers, invitationAhead, seatedIn, type HrSlotRow } from './repo.js';

type S = Pick<Services, 'db' | 'bus' | 'config'>;

const ALREADY_INVITED = '你已收到该岗位的面试邀请，请在「面试邀请」中答复或预约时段';

const forJob = (x: HrSlotRow, jobId: string) => x.job_ids.length === 0 || x.job_ids.includes(jobId);

export async function boothSlotsFor(s: S, seekerId: string, companyId: string): Promise<BoothSlots> {
  const [slots, applications] = await Promise.all([boothSlots(s.db, companyId), openApplicationsTo(s.db, seekerId, companyId)]);
  return {
    slots: slots.map((x) => ({
      id: x.id, startsAt: x.starts_at, startsMs: Math.round(x.starts_ms), minutes: x.minutes, mode: x.mode, address: x.address,
      left: x.capacity - x.booked, jobIds: x.job_ids,
    })),
    applications,
  };
}

export async function bookAtBooth(s: S, seekerId: string, companyId: string, slotId: string, applicationId: string): Promise<{ msid: string; booking: SlotBooking }> {
  const slots = await boothSlots(s.db, companyId);
  const slot = slots.find((x) => x.id === slotId);
  if (!slot) throw conflict('该时段已约满或已截止预约，请选择其他时段');
  const application = (await openApplicationsTo(s.db, seekerId, companyId)).find((a) => a.bsid === applicationId);
  if (!application) throw badRequest('请先投递该单位的在招岗位，再预约面试');
  if (!forJob(slot, application.gwid)) throw badRequest('该时段不适用于所选岗位，请选择其他时段');
  if (await invitationAhead(s.db, seekerId, application.gwid)) throw conflict(ALREADY_INVITED);
  // Checked before the invitation is made, so that a refusal leaves nothing behind.
  if (await seatedIn(s.db, slotId, seekerId)) throw conflict('你已预约了该时段（另一个岗位），请选择其他时段');
  const hrId = slot.hr_id ?? (await hrIdsOfCompany(s.db, companyId))[0];
  const contact = hrId ? (await hrContacts(s.db, [hrId])).get(hrId) : undefined;
  if (!hrId || !contact) throw notFound('该单位暂时无法预约面试');
  // The chosen slot and the job's other booth slots (to move to later), as an invitation offers them.
  const offered = [slotId, ...slots.filter((x) => x.id !== slotId && forJob(x, application.gwid)).map((x) => x.id)].slice(0, SLOT_MAX_OFFERED);
  const msid = await invite(
    s,
    hrId,
    companyId,
    { hxrbsid: application.bsid, mymc: '展位预约面试', lxr: contact.name || '招聘负责人', sjhm: contact.phone, msxxdz: SLOT_OFFER_ADDRESS },
    { check: async () => {}, attach: (id) => insertOffers(s.db, id, offered), when: '', seekerAsked: true },
  ).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 409) throw conflict(ALREADY_INVITED);
    throw err;
  });
  // Only a seeker pressing for the same last place at the same instant gets here without it: the
  // invitation stays, offering the job's other booth slots in 面试邀请.
  const booking = await bookSlot(s, seekerId, msid, slotId).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 409) throw conflict('该时段刚刚约满。已为你保留该岗位的面试预约，请在「面试邀请」中选择其他时段');
    throw err;
  });
  return { msid, booking };
}
