/** A login's end: a new session for the person and a line in their login log. */
import type { FastifyRequest } from 'fastify';
import type { Role } from '../../http/user.js';
import type { Services } from '../../services.js';
import { insertLoginLog } from './repo.js';

export function clientOf(req: FastifyRequest) {
  return { ip: req.ip, ua: String(req.headers['user-agent'] ?? '').slice(0, 300) };
}

/** login_log.login_type: 0 password, 1 SMS code, 2 registration, 3 a partner site authorised in the platform's login window. */
export const LOGIN_TYPE_PARTNER = 3;

/**
 * A new session and its login-log line. `origin`: the partner site a partner token is issued to
 * (bound to it, short-lived, scoped): only the platform's login window asks for one (partners module).
 */
export async function startSession(
  s: Services,
  req: FastifyRequest,
  user: { id: string; role: Role; phone: string; name: string },
  loginType: number,
  origin: string | null = null,
) {
  const { token, expiresIn } = await s.sessions.create(user.id, { origin });
  const { ip, ua } = clientOf(req);
  await insertLoginLog(s.db, { userId: user.id, ip, ua, loginType, origin });
  return { token, expiresIn, userId: user.id, roleId: user.role, userName: user.name || user.phone, phone: user.phone };
}
