/** Refuses the password and SMS-code calls on a partner's page. */
import type { FastifyRequest } from 'fastify';
import { PARTNER_PAGE_LOGIN_MSG } from '@zp/core/contract';
import { forbidden } from '../../http/reply.js';
import type { Services } from '../../services.js';

/**
 * Passwords and SMS codes are typed only on the platform's own pages: on a partner's page any
 * script reads them. A partner page logs in through the platform's login window, so these calls
 * from it are refused before anything is checked or counted.
 */
export function refuseOnPartnerPage(s: Services, req: FastifyRequest) {
  if (s.origins.partnerOf(req)) throw forbidden(PARTNER_PAGE_LOGIN_MSG);
}
