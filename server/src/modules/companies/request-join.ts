/** An HR without an enterprise asks to join an approved one; its HR are told. */
import { SITE_PATHS } from '@zp/core/fairs';
import { badRequest, conflict, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { notify } from '../notify/public.js';
import { hrState } from './joined-company.js';
import { companyNameOf, hrIdsOfCompany, requestToJoin } from './repo.js';

export async function requestJoin(s: Services, hrId: string, companyId: string, profile: { xm?: string; zw?: string }) {
  const st = await hrState(s.db, hrId);
  if (st.joinState === 2) throw conflict('您已加入单位，不能再申请加入其他单位');
  const c = await companyNameOf(s.db, companyId);
  if (!c) throw notFound('单位不存在');
  if (c.status !== 1) throw badRequest('该单位尚未通过审核，暂不能申请加入');
  const name = profile.xm?.trim() || st.name;
  if (!name) throw badRequest('请填写姓名，便于单位同事审核');
  await requestToJoin(s.db, hrId, companyId, name, profile.zw?.trim());
  for (const id of await hrIdsOfCompany(s.db, companyId)) {
    await notify(s, id, 'xtxx', '同事申请加入单位', `${name}申请加入${c.name}，请在“同事管理”中审核。`, SITE_PATHS.companyInfo);
  }
}
