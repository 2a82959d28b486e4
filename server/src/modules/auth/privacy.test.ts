import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { ACCOUNT_CLOSED_MSG, POLICY_OUTDATED_MSG, type applicationsApi, type authApi, type privacyApi } from '@zp/core/contract';
import { startServer, md5, type TestServer, type ApiReply } from '../../../test/helpers.js';
import { actor, completeResume, operatorSession, uniquePhone, type Actor } from '../../../test/roles.js';
import { postJob } from '../../../test/recruit.js';
import { one, sql } from '../../db/index.js';

let srv: TestServer;
let operator: { token: string };
beforeAll(async () => {
  srv = await startServer();
  operator = await operatorSession(srv);
});
afterAll(() => srv?.close());

const db = () => srv.app.services.db;
/** Meets the one-code-a-minute rule by ageing the phone's earlier codes (its registration code). */
const ageCodes = (phone: string) => db().execute(sql`update sms_codes set created_at = created_at - interval '61 seconds' where phone = ${phone}`);
const current = async (kind: 'terms' | 'privacy') => (await srv.call<ApiReply<typeof privacyApi.policy>>('/api/sec/pc/policy', { query: { kind } })).body.policy;
const pending = async (token: string) => ((await srv.call('/api/sec/pc/consent', { token })).body.pending as { kind: string; version: number }[]).map((p) => `${p.kind}@${p.version}`);
async function registerWith(consent: object | undefined) {
  const phone = uniquePhone();
  await srv.call('/api/sec/pc/registerValidateCode', { query: { phone } });
  const r = await srv.call<ApiReply<typeof authApi.registerSeeker>>('/api/sec/pc/registerQz', { body: { phone, pwd: md5('zhaopin-77x'), validateCode: srv.smsCode(phone), ...(consent ? { consent } : {}) } });
  return { phone, body: r.body };
}

describe('consent to the 用户服务协议 and the 隐私政策', () => {
  it('both documents are public; registering records consent to the current versions, and a new version that asks again is put to the person', async () => {
    const terms = await current('terms');
    const privacy = await current('privacy');
    expect([terms.title, privacy.title]).toEqual(['用户服务协议', '隐私政策']);
    expect(privacy.content).toContain('注销账号');

    const me = await registerWith({ terms: terms.version, privacy: privacy.version });
    expect(me.body.code).toBe(0);
    expect(await pending(me.body.token)).toEqual([]);
    const stored = await one<{ n: number }>(db(), sql`select count(*)::int as n from policy_consents where user_id = ${me.body.userId}`);
    expect(stored!.n).toBe(2);

    // The operator publishes a new 隐私政策 that asks again: the person is asked for that one.
    const pub = await srv.call('/api/xs/admin/policy/publish', { token: operator.token, body: { kind: 'privacy', title: '隐私政策', content: `${privacy.content}\n\n十二、新增条款：示例修订。`, reconsent: 1 } });
    expect(pub.body).toMatchObject({ code: 0, version: privacy.version + 1 });
    expect(await pending(me.body.token)).toEqual([`privacy@${privacy.version + 1}`]);
    // Agreeing to an old version is refused; to the current one, done.
    expect((await srv.call('/api/sec/pc/consent', { token: me.body.token, body: { privacy: privacy.version } })).body).toEqual({ code: 409, msg: POLICY_OUTDATED_MSG });
    expect((await srv.call('/api/sec/pc/consent', { token: me.body.token, body: { privacy: privacy.version + 1 } })).body.code).toBe(0);
    expect(await pending(me.body.token)).toEqual([]);
    // A correction that asks nobody again is published without asking.
    await srv.call('/api/xs/admin/policy/publish', { token: operator.token, body: { kind: 'privacy', title: '隐私政策', content: `${privacy.content}\n\n十二、新增条款：示例修订（更正错字）。`, reconsent: 0 } });
    expect(await pending(me.body.token)).toEqual([]);
    expect((await current('privacy')).version).toBe(privacy.version + 2);

    // A form showing versions that are no longer current cannot register; nothing is created.
    const stale = await registerWith({ terms: terms.version, privacy: privacy.version });
    expect(stale.body).toEqual({ code: 409, msg: POLICY_OUTDATED_MSG });
    expect(await one(db(), sql`select 1 from users where phone = ${stale.phone}`)).toBeUndefined();
    // The previous client registers without consent: the site asks on the first visit.
    const legacy = await registerWith(undefined);
    expect(await pending(legacy.body.token)).toEqual([`terms@${terms.version}`, `privacy@${privacy.version + 2}`]);
    // Only the operator publishes.
    expect((await srv.call('/api/xs/admin/policy/publish', { token: me.body.token, body: { kind: 'terms', title: '用户服务协议', content: 'x'.repeat(30), reconsent: 1 } })).body.code).toBe(403);
  });
});

