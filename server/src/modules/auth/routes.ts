/** The auth module's routes: handlers only; the rules are in the use cases, the SQL in repo.ts. */
import { ACCOUNT_CLOSED_MSG, authApi, partnersApi, privacyApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { notFound, replyAfter } from '../../http/reply.js';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import type { Module } from '../order.js';
import type { AuthNeeds } from './needs.js';
import { changePassword } from './change-password.js';
import { changePhone, sendNewPhoneCode } from './change-phone.js';
import { closeAccount, sendCloseCode } from './close-account.js';
import { logIn } from './log-in.js';
import { loginLogPage } from './login-log.js';
import { publishPolicy } from './publish-policy.js';
import { currentPolicy, recordConsent } from './record-consent.js';
import { refreshSession } from './refresh-session.js';
import { registerHr } from './register-hr.js';
import { registerSeeker } from './register-seeker.js';
import { chinaNow, deleteLoginLog, nameAndEmail, pendingPolicies, personalData, policyVersions, setEmail } from './repo.js';
import { resetPassword } from './reset-password.js';
import { sendLoginCode, sendRegisterCode, sendResetCode } from './send-code.js';
import { tokenOf } from './sessions.js';

/** The auth module, given what it asks of the profile owners (see needs.ts). */
export function authModule(needs: AuthNeeds): Module {
  return { name: 'auth', dependencies: ['partners'], register: (app, s) => register(app, s, needs) };
}

function register(app: FastifyInstance, s: Services, needs: AuthNeeds): void {
  handle(app, s, authApi.registerCode, ({ query, req }) => replyAfter(sendRegisterCode(s, req, query.phone, query.role), { msg: '验证码已发送' }));
  handle(app, s, authApi.loginCode, ({ query, req }) => replyAfter(sendLoginCode(s, req, query.phone, query.role), { msg: '验证码已发送' }));
  handle(app, s, authApi.resetCode, ({ query, req }) => replyAfter(sendResetCode(s, req, query.phone, query.role), { msg: '验证码已发送' }));

  handle(app, s, authApi.registerSeeker, async ({ body, req }) => registerSeeker(s, needs, req, body));
  handle(app, s, authApi.registerHr, async ({ body, req }) => registerHr(s, needs, req, body));

  handle(app, s, authApi.loginSeeker, async ({ body, req }) => logIn(s, req, 'qz', body));
  handle(app, s, authApi.loginHr, async ({ body, req }) => logIn(s, req, 'hr', body));
  handle(app, s, authApi.loginOperator, async ({ body, req }) => logIn(s, req, 'xs', body));
  handle(app, s, authApi.resetSeeker, async ({ query, req }) => resetPassword(s, req, 'qz', query));
  handle(app, s, authApi.resetHr, async ({ query, req }) => resetPassword(s, req, 'hr', query));

  handle(app, s, authApi.refresh, async ({ params, req }) => refreshSession(s, params.token, await s.sessions.userByToken(params.token), req));
  // route.ts has looked up the token's session (and checked a partner token's origin); tokenOf cannot be null here.
  handle(app, s, authApi.refreshCurrent, async ({ req, user }) => refreshSession(s, tokenOf(req)!, user, req));
  handle(app, s, authApi.logout, ({ user }) => replyAfter(s.sessions.revoke(user.sessionId), { msg: '已退出登录' }));
  handle(app, s, authApi.currentUser, async ({ user }) => {
    const u = await nameAndEmail(s.db, user.id);
    return { userId: user.id, roleId: user.role, userName: u?.name || user.phone, phone: user.phone, email: u?.email ?? '' };
  });

  handle(app, s, authApi.loginLog, async ({ user, query }) => ({ loginLog: await loginLogPage(s.db, user.id, query) }));
  handle(app, s, authApi.deleteLoginLog, async ({ user, body }) => ({ deleted: await deleteLoginLog(s.db, user.id, body) }));

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

  handle(app, s, authApi.changePassword, async ({ user, query }) => changePassword(s, user, query));
  handle(app, s, authApi.sendOldPhoneCode, ({ user, req }) => replyAfter(s.sms.send(user.phone, 'old_phone', req.ip), { msg: '验证码已发送' }));
  handle(app, s, authApi.sendNewPhoneCode, ({ user, query, req }) => replyAfter(sendNewPhoneCode(s, req, user, query.phone), { msg: '验证码已发送' }));
  handle(app, s, authApi.changePhone, ({ user, query, req }) => replyAfter(changePhone(s, req, user, query), { msg: '手机号已更换' }));

  // ---- PIPL: policies and consent, the person's data, closing the account

  handle(app, s, privacyApi.policy, async ({ query }) => ({ policy: await currentPolicy(s.db, query.kind) }));
  handle(app, s, privacyApi.pendingConsent, async ({ user }) => ({ pending: user.role === 'xs' ? [] : await pendingPolicies(s.db, user.id) }));
  handle(app, s, privacyApi.agree, ({ user, body, req }) => replyAfter(recordConsent(s.db, user.id, body, req.ip), { msg: '已同意' }));
  handle(app, s, privacyApi.myData, async ({ user }) => {
    const exportedAt = await chinaNow(s.db);
    return { exportedAt, data: await personalData(s.db, user.id, user.role) };
  });
  handle(app, s, privacyApi.closeCode, ({ user, req }) => replyAfter(sendCloseCode(s, req, user), { msg: '验证码已发送' }));
  handle(app, s, privacyApi.close, ({ user, body, req }) => replyAfter(closeAccount(s, req, user, body.validateCode), { msg: ACCOUNT_CLOSED_MSG }));
  handle(app, s, privacyApi.adminPolicies, async ({ query }) => ({ list: await policyVersions(s.db, query.kind) }));
  handle(app, s, privacyApi.adminPublish, async ({ user, body }) => publishPolicy(s, user.id, body));

  handle(app, s, authApi.changeEmail, ({ user, body }) => replyAfter(setEmail(s.db, user.id, body.email), { msg: '邮箱已修改' }));
}
