/**
 * Names for the asking (issue 10, finding 9): ids are sequential, so the chat `profiles`
 * operation must not hand a fresh account everybody's name. People one has to do with come back
 * in full; strangers with a masked name and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { chatApi } from '@zp/core/contract';
import { one, sql } from '../../db/index.js';
import { startServer, type TestServer, type ApiReply } from '../../../test/helpers.js';
import { actor } from '../../../test/roles.js';
import { chatUsers, RawClient, type ChatUser } from '../../../test/chat.js';
import { maskName } from './profiles.js';

let srv: TestServer;
const clients: RawClient[] = [];

async function login(u: ChatUser) {
  const c = new RawClient(srv.url);
  clients.push(c);
  const r = await c.call('auth', { userID: u.userId, userSig: u.userSig, instance: `inst-${u.userId}-${Math.random().toString(36).slice(2)}`, login: true });
  expect(r.code).toBe(0);
  return c;
}
const text = (from: ChatUser, to: string, t: string) => ({
  ID: `${from.userId}-${Math.random().toString(36).slice(2, 12)}`, conversationType: 'C2C', to, type: 'TIMTextElem', payload: { text: t },
});

beforeAll(async () => {
  srv = await startServer();
}, 600_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await srv?.close();
});

describe('chat profiles', () => {
  it('masks a name to its first character', () => {
    expect(maskName('张三丰')).toBe('张**');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('李')).toBe('李*');
    expect(maskName('')).toBe('');
  });

  it('a fresh account asking 40 sequential ids sees masked names except its contacts', async () => {
    // An HR (who may write to seekers found in talent search) and 40 job seekers.
    const [viewer] = await chatUsers(srv, 1, '新用户');
    const others = await chatUsers(srv, 40, '路人甲', { role: 'qz' });
    const [talked, grouped, friend, replied, wroteTo] = others;
    const [stranger, findable] = [others[10], others[11]];
    for (const u of [replied, wroteTo, findable]) await srv.app.services.db.execute(sql`insert into seeker_profiles (user_id, completeness) values (${u.userId}, 80)`);

    // Contacts: someone who wrote to the viewer, a group both are in, a friendship, someone who
    // answered the viewer. Writing to someone is not one: one message to each id would list
    // everybody's name.
    const me = await login(viewer);
    const them = await login(talked);
    expect((await them.call('send', text(talked, viewer.userId, '你好'))).code).toBe(0);
    expect((await me.call('createGroup', { name: '同学群', type: 'Private', memberList: [{ userID: grouped.userId }] })).code).toBe(0);
    expect((await (await login(friend)).call('addFriend', { to: viewer.userId, type: 'Add_Type_Both' })).code).toBe(0);
    expect((await me.call('send', text(viewer, replied.userId, '在吗'))).code).toBe(0);
    expect((await (await login(replied)).call('send', text(replied, viewer.userId, '在的'))).code).toBe(0);
    expect((await me.call('send', text(viewer, wroteTo.userId, '在吗'))).code).toBe(0);

    const ids = others.map((u) => u.userId);
    const r = await me.call('profiles', { userIDList: ids });
    expect(r.code).toBe(0);
    const byId = new Map(r.data!.profileList.map((p) => [p.userID, p]));
    expect(byId.size).toBe(40);
    const contacts = new Set([talked, grouped, friend, replied].map((u) => u.userId));
    for (const u of others) {
      const p = byId.get(u.userId)!;
      if (contacts.has(u.userId)) expect(p.nick, u.userId).toBe(u.name);
      else {
        expect(p.nick, u.userId).toBe(maskName(u.name));
        expect(p.nick).not.toBe(u.name);
        expect(p).toMatchObject({ avatar: '', selfSignature: '', gender: 'Gender_Type_Unknown' });
      }
    }
    // The viewer's own profile is whole.
    expect((await me.call('profiles', { userIDList: [viewer.userId] })).data!.profileList[0].nick).toBe(viewer.name);
    // Opening a conversation with someone one may write to (no message yet) does not show the
    // name either; with anyone else it is refused as for an id that does not exist.
    const conv = await me.call('conv', { conversationID: `C2C${findable.userId}` });
    expect(conv.data!.conversation.userProfile!.nick).toBe(maskName(findable.name));
    expect(await me.call('conv', { conversationID: `C2C${stranger.userId}` })).toMatchObject({ code: 10019, message: '没有找到该用户' });
  });

  it('one rule for a name wherever the chat shows it: the list, the conversation and profiles agree, before and after an answer', async () => {
    const [viewer] = await chatUsers(srv, 1, 'HR');
    const [seeker] = await chatUsers(srv, 1, '应届生', { role: 'qz' });
    await srv.app.services.db.execute(sql`insert into seeker_profiles (user_id, completeness) values (${seeker.userId}, 80)`);
    const me = await login(viewer);
    expect((await me.call('send', text(viewer, seeker.userId, '您好，看了您的简历'))).code).toBe(0);
    const names = async () => {
      const list = (await me.call('convs')).data!.conversationList.find((c) => c.conversationID === `C2C${seeker.userId}`);
      const conv = (await me.call('conv', { conversationID: `C2C${seeker.userId}` })).data!.conversation;
      const profile = (await me.call('profiles', { userIDList: [seeker.userId] })).data!.profileList[0];
      return [list!.userProfile!.nick, conv.userProfile!.nick, profile.nick];
    };
    // Written to, not answered: masked everywhere.
    expect(await names()).toEqual(Array(3).fill(maskName(seeker.name)));
    // Answered: in full everywhere, as the answer itself carries it.
    const answer = await (await login(seeker)).call('send', text(seeker, viewer.userId, '您好'));
    expect(answer.data!.message.nick).toBe(seeker.name);
    expect(await names()).toEqual(Array(3).fill(seeker.name));
  });

  it('HR of an approved enterprise are shown by name (as on job pages and booths); HR see the seekers who applied', async () => {
    const approved = await actor(srv, 'hrApproved');
    const unapproved = await actor(srv, 'hrUnapproved');
    const db = srv.app.services.db;
    await db.execute(sql`update users set name = '王经理' where id = ${approved.userId}`);
    await db.execute(sql`update users set name = '赵经理' where id = ${unapproved.userId}`);
    const [seeker, applicant] = await chatUsers(srv, 2, '求职者', { role: 'qz' });
    const c = await login(seeker);
    const seen = (await c.call('profiles', { userIDList: [approved.userId!, unapproved.userId!] })).data!.profileList;
    expect(seen.map((p) => p.nick)).toEqual(['王经理', maskName('赵经理')]);

    // The approved HR sees the seeker who applied to their enterprise, and no other.
    const job = await one<{ id: string }>(db, sql`insert into jobs (company_id, hr_id, title) values (${approved.companyId}, ${approved.userId}, '前端工程师') returning id::text as id`);
    await db.execute(sql`insert into applications (seeker_id, job_id, company_id) values (${applicant.userId}, ${job!.id}, ${approved.companyId})`);
    const hrSig = (await srv.call<ApiReply<typeof chatApi.userSig>>('/api/sec/trtc/userSig', { token: approved.token })).body.userSig;
    const hr = await login({ userId: approved.userId!, token: approved.token!, userSig: hrSig, name: '' });
    const list = (await hr.call('profiles', { userIDList: [applicant.userId, seeker.userId] })).data!.profileList;
    expect(list.map((p) => p.nick)).toEqual([applicant.name, maskName(seeker.name)]);
  });
});
