/** 意向单位: the enterprises a job seeker would like to work for, up to 20, approved ones only. */
import { badRequest, conflict } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { approvedCompanies, insertTargets, targetCompanyIds } from './repo.js';

const MAX_TARGETS = 20;

/** How many were added (the ones already there are kept). */
export async function addTargets(s: Services, userId: string, companyIds: string[]): Promise<number> {
  const ids = [...new Set(companyIds)];
  if ((await approvedCompanies(s.db, ids)).length !== ids.length) throw badRequest('部分单位不存在');
  const have = new Set(await targetCompanyIds(s.db, userId));
  const fresh = ids.filter((id) => !have.has(id));
  if (have.size + fresh.length > MAX_TARGETS) throw conflict(`意向单位最多 ${MAX_TARGETS} 个`);
  return insertTargets(s.db, userId, fresh);
}
