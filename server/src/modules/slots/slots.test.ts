import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { SMTPServer } from 'smtp-server';
import type { slotsApi } from '@zp/core/contract';
import { beijingDateTime } from '@zp/core/dates';
import type { ApiReply, TestServer } from '../../../test/helpers.js';
import { actor, codesByRole, expectedCodes, serverWithActors, type Actor, type Actors } from '../../../test/roles.js';
import { postJob } from '../../../test/recruit.js';
import { one, sql } from '../../db/index.js';
import { createMailer } from '../notify/public.js';
import { sendSlotReminders } from './reminders.js';
import { markNoShows } from './attendance.js';

let srv: TestServer;
let actors: Actors;
let otherHr: Actor;
let gwid: string;

/** Mail the server sent, caught by a real SMTP server (the server's reminder timer mails too). */
const mails: { to: string; body: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, cb) {
    let body = '';
    stream.on('data', (c: Buffer) => (body += c.toString('utf8')));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
      cb();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  const port = (smtp.server.address() as { port: number }).port;
  ({ srv, actors } = await serverWithActors({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: '招聘平台 <no-reply@example.com>' } }));
  otherHr = await actor(srv, 'hrApproved');
  gwid = await postJob(srv, actors.hrApproved, { gwmc: '后端开发工程师' });
});
afterAll(async () => {
  await srv?.close();
  await new Promise<void>((ok) => smtp.close(() => ok()));
});

const db = () => srv.app.services.db;
const hr = () => actors.hrApproved;

/** 'YYYY-MM-DD HH:mm' Beijing time, `minutes` from now, on a whole minute. */
function beijingIn(minutes: number): string {
  const { date, time } = beijingDateTime(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000);
  return `${date} ${time}`;
}

let nextStart = 3 * 24 * 60;
/** Publishes slots that clash with no other of this suite's. */
async function publish(extra: Partial<{ count: number; capacity: number; cutoffHours: number; mode: string; address: string; jobIds: string[]; startsAt: string; minutes: number; atBooth: boolean }> = {}, who = hr()) {
  nextStart += 24 * 60;
  const r = await srv.call<ApiReply<typeof slotsApi.add>>('/api/hr/slots', {
    token: who.token,
    body: { startsAt: beijingIn(nextStart), minutes: 30, count: 1, mode: 'video', capacity: 1, jobIds: [], cutoffHours: 0, ...extra },
  });
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.ids;
}

/** A seeker who applied to the job, and HR's invitation offering `slotIds`. */
async function invited(slotIds: string[]): Promise<{ seeker: Actor; msid: string }> {
  const seeker = await actor(srv, 'seeker');
  const applied = await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: seeker.token, query: { gwid } });
  expect(applied.body.code).toBe(0);
  const inv = await srv.call<ApiReply<typeof slotsApi.invite>>('/api/hr/slots/invite', {
    token: hr().token,
    body: { hxrbsid: String(applied.body.bsid), mymc: '技术初试', lxr: '陈经理', sjhm: '13912345678', slotIds },
  });
  expect(inv.body.code, inv.body.msg).toBe(0);
  return { seeker, msid: inv.body.msid };
}

const offers = async (seeker: Actor) => (await srv.call<ApiReply<typeof slotsApi.offers>>('/api/qz/slots/offers', { token: seeker.token })).body.list;
const book = (seeker: Actor, msid: string, slotId: string) => srv.call<ApiReply<typeof slotsApi.book>>('/api/qz/slots/book', { token: seeker.token, body: { msid, slotId } });
const latest = async (userId: string) =>
  one<{ title: string; content: string }>(db(), sql`select title, content from notifications where user_id = ${userId} order by id desc limit 1`);
const invitationRow = (msid: string) =>
  one<{ answer: number; at: string; address: string }>(db(), sql`select answer::int as answer, to_char(at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as at, address from interviews where id = ${msid}`);

