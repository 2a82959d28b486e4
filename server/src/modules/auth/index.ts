import type { FastifyRequest } from 'fastify';
import { authApi, partnersApi } from '@zp/core/contract';
import { handle, PARTNER_WRONG_ORIGIN_MSG, type Role, type User } from '../../http/route.js';
import { badRequest, conflict, notFound, tooMany, unauthorized, pageOf, offsetOf } from '../../http/reply.js';
import { one, rows, sql, type Db } from '../../db/index.js';
import type { Module } from '../index.js';
import type { Services } from '../../services.js';
import { checkPassword, decoyHash, hashPassword } from './passwords.js';
import { createSeekerProfile } from '../resumes/profile.js';
import { createHrProfile, syncHrPhone } from '../companies/hr.js';
import { originMatches, tokenOf } from './sessions.js';
import { requestOrigin } from '../../http/origins.js';

/**
 * Password throttling, kept in the database so that every node counts the same attempts.
 * - perPair: wrong passwords for one account from one address; that address then waits the window.
 * - perIp: wrong passwords from one address over any accounts (password spraying).
 * - slowFrom: wrong passwords for one account from all addresses together; past it, addresses
 *   that never logged in to the account wait a back-off doubling per failure (at most
 *   maxDelaySeconds) after the account's last failure. Nobody is locked out for the window by
 *   someone else's failures, addresses the account logged in from before are never slowed, and
 *   the SMS-code login is never throttled by passwords (codes have their own tries and limits).
 */
export const LOGIN_LIMITS = { windowMinutes: 15, perPair: 5, perIp: 30, slowFrom: 10, maxDelaySeconds: 60, knownAddressDays: 30 } as const;

interface UserRow {
  id: string;
  role: Role;
  phone: string;
  password_hash: string;
  name: string;
}

export async function findUser(db: Db, role: Role, phone: string) {
  return one<UserRow>(db, sql`select id::text as id, role, phone, password_hash, name from users where role = ${role} and phone = ${phone}`);
}

export async function createUser(db: Db, role: Role, phone: string, md5pwd: string, name = ''): Promise<string> {
  const hash = await hashPassword(md5pwd);
  const r = await one<{ id: string }>(
    db,
    sql`insert into users (role, phone, password_hash, name) values (${role}, ${phone}, ${hash}, ${name})
        on conflict (role, phone) do nothing returning id::text as id`,
  );
  if (!r) throw conflict('该手机号已注册，请直接登录');
  return r.id;
}

export async function setDisplayName(db: Db, userId: string, name: string) {
  await db.execute(sql`update users set name = ${name} where id = ${userId}`);
}

function clientOf(req: FastifyRequest) {
  return { ip: req.ip, ua: String(req.headers['user-agent'] ?? '').slice(0, 300) };
}

async function startSession(s: Services, req: FastifyRequest, user: { id: string; role: Role; phone: string; name: string }, loginType: number) {
  // On a partner site's page the login gets a partner token: bound to that origin, short-lived, scoped.
  const origin = s.origins.partnerOf(req);
  const { token, expiresIn } = await s.sessions.create(user.id, { origin });
  const { ip, ua } = clientOf(req);
  await s.db.execute(sql`insert into login_log (user_id, ip, user_agent, login_type, origin) values (${user.id}, ${ip}, ${ua}, ${loginType}, ${origin ?? ''})`);
  return { token, expiresIn, userId: user.id, roleId: user.role, userName: user.name || user.phone, phone: user.phone };
}

