/** All of the slots module's SQL: interview slots, the slots invitations offer, and bookings. */
import { inList, minuteText, one, rows, sql, type Db } from '../../db/index.js';
import { offsetOf } from '../../http/reply.js';
import { SLOT_OFFER_ADDRESS, SLOT_VIDEO_ADDRESS } from '@zp/core/rules/slots';

export interface SlotRow {
  id: string;
  company_id: string;
  hr_id: string | null;
  starts_at: string;
  starts_ms: number;
  minutes: number;
  mode: 'video' | 'onsite';
  address: string;
  capacity: number;
  booked: number;
  job_ids: string[];
  cutoff_minutes: number;
  at_booth: boolean;
}

const slotColumns = sql`s.id::text as id, s.company_id::text as company_id, s.hr_id::text as hr_id, ${minuteText('s.starts_at')} as starts_at,
  (extract(epoch from s.starts_at) * 1000)::float8 as starts_ms, s.minutes::int as minutes, s.mode, s.address, s.capacity::int as capacity,
  s.booked::int as booked, s.job_ids::text[] as job_ids, s.cutoff_minutes, s.at_booth`;

export async function insertSlots(
  db: Db,
  companyId: string,
  hrId: string,
  list: { startsAt: Date; minutes: number; mode: string; address: string; capacity: number; jobIds: string[]; cutoffMinutes: number; atBooth: boolean }[],
): Promise<string[]> {
  const r = await rows<{ id: string }>(
    db,
    sql`insert into interview_slots (company_id, hr_id, starts_at, minutes, mode, address, capacity, job_ids, cutoff_minutes, at_booth)
        values ${sql.join(
          list.map(
            (x) => sql`(${companyId}, ${hrId}, ${x.startsAt.toISOString()}, ${x.minutes}, ${x.mode}, ${x.address}, ${x.capacity},
                        ${`{${x.jobIds.join(',')}}`}::bigint[], ${x.cutoffMinutes}, ${x.atBooth})`,
          ),
          sql`, `,
        )}
        returning id::text as id`,
  );
  return r.map((x) => x.id);
}

/** The start of the HR's first slot that overlaps [from, to), or null (colleagues may hold slots at the same time). */
export async function firstOverlap(db: Db, companyId: string, hrId: string, from: Date, to: Date): Promise<string | null> {
  const r = await one<{ at: string }>(
    db,
    sql`select ${minuteText('starts_at')} as at from interview_slots
        where company_id = ${companyId} and hr_id = ${hrId} and starts_at < ${to.toISOString()}
          and starts_at + make_interval(mins => minutes) > ${from.toISOString()}
        order by starts_at limit 1`,
  );
  return r?.at ?? null;
}

export async function slotsByIds(db: Db, ids: readonly string[]): Promise<SlotRow[]> {
  if (!ids.length) return [];
  return rows<SlotRow>(db, sql`select ${slotColumns} from interview_slots s where s.id in (${inList(ids)}) order by s.starts_at, s.id`);
}

export interface HrSlotRow extends SlotRow {
  hr_name: string;
  job_titles: string[];
}

const hrSlotColumns = sql`${slotColumns}, coalesce(nullif(h.name, ''), u.phone, '') as hr_name,
  coalesce((select array_agg(j.title order by j.id) from jobs j where j.id = any(s.job_ids)), '{}') as job_titles`;

/** The enterprise's slots, upcoming (not yet over; soonest first) or past (latest first). */
export async function companySlots(db: Db, companyId: string, scope: 'upcoming' | 'past', page: number, limit: number) {
  const over = sql`s.starts_at + make_interval(mins => s.minutes) <= now()`;
  const where = sql`s.company_id = ${companyId} and ${scope === 'past' ? over : sql`not (${over})`}`;
  const total = await one<{ n: number }>(db, sql`select count(*)::int as n from interview_slots s where ${where}`);
  const list = await rows<HrSlotRow>(
    db,
    sql`select ${hrSlotColumns} from interview_slots s left join users u on u.id = s.hr_id left join hr_profiles h on h.user_id = s.hr_id
        where ${where} order by s.starts_at ${scope === 'past' ? sql`desc` : sql`asc`}, s.id limit ${limit} offset ${offsetOf(page, limit)}`,
  );
  return { total: total!.n, list };
}

/** Still bookable: not past the cut-off, places left. */
const bookable = sql`s.starts_at > now() + make_interval(mins => s.cutoff_minutes) and s.booked < s.capacity`;

