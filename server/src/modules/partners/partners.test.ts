/**
 * Partner sites as the operator keeps them and as a partner page meets them: CORS for listed
 * origins only, the refusal for any other, partner tokens bound to their origin and scope, and
 * the person's own list of partner logins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { adminApi, authApi, Envelope, identityApi, partnersApi } from '@zp/core/contract';
import { DEMO_PWD, md5, startServer, type ApiReply, type Reply, type ReplyBody, type TestServer } from '../../../test/helpers.js';
import { actor, completeResume, uniquePhone, type Actor } from '../../../test/roles.js';
import { fairWithSignup } from '../../../test/recruit.js';
import { one, sql } from '../../db/index.js';
import { RawClient } from '../../../test/chat.js';
import { Signal } from '../../../test/rtc.js';
import { PARTNERS_CHANGED_TOPIC } from './index.js';

const PARTNER = 'https://career.example.edu';
const OTHER_PARTNER = 'https://jobs.other-school.edu.cn';
const STRANGER = 'https://evil.example.com';
const REFUSAL = { code: 403, msg: '本站尚未开通嵌入，请联系平台' };

let srv: TestServer;
let operator: Actor;
let seeker: Actor;

const op = <T = ReplyBody>(path: string, body?: unknown) => srv.call<T>(path, { token: operator.token, ...(body === undefined ? {} : { body }) });
const list = async () => (await op<ApiReply<typeof partnersApi.adminList>>('/api/xs/admin/partner/list')).body.list;
const from = (origin: string | null, token?: string | null): { headers: Record<string, string>; token: string | null } => ({
  headers: origin ? { origin } : {},
  token: token ?? null,
});

async function addPartner(mc: string, origin: string, extra: Record<string, unknown> = {}) {
  const r = await op('/api/xs/admin/partner/save', { mc, origin, lxr: '就业指导中心 王老师 010-12345678', ...extra });
  expect(r.body.code, JSON.stringify(r.body)).toBe(0);
  return r.body.item as { bsid: string; origin: string };
}

/** Logs the seeker in on a page of `origin` (password login, as the platform's login page does; a partner page is refused). */
async function loginFrom(origin: string | null, phone = seeker.phone!) {
  const r = await srv.call<ApiReply<typeof authApi.loginSeeker>>('/api/sec/pc/logonQz', { ...from(origin), body: { logintype: 0, phone, pwd: DEMO_PWD } });
  return r;
}

/** What the platform's login window asks for `origin` with the platform session `token` (the window's page is on the platform's origin). */
const authorize = (origin: unknown, token: string | null, pageOrigin: string | null = srv.url) =>
  srv.call<ApiReply<typeof partnersApi.authorize>>('/api/sec/partner/authorize', { ...from(pageOrigin, token), body: { origin } });

/** A partner token for `origin`, as the window gets it: the seeker logged in on the platform, then 授权登录. */
async function partnerLogin(origin: string) {
  const full = await loginFrom(srv.url);
  expect(full.body.code, JSON.stringify(full.body)).toBe(0);
  return authorize(origin, full.body.token);
}

beforeAll(async () => {
  srv = await startServer();
  operator = await actor(srv, 'operator');
  // registered with the demo password so that loginFrom can log in again
  const phone = uniquePhone();
  const s = await srv.registerSeeker(phone, 'zp123456');
  await completeResume(srv, s.userId);
  seeker = { role: 'seeker', token: s.token, userId: s.userId, phone, companyId: null };
  await addPartner('某某大学就业网', PARTNER);
  await addPartner('另一所学校就业网', OTHER_PARTNER);
}, 120_000);
afterAll(() => srv?.close());

