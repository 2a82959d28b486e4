/** A forgotten password reset with an SMS code; every session of the account ends. */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/reply.js';
import type { Role } from '../../http/user.js';
import type { Services } from '../../services.js';
import { UNREGISTERED_MSG } from './messages.js';
import { refuseOnPartnerPage } from './partner-page.js';
import { hashPassword, refuseCommonPassword } from './passwords.js';
import { findUser, setPasswordHash } from './repo.js';

export async function resetPassword(s: Services, req: FastifyRequest, role: Role, query: { phone: string; pwd: string; validateCode: string }) {
  refuseOnPartnerPage(s, req);
  const user = await findUser(s.db, role, query.phone);
  if (!user) throw badRequest(UNREGISTERED_MSG);
  refuseCommonPassword(query.pwd);
  await s.sms.verify(query.phone, 'reset', query.validateCode, req.ip);
  await setPasswordHash(s.db, user.id, await hashPassword(query.pwd));
  await s.sessions.revokeAll(user.id);
  return { msg: '密码已重置，请使用新密码登录' };
}
