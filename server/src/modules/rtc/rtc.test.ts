/**
 * The video calls of spec section 7 over HTTP: who may open, enter, see, invite, leave and end a
 * room; the mesh capacity; and the free-HR rules of sections 6 and 9 on a clock the test moves.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RTC_FREE_NOTICE, RTC_INVITED_MSG, RTC_NO_ROOM_MSG, RTC_ROOM_FULL_MSG, rtcDailyUsedMsg, type identityApi, type rtcApi } from '@zp/core/contract';
import { beijingToday } from '@zp/core/dates';
import { one, sql } from '../../db/index.js';
import type { ApiReply, ReplyBody, TestServer } from '../../../test/helpers.js';
import { codesByRole, expectedCodes, type Actor, type Actors, serverWithActors } from '../../../test/roles.js';
import { colleague, controlClock, hr, hubOf, invite, openRoom, seeker, type Person } from '../../../test/rtc.js';

let srv: TestServer;
let actors: Actors;
let clock: ReturnType<typeof controlClock>;
const MIN = 60_000;

beforeAll(async () => ({ srv, actors } = await serverWithActors()));
afterAll(() => srv?.close());
beforeEach(() => {
  clock = controlClock(srv);
});

const post = <T = ReplyBody>(path: string, token: string | null, query: Record<string, string | number | undefined> = {}) =>
  srv.call<T>(path, { method: 'POST', token, query });
const join = (token: string | null, roomId: number | string) => post('/api/sec/trtc/joinRoom', token, { channelId: roomId });
const info = (token: string | null, roomId: number | string) => srv.call<ApiReply<typeof rtcApi.roomInfo>>('/api/sec/trtc/roomInfo', { token, query: { channelId: roomId } });
const asPerson = (a: Actor) => a as Person;

/** 'YYYY-MM-DD hh:mm' Beijing time as a moment. */
const beijing = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00+08:00`);

describe('startVedio', () => {
  it('answers approved HR and job seekers, and tells a free HR the spec notice', async () => {
    const target = (a: Actor) => (a.role.startsWith('hr') ? actors.seeker.userId : actors.hrApproved.userId);
    const codes = await codesByRole(actors, (a) => post(`/api/sec/trtc/startVedio/${target(a)}`, a.token));
    expect(codes).toEqual({ anonymous: 401, seekerIncomplete: 0, seeker: 0, hrUnapproved: 403, hrApproved: 0, operator: 403 });

    const r = await post(`/api/sec/trtc/startVedio/${actors.seeker.userId}`, actors.hrApproved.token);
    expect(r.body).toEqual({ code: 0, msg: RTC_FREE_NOTICE, data: 1, type: 0, limitSeconds: 1200 });
    // A job seeker asking that HR hears the same rule.
    const asked = await post(`/api/sec/trtc/startVedio/${actors.hrApproved.userId}`, actors.seeker.token);
    expect(asked.body).toMatchObject({ data: 1, type: 0, limitSeconds: 1200 });
  });

  it('refuses partners that cannot be interviewed', async () => {
    const other = await hr(srv);
    const mate = await colleague(srv, asPerson(actors.hrApproved));
    const h = actors.hrApproved.token;
    expect((await post(`/api/sec/trtc/startVedio/${other.userId}`, h)).body.code).toBe(403);
    expect((await post(`/api/sec/trtc/startVedio/${mate.userId}`, h)).body).toMatchObject({ code: 0, data: 1 });
    expect((await post(`/api/sec/trtc/startVedio/${actors.hrApproved.userId}`, h)).body.code).toBe(400);
    expect((await post('/api/sec/trtc/startVedio/999999999', h)).body).toMatchObject({ code: 404, msg: '用户不存在' });
    expect((await post('/api/sec/trtc/startVedio/abc', h)).body.code).toBe(400);
    // seekers ask HR only, and only of an approved enterprise
    expect((await post(`/api/sec/trtc/startVedio/${actors.seekerIncomplete.userId}`, actors.seeker.token)).body.code).toBe(403);
    expect((await post(`/api/sec/trtc/startVedio/${actors.hrUnapproved.userId}`, actors.seeker.token)).body.code).toBe(403);
  });
});

describe('rooms', () => {
  it('only the HR of an approved enterprise opens one', async () => {
    const codes = await codesByRole(actors, (a) => post('/api/sec/trtc/hrOpenRoom', a.token));
    expect(codes).toEqual(expectedCodes(['hrApproved']));
    clock.set(Date.UTC(2030, 0, 10, 2, 0));
    const r = await post<ApiReply<typeof rtcApi.hrOpenRoom>>('/api/sec/trtc/hrOpenRoom', actors.hrApproved.token);
    // a free HR's 20 minutes start once an HR and a seeker are both in (clock.test.ts)
    expect(r.body).toMatchObject({ code: 0, endsAt: null, limitSeconds: 1200 });
    expect(Number.isInteger(r.body.data)).toBe(true);
    const i = await info(actors.hrApproved.token, r.body.data);
    expect(i.body.data).toMatchObject({ roomId: r.body.data, promoterId: actors.hrApproved.userId, dwid: actors.hrApproved.companyId, paid: false, ended: false, members: [], invited: [] });
  });

  it('invites only job seekers that exist; a colleague called from the chat needs no invitation', async () => {
    const mate = await colleague(srv, asPerson(actors.hrApproved));
    const h = actors.hrApproved.token;
    const withMate = await post<ApiReply<typeof rtcApi.hrOpenRoom>>('/api/sec/trtc/hrOpenRoom', h, { userId: mate.userId });
    expect(withMate.body.code).toBe(0);
    expect((await info(h, withMate.body.data)).body.data.invited).toEqual([]);
    expect((await join(mate.token, withMate.body.data)).body.code).toBe(0);
    expect((await post('/api/sec/trtc/hrOpenRoom', h, { userId: actors.hrUnapproved.userId! })).body.code).toBe(400);
    expect((await post('/api/sec/trtc/hrOpenRoom', h, { userId: '999999999' })).body.code).toBe(404);
    expect((await post('/api/sec/trtc/hrOpenRoom', h, { userId: 'x1' })).body.code).toBe(400);
    const s = await seeker(srv);
    const r = await post<ApiReply<typeof rtcApi.hrOpenRoom>>('/api/sec/trtc/hrOpenRoom', h, { userId: s.userId });
    expect(r.body).toMatchObject({ code: 0, msg: RTC_INVITED_MSG });
    expect((await info(s.token, r.body.data)).body.data.invited).toEqual([s.userId]);
  });

  it('lets in the promoter, colleagues and invited seekers, nobody else', async () => {
    const room = await openRoom(srv, asPerson(actors.hrApproved), asPerson(actors.seeker));
    const codes = await codesByRole(actors, (a) => join(a.token, room));
    // People the room is not for hear what a missing room answers (privacy.test.ts).
    expect(codes).toEqual({ anonymous: 401, seekerIncomplete: 404, seeker: 0, hrUnapproved: 403, hrApproved: 0, operator: 403 });
    expect((await join(actors.seekerIncomplete.token, room)).body.msg).toBe(RTC_NO_ROOM_MSG);
    const mate = await colleague(srv, asPerson(actors.hrApproved));
    expect((await join(mate.token, room)).body.code).toBe(0);
    const other = await hr(srv);
    expect((await join(other.token, room)).body).toMatchObject({ code: 404, msg: RTC_NO_ROOM_MSG });

    // roomInfo: the same people, and whoever was in the room
    expect(await codesByRole(actors, (a) => info(a.token, room))).toEqual(codes);
    expect((await info(other.token, room)).body.code).toBe(404);
    const seen = (await info(actors.seeker.token, room)).body.data;
    expect(seen.members.map((m: { userId: string }) => m.userId).sort()).toEqual([actors.hrApproved.userId, actors.seeker.userId, mate.userId].sort());

    for (const bad of ['abc', '0', '-1', '4294967295', '']) expect((await join(actors.hrApproved.token, bad)).body.code, bad).toBe(400);
    expect((await post('/api/sec/trtc/joinRoom', actors.hrApproved.token)).body.code).toBe(400);
    expect((await join(actors.hrApproved.token, 4294967294)).body).toMatchObject({ code: 404, msg: RTC_NO_ROOM_MSG });
  });

  it('holds six at once and says so to the seventh', async () => {
    const promoter = await hr(srv);
    const room = await openRoom(srv, promoter);
    const mate = await colleague(srv, promoter);
    const seekers: Person[] = [];
    for (let i = 0; i < 5; i++) {
      seekers.push(await seeker(srv));
      await invite(srv, i % 2 ? mate : promoter, room, seekers[i]);
    }
    for (const p of [promoter, mate, ...seekers.slice(0, 4)]) expect((await join(p.token, room)).body.code).toBe(0);
    expect((await join(seekers[4].token, room)).body).toEqual({ code: 409, msg: RTC_ROOM_FULL_MSG });
    // entering again is not a seventh person
    expect((await join(mate.token, room)).body.code).toBe(0);
    expect((await post('/api/sec/trtc/leaveRoom', seekers[0].token, { channelId: room })).body.code).toBe(0);
    expect((await join(seekers[4].token, room)).body.code).toBe(0);
  });

  it('inviting is for the promoter and colleagues, into open rooms', async () => {
    const promoter = await hr(srv);
    const mate = await colleague(srv, promoter);
    const room = await openRoom(srv, promoter);
    const s1 = await seeker(srv);
    const inv = (token: string | null, who: string | null, channelId: number | string = room) =>
      post('/api/sec/trtc/inviteRoom', token, { channelId, userId: who ?? undefined });
    const codes = await codesByRole(actors, (a) => inv(a.token, s1.userId));
    // the actors' HR is of another enterprise: the room is none of their business
    expect(codes).toEqual({ ...expectedCodes([]), hrApproved: 404 });
    expect((await inv(promoter.token, s1.userId)).body).toEqual({ code: 0, msg: RTC_INVITED_MSG });
    expect((await inv(mate.token, actors.seeker.userId!)).body.code).toBe(0);
    expect((await inv(promoter.token, mate.userId)).body.code).toBe(400);
    expect((await inv(promoter.token, '999999999')).body.code).toBe(404);
    expect((await inv(promoter.token, null)).body.code).toBe(400);
    expect((await inv(promoter.token, s1.userId, 4294967294)).body.code).toBe(404);
    await post('/api/sec/trtc/endRoom', promoter.token, { channelId: room });
    expect((await inv(promoter.token, s1.userId)).body).toMatchObject({ code: 410, msg: '房间已结束' });
  });

  it('leaving, the last one out, and ending by the promoter', async () => {
    const promoter = await hr(srv);
    const mate = await colleague(srv, promoter);
    const s1 = await seeker(srv);
    const room = await openRoom(srv, promoter, s1);
    const leave = (token: string | null, channelId: number | string = room) => post('/api/sec/trtc/leaveRoom', token, { channelId });
    await join(promoter.token, room);
    await join(s1.token, room);
    expect((await leave(actors.seeker.token)).body).toMatchObject({ code: 404, msg: RTC_NO_ROOM_MSG });
    expect((await leave(null)).body.code).toBe(401);
    expect((await leave(s1.token, 4294967294)).body.code).toBe(404);
    expect((await leave(s1.token, 'x')).body.code).toBe(400);
    expect((await leave(s1.token)).body.code).toBe(0);
    expect((await leave(s1.token)).body.code).toBe(0); // again: nothing to do
    expect((await info(promoter.token, room)).body.data.members.map((m: { userId: string }) => m.userId)).toEqual([promoter.userId]);
    expect((await leave(promoter.token)).body.code).toBe(0);
    expect((await info(promoter.token, room)).body.data.ended).toBe(true);
    expect((await join(s1.token, room)).body).toMatchObject({ code: 410, msg: '房间已结束' });

    const room2 = await openRoom(srv, promoter);
    await join(mate.token, room2);
    const end = (token: string | null) => post('/api/sec/trtc/endRoom', token, { channelId: room2 });
    expect(await codesByRole(actors, (a) => end(a.token))).toEqual({ ...expectedCodes([]), hrApproved: 404 });
    expect((await end(mate.token)).body).toMatchObject({ code: 403, msg: '只有房间发起人可以结束房间' });
    expect((await end(promoter.token)).body.code).toBe(0);
    expect((await info(mate.token, room2)).body.data).toMatchObject({ ended: true, members: [] });
    expect((await join(mate.token, room2)).body.code).toBe(410);
  });
});

describe('the free HR (spec sections 6 and 9)', () => {
  it('ends a room 20 minutes after an HR and the seeker were both in', async () => {
    const promoter = await hr(srv);
    const s1 = await seeker(srv);
    clock.set(beijing('2030-03-01 10:00'));
    const room = await openRoom(srv, promoter, s1);
    await join(promoter.token, room);
    clock.advance(19 * MIN);
    expect((await join(s1.token, room)).body.code).toBe(0);
    clock.advance(19 * MIN);
    await hubOf(srv).sweep();
    expect((await info(s1.token, room)).body.data.ended).toBe(false);
    clock.advance(MIN);
    await hubOf(srv).sweep();
    expect((await info(s1.token, room)).body.data).toMatchObject({ ended: true, members: [] });
    expect((await join(promoter.token, room)).body).toMatchObject({ code: 410, msg: '面试时间已到，房间已结束' });
    // the end is also enforced by whoever comes first, before any sweep
    const s2 = await seeker(srv);
    const room2 = await openRoom(srv, promoter, s2);
    await join(promoter.token, room2);
    await join(s2.token, room2);
    clock.advance(20 * MIN);
    expect((await join(promoter.token, room2)).body).toMatchObject({ code: 410, msg: '面试时间已到，房间已结束' });
  });

  it('interviews one job seeker once per Beijing day', async () => {
    const promoter = await hr(srv);
    const mate = await colleague(srv, promoter);
    const s1 = await seeker(srv);
    const s2 = await seeker(srv);
    const start = (who = s1) => post(`/api/sec/trtc/startVedio/${who.userId}`, promoter.token);
    // 23:50 in Beijing is still the same UTC day as 00:10 the next Beijing morning.
    clock.set(beijing('2030-03-01 23:30'));
    const roomA = await openRoom(srv, promoter, s1);
    const roomB = await openRoom(srv, promoter, s1); // invited twice before any interview: allowed
    await join(promoter.token, roomA);
    expect((await join(s1.token, roomA)).body.code).toBe(0);
    clock.advance(MIN); // a minute together makes it the day's interview
    await hubOf(srv).sweep();
    const used = rtcDailyUsedMsg('测试求职者', '23:30');
    expect((await start()).body).toEqual({ code: 0, msg: used, data: 0, type: 0, limitSeconds: 1200 });
    expect((await post(`/api/sec/trtc/startVedio/${promoter.userId}`, s1.token)).body.data).toBe(0);
    expect((await start(s2)).body.data).toBe(1);
    expect((await join(s1.token, roomB)).body).toEqual({ code: 403, msg: rtcDailyUsedMsg('张审核', '23:30') });
    expect((await post('/api/sec/trtc/hrOpenRoom', promoter.token, { userId: s1.userId })).body).toEqual({ code: 403, msg: used });
    expect((await post('/api/sec/trtc/inviteRoom', mate.token, { channelId: roomB, userId: s1.userId })).body.code).toBe(403);
    // the same interview may be re-entered
    await post('/api/sec/trtc/leaveRoom', s1.token, { channelId: roomA });
    expect((await join(s1.token, roomA)).body.code).toBe(0);

    clock.set(beijing('2030-03-01 23:59'));
    expect((await start()).body.data).toBe(0);
    clock.set(beijing('2030-03-02 00:10'));
    expect(new Date(clock.now).toISOString().slice(0, 10)).toBe('2030-03-01');
    expect((await start()).body).toMatchObject({ data: 1, type: 0 });
    const roomC = await openRoom(srv, promoter, s1);
    expect((await join(s1.token, roomC)).body.code).toBe(0);
    // the seeker alone in the room is no interview yet; with the HR for a minute it is
    clock.advance(2 * MIN);
    await hubOf(srv).sweep();
    expect((await start()).body.data).toBe(1);
    await join(promoter.token, roomC);
    clock.advance(MIN);
    await hubOf(srv).sweep();
    expect((await start()).body.data).toBe(0);
  });

  it('a paying HR has neither limit until the membership ends', async () => {
    const promoter = await hr(srv);
    const s1 = await seeker(srv);
    const op = actors.operator.token;
    const today = beijingToday();
    const set = await srv.call('/api/xs/admin/companies/vip', { token: op, body: { dwid: promoter.companyId, vip: 1, vipEnd: today } });
    expect(set.body).toMatchObject({ code: 0, data: { dwid: promoter.companyId, vip: 1, vipEnd: today } });
    const hrInfo = await srv.call<ApiReply<typeof identityApi.hrInfo>>('/api/hr/qydwhrxx/getHrInfo', { token: promoter.token });
    expect(hrInfo.body.qyDwhrxxEntity.vip).toBe(1);

    clock.set(Date.now());
    expect((await post(`/api/sec/trtc/startVedio/${s1.userId}`, promoter.token)).body).toEqual({ code: 0, msg: 'success', data: 1, type: 1, limitSeconds: 0 });
    const opened = await post<ApiReply<typeof rtcApi.hrOpenRoom>>('/api/sec/trtc/hrOpenRoom', promoter.token, { userId: s1.userId });
    expect(opened.body).toMatchObject({ endsAt: null, limitSeconds: 0 });
    const room2 = await openRoom(srv, promoter, s1);
    expect((await join(s1.token, opened.body.data)).body.code).toBe(0);
    expect((await join(s1.token, room2)).body.code).toBe(0);
    clock.advance(3 * 60 * MIN);
    await hubOf(srv).sweep();
    expect((await info(s1.token, room2)).body.data.ended).toBe(false);

    // the day after the last day of the membership, the free rules are back
    clock.set(beijing(`${today} 12:00`) + 24 * 60 * MIN);
    expect((await post(`/api/sec/trtc/startVedio/${s1.userId}`, promoter.token)).body).toMatchObject({ data: 1, type: 0, limitSeconds: 1200 });
    expect((await post('/api/sec/trtc/hrOpenRoom', promoter.token)).body.limitSeconds).toBe(1200);
  });
});

describe('roomMembersInfo', () => {
  it('gives names and enterprises of the ids that exist', async () => {
    const body = [actors.hrApproved.userId!, actors.seeker.userId!, '999999999'];
    const codes = await codesByRole(actors, (a) => srv.call('/api/sec/trtc/roomMembersInfo', { token: a.token, body }));
    expect(codes).toEqual(expectedCodes(['seekerIncomplete', 'seeker', 'hrUnapproved', 'hrApproved', 'operator']));
    const r = await srv.call('/api/sec/trtc/roomMembersInfo', { token: actors.seeker.token, body });
    expect(r.body.list).toEqual([
      { userid: actors.hrApproved.userId, username: '张审核', dwid: actors.hrApproved.companyId },
      { userid: actors.seeker.userId, username: '测试求职者', dwid: '' },
    ]);
    for (const bad of [[], ['abc'], [1], { a: 1 }, Array.from({ length: 51 }, (_, i) => String(100000 + i))]) {
      const b = await srv.call('/api/sec/trtc/roomMembersInfo', { token: actors.seeker.token, body: bad });
      expect(b.body.code, JSON.stringify(bad).slice(0, 40)).toBe(400);
    }
  });
});

describe("the operator's membership setting", () => {
  it('is for operators, checks its dates and is logged', async () => {
    const dwid = actors.hrApproved.companyId!;
    const url = '/api/xs/admin/companies/vip';
    expect(await codesByRole(actors, (a) => srv.call(url, { token: a.token, query: { dwid } }))).toEqual(expectedCodes(['operator']));
    expect(await codesByRole(actors, (a) => srv.call(url, { token: a.token, body: { dwid, vip: 0 } }))).toEqual(expectedCodes(['operator']));
    const op = actors.operator.token;
    const refusals: [object, string][] = [
      [{ dwid, vip: 1 }, '请填写会员到期日'],
      [{ dwid, vip: 1, vipEnd: '2030-02-30' }, '会员到期日(vipEnd) 不是有效的日期'],
      [{ dwid, vip: 1, vipEnd: '2001-01-01' }, '会员到期日不能早于今天'],
      [{ dwid, vip: 0, vipEnd: '2099-01-01' }, '取消会员时无需填写到期日'],
      [{ dwid: '999999999', vip: 0 }, '单位不存在'],
    ];
    for (const [body, msg] of refusals) expect((await srv.call(url, { token: op, body })).body.msg, JSON.stringify(body)).toBe(msg);
    expect((await srv.call(url, { token: op, body: { dwid, vip: 2 } })).body.code).toBe(400);
    expect((await srv.call(url, { token: op, body: { dwid, vip: 1, vipEnd: '2099/01/01' } })).body.code).toBe(400);

    expect((await srv.call(url, { token: op, body: { dwid, vip: 1, vipEnd: '2099-12-31' } })).body.data).toMatchObject({ vip: 1, vipEnd: '2099-12-31' });
    expect((await srv.call(url, { token: op, query: { dwid } })).body.data).toMatchObject({ vip: 1, vipEnd: '2099-12-31' });
    expect((await srv.call(url, { token: op, body: { dwid, vip: 0 } })).body.data).toMatchObject({ vip: 0, vipEnd: '' });
    expect((await srv.call<ApiReply<typeof identityApi.hrInfo>>('/api/hr/qydwhrxx/getHrInfo', { token: actors.hrApproved.token })).body.qyDwhrxxEntity.vip).toBe(0);
    const logged = await one<{ n: number }>(srv.app.services.db, sql`select count(*)::int as n from operator_log where action = 'company.vip' and target = ${dwid}`);
    // the matrix's own successful call (the operator withdrawing), then the two above
    expect(logged?.n).toBe(3);
  });
});

describe('how long recordings are kept', () => {
  it('is for operators, takes 1 to 3650 days, deletes what is now too old at once, and is logged', async () => {
    const url = '/api/xs/admin/rtc/recording';
    expect(await codesByRole(actors, (a) => srv.call(url, { token: a.token }))).toEqual(expectedCodes(['operator']));
    expect(await codesByRole(actors, (a) => srv.call(url, { token: a.token, body: { recordingDays: 30 } }))).toEqual(expectedCodes(['operator']));
    const op = actors.operator.token;
    expect((await srv.call(url, { token: op })).body.data).toEqual({ recordingDays: 30, kept: 0 });
    for (const recordingDays of [0, 3651, 1.5, '7', null, -1]) {
      const r = (await srv.call(url, { token: op, body: { recordingDays } })).body;
      expect([r.code, /[\u4e00-\u9fff]/.test(r.msg)], JSON.stringify(recordingDays)).toEqual([400, true]);
    }
    // Two interviews' recordings, finished 10 and 2 days ago.
    const promoter = await hr(srv);
    const room = await openRoom(srv, promoter);
    const db = srv.app.services.db;
    for (const days of [10, 2]) {
      await db.execute(sql`insert into rtc_recordings (room_id, asked_by, asked_at, state, stopped_at, seconds)
                           values (${room}, ${promoter.userId}, now() - make_interval(days => ${days}), 'ready', now() - make_interval(days => ${days}), 60)`);
    }
    expect((await srv.call(url, { token: op })).body.data).toEqual({ recordingDays: 30, kept: 2 });
    // A week: the older one goes at once, the newer stays.
    const saved = (await srv.call(url, { token: op, body: { recordingDays: 7 } })).body;
    expect(saved).toMatchObject({ code: 0, msg: '已保存：录像保存 7 天，已删除 1 个超期录像', data: { recordingDays: 7, deleted: 1 } });
    expect((await srv.call(url, { token: op })).body.data).toEqual({ recordingDays: 7, kept: 1 });
    expect((await srv.call<ApiReply<typeof rtcApi.recordings>>('/api/sec/trtc/recordings', { token: promoter.token })).body.list.map((r) => r.state)).toEqual(['ready']);
    const logged = await one<{ n: number }>(db, sql`select count(*)::int as n from operator_log where action = 'rtc.recordingDays'`);
    expect(logged?.n).toBe(2);
  });
});