async function throttlePassword(db: Db, role: Role, phone: string, ip: string) {
  const r = await one<{ pair: number; by_ip: number; account: number; since_last: number | null; known: boolean }>(
    db,
    sql`with recent as (
          select phone, ip, role, at from login_attempts
          where not ok and not by_code and at > now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes})
            and ((role = ${role} and phone = ${phone}) or ip = ${ip}))
        select count(*) filter (where role = ${role} and phone = ${phone} and ip = ${ip})::int as pair,
               count(*) filter (where ip = ${ip})::int as by_ip,
               count(*) filter (where role = ${role} and phone = ${phone})::int as account,
               extract(epoch from now() - max(at) filter (where role = ${role} and phone = ${phone}))::float as since_last,
               exists (select 1 from login_attempts where ok and role = ${role} and phone = ${phone} and ip = ${ip}
                         and at > now() - make_interval(days => ${LOGIN_LIMITS.knownAddressDays})) as known
        from recent`,
  );
  if (!r) return;
  if (r.pair >= LOGIN_LIMITS.perPair || r.by_ip >= LOGIN_LIMITS.perIp) {
    throw tooMany(`登录失败次数过多，请 ${LOGIN_LIMITS.windowMinutes} 分钟后再试，或使用短信验证码登录`);
  }
  if (r.account >= LOGIN_LIMITS.slowFrom && !r.known && r.since_last !== null) {
    const delay = Math.min(LOGIN_LIMITS.maxDelaySeconds, 2 ** (r.account - LOGIN_LIMITS.slowFrom));
    const wait = Math.ceil(delay - r.since_last);
    if (wait > 0) throw tooMany(`该账号近期登录失败较多，请 ${wait} 秒后再试，或使用短信验证码登录`);
  }
}

/** Where each role logs in, for a person who used another role's login page. */
const WRONG_LOGIN_PAGE: Record<Role, string> = {
  qz: '该手机号是求职者账号，请在人才登录页（/zppc/public/login?id=1）登录',
  hr: '该手机号是企业 HR 账号，请在企业登录页（/zppc/public/login?id=2）登录',
  xs: '该手机号是平台运营账号，请在运营登录页（/zppc/public/login?id=3）登录',
};

/** The other role whose account of `phone` has this password, if any. */
async function otherRoleWithPassword(db: Db, role: Role, phone: string, pwd: string): Promise<Role | null> {
  const others = await rows<UserRow>(db, sql`select id::text as id, role, phone, password_hash, name from users where phone = ${phone} and role <> ${role}`);
  for (const u of others) if (await checkPassword(u.password_hash, pwd)) return u.role;
  return null;
}

function login(role: Role) {
  return async ({ body, req, services: s }: { body: { logintype: 0 | 1; phone: string; pwd?: string; validatecode?: string }; req: FastifyRequest; services: Services }) => {
    const { ip } = clientOf(req);
    if (body.logintype === 0 && !body.pwd) throw badRequest('请输入密码');
    if (body.logintype === 1 && !body.validatecode) throw badRequest('请输入验证码');
    const byCode = body.logintype === 1;
    if (!byCode) await throttlePassword(s.db, role, body.phone, ip);
    const user = await findUser(s.db, role, body.phone);
    const record = (ok: boolean) =>
      s.db.execute(sql`insert into login_attempts (role, phone, ip, ok, by_code) values (${role}, ${body.phone}, ${ip}, ${ok}, ${byCode})`);
    if (!byCode) {
      const ok = await checkPassword(user?.password_hash ?? (await decoyHash()), body.pwd!);
      if (!user) {
        // A person at the wrong door (the operator on the talent page): named only to whoever
        // knows that account's password, so the hint tells a stranger nothing.
        const other = await otherRoleWithPassword(s.db, role, body.phone, body.pwd!);
        if (other) throw badRequest(WRONG_LOGIN_PAGE[other]);
      }
      if (!user || !ok) {
        await record(false);
        throw badRequest('手机号或密码错误');
      }
    } else {
      if (!user) {
        await record(false);
        throw badRequest('该手机号尚未注册');
      }
      try {
        await s.sms.verify(body.phone, 'login', body.validatecode!);
      } catch (err) {
        await record(false);
        throw err;
      }
    }
    await record(true);
    return startSession(s, req, user!, body.logintype);
  };
}

function resetPassword(role: Role) {
  return async ({ query, services: s }: { query: { phone: string; pwd: string; validateCode: string }; services: Services }) => {
    const user = await findUser(s.db, role, query.phone);
    if (!user) throw badRequest('该手机号尚未注册');
    await s.sms.verify(query.phone, 'reset', query.validateCode);
    await s.db.execute(sql`update users set password_hash = ${await hashPassword(query.pwd)} where id = ${user.id}`);
    await s.sessions.revokeAll(user.id);
    return { msg: '密码已重置，请使用新密码登录' };
  };
}