describe('the operator keeps the list of partner sites', () => {
  it('adds, edits, disables and deletes a site; the origin is normalised; every step is logged', async () => {
    const add = await op<ApiReply<typeof partnersApi.adminSave>>('/api/xs/admin/partner/save', { mc: '  测试学院就业网 ', origin: 'HTTPS://Career.Test-College.edu.cn:443/', lxr: '李老师' });
    expect(add.body).toMatchObject({ code: 0, msg: '新增成功', item: { mc: '测试学院就业网', origin: 'https://career.test-college.edu.cn', lxr: '李老师', sfqy: 1 } });
    const id = add.body.item.bsid;
    expect((await list()).find((p) => p.bsid === id)).toMatchObject({ origin: 'https://career.test-college.edu.cn', cjsj: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });

    const edit = await op('/api/xs/admin/partner/save', { bsid: id, mc: '测试学院就业信息网', origin: 'http://localhost:8081' });
    expect(edit.body).toMatchObject({ code: 0, msg: '修改成功', item: { bsid: id, mc: '测试学院就业信息网', origin: 'http://localhost:8081', lxr: '', sfqy: 1 } });
    expect((await op('/api/xs/admin/partner/enable', { bsid: id, sfqy: 0 })).body).toEqual({ code: 0, msg: '已停用' });
    expect((await list()).find((p) => p.bsid === id)).toMatchObject({ sfqy: 0 });
    expect((await op('/api/xs/admin/partner/delete', { bsid: id })).body).toEqual({ code: 0, msg: '已删除' });
    expect((await list()).some((p) => p.bsid === id)).toBe(false);
    expect((await op('/api/xs/admin/partner/delete', { bsid: id })).body).toEqual({ code: 404, msg: '合作网站不存在' });

    const log = (await srv.call<ApiReply<typeof adminApi.log>>('/api/xs/admin/log/list', { token: operator.token, query: { action: 'partner.' } })).body.page.list;
    expect(log.filter((r) => r.target === id).map((r) => r.action)).toEqual(['partner.delete', 'partner.disable', 'partner.update', 'partner.add']);
  });

  it('refuses malformed origins, empty names and duplicates with a Chinese message, changing nothing', async () => {
    const before = await list();
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ mc: '某站', origin: 'career.example.edu' }, /网站地址格式不正确/],
      [{ mc: '某站', origin: 'https://career.example.edu/jobs' }, /网站地址格式不正确/],
      [{ mc: '某站', origin: 'https://career.example.edu?x=1' }, /网站地址格式不正确/],
      [{ mc: '某站', origin: 'https://user:pw@career.example.edu' }, /网站地址格式不正确/],
      [{ mc: '某站', origin: 'https://*.example.edu' }, /网站地址格式不正确/],
      [{ mc: '某站', origin: 'ftp://career.example.edu' }, /网站地址格式不正确/],
      [{ mc: '某站', origin: 'javascript:alert(1)' }, /网站地址格式不正确/],
      [{ mc: '某站', origin: 'null' }, /网站地址格式不正确/],
      [{ mc: '某站', origin: 'https://exa mple.edu' }, /网站地址格式不正确/],
      [{ mc: '   ', origin: 'https://a.example.edu' }, /请填写网站名称/],
      [{ mc: '某\u0007站', origin: 'https://a.example.edu' }, /非法字符/],
      [{ mc: '', origin: 'https://a.example.edu' }, /网站名称/],
      [{ mc: '某站' }, /网站地址/],
      [{ mc: '某站', origin: 'https://a.example.edu', sfqy: 2 }, /启用状态/],
      [{ mc: '重复', origin: 'https://CAREER.example.edu/' }, /该网站地址已登记/],
    ];
    for (const [body, msg] of bad) {
      const r = await op('/api/xs/admin/partner/save', body);
      expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body.code, JSON.stringify(body)).not.toBe(0);
      expect(r.body.msg, JSON.stringify(body)).toMatch(msg);
    }
    expect((await op('/api/xs/admin/partner/save', { bsid: '999999', mc: '某站', origin: 'https://b.example.edu' })).body).toEqual({ code: 404, msg: '合作网站不存在' });
    expect(await list()).toEqual(before);
  });

  it('is for operators only', async () => {
    const hr = await actor(srv, 'hrApproved');
    for (const token of [null, seeker.token, hr.token]) {
      const r = await srv.call('/api/xs/admin/partner/save', { token, body: { mc: '冒名站', origin: 'https://fake.example.edu' } });
      expect(r.body.code).toBe(token ? 403 : 401);
      expect((await srv.call('/api/xs/admin/partner/list', { token })).body.code).toBe(token ? 403 : 401);
    }
    expect((await list()).some((p) => p.origin === 'https://fake.example.edu')).toBe(false);
  });
});

