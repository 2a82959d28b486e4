/**
 * The send path reads profiles, blacklists and groups from memory (cache.ts). What a user would
 * notice if an entry outlived its change: a blacklisted sender still getting through, a muted or
 * kicked member still talking or still reading, an old nickname. Each case warms the cache with a
 * send first, changes the fact, and expects the very next send to see the change — on one node,
 * and across two nodes through Redis when DATABASE_URL and REDIS_URL are set.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, newPhone, startServer, type TestServer } from '../../../test/helpers.js';
import { TtlCache } from './cache.js';
import { bundleServer, registerThrough, startProcess, userSigThrough, type ServerProcess } from './processes.js';
import { chatUsers, RawClient, type ChatUser, type MessagePush } from '../../../test/chat.js';

const clients: RawClient[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function login(url: string, u: ChatUser) {
  const c = new RawClient(url);
  clients.push(c);
  const r = await c.call('auth', { userID: u.userId, userSig: u.userSig, instance: `i-${crypto.randomBytes(4).toString('hex')}`, login: true });
  expect(r.code).toBe(0);
  return c;
}
const newId = (from: ChatUser) => `${from.userId}-${crypto.randomBytes(5).toString('hex')}`;
const c2c = (from: ChatUser, to: ChatUser, text: string) => ({ ID: newId(from), conversationType: 'C2C', to: to.userId, type: 'TIMTextElem', payload: { text } });
const inGroup = (from: ChatUser, groupID: string, text: string) => ({ ID: newId(from), conversationType: 'GROUP', to: groupID, type: 'TIMTextElem', payload: { text } });
const texts = (c: RawClient, conversationType: string) =>
  c.pushes.filter((p): p is MessagePush => p.ev === 'msg' && p.m.conversationType === conversationType && p.m.type === 'TIMTextElem').map((p) => p.m.payload.text as string);

describe('TtlCache', () => {
  it('shares one load, expires after its TTL, forgets failures and keeps to its size', async () => {
    let now = 0;
    const cache = new TtlCache<number>(1000, 2, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    now = 999;
    expect(await cache.get('a', load)).toBe(1);
    now = 1000;
    expect(await cache.get('a', load)).toBe(2);
    cache.delete('a');
    expect(await cache.get('a', load)).toBe(3);
    await expect(cache.get('b', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await sleep(0);
    expect(await cache.get('b', load)).toBe(4);
    await cache.get('c', load);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', load)).toBe(6); // the oldest entry made room for c
  });

  it('a load that an invalidation overtook is not served afterwards', async () => {
    const cache = new TtlCache<string>(60_000, 10);
    let release!: (v: string) => void;
    const stale = cache.get('k', () => new Promise((r) => (release = r)));
    cache.delete('k'); // the change committed while the old state was being read
    release('before');
    expect(await stale).toBe('before');
    expect(await cache.get('k', async () => 'after')).toBe('after');
  });
});

describe('changes reach the send path at once (one node)', () => {
  let srv: TestServer;
  let a: ChatUser, b: ChatUser, owner: ChatUser, member: ChatUser;

  beforeAll(async () => {
    srv = await startServer();
    [a, b, owner, member] = await chatUsers(srv, 4, '缓存');
  }, 180_000);
  afterAll(async () => {
    for (const c of clients) c.close();
    await srv?.close();
  });

  it('a blacklist refuses the next message, and lifting it lets the next one through', async () => {
    const ca = await login(srv.url, a);
    const cb = await login(srv.url, b);
    expect((await ca.call('send', c2c(a, b, '第一条'))).code).toBe(0);
    expect((await cb.call('block', { userIDList: [a.userId] })).code).toBe(0);
    expect(await ca.call('send', c2c(a, b, '拉黑后'))).toMatchObject({ code: 20007 });
    expect((await cb.call('unblock', { userIDList: [a.userId] })).code).toBe(0);
    expect((await ca.call('send', c2c(a, b, '移出后'))).code).toBe(0);
    await expect.poll(() => texts(cb, 'C2C')).toEqual(['第一条', '移出后']);
  });

  it('a new nickname is on the next message', async () => {
    const ca = await login(srv.url, a);
    const cb = await login(srv.url, b);
    expect((await ca.call('send', c2c(a, b, '旧名'))).data!.message.nick).not.toBe('新的昵称');
    expect((await ca.call('updateProfile', { nick: '新的昵称' })).code).toBe(0);
    const r = await ca.call('send', c2c(a, b, '新名'));
    expect(r.data!.message.nick).toBe('新的昵称');
    await expect.poll(() => cb.pushes.find((p): p is MessagePush => p.ev === 'msg' && p.m.ID === r.data!.message.ID)?.m.nick).toBe('新的昵称');
  });

  it('a mute refuses the muted member\'s next message; lifting it lets the next one through', async () => {
    const co = await login(srv.url, owner);
    const cm = await login(srv.url, member);
    const created = await co.call('createGroup', { name: '禁言测试', type: 'Public', memberList: [{ userID: member.userId }] });
    const groupID = created.data!.group.groupID as string;
    expect((await cm.call('send', inGroup(member, groupID, '禁言前'))).code).toBe(0);
    expect((await co.call('mute', { groupID, userID: member.userId, muteTime: 600 })).code).toBe(0);
    expect(await cm.call('send', inGroup(member, groupID, '禁言中'))).toMatchObject({ code: 10017 });
    expect((await co.call('updateGroup', { groupID, muteAllMembers: true })).code).toBe(0);
    expect((await co.call('mute', { groupID, userID: member.userId, muteTime: 0 })).code).toBe(0);
    expect(await cm.call('send', inGroup(member, groupID, '全员禁言'))).toMatchObject({ code: 10017 });
    expect((await co.call('updateGroup', { groupID, muteAllMembers: false })).code).toBe(0);
    expect((await cm.call('send', inGroup(member, groupID, '解禁后'))).code).toBe(0);
  });

  it('a kicked member can send no more and receives nothing more from the group', async () => {
    const co = await login(srv.url, owner);
    const cm = await login(srv.url, member);
    const created = await co.call('createGroup', { name: '踢人测试', type: 'Public', memberList: [{ userID: member.userId }] });
    const groupID = created.data!.group.groupID as string;
    expect((await co.call('send', inGroup(owner, groupID, '踢人前'))).code).toBe(0);
    await expect.poll(() => texts(cm, 'GROUP')).toContain('踢人前');
    expect((await co.call('deleteMembers', { groupID, userIDList: [member.userId] })).code).toBe(0);
    expect(await cm.call('send', inGroup(member, groupID, '被踢后'))).toMatchObject({ code: 10007 });
    expect((await co.call('send', inGroup(owner, groupID, '踢人后'))).code).toBe(0);
    await sleep(300);
    expect(texts(cm, 'GROUP').filter((t) => t === '踢人后')).toEqual([]);
  });
});

const twoNodes = dbKind === 'postgres' && !!process.env.REDIS_URL;
describe('changes made through another node reach this node\'s send path at once', () => {
  it.skipIf(!twoNodes)(
    `blacklist, mute and kick over Redis${twoNodes ? '' : ' (skipped: runs in the postgres project with DATABASE_URL and REDIS_URL set)'}`,
    async () => {
      const schema = `t_chat_cache_${crypto.randomBytes(5).toString('hex')}`;
      const bundle = await bundleServer();
      const nodes: ServerProcess[] = [];
      try {
        const env = { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema, DEMO: '0', REDIS_URL: process.env.REDIS_URL!, CHAT_MAX_INSTANCES: '0' };
        nodes.push(await startProcess(bundle, env), await startProcess(bundle, env));
        const [n1, n2] = nodes;
        const users: ChatUser[] = [];
        for (let i = 0; i < 3; i++) {
          const s = await registerThrough(n1, newPhone());
          users.push({ ...s, userSig: await userSigThrough(n1, s.token), name: '' });
        }
        const [a, b, owner] = users;
        // Two job seekers may not start a chat with each other (starts.ts): a and b are made friends.
        const pg = await import('pg');
        const db = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
        await db.connect();
        await db.query(`insert into ${schema}.chat_friends (user_id, friend_id) values ($1, $2), ($2, $1)`, [a.userId, b.userId]);
        await db.end();
        // a sends from node 1; b and the owner act from node 2
        const ca = await login(n1.url, a);
        const cb = await login(n2.url, b);
        const co = await login(n2.url, owner);
        expect((await ca.call('send', c2c(a, b, '跨节点'))).code).toBe(0);
        expect((await cb.call('block', { userIDList: [a.userId] })).code).toBe(0);
        expect(await ca.call('send', c2c(a, b, '拉黑后'))).toMatchObject({ code: 20007 });
        expect((await cb.call('unblock', { userIDList: [a.userId] })).code).toBe(0);
        expect((await ca.call('send', c2c(a, b, '移出后'))).code).toBe(0);

        const groupID = (await co.call('createGroup', { name: '跨节点群', type: 'Public', memberList: [{ userID: a.userId }] })).data!.group.groupID as string;
        expect((await ca.call('send', inGroup(a, groupID, '禁言前'))).code).toBe(0);
        expect((await co.call('mute', { groupID, userID: a.userId, muteTime: 600 })).code).toBe(0);
        expect(await ca.call('send', inGroup(a, groupID, '禁言中'))).toMatchObject({ code: 10017 });
        expect((await co.call('mute', { groupID, userID: a.userId, muteTime: 0 })).code).toBe(0);
        expect((await ca.call('send', inGroup(a, groupID, '解禁后'))).code).toBe(0);
        expect((await co.call('deleteMembers', { groupID, userIDList: [a.userId] })).code).toBe(0);
        expect(await ca.call('send', inGroup(a, groupID, '被踢后'))).toMatchObject({ code: 10007 });
        expect((await co.call('send', inGroup(owner, groupID, '踢人后'))).code).toBe(0);
        await sleep(300);
        expect(texts(ca, 'GROUP')).not.toContain('踢人后');
      } finally {
        for (const c of clients.splice(0)) c.close();
        for (const n of nodes) await n.stop('SIGKILL');
        const pg = await import('pg');
        const c = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`drop schema if exists ${schema} cascade`);
        await c.end();
        (await import('node:fs')).rmSync(bundle, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