/** Future slots of the enterprise with a place left, for the job if one is named (or all). */
export async function openSlots(db: Db, companyId: string, jobId: string | null): Promise<HrSlotRow[]> {
  return rows<HrSlotRow>(
    db,
    sql`select ${hrSlotColumns} from interview_slots s left join users u on u.id = s.hr_id left join hr_profiles h on h.user_id = s.hr_id
        where s.company_id = ${companyId} and ${bookable}
          ${jobId ? sql`and (cardinality(s.job_ids) = 0 or ${jobId}::bigint = any(s.job_ids))` : sql``}
        order by s.starts_at, s.id limit 200`,
  );
}

/** The enterprise's slots open at its booths (展位可约) that can still be booked. */
export async function boothSlots(db: Db, companyId: string): Promise<HrSlotRow[]> {
  return rows<HrSlotRow>(
    db,
    sql`select ${hrSlotColumns} from interview_slots s left join users u on u.id = s.hr_id left join hr_profiles h on h.user_id = s.hr_id
        where s.company_id = ${companyId} and s.at_booth and ${bookable} order by s.starts_at, s.id limit 200`,
  );
}

/** How many booth slots each enterprise has open. */
export async function boothSlotCounts(db: Db, companyIds: readonly string[]): Promise<Map<string, number>> {
  if (!companyIds.length) return new Map();
  const r = await rows<{ id: string; n: number }>(
    db,
    sql`select s.company_id::text as id, count(*)::int as n from interview_slots s
        where s.company_id in (${inList(companyIds)}) and s.at_booth and ${bookable} group by s.company_id`,
  );
  return new Map(r.map((x) => [x.id, x.n]));
}

/** Whether the seeker has an invitation for the job still to come: waiting for an answer, or accepted for a later time. */
export async function invitationAhead(db: Db, seekerId: string, jobId: string): Promise<boolean> {
  return !!(await one(
    db,
    sql`select 1 as ok from interviews where seeker_id = ${seekerId} and job_id = ${jobId} and (answer = 0 or (answer = 1 and (at is null or at > now()))) limit 1`,
  ));
}

