import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { queueApi, SocketMessage } from '@zp/core/contract';
import type { ApiReply, TestServer } from '../../../test/helpers.js';
import { actor, codesByRole, expectedCodes, serverWithActors, type Actor, type Actors } from '../../../test/roles.js';
import { fairWithSignup } from '../../../test/recruit.js';
import { openSocket, type TestSocket } from '../../../test/socket.js';
import { one, sql } from '../../db/index.js';
import { sweepQueues } from './sweep.js';

let srv: TestServer;
let actors: Actors;
let colleague: Actor;
let fairId: string;
const sockets: TestSocket[] = [];

type Mine = ApiReply<typeof queueApi.mine>;
type HrList = ApiReply<typeof queueApi.list>;

beforeAll(async () => {
  ({ srv, actors } = await serverWithActors());
  const c = await srv.registerHr(`137${String(Date.now()).slice(-8)}`, 'secret123', { xm: '赵同事', zw: '技术面试官' });
  await db().execute(sql`update hr_profiles set company_id = ${hr().companyId}, join_state = 2 where user_id = ${c.userId}`);
  colleague = { role: 'hrApproved', token: c.token, userId: c.userId, phone: null, companyId: hr().companyId };
  // A live online fair (started an hour ago) the enterprise signed up for.
  fairId = await fairWithSignup(srv, { companyId: hr().companyId!, hrId: hr().userId!, startsInHours: -1 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await srv?.close();
});

const db = () => srv.app.services.db;
const hr = () => actors.hrApproved;

/** Opens the person's notification socket: they are online (an HR's booth takes seekers only then). */
async function online(a: Actor): Promise<TestSocket> {
  const s = await openSocket(srv.url, a.token!);
  sockets.push(s);
  return s;
}

/** The next queue signal on a socket (reminders in between are passed over). */
async function queueSignal(s: TestSocket): Promise<Extract<SocketMessage, { type: 3 }>> {
  for (;;) {
    const m = await s.next();
    if (m.type === 3) return m;
  }
}

const join = (a: Actor, dwid = hr().companyId!, hxid = fairId) => srv.call<ApiReply<typeof queueApi.join>>('/api/qz/queue/join', { token: a.token, body: { hxid, dwid } });
const mine = async (a: Actor) => (await srv.call<Mine>('/api/qz/queue/mine', { token: a.token })).body.entry;
const hrQueue = async (a = hr()) => (await srv.call<HrList>('/api/hr/queue', { token: a.token })).body.list.find((q) => q.hxid === fairId)!;
const next = (a = hr()) => srv.call<ApiReply<typeof queueApi.next>>('/api/hr/queue/next', { token: a.token, body: { hxid: fairId } });
const booth = async () =>
  (await srv.call<ApiReply<typeof queueApi.booths>>('/api/pub/queue/booths', { body: { hxid: fairId, dwids: [hr().companyId!] } })).body.list[0];
/** Moves a called seeker's call back in time, as if the ring time had passed. */
const rang = (id: string) => db().execute(sql`update queue_entries set called_at = now() - interval '61 seconds' where id = ${id}`);

describe('booth queue', () => {
  it('takes seekers only while an HR of the enterprise is online and the line is not paused', async () => {
    const seeker = await actor(srv, 'seeker');
    expect((await booth()).closed).toBe('offline');
    const refused = await join(seeker);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toContain('HR 不在线');
    expect(await mine(seeker)).toBeNull();

    await online(hr());
    expect(await booth()).toMatchObject({ closed: '', waiting: 0 });
    const paused = await srv.call('/api/hr/queue/pause', { token: hr().token, body: { hxid: fairId, paused: true, note: '午休，13:30 继续' } });
    expect(paused.body.code).toBe(0);
    expect(await booth()).toMatchObject({ closed: 'paused', note: '午休，13:30 继续' });
    expect((await join(seeker)).body.msg).toBe('暂停排队：午休，13:30 继续');
    await srv.call('/api/hr/queue/pause', { token: hr().token, body: { hxid: fairId, paused: false } });
    expect((await booth()).closed).toBe('');
  });

  it('lines seekers up, moves them up live as others leave or are served, and lets several HR serve one line', async () => {
    const [a, b, c] = [await actor(srv, 'seeker'), await actor(srv, 'seeker'), await actor(srv, 'seeker')];
    const [, sb, sc] = [await online(a), await online(b), await online(c)];
    const hrSocket = await online(colleague);
    for (const s of [a, b, c]) expect((await join(s)).body.code).toBe(0);
    expect((await mine(a))!).toMatchObject({ state: 'waiting', position: 1, hxid: fairId, dwid: hr().companyId });
    expect((await mine(c))!.position).toBe(3);
    expect((await mine(c))!.waitMinutes).toBeGreaterThan((await mine(a))!.waitMinutes);
    expect(await booth()).toMatchObject({ waiting: 3 });

    // One line at a time per seeker: a second join is refused, here and at another booth.
    const again = await join(a);
    expect(again.body.code).toBe(409);

    // The HR sees the line: names, school, waiting since.
    const line = await hrQueue();
    expect(line.waiting.map((x) => x.seekerId)).toEqual([a.userId, b.userId, c.userId]);
    expect(line.waiting[0]).toMatchObject({ name: '测试求职者', away: false, skipped: false });

    // b leaves: c moves up, and everyone in the line (and the HR) hears it. First the joins'
    // signals: c heard its own join, the colleague all three.
    await queueSignal(sc);
    for (let i = 0; i < 3; i++) await queueSignal(hrSocket);
    expect((await srv.call('/api/qz/queue/leave', { method: 'POST', token: b.token })).body.code).toBe(0);
    expect((await queueSignal(sc)).message.topic).toBe('queue');
    expect((await queueSignal(hrSocket)).message.topic).toBe('queue');
    await expect.poll(async () => (await mine(c))!.position).toBe(2);
    expect(await mine(b)).toBeNull();

    // Two HR take the next ones: each a different seeker.
    const [first, second] = await Promise.all([next(hr()), next(colleague)]);
    expect([first.body.seeker.seekerId, second.body.seeker.seekerId].sort()).toEqual([a.userId, c.userId].sort());
    expect((await mine(a))!).toMatchObject({ state: 'called', position: 0 });
    expect((await mine(a))!.hrName).toMatch(/张审核|赵同事/);
    // Nobody waits now; an HR with a seeker called takes no other.
    expect((await next(hr())).body.code).toBe(409);
    expect((await next(await actorOfCompanyWithoutCall())).body.code).toBe(404);

    const current = (await hrQueue()).current;
    expect(current).toHaveLength(2);
    for (const x of current) expect((await srv.call('/api/hr/queue/finish', { token: hr().token, body: { id: x.id } })).body.code).toBe(0);
    expect(await mine(a)).toBeNull();
    expect((await hrQueue()).served).toBe(2);
    void sb;
  });

  it('gives a seeker who does not answer one more chance at the end, then takes them out', async () => {
    const [a, b] = [await actor(srv, 'seeker'), await actor(srv, 'seeker')];
    await online(a);
    await online(b);
    await join(a);
    await join(b);
    const called = (await next()).body.seeker;
    expect(called.seekerId).toBe(a.userId);
    // Still ringing: not yet.
    const early = await srv.call('/api/hr/queue/skip', { token: hr().token, body: { id: called.id } });
    expect(early.body.code).toBe(400);
    await rang(called.id);
    const skipped = await srv.call<ApiReply<typeof queueApi.skip>>('/api/hr/queue/skip', { token: hr().token, body: { id: called.id } });
    expect(skipped.body).toMatchObject({ code: 0, requeued: true });
    expect((await mine(a))!).toMatchObject({ state: 'waiting', position: 2, skipped: true });
    expect((await mine(b))!.position).toBe(1);

    const bCall = (await next()).body.seeker;
    expect(bCall.seekerId).toBe(b.userId);
    await srv.call('/api/hr/queue/finish', { token: hr().token, body: { id: bCall.id } });
    const again = (await next()).body.seeker;
    expect(again.seekerId).toBe(a.userId);
    await rang(again.id);
    const out = await srv.call<ApiReply<typeof queueApi.skip>>('/api/hr/queue/skip', { token: hr().token, body: { id: again.id } });
    expect(out.body).toMatchObject({ code: 0, requeued: false });
    expect(await mine(a)).toBeNull();
    const told = await one<{ title: string }>(db(), sql`select title from notifications where user_id = ${a.userId} order by id desc limit 1`);
    expect(told?.title).toBe('未接听，已移出队伍');
  });

  it('lets one HR call one seeker at a time, even pressing 下一位 twice at once', async () => {
    const [a, b] = [await actor(srv, 'seeker'), await actor(srv, 'seeker')];
    await online(a);
    await online(b);
    await join(a);
    await join(b);
    const both = await Promise.all([next(), next()]);
    expect(both.map((r) => r.body.code).sort()).toEqual([0, 409]);
    const line = await hrQueue();
    expect(line.current.filter((x) => x.hrId === hr().userId)).toHaveLength(1);
    expect(line.waiting).toHaveLength(1);
    for (const x of line.current) await srv.call('/api/hr/queue/finish', { token: hr().token, body: { id: x.id } });
    await srv.call('/api/qz/queue/leave', { method: 'POST', token: line.waiting[0]!.seekerId === a.userId ? a.token : b.token });
  });

  it('keeps the place of a seeker whose pages closed for two minutes, then lets it go', async () => {
    const a = await actor(srv, 'seeker');
    const s = await online(a);
    await join(a);
    s.close();
    await s.closed;
    // The hall page asked for the place a minute ago (the join): it is open as far as the server knows.
    await sweepQueues(srv.app.services);
    expect((await hrQueue()).waiting.find((x) => x.seekerId === a.userId)?.away).toBe(false);
    await db().execute(sql`update queue_entries set seen_at = now() - interval '60 seconds' where user_id = ${a.userId} and state = 'waiting'`);
    await expect.poll(async () => (await one<{ away: boolean }>(db(), sql`select away_since is not null as away from queue_entries where user_id = ${a.userId} and state = 'waiting'`))?.away, { timeout: 20_000 }).toBe(true);
    // Within the grace time the place stays (read here, not by asking as the page would: that is presence).
    await sweepQueues(srv.app.services);
    const state = async () => (await one<{ state: string }>(db(), sql`select state from queue_entries where user_id = ${a.userId} order by id desc limit 1`))?.state;
    expect(await state()).toBe('waiting');
    expect((await hrQueue()).waiting.find((x) => x.seekerId === a.userId)?.away).toBe(true);
    await db().execute(sql`update queue_entries set away_since = now() - interval '121 seconds' where user_id = ${a.userId} and state = 'waiting'`);
    await sweepQueues(srv.app.services);
    expect(await state()).toBe('gone');
    expect(await mine(a)).toBeNull();
    const told = await one<{ title: string }>(db(), sql`select title from notifications where user_id = ${a.userId} order by id desc limit 1`);
    expect(told?.title).toBe('已退出排队');
  });

  it('refuses booths that are not at the fair, fairs that are not live, and entries of other enterprises', async () => {
    const a = await actor(srv, 'seeker');
    await online(a);
    expect((await join(a, actors.hrUnapproved.companyId!)).body.code).toBe(404);
    const later = await fairWithSignup(srv, { companyId: hr().companyId!, hrId: hr().userId!, startsInHours: 5 });
    const notLive = await join(a, hr().companyId!, later);
    expect(notLive.body).toMatchObject({ code: 400, msg: '招聘会未在进行中，暂时无法排队' });
    await join(a);
    const called = (await next()).body.seeker;
    const stranger = await actor(srv, 'hrApproved');
    expect((await srv.call('/api/hr/queue/finish', { token: stranger.token, body: { id: called.id } })).body.code).toBe(404);
    expect((await srv.call('/api/hr/queue/next', { token: stranger.token, body: { hxid: fairId } })).body.code).toBe(404);
    await srv.call('/api/hr/queue/finish', { token: hr().token, body: { id: called.id } });
  });

  it('closes the places at a booth that is gone, so nobody is stuck in a line they cannot see', async () => {
    const a = await actor(srv, 'seeker');
    await online(a);
    const other = await fairWithSignup(srv, { companyId: hr().companyId!, hrId: hr().userId!, startsInHours: -2, name: '临时网络招聘会' });
    expect((await join(a, hr().companyId!, other)).body.code).toBe(0);
    await db().execute(sql`delete from fair_signups where fair_id = ${other} and company_id = ${hr().companyId}`);
    await sweepQueues(srv.app.services);
    expect(await mine(a)).toBeNull();
    expect((await one<{ state: string }>(db(), sql`select state from queue_entries where user_id = ${a.userId}`))?.state).toBe('closed');
  });

  it('matches the role matrix', async () => {
    for (const [path, opts, ok] of [
      ['/api/hr/queue', {}, 0],
      ['/api/hr/queue/next', { body: { hxid: '1' } }, 404],
      ['/api/hr/queue/finish', { body: { id: '1' } }, 404],
      ['/api/hr/queue/skip', { body: { id: '1' } }, 404],
      ['/api/hr/queue/pause', { body: { hxid: '1', paused: true } }, 404],
    ] as const) {
      expect(await codesByRole(actors, (a) => srv.call(path, { ...opts, token: a.token })), path).toEqual(expectedCodes(['hrApproved'], ok));
    }
    for (const [path, opts, ok] of [
      ['/api/qz/queue/mine', {}, 0],
      ['/api/qz/queue/join', { body: { hxid: '1', dwid: '1' } }, 404],
      ['/api/qz/queue/leave', { method: 'POST' }, 404],
    ] as const) {
      expect(await codesByRole(actors, (a) => srv.call(path, { ...opts, token: a.token })), path).toEqual(expectedCodes(['seeker', 'seekerIncomplete'], ok));
    }
    const all = await codesByRole(actors, (a) => srv.call('/api/pub/queue/booths', { token: a.token, body: { hxid: fairId, dwids: [hr().companyId!] } }));
    expect(new Set(Object.values(all))).toEqual(new Set([0]));
  });
});

/** An HR of the enterprise with no seeker called (the colleague took one above: a fresh colleague). */
async function actorOfCompanyWithoutCall(): Promise<Actor> {
  const c = await srv.registerHr(`136${String(Date.now()).slice(-8)}`, 'secret123', { xm: '钱同事' });
  await db().execute(sql`update hr_profiles set company_id = ${hr().companyId}, join_state = 2 where user_id = ${c.userId}`);
  return { role: 'hrApproved', token: c.token, userId: c.userId, phone: null, companyId: hr().companyId };
}