describe('publishing slots', () => {
  it('publishes slots back to back and refuses past, overlapping, addressless and foreign ones', async () => {
    const startsAt = beijingIn(2 * 24 * 60);
    const r = await srv.call<ApiReply<typeof slotsApi.add>>('/api/hr/slots', {
      token: hr().token,
      body: { startsAt, minutes: 20, count: 3, mode: 'onsite', address: '深圳市南山区科苑路 15 号', capacity: 2, jobIds: [gwid], cutoffHours: 2 },
    });
    expect(r.body).toMatchObject({ code: 0, msg: '已发布 3 个面试时段' });
    const list = (await srv.call<ApiReply<typeof slotsApi.list>>('/api/hr/slots', { token: hr().token, query: { limit: 100 } })).body.page.list;
    const mine = list.filter((x) => r.body.ids.includes(x.id));
    expect(mine.map((x) => x.startsMs - mine[0]!.startsMs)).toEqual([0, 20 * 60_000, 40 * 60_000]);
    expect(mine[0]).toMatchObject({ startsAt, capacity: 2, booked: 0, jobTitles: ['后端开发工程师'], cutoffHours: 2, mode: 'onsite' });

    const refused = async (body: Record<string, unknown>, who = hr()) =>
      (await srv.call('/api/hr/slots', { token: who.token, body: { startsAt, minutes: 20, count: 1, mode: 'video', capacity: 1, jobIds: [], cutoffHours: 0, ...body } })).body;
    expect(await refused({})).toMatchObject({ code: 400, msg: expect.stringContaining('重叠') });
    expect(await refused({ startsAt: beijingIn(-60) })).toEqual({ code: 400, msg: '开始时间须晚于当前时间' });
    expect(await refused({ startsAt: beijingIn(9 * 24 * 60), mode: 'onsite', address: ' ' })).toEqual({ code: 400, msg: '现场面试请填写面试地址' });
    expect(await refused({ startsAt: beijingIn(9 * 24 * 60), jobIds: [gwid] }, otherHr)).toEqual({ code: 400, msg: '只能为本单位在招的岗位发布面试时段' });
    // another HR of another enterprise never sees them
    const theirs = (await srv.call<ApiReply<typeof slotsApi.list>>('/api/hr/slots', { token: otherHr.token })).body.page.list;
    expect(theirs.some((x) => r.body.ids.includes(x.id))).toBe(false);
  });
});

