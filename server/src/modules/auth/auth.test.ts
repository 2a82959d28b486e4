import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, md5, DEMO_PWD, type TestServer } from '../../../test/helpers.js';
import { one, sql } from '../../db/index.js';
import { browserOf } from './index.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({ demo: true });
});
afterAll(() => srv?.close());

describe('account lifecycle', () => {
  it('register → login → refresh → logout, after which the old tokens are refused', async () => {
    const phone = '13911110001';
    const reg = await srv.registerSeeker(phone, 'pass-1');
    expect(reg.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await srv.call('/api/sec/pc/currentUser', { token: reg.token });
    expect(me.body).toMatchObject({ code: 0, roleId: 'qz', phone });

    const login = await srv.call('/api/sec/pc/logonQz', { body: { logintype: 0, phone, pwd: md5('pass-1') } });
    expect(login.body.code).toBe(0);
    const token = login.body.token as string;

    const refreshed = await srv.call(`/api/sec/token/refreshToken/${token}`, { method: 'POST' });
    expect(refreshed.body.code).toBe(0);
    const next = refreshed.body.token as string;
    expect(next).not.toBe(token);
    expect((await srv.call('/api/qz/qzgrjbxx/myBaseInfo', { token: next })).body.qzGrjbxxBase.phone).toBe(phone);

    const out = await srv.call('/api/sec/pc/logout', { method: 'POST', token: next });
    expect(out.body.code).toBe(0);
    const after = await srv.call('/api/qz/qzgrjbxx/myBaseInfo', { token: next });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
  });

  it('a refreshed token stops working once its short grace period is over', async () => {
    const { token } = await srv.login('qz', '13800000001');
    const r = await srv.call(`/api/sec/token/refreshToken/${token}`, { method: 'POST' });
    expect(r.body.code).toBe(0);
    // Within the grace window both work (two tabs refreshing together).
    expect((await srv.call('/api/sec/pc/currentUser', { token })).body.code).toBe(0);
    await srv.app.services.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where expires_at < now() + interval '2 minutes'`,
    );
    expect((await srv.call('/api/sec/pc/currentUser', { token })).status).toBe(401);
    expect((await srv.call('/api/sec/pc/currentUser', { token: r.body.token })).body.code).toBe(0);
  });

  it('refreshing the old token again never mints a second session: it returns the same new token, unextended', async () => {
    const { token, userId } = await srv.login('qz', '13800000001');
    const sessionsOf = async () =>
      one<{ n: number }>(srv.app.services.db, sql`select count(*)::int as n from sessions where user_id = ${userId}`);
    const first = await srv.call(`/api/sec/token/refreshToken/${token}`, { method: 'POST' });
    expect(first.body.code).toBe(0);
    const before = await sessionsOf();
    // The old token still serves in-flight requests during its grace period ...
    expect((await srv.call('/api/sec/pc/currentUser', { token })).body.code).toBe(0);
    // ... but refreshing it again (a second tab, or someone who copied it) forks nothing.
    const again = await srv.call(`/api/sec/token/refreshToken/${token}`, { method: 'POST' });
    expect(again.body.code).toBe(0);
    expect(again.body.token).toBe(first.body.token);
    // Both ways answer with the person's name, as currentUser does (the demo seeker has one).
    const me = await srv.call('/api/sec/pc/currentUser', { token: first.body.token });
    expect(me.body.userName).not.toBe('13800000001');
    expect([first.body.userName, again.body.userName]).toEqual([me.body.userName, me.body.userName]);
    expect(again.body.expiresIn).toBeLessThanOrEqual(first.body.expiresIn);
    expect(await sessionsOf()).toEqual(before);
    // Once the new token has been refreshed in turn, the old one still leads only to that chain.
    const second = await srv.call(`/api/sec/token/refreshToken/${first.body.token}`, { method: 'POST' });
    expect(second.body.code).toBe(0);
    const third = await srv.call(`/api/sec/token/refreshToken/${token}`, { method: 'POST' });
    expect([first.body.token, undefined]).toContain(third.body.token);
    const fourth = await srv.call(`/api/sec/token/refreshToken/${first.body.token}`, { method: 'POST' });
    expect(fourth.body.token).toBe(second.body.token);
    // After the grace period the old token is refused outright.
    await srv.app.services.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${userId} and expires_at < now() + interval '2 minutes'`);
    expect((await srv.call(`/api/sec/token/refreshToken/${token}`, { method: 'POST' })).body).toEqual({ code: 401, msg: '登录已过期，请重新登录' });
    expect((await srv.call('/api/sec/pc/currentUser', { token: second.body.token })).body.code).toBe(0);
  });

  it('a logout ends the new token and the old one cannot bring it back', async () => {
    const { token } = await srv.login('qz', '13800000001');
    const r = await srv.call(`/api/sec/token/refreshToken/${token}`, { method: 'POST' });
    expect((await srv.call('/api/sec/pc/logout', { method: 'POST', token: r.body.token })).body.code).toBe(0);
    const again = await srv.call(`/api/sec/token/refreshToken/${token}`, { method: 'POST' });
    expect(again.body).toEqual({ code: 401, msg: '登录已过期，请重新登录' });
  });

  it('registering the same phone twice is refused and changes nothing', async () => {
    await srv.call('/api/sec/pc/registerValidateCode', { query: { phone: '13800000001' } });
    const code = srv.smsCode('13800000001');
    const r = await srv.call('/api/sec/pc/registerQz', { body: { phone: '13800000001', pwd: md5('x'), validateCode: code } });
    expect(r.body).toEqual({ code: 409, msg: '该手机号已注册，请直接登录' });
    // the demo password still works
    expect((await srv.call('/api/sec/pc/logonQz', { body: { logintype: 0, phone: '13800000001', pwd: DEMO_PWD } })).body.code).toBe(0);
  });

  it('HR registration keeps name and title, and HR without an enterprise has shzt -1', async () => {
    const hr = await srv.registerHr('13911110002', 'pw', { xm: '张三', zw: '人事专员' });
    const info = await srv.call('/api/hr/qydwhrxx/getHrInfo', { token: hr.token });
    expect(info.body.qyDwhrxxEntity).toMatchObject({ xm: '张三', zw: '人事专员', dwid: '', shzt: -1 });
    expect((await srv.call('/api/hr/qydwhrxx/getDwShzt', { token: hr.token })).body.shzt).toBe(-1);
  });

  it('login by SMS code', async () => {
    await srv.call('/api/sec/pc/loginValidateCode', { method: 'POST', body: { phone: '13800000002' } });
    const r = await srv.call('/api/sec/pc/logonHr', { body: { logintype: 1, phone: '13800000002', validatecode: srv.smsCode('13800000002') } });
    expect(r.body).toMatchObject({ code: 0, roleId: 'hr', userName: '王芳' });
  });

  it("takes the previous client's login bodies exactly as it sends them", async () => {
    // Password login: validatecode '' (it always sends the key).
    const byPassword = await srv.call('/api/sec/pc/logonQz', { body: { phone: '13800000001', pwd: DEMO_PWD, logintype: 0, validatecode: '' } });
    expect(byPassword.body).toMatchObject({ code: 0, token: expect.any(String), roleId: 'qz', userId: expect.any(String), msg: expect.any(String) });
    // SMS login: pwd ''.
    // (an HR of a demo enterprise, whom no other test here sent a code within the minute)
    const phone = '13810000001';
    expect((await srv.call('/api/sec/pc/loginValidateCode', { query: { phone } })).body.code).toBe(0);
    const bySms = await srv.call('/api/sec/pc/logonHr', { body: { phone, pwd: '', logintype: 1, validatecode: srv.smsCode(phone) } });
    expect(bySms.body).toMatchObject({ code: 0, roleId: 'hr' });
    // The way chosen still needs its field.
    expect((await srv.call('/api/sec/pc/logonQz', { body: { phone: '13800000001', pwd: '', logintype: 0, validatecode: '' } })).body).toEqual({ code: 400, msg: '请输入密码' });
    expect((await srv.call('/api/sec/pc/logonQz', { body: { phone: '13800000001', pwd: '', logintype: 1, validatecode: '' } })).body).toEqual({ code: 400, msg: '请输入验证码' });
  });

  it('a job seeker account cannot log in at the HR door, and is told where to', async () => {
    const r = await srv.call('/api/sec/pc/logonHr', { body: { logintype: 0, phone: '13911110001', pwd: md5('pass-1') } });
    expect(r.body).toEqual({ code: 400, msg: '该手机号是求职者账号，请在人才登录页（/zppc/public/login?id=1）登录' });
  });

  it('forgot password: the code resets it, old sessions end, the new password works', async () => {
    const phone = '13911110003';
    const { token } = await srv.registerSeeker(phone, 'old-pass');
    // the register code was sent just now; the next code must wait 60 s, so age it in the test
    await srv.app.services.db.execute(sql`update sms_codes set created_at = created_at - interval '61 seconds'`);
    await srv.call('/api/sec/pc/getBackPwdValidateCode', { query: { phone } });
    const code = srv.smsCode(phone);
    const r = await srv.call('/api/sec/pc/getBackPwdQz', { query: { phone, pwd: md5('new-pass'), validateCode: code } });
    expect(r.body.code).toBe(0);
    expect((await srv.call('/api/sec/pc/currentUser', { token })).status).toBe(401);
    expect((await srv.call('/api/sec/pc/logonQz', { body: { logintype: 0, phone, pwd: md5('old-pass') } })).body.code).not.toBe(0);
    expect((await srv.call('/api/sec/pc/logonQz', { body: { logintype: 0, phone, pwd: md5('new-pass') } })).body.code).toBe(0);
  });

  it('change password revokes every token; wrong old password changes nothing', async () => {
    const phone = '13911110004';
    const a = await srv.registerSeeker(phone, 'p1');
    const wrong = await srv.call('/api/sec/secuser/updatePwd', { token: a.token, query: { oldPwd: md5('nope'), newPwd: md5('p2') } });
    expect(wrong.body).toEqual({ code: 400, msg: '原密码错误' });
    expect((await srv.call('/api/sec/pc/currentUser', { token: a.token })).body.code).toBe(0);
    const ok = await srv.call('/api/sec/secuser/updatePwd', { method: 'POST', token: a.token, body: { oldPwd: md5('p1'), newPwd: md5('p2') } });
    expect(ok.body.code).toBe(0);
    expect((await srv.call('/api/sec/pc/currentUser', { token: a.token })).status).toBe(401);
    expect((await srv.call('/api/sec/pc/logonQz', { body: { logintype: 0, phone, pwd: md5('p2') } })).body.code).toBe(0);
  });

  it('change phone needs both codes', async () => {
    const phone = '13911110005';
    const { token } = await srv.registerSeeker(phone, 'p');
    await srv.app.services.db.execute(sql`update sms_codes set created_at = created_at - interval '61 seconds'`);
    await srv.call('/api/sec/secuser/sendOldPhoneCode', { token });
    const oldCode = srv.smsCode(phone);
    await srv.call('/api/sec/secuser/sendNewPhoneCode', { token, query: { phone: '13911110006' } });
    const newCode = srv.smsCode('13911110006');
    const r = await srv.call('/api/sec/secuser/checkPhoneCode', { token, query: { newPhone: '13911110006', newValidateCode: newCode, oldValidateCode: oldCode } });
    expect(r.body.code).toBe(0);
    expect((await srv.call('/api/sec/pc/currentUser', { token })).body.phone).toBe('13911110006');
  });

  it('login log lists own logins and deletes only own rows', async () => {
    const { token } = await srv.login('qz', '13800000001');
    const log = await srv.call('/api/sec/pc/getLoginLog', { token, query: { page: 1, limit: 5 } });
    expect(log.body.loginLog.totalCount).toBeGreaterThan(0);
    const first = log.body.loginLog.list[0];
    // The previous client's 登录日志 columns: time, IP, browser, where (301 computer), state (101 succeeded).
    expect(first).toMatchObject({
      bsid: expect.stringMatching(/^\d+$/),
      dlsj: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      dlip: expect.any(String),
      dlllq: expect.any(String),
      dlsm: '301',
      dlzt: '101',
    });
    const hr = await srv.login('hr', '13800000002');
    const foreign = await srv.call('/api/sec/pc/deleteLoginLog', { token: hr.token, body: [first.bsid] });
    expect(foreign.body.deleted).toBe(0);
    const own = await srv.call('/api/sec/pc/deleteLoginLog', { token, body: [first.bsid] });
    expect(own.body.deleted).toBe(1);
    const again = await srv.call('/api/sec/pc/getLoginLog', { token, query: { page: 1, limit: 50 } });
    expect(again.body.loginLog.list.map((r: { bsid: string }) => r.bsid)).not.toContain(first.bsid);
  });
  it('login log names the browser and system as the 登录浏览器 column shows them', () => {
    expect(browserOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36')).toBe('Chrome 120 / Windows');
    expect(browserOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91')).toBe('Edge 120 / Windows');
    expect(browserOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1')).toBe('Safari 17 / iOS');
    expect(browserOf('')).toBe('未知');
  });
  it('login log dates are days in China: a login at 01:00 Beijing time is on that day, not the UTC day before', async () => {
    const phone = '13911110007';
    const { token } = await srv.registerSeeker(phone, 'p');
    // 2026-03-10 01:00 in Beijing is 2026-03-09 17:00 UTC.
    await srv.app.services.db.execute(sql`update login_log set login_time = '2026-03-09T17:00:00Z' where user_id = (select id from users where phone = ${phone})`);
    const day = async (date: string) =>
      (await srv.call('/api/sec/pc/getLoginLog', { token, query: { page: 1, limit: 10, startDate: date, endDate: date } })).body.loginLog;
    const on = await day('2026-03-10');
    expect(on.totalCount).toBeGreaterThan(0);
    expect(on.list[0].dlsj).toBe('2026-03-10 01:00:00');
    // The previous client may send a time after the day; the day is what counts.
    expect((await day('2026-03-10 00:00:00')).totalCount).toBe(on.totalCount);
    expect((await day('2026-03-09')).totalCount).toBe(0);
  });
});

describe('SMS code rules', () => {
  it('six digits, one per phone per 60 s', async () => {
    const phone = '13922220001';
    expect((await srv.call('/api/sec/pc/registerValidateCode', { query: { phone } })).body.code).toBe(0);
    expect(srv.smsCode(phone)).toMatch(/^\d{6}$/);
    const again = await srv.call('/api/sec/pc/registerValidateCode', { query: { phone } });
    expect(again.status).toBe(429);
    expect(again.body.msg).toMatch(/验证码发送过于频繁，请 \d+ 秒后再试/);
  });

  it('at most 10 a day', async () => {
    const phone = '13922220002';
    for (let i = 0; i < 10; i++) {
      expect((await srv.call('/api/sec/pc/registerValidateCode', { query: { phone } })).body.code).toBe(0);
      await srv.app.services.db.execute(sql`update sms_codes set created_at = created_at - interval '61 seconds' where phone = ${phone}`);
    }
    const r = await srv.call('/api/sec/pc/registerValidateCode', { query: { phone } });
    expect(r.body).toEqual({ code: 429, msg: '该手机号今日获取验证码次数已达上限，请明天再试' });
  });

  it('five wrong tries burn the code, and an expired code is refused', async () => {
    const phone = '13922220003';
    await srv.call('/api/sec/pc/registerValidateCode', { query: { phone } });
    const code = srv.smsCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const r = await srv.call('/api/sec/pc/registerQz', { body: { phone, pwd: md5('p'), validateCode: wrong } });
      expect(r.body.msg).toBe(`验证码错误，还可尝试 ${5 - i} 次`);
    }
    const fifth = await srv.call('/api/sec/pc/registerQz', { body: { phone, pwd: md5('p'), validateCode: wrong } });
    expect(fifth.body.msg).toBe('验证码错误次数过多，请重新获取');
    const right = await srv.call('/api/sec/pc/registerQz', { body: { phone, pwd: md5('p'), validateCode: code } });
    expect(right.body.msg).toBe('验证码已失效，请重新获取');
    await srv.app.services.db.execute(sql`update sms_codes set created_at = created_at - interval '61 seconds' where phone = ${phone}`);
    await srv.call('/api/sec/pc/registerValidateCode', { query: { phone } });
    const fresh = srv.smsCode(phone);
    await srv.app.services.db.execute(sql`update sms_codes set expires_at = now() - interval '1 second' where phone = ${phone}`);
    const late = await srv.call('/api/sec/pc/registerQz', { body: { phone, pwd: md5('p'), validateCode: fresh } });
    expect(late.body.msg).toBe('验证码已失效，请重新获取');
  });
});

describe('the wrong login page', () => {
  it("the operator's phone and password on the talent or enterprise page say where to log in; a wrong password says nothing more", async () => {
    const onTalent = await srv.call('/api/sec/pc/logonQz', { body: { logintype: 0, phone: '13800000003', pwd: DEMO_PWD } });
    expect(onTalent.body).toEqual({ code: 400, msg: '该手机号是平台运营账号，请在运营登录页（/zppc/public/login?id=3）登录' });
    const onHr = await srv.call('/api/sec/pc/logonHr', { body: { logintype: 0, phone: '13800000003', pwd: DEMO_PWD } });
    expect(onHr.body.msg).toContain('运营登录页');
    const guess = await srv.call('/api/sec/pc/logonQz', { body: { logintype: 0, phone: '13800000003', pwd: md5('not-it') } });
    expect(guess.body).toEqual({ code: 400, msg: '手机号或密码错误' });
    const hrOnTalent = await srv.call('/api/sec/pc/logonQz', { body: { logintype: 0, phone: '13800000002', pwd: DEMO_PWD } });
    expect(hrOnTalent.body.msg).toBe('该手机号是企业 HR 账号，请在企业登录页（/zppc/public/login?id=2）登录');
  });
});

describe('login throttling', () => {
  /** A login posted from a given client address (the address feeds the throttle). */
  const loginFrom = async (ip: string, role: 'Qz' | 'Hr', body: object) => {
    const r = await srv.app.app.inject({ method: 'POST', url: `/api/sec/pc/logon${role}`, payload: body, remoteAddress: ip });
    return { status: r.statusCode, body: r.json() };
  };
  /** Asks for a login code; the one-per-minute rule is met by ageing the phone's earlier codes. */
  const codeFrom = async (ip: string, phone: string) => {
    await srv.app.services.db.execute(sql`update sms_codes set created_at = created_at - interval '61 seconds' where phone = ${phone}`);
    return srv.app.app.inject({ method: 'GET', url: `/api/sec/pc/loginValidateCode?phone=${phone}`, remoteAddress: ip }).then((r) => r.json());
  };

  it('wrong passwords from one address throttle that address only: the right password from another address and the SMS code still log in', async () => {
    const phone = '13933330001';
    await srv.registerSeeker(phone, 'right');
    for (let i = 0; i < 5; i++) {
      const r = await loginFrom('203.0.113.7', 'Qz', { logintype: 0, phone, pwd: md5('wrong') });
      expect(r.body).toEqual({ code: 400, msg: '手机号或密码错误' });
    }
    const attacker = await loginFrom('203.0.113.7', 'Qz', { logintype: 0, phone, pwd: md5('right') });
    expect(attacker).toEqual({ status: 429, body: { code: 429, msg: '登录失败次数过多，请 15 分钟后再试，或使用短信验证码登录' } });
    const owner = await loginFrom('198.51.100.20', 'Qz', { logintype: 0, phone, pwd: md5('right') });
    expect(owner.body).toMatchObject({ code: 0, phone });
    // The SMS-code login is never locked by wrong passwords, even from the throttled address.
    expect((await codeFrom('203.0.113.7', phone)).code).toBe(0);
    const bySms = await loginFrom('203.0.113.7', 'Qz', { logintype: 1, phone, validatecode: srv.smsCode(phone) });
    expect(bySms.body).toMatchObject({ code: 0, phone });
  });

  it('the same phone at another role is not touched by failures at this one', async () => {
    const phone = '13933330002';
    await srv.registerSeeker(phone, 'seeker-pw');
    await srv.app.services.db.execute(sql`update sms_codes set created_at = created_at - interval '61 seconds' where phone = ${phone}`);
    await srv.registerHr(phone, 'hr-pw');
    for (let i = 0; i < 5; i++) await loginFrom('203.0.113.8', 'Qz', { logintype: 0, phone, pwd: md5('wrong') });
    expect((await loginFrom('203.0.113.8', 'Qz', { logintype: 0, phone, pwd: md5('seeker-pw') })).status).toBe(429);
    expect((await loginFrom('203.0.113.8', 'Hr', { logintype: 0, phone, pwd: md5('hr-pw') })).body.code).toBe(0);
  });

  it('failures from many addresses slow unknown addresses for seconds, never for the window; known addresses and SMS codes pass', async () => {
    const phone = '13933330003';
    await srv.registerSeeker(phone, 'right');
    // The owner logged in from home before the attack.
    expect((await loginFrom('198.51.100.30', 'Qz', { logintype: 0, phone, pwd: md5('right') })).body.code).toBe(0);
    // Twelve wrong passwords from twelve addresses (two each would never trip the per-address rule).
    for (let i = 1; i <= 12; i++) {
      const r = await loginFrom(`192.0.2.${i}`, 'Qz', { logintype: 0, phone, pwd: md5('wrong') });
      if (i <= 10) expect(r.body.code).toBe(400);
      else expect(r.body.msg).toMatch(/^该账号近期登录失败较多，请 \d+ 秒后再试，或使用短信验证码登录$/);
    }
    const fresh = await loginFrom('192.0.2.200', 'Qz', { logintype: 0, phone, pwd: md5('right') });
    expect(fresh.status).toBe(429);
    const wait = Number(/请 (\d+) 秒/.exec(fresh.body.msg)![1]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // The owner's own address is not slowed.
    expect((await loginFrom('198.51.100.30', 'Qz', { logintype: 0, phone, pwd: md5('right') })).body.code).toBe(0);
    // Once the back-off has passed (aged in the database rather than waited for), a new address logs in.
    await srv.app.services.db.execute(sql`update login_attempts set at = at - interval '61 seconds' where phone = ${phone}`);
    expect((await loginFrom('192.0.2.200', 'Qz', { logintype: 0, phone, pwd: md5('right') })).body.code).toBe(0);
    // And the SMS code works throughout.
    expect((await codeFrom('192.0.2.201', phone)).code).toBe(0);
    expect((await loginFrom('192.0.2.201', 'Qz', { logintype: 1, phone, validatecode: srv.smsCode(phone) })).body.code).toBe(0);
  });

  it('wrong SMS codes do not count against the password', async () => {
    const phone = '13933330004';
    await srv.registerSeeker(phone, 'right');
    expect((await codeFrom('203.0.113.9', phone)).code).toBe(0);
    const wrong = srv.smsCode(phone) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await loginFrom('203.0.113.9', 'Qz', { logintype: 1, phone, validatecode: wrong });
    expect((await loginFrom('203.0.113.9', 'Qz', { logintype: 0, phone, pwd: md5('right') })).body.code).toBe(0);
  });

  it('many failures from one IP across phones lock that IP', async () => {
    // 30 failures from this client's address on other phones, as a password-spraying client would cause
    await srv.app.services.db.execute(sql`insert into login_attempts (role, phone, ip, ok)
      select 'qz', '1390000' || lpad(g::text, 4, '0'), '127.0.0.1', false from generate_series(1, 30) g`);
    const r = await srv.call('/api/sec/pc/logonQz', { body: { logintype: 0, phone: '13800000001', pwd: DEMO_PWD } });
    expect(r.body).toEqual({ code: 429, msg: '登录失败次数过多，请 15 分钟后再试，或使用短信验证码登录' });
    await srv.app.services.db.execute(sql`delete from login_attempts where ip = '127.0.0.1' and phone like '1390000%'`);
    expect((await srv.call('/api/sec/pc/logonQz', { body: { logintype: 0, phone: '13800000001', pwd: DEMO_PWD } })).body.code).toBe(0);
  });

  it('one address may have codes sent to a limited number of phones an hour; other addresses are not affected', async () => {
    const config = srv.app.services.config;
    const saved = config.smsPerAddressPerHour;
    config.smsPerAddressPerHour = 3;
    try {
      const send = (ip: string, phone: string) =>
        srv.app.app.inject({ method: 'GET', url: `/api/sec/pc/registerValidateCode?phone=${phone}`, remoteAddress: ip }).then((r) => r.json());
      for (let i = 1; i <= 3; i++) expect(await send('203.0.113.50', `1393333100${i}`)).toEqual({ code: 0, msg: '验证码已发送' });
      const fourth = await send('203.0.113.50', '13933331004');
      expect(fourth).toEqual({ code: 429, msg: '当前网络获取验证码的手机号过多，请 1 小时后再试' });
      expect(() => srv.smsCode('13933331004')).toThrow();
      expect((await send('203.0.113.51', '13933331004')).code).toBe(0);
    } finally {
      config.smsPerAddressPerHour = saved;
    }
  });
});

describe('roles', () => {
  it('each role reaches its own calls only', async () => {
    const qz = await srv.login('qz', '13800000001');
    const hr = await srv.login('hr', '13800000002');
    const xs = await srv.login('xs', '13800000003');
    const seekerOnly = '/api/qz/qzgrjbxx/myBaseInfo';
    const hrOnly = '/api/hr/qydwhrxx/getDwShzt';
    expect((await srv.call(seekerOnly)).body).toEqual({ code: 401, msg: '请先登录' });
    expect((await srv.call(seekerOnly, { token: qz.token })).body.code).toBe(0);
    expect((await srv.call(seekerOnly, { token: hr.token })).body).toEqual({ code: 403, msg: '该操作仅限求职者' });
    expect((await srv.call(seekerOnly, { token: xs.token })).body.code).toBe(403);
    expect((await srv.call(hrOnly, { token: hr.token })).body).toMatchObject({ code: 0, shzt: 1 });
    expect((await srv.call(hrOnly, { token: qz.token })).body).toEqual({ code: 403, msg: '该操作仅限企业 HR' });
    expect((await srv.call('/api/sec/pc/currentUser', { token: xs.token })).body.roleId).toBe('xs');
    expect((await srv.call('/api/sec/pc/logonXs', { body: { logintype: 0, phone: '13800000001', pwd: DEMO_PWD } })).body.code).toBe(400);
  });

  it('a forged or malformed token is treated as logged out', async () => {
    expect((await srv.call('/api/sec/pc/currentUser', { token: 'x'.repeat(43) })).status).toBe(401);
    expect((await srv.call('/api/sec/pc/currentUser', { token: '<script>' })).status).toBe(401);
    expect((await srv.call('/api/sec/token/refreshToken/' + 'y'.repeat(43), { method: 'POST' })).body).toEqual({ code: 401, msg: '登录已过期，请重新登录' });
  });

  it('identity calls answer with the demo data', async () => {
    const qz = await srv.login('qz', '13800000001');
    const base = await srv.call('/api/qz/qzgrjbxx/myBaseInfo', { token: qz.token });
    expect(base.body.qzGrjbxxBase).toMatchObject({ xm: '李明', xbm: 'xb_001', phone: '13800000001' });
    expect(base.body.qzGrjbxxBase.wsd).toBeGreaterThanOrEqual(60);
    const counters = await srv.call('/api/qz/qzxxtx/baseInfo', { token: qz.token });
    expect(counters.body.qzXxtx).toEqual({ wjxx: { count: expect.any(Number) }, hxxx: { count: expect.any(Number) }, xtxx: { count: expect.any(Number) } });
    const hr = await srv.login('hr', '13800000002');
    const info = await srv.call('/api/hr/qydwhrxx/getHrInfo', { token: hr.token });
    expect(info.body.qyDwhrxxEntity).toMatchObject({ xm: '王芳', zw: '招聘经理', shzt: 1 });
    const logos = await srv.call('/api/hr/qydwhrxx/getDwLogos', { body: [info.body.qyDwhrxxEntity.dwid] });
    expect(Object.keys(logos.body.urls)).toEqual([info.body.qyDwhrxxEntity.dwid]);
  });
});
