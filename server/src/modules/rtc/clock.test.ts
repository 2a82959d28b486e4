/**
 * A free HR's limits run by the interview's clock (spec sections 6 and 9): the 20 minutes from the
 * moment an HR and the seeker are both in the room (not from its opening, not while a call rings),
 * and the day's one interview with a seeker counted once they have been in the room together for
 * a minute; the refusal says with whom and when it took place, and when the next is possible.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rtcDailyUsedMsg, type rtcApi } from '@zp/core/contract';
import { startServer, type ApiReply, type ReplyBody, type TestServer } from '../../../test/helpers.js';
import { colleague, controlClock, hr, hubOf, openRoom, seeker, signal, type Person, type Signal } from '../../../test/rtc.js';

let srv: TestServer;
let clock: ReturnType<typeof controlClock>;
const MIN = 60_000;
const sockets: Signal[] = [];
beforeAll(async () => {
  srv = await startServer({ env: { RTC_RECONNECT_GRACE_MS: '60000' } });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await srv?.close();
});
beforeEach(() => {
  clock = controlClock(srv);
});

const beijing = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00+08:00`);
const post = <T = ReplyBody>(path: string, token: string, query: Record<string, string | number | undefined> = {}) => srv.call<T>(path, { method: 'POST', token, query });
const join = (p: Person, room: number) => post('/api/sec/trtc/joinRoom', p.token, { channelId: room });
const leave = (p: Person, room: number) => post('/api/sec/trtc/leaveRoom', p.token, { channelId: room });
const info = async (p: Person, room: number) => (await srv.call<ApiReply<typeof rtcApi.roomInfo>>('/api/sec/trtc/roomInfo', { token: p.token, query: { channelId: room } })).body.data;
const start = (by: Person, other: Person) => post(`/api/sec/trtc/startVedio/${other.userId}`, by.token);

describe("a free HR's 20 minutes", () => {
  it('run from the moment both are in, not from the opening of the room', async () => {
    const promoter = await hr(srv);
    const s1 = await seeker(srv);
    clock.set(beijing('2030-05-01 23:43'));
    const opened = await post<ApiReply<typeof rtcApi.hrOpenRoom>>('/api/sec/trtc/hrOpenRoom', promoter.token, { userId: s1.userId });
    expect(opened.body).toMatchObject({ code: 0, endsAt: null, limitSeconds: 1200 });
    const room = opened.body.data;
    clock.set(beijing('2030-05-01 23:44'));
    expect((await join(promoter, room)).body.data).toMatchObject({ endsAt: null, startedAt: null });
    clock.set(beijing('2030-05-01 23:55'));
    const both = await join(s1, room);
    const ends = beijing('2030-05-02 00:15');
    expect(both.body.data).toMatchObject({ startedAt: beijing('2030-05-01 23:55'), endsAt: ends });
    expect(await info(promoter, room)).toMatchObject({ endsAt: ends });

    clock.set(ends - 1000);
    await hubOf(srv).sweep();
    expect((await info(s1, room)).ended).toBe(false);
    clock.set(ends);
    await hubOf(srv).sweep();
    expect(await info(s1, room)).toMatchObject({ ended: true });
  });

  it('do not run while a call rings: the socket joiner who came first learns the end when the other arrives', async () => {
    const promoter = await hr(srv);
    const s1 = await seeker(srv);
    clock.set(beijing('2030-05-03 10:00'));
    const room = await openRoom(srv, promoter, s1);
    const a = await signal(srv, promoter);
    const b = await signal(srv, s1);
    sockets.push(a, b);
    expect((await a.join(room)).data!.endsAt).toBe(null);
    clock.advance(55_000); // the seeker's phone rings for 55 s
    const answered = await b.join(room);
    expect(answered.data!.endsAt).toBe(clock.now + 20 * MIN);
    // the HR, in first, is warned a minute before that end, not before the room's opening + 20 min
    clock.set(beijing('2030-05-03 10:19') + 30_000); // 30 s before the opening + 20 min
    await hubOf(srv).sweep();
    expect(a.pushes.some((p) => p.ev === 'time-warning')).toBe(false);
    clock.set(answered.data!.endsAt! - 30_000);
    await hubOf(srv).sweep();
    expect(await a.next('time-warning')).toMatchObject({ endsAt: answered.data!.endsAt, remainingSeconds: 30 });
  });
});

describe("a free HR's one interview a day with a seeker", () => {
  it('counts once both have been in the room together for a minute, and the refusal says when', async () => {
    const promoter = await hr(srv);
    const mate = await colleague(srv, promoter);
    const s1 = await seeker(srv);
    clock.set(beijing('2030-06-01 14:00'));
    // a five-second test call uses nothing up
    const test = await openRoom(srv, promoter, s1);
    await join(promoter, test);
    await join(s1, test);
    clock.advance(5000);
    await hubOf(srv).sweep();
    await leave(s1, test);
    expect((await start(promoter, s1)).body).toMatchObject({ code: 0, data: 1 });

    // the interview: both in at 14:05, a minute together
    clock.set(beijing('2030-06-01 14:05'));
    const room = await openRoom(srv, promoter, s1);
    await join(promoter, room);
    await join(s1, room);
    clock.advance(59_000);
    await hubOf(srv).sweep();
    expect((await start(promoter, s1)).body.data).toBe(1);
    clock.advance(1000);
    await hubOf(srv).sweep();
    const refusal = rtcDailyUsedMsg('测试求职者', '14:05');
    expect(refusal).toContain('明天');
    expect((await start(promoter, s1)).body).toMatchObject({ code: 0, data: 0, msg: refusal });
    expect((await post('/api/sec/trtc/hrOpenRoom', promoter.token, { userId: s1.userId })).body).toEqual({ code: 403, msg: refusal });
    // the seeker asking, and entering another room of that HR, hear the HR's name
    expect((await start(s1, promoter)).body).toMatchObject({ data: 0, msg: rtcDailyUsedMsg('张审核', '14:05') });
    expect((await join(s1, test)).body).toEqual({ code: 403, msg: rtcDailyUsedMsg('张审核', '14:05') });
    expect((await post('/api/sec/trtc/inviteRoom', mate.token, { channelId: test, userId: s1.userId })).body).toEqual({ code: 403, msg: refusal });
    // the same interview may go on and be re-entered
    await leave(s1, room);
    expect((await join(s1, room)).body.code).toBe(0);

    // the next day it is possible again
    clock.set(beijing('2030-06-02 00:01'));
    expect((await start(promoter, s1)).body).toMatchObject({ data: 1 });
  });

  it('counts a minute together even when the seeker leaves before the next sweep', async () => {
    const promoter = await hr(srv);
    const s1 = await seeker(srv);
    clock.set(beijing('2030-06-05 09:30'));
    const room = await openRoom(srv, promoter, s1);
    await join(promoter, room);
    await join(s1, room);
    clock.advance(90_000);
    await leave(s1, room);
    expect((await start(promoter, s1)).body).toMatchObject({ data: 0, msg: rtcDailyUsedMsg('测试求职者', '09:30') });
  });
});
