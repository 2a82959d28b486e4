/** The operator deletes a partner site, logged with what it was. */
import { notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { logOperatorAction } from '../admin/public.js';
import { deletePartner, item, partnerById } from './repo.js';

export async function removePartner(s: Services, operatorId: string, id: string) {
  const before = await partnerById(s.db, id);
  if (!before) throw notFound('合作网站不存在');
  await deletePartner(s.db, id);
  await logOperatorAction(s.db, operatorId, 'partner.delete', id, { before: item(before) });
}
