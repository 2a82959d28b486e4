/**
 * The platform's login window, on the platform's own origin, with the person's full session:
 * the partner page never sees the password or code, only this scoped token for its origin.
 */
import type { FastifyRequest } from 'fastify';
import { PARTNER_AUTHORIZE_ELSEWHERE_MSG, PARTNER_ROLE_MSG } from '@zp/core/contract';
import { forbidden } from '../../http/reply.js';
import { requestOrigin } from '../../http/origins.js';
import type { User } from '../../http/user.js';
import type { Services } from '../../services.js';
import { LOGIN_TYPE_PARTNER, startSession } from '../auth/public.js';
import { listedOrigin } from './partner-origin.js';
import { userName } from './repo.js';

export async function authorizePartner(s: Services, req: FastifyRequest, user: User, originText: string) {
  const from = requestOrigin(req);
  // A browser sends the Origin of the page that called: only the platform's own window may ask.
  if (!from || !s.origins.isOwn(req, from)) throw forbidden(PARTNER_AUTHORIZE_ELSEWHERE_MSG);
  const origin = listedOrigin(s, originText);
  if (user.role === 'xs') throw forbidden(PARTNER_ROLE_MSG);
  const u = await userName(s.db, user.id);
  return startSession(s, req, { id: user.id, role: user.role, phone: user.phone, name: u?.name ?? '' }, LOGIN_TYPE_PARTNER, origin);
}