describe('CORS and the refusal', () => {
  it('a listed origin gets CORS headers; the platform itself and clients without Origin pass as before', async () => {
    const r = await srv.call('/api/hr/bshxxx/findHxListByType', { ...from(PARTNER), query: { page: 1, limit: 5, type: 1 } });
    expect(r.body.code).toBe(0);
    const raw = await fetch(`${srv.url}/api/health`, { headers: { origin: PARTNER } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('access-control-allow-origin')).toBe(PARTNER);
    const pre = await fetch(`${srv.url}/api/sec/pc/logonQz`, { method: 'OPTIONS', headers: { origin: PARTNER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,token' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/token/);
    expect((await srv.call('/api/health', from(srv.url))).status).toBe(200);
    expect((await srv.call('/api/health', from(null))).status).toBe(200);
    expect((await srv.call('/api/sec/partner/status', from(PARTNER))).body).toEqual({ code: 0, msg: 'success', partner: 1, mc: '某某大学就业网' });
    expect((await srv.call('/api/sec/partner/status', from(null))).body).toEqual({ code: 0, msg: 'success', partner: 0, mc: '' });
  });

  it('any other origin is refused before any handler runs, readable by its page, and nothing happens', async () => {
    const sessions = async () => (await one<{ n: number }>(srv.app.services.db, sql`select count(*)::int as n from sessions where user_id = ${seeker.userId}`))!.n;
    const before = await sessions();
    for (const origin of [STRANGER, 'null', 'http://career.example.edu', 'https://career.example.edu:8443']) {
      const r = await fetch(`${srv.url}/api/sec/pc/logonQz`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ logintype: 0, phone: seeker.phone, pwd: DEMO_PWD }),
      });
      expect(r.status, origin).toBe(403);
      expect(await r.json()).toEqual(REFUSAL);
      // echoed so that the widget on that page can read the refusal and show it
      expect(r.headers.get('access-control-allow-origin')).toBe(origin);
      // a full token from the platform is refused there just the same
      expect((await srv.call('/api/sec/pc/currentUser', from(origin, seeker.token))).body).toEqual(REFUSAL);
    }
    expect(await sessions()).toBe(before);
    // the preflight is answered, so the browser sends the request and gets the refusal
    const pre = await fetch(`${srv.url}/api/sec/pc/logonQz`, { method: 'OPTIONS', headers: { origin: STRANGER, 'access-control-request-method': 'POST' } });
    expect(pre.headers.get('access-control-allow-origin')).toBe(STRANGER);
    // the widget's script itself still loads there, so that it can say why it cannot work
    const page = await fetch(`${srv.url}/zppc/widgets/chat.js`, { headers: { origin: STRANGER } });
    expect(page.status).not.toBe(403);
  });

  it('socket upgrades from an origin not on the list are refused', async () => {
    const status = (path: string, origin: string) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`${srv.url.replace(/^http/, 'ws')}${path}`, { origin });
        ws.once('open', () => {
          ws.close();
          resolve('open');
        });
        ws.once('unexpected-response', (_req, res) => {
          resolve(String(res.statusCode));
          ws.terminate();
        });
        ws.once('error', (e) => resolve(`error ${e.message}`));
      });
    for (const path of ['/wss/ws', '/api/chat/ws', '/api/rtc/ws']) {
      expect(await status(path, STRANGER), path).toBe('403');
      expect(await status(path, PARTNER), path).toBe('open');
    }
  });

  it('CORS_ORIGINS from the configuration is allowed too', async () => {
    const other = await startServer({ env: { CORS_ORIGINS: 'https://portal.example.org, http://localhost:5173' } });
    try {
      expect((await other.call('/api/health', from('https://portal.example.org'))).status).toBe(200);
      expect((await other.call('/api/health', from('http://localhost:5173'))).status).toBe(200);
      expect((await other.call('/api/health', from(PARTNER))).body).toEqual(REFUSAL);
    } finally {
      await other.close();
    }
  });

  it('disabling a site applies at once, its partner tokens included; enabling it again lets it back', async () => {
    const site = await addPartner('临时合作网站', 'https://temp.example.edu');
    const login = await partnerLogin(site.origin);
    expect(login.body.code).toBe(0);
    const token = login.body.token;
    expect((await srv.call('/api/sec/pc/currentUser', from(site.origin, token))).body.code).toBe(0);
    await op('/api/xs/admin/partner/enable', { bsid: site.bsid, sfqy: 0 });
    expect((await srv.call('/api/sec/pc/currentUser', from(site.origin, token))).body).toEqual(REFUSAL);
    expect((await srv.call('/api/health', from(site.origin))).body).toEqual(REFUSAL);
    await op('/api/xs/admin/partner/enable', { bsid: site.bsid, sfqy: 1 });
    expect((await srv.call('/api/sec/pc/currentUser', from(site.origin, token))).body.code).toBe(0);
    await op('/api/xs/admin/partner/delete', { bsid: site.bsid });
    expect((await srv.call('/api/sec/pc/currentUser', from(site.origin, token))).body).toEqual(REFUSAL);
  });

  it("another node's change arrives through the bus", async () => {
    // As another node does it: the row written, then the change told on the bus.
    await srv.app.services.db.execute(sql`insert into partner_sites (name, origin) values ('别的节点加的', 'https://node2.example.edu')`);
    expect((await srv.call('/api/health', from('https://node2.example.edu'))).body).toEqual(REFUSAL);
    await srv.app.services.bus.publish(PARTNERS_CHANGED_TOPIC, {});
    await expect.poll(async () => (await srv.call('/api/health', from('https://node2.example.edu'))).status).toBe(200);
  });
});

