import type { FastifyRequest } from 'fastify';
import { authApi, LOGIN_CODE_REQUIRED, partnersApi, PARTNER_PAGE_LOGIN_MSG } from '@zp/core/contract';
import { handle, FULL_TOKEN_ON_PARTNER_MSG, PARTNER_WRONG_ORIGIN_MSG, type Role, type User } from '../../http/route.js';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized, pageOf, offsetOf } from '../../http/reply.js';
import { one, rows, sql, type Db } from '../../db/index.js';
import type { Module } from '../index.js';
import type { Services } from '../../services.js';
import { checkPassword, decoyHash, hashPassword, refuseCommonPassword } from './passwords.js';
import { createSeekerProfile } from '../resumes/public.js';
import { createHrProfile, syncHrPhone } from '../companies/public.js';
import { originMatches, tokenOf } from './sessions.js';
import { checkConsentCurrent, recordConsent, registerPrivacy } from './privacy.js';

/**
 * Password throttling, kept in the database so that every node counts the same attempts. Nobody is
 * ever refused a password check outright for someone else's failures: where guessing is under way
 * the password counts only together with the SMS code sent to the account's phone (a second
 * factor), and it is not even checked without that code, so guessers learn nothing.
 * - perPair: wrong passwords for one account from one address; past it, that address needs the code.
 * - underAttack: wrong passwords for one account from all addresses; past it, every address that
 *   has not logged in to the account within knownAddressDays needs the code.
 * - config.loginAccountsPerAddress: accounts that got wrong passwords from one address in the window /
 *   a day (credential stuffing: one try at each of many accounts; a person retyping their own
 *   password counts once); past either, that address needs the code for every account it has not
 *   logged in to before.
 * Addresses the account logged in from recently pass the account-wide and address-wide rules;
 * the SMS-code login has its own limits (sms.ts).
 */
export const LOGIN_LIMITS = { windowMinutes: 15, perPair: 5, underAttack: 10, knownAddressDays: 30 } as const;

const REGISTERED_MSG = '该手机号已注册，请直接登录';
const UNREGISTERED_MSG = '该手机号尚未注册';

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
  if (!r) throw conflict(REGISTERED_MSG);
  return r.id;
}

export async function setDisplayName(db: Db, userId: string, name: string) {
  await db.execute(sql`update users set name = ${name} where id = ${userId}`);
}

function clientOf(req: FastifyRequest) {
  return { ip: req.ip, ua: String(req.headers['user-agent'] ?? '').slice(0, 300) };
}

/** login_log.login_type: 0 password, 1 SMS code, 2 registration, 3 a partner site authorised in the platform's login window. */
export const LOGIN_TYPE_PARTNER = 3;

/**
 * A new session and its login-log line. `origin`: the partner site a partner token is issued to
 * (bound to it, short-lived, scoped): only the platform's login window asks for one (partners module).
 */
export async function startSession(s: Services, req: FastifyRequest, user: { id: string; role: Role; phone: string; name: string }, loginType: number, origin: string | null = null) {
  const { token, expiresIn } = await s.sessions.create(user.id, { origin });
  const { ip, ua } = clientOf(req);
  await s.db.execute(sql`insert into login_log (user_id, ip, user_agent, login_type, origin) values (${user.id}, ${ip}, ${ua}, ${loginType}, ${origin ?? ''})`);
  return { token, expiresIn, userId: user.id, roleId: user.role, userName: user.name || user.phone, phone: user.phone };
}

