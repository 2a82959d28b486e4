/**
 * Send rate limits (CHAT_RATE_USER, CHAT_RATE_GROUP): the server refuses a burst beyond them;
 * the SDK paces itself by the limits the server announces, so that what a person sent while the
 * connection was away all arrives once it is back, none refused; and with Redis the limits hold
 * across nodes (a user's sends split over two nodes are counted together).
 */
import crypto from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT, TYPES } from '@zp/chat-sdk';
import { dbKind, startServer, type TestServer } from '../../../test/helpers.js';
import { SendLimits } from './ratelimit.js';
import { chatUsers, RawClient, sdkClient, type ChatUser, withEnv } from '../../../test/chat.js';

const redisUrl = process.env.REDIS_URL;
const RATE = 5; // the burst is twice the rate: 10
let srv: TestServer;
const clients: RawClient[] = [];
const later: (() => Promise<unknown>)[] = [];

async function raw(url: string, u: ChatUser): Promise<RawClient> {
  const c = new RawClient(url);
  clients.push(c);
  const r = await c.call('auth', { userID: u.userId, userSig: u.userSig, instance: `inst-${crypto.randomBytes(6).toString('hex')}`, login: true });
  expect(r.code).toBe(0);
  return c;
}
const sendOp = (from: ChatUser, conversationType: 'C2C' | 'GROUP', to: string, text: string) => ({
  ID: `${from.userId}-${crypto.randomBytes(6).toString('hex')}`, conversationType, to, type: 'TIMTextElem', payload: { text },
});

beforeAll(async () => {
  srv = await withEnv({ CHAT_RATE_USER: String(RATE), CHAT_RATE_GROUP: String(RATE) }, () => startServer());
}, 600_000);
afterAll(async () => {
  for (const c of clients) c.close();
  for (const f of later) await f().catch(() => undefined);
  await srv?.close();
});

describe('rate limits on the server', () => {
  it('refuses a burst beyond the per-user and per-group rates (10006, 10023), and lets sends through again later', async () => {
    const [a, b, c] = await chatUsers(srv, 3);
    const [ra, rb, rc] = [await raw(srv.url, a), await raw(srv.url, b), await raw(srv.url, c)];
    const c2c = await Promise.all(Array.from({ length: 30 }, (_, i) => ra.call('send', sendOp(a, 'C2C', b.userId, `${i}`))));
    const refused = c2c.filter((r) => r.code !== 0);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({ code: 10006, message: '发送消息过于频繁，请稍后再试' });
    expect(c2c.filter((r) => r.code === 0).length).toBeGreaterThanOrEqual(2 * RATE);

    const created = await rb.call('createGroup', { name: '限流', memberList: [{ userID: c.userId }] });
    const g = created.data!.group.groupID as string;
    const group = await Promise.all([rb, rc].flatMap((x, k) => Array.from({ length: 8 }, (_, i) => x.call('send', sendOp(k ? c : b, 'GROUP', g, `${i}`)))));
    expect(group.some((r) => r.code === 10023 && r.message === '群内发消息过于频繁，请稍后再试')).toBe(true);

    await expect.poll(async () => (await ra.call('send', sendOp(a, 'C2C', b.userId, '过一会儿再发'))).code, { timeout: 15_000, interval: 300 }).toBe(0);
  }, 120_000);

  it('announces its limits when a socket authenticates (the SDK paces itself by them)', async () => {
    const [u] = await chatUsers(srv, 1);
    const c = new RawClient(srv.url);
    clients.push(c);
    const r = await c.call('auth', { userID: u.userId, userSig: u.userSig, instance: 'instance-limits', login: true });
    expect(r.data!.limits).toEqual({ user: { rate: RATE, burst: 2 * RATE }, group: { rate: RATE, burst: 2 * RATE } });
  }, 60_000);
});

