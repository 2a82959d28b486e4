/** The operator adds a partner site or edits one: checked, saved, logged. */
import { badRequest, conflict, notFound } from '../../http/reply.js';
import { normaliseOrigin } from '../../http/origins.js';
import type { Services } from '../../services.js';
import { logOperatorAction } from '../admin/public.js';
import { ORIGIN_FORMAT_MSG } from './partner-origin.js';
import { insertPartner, item, partnerById, partnerIdByOrigin, updatePartner, type PartnerRow } from './repo.js';

/** Plain text: control characters would reach headers' neighbours in the log and the console. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The site as saved. */
export async function savePartner(
  s: Services,
  operatorId: string,
  body: { bsid?: string; mc: string; origin: string; lxr?: string; sfqy?: number },
): Promise<PartnerRow> {
  const name = body.mc.trim();
  const contact = (body.lxr ?? '').trim();
  if (!name) throw badRequest('请填写网站名称');
  if (CONTROL.test(name)) throw badRequest('网站名称 含有非法字符');
  if (CONTROL.test(contact)) throw badRequest('联系人 含有非法字符');
  const origin = normaliseOrigin(body.origin);
  if (!origin) throw badRequest(ORIGIN_FORMAT_MSG);
  const taken = await partnerIdByOrigin(s.db, origin);
  if (taken && taken.id !== body.bsid) throw conflict(`该网站地址已登记：${origin}`);
  let row: PartnerRow | undefined;
  if (body.bsid) {
    const before = await partnerById(s.db, body.bsid);
    if (!before) throw notFound('合作网站不存在');
    await updatePartner(s.db, body.bsid, { name, origin, contact, enabled: body.sfqy === undefined ? before.enabled : body.sfqy === 1 });
    row = await partnerById(s.db, body.bsid);
    await logOperatorAction(s.db, operatorId, 'partner.update', body.bsid, { before: item(before), after: item(row!) });
  } else {
    const id = await insertPartner(s.db, { name, origin, contact, enabled: body.sfqy !== 0 });
    if (!id) throw conflict(`该网站地址已登记：${origin}`);
    row = await partnerById(s.db, id);
    await logOperatorAction(s.db, operatorId, 'partner.add', id, { after: item(row!) });
  }
  return row!;
}