describe('partner tokens', () => {
  it('the login window gets a 2-hour token for the site; a login on the platform a 7-day one', async () => {
    const partner = await partnerLogin(PARTNER);
    expect(partner.body).toMatchObject({ code: 0, expiresIn: 7200, userId: seeker.userId, roleId: 'qz', phone: seeker.phone });
    const full = await loginFrom(null);
    expect(full.body.expiresIn).toBe(7 * 86400);
    const row = await one<{ kind: string; origin: string; seconds: number }>(
      srv.app.services.db,
      sql`select kind, origin, round(extract(epoch from expires_at - created_at))::int as seconds from sessions order by id desc offset 1 limit 1`,
    );
    expect(row).toEqual({ kind: 'partner', origin: PARTNER, seconds: 7200 });
    // the login log says where each login was made, the window's authorisation as such
    const log = (await srv.call<ApiReply<typeof authApi.loginLog>>('/api/sec/pc/getLoginLog', { token: seeker.token, query: { page: 1, limit: 3 } })).body.loginLog.list;
    expect(log.map((r) => [r.logintype, r.origin])).toEqual([[0, ''], [3, PARTNER], [0, '']]);
  });

  it('learns from roomMembersInfo no more than its person would on the platform: other seekers masked (issue 27 item 1)', async () => {
    const token = (await partnerLogin(PARTNER)).body.token;
    const other = (await actor(srv, 'seeker')).userId!;
    const r = await srv.call('/api/sec/trtc/roomMembersInfo', { ...from(PARTNER, token), body: [other, seeker.userId] });
    expect(r.body.code).toBe(0);
    const byId = Object.fromEntries((r.body.list as { userid: string; username: string; dwid: string }[]).map((m) => [m.userid, m]));
    expect(byId[other]).toEqual({ userid: other, username: '测**', dwid: '' });
    expect(byId[seeker.userId!].username).toBe('测试求职者');
  });

  it('works only from its own origin', async () => {
    const token = (await partnerLogin(PARTNER)).body.token;
    expect((await srv.call('/api/sec/pc/currentUser', from(PARTNER, token))).body).toMatchObject({ code: 0, userId: seeker.userId });
    for (const origin of [null, OTHER_PARTNER, srv.url]) {
      const r = await srv.call('/api/sec/pc/currentUser', from(origin, token));
      expect(r.body).toEqual({ code: 401, msg: '该登录仅限在签发它的合作网站上使用，请重新登录' });
    }
    // a fair list from elsewhere treats it as no login at all (no personal marks), and refuses nothing
    expect((await srv.call('/api/hr/bshxxx/findHxListByType', { ...from(OTHER_PARTNER, token), query: { page: 1, limit: 5, type: 1 } })).body.code).toBe(0);
    // the refresh from elsewhere cannot keep a copied token alive
    expect((await srv.call(`/api/sec/token/refreshToken/${token}`, { ...from(OTHER_PARTNER), method: 'POST' })).body.code).toBe(401);
    expect((await srv.call('/api/sec/token/refresh', { ...from(null, token), method: 'POST' })).body.code).toBe(401);
  });

  it('cannot change the password, the phone or the résumé; can sign up for a fair, favourite it and get a chat userSig', async () => {
    const token = (await partnerLogin(PARTNER)).body.token;
    const blocked: [string, Record<string, unknown>][] = [
      ['/api/sec/secuser/updatePwd', { query: { oldPwd: DEMO_PWD, newPwd: md5('hacked-123') }, method: 'POST' }],
      ['/api/sec/secuser/sendOldPhoneCode', { method: 'POST' }],
      ['/api/sec/secuser/checkPhoneCode', { query: { newPhone: '13712345678', newValidateCode: '123456', oldValidateCode: '123456' }, method: 'POST' }],
      ['/api/sec/secuser/changeEmail', { body: { email: 'x@example.com' } }],
      ['/api/qz/qzgrjbxx/update', { body: { xm: '被改的名字' } }],
      ['/api/qz/qzgrjbxx/updateJlyc/1', { method: 'POST' }],
      ['/api/sec/pc/getLoginLog', {}],
      ['/api/sec/pc/partnerSessions', {}],
    ];
    for (const [path, opts] of blocked) {
      const r = await srv.call(path, { ...opts, ...from(PARTNER, token) });
      expect(r.body, path).toEqual({ code: 403, msg: '合作网站登录无权进行此操作，请到平台网站操作' });
    }
    // nothing changed: the old password still logs in, the name is unchanged
    expect((await loginFrom(null)).body.code).toBe(0);
    const base = await srv.call<ApiReply<typeof identityApi.seekerBase>>('/api/qz/qzgrjbxx/myBaseInfo', { token: seeker.token });
    expect(base.body.qzGrjbxxBase!.xm).not.toBe('被改的名字');

    const fair = await fairWithSignup(srv, { name: '合作网站报名测试会' });
    const signUp = await srv.call('/api/qz/bsrcbmxx/hxBmMore', { ...from(PARTNER, token), body: [fair] });
    expect(signUp.body, JSON.stringify(signUp.body)).toMatchObject({ code: 0 });
    expect((await srv.call('/api/qz/jobFairFavorite/favoriteMore', { ...from(PARTNER, token), body: [fair] })).body.code).toBe(0);
    const mine = await srv.call('/api/qz/bsrcbmxx/list', { token: seeker.token, method: 'POST' });
    expect(JSON.stringify(mine.body)).toContain(fair);
    const sig = await srv.call('/api/sec/trtc/userSig', from(PARTNER, token));
    expect(sig.body).toMatchObject({ code: 0, userId: seeker.userId, userSig: expect.any(String) });
    expect((await srv.call('/api/qz/qzgrjbxx/myBaseInfo', from(PARTNER, token))).body.code).toBe(0);

    // its userSig opens the chat socket on the partner's page only
    const here = new RawClient(srv.url, { origin: PARTNER });
    expect((await here.call('auth', { userID: seeker.userId, userSig: sig.body.userSig, instance: 'partner-page-1', login: true })).code).toBe(0);
    here.close();
    const elsewhere = new RawClient(srv.url, { origin: OTHER_PARTNER });
    const refused = await elsewhere.call('auth', { userID: seeker.userId, userSig: sig.body.userSig, instance: 'copied-elsewhere', login: true });
    expect(refused.code).not.toBe(0);
    expect(refused.message).toContain('合作网站');
    elsewhere.close();
    const platform = new RawClient(srv.url);
    expect((await platform.call('auth', { userID: seeker.userId, userSig: sig.body.userSig, instance: 'no-origin-1', login: true })).code).not.toBe(0);
    platform.close();
  });

  it('opens the notification socket only on its own site', async () => {
    const token = (await partnerLogin(PARTNER)).body.token;
    const outcome = (origin: string) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`${srv.url.replace(/^http/, 'ws')}/wss/ws`, { origin });
        ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
        ws.on('message', (data) => {
          if (JSON.parse(String(data))?.type === 2) {
            resolve('ready');
            ws.close();
          }
        });
        ws.once('close', (code) => resolve(`closed ${code}`));
      });
    expect(await outcome(PARTNER)).toBe('ready');
    expect(await outcome(OTHER_PARTNER)).toMatch(/^closed 4\d\d\d$/);
  });

  it('the refresh from its own origin renews it for another 2 hours, still bound and scoped', async () => {
    const token = (await partnerLogin(PARTNER)).body.token;
    const byPath = await srv.call<ApiReply<typeof authApi.refresh>>(`/api/sec/token/refreshToken/${token}`, { ...from(PARTNER), method: 'POST' });
    expect(byPath.body.code).toBe(0);
    expect(byPath.body.expiresIn).toBeGreaterThanOrEqual(7199);
    const byHeader = await srv.call<ApiReply<typeof authApi.refreshCurrent>>('/api/sec/token/refresh', { ...from(PARTNER, byPath.body.token), method: 'POST' });
    expect(byHeader.body).toMatchObject({ code: 0, userId: seeker.userId });
    expect(byHeader.body.expiresIn).toBeGreaterThanOrEqual(7199);
    const next = byHeader.body.token;
    expect((await srv.call('/api/sec/pc/currentUser', from(PARTNER, next))).body.code).toBe(0);
    expect((await srv.call('/api/sec/pc/currentUser', from(null, next))).body.code).toBe(401);
    expect((await srv.call('/api/sec/secuser/updatePwd', { ...from(PARTNER, next), method: 'POST', query: { oldPwd: DEMO_PWD, newPwd: md5('x12345678') } })).body.code).toBe(403);
  });
});

