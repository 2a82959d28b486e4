/** The operator enables or disables a partner site, logged. */
import { notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { logOperatorAction } from '../admin/public.js';
import { setPartnerEnabled } from './repo.js';

export async function enablePartner(s: Services, operatorId: string, id: string, sfqy: number) {
  if (!(await setPartnerEnabled(s.db, id, sfqy === 1))) throw notFound('合作网站不存在');
  await logOperatorAction(s.db, operatorId, sfqy ? 'partner.enable' : 'partner.disable', id);
}
