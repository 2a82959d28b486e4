/**
 * The chat socket spoken directly, for what a well-behaved SDK never sends: bad signatures,
 * malformed frames, another user's message ID, oversize bodies, duplicate sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/helpers.js';
import { chatUsers, RawClient, type ChatUser } from '../../../test/chat.js';
import { selfUserSig } from './usersig.js';

let srv: TestServer;
let a: ChatUser, b: ChatUser;
const clients: RawClient[] = [];

async function login(u: ChatUser, instance = `inst-${u.userId}-${Math.random().toString(36).slice(2)}`) {
  const c = new RawClient(srv.url);
  clients.push(c);
  const r = await c.call('auth', { userID: u.userId, userSig: u.userSig, instance, login: true });
  expect(r.code).toBe(0);
  return c;
}
const text = (from: ChatUser, to: string, t: string, id = `${from.userId}-${Math.random().toString(36).slice(2, 12)}`) => ({
  ID: id, conversationType: 'C2C', to, type: 'TIMTextElem', payload: { text: t },
});

beforeAll(async () => {
  srv = await startServer();
  [a, b] = await chatUsers(srv, 2);
}, 180_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await srv?.close();
});

describe('chat socket', () => {
  it('refuses a signature that is forged, expired or for someone else', async () => {
    const secret = srv.app.services.secret;
    const cases: [string, string, number][] = [
      [a.userId, 'not-a-sig', 70003],
      [a.userId, b.userSig, 70003],
      [a.userId, selfUserSig(secret, a.userId, -10), 70001],
      [a.userId, selfUserSig('another-secret', a.userId, 600), 70003],
    ];
    for (const [userID, userSig, code] of cases) {
      const c = new RawClient(srv.url);
      const r = await c.call('auth', { userID, userSig, instance: 'instance-1', login: true });
      expect(r.code).toBe(code);
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(await c.closed()).toBe(4001);
    }
  });

  it('answers operations before login, malformed frames and bad parameters with a Chinese message', async () => {
    const anon = new RawClient(srv.url);
    clients.push(anon);
    expect((await anon.call('convs')).code).toBe(6014);
    const c = await login(a);
    expect(await c.call('no-such-op')).toMatchObject({ code: 10003 });
    const bad = await c.call('send', { ...text(a, b.userId, 'x'), type: 'TIMMagicElem' });
    expect(bad.code).toBe(10004);
    expect(bad.message).toContain('消息类型');
    const missing = await c.call('send', { conversationType: 'C2C', to: b.userId, type: 'TIMTextElem', payload: { text: 'x' } });
    expect(missing.message).toContain('缺少必填参数');
    const empty = await c.call('send', text(a, b.userId, '   '));
    expect(empty).toMatchObject({ code: 10004, message: '不能发送空消息' });
    const notMine = await c.call('send', text(a, b.userId, 'hi', `${b.userId}-abcdefgh`));
    expect(notMine.code).toBe(10004);
    await c.sendRaw('{not json');
    expect((await c.call('ping')).code).toBe(0);
  });

  it('stores a message before acknowledging it, numbers it, delivers it, and stores a resend only once', async () => {
    const ca = await login(a);
    const cb = await login(b);
    const m = text(a, b.userId, '你好');
    const first = await ca.call('send', m);
    expect(first.code).toBe(0);
    expect(first.data!.message).toMatchObject({ ID: m.ID, from: a.userId, to: b.userId, seq: expect.any(Number), payload: { text: '你好' } });
    const again = await ca.call('send', m);
    expect(again.data!.message.seq).toBe(first.data!.message.seq);
    // the refused second store took no number
    const next = await ca.call('send', text(a, b.userId, '在吗'));
    expect(next.data!.message.seq).toBe(first.data!.message.seq + 1);
    const list = await cb.call('messages', { conversationID: `C2C${a.userId}` });
    expect(list.data!.messageList.filter((x: { ID: string }) => x.ID === m.ID)).toHaveLength(1);
    await expect.poll(() => cb.pushes.filter((p) => p.ev === 'msg' && p.m.ID === m.ID).length).toBeGreaterThan(0);
  });

  it('refuses a body over 12 KB', async () => {
    const c = await login(a);
    const r = await c.call('send', { ...text(a, b.userId, '长'.repeat(4200)) });
    expect(r).toMatchObject({ code: 80002, message: '消息内容超过 12 KB，无法发送' });
  });

  it('refuses C2C messages to someone who blacklisted the sender', async () => {
    const ca = await login(a);
    const cb = await login(b);
    expect((await cb.call('block', { userIDList: [a.userId] })).data!.userIDList).toEqual([a.userId]);
    const r = await ca.call('send', text(a, b.userId, '在吗'));
    expect(r).toMatchObject({ code: 20007, message: '发送失败，您已被对方拉黑' });
    await cb.call('unblock', { userIDList: [a.userId] });
    expect((await ca.call('send', text(a, b.userId, '在吗'))).code).toBe(0);
  });
});
