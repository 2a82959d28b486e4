/**
 * Kicked out (spec section 8): a new login beyond the allowed instances, an expired userSig;
 * a session the server no longer accepts reports ERROR; and the per-user and per-group send
 * rate limits. Limits come from CHAT_* settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT, TYPES } from '@zp/chat-sdk';
import { startServer, type TestServer } from '../../../test/helpers.js';
import { chatUsers, sdkClient } from './testing.js';

let oneInstance: TestServer;
let shortSig: TestServer;

async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

beforeAll(async () => {
  oneInstance = await withEnv({ CHAT_MAX_INSTANCES: '1', CHAT_RATE_USER: '5', CHAT_RATE_GROUP: '5' }, () => startServer());
  shortSig = await withEnv({ CHAT_USERSIG_TTL: '5', CHAT_SWEEP_MS: '200' }, () => startServer());
}, 180_000);
afterAll(async () => {
  await oneInstance?.close();
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
    await p.next(EVENT.MESSAGE_RECEIVED, (l) => l.some((x: any) => x.ID === m.ID));
    await expect(first.chat.getConversationList()).rejects.toMatchObject({ code: 6014 });
    await second.chat.logout();
    await p.chat.logout();
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

describe('rate limits', () => {
  it('refuses a burst beyond the per-user and per-group rates, and lets sends through again later', async () => {
    const [a, b, c] = await chatUsers(oneInstance, 3);
    const [ca, cb, cc] = [await sdkClient(oneInstance.url, a), await sdkClient(oneInstance.url, b), await sdkClient(oneInstance.url, c)];
    const burst = (from: typeof ca, to: string, type: string, n: number) =>
      Promise.allSettled(Array.from({ length: n }, (_, i) => from.chat.sendMessage(from.chat.createTextMessage({ to, conversationType: type, payload: { text: `${i}` } }))));
    const c2c = await burst(ca, b.userId, TYPES.CONV_C2C, 30);
    const refusedC2c = c2c.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(refusedC2c.length).toBeGreaterThan(0);
    expect(refusedC2c[0]).toMatchObject({ code: 10006, message: '发送消息过于频繁，请稍后再试' });
    expect(c2c.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(10);

    const g = (await cb.chat.createGroup({ name: '限流', memberList: [{ userID: c.userId }] })).data.group.groupID;
    const [fromB, fromC] = await Promise.all([burst(cb, g, TYPES.CONV_GROUP, 8), burst(cc, g, TYPES.CONV_GROUP, 8)]);
    const refusedGroup = [...fromB, ...fromC].filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(refusedGroup.some((e) => e.code === 10023 && e.message === '群内发消息过于频繁，请稍后再试')).toBe(true);

    await new Promise((r) => setTimeout(r, 2500));
    await ca.chat.sendMessage(ca.chat.createTextMessage({ to: b.userId, conversationType: TYPES.CONV_C2C, payload: { text: '过一会儿再发' } }));
    for (const x of [ca, cb, cc]) await x.chat.logout();
  });
});
