/**
 * What other modules may tell job and talent search. The applications/relations module owns the
 * job seeker's 屏蔽企业 screen and records shields through these functions; talent search reads them.
 */
import { rows, sql, type Db } from '../../db/index.js';

/** The seeker no longer appears in talent search for this enterprise's HR. Idempotent. */
export async function shieldCompany(db: Db, seekerId: string, companyId: string): Promise<void> {
  await db.execute(sql`insert into seeker_shields (seeker_id, company_id) values (${seekerId}, ${companyId}) on conflict do nothing`);
}

/** Lifts a shield; no error when there was none. */
export async function unshieldCompany(db: Db, seekerId: string, companyId: string): Promise<void> {
  await db.execute(sql`delete from seeker_shields where seeker_id = ${seekerId} and company_id = ${companyId}`);
}

/** The enterprises a seeker shields, newest first. */
export async function shieldedCompanies(db: Db, seekerId: string): Promise<string[]> {
  const r = await rows<{ id: string }>(db, sql`select company_id::text as id from seeker_shields where seeker_id = ${seekerId} order by created_at desc`);
  return r.map((x) => x.id);
}

// Used by other modules; they import it from here only.
export { jobSearchWords, reindexCompanyJobs } from './indexing.js';
