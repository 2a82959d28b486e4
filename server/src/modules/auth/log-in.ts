/** A password or SMS-code login: the throttle that asks for a second factor, the checks, the attempt recorded. */
import type { FastifyRequest } from 'fastify';
import { LOGIN_CODE_REQUIRED } from '@zp/core/contract';
import { AppError, badRequest } from '../../http/reply.js';
import type { Role } from '../../http/user.js';
import type { Services } from '../../services.js';
import { UNREGISTERED_MSG } from './messages.js';
import { refuseOnPartnerPage } from './partner-page.js';
import { checkPassword, decoyHash } from './passwords.js';
import { findUser, otherRoleUsers, passwordFailures, recordLoginAttempt } from './repo.js';
import { clientOf, startSession } from './start-session.js';

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
const LOGIN_LIMITS = { windowMinutes: 15, perPair: 5, underAttack: 10, knownAddressDays: 30 } as const;

/** Why a password login from `ip` needs the SMS code as well, or null when the password alone will do. */
async function secondFactorReason(s: Services, role: Role, phone: string, ip: string): Promise<string | null> {
  const perAddress = s.config.loginAccountsPerAddress;
  const r = await passwordFailures(s.db, { role, phone, ip, windowMinutes: LOGIN_LIMITS.windowMinutes, knownAddressDays: LOGIN_LIMITS.knownAddressDays });
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
async function otherRoleWithPassword(s: Services, role: Role, phone: string, pwd: string): Promise<Role | null> {
  const others = await otherRoleUsers(s.db, role, phone);
  for (const u of others) if (await checkPassword(u.password_hash, pwd)) return u.role;
  return null;
}

export async function logIn(s: Services, req: FastifyRequest, role: Role, body: { logintype: 0 | 1; phone: string; pwd?: string; validatecode?: string }) {
  refuseOnPartnerPage(s, req);
  const { ip } = clientOf(req);
  if (body.logintype === 0 && !body.pwd) throw badRequest('请输入密码');
  if (body.logintype === 1 && !body.validatecode) throw badRequest('请输入验证码');
  const byCode = body.logintype === 1;
  const user = await findUser(s.db, role, body.phone);
  const record = (ok: boolean, codeOnly = byCode) => recordLoginAttempt(s.db, { role, phone: body.phone, ip, ok, byCode: codeOnly });
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
      const other = await otherRoleWithPassword(s, role, body.phone, body.pwd!);
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
}
