/** A logged-in person moves their account to a new phone, with a code sent to each of the two. */
import type { FastifyRequest } from 'fastify';
import { badRequest, conflict } from '../../http/reply.js';
import type { User } from '../../http/user.js';
import type { Services } from '../../services.js';
import { findUser, setPhone } from './repo.js';

export async function sendNewPhoneCode(s: Services, req: FastifyRequest, user: User, phone: string) {
  if (phone === user.phone) throw badRequest('新手机号不能与原手机号相同');
  if (await findUser(s.db, user.role, phone)) throw conflict('该手机号已被其他账号使用');
  await s.sms.send(phone, 'new_phone', req.ip);
}

export async function changePhone(s: Services, req: FastifyRequest, user: User, query: { newPhone: string; oldValidateCode: string; newValidateCode: string }) {
  if (await findUser(s.db, user.role, query.newPhone)) throw conflict('该手机号已被其他账号使用');
  await s.sms.verify(user.phone, 'old_phone', query.oldValidateCode, req.ip);
  await s.sms.verify(query.newPhone, 'new_phone', query.newValidateCode, req.ip);
  await setPhone(s.db, user.id, query.newPhone);
}