describe('booking', () => {
  it('books from the invitation, moves and cancels the booking, and tells the HR each time', async () => {
    const [a, b] = [...(await publish({ count: 2 }))];
    const { seeker, msid } = await invited([a!, b!]);
    expect(await latest(seeker.userId!)).toMatchObject({ title: '面试邀请', content: expect.stringContaining('从 2 个可选时段中预约一个') });
    // plain 接受 does not fix a time
    expect((await srv.call('/api/qz/qymyxx/answer', { token: seeker.token, body: { msid, type: 1 } })).body).toEqual({ code: 400, msg: '该邀请需预约面试时段：请选择一个时段预约' });

    const [offer] = (await offers(seeker)).filter((o) => o.msid === msid);
    expect(offer!.booking).toBeNull();
    expect(offer!.slots.map((x) => x.id)).toEqual([a, b]);

    const first = await book(seeker, msid, a!);
    expect(first.body).toMatchObject({ code: 0, msg: '预约成功', booking: { slotId: a, mode: 'video' } });
    expect(await invitationRow(msid)).toEqual({ answer: 1, at: first.body.booking.startsAt, address: '视频面试（线上）' });
    expect(await latest(hr().userId!)).toMatchObject({ title: '求职者预约面试' });

    const moved = await book(seeker, msid, b!);
    expect(moved.body.booking.slotId).toBe(b);
    expect(await latest(hr().userId!)).toMatchObject({ title: '求职者改约面试' });
    const counts = await srv.call<ApiReply<typeof slotsApi.list>>('/api/hr/slots', { token: hr().token, query: { limit: 100 } });
    const byId = new Map(counts.body.page.list.map((x) => [x.id, x]));
    expect([byId.get(a!)!.booked, byId.get(b!)!.booked]).toEqual([0, 1]);
    expect(byId.get(b!)!.bookers.map((x) => x.seekerId)).toEqual([seeker.userId]);

    expect((await srv.call('/api/qz/slots/cancel', { token: seeker.token, body: { msid } })).body).toEqual({ code: 0, msg: '已取消预约' });
    expect(await invitationRow(msid)).toMatchObject({ answer: 0, at: null });
    expect(await latest(hr().userId!)).toMatchObject({ title: '求职者取消预约' });
    // another seeker cannot book on this invitation
    const stranger = await actor(srv, 'seeker');
    expect((await book(stranger, msid, a!)).body).toEqual({ code: 404, msg: '面试邀请不存在' });
  });

  it('refuses a full slot, and changes after the cut-off', async () => {
    const [full] = await publish({ capacity: 1 });
    const one1 = await invited([full!]);
    const two = await invited([full!]);
    expect((await book(one1.seeker, one1.msid, full!)).body.code).toBe(0);
    expect((await book(two.seeker, two.msid, full!)).body).toEqual({ code: 409, msg: '该时段刚刚约满，请选择其他时段' });
    // the full slot is no longer offered to the second seeker
    expect((await offers(two.seeker)).find((o) => o.msid === two.msid)!.slots).toEqual([]);

    const [soon] = await publish({ startsAt: beijingIn(90), cutoffHours: 1 });
    const three = await invited([soon!]);
    expect((await book(three.seeker, three.msid, soon!)).body.code).toBe(0);
    // the cut-off comes: no more moving or cancelling
    await db().execute(sql`update interview_slots set starts_at = now() + interval '30 minutes' where id = ${soon}`);
    expect((await srv.call('/api/qz/slots/cancel', { token: three.seeker.token, body: { msid: three.msid } })).body).toEqual({
      code: 400, msg: '已过改约截止时间，不能取消预约，请联系 HR',
    });
  });

  it('lets exactly one of 20 seekers pressing at once have the last place', async () => {
    const [last] = await publish({ capacity: 1 });
    const people = await Promise.all(Array.from({ length: 20 }, () => invited([last!])));
    const replies = await Promise.all(people.map((p) => book(p.seeker, p.msid, last!)));
    expect(replies.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.body.code === 409)).toHaveLength(19);
    const row = await one<{ booked: number; live: number }>(
      db(),
      sql`select booked::int as booked, (select count(*)::int from slot_bookings where slot_id = ${last} and state = 'booked') as live from interview_slots where id = ${last}`,
    );
    expect(row).toEqual({ booked: 1, live: 1 });
  });

  it('tells the bookers when HR withdraw a slot, and their invitation waits again', async () => {
    const [gone] = await publish({ capacity: 3 });
    const p = await invited([gone!]);
    await book(p.seeker, p.msid, gone!);
    const r = await srv.call('/api/hr/slots/remove', { token: hr().token, body: { id: gone } });
    expect(r.body).toMatchObject({ code: 0, cancelled: 1 });
    expect(await latest(p.seeker.userId!)).toMatchObject({ title: '面试时段已取消' });
    expect(await invitationRow(p.msid)).toMatchObject({ answer: 0, at: null });
    expect((await srv.call('/api/hr/slots/remove', { token: otherHr.token, body: { id: gone } })).body).toEqual({ code: 404, msg: '面试时段不存在' });
  });
});

