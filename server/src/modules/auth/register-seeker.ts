/** A job seeker registers: checked, the account and its empty résumé created, logged in. */
import type { FastifyRequest } from 'fastify';
import type { PolicyKind } from '@zp/core/contract';
import { conflict } from '../../http/reply.js';
import type { Services } from '../../services.js';
import type { AuthNeeds } from './needs.js';
import { createUser } from './create-user.js';
import { REGISTERED_MSG } from './messages.js';
import { refuseOnPartnerPage } from './partner-page.js';
import { refuseCommonPassword } from './passwords.js';
import { findUser } from './repo.js';
import { checkConsentCurrent, recordConsent } from './record-consent.js';
import { startSession } from './start-session.js';

export async function registerSeeker(
  s: Services,
  needs: AuthNeeds,
  req: FastifyRequest,
  body: { phone: string; pwd: string; validateCode: string; consent?: Partial<Record<PolicyKind, number>> },
) {
  refuseOnPartnerPage(s, req);
  if (await findUser(s.db, 'qz', body.phone)) throw conflict(REGISTERED_MSG);
  refuseCommonPassword(body.pwd);
  await checkConsentCurrent(s.db, body.consent);
  await s.sms.verify(body.phone, 'register', body.validateCode, req.ip);
  const id = await createUser(s.db, 'qz', body.phone, body.pwd);
  if (body.consent) await recordConsent(s.db, id, body.consent, req.ip);
  await needs.createSeekerProfile(s.db, id);
  return startSession(s, req, { id, role: 'qz', phone: body.phone, name: '' }, 2);
}
