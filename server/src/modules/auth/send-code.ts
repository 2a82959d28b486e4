/**
 * The SMS codes asked for before registering, logging in and resetting a password. Said at the
 * code step, and nothing sent, when the number cannot use the code. Without a role (the previous
 * client) the phone is judged over the roles that register.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest, conflict } from '../../http/reply.js';
import type { Role } from '../../http/user.js';
import type { Services } from '../../services.js';
import { REGISTERED_MSG, UNREGISTERED_MSG } from './messages.js';
import { refuseOnPartnerPage } from './partner-page.js';
import { rolesOfPhone } from './repo.js';

const SELF_SERVICE: Role[] = ['qz', 'hr'];

export async function sendRegisterCode(s: Services, req: FastifyRequest, phone: string, role: Role | undefined) {
  refuseOnPartnerPage(s, req);
  await s.sms.send(phone, 'register', req.ip, async () => {
    const held = await rolesOfPhone(s.db, phone);
    const taken = role ? held.includes(role) : SELF_SERVICE.every((r) => held.includes(r));
    return taken ? conflict(REGISTERED_MSG) : null;
  });
}

const unregistered = (s: Services, phone: string, role: Role | undefined, roles: Role[]) => async () => {
  const held = await rolesOfPhone(s.db, phone);
  return (role ? held.includes(role) : held.some((r) => roles.includes(r))) ? null : badRequest(UNREGISTERED_MSG);
};

export async function sendLoginCode(s: Services, req: FastifyRequest, phone: string, role: Role | undefined) {
  refuseOnPartnerPage(s, req);
  await s.sms.send(phone, 'login', req.ip, unregistered(s, phone, role, ['qz', 'hr', 'xs']));
}

export async function sendResetCode(s: Services, req: FastifyRequest, phone: string, role: Role | undefined) {
  refuseOnPartnerPage(s, req);
  await s.sms.send(phone, 'reset', req.ip, unregistered(s, phone, role, SELF_SERVICE));
}
