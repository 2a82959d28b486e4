/**
 * The seeker's side of slots: what each invitation offers, booking one (which accepts the
 * invitation; booking again moves it), and cancelling up to the HR's cut-off. The HR who takes the
 * interview is told of each.
 */
import { SITE_PATHS } from '@zp/core/fairs';
import { slotChangeOpen, slotText } from '@zp/core/rules/slots';
import type { SlotBooking, SlotOffer } from '@zp/core/contract';
import { chinaTimeText, withBeijingLabel } from '@zp/core/dates';
import { badRequest, conflict, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { hrIdsOfCompany } from '../companies/public.js';
import { notify } from '../notify/public.js';
import { seekerName } from '../applications/public.js';
import { book, cancelBooking, liveBookings, offeredSlots, offerInvitation, seekerOfferInvitations, type BookingRow, type OfferInvitation, type SlotRow } from './repo.js';

type S = Pick<Services, 'db' | 'bus'>;

const when = (x: SlotRow) => withBeijingLabel(slotText(x.starts_ms, x.minutes));

function bookingOf(b: BookingRow): SlotBooking {
  const changeUntilMs = Math.round(b.starts_ms - b.cutoff_minutes * 60_000);
  return {
    id: b.booking_id,
    slotId: b.id,
    startsAt: b.starts_at,
    startsMs: Math.round(b.starts_ms),
    minutes: b.minutes,
    mode: b.mode,
    address: b.address,
    changeUntil: b.cutoff_minutes ? chinaTimeText(changeUntilMs).slice(0, 16) : '',
    changeUntilMs,
    hrId: b.hr_id ?? '',
    attendance: (b.attendance ?? '') as SlotBooking['attendance'],
  };
}

/** The seeker's invitations that offer slots: the slots still open (and the one booked), and the booking. */
export async function seekerOffers(s: S, seekerId: string): Promise<SlotOffer[]> {
  const invitations = await seekerOfferInvitations(s.db, seekerId);
  const ids = invitations.map((i) => i.id);
  const [offered, bookings] = await Promise.all([offeredSlots(s.db, ids), liveBookings(s.db, ids)]);
  return invitations.map((i) => {
    const booking = bookings.find((b) => b.interview_id === i.id) ?? null;
    const slots = offered
      .filter((x) => x.interview_id === i.id && (x.id === booking?.id || (slotChangeOpen(x.starts_ms, x.cutoff_minutes) && x.booked < x.capacity)))
      .map((x) => ({ id: x.id, startsAt: x.starts_at, startsMs: Math.round(x.starts_ms), minutes: x.minutes, mode: x.mode, address: x.address, left: x.capacity - x.booked }));
    return { msid: i.id, slots, booking: booking ? bookingOf(booking) : null };
  });
}

async function ownInvitation(s: S, seekerId: string, msid: string): Promise<OfferInvitation> {
  const inv = await offerInvitation(s.db, msid);
  if (!inv || inv.seeker_id !== seekerId) throw notFound('面试邀请不存在');
  if (inv.answer === 2) throw badRequest('您已拒绝该面试邀请');
  return inv;
}

async function tellHr(s: S, inv: OfferInvitation, hrId: string | null, title: string, content: string) {
  const to = hrId ? [hrId] : inv.hr_id ? [inv.hr_id] : await hrIdsOfCompany(s.db, inv.company_id);
  for (const hr of to) await notify(s, hr, 'wjxx', title, content, SITE_PATHS.hrInterviews, 'xx_003');
}

/** Books the slot (or moves the booking to it); the HR taking it is told. */
export async function bookSlot(s: S, seekerId: string, msid: string, slotId: string): Promise<SlotBooking> {
  const inv = await ownInvitation(s, seekerId, msid);
  const offered = await offeredSlots(s.db, [msid]);
  const target = offered.find((x) => x.id === slotId);
  if (!target) throw badRequest('该时段不在这份邀请可预约的时段中');
  const r = await book(s.db, msid, seekerId, slotId);
  if (!r.ok) {
    if (r.why === 'full') throw conflict('该时段刚刚约满，请选择其他时段');
    if (r.why === 'closed') throw badRequest('该时段已截止预约，请选择其他时段');
    if (r.why === 'locked') throw badRequest('已过改约截止时间，不能再改约');
    if (r.why === 'taken') throw conflict('你已通过另一份面试邀请预约了该时段，请选择其他时段');
    throw badRequest('您已拒绝该面试邀请');
  }
  if (!r.booking) return bookingOf((await liveBookings(s.db, [msid]))[0]!); // already in that slot
  const name = await seekerName(s.db, seekerId);
  if (r.from) await tellHr(s, inv, r.from.hr_id, '求职者改约面试', `${name}将「${inv.job_title}」的面试从 ${when(r.from)} 改约到 ${when(target)}。`);
  // the HR taking the new slot hears of it, unless they were just told of the move
  if (r.from?.hr_id !== target.hr_id) await tellHr(s, inv, target.hr_id, '求职者预约面试', `${name}预约了「${inv.job_title}」的面试：${when(target)}。`);
  return bookingOf(r.booking);
}

/** Cancels the booking; the invitation waits for an answer again. */
export async function cancelSlot(s: S, seekerId: string, msid: string): Promise<void> {
  const inv = await ownInvitation(s, seekerId, msid);
  const r = await cancelBooking(s.db, msid, seekerId);
  if (!r.ok) throw badRequest(r.why === 'none' ? '该邀请还没有预约时段' : '已过改约截止时间，不能取消预约，请联系 HR');
  const name = await seekerName(s.db, seekerId);
  await tellHr(s, inv, r.slot.hr_id, '求职者取消预约', `${name}取消了「${inv.job_title}」${when(r.slot)} 的面试预约。`);
}
