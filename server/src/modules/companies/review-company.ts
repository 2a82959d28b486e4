/** The operator's decision on an enterprise; its HR are told, the action is logged. */
import { COMPANY_NO_LICENCE_MSG } from '@zp/core/contract';
import { SITE_PATHS } from '@zp/core/fairs';
import { badRequest, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { logOperatorAction } from '../admin/public.js';
import { notify } from '../notify/public.js';
import { hrIdsOfCompany, licencePresent, saveReview } from './repo.js';

export async function reviewCompany(s: Services, operatorId: string, companyId: string, decision: 1 | 2, note: string) {
  const reason = note.trim();
  if (decision === 2 && !reason) throw badRequest('驳回时请填写审核说明，告诉企业需要修改什么');
  if (decision === 1) {
    const licence = await licencePresent(s.db, companyId);
    if (licence && !licence.ok) throw badRequest(COMPANY_NO_LICENCE_MSG);
  }
  const c = await saveReview(s.db, companyId, decision, reason, operatorId);
  if (!c) throw notFound('单位不存在');
  await logOperatorAction(s.db, operatorId, decision === 1 ? 'company.approve' : 'company.reject', companyId, { shsm: reason, dwmc: c.name });
  for (const id of await hrIdsOfCompany(s.db, companyId)) {
    if (decision === 1) {
      await notify(s, id, 'xtxx', '单位审核已通过', `${c.name}已通过审核，现在可以发布岗位、报名招聘会。${reason ? `审核说明：${reason}` : ''}`, SITE_PATHS.companyInfo);
    } else {
      await notify(s, id, 'xtxx', '单位审核未通过', `${c.name}未通过审核。原因：${reason}。请修改单位信息后重新提交。`, SITE_PATHS.companyInfo);
    }
  }
}
