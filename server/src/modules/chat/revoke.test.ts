/**
 * Chat credentials end with the account's rights (issue 10, finding 3): a logout, a password
 * change or an enterprise's rejection closes the user's chat sockets at once and refuses the
 * userSigs they held; the SDK renews its short-lived userSig through the session, and a page
 * whose own session still lives comes back by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT } from '@zp/chat-sdk';
import type { chatApi } from '@zp/core/contract';
import { dbKind, md5, newPhone, startServer, type TestServer, type ApiReply } from '../../../test/helpers.js';
import { actor } from '../../../test/roles.js';
import { chatUsers, RawClient, sdkClient, type ChatUser } from '../../../test/chat.js';

let srv: TestServer;
const clients: RawClient[] = [];
const closers: (() => Promise<void> | void)[] = [];

const instance = () => `inst-${Math.random().toString(36).slice(2, 12)}`;
async function auth(url: string, userID: string, userSig: string, login = true) {
  const c = new RawClient(url);
  clients.push(c);
  return { c, r: await c.call('auth', { userID, userSig, instance: instance(), login }) };
}
const userSigOf = async (s: TestServer, token: string) => (await s.call<ApiReply<typeof chatApi.userSig>>('/api/sec/trtc/userSig', { token })).body;
const upload = (s: TestServer, userId: string, sig: string) =>
  s.call('/api/chat/upload', { method: 'POST', query: { kind: 'file', name: 'a.txt' }, raw: 'x', headers: { 'content-type': 'application/octet-stream', 'x-chat-user': userId, 'x-chat-sig': sig } });

/** A seeker with a real password and two sessions (two browsers). */
async function seekerWithTwoSessions(s: TestServer) {
  const phone = newPhone();
  const first = await s.registerSeeker(phone, 'secret123');
  const second = await s.login('qz', phone, 'secret123');
  return { phone, userId: first.userId, tokens: [first.token, second.token] };
}

beforeAll(async () => {
  srv = await startServer();
}, 600_000);
afterAll(async () => {
  for (const c of clients) c.close();
  for (const fn of closers.reverse()) await fn();
  await srv?.close();
});

describe('revocation', () => {
  it('a logout closes the open chat socket at once and refuses the old userSig, at the socket and at upload', async () => {
    const [u] = await chatUsers(srv, 1);
    const { c, r } = await auth(srv.url, u.userId, u.userSig);
    expect(r.code).toBe(0);
    expect((await upload(srv, u.userId, u.userSig)).body.code).toBe(0);
    expect((await srv.call('/api/sec/pc/logout', { method: 'POST', token: u.token })).body.code).toBe(0);
    expect(await c.closed()).toBe(4002);
    const again = await auth(srv.url, u.userId, u.userSig);
    expect(again.r.code).toBe(70001);
    expect(await again.c.closed()).toBe(4001);
    // A reconnect with it (login: false) is told its userSig expired.
    const back = await auth(srv.url, u.userId, u.userSig, false);
    await expect.poll(() => back.c.pushes).toContainEqual({ ev: 'kicked', type: 'userSigExpired' });
    expect((await upload(srv, u.userId, u.userSig)).status).toBe(401);
  });

  it('a password change closes the socket and refuses the old userSig; the new session gets a working one', async () => {
    const s = await seekerWithTwoSessions(srv);
    const sig = (await userSigOf(srv, s.tokens[0])).userSig;
    const { c } = await auth(srv.url, s.userId, sig);
    const changed = await srv.call('/api/sec/secuser/updatePwd', { method: 'POST', token: s.tokens[1], query: { oldPwd: md5('secret123'), newPwd: md5('secret456') } });
    expect(changed.body.code).toBe(0);
    expect(await c.closed()).toBe(4002);
    expect((await auth(srv.url, s.userId, sig)).r.code).toBe(70001);
    // The old sessions are gone: no new userSig for them.
    expect((await userSigOf(srv, s.tokens[0])).code).toBe(401);
    const fresh = await srv.login('qz', s.phone, 'secret456');
    const newSig = (await userSigOf(srv, fresh.token)).userSig;
    expect((await auth(srv.url, s.userId, newSig)).r.code).toBe(0);
  });

  it('the SDK of a browser whose session lives comes back by itself after a logout elsewhere; the logged-out one ends', async () => {
    const s = await seekerWithTwoSessions(srv);
    const [peer] = await chatUsers(srv, 1);
    const browsers = [];
    for (const token of s.tokens) {
      const user: ChatUser = { userId: s.userId, token, userSig: (await userSigOf(srv, token)).userSig, name: '' };
      const b = await sdkClient(srv.url, user, { login: false });
      closers.push(() => b.chat.destroy());
      const refreshUserSig = async () => {
        const r = await userSigOf(srv, token);
        if (r.code !== 0) throw new Error(r.msg);
        return r.userSig as string;
      };
      await b.chat.login({ userID: user.userId, userSig: user.userSig, refreshUserSig } as never);
      browsers.push(b);
    }
    const [gone, stays] = browsers;
    const mark = stays.events.length;
    expect((await srv.call('/api/sec/pc/logout', { method: 'POST', token: s.tokens[0] })).body.code).toBe(0);
    expect((await gone.next(EVENT.KICKED_OUT)).type).toBe('userSigExpired');
    // The other browser reconnects with a new userSig and goes on sending.
    await stays.next(EVENT.NET_STATE_CHANGE, (d) => d.state === 'connected', mark);
    const m = stays.chat.createTextMessage({ to: peer.userId, conversationType: 'C2C', payload: { text: '还在' } });
    expect((await stays.chat.sendMessage(m)).code).toBe(0);
    expect(stays.events.some((e) => e.name === EVENT.KICKED_OUT)).toBe(false);
  });

  it("an HR whose enterprise is rejected after the userSig was issued is put out of chat and refused", async () => {
    const hr = await actor(srv, 'hrApproved');
    const operator = await actor(srv, 'operator');
    const { userSig } = await userSigOf(srv, hr.token!);
    const { c, r } = await auth(srv.url, hr.userId!, userSig);
    expect(r.code).toBe(0);
    const rejected = await srv.call('/api/xs/admin/companies/review', { token: operator.token, body: { dwid: hr.companyId, shzt: 2, shsm: '营业执照不清晰' } });
    expect(rejected.body.code).toBe(0);
    expect(await c.closed()).toBe(4003);
    expect(c.pushes).toContainEqual({ ev: 'kicked', type: 'REST_API_Kick' });
    const again = await auth(srv.url, hr.userId!, userSig);
    expect(again.r).toMatchObject({ code: 10007, message: expect.stringContaining('单位信息未审核') });
    expect((await userSigOf(srv, hr.token!)).code).not.toBe(0);
    expect((await upload(srv, hr.userId!, userSig)).status).toBe(401);
    // Approved again: the same userSig works again (it was never revoked, only the approval).
    expect((await srv.call('/api/xs/admin/companies/review', { token: operator.token, body: { dwid: hr.companyId, shzt: 1 } })).body.code).toBe(0);
    expect((await auth(srv.url, hr.userId!, userSig)).r.code).toBe(0);
  });
});