describe('the calendar file and reminders', () => {
  it('gives an .ics in China time to the seeker and the enterprise, nobody else', async () => {
    const [s1] = await publish({ mode: 'onsite', address: '深圳市南山区科苑路 15 号 8 楼' });
    const p = await invited([s1!]);
    const booked = (await book(p.seeker, p.msid, s1!)).body.booking;
    const file = await srv.call<ApiReply<typeof slotsApi.calendar>>('/api/sec/slots/calendar', { token: p.seeker.token, query: { id: booked.id } });
    expect(file.body.filename).toMatch(/^面试预约-\d{4}-\d{2}-\d{2}-\d+\.ics$/);
    const cal = new ICAL.Component(ICAL.parse(file.body.content));
    for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
    const event = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
    expect(event.startDate.zone.tzid).toBe('Asia/Shanghai');
    expect(event.startDate.toString().slice(0, 16).replace('T', ' ')).toBe(booked.startsAt);
    expect(event.startDate.toUnixTime() * 1000).toBe(booked.startsMs);
    expect(event.endDate.toUnixTime() - event.startDate.toUnixTime()).toBe(30 * 60);
    expect(event.location).toBe('深圳市南山区科苑路 15 号 8 楼');

    expect((await srv.call('/api/sec/slots/calendar', { token: hr().token, query: { id: booked.id } })).body.code).toBe(0);
    for (const who of [otherHr, actors.seeker]) {
      expect((await srv.call('/api/sec/slots/calendar', { token: who.token, query: { id: booked.id } })).body).toEqual({ code: 404, msg: '预约不存在' });
    }
  });

  it('reminds 15 and 2 minutes before, once each, on the page, by SMS and by mail with the .ics', async () => {
    const s = srv.app.services;
    const mailer = createMailer(s);
    const [soon] = await publish();
    const p = await invited([soon!]);
    await db().execute(sql`update seeker_profiles set email = 'seeker@example.com' where user_id = ${p.seeker.userId}`);
    await book(p.seeker, p.msid, soon!);
    const mailsTo = () => mails.filter((m) => m.to === 'seeker@example.com');
    // booked long before: now the slot is 14 minutes away (the controllable clock is the slot's time)
    await db().execute(sql`update slot_bookings set created_at = now() - interval '2 days' where slot_id = ${soon}`);
    await db().execute(sql`update interview_slots set starts_at = now() + interval '14 minutes' where id = ${soon}`);
    // the server's own timer may claim it first; either way it goes out once
    await sendSlotReminders(s, mailer);
    await expect.poll(async () => (await latest(p.seeker.userId!))?.title).toBe('面试提醒：14 分钟后开始');
    expect(srv.logs.some((l) => l.includes('"smsNotice"') && l.includes(p.seeker.phone!) && l.includes('14 分钟后开始'))).toBe(true);
    expect(await latest(hr().userId!)).toMatchObject({ title: '面试提醒：14 分钟后开始' });
    await expect.poll(() => mailsTo().length).toBe(1);
    expect(mailsTo()[0]!.body).toContain('Content-Type: text/calendar');
    await sendSlotReminders(s, mailer);
    expect(mailsTo()).toHaveLength(1);
    await db().execute(sql`update interview_slots set starts_at = now() + interval '100 seconds' where id = ${soon}`);
    await sendSlotReminders(s, mailer);
    await expect.poll(async () => (await latest(p.seeker.userId!))?.title).toBe('面试提醒：2 分钟后开始');
    await expect.poll(() => mailsTo().length).toBe(2);
  });
});