const auth: Module = {
  name: 'auth',
  register(app, s) {
    handle(app, s, authApi.registerCode, async ({ query, req }) => (await s.sms.send(query.phone, 'register', req.ip), { msg: '验证码已发送' }));
    handle(app, s, authApi.loginCode, async ({ query, req }) => (await s.sms.send(query.phone, 'login', req.ip), { msg: '验证码已发送' }));
    handle(app, s, authApi.resetCode, async ({ query, req }) => (await s.sms.send(query.phone, 'reset', req.ip), { msg: '验证码已发送' }));

    handle(app, s, authApi.registerSeeker, async ({ body, req }) => {
      if (await findUser(s.db, 'qz', body.phone)) throw conflict('该手机号已注册，请直接登录');
      await s.sms.verify(body.phone, 'register', body.validateCode);
      const id = await createUser(s.db, 'qz', body.phone, body.pwd);
      await createSeekerProfile(s.db, id, body.phone);
      return startSession(s, req, { id, role: 'qz', phone: body.phone, name: '' }, 2);
    });
    handle(app, s, authApi.registerHr, async ({ body, req }) => {
      if (await findUser(s.db, 'hr', body.phone)) throw conflict('该手机号已注册，请直接登录');
      await s.sms.verify(body.phone, 'register', body.validateCode);
      const name = body.xm?.trim() ?? '';
      const id = await createUser(s.db, 'hr', body.phone, body.pwd, name);
      await createHrProfile(s.db, id, { xm: name, zw: body.zw?.trim() ?? '' });
      return startSession(s, req, { id, role: 'hr', phone: body.phone, name }, 2);
    });

    handle(app, s, authApi.loginSeeker, login('qz'));
    handle(app, s, authApi.loginHr, login('hr'));
    handle(app, s, authApi.loginOperator, login('xs'));
    handle(app, s, authApi.resetSeeker, resetPassword('qz'));
    handle(app, s, authApi.resetHr, resetPassword('hr'));

    /** `owner`: the session of `token`, looked up once per refresh (by route.ts for the header's token). */
    const refresh = async (token: string, owner: User | null, req: FastifyRequest) => {
      // A partner token renews only from its own site: a copy elsewhere cannot be kept alive.
      if (owner && !originMatches(owner, requestOrigin(req))) throw unauthorized(PARTNER_WRONG_ORIGIN_MSG);
      const r = owner ? await s.sessions.rotate(owner, token) : null;
      if (!owner || !r) throw unauthorized('登录已过期，请重新登录');
      return { token: r.token, expiresIn: r.expiresIn, userId: owner.id, roleId: owner.role, userName: r.name || owner.phone, phone: owner.phone };
    };
    handle(app, s, authApi.refresh, async ({ params, req }) => refresh(params.token, await s.sessions.userByToken(params.token), req));
    // route.ts has looked up the token's session (and checked a partner token's origin); tokenOf cannot be null here.
    handle(app, s, authApi.refreshCurrent, async ({ req, user }) => refresh(tokenOf(req)!, user, req));
    handle(app, s, authApi.logout, async ({ user }) => {
      await s.sessions.revoke(user.sessionId);
      return { msg: '已退出登录' };
    });
    handle(app, s, authApi.currentUser, async ({ user }) => {
      const u = await one<{ name: string; email: string }>(s.db, sql`select name, email from users where id = ${user.id}`);
      return { userId: user.id, roleId: user.role, userName: u?.name || user.phone, phone: user.phone, email: u?.email ?? '' };
    });

    handle(app, s, authApi.loginLog, async ({ user, query }) => {
      const from = query.startDate?.slice(0, 10) || '1970-01-01';
      const to = query.endDate?.slice(0, 10) || '9999-12-31';
      // Dates are days in China (Asia/Shanghai), whatever the database's own time zone.
      const where = sql`user_id = ${user.id}
        and login_time >= (${from}::date)::timestamp at time zone 'Asia/Shanghai'
        and login_time < (${to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;
      const total = await one<{ n: number }>(s.db, sql`select count(*)::int as n from login_log where ${where}`);
      const list = await rows<{ bsid: string; dlsj: string; dlip: string; ua: string; logintype: number; origin: string }>(
        s.db,
        sql`select id::text as bsid, to_char(login_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as dlsj,
                   ip as dlip, user_agent as ua, login_type::int as logintype, origin
            from login_log where ${where} order by login_time desc, id desc
            limit ${query.limit} offset ${offsetOf(query.page, query.limit)}`,
      );
      // Every login of this site is made on a computer's browser ('301') and only successful ones are kept ('101').
      const rowsOut = list.map(({ ua, ...r }) => ({ ...r, dlllq: browserOf(ua), dlsm: '301', dlzt: '101' }));
      return { loginLog: pageOf(rowsOut, total?.n ?? 0, query.page, query.limit) };
    });
    handle(app, s, authApi.deleteLoginLog, async ({ user, body }) => {
      const r = await rows(s.db, sql`delete from login_log where user_id = ${user.id} and id in (${sql.join(body.map((id) => sql`${id}`), sql`, `)}) returning id`);
      return { deleted: r.length };
    });

    // ---- the person's logins on partner sites (the account page's login log lists and ends them)

    handle(app, s, partnersApi.mySessions, async ({ user }) => {
      const list = await s.sessions.partnerSessions(user.id);
      return {
        list: list.map((r) => ({ bsid: r.id, mc: s.origins.nameOf(r.origin) ?? '', origin: r.origin, loginTime: r.login_time, expireTime: r.expire_time })),
      };
    });
    handle(app, s, partnersApi.endMySession, async ({ user, body }) => {
      if (!(await s.sessions.endPartnerSession(user.id, body.bsid))) throw notFound('该登录已结束或不存在');
      return { msg: '已结束该合作网站登录' };
    });

    handle(app, s, authApi.changePassword, async ({ user, query }) => {
      const row = await one<{ password_hash: string }>(s.db, sql`select password_hash from users where id = ${user.id}`);
      if (!row || !(await checkPassword(row.password_hash, query.oldPwd))) throw badRequest('原密码错误');
      if (query.oldPwd.toLowerCase() === query.newPwd.toLowerCase()) throw badRequest('新密码不能与原密码相同');
      await s.db.execute(sql`update users set password_hash = ${await hashPassword(query.newPwd)} where id = ${user.id}`);
      await s.sessions.revokeAll(user.id);
      return { msg: '密码已修改，请重新登录' };
    });
    handle(app, s, authApi.sendOldPhoneCode, async ({ user, req }) => (await s.sms.send(user.phone, 'old_phone', req.ip), { msg: '验证码已发送' }));
    handle(app, s, authApi.sendNewPhoneCode, async ({ user, query, req }) => {
      if (query.phone === user.phone) throw badRequest('新手机号不能与原手机号相同');
      if (await findUser(s.db, user.role, query.phone)) throw conflict('该手机号已被其他账号使用');
      await s.sms.send(query.phone, 'new_phone', req.ip);
      return { msg: '验证码已发送' };
    });
    handle(app, s, authApi.changePhone, async ({ user, query }) => {
      if (await findUser(s.db, user.role, query.newPhone)) throw conflict('该手机号已被其他账号使用');
      await s.sms.verify(user.phone, 'old_phone', query.oldValidateCode);
      await s.sms.verify(query.newPhone, 'new_phone', query.newValidateCode);
      await s.db.execute(sql`update users set phone = ${query.newPhone} where id = ${user.id}`);
      if (user.role === 'hr') await syncHrPhone(s.db, user.id, query.newPhone);
      return { msg: '手机号已更换' };
    });
    handle(app, s, authApi.changeEmail, async ({ user, body }) => {
      await s.db.execute(sql`update users set email = ${body.email} where id = ${user.id}`);
      return { msg: '邮箱已修改' };
    });
  },
};
export default auth;

/** Browser with its major version and system, e.g. 'Chrome 120 / Windows' (dlllq); '未知' without a user agent. */
export function browserOf(ua: string): string {
  let browser = ua ? '其他浏览器' : '未知';
  for (const [re, name] of [
    [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/MicroMessenger\/(\d+)/, '微信'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[^ ]* .*Safari\//, 'Safari'],
  ] as const) {
    const m = re.exec(ua);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  const os = /Windows/.test(ua) ? 'Windows' : /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  return os ? `${browser} / ${os}` : browser;
}
