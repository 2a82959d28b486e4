/** The enterprise an HR acts for: every HR use case of applications and relations starts here. */
import { COMPANY_NOT_APPROVED } from '@zp/core/rules/companies';
import type { Db } from '../../db/index.js';
import { forbidden } from '../../http/reply.js';
import { companyOfHr } from './repo.js';

/** The approved enterprise of the calling HR (the routes are hrApproved, so it exists). */
export async function hrCompany(db: Db, hrId: string): Promise<{ id: string; name: string }> {
  const c = await companyOfHr(db, hrId);
  if (c?.status !== 1) throw forbidden(COMPANY_NOT_APPROVED);
  return { id: c.id, name: c.name };
}