describe('no-shows', () => {
  it('marks a video booking 未到场 ten minutes after the start unless the seeker was in a room; the HR corrects it and sees the figures', async () => {
    const [away, present] = await publish({ count: 2 });
    const a = await invited([away!]);
    const p = await invited([present!]);
    const bookingA = (await book(a.seeker, a.msid, away!)).body.booking;
    const bookingP = (await book(p.seeker, p.msid, present!)).body.booking;
    const before = await srv.call<ApiReply<typeof slotsApi.figures>>('/api/hr/slots/figures', { token: hr().token });
    // marking before the start is refused
    expect((await srv.call('/api/hr/slots/attendance', { token: hr().token, body: { bookingId: bookingA.id, attendance: 'came' } })).body).toEqual({ code: 400, msg: '面试开始后才能标记到场情况' });

    // both slots began 40 minutes ago (and are over); one seeker was in the enterprise's video room
    await db().execute(sql`update interview_slots set starts_at = now() - interval '40 minutes' where id in (${away}, ${present})`);
    await db().execute(sql`with r as (insert into rtc_rooms (promoter_id, company_id, paid, created_at) values (${hr().userId}, ${hr().companyId}, false, now() - interval '45 minutes') returning id)
      insert into rtc_room_members (room_id, user_id, joined_at, left_at) select id, ${p.seeker.userId}, now() - interval '42 minutes', now() - interval '15 minutes' from r`);
    // the server's timer may get there first: either way each booking is marked once
    await markNoShows(srv.app.services);
    await expect.poll(async () => (await latest(a.seeker.userId!))?.title).toBe('面试未到场');
    const attendanceOf = async (seeker: Actor, msid: string) => (await offers(seeker)).find((o) => o.msid === msid)!.booking!.attendance;
    expect([await attendanceOf(a.seeker, a.msid), await attendanceOf(p.seeker, p.msid)]).toEqual(['no_show', 'came']);
    const past = (await srv.call<ApiReply<typeof slotsApi.list>>('/api/hr/slots', { token: hr().token, query: { scope: 'past', limit: 100 } })).body.page.list;
    expect(past.find((x) => x.id === away)!.bookers[0]!.attendance).toBe('no_show');

    // the HR corrects it (the seeker had phoned in); a later round does not undo that
    expect((await srv.call('/api/hr/slots/attendance', { token: hr().token, body: { bookingId: bookingA.id, attendance: 'came' } })).body).toEqual({ code: 0, msg: '已标记为已到场' });
    await markNoShows(srv.app.services);
    expect(await attendanceOf(a.seeker, a.msid)).toBe('came');
    expect((await srv.call('/api/hr/slots/attendance', { token: otherHr.token, body: { bookingId: bookingP.id, attendance: 'no_show' } })).body).toEqual({ code: 404, msg: '预约不存在' });

    const after = (await srv.call<ApiReply<typeof slotsApi.figures>>('/api/hr/slots/figures', { token: hr().token })).body;
    expect([after.booked - before.body.booked, after.came - before.body.came, after.noShow - before.body.noShow]).toEqual([2, 2, 0]);
  });
});

