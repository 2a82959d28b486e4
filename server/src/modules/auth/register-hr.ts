/** An enterprise HR registers: checked, the account and its HR profile created, logged in. */
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

export async function registerHr(
  s: Services,
  needs: AuthNeeds,
  req: FastifyRequest,
  body: { phone: string; pwd: string; validateCode: string; xm?: string; zw?: string; consent?: Partial<Record<PolicyKind, number>> },
) {
  refuseOnPartnerPage(s, req);
  if (await findUser(s.db, 'hr', body.phone)) throw conflict(REGISTERED_MSG);
  refuseCommonPassword(body.pwd);
  await checkConsentCurrent(s.db, body.consent);
  await s.sms.verify(body.phone, 'register', body.validateCode, req.ip);
  const name = body.xm?.trim() ?? '';
  const id = await createUser(s.db, 'hr', body.phone, body.pwd, name);
  if (body.consent) await recordConsent(s.db, id, body.consent, req.ip);
  await needs.createHrProfile(s.db, id, { xm: name, zw: body.zw?.trim() ?? '' });
  return startSession(s, req, { id, role: 'hr', phone: body.phone, name }, 2);
}
