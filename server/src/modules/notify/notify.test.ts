import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import type { identityApi, notifyApi } from '@zp/core/contract';
import { startServer, newPhone, dbKind, type ApiReply, type TestServer } from '../../../test/helpers.js';
import { codesByRole, expectedCodes, type Actors, serverWithActors } from '../../../test/roles.js';
import { openSocket, type ReminderFrame } from '../../../test/socket.js';
import { notify } from './notify.js';
import { isUserOnline, onlineUsers, mountSocket } from './socket.js';
import { startPresence } from './presence.js';
import { memoryBus } from '../../bus/index.js';
import pino from 'pino';
import WebSocket from 'ws';

let srv: TestServer;
let actors: Actors;
beforeAll(async () => ({ srv, actors } = await serverWithActors()));
afterAll(() => srv?.close());

const until = async (check: () => Promise<boolean>) => {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
};

describe('notification socket', () => {
  it("a reminder for user A reaches A's socket and not B's", async () => {
    const a = actors.seeker;
    const b = actors.hrApproved;
    const sa = await openSocket(srv.url, a.token!);
    const sb = await openSocket(srv.url, b.token!);
    await notify(srv.app.services, a.userId!, 'hxxx', '您报名的招聘会即将开始', '请准时进入会场', '/zppc/public/meetingList?venue=1');
    const got = (await sa.next()) as ReminderFrame;
    expect(got).toMatchObject({
      type: 1,
      message: { lb: 'hxxx', bt: '您报名的招聘会即将开始', nr: '请准时进入会场', tzlj: '/zppc/public/meetingList?venue=1', sfyd: 0 },
    });
    expect(got.message.xxid).toMatch(/^\d+$/);
    expect(got.message.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // B's first message is B's own reminder: A's never arrived there.
    await notify(srv.app.services, b.userId!, 'wjxx', '收到新的简历');
    expect(((await sb.next()) as ReminderFrame).message.bt).toBe('收到新的简历');
    sa.close();
    sb.close();
  });

  it('every open tab of the user gets the reminder', async () => {
    const u = actors.seekerIncomplete;
    const t1 = await openSocket(srv.url, u.token!);
    const t2 = await openSocket(srv.url, u.token!);
    await notify(srv.app.services, u.userId!, 'xtxx', '系统维护通知');
    expect(((await t1.next()) as ReminderFrame).message.bt).toBe('系统维护通知');
    expect(((await t2.next()) as ReminderFrame).message.bt).toBe('系统维护通知');
    t1.close();
    t2.close();
  });

  it('answers the keep-alive text', async () => {
    const s = await openSocket(srv.url, actors.seeker.token!);
    s.ws.send('ping');
    expect(await s.next()).toEqual({ type: 0, message: 'pong' });
    s.ws.send('{"type":"heartbeat"}');
    expect(await s.next()).toEqual({ type: 0, message: 'pong' });
    s.close();
  });

  it('logs in with the first frame, never with a token in the URL', async () => {
    await expect(openSocket(srv.url, 'x'.repeat(43))).rejects.toMatchObject({ code: 4401 });
    await expect(openSocket(srv.url, '')).rejects.toMatchObject({ code: 4401 });
    // The old query-string token is not honoured: the first frame must carry it.
    const ws = new WebSocket(`${srv.url.replace(/^http/, 'ws')}/wss/ws?token=${actors.seeker.token}`);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('open', () => ws.send('ping'));
    expect(await closed).toBe(4401);
    // The same token in the first frame works.
    const s = await openSocket(srv.url, actors.seeker.token!);
    s.ws.send('ping');
    expect(await s.next()).toEqual({ type: 0, message: 'pong' });
    s.close();
  });

  it('tracks presence: online while a socket is open, offline after the last one goes', async () => {
    const u = actors.hrUnapproved;
    expect(await isUserOnline(srv.app.services, u.userId!)).toBe(false);
    const s1 = await openSocket(srv.url, u.token!);
    const s2 = await openSocket(srv.url, u.token!);
    await until(() => isUserOnline(srv.app.services, u.userId!));
    s1.close();
    await s1.closed;
    // A second tab is still open: still online.
    s2.ws.send('ping');
    await s2.next();
    expect(await isUserOnline(srv.app.services, u.userId!)).toBe(true);
    expect([...(await onlineUsers(srv.app.services, [u.userId!, actors.operator.userId!]))]).toEqual([u.userId]);
    // The client vanishes without a closing handshake.
    s2.ws.terminate();
    await until(async () => !(await isUserOnline(srv.app.services, u.userId!)));
    // The server goes on serving others.
    const other = await openSocket(srv.url, actors.operator.token!);
    await notify(srv.app.services, u.userId!, 'xtxx', '无人接收也不报错');
    await notify(srv.app.services, actors.operator.userId!, 'xtxx', '仍然送达');
    expect(((await other.next()) as ReminderFrame).message.bt).toBe('仍然送达');
    other.close();
  });
});

describe('across nodes (one database, one bus)', () => {
  it("a reminder stored on node 1 reaches the user's socket held by node 2, and node 1 sees them online", async () => {
    // Node 2: another Fastify process image sharing node 1's database and bus.
    const s1 = srv.app.services;
    const s2 = { ...s1, onClose: (fn: () => Promise<void> | void) => closers.push(fn) };
    const closers: (() => Promise<void> | void)[] = [];
    const app2 = Fastify();
    await app2.register(websocket);
    await mountSocket(app2, s2);
    const url2 = await app2.listen({ port: 0, host: '127.0.0.1' });
    try {
      const u = actors.seeker;
      const sock = await openSocket(url2, u.token!);
      await until(() => isUserOnline(s1, u.userId!));
      await notify(s1, u.userId!, 'wjxx', '面试邀请');
      expect(((await sock.next()) as ReminderFrame).message.bt).toBe('面试邀请');
      sock.close();
      await until(async () => !(await isUserOnline(s1, u.userId!)));
    } finally {
      await app2.close();
      for (const fn of closers) await fn();
    }
  });

  it.skipIf(dbKind !== 'postgres' || !process.env.REDIS_URL)('two server processes on PostgreSQL and Redis: a reminder from one reaches a socket on the other', async () => {
    const other = await startServer({ env: { DATABASE_SCHEMA: srv.app.services.config.databaseSchema! } });
    try {
      const u = actors.seekerIncomplete;
      const sock = await openSocket(other.url, u.token!);
      await until(() => isUserOnline(srv.app.services, u.userId!));
      await notify(srv.app.services, u.userId!, 'hxxx', '跨节点送达');
      expect(((await sock.next()) as ReminderFrame).message.bt).toBe('跨节点送达');
      sock.close();
    } finally {
      await other.close();
    }
  });

  it('a node that starts later learns who is online elsewhere', async () => {
    const bus = memoryBus();
    const log = pino({ level: 'silent' });
    const early = await startPresence(bus, log);
    early.add('900001');
    const late = await startPresence(bus, log);
    await until(async () => late.isOnline('900001'));
    early.remove('900001');
    await until(async () => !late.isOnline('900001'));
    await early.close();
    await late.close();
    await bus.close();
  });
});

describe('presence without a socket (the previous client has none that authenticates)', () => {
  it('a verified call marks its user present for a while, on every node, then they fall away', async () => {
    const bus = memoryBus();
    const log = pino({ level: 'silent' });
    const a = await startPresence(bus, log, { leaseMs: 300 });
    const b = await startPresence(bus, log, { leaseMs: 300 });
    a.touch('900101');
    expect(a.isOnline('900101')).toBe(true);
    await until(async () => b.isOnline('900101'));
    // a node that starts later hears of it too
    const late = await startPresence(bus, log, { leaseMs: 300 });
    await until(async () => late.isOnline('900101'));
    // no further call: offline everywhere once the lease runs out
    await until(async () => !a.isOnline('900101') && !b.isOnline('900101') && !late.isOnline('900101'));
    // a user whose socket closes is offline at once, whatever presence calls their page made
    const long = await startPresence(bus, log, { leaseMs: 60_000 });
    long.add('900102');
    long.touch('900102');
    await until(async () => a.isOnline('900102'));
    long.remove('900102');
    await until(async () => !a.isOnline('900102') && !long.isOnline('900102'));
    await long.close();
    for (const p of [a, b, late]) await p.close();
    await bus.close();
  });
});

describe('reminder lists and mark-read', () => {
  it('lists by the client\'s categories (xx_001…xx_005), newest first, and marks only the caller’s own reminders read', async () => {
    const { token, userId } = await srv.registerSeeker(newPhone());
    const s = srv.app.services;
    const ids: string[] = [];
    ids.push(await notify(s, userId, 'wjxx', '投递被查看'));
    ids.push(await notify(s, userId, 'wjxx', '面试邀请', '', '', 'xx_003'));
    ids.push(await notify(s, userId, 'hxxx', '招聘会开始'));
    const foreign = await notify(s, actors.seeker.userId!, 'wjxx', '别人的消息');

    // recruitment: applications and fairs; interviews apart
    const wj = await srv.call<ApiReply<typeof notifyApi.seekerList>>('/api/qz/qzxxtx/list/xx_002/1/10', { method: 'POST', token });
    expect(wj.body.code).toBe(0);
    expect(wj.body.page.list.map((x) => [x.bt, x.lb, x.xxlb])).toEqual([['招聘会开始', 'hxxx', 'xx_002'], ['投递被查看', 'wjxx', 'xx_002']]);
    expect(wj.body.page.totalCount).toBe(2);
    const ms = await srv.call<ApiReply<typeof notifyApi.seekerList>>('/api/qz/qzxxtx/list/xx_003/1/10', { method: 'POST', token });
    expect(ms.body.page.list.map((x) => x.bt)).toEqual(['面试邀请']);
    expect((await srv.call('/api/qz/qzxxtx/list/xx_005/1/10', { method: 'POST', token })).body.page).toMatchObject({ list: [], totalCount: 0 });
    const all = await srv.call('/api/qz/qzxxtx/list/all/1/2', { token });
    expect(all.body.page).toMatchObject({ totalCount: 3, totalPage: 2, currPage: 1, pageSize: 2 });

    const before = await srv.call('/api/qz/qzxxtx/baseInfo', { token });
    expect(before.body.qzXxtx).toEqual({ wjxx: { count: 2 }, hxxx: { count: 1 }, xtxx: { count: 0 } });

    const marked = await srv.call('/api/qz/qzxxtx/markReadBatch', { token, body: [ids[0], foreign] });
    expect(marked.body).toMatchObject({ code: 0, count: 1 });
    const after = await srv.call<ApiReply<typeof identityApi.seekerReminders>>('/api/qz/qzxxtx/baseInfo', { token });
    expect(after.body.qzXxtx.wjxx.count).toBe(1);
    // The other user's reminder is untouched.
    const theirs = await srv.call<ApiReply<typeof notifyApi.seekerList>>('/api/qz/qzxxtx/list/xx_002/1/50', { token: actors.seeker.token });
    expect(theirs.body.page.list.find((x) => x.xxid === foreign)!.sfyd).toBe(0);

    const readRow = (await srv.call<ApiReply<typeof notifyApi.seekerList>>('/api/qz/qzxxtx/list/xx_002/1/10', { token })).body.page.list.find((x) => x.xxid === ids[0]);
    expect(readRow!.sfyd).toBe(1);

    const allRead = await srv.call('/api/qz/qzxxtx/markReadAll/all', { method: 'POST', token });
    expect(allRead.body.count).toBe(2);
    expect((await srv.call('/api/qz/qzxxtx/baseInfo', { token })).body.qzXxtx).toEqual({ wjxx: { count: 0 }, hxxx: { count: 0 }, xtxx: { count: 0 } });
  });

  it('HR has the same under /api/hr/qyxxtx', async () => {
    const hr = actors.hrApproved;
    const id = await notify(srv.app.services, hr.userId!, 'xtxx', '单位审核通过');
    const list = await srv.call<ApiReply<typeof notifyApi.hrList>>('/api/hr/qyxxtx/list/xx_001/1/10', { method: 'POST', token: hr.token });
    expect(list.body.page.list[0]).toMatchObject({ xxid: id, bt: '单位审核通过', lb: 'xtxx', sfyd: 0 });
    expect((await srv.call('/api/hr/qyxxtx/markReadBatch', { token: hr.token, body: [id] })).body.count).toBe(1);
    expect((await srv.call<ApiReply<typeof identityApi.hrReminders>>('/api/hr/qyxxtx/baseInfo', { token: hr.token })).body.hrXxtx.xtxx.count).toBe(0);
  });

  it('answers bad input with a Chinese message and changes nothing', async () => {
    const t = actors.seeker.token;
    for (const [path, opts] of [
      ['/api/qz/qzxxtx/list/other/1/10', { method: 'POST' }],
      ['/api/qz/qzxxtx/list/wjxx/1/10', { method: 'POST' }],
      ['/api/qz/qzxxtx/list/xx_001/0/10', { method: 'POST' }],
      ['/api/qz/qzxxtx/list/xx_001/1/1000', { method: 'POST' }],
      ['/api/qz/qzxxtx/markReadBatch', { body: [] }],
      ['/api/qz/qzxxtx/markReadBatch', { body: ['abc'] }],
      ['/api/qz/qzxxtx/markReadBatch', { body: { xxid: '1' } }],
      ['/api/qz/qzxxtx/markReadBatch', { raw: '[1,' }],
    ] as const) {
      const r = await srv.call(path, { ...opts, token: t });
      expect(r.body.code, path).toBe(400);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('role × endpoint', async () => {
    const post = (path: string, body?: unknown) => (a: { token: string | null }) => srv.call(path, { method: 'POST', token: a.token, body });
    expect(await codesByRole(actors, post('/api/qz/qzxxtx/list/all/1/10'))).toEqual(expectedCodes(['seeker', 'seekerIncomplete']));
    expect(await codesByRole(actors, post('/api/qz/qzxxtx/markReadBatch', ['1']))).toEqual(expectedCodes(['seeker', 'seekerIncomplete']));
    expect(await codesByRole(actors, post('/api/qz/qzxxtx/markReadAll/xx_002'))).toEqual(expectedCodes(['seeker', 'seekerIncomplete']));
    expect(await codesByRole(actors, post('/api/hr/qyxxtx/list/all/1/10'))).toEqual(expectedCodes(['hrApproved', 'hrUnapproved']));
    expect(await codesByRole(actors, post('/api/hr/qyxxtx/markReadBatch', ['1']))).toEqual(expectedCodes(['hrApproved', 'hrUnapproved']));
    expect(await codesByRole(actors, post('/api/hr/qyxxtx/markReadAll/all'))).toEqual(expectedCodes(['hrApproved', 'hrUnapproved']));
  });
});