/** Whether the seeker holds a place in the slot already (through any invitation). */
export async function seatedIn(db: Db, slotId: string, seekerId: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 as ok from slot_bookings where slot_id = ${slotId} and seeker_id = ${seekerId} and state = 'booked'`));
}

export interface BookerRow {
  slot_id: string;
  booking_id: string;
  seeker_id: string;
  name: string;
  job_title: string;
  msid: string;
  booked_at: string;
  attendance: string | null;
}

/** Who booked the slots (live bookings). */
export async function bookersOf(db: Db, slotIds: readonly string[]): Promise<BookerRow[]> {
  if (!slotIds.length) return [];
  return rows<BookerRow>(
    db,
    sql`select b.slot_id::text as slot_id, b.id::text as booking_id, b.seeker_id::text as seeker_id,
               coalesce(nullif(p.name, ''), u.phone) as name, j.title as job_title, b.interview_id::text as msid, ${minuteText('b.created_at')} as booked_at, b.attendance
        from slot_bookings b join users u on u.id = b.seeker_id left join seeker_profiles p on p.user_id = b.seeker_id
             join interviews i on i.id = b.interview_id join jobs j on j.id = i.job_id
        where b.slot_id in (${inList(slotIds)}) and b.state = 'booked' order by b.created_at, b.id`,
  );
}

/** Records which slots an invitation offers. */
export async function insertOffers(db: Db, interviewId: string, slotIds: readonly string[]): Promise<void> {
  await db.execute(
    sql`insert into interview_slot_offers (interview_id, slot_id) values ${sql.join(
      slotIds.map((id) => sql`(${interviewId}, ${id})`),
      sql`, `,
    )} on conflict do nothing`,
  );
}

export interface OfferInvitation {
  id: string;
  seeker_id: string;
  company_id: string;
  hr_id: string | null;
  answer: number;
  job_title: string;
  company_name: string;
}

/** The seeker's invitations that offer slots and are not declined, newest first. */
export async function seekerOfferInvitations(db: Db, seekerId: string): Promise<OfferInvitation[]> {
  return rows<OfferInvitation>(
    db,
    sql`select i.id::text as id, i.seeker_id::text as seeker_id, i.company_id::text as company_id, i.hr_id::text as hr_id, i.answer::int as answer,
               j.title as job_title, c.name as company_name
        from interviews i join jobs j on j.id = i.job_id join companies c on c.id = i.company_id
        where i.seeker_id = ${seekerId} and i.offers_slots and i.answer <> 2 order by i.created_at desc, i.id desc limit 200`,
  );
}

export async function offerInvitation(db: Db, id: string): Promise<OfferInvitation | undefined> {
  return one<OfferInvitation>(
    db,
    sql`select i.id::text as id, i.seeker_id::text as seeker_id, i.company_id::text as company_id, i.hr_id::text as hr_id, i.answer::int as answer,
               j.title as job_title, c.name as company_name
        from interviews i join jobs j on j.id = i.job_id join companies c on c.id = i.company_id
        where i.id = ${id} and i.offers_slots`,
  );
}

/** The slots each invitation offers, with what is left of each. */
export async function offeredSlots(db: Db, interviewIds: readonly string[]): Promise<(SlotRow & { interview_id: string })[]> {
  if (!interviewIds.length) return [];
  return rows<SlotRow & { interview_id: string }>(
    db,
    sql`select o.interview_id::text as interview_id, ${slotColumns} from interview_slot_offers o join interview_slots s on s.id = o.slot_id
        where o.interview_id in (${inList(interviewIds)}) order by s.starts_at, s.id`,
  );
}

export interface BookingRow extends SlotRow {
  booking_id: string;
  interview_id: string;
  seeker_id: string;
  attendance: string | null;
}

const bookingColumns = sql`b.id::text as booking_id, b.interview_id::text as interview_id, b.seeker_id::text as seeker_id, b.attendance, ${slotColumns}`;

/** The live bookings of the invitations. */
export async function liveBookings(db: Db, interviewIds: readonly string[]): Promise<BookingRow[]> {
  if (!interviewIds.length) return [];
  return rows<BookingRow>(
    db,
    sql`select ${bookingColumns} from slot_bookings b join interview_slots s on s.id = b.slot_id
        where b.interview_id in (${inList(interviewIds)}) and b.state = 'booked'`,
  );
}

/** The new booking and the slot it left (null: first booking); booking null: it was in that slot already. */
export type BookResult = { ok: true; booking: BookingRow | null; from: SlotRow | null } | { ok: false; why: 'full' | 'closed' | 'locked' | 'answered' | 'taken' };

/**
 * Books `slotId` for the invitation, or moves its booking there, in one transaction. The slot's
 * `booked` goes up only while it is below capacity and the slot still takes changes (one UPDATE:
 * concurrent bookings of the last place queue on the row, and all but one find it full); the
 * column's check stops an overbooking whatever happens. Booking accepts the invitation, with the
 * slot's time and place.
 */
export async function book(db: Db, interviewId: string, seekerId: string, slotId: string): Promise<BookResult> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const inv = await one<{ answer: number }>(
      t,
      sql`select answer::int as answer from interviews where id = ${interviewId} and seeker_id = ${seekerId} for update`,
    );
    if (!inv || inv.answer === 2) return { ok: false, why: 'answered' } as const;
    const current = await one<{ id: string; slot_id: string }>(
      t,
      sql`select id::text as id, slot_id::text as slot_id from slot_bookings where interview_id = ${interviewId} and state = 'booked' for update`,
    );
    if (current?.slot_id === slotId) return { ok: true, booking: null, from: null } as const;
    let from: SlotRow | null = null;
    if (current) {
      from = (await one<SlotRow>(
        t,
        sql`update interview_slots s set booked = booked - 1
            where s.id = ${current.slot_id} and now() < s.starts_at - make_interval(mins => s.cutoff_minutes)
            returning ${slotColumns}`,
      )) ?? null;
      if (!from) return { ok: false, why: 'locked' } as const;
      await t.execute(sql`update slot_bookings set state = 'cancelled', cancelled_at = now() where id = ${current.id}`);
    }
    const taken = await one<SlotRow>(
      t,
      sql`update interview_slots s set booked = booked + 1
          where s.id = ${slotId} and s.booked < s.capacity and now() < s.starts_at - make_interval(mins => s.cutoff_minutes)
          returning ${slotColumns}`,
    );
    if (!taken) {
      const still = await one<{ open: boolean }>(
        t,
        sql`select now() < starts_at - make_interval(mins => cutoff_minutes) as open from interview_slots where id = ${slotId}`,
      );
      // nothing of this attempt stays (the old booking is kept)
      throw new SlotRefusal(still?.open ? 'full' : 'closed');
    }
    // The seeker already sits in this slot through another invitation (slot_bookings_seat).
    const b = await one<{ id: string }>(
      t,
      sql`insert into slot_bookings (slot_id, interview_id, seeker_id) values (${slotId}, ${interviewId}, ${seekerId})
          on conflict do nothing returning id::text as id`,
    );
    if (!b) throw new SlotRefusal('taken');
    await t.execute(
      sql`update interviews set answer = 1, answered_at = coalesce(answered_at, now()), at = ${new Date(taken.starts_ms).toISOString()},
                 address = ${taken.mode === 'video' ? SLOT_VIDEO_ADDRESS : taken.address}
          where id = ${interviewId}`,
    );
    return { ok: true, booking: { ...taken, booking_id: b.id, interview_id: interviewId, seeker_id: seekerId, attendance: null }, from } as const;
  }).catch((err: unknown) => {
    if (err instanceof SlotRefusal) return { ok: false, why: err.why } as const;
    throw err;
  });
}

/** Rolls the booking transaction back with the reason. */
class SlotRefusal extends Error {
  constructor(readonly why: 'full' | 'closed' | 'taken') {
    super(why);
  }
}

/**
 * Cancels the invitation's live booking while the slot still takes changes; the invitation waits
 * for an answer again. Returns the slot it was in, or why not.
 */
export async function cancelBooking(db: Db, interviewId: string, seekerId: string): Promise<{ ok: true; slot: SlotRow } | { ok: false; why: 'none' | 'locked' }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const current = await one<{ id: string; slot_id: string }>(
      t,
      sql`select id::text as id, slot_id::text as slot_id from slot_bookings
          where interview_id = ${interviewId} and seeker_id = ${seekerId} and state = 'booked' for update`,
    );
    if (!current) return { ok: false, why: 'none' } as const;
    const s = await one<SlotRow>(
      t,
      sql`update interview_slots s set booked = booked - 1
          where s.id = ${current.slot_id} and now() < s.starts_at - make_interval(mins => s.cutoff_minutes) returning ${slotColumns}`,
    );
    if (!s) return { ok: false, why: 'locked' } as const;
    await t.execute(sql`update slot_bookings set state = 'cancelled', cancelled_at = now() where id = ${current.id}`);
    await t.execute(sql`update interviews set answer = 0, answered_at = null, at = null, address = ${SLOT_OFFER_ADDRESS} where id = ${interviewId}`);
    return { ok: true, slot: s } as const;
  });
}

/**
 * Removes a slot of the enterprise: its live bookings are cancelled and their invitations wait
 * for an answer again (the seekers may book another slot). Returns the seekers whose booking
 * went, or null when the slot is not the enterprise's.
 */
export async function removeSlot(db: Db, companyId: string, slotId: string) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const s = await one<SlotRow>(t, sql`select ${slotColumns} from interview_slots s where s.id = ${slotId} and s.company_id = ${companyId} for update`);
    if (!s) return null;
    const gone = await rows<{ seeker_id: string; interview_id: string }>(
      t,
      sql`update slot_bookings set state = 'cancelled', cancelled_at = now() where slot_id = ${slotId} and state = 'booked'
          returning seeker_id::text as seeker_id, interview_id::text as interview_id`,
    );
    if (gone.length) {
      await t.execute(
        sql`update interviews set answer = 0, answered_at = null, at = null, address = ${SLOT_OFFER_ADDRESS}
            where id in (${inList(gone.map((g) => g.interview_id))}) and at > now()`,
      );
    }
    await t.execute(sql`delete from interview_slots where id = ${slotId}`);
    return { slot: s, gone };
  });
}

export interface DueReminder {
  booking_id: string;
  seeker_id: string;
  hr_id: string | null;
  lead: number;
  send: boolean;
  starts_at: string;
  starts_ms: number;
  minutes: number;
  mode: 'video' | 'onsite';
  address: string;
  job_title: string;
  company_name: string;
}

/**
 * Claims the bookings whose reminder `lead` minutes before the start is due (and the nearer one,
 * `next`, not yet): each booking's reminder is claimed by one UPDATE, once, on whichever node runs
 * it first. A booking made after that reminder's moment is claimed without sending (send false).
 */
export async function claimReminders(db: Db, lead: number, next: number): Promise<DueReminder[]> {
  return rows<DueReminder>(
    db,
    sql`update slot_bookings b set reminded = array_append(b.reminded, ${lead}::int)
        from interview_slots s, interviews i, jobs j, companies c
        where s.id = b.slot_id and i.id = b.interview_id and j.id = i.job_id and c.id = i.company_id
          and b.state = 'booked' and not (${lead}::int = any(b.reminded))
          and s.starts_at <= now() + make_interval(mins => ${lead}::int) and s.starts_at > now() + make_interval(mins => ${next}::int)
        returning b.id::text as booking_id, b.seeker_id::text as seeker_id, s.hr_id::text as hr_id, ${lead}::int as lead,
                  b.created_at <= s.starts_at - make_interval(mins => ${lead}::int) as send,
                  ${minuteText('s.starts_at')} as starts_at, (extract(epoch from s.starts_at) * 1000)::float8 as starts_ms,
                  s.minutes::int as minutes, s.mode, s.address, j.title as job_title, c.name as company_name`,
  );
}

/** Where a reminder reaches the seeker beside the page: the phone, and the résumé's e-mail. */
export async function seekerContact(db: Db, seekerId: string): Promise<{ phone: string; email: string; name: string } | undefined> {
  return one(
    db,
    sql`select u.phone, coalesce(nullif(p.email, ''), u.email, '') as email, coalesce(nullif(p.name, ''), u.phone) as name
        from users u left join seeker_profiles p on p.user_id = u.id where u.id = ${seekerId}`,
  );
}

/** What the calendar file says of a booking, and whose it is. */
export interface CalendarFacts {
  booking_id: string; seeker_id: string; company_id: string; state: string; starts_ms: number; minutes: number; mode: 'video' | 'onsite'; address: string;
  job_title: string; company_name: string; title: string; contact: string; phone: string;
}

export async function calendarFacts(db: Db, bookingId: string) {
  return one<CalendarFacts>(
    db,
    sql`select b.id::text as booking_id, b.seeker_id::text as seeker_id, i.company_id::text as company_id, b.state,
               (extract(epoch from s.starts_at) * 1000)::float8 as starts_ms, s.minutes::int as minutes, s.mode, s.address,
               j.title as job_title, c.name as company_name, i.title, i.contact, i.phone
        from slot_bookings b join interview_slots s on s.id = b.slot_id join interviews i on i.id = b.interview_id
             join jobs j on j.id = i.job_id join companies c on c.id = i.company_id
        where b.id = ${bookingId}`,
  );
}

export interface UnmarkedBooking {
  booking_id: string;
  seeker_id: string;
  company_id: string;
  starts_ms: number;
  minutes: number;
  job_title: string;
  company_name: string;
}

/** Live bookings of video slots that began at least `minutes` ago and have no attendance yet. */
export async function unmarkedVideoBookings(db: Db, minutes: number): Promise<UnmarkedBooking[]> {
  return rows<UnmarkedBooking>(
    db,
    sql`select b.id::text as booking_id, b.seeker_id::text as seeker_id, s.company_id::text as company_id,
               (extract(epoch from s.starts_at) * 1000)::float8 as starts_ms, s.minutes::int as minutes, j.title as job_title, c.name as company_name
        from slot_bookings b join interview_slots s on s.id = b.slot_id join interviews i on i.id = b.interview_id
             join jobs j on j.id = i.job_id join companies c on c.id = s.company_id
        where b.state = 'booked' and b.attendance is null and s.mode = 'video' and s.starts_at <= now() - make_interval(mins => ${minutes}::int)
        order by s.starts_at limit 500`,
  );
}

/**
 * Records whether the seeker came. Automatically (`by` null) only where nothing is recorded yet,
 * so that it never overrides the HR; the HR's mark always applies. False when nothing changed.
 */
export async function markAttendance(db: Db, bookingId: string, attendance: 'came' | 'no_show', by: string | null): Promise<boolean> {
  return !!(await one(
    db,
    sql`update slot_bookings set attendance = ${attendance}, attendance_by = ${by}, attendance_at = now()
        where id = ${bookingId} and state = 'booked' ${by ? sql`` : sql`and attendance is null`} returning id`,
  ));
}

/** The start of a live booking's slot, when the slot is the enterprise's. */
export async function companyBooking(db: Db, companyId: string, bookingId: string) {
  return one<{ starts_ms: number }>(
    db,
    sql`select (extract(epoch from s.starts_at) * 1000)::float8 as starts_ms
        from slot_bookings b join interview_slots s on s.id = b.slot_id
        where b.id = ${bookingId} and s.company_id = ${companyId} and b.state = 'booked'`,
  );
}

/** Bookings of the enterprise's slots that ended in the last `days` days: booked, came, no-show. */
export async function attendanceFigures(db: Db, companyId: string, days: number) {
  return (await one<{ booked: number; came: number; no_show: number }>(
    db,
    sql`select count(*)::int as booked, count(*) filter (where b.attendance = 'came')::int as came, count(*) filter (where b.attendance = 'no_show')::int as no_show
        from slot_bookings b join interview_slots s on s.id = b.slot_id
        where s.company_id = ${companyId} and b.state = 'booked'
          and s.starts_at + make_interval(mins => s.minutes) <= now() and s.starts_at > now() - make_interval(days => ${days}::int)`,
  ))!;
}
