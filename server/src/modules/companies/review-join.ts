/** A colleague accepts (1) or refuses (2) a pending request to join their enterprise; the HR is told. */
import { SITE_PATHS } from '@zp/core/fairs';
import { forbidden, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { notify } from '../notify/public.js';
import { joinedCompanyId } from './joined-company.js';
import { companyName, decideJoinRequest } from './repo.js';

export async function reviewJoin(s: Services, reviewerId: string, companyId: string, hrId: string, decision: 1 | 2) {
  const mine = await joinedCompanyId(s.db, reviewerId);
  if (mine !== companyId) throw forbidden('只能审核申请加入本单位的同事');
  const r = await decideJoinRequest(s.db, reviewerId, companyId, hrId, decision === 1 ? 2 : 3);
  if (!r) throw notFound('申请不存在或已处理');
  const c = await companyName(s.db, companyId);
  await notify(
    s,
    hrId,
    'xtxx',
    decision === 1 ? '加入单位申请已通过' : '加入单位申请未通过',
    decision === 1 ? `您已加入${c!.name}，现在可以发布岗位、报名招聘会。` : `${c!.name}未同意您的加入申请，您可以申请加入其他单位或注册新单位。`,
    SITE_PATHS.companyInfo,
  );
}
