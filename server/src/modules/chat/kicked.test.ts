/**
 * Kicked out (spec section 8): a new login beyond the allowed instances, an expired userSig;
 * a session the server no longer accepts reports ERROR. Limits come from CHAT_* settings (the
 * send rate limits: ratelimit.test.ts).
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
  oneInstance = await withEnv({ CHAT_MAX_INSTANCES: '1' }, () => startServer());
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