describe('short-lived userSig', () => {
  let short: TestServer;
  beforeAll(async () => {
    // Chat settings are read from the environment when the module registers.
    const saved = { ttl: process.env.CHAT_USERSIG_TTL, sweep: process.env.CHAT_SWEEP_MS };
    Object.assign(process.env, { CHAT_USERSIG_TTL: '4', CHAT_SWEEP_MS: '100' });
    try {
      short = await startServer();
    } finally {
      for (const [k, v] of [['CHAT_USERSIG_TTL', saved.ttl], ['CHAT_SWEEP_MS', saved.sweep]] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  }, 600_000);
  afterAll(() => short?.close());

  it('the SDK renews it on the open socket through the session; without renewal the socket is closed when it expires', async () => {
    const [renewing, plain, peer] = await chatUsers(short, 3);
    const a = await sdkClient(short.url, renewing, { login: false });
    closers.push(() => a.chat.destroy());
    const refreshUserSig = async () => (await userSigOf(short, renewing.token)).userSig as string;
    await a.chat.login({ userID: renewing.userId, userSig: renewing.userSig, refreshUserSig } as never);
    const b = await sdkClient(short.url, plain);
    closers.push(() => b.chat.destroy());
    // The plain client is put out once its userSig expires...
    expect((await b.next(EVENT.KICKED_OUT)).type).toBe('userSigExpired');
    // ...by then the renewing one's first userSig has expired too, and it still sends.
    const m = a.chat.createTextMessage({ to: peer.userId, conversationType: 'C2C', payload: { text: '续签' } });
    expect((await a.chat.sendMessage(m)).code).toBe(0);
    expect(a.events.some((e) => e.name === EVENT.KICKED_OUT)).toBe(false);
  });
});

describe.skipIf(dbKind !== 'postgres' || !process.env.REDIS_URL)('two nodes on PostgreSQL and Redis', () => {
  it('a logout on one node closes the chat socket held by the other, and both refuse the old userSig', async () => {
    const other = await startServer({ env: { DATABASE_SCHEMA: srv.app.services.config.databaseSchema! } });
    closers.push(() => other.close());
    const [u] = await chatUsers(srv, 1);
    const { c, r } = await auth(other.url, u.userId, u.userSig);
    expect(r.code).toBe(0);
    expect((await srv.call('/api/sec/pc/logout', { method: 'POST', token: u.token })).body.code).toBe(0);
    expect(await c.closed()).toBe(4002);
    expect((await auth(other.url, u.userId, u.userSig)).r.code).toBe(70001);
    expect((await auth(srv.url, u.userId, u.userSig)).r.code).toBe(70001);
  });

  it("an enterprise rejected on one node puts its HR out of chat on the other", async () => {
    const other = await startServer({ env: { DATABASE_SCHEMA: srv.app.services.config.databaseSchema! } });
    closers.push(() => other.close());
    const hr = await actor(srv, 'hrApproved');
    const operator = await actor(srv, 'operator');
    const { userSig } = await userSigOf(srv, hr.token!);
    const { c, r } = await auth(other.url, hr.userId!, userSig);
    expect(r.code).toBe(0);
    expect((await srv.call('/api/xs/admin/companies/review', { token: operator.token, body: { dwid: hr.companyId, shzt: 2, shsm: '资料不全' } })).body.code).toBe(0);
    expect(await c.closed()).toBe(4003);
  });
});
