/** The operator makes an enterprise a paying member until a day, or ends it; logged with before and after. */
import { beijingToday, validDay } from '@zp/core/dates';
import { badRequest, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { logOperatorAction } from '../admin/public.js';
import { companyVip, setCompanyVip } from './vip.js';

export async function setVip(s: Services, operatorId: string, body: { dwid: string; vip: number; vipEnd?: string }) {
  const today = beijingToday();
  let until: string | null = null;
  if (body.vip === 1) {
    if (!body.vipEnd) throw badRequest('请填写会员到期日');
    until = validDay(body.vipEnd);
    if (!until) throw badRequest('会员到期日无效');
    if (until < today) throw badRequest('会员到期日不能早于今天');
  } else if (body.vipEnd) {
    throw badRequest('取消会员时无需填写到期日');
  }
  const before = await companyVip(s.db, body.dwid, today);
  if (!before || !(await setCompanyVip(s.db, body.dwid, until))) throw notFound('单位不存在');
  const data = (await companyVip(s.db, body.dwid, today))!;
  await logOperatorAction(s.db, operatorId, 'company.vip', body.dwid, { before: before.vipEnd, after: data.vipEnd });
  return data;
}