/** Why a password login from `ip` needs the SMS code as well, or null when the password alone will do. */
async function secondFactorReason(s: Services, role: Role, phone: string, ip: string): Promise<string | null> {
  const perAddress = s.config.loginAccountsPerAddress;
  const r = await one<{ pair: number; account: number; by_ip: number; by_ip_day: number; known: boolean }>(
    s.db,
    sql`select count(*) filter (where role = ${role} and phone = ${phone} and ip = ${ip} and at > now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes}))::int as pair,
               count(*) filter (where role = ${role} and phone = ${phone} and at > now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes}))::int as account,
               count(distinct role || phone) filter (where ip = ${ip} and at > now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes}))::int as by_ip,
               count(distinct role || phone) filter (where ip = ${ip})::int as by_ip_day,
               exists (select 1 from login_attempts where ok and role = ${role} and phone = ${phone} and ip = ${ip}
                         and at > now() - make_interval(days => ${LOGIN_LIMITS.knownAddressDays})) as known
        from login_attempts
        where not ok and not by_code and at > now() - interval '1 day'
          and ((role = ${role} and phone = ${phone}) or ip = ${ip})`,
  );
  if (!r) return null;
  if (r.pair >= LOGIN_LIMITS.perPair) return LOGIN_CODE_REQUIRED.tooManyHere;
  if (r.known) return null;
  if (r.account >= LOGIN_LIMITS.underAttack) return LOGIN_CODE_REQUIRED.accountUnderAttack;
  if (r.by_ip >= perAddress.window || r.by_ip_day >= perAddress.day) return LOGIN_CODE_REQUIRED.addressFlagged;
  return null;
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

/**
 * Passwords and SMS codes are typed only on the platform's own pages: on a partner's page any
 * script reads them. A partner page logs in through the platform's login window, so these calls
 * from it are refused before anything is checked or counted.
 */
function refuseOnPartnerPage(s: Services, req: FastifyRequest) {
  if (s.origins.partnerOf(req)) throw forbidden(PARTNER_PAGE_LOGIN_MSG);
}

function login(role: Role) {
  return async ({ body, req, services: s }: { body: { logintype: 0 | 1; phone: string; pwd?: string; validatecode?: string }; req: FastifyRequest; services: Services }) => {
    refuseOnPartnerPage(s, req);
    const { ip } = clientOf(req);
    if (body.logintype === 0 && !body.pwd) throw badRequest('请输入密码');
    if (body.logintype === 1 && !body.validatecode) throw badRequest('请输入验证码');
    const byCode = body.logintype === 1;
    const user = await findUser(s.db, role, body.phone);
    const record = (ok: boolean, codeOnly = byCode) =>
      s.db.execute(sql`insert into login_attempts (role, phone, ip, ok, by_code) values (${role}, ${body.phone}, ${ip}, ${ok}, ${codeOnly})`);
    if (!byCode) {
      // Checked before the password, and answered alike whether it is right or wrong: no verdict without the code.
      const needsCode = await secondFactorReason(s, role, body.phone, ip);
      if (needsCode) {
        if (!body.validatecode) throw new AppError(LOGIN_CODE_REQUIRED.code, needsCode);
        try {
          await s.sms.check(body.phone, 'login', body.validatecode, ip);
        } catch (err) {
          await record(false, true);
          throw err;
        }
      }
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
      if (needsCode) await s.sms.consume(body.phone, 'login');
    } else {
      if (!user) {
        await record(false);
        throw badRequest(UNREGISTERED_MSG);
      }
      try {
        await s.sms.verify(body.phone, 'login', body.validatecode!, ip);
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
  return async ({ query, req, services: s }: { query: { phone: string; pwd: string; validateCode: string }; req: FastifyRequest; services: Services }) => {
    refuseOnPartnerPage(s, req);
    const user = await findUser(s.db, role, query.phone);
    if (!user) throw badRequest(UNREGISTERED_MSG);
    refuseCommonPassword(query.pwd);
    await s.sms.verify(query.phone, 'reset', query.validateCode, req.ip);
    await s.db.execute(sql`update users set password_hash = ${await hashPassword(query.pwd)} where id = ${user.id}`);
    await s.sessions.revokeAll(user.id);
    return { msg: '密码已重置，请使用新密码登录' };
  };
}

const auth: Module = {
  name: 'auth',
  dependencies: ['partners'],
  register(app, s) {
    // Said at the code step, and nothing sent, when the number cannot use the code. Without a
    // role (the previous client) the phone is judged over the roles that register.
    const rolesOf = async (phone: string) => (await rows<{ role: Role }>(s.db, sql`select role from users where phone = ${phone}`)).map((r) => r.role);
    const SELF_SERVICE: Role[] = ['qz', 'hr'];
    handle(app, s, authApi.registerCode, async ({ query, req }) => {
      refuseOnPartnerPage(s, req);
      await s.sms.send(query.phone, 'register', req.ip, async () => {
        const held = await rolesOf(query.phone);
        const taken = query.role ? held.includes(query.role) : SELF_SERVICE.every((r) => held.includes(r));
        return taken ? conflict(REGISTERED_MSG) : null;
      });
      return { msg: '验证码已发送' };
    });
    const unregistered = (phone: string, role: Role | undefined, roles: Role[]) => async () => {
      const held = await rolesOf(phone);
      return (role ? held.includes(role) : held.some((r) => roles.includes(r))) ? null : badRequest(UNREGISTERED_MSG);
    };
    handle(app, s, authApi.loginCode, async ({ query, req }) => {
      refuseOnPartnerPage(s, req);
      await s.sms.send(query.phone, 'login', req.ip, unregistered(query.phone, query.role, ['qz', 'hr', 'xs']));
      return { msg: '验证码已发送' };
    });
    handle(app, s, authApi.resetCode, async ({ query, req }) => {
      refuseOnPartnerPage(s, req);
      await s.sms.send(query.phone, 'reset', req.ip, unregistered(query.phone, query.role, SELF_SERVICE));
      return { msg: '验证码已发送' };
    });

    handle(app, s, authApi.registerSeeker, async ({ body, req }) => {
      refuseOnPartnerPage(s, req);
      if (await findUser(s.db, 'qz', body.phone)) throw conflict(REGISTERED_MSG);
      refuseCommonPassword(body.pwd);
      await checkConsentCurrent(s.db, body.consent);
      await s.sms.verify(body.phone, 'register', body.validateCode, req.ip);
      const id = await createUser(s.db, 'qz', body.phone, body.pwd);
      if (body.consent) await recordConsent(s.db, id, body.consent, req.ip);
      await createSeekerProfile(s.db, id, body.phone);
      return startSession(s, req, { id, role: 'qz', phone: body.phone, name: '' }, 2);
    });
    handle(app, s, authApi.registerHr, async ({ body, req }) => {
      refuseOnPartnerPage(s, req);
      if (await findUser(s.db, 'hr', body.phone)) throw conflict(REGISTERED_MSG);
      refuseCommonPassword(body.pwd);
      await checkConsentCurrent(s.db, body.consent);
      await s.sms.verify(body.phone, 'register', body.validateCode, req.ip);
      const name = body.xm?.trim() ?? '';
      const id = await createUser(s.db, 'hr', body.phone, body.pwd, name);
      if (body.consent) await recordConsent(s.db, id, body.consent, req.ip);
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
      // A partner token renews only from its own site: a copy elsewhere cannot be kept alive; a full token not on a partner's page.
      if (owner && !originMatches(owner, s.origins.partnerOf(req))) throw unauthorized(owner.origin ? PARTNER_WRONG_ORIGIN_MSG : FULL_TOKEN_ON_PARTNER_MSG);
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
      refuseCommonPassword(query.newPwd);
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
    handle(app, s, authApi.changePhone, async ({ user, query, req }) => {
      if (await findUser(s.db, user.role, query.newPhone)) throw conflict('该手机号已被其他账号使用');
      await s.sms.verify(user.phone, 'old_phone', query.oldValidateCode, req.ip);
      await s.sms.verify(query.newPhone, 'new_phone', query.newValidateCode, req.ip);
      await s.db.execute(sql`update users set phone = ${query.newPhone} where id = ${user.id}`);
      if (user.role === 'hr') await syncHrPhone(s.db, user.id, query.newPhone);
      return { msg: '手机号已更换' };
    });
    registerPrivacy(app, s);

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
