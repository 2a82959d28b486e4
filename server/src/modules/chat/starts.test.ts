/**
 * Who may start a 1:1 conversation with whom (starts.ts): a seeker writes to the HR of approved
 * enterprises, an HR to seekers it has to do with or can find and to colleagues, the operator to
 * anyone; everyone else is answered as an id that does not exist, for a message, for opening the
 * conversation (发起会话), for a friend request and for a typing signal. Once a conversation has a
 * message both go on; and new conversations a day are limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { chatApi } from '@zp/core/contract';
import { newConversationsLimitText } from '@zp/core/rules/chat';
import { one, sql } from '../../db/index.js';
import { startServer, type ApiReply, type TestServer } from '../../../test/helpers.js';
import { actor, type Actor, type RoleName } from '../../../test/roles.js';
import { RawClient, withEnv } from '../../../test/chat.js';

let srv: TestServer;
const clients: RawClient[] = [];
const people = {} as Record<'seeker' | 'other' | 'hidden' | 'hr' | 'colleague' | 'elsewhere' | 'pending' | 'operator', Actor & { chat: RawClient }>;

async function person(role: RoleName): Promise<Actor & { chat: RawClient }> {
  const a = await actor(srv, role);
  // An HR under review has no chat (the hub refuses its login): only written to here.
  if (role === 'hrUnapproved') return { ...a, chat: null as unknown as RawClient };
  const sig = (await srv.call<ApiReply<typeof chatApi.userSig>>('/api/sec/trtc/userSig', { token: a.token })).body.userSig;
  const chat = new RawClient(srv.url);
  clients.push(chat);
  const r = await chat.call('auth', { userID: a.userId, userSig: sig, instance: `inst-${a.userId}-${Math.random().toString(36).slice(2)}`, login: true });
  expect(r, role).toMatchObject({ code: 0 });
  return { ...a, chat };
}
const text = (from: Actor, to: Actor, t: string, extra: Record<string, unknown> = {}) => ({
  ID: `${from.userId}-${Math.random().toString(36).slice(2, 12)}`, conversationType: 'C2C', to: to.userId, type: 'TIMTextElem', payload: { text: t }, ...extra,
});
const typing = (from: Actor, to: Actor) => ({
  ID: `${from.userId}-${Math.random().toString(36).slice(2, 12)}`, conversationType: 'C2C', to: to.userId, type: 'TIMCustomElem',
  payload: { data: '{"businessID":"user_typing_status","typingStatus":1}' }, onlineUserOnly: true,
});
const NOT_FOUND = { code: 10019, message: '没有找到该用户' };

beforeAll(async () => {
  srv = await withEnv({ CHAT_NEW_CONVERSATIONS_QZ: '2' }, () => startServer());
  for (const [k, role] of [['seeker', 'seeker'], ['other', 'seeker'], ['hidden', 'seeker'], ['hr', 'hrApproved'], ['colleague', 'hrApproved'], ['elsewhere', 'hrApproved'], ['pending', 'hrUnapproved'], ['operator', 'operator']] as const) {
    people[k] = await person(role);
  }
  const db = srv.app.services.db;
  await db.execute(sql`update hr_profiles set company_id = ${people.hr.companyId} where user_id = ${people.colleague.userId}`);
  await db.execute(sql`update seeker_profiles set hidden = true where user_id = ${people.hidden.userId}`);
}, 600_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await srv?.close();
});

describe('who may start a conversation', () => {
  it('a seeker writes to approved HR only: not to a seeker, the operator or an HR under review', async () => {
    const { seeker, other, hr, pending, operator } = people;
    expect((await seeker.chat.call('send', text(seeker, hr, '您好，请问前端岗位还招吗？'))).code).toBe(0);
    for (const to of [other, operator, pending]) {
      expect(await seeker.chat.call('send', text(seeker, to, '在吗'))).toMatchObject(NOT_FOUND);
      expect(await seeker.chat.call('conv', { conversationID: `C2C${to.userId}` })).toMatchObject(NOT_FOUND);
      expect(await seeker.chat.call('addFriend', { to: to.userId })).toMatchObject(NOT_FOUND);
      expect(await seeker.chat.call('send', typing(seeker, to))).toMatchObject(NOT_FOUND);
    }
    // Nothing was stored for the refused ones.
    const stored = await one<{ n: number }>(srv.app.services.db, sql`select count(*)::int as n from chat_messages where sender_id = ${seeker.userId}`);
    expect(stored!.n).toBe(1);
  });

  it('an HR writes to seekers found in talent search or who applied, and to colleagues, not to hidden résumés or other enterprises\' HR', async () => {
    const { hr, colleague, elsewhere, other, hidden } = people;
    expect((await hr.chat.call('send', text(hr, other, '您好，看了您的简历'))).code).toBe(0);
    expect((await hr.chat.call('send', text(hr, colleague, '下午一起面试'))).code).toBe(0);
    expect(await hr.chat.call('send', text(hr, hidden, '您好'))).toMatchObject(NOT_FOUND);
    expect(await hr.chat.call('send', text(hr, elsewhere, '您好'))).toMatchObject(NOT_FOUND);
    // The hidden résumé's owner applies: now the HR may write.
    const db = srv.app.services.db;
    const job = await one<{ id: string }>(db, sql`insert into jobs (company_id, hr_id, title) values (${hr.companyId}, ${hr.userId}, '前端工程师') returning id::text as id`);
    await db.execute(sql`insert into applications (seeker_id, job_id, company_id) values (${hidden.userId}, ${job!.id}, ${hr.companyId})`);
    expect((await hr.chat.call('conv', { conversationID: `C2C${hidden.userId}` })).code).toBe(0);
    expect((await hr.chat.call('send', text(hr, hidden, '收到您的投递'))).code).toBe(0);
  });

  it('a group someone made is no way round: members may not start 1:1 chats they could not start otherwise', async () => {
    const { seeker, other, operator } = people;
    const created = await seeker.chat.call('createGroup', { name: '同学群', type: 'Private', memberList: [{ userID: other.userId }, { userID: operator.userId }] });
    expect(created.code).toBe(0);
    expect(await seeker.chat.call('send', text(seeker, other, '私聊一下'))).toMatchObject(NOT_FOUND);
    expect(await seeker.chat.call('send', text(seeker, operator, '私聊一下'))).toMatchObject(NOT_FOUND);
    // Nor do pins or drafts of such a conversation say that the account exists.
    expect(await seeker.chat.call('pin', { conversationID: `C2C${other.userId}`, isPinned: true })).toMatchObject(NOT_FOUND);
    expect(await seeker.chat.call('draft', { conversationID: `C2C${other.userId}`, draftText: '草稿' })).toMatchObject(NOT_FOUND);
  });

  it('the operator writes to anyone, and whoever is written to may answer', async () => {
    const { operator, other } = people;
    expect((await operator.chat.call('send', text(operator, other, '您的账号资料需要补充'))).code).toBe(0);
    expect((await other.chat.call('send', text(other, operator, '好的，已补充'))).code).toBe(0);
    expect((await other.chat.call('conv', { conversationID: `C2C${operator.userId}` })).code).toBe(0);
  });

  it('limits the new conversations a seeker starts in a day; going on in started ones is not limited', async () => {
    const fresh = await person('seeker');
    const { hr, colleague, elsewhere } = people;
    expect((await fresh.chat.call('send', text(fresh, hr, '第一家'))).code).toBe(0);
    expect((await fresh.chat.call('send', text(fresh, colleague, '第二家'))).code).toBe(0);
    // Not a rate code (10006): the SDK would keep resending it.
    expect(await fresh.chat.call('send', text(fresh, elsewhere, '第三家'))).toMatchObject({ code: 10007, message: newConversationsLimitText(2) });
    expect((await fresh.chat.call('send', text(fresh, hr, '补充一下我的作品集'))).code).toBe(0);
    // An answer is not a new conversation of the one answering.
    expect((await elsewhere.chat.call('send', text(elsewhere, fresh, '看到您的简历了'))).code).toBe(0);
    expect((await fresh.chat.call('send', text(fresh, elsewhere, '谢谢'))).code).toBe(0);
  });
});