describe('the SDK within the limits', () => {
  it('sends a burst made while the connection was away once it is back: all arrive, once and in order, none refused', async () => {
    const [a, b, c] = await chatUsers(srv, 3);
    const [ca, cb, cc] = [await sdkClient(srv.url, a), await sdkClient(srv.url, b), await sdkClient(srv.url, c)];
    later.push(() => ca.chat.logout(), () => cb.chat.logout(), () => cc.chat.logout());
    const groupID = (await ca.chat.createGroup({ name: '重连后', memberList: [{ userID: c.userId }] })).data.group.groupID;

    // The connection drops; while the SDK reconnects the person goes on typing.
    const since = ca.events.length;
    ca.drop();
    await ca.next(EVENT.NET_STATE_CHANGE, (d) => d.state === TYPES.NET_STATE_CONNECTING, since);
    const messages = [
      ...Array.from({ length: 30 }, (_, i) => ca.chat.createTextMessage({ to: b.userId, conversationType: TYPES.CONV_C2C, payload: { text: `私聊 ${i}` } })),
      ...Array.from({ length: 15 }, (_, i) => ca.chat.createTextMessage({ to: groupID, conversationType: TYPES.CONV_GROUP, payload: { text: `群聊 ${i}` } })),
    ];
    // Several times the burst the server allows (10): unpaced, most would be refused with 10006.
    const results = await Promise.allSettled(messages.map((m) => ca.chat.sendMessage(m)));
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(refused).toEqual([]);
    expect(messages.every((m) => m.status === 'success')).toBe(true);

    const c2c = messages.slice(0, 30).map((m) => m.ID);
    const inGroup = messages.slice(30).map((m) => m.ID);
    await expect.poll(() => c2c.every((id) => cb.received.some((x) => x.ID === id)), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => inGroup.every((id) => cc.received.some((x) => x.ID === id)), { timeout: 15_000 }).toBe(true);
    expect(cb.received.filter((x) => x.from === a.userId).map((x) => x.ID)).toEqual(c2c);
    expect(cc.received.filter((x) => x.from === a.userId && x.type === TYPES.MSG_TEXT).map((x) => x.ID)).toEqual(inGroup);
  }, 120_000);
});

describe.skipIf(!redisUrl)('limits in Redis (REDIS_URL)', () => {
  it('two nodes take from one bucket per user: together they allow the burst, not twice it', async () => {
    const secret = crypto.randomBytes(16).toString('hex');
    const log = pino({ level: 'silent' });
    const nodes = [new SendLimits({ userRate: 1, groupRate: 1 }, redisUrl!, secret, log), new SendLimits({ userRate: 1, groupRate: 1 }, redisUrl!, secret, log)];
    for (const n of nodes) await n.start();
    let allowed = 0;
    for (let i = 0; i < 20; i++) if (await nodes[i % 2].takeUser('100001')) allowed++;
    // burst 5, plus at most one token refilled meanwhile
    expect(allowed).toBeGreaterThanOrEqual(5);
    expect(allowed).toBeLessThanOrEqual(6);
    // Another database on the same Redis (another secret) has buckets of its own.
    const other = new SendLimits({ userRate: 1, groupRate: 1 }, redisUrl!, `${secret}-other`, log);
    await other.start();
    expect(await other.takeUser('100001')).toBe(true);
    for (const n of [...nodes, other]) await n.stop();
  });
});

const twoNodes = dbKind === 'postgres' && !!redisUrl;
describe('two nodes on one PostgreSQL and Redis', () => {
  it.skipIf(!twoNodes)(
    `limit a user's sends split across the nodes to the configured rate overall${twoNodes ? '' : ' (skipped: runs in the postgres project with DATABASE_URL and REDIS_URL set)'}`,
    async () => {
      // One message a second, bursts of 5: little refills while the sends are answered, however slow the machine.
      const slow = { CHAT_RATE_USER: '1', CHAT_RATE_GROUP: '1' };
      const nodeA = await withEnv(slow, () => startServer());
      later.push(() => nodeA.close()); // after node B: node A drops the shared schema
      const nodeB = await withEnv(slow, () => startServer({ env: { DATABASE_SCHEMA: nodeA.app.services.config.databaseSchema! } }));
      later.unshift(() => nodeB.close());
      const [a, b] = await chatUsers(nodeA, 2);
      const [onA, onB] = [await raw(nodeA.url, a), await raw(nodeB.url, a)];
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? onB : onA).call('send', sendOp(a, 'C2C', b.userId, `${i}`))));
      const seconds = (Date.now() - started) / 1000;
      const accepted = answers.filter((r) => r.code === 0).length;
      expect(answers.filter((r) => r.code !== 0 && r.code !== 10006)).toEqual([]);
      // One bucket: the burst (5) and what refilled meanwhile. Each node counting alone would
      // allow twice that (10, and twice the refill).
      expect(accepted).toBeGreaterThanOrEqual(5);
      expect(accepted, `${accepted} accepted in ${seconds} s`).toBeLessThanOrEqual(5 + Math.ceil(seconds) + 1);
    },
    300_000,
  );
});
