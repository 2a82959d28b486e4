/** A token renewed: only from where it may be used, and only while its login lasts. */
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/reply.js';
import { FULL_TOKEN_ON_PARTNER_MSG, PARTNER_WRONG_ORIGIN_MSG, type User } from '../../http/route.js';
import type { Services } from '../../services.js';
import { originMatches } from '../../http/origins.js';

/** `owner`: the session of `token`, looked up once per refresh (by route.ts for the header's token). */
export async function refreshSession(s: Services, token: string, owner: User | null, req: FastifyRequest) {
  // A partner token renews only from its own site: a copy elsewhere cannot be kept alive; a full token not on a partner's page.
  if (owner && !originMatches(owner, s.origins.partnerOf(req))) throw unauthorized(owner.origin ? PARTNER_WRONG_ORIGIN_MSG : FULL_TOKEN_ON_PARTNER_MSG);
  const r = owner ? await s.sessions.rotate(owner, token) : null;
  if (!owner || !r) throw unauthorized('登录已过期，请重新登录');
  return { token: r.token, expiresIn: r.expiresIn, userId: owner.id, roleId: owner.role, userName: r.name || owner.phone, phone: owner.phone };
}
