/**
 * Reliability with real server processes: the server is killed (SIGKILL) and started again in
 * the middle of a stream of sends from several clients while their sockets are dropped at
 * random; every acknowledged message must arrive exactly once, in order per conversation.
 * Then two processes on one PostgreSQL and Redis deliver to each other's sockets.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT, TYPES, type Message } from '@zp/chat-sdk';
import { dbKind, newPhone } from '../../../test/helpers.js';
import { bundleServer, demoLoginThrough, registerThrough, startProcess, userSigThrough, type ServerProcess } from './processes.js';
import WebSocket from 'ws';
import { RawClient, sdkClient, type ChatUser, type SdkClient } from '../../../test/chat.js';

const onPostgres = dbKind === 'postgres';
let bundle = '';
const cleanups: (() => Promise<void> | void)[] = [];

/** Where a fresh server keeps its data: a PGlite directory, or a PostgreSQL schema of its own. */
function storage(): Record<string, string> {
  if (onPostgres) {
    const schema = `t_chat_${crypto.randomBytes(5).toString('hex')}`;
    cleanups.push(async () => {
      const pg = await import('pg');
      const c = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    });
    return { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zp-chat-rel-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { DATA_DIR: dir };
}

async function users(server: ServerProcess, n: number): Promise<ChatUser[]> {
  const out: ChatUser[] = [];
  for (let i = 0; i < n; i++) {
    const s = await registerThrough(server, newPhone());
    out.push({ ...s, userSig: await userSigThrough(server, s.token), name: '' });
  }
  return out;
}

async function staff(server: ServerProcess, role: 'hr' | 'xs', phone: string): Promise<ChatUser> {
  const s = await demoLoginThrough(server, role, phone);
  return { ...s, userSig: await userSigThrough(server, s.token), name: '' };
}

beforeAll(async () => {
  bundle = await bundleServer();
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  fs.rmSync(bundle, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('reliability', () => {
  it('every acknowledged message arrives exactly once and in order across a kill -9 and dropped sockets', async () => {
    // The rate limits are lifted: this measures delivery, not throttling.
    const env = { ...storage(), DEMO: '1', CHAT_RATE_USER: '100000', CHAT_RATE_GROUP: '100000', REDIS_URL: '' };
    let server = await startProcess(bundle, env);
    cleanups.push(() => server.stop('SIGKILL'));
    // Two 1:1 pairs people may really have (starts.ts): a seeker and the demo HR, a seeker and the
    // demo operator. The HR's and the operator's first 1:1 sends are retried below until the seeker's is in.
    const [first, second] = await users(server, 2);
    const people: ChatUser[] = [first!, await staff(server, 'hr', '13800000002'), second!, await staff(server, 'xs', '13800000003')];
    const clients: SdkClient[] = [];
    for (const u of people) clients.push(await sdkClient(server.url, u));
    const groupID = (await clients[0].chat.createGroup({ name: '可靠性', memberList: people.slice(1).map((u) => ({ userID: u.userId })) })).data.group.groupID;

    const PER_CLIENT = 25;
    const acked: Message[] = [];
    const sentOrder = new Map<string, string[]>(); // sender + conversation → IDs in send order
    let restarted = false;

    const chaos = setInterval(() => clients[Math.floor(Math.random() * clients.length)].drop(), 400);
    const killer = (async () => {
      while (acked.length < (PER_CLIENT * clients.length) / 3) await sleep(20);
      await server.stop('SIGKILL');
      await sleep(300);
      server = await startProcess(bundle, env, server.port);
      restarted = true;
    })();

    await Promise.all(
      clients.map(async (c, i) => {
        const partner = people[i ^ 1].userId;
        for (let k = 0; k < PER_CLIENT; k++) {
          const group = k % 2 === 0;
          const m = c.chat.createTextMessage({
            to: group ? groupID : partner,
            conversationType: group ? TYPES.CONV_GROUP : TYPES.CONV_C2C,
            payload: { text: `${c.user.userId}:${k}` },
          });
          const key = `${c.user.userId}|${group ? groupID : partner}`;
          sentOrder.set(key, [...(sentOrder.get(key) ?? []), m.ID]);
          // What a person does with a failed bubble: click it to resend, until it goes.
          for (let attempt = 0; ; attempt++) {
            try {
              await c.chat.sendMessage(m);
              acked.push(m);
              break;
            } catch (err) {
              if (attempt > 20) throw err;
              await sleep(200);
            }
          }
        }
      }),
    );
    await killer;
    clearInterval(chaos);
    expect(restarted).toBe(true);
    expect(acked).toHaveLength(PER_CLIENT * clients.length);

    // Who must receive what.
    const expected = new Map<SdkClient, Set<string>>(clients.map((c) => [c, new Set()]));
    for (const m of acked) {
      for (const c of clients) {
        if (c.user.userId === m.from) continue;
        if (m.conversationType === TYPES.CONV_GROUP || m.to === c.user.userId) expected.get(c)!.add(m.ID);
      }
    }
    await expect
      .poll(() => clients.every((c) => [...expected.get(c)!].every((id) => c.received.some((r) => r.ID === id))), { timeout: 60_000, interval: 200 })
      .toBe(true);

    for (const c of clients) {
      const ids = c.received.map((r) => r.ID);
      expect(new Set(ids).size, `duplicates at ${c.user.userId}`).toBe(ids.length);
      // In sequence order per conversation, and each sender's messages in the order they were sent.
      const byConv = new Map<string, Message[]>();
      for (const r of c.received) byConv.set(r.conversationID, [...(byConv.get(r.conversationID) ?? []), r]);
      for (const [conv, list] of byConv) {
        const seqs = list.map((r) => r.sequence);
        expect(seqs, `${conv} at ${c.user.userId}`).toEqual([...seqs].sort((a, b) => a - b));
        for (const sender of new Set(list.filter((r) => r.type === TYPES.MSG_TEXT).map((r) => r.from))) {
          const to = conv.startsWith('GROUP') ? groupID : c.user.userId;
          const want = (sentOrder.get(`${sender}|${to}`) ?? []).filter((id) => expected.get(c)!.has(id));
          expect(list.filter((r) => r.from === sender && r.type === TYPES.MSG_TEXT).map((r) => r.ID)).toEqual(want);
        }
      }
    }

    // The stored history holds each group message once, in the order everyone received it.
    const history: string[] = [];
    let next: string | undefined;
    for (;;) {
      const page = await clients[1].chat.getMessageList({ conversationID: `GROUP${groupID}`, nextReqMessageID: next });
      history.unshift(...page.data.messageList.filter((x) => x.type === TYPES.MSG_TEXT).map((x) => x.ID));
      if (page.data.isCompleted) break;
      next = page.data.nextReqMessageID;
    }
    const groupAcked = acked.filter((m) => m.conversationType === TYPES.CONV_GROUP).map((m) => m.ID);
    expect(new Set(history).size).toBe(history.length);
    expect([...history].sort()).toEqual([...groupAcked].sort());
    const seenByOne = clients[1].received.filter((r) => r.conversationID === `GROUP${groupID}` && r.type === TYPES.MSG_TEXT).map((r) => r.ID);
    expect(seenByOne).toEqual(history.filter((id) => seenByOne.includes(id)));

    for (const c of clients) await c.chat.logout();
    await server.stop();
  }, 180_000);
});

const twoNodes = onPostgres && !!process.env.REDIS_URL;
describe('two nodes on one PostgreSQL and Redis', () => {
  it.skipIf(!twoNodes)(
    `deliver to each other's sockets and kick out across nodes${twoNodes ? '' : ' (skipped: runs in the postgres project with DATABASE_URL and REDIS_URL set)'}`,
    async () => {
      const env = { ...storage(), DEMO: '1', REDIS_URL: process.env.REDIS_URL!, CHAT_MAX_INSTANCES: '1' };
      const a = await startProcess(bundle, env);
      cleanups.push(() => a.stop('SIGKILL'));
      const b = await startProcess(bundle, env);
      cleanups.push(() => b.stop('SIGKILL'));
      // 1:1 pairs people may really have (starts.ts): a seeker writes to the demo HR, the demo operator to a seeker.
      const [u0, u1] = await users(a, 2);
      const [u2, u3] = [await staff(a, 'hr', '13800000002'), await staff(a, 'xs', '13800000003')];
      const [c0, c1] = [await sdkClient(a.url, u0), await sdkClient(a.url, u1)];
      const [c2, c3] = [await sdkClient(b.url, u2), await sdkClient(b.url, u3)];

      // C2C from a socket on node A to one on node B, and back.
      const m1 = c0.chat.createTextMessage({ to: u2.userId, conversationType: TYPES.CONV_C2C, payload: { text: '从A到B' } });
      await c0.chat.sendMessage(m1);
      await c2.next(EVENT.MESSAGE_RECEIVED, (l) => l.some((x) => x.ID === m1.ID));
      const m2 = c3.chat.createTextMessage({ to: u1.userId, conversationType: TYPES.CONV_C2C, payload: { text: '从B到A' } });
      await c3.chat.sendMessage(m2);
      await c1.next(EVENT.MESSAGE_RECEIVED, (l) => l.some((x) => x.ID === m2.ID));

      // A group spread over both nodes: every member gets every message once, in one order.
      const groupID = (await c0.chat.createGroup({ name: '跨节点', type: TYPES.GRP_PUBLIC, memberList: [u1, u2, u3].map((u) => ({ userID: u.userId })) })).data.group.groupID;
      const sent: string[] = [];
      await Promise.all(
        [c0, c1, c2, c3].map(async (c) => {
          for (let k = 0; k < 10; k++) {
            const m = c.chat.createTextMessage({ to: groupID, conversationType: TYPES.CONV_GROUP, payload: { text: `${k}` } });
            await c.chat.sendMessage(m);
            sent.push(m.ID);
          }
        }),
      );
      const all = [c0, c1, c2, c3];
      await expect
        .poll(() => all.every((c) => sent.filter((id) => !id.startsWith(`${c.user.userId}-`)).every((id) => c.received.some((r) => r.ID === id))), { timeout: 30_000 })
        .toBe(true);
      const orders = all.map((c) => c.received.filter((r) => r.conversationID === `GROUP${groupID}`).map((r) => r.sequence));
      for (const o of orders) {
        expect(new Set(o).size).toBe(o.length);
        expect(o).toEqual([...o].sort((x, y) => x - y));
      }

      // One instance allowed: logging in on node B kicks the page on node A.
      const again = await sdkClient(b.url, u0);
      expect(await c0.next(EVENT.KICKED_OUT)).toEqual({ type: TYPES.KICKED_OUT_MULT_ACCOUNT });
      for (const c of [c1, c2, c3, again]) await c.chat.logout();
      await a.stop();
      await b.stop();
    },
    120_000,
  );

  it.skipIf(!twoNodes)(
    `hold the instance cap when one user logs in on 30 sockets at once over both nodes${twoNodes ? '' : ' (skipped: runs in the postgres project with DATABASE_URL and REDIS_URL set)'}`,
    async () => {
      const env = { ...storage(), DEMO: '0', REDIS_URL: process.env.REDIS_URL!, CHAT_MAX_INSTANCES: '3' };
      const a = await startProcess(bundle, env);
      cleanups.push(() => a.stop('SIGKILL'));
      const b = await startProcess(bundle, env);
      cleanups.push(() => b.stop('SIGKILL'));
      const [u] = await users(a, 1);
      const clients = Array.from({ length: 30 }, (_, i) => new RawClient((i % 2 ? b : a).url));
      await Promise.all(clients.map((c, i) => c.call('auth', { userID: u.userId, userSig: u.userSig, instance: `nodes-${i}-${u.userId}`, login: true })));
      const open = () => clients.filter((c) => c.ws.readyState === WebSocket.OPEN);
      await expect.poll(() => open().length, { timeout: 15_000 }).toBe(3);
      for (const c of open()) expect((await c.call('convs')).code).toBe(0);
      for (const c of clients.filter((x) => !open().includes(x))) expect(c.pushes).toContainEqual({ ev: 'kicked', type: 'multipleAccount' });
      for (const c of clients) c.close();
      await a.stop();
      await b.stop();
    },
    120_000,
  );
});