describe('注销账号', () => {
  let hr: Actor;
  let job: string;
  beforeAll(async () => {
    hr = await actor(srv, 'hrApproved');
    job = await postJob(srv, hr);
  });
  const received = async () => (await srv.call<ApiReply<typeof applicationsApi.received>>('/api/hr/qyhxrxx/findAllHxrList', { token: hr.token, query: { limit: 100 } })).body.page.list as { qzid?: string; xm?: string }[];

  it('the person downloads their data, confirms with the SMS code, and the account, résumé, files, applications and chat are gone; the enterprise sees nothing of them', async () => {
    const seeker = await actor(srv, 'seeker');
    await completeResume(srv, seeker.userId!);
    expect((await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: seeker.token, query: { gwid: job } })).body.code).toBe(0);
    const file = await one<{ id: string }>(
      db(),
      sql`insert into files (owner_id, kind, name, ext, size, mime, storage_key, private)
          values (${seeker.userId}, 10, '测试求职者简历.pdf', 'pdf', 4096, 'application/pdf', ${`resume/${seeker.userId}/202501/${crypto.randomBytes(16).toString('hex')}/cv.pdf`}, true)
          returning id::text as id`,
    );
    const conv = `c:${hr.userId}:${seeker.userId}`;
    await db().execute(sql`insert into chat_convs (conv, last_seq) values (${conv}, 1)`);
    await db().execute(sql`insert into chat_messages (conv, seq, id, sender_id, to_id, conv_type, type, payload)
      values (${conv}, 1, ${`${seeker.userId}-hello`}, ${seeker.userId}, ${hr.userId}, 'C2C', 'TIMTextElem', '{"text":"您好，我是测试求职者"}')`);
    expect(JSON.stringify(await received())).toContain('测试求职者');

    // The download: everything about the person, as stored.
    const data = await srv.call<ApiReply<typeof privacyApi.myData>>('/api/sec/pc/myData', { token: seeker.token });
    expect(data.body.code).toBe(0);
    expect(data.body.data.account).toMatchObject({ phone: seeker.phone, role: 'qz' });
    expect(data.body.data.resume).toMatchObject({ name: '测试求职者' });
    expect(data.body.data.applications).toHaveLength(1);
    expect((data.body.data.files as { name: string }[]).map((f) => f.name)).toEqual(['测试求职者简历.pdf']);
    expect(data.body.data.chatMessagesSent).toHaveLength(1);

    // A wrong code closes nothing.
    await ageCodes(seeker.phone!);
    expect((await srv.call('/api/sec/secuser/sendCloseAccountCode', { method: 'POST', token: seeker.token })).body.code).toBe(0);
    const code = srv.smsCode(seeker.phone!);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await srv.call('/api/sec/secuser/closeAccount', { token: seeker.token, body: { validateCode: wrong } })).body.msg).toMatch(/^验证码错误/);
    expect((await srv.call('/api/sec/pc/currentUser', { token: seeker.token })).body.code).toBe(0);

    const closed = await srv.call('/api/sec/secuser/closeAccount', { token: seeker.token, body: { validateCode: code } });
    expect(closed.body).toEqual({ code: 0, msg: ACCOUNT_CLOSED_MSG });
    // Logged out everywhere, and no way back in.
    expect((await srv.call('/api/sec/pc/currentUser', { token: seeker.token })).body.code).toBe(401);
    expect((await srv.call('/api/sec/pc/logonQz', { body: { logintype: 0, phone: seeker.phone, pwd: md5('zp123456') } })).body.code).not.toBe(0);
    // Nothing of the person is left on the platform.
    const left = await one<Record<string, number>>(
      db(),
      sql`select (select count(*) from users where id = ${seeker.userId})::int as users,
                 (select count(*) from seeker_profiles where user_id = ${seeker.userId})::int as resume,
                 (select count(*) from applications where seeker_id = ${seeker.userId})::int as applications,
                 (select count(*) from files where id = ${file!.id})::int as files,
                 (select count(*) from chat_messages where conv = ${conv})::int as messages,
                 (select count(*) from chat_user_convs where conv = ${conv})::int as conversations,
                 (select count(*) from login_log where user_id = ${seeker.userId})::int as logins`,
    );
    expect(left).toEqual({ users: 0, resume: 0, applications: 0, files: 0, messages: 0, conversations: 0, logins: 0 });
    expect(JSON.stringify(await received())).not.toContain('测试求职者');
    // The phone is free to register again, as a new person.
    await ageCodes(seeker.phone!);
    await srv.call('/api/sec/pc/registerValidateCode', { query: { phone: seeker.phone!, role: 'qz' } });
    const again = await srv.call('/api/sec/pc/registerQz', { body: { phone: seeker.phone, pwd: md5('zhaopin-77x'), validateCode: srv.smsCode(seeker.phone!) } });
    expect(again.body.code).toBe(0);
    expect(again.body.userId).not.toBe(seeker.userId);
  });

  it("an HR's account becomes an anonymous placeholder: the enterprise keeps its jobs, the person's name and phone are gone", async () => {
    const colleague = await actor(srv, 'hrApproved');
    const posted = await postJob(srv, colleague);
    await ageCodes(colleague.phone!);
    await srv.call('/api/sec/secuser/sendCloseAccountCode', { method: 'POST', token: colleague.token });
    const r = await srv.call('/api/sec/secuser/closeAccount', { token: colleague.token, body: { validateCode: srv.smsCode(colleague.phone!) } });
    expect(r.body.code).toBe(0);
    const u = await one<{ phone: string; name: string }>(db(), sql`select phone, name from users where id = ${colleague.userId}`);
    expect(u).toEqual({ phone: `closed:${colleague.userId}`, name: '已注销' });
    expect(await one(db(), sql`select 1 from jobs where id = ${posted}`)).toBeDefined();
    expect((await srv.call('/api/sec/pc/currentUser', { token: colleague.token })).body.code).toBe(401);
  });

  it('the operator cannot close their own account here', async () => {
    expect((await srv.call('/api/sec/secuser/sendCloseAccountCode', { method: 'POST', token: operator.token })).body.code).toBe(403);
  });
});
