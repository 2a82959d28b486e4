/**
 * Kicked out (spec section 8): a new login beyond the allowed instances, an expired userSig;
 * a session the server no longer accepts reports ERROR. Limits come from CHAT_* settings (the
 * send rate limits: ratelimit.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { EVENT, TYPES } from '@zp/chat-sdk';
import { rows, sql } from '../../db/index.js';
import { startServer, type TestServer } from '../../../test/helpers.js';
import { chatUsers, RawClient, sdkClient, withEnv } from '../../../test/chat.js';

let oneInstance: TestServer;
let threeInstances: TestServer;
let shortSig: TestServer;

beforeAll(async () => {
  oneInstance = await withEnv({ CHAT_MAX_INSTANCES: '1' }, () => startServer());
  threeInstances = await withEnv({ CHAT_MAX_INSTANCES: '3' }, () => startServer());
  shortSig = await withEnv({ CHAT_USERSIG_TTL: '5', CHAT_SWEEP_MS: '200' }, () => startServer());
}, 180_000);
afterAll(async () => {
  await oneInstance?.close();
  await threeInstances?.close();
  await shortSig?.close();
});

describe('kicked out', () => {
  it('by a later login of the same user where one instance is allowed', async () => {
    const [u, peer] = await chatUsers(oneInstance, 2);
    const first = await sdkClient(oneInstance.url, u);
    const second = await sdkClient(oneInstance.url, u);
    const kicked = await first.next(EVENT.KICKED_OUT);
    expect(kicked).toEqual({ type: TYPES.KICKED_OUT_MULT_ACCOUNT });
    expect(first.chat.isReady()).toBe(false);
    expect(first.events.map((e) => e.name)).toContain(EVENT.SDK_NOT_READY);
    await first.next(EVENT.NET_STATE_CHANGE, (d) => d.state === TYPES.NET_STATE_DISCONNECTED);
    // The newer page keeps working, and the older one stays out.
    const p = await sdkClient(oneInstance.url, peer);
    const m = second.chat.createTextMessage({ to: peer.userId, conversationType: TYPES.CONV_C2C, payload: { text: '新页面' } });
    await second.chat.sendMessage(m);
    await p.next(EVENT.MESSAGE_RECEIVED, (l) => l.some((x) => x.ID === m.ID));
    await expect(first.chat.getConversationList()).rejects.toMatchObject({ code: 6014 });
    await second.chat.logout();
    await p.chat.logout();
  });

  it('holds when one user logs in on 30 sockets at once: the three newest logins stay, every other is kicked out', async () => {
    const [u] = await chatUsers(threeInstances, 1);
    const clients = Array.from({ length: 30 }, () => new RawClient(threeInstances.url));
    const instances = clients.map((_, i) => `parallel-${i}-${u.userId}`);
    // All at once: each login is under way while the others register theirs and kick.
    const answers = await Promise.all(clients.map((c, i) => c.call('auth', { userID: u.userId, userSig: u.userSig, instance: instances[i], login: true })));
    expect(answers.every((a) => a.code === 0 || a.code === -1), JSON.stringify(answers.filter((a) => a.code !== 0 && a.code !== -1))).toBe(true);
    const open = () => clients.filter((c) => c.ws.readyState === WebSocket.OPEN);
    await expect.poll(() => open().length, { timeout: 10_000 }).toBe(3);
    // The three left are the logins the server keeps, and they work; every other was told why.
    const kept = await rows<{ instance_id: string }>(threeInstances.app.services.db, sql`select instance_id from chat_instances where user_id = ${u.userId}`);
    expect(open().map((c) => instances[clients.indexOf(c)]).sort()).toEqual(kept.map((r) => r.instance_id).sort());
    for (const c of open()) expect((await c.call('convs')).code).toBe(0);
    for (const c of clients.filter((x) => !open().includes(x))) expect(c.pushes).toContainEqual({ ev: 'kicked', type: 'multipleAccount' });
    for (const c of clients) c.close();
  });

  it('a page whose login is overtaken by newer ones hears at once that it was kicked out, not a timeout', async () => {
    const [u] = await chatUsers(threeInstances, 1);
    const pages = await Promise.all(Array.from({ length: 10 }, () => sdkClient(threeInstances.url, u, { login: false })));
    const started = Date.now();
    const logins = await Promise.allSettled(pages.map((p) => p.chat.login({ userID: u.userId, userSig: u.userSig })));
    // Overtaken while logging in: refused as kicked out (6206, with the reason), well before the login timeout.
    for (const r of logins) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 6206, data: { type: TYPES.KICKED_OUT_MULT_ACCOUNT } });
    expect(Date.now() - started).toBeLessThan(8_000);
    await expect.poll(() => pages.filter((p) => p.chat.isReady()).length, { timeout: 10_000 }).toBe(3);
    for (const p of pages.filter((x) => x.chat.isReady())) await p.chat.logout();
  });

  it('when the userSig expires while connected, and a login with an expired userSig is refused', async () => {
    const [u] = await chatUsers(shortSig, 1);
    const c = await sdkClient(shortSig.url, u);
    expect(await c.next(EVENT.KICKED_OUT)).toEqual({ type: TYPES.KICKED_OUT_USERSIG_EXPIRED });
    expect(c.chat.isReady()).toBe(false);
    const again = await sdkClient(shortSig.url, u, { login: false });
    await expect(again.chat.login({ userID: u.userId, userSig: u.userSig })).rejects.toMatchObject({ code: 70001, message: 'userSig 已过期，请重新登录' });
  });

  it('reports ERROR and becomes not ready when a reconnect is refused (server secret rotated)', async () => {
    const [u] = await chatUsers(oneInstance, 1);
    const c = await sdkClient(oneInstance.url, u);
    const services = oneInstance.app.services as { secret: string };
    const secret = services.secret;
    services.secret = `${secret}-rotated`;
    try {
      c.drop();
      const err = await c.next(EVENT.ERROR);
      expect(err).toMatchObject({ code: 70003 });
      await c.next(EVENT.SDK_NOT_READY);
      expect(c.chat.isReady()).toBe(false);
    } finally {
      services.secret = secret;
    }
  });
});