describe("the person's partner logins", () => {
  it('the owner lists them and ends one at once; nobody else can', async () => {
    const token = (await partnerLogin(PARTNER)).body.token;
    const renewed = (await srv.call<ApiReply<typeof authApi.refreshCurrent>>('/api/sec/token/refresh', { ...from(PARTNER, token), method: 'POST' })).body.token;
    const listed = (await srv.call<ApiReply<typeof partnersApi.mySessions>>('/api/sec/pc/partnerSessions', { token: seeker.token })).body.list;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed[0]).toEqual({
      bsid: expect.stringMatching(/^\d+$/),
      mc: '某某大学就业网',
      origin: PARTNER,
      loginTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      expireTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    const target = listed[0].bsid;

    const other = await actor(srv, 'seeker');
    expect((await srv.call('/api/sec/pc/partnerSessions', { token: other.token })).body.list).toEqual([]);
    expect((await srv.call('/api/sec/pc/endPartnerSession', { token: other.token, body: { bsid: target } })).body).toEqual({ code: 404, msg: '该登录已结束或不存在' });
    expect((await srv.call('/api/sec/pc/currentUser', from(PARTNER, renewed))).body.code).toBe(0);
    // nor with the partner token itself
    expect((await srv.call('/api/sec/pc/endPartnerSession', { ...from(PARTNER, renewed), body: { bsid: target } })).body.code).toBe(403);

    expect((await srv.call('/api/sec/pc/endPartnerSession', { token: seeker.token, body: { bsid: target } })).body).toEqual({ code: 0, msg: '已结束该合作网站登录' });
    expect((await srv.call('/api/sec/pc/currentUser', from(PARTNER, renewed))).body.code).toBe(401);
    // the token it was renewed from, still in its grace minute, ends with it
    expect((await srv.call('/api/sec/pc/currentUser', from(PARTNER, token))).body.code).toBe(401);
    expect((await srv.call<ApiReply<typeof partnersApi.mySessions>>('/api/sec/pc/partnerSessions', { token: seeker.token })).body.list.some((s) => s.bsid === target)).toBe(false);
    // the platform's own session was not touched, and a full session cannot be ended this way
    expect((await srv.call('/api/sec/pc/currentUser', { token: seeker.token })).body.code).toBe(0);
    const full = await one<{ id: string }>(srv.app.services.db, sql`select id::text as id from sessions where user_id = ${seeker.userId} and kind = 'full' limit 1`);
    expect((await srv.call('/api/sec/pc/endPartnerSession', { token: seeker.token, body: { bsid: full!.id } })).body.code).toBe(404);
    expect((await srv.call('/api/sec/pc/endPartnerSession', { token: seeker.token, body: { bsid: 'abc' } })).body.code).toBe(400);
  });
});

describe("the platform's login window (issue 27 item 4)", () => {
  const PAGE_LOGIN = { code: 403, msg: '为保护账号安全，合作网站上请在平台的登录窗口中登录' };
  const FULL_THERE = { code: 401, msg: '该登录不能在合作网站上使用，请通过平台登录窗口重新登录' };
  const sessionCount = async () => (await one<{ n: number }>(srv.app.services.db, sql`select count(*)::int as n from sessions`))!.n;
  const attemptCount = async () => (await one<{ n: number }>(srv.app.services.db, sql`select count(*)::int as n from login_attempts`))!.n;

  it('a partner page can no longer log in, register, reset a password or ask for a code: the password and code stay on the platform', async () => {
    const sessions = await sessionCount();
    const attempts = await attemptCount();
    const phone = uniquePhone();
    const calls: [string, Record<string, unknown>][] = [
      ['/api/sec/pc/logonQz', { body: { logintype: 0, phone: seeker.phone, pwd: DEMO_PWD, validatecode: '' } }],
      ['/api/sec/pc/logonQz', { body: { logintype: 1, phone: seeker.phone, pwd: '', validatecode: '123456' } }],
      ['/api/sec/pc/logonHr', { body: { logintype: 0, phone: seeker.phone, pwd: DEMO_PWD } }],
      ['/api/sec/pc/logonXs', { body: { logintype: 0, phone: seeker.phone, pwd: DEMO_PWD } }],
      ['/api/sec/pc/registerQz', { body: { phone, pwd: md5('abc12345'), validateCode: '123456' } }],
      ['/api/sec/pc/registerHr', { body: { phone, pwd: md5('abc12345'), validateCode: '123456' } }],
      ['/api/sec/pc/loginValidateCode', { query: { phone: seeker.phone } }],
      ['/api/sec/pc/registerValidateCode', { query: { phone } }],
      ['/api/sec/pc/getBackPwdValidateCode', { query: { phone: seeker.phone } }],
      ['/api/sec/pc/getBackPwdQz', { query: { phone: seeker.phone, pwd: md5('abc12345'), validateCode: '123456' } }],
    ];
    for (const origin of [PARTNER, OTHER_PARTNER]) {
      for (const [path, opts] of calls) {
        const r = await srv.call(path, { ...opts, ...from(origin) });
        expect(r.body, path).toEqual(PAGE_LOGIN);
      }
    }
    // nothing was created, counted or sent; the platform's own login page still logs in
    expect(await sessionCount()).toBe(sessions);
    expect(await attemptCount()).toBe(attempts);
    expect((await srv.call('/api/sec/pc/registerQz', { body: { phone, pwd: md5('abc12345'), validateCode: '123456' } })).body.code).not.toBe(0);
    expect((await loginFrom(srv.url)).body).toMatchObject({ code: 0, expiresIn: 7 * 86400 });
  });

  it('a login body replayed without Origin gets a full token that works nowhere on a partner page', async () => {
    // what a script on the partner page could have captured and sent from anywhere
    const replay = await loginFrom(null);
    expect(replay.body.code).toBe(0);
    const token = replay.body.token as string;
    for (const origin of [PARTNER, OTHER_PARTNER]) {
      for (const path of ['/api/sec/pc/currentUser', '/api/sec/trtc/userSig', '/api/qz/qzgrjbxx/myBaseInfo']) {
        const r = await srv.call(path, from(origin, token));
        expect(r.body, `${path} from ${origin}`).toEqual(FULL_THERE);
      }
      const refresh = await srv.call('/api/sec/token/refresh', { ...from(origin, token), method: 'POST' });
      expect(refresh.body).toEqual(FULL_THERE);
      expect((await srv.call(`/api/sec/token/refreshToken/${token}`, { ...from(origin), method: 'POST' })).body).toEqual(FULL_THERE);
      // nor can it ask for a partner token from the partner page
      expect((await authorize(origin, token, origin)).body).toEqual(FULL_THERE);
      // an optional route treats it as no login at all
      expect((await srv.call('/api/hr/bshxxx/findHxListByType', { ...from(origin, token), query: { page: 1, limit: 5, type: 1 } })).body.code).toBe(0);
    }
    // the notification socket on a partner page refuses it too
    const outcome = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`${srv.url.replace(/^http/, 'ws')}/wss/ws`, { origin: PARTNER });
      ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
      ws.on('message', (data) => {
        if (JSON.parse(String(data))?.type === 2) {
          resolve('ready');
          ws.close();
        }
      });
      ws.once('close', (code) => resolve(`closed ${code}`));
    });
    expect(outcome).toMatch(/^closed 4\d\d\d$/);
    // on the platform and server to server it stays what it was
    expect((await srv.call('/api/sec/pc/currentUser', from(srv.url, token))).body.code).toBe(0);
    expect((await srv.call('/api/sec/pc/currentUser', from(null, token))).body.code).toBe(0);
  });

  it("a full session's userSig, fetched server to server, opens no chat or video socket and uploads nothing on a partner page", async () => {
    // what a replayed full token gets without Origin: a userSig bound to no site
    const token = (await loginFrom(null)).body.token as string;
    const sig = await srv.call('/api/sec/trtc/userSig', from(null, token));
    expect(sig.body).toMatchObject({ code: 0, userId: seeker.userId, userSig: expect.any(String) });
    const userSig = sig.body.userSig as string;
    const chatAuth = async (origin?: string) => {
      const c = new RawClient(srv.url, origin ? { origin } : {});
      const r = await c.call('auth', { userID: seeker.userId, userSig, instance: `replay-${crypto.randomUUID()}`, login: true });
      c.close();
      return r;
    };
    const rtcAuth = async (origin?: string) => {
      const c = new Signal(srv.url, origin ? { origin } : {});
      const r = await c.call('auth', { userId: seeker.userId, userSig });
      c.close();
      return r;
    };
    const upload = async (origin?: string) => {
      const res = await fetch(`${srv.url}/api/chat/upload?kind=file&name=a.txt`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-chat-user': seeker.userId!, 'x-chat-sig': userSig, ...(origin ? { origin } : {}) },
        body: 'replayed',
      });
      return (await res.json()) as { code: number; msg: string };
    };
    for (const origin of [PARTNER, OTHER_PARTNER]) {
      const chat = await chatAuth(origin);
      expect(chat.code, origin).not.toBe(0);
      expect(chat.message).toBe(FULL_THERE.msg);
      expect(await rtcAuth(origin)).toMatchObject({ code: 401, msg: FULL_THERE.msg });
      expect(await upload(origin)).toMatchObject({ code: 401 });
    }
    // the platform's own pages and server-to-server clients keep using it
    for (const origin of [srv.url, undefined]) {
      expect((await chatAuth(origin)).code, String(origin)).toBe(0);
      expect((await rtcAuth(origin)).code, String(origin)).toBe(0);
      expect((await upload(origin)).code, String(origin)).toBe(0);
    }
  });

  it('names a listed site for the window, and refuses any other', async () => {
    expect((await srv.call('/api/sec/partner/site', { query: { origin: PARTNER } })).body).toEqual({ code: 0, msg: 'success', mc: '某某大学就业网', origin: PARTNER });
    expect((await srv.call('/api/sec/partner/site', { query: { origin: STRANGER } })).body).toEqual(REFUSAL);
    for (const origin of ['', 'null', 'career.example.edu', 'https://career.example.edu/x', 'javascript:alert(1)', 'https://a\u0000b.edu', 'x'.repeat(5000)]) {
      const r = await srv.call('/api/sec/partner/site', { query: { origin } });
      expect(r.body.code, origin.slice(0, 40)).toBe(400);
      expect(r.body.msg).toMatch(/网站地址/);
    }
  });

  it('authorises only with a full session, from the platform window, for a listed site, for a seeker or an HR; nothing is issued otherwise', async () => {
    const full = (await loginFrom(srv.url)).body.token as string;
    const hr = await actor(srv, 'hrApproved');
    const issued = await authorize(PARTNER, hr.token);
    expect(issued.body).toMatchObject({ code: 0, expiresIn: 7200, userId: hr.userId, roleId: 'hr' });
    expect((await srv.call('/api/sec/pc/currentUser', from(PARTNER, issued.body.token))).body.userId).toBe(hr.userId);

    const before = await sessionCount();
    const partnerToken = (await partnerLogin(PARTNER)).body.token as string;
    const afterOne = await sessionCount();
    expect(afterOne).toBe(before + 2); // the platform login and the partner token
    const refusals: [Promise<Reply<Envelope>>, { code: number; msg: RegExp | string }][] = [
      [authorize(PARTNER, null), { code: 401, msg: '请先登录' }],
      [authorize(PARTNER, 'not-a-token-at-all-but-long-enough'), { code: 401, msg: '请先登录' }],
      // server to server, or a page elsewhere: only the platform's own window asks
      [authorize(PARTNER, full, null), { code: 403, msg: '请在平台的登录窗口中授权登录' }],
      [authorize(PARTNER, full, STRANGER), REFUSAL as { code: number; msg: string }],
      // a partner token cannot mint another, on its site or anywhere else
      [authorize(OTHER_PARTNER, partnerToken, PARTNER), { code: 403, msg: '合作网站登录无权进行此操作，请到平台网站操作' }],
      [authorize(OTHER_PARTNER, partnerToken), { code: 401, msg: '该登录仅限在签发它的合作网站上使用，请重新登录' }],
      [authorize(STRANGER, full), REFUSAL as { code: number; msg: string }],
      [authorize('http://career.example.edu', full), REFUSAL as { code: number; msg: string }],
      [authorize(srv.url, full), REFUSAL as { code: number; msg: string }],
      [authorize(PARTNER, operator.token), { code: 403, msg: '运营账号不能登录合作网站，请使用求职者或企业 HR 账号' }],
    ];
    for (const [call, want] of refusals) {
      const r = await call;
      expect(r.body.code, JSON.stringify(r.body)).toBe(want.code);
      expect(r.body.msg).toMatch(want.msg);
    }
    for (const origin of [undefined, null, 1, [], {}, '', 'null', 'career.example.edu', 'https://career.example.edu/', 'https://career.example.edu/path', 'https://career.example.edu?x', 'javascript:alert(1)', 'https://career.example.edu\u0000', `https://${'a'.repeat(300)}.edu`]) {
      const r = await authorize(origin, full);
      expect(r.status, String(origin)).toBe(200);
      expect(r.body.code, JSON.stringify(origin)).toBe(400);
    }
    expect((await srv.call('/api/sec/partner/authorize', { ...from(srv.url, full), body: null })).body.code).toBe(400);
    expect(await sessionCount()).toBe(afterOne);

    // a disabled site gets nothing
    const site = await addPartner('停用后的网站', 'https://paused.example.edu');
    await op('/api/xs/admin/partner/enable', { bsid: site.bsid, sfqy: 0 });
    expect((await authorize(site.origin, full)).body).toEqual(REFUSAL);
    expect(await sessionCount()).toBe(afterOne);
  });
});