describe('who may call the slot routes', () => {
  it('refuses, not fails, a second seat in one slot through two invitations of the same seeker', async () => {
    const [slot] = await publish({ capacity: 2 });
    const otherJob = await postJob(srv, hr(), { gwmc: '测试开发工程师' });
    const seeker = await actor(srv, 'seeker');
    const msids: string[] = [];
    for (const job of [gwid, otherJob]) {
      const applied = await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: seeker.token, query: { gwid: job } });
      const inv = await srv.call<ApiReply<typeof slotsApi.invite>>('/api/hr/slots/invite', {
        token: hr().token,
        body: { hxrbsid: String(applied.body.bsid), mymc: '技术初试', lxr: '陈经理', sjhm: '13912345678', slotIds: [slot!] },
      });
      msids.push(inv.body.msid);
    }
    expect((await book(seeker, msids[0]!, slot!)).body.code).toBe(0);
    expect((await book(seeker, msids[1]!, slot!)).body).toMatchObject({ code: 409, msg: '你已通过另一份面试邀请预约了该时段，请选择其他时段' });
  });

  it('books a slot opened at the booth (展位可约) for a seeker who applied, as an accepted invitation of the slot’s HR', async () => {
    const [atBooth] = await publish({ atBooth: true, capacity: 2 });
    const [inviteOnly] = await publish();
    const seeker = await actor(srv, 'seeker');
    const boothOf = async (a: Actor) =>
      (await srv.call<ApiReply<typeof slotsApi.booth>>('/api/qz/slots/booth', { token: a.token, query: { dwid: hr().companyId! } })).body;
    const bookThere = (a: Actor, slotId: string, bsid: string) =>
      srv.call<ApiReply<typeof slotsApi.bookAtBooth>>('/api/qz/slots/booth/book', { token: a.token, body: { dwid: hr().companyId!, slotId, bsid } });

    // Only booth slots show; without an application there is nothing to book for.
    let booth = await boothOf(seeker);
    expect(booth.slots.map((x) => x.id)).toContain(atBooth);
    expect(booth.slots.map((x) => x.id)).not.toContain(inviteOnly);
    expect(booth.applications).toEqual([]);
    expect((await bookThere(seeker, atBooth!, '1')).body).toMatchObject({ code: 400, msg: '请先投递该单位的在招岗位，再预约面试' });

    const applied = await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: seeker.token, query: { gwid } });
    booth = await boothOf(seeker);
    expect(booth.applications).toEqual([{ bsid: String(applied.body.bsid), gwid, gwmc: '后端开发工程师' }]);
    // a slot not opened at the booth cannot be booked there
    expect((await bookThere(seeker, inviteOnly!, String(applied.body.bsid))).body.code).toBe(409);

    const r = await bookThere(seeker, atBooth!, String(applied.body.bsid));
    expect(r.body, r.body.msg).toMatchObject({ code: 0, booking: { slotId: atBooth } });
    // It is an invitation like any other: accepted with the slot's time, in 面试邀请, the HR told.
    expect((await invitationRow(r.body.msid))!.answer).toBe(1);
    expect((await offers(seeker)).find((o) => o.msid === r.body.msid)?.booking?.slotId).toBe(atBooth);
    expect((await latest(hr().userId!))!.title).toBe('求职者预约面试');
    expect((await latest(seeker.userId!))?.title).not.toBe('面试邀请');
    // Once is enough: a second booking for the job goes through 面试邀请.
    expect((await bookThere(seeker, atBooth!, String(applied.body.bsid))).body).toMatchObject({ code: 409, msg: '你已收到该岗位的面试邀请，请在「面试邀请」中答复或预约时段' });
    const listed = (await srv.call<ApiReply<typeof slotsApi.list>>('/api/hr/slots', { token: hr().token, query: { limit: 100 } })).body.page.list.find((x) => x.id === atBooth);
    expect(listed).toMatchObject({ atBooth: true, booked: 1 });

    // The same slot for another job of the enterprise: refused before anything is made.
    const otherJob = await postJob(srv, hr(), { gwmc: '运维工程师' });
    const second = await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: seeker.token, query: { gwid: otherJob } });
    const before = await one<{ n: number }>(db(), sql`select count(*)::int as n from interviews where seeker_id = ${seeker.userId}`);
    expect((await bookThere(seeker, atBooth!, String(second.body.bsid))).body).toMatchObject({ code: 409, msg: '你已预约了该时段（另一个岗位），请选择其他时段' });
    expect((await one<{ n: number }>(db(), sql`select count(*)::int as n from interviews where seeker_id = ${seeker.userId}`))!.n).toBe(before!.n);
    expect((await one<{ state: number }>(db(), sql`select state::int as state from applications where id = ${String(second.body.bsid)}`))!.state).toBe(1);
  });

  it('matches the role matrix', async () => {
    const hrReads: [string, Parameters<TestServer['call']>[1], number][] = [
      ['/api/hr/slots', {}, 0],
      ['/api/hr/slots/open', {}, 0],
      ['/api/hr/slots/remove', { body: { id: '1' } }, 404],
      ['/api/hr/slots/figures', {}, 0],
      ['/api/hr/slots/attendance', { body: { bookingId: '1', attendance: 'came' } }, 404],
      ['/api/hr/slots/invite', { body: { mymc: '初试', lxr: '陈', sjhm: '13912345678', slotIds: ['1'] } }, 400],
    ];
    for (const [path, opts, ok] of hrReads) {
      expect(await codesByRole(actors, (a) => srv.call(path, { ...opts, token: a.token })), path).toEqual(expectedCodes(['hrApproved'], ok));
    }
    for (const [path, opts, ok] of [
      ['/api/qz/slots/offers', {}, 0],
      ['/api/qz/slots/book', { body: { msid: '1', slotId: '1' } }, 404],
      ['/api/qz/slots/cancel', { body: { msid: '1' } }, 404],
      ['/api/qz/slots/booth', { query: { dwid: '1' } }, 0],
      ['/api/qz/slots/booth/book', { body: { dwid: '1', slotId: '1', bsid: '1' } }, 409],
    ] as const) {
      expect(await codesByRole(actors, (a) => srv.call(path, { ...opts, token: a.token })), path).toEqual(expectedCodes(['seeker', 'seekerIncomplete'], ok));
    }
    expect(await codesByRole(actors, (a) => srv.call('/api/sec/slots/calendar', { token: a.token, query: { id: '1' } }))).toEqual({
      ...expectedCodes(['seeker', 'seekerIncomplete', 'hrUnapproved', 'hrApproved', 'operator'], 404),
    });
  });
});
