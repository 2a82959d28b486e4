/**
 * What other modules may ask about applications: whether a seeker applied to an enterprise, and
 * whether an enterprise's HR may see a seeker at all (applied to it, or findable in talent search).
 */
import { isId } from '@zp/core/contract';
import { one, rows, sql, type Db } from '../../db/index.js';
import { resumeHidden } from '../resumes/public.js';
import { shieldedCompanies } from '../search/public.js';
import { companyOfHr } from '../companies/public.js';
import { FileKind, type PrivateFileRule } from '../files/public.js';

/** True when the seeker applied to any job of the enterprise. */
export async function appliedToCompany(db: Db, seekerId: string, companyId: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 as ok from applications where seeker_id = ${seekerId} and company_id = ${companyId} limit 1`));
}

/**
 * How an enterprise's HR may see a job seeker: 'applied' (the seeker applied to one of its jobs,
 * sharing the résumé with it), 'search' (the résumé is public and the seeker does not shield the
 * enterprise, so talent search finds them), or null (not at all).
 */
export async function candidateAccess(db: Db, companyId: string, seekerId: string): Promise<'applied' | 'search' | null> {
  if (!isId(seekerId)) return null;
  const seeker = await one(db, sql`select 1 as ok from users where id = ${seekerId} and role = 'qz'`);
  if (!seeker) return null;
  if (await appliedToCompany(db, seekerId, companyId)) return 'applied';
  if (await resumeHidden(db, seekerId)) return null;
  if ((await shieldedCompanies(db, seekerId)).includes(companyId)) return null;
  return 'search';
}

/**
 * The one rule for résumé files handed to an enterprise's HR (downloads, file links, private file
 * reads): 'private' — the attachment résumés too, because the seeker shared them with the
 * enterprise (applied to one of its jobs, or accepted one of its interview invitations);
 * 'public' — only what the seeker made public, the online résumé that talent search shows (not
 * hidden, enterprise not shielded); null — nothing.
 */
export async function resumeFileAccess(db: Db, companyId: string, seekerId: string): Promise<'private' | 'public' | null> {
  const access = await candidateAccess(db, companyId, seekerId);
  if (access === 'applied') return 'private';
  if (!isId(seekerId)) return null;
  const accepted = await one(db, sql`select 1 as ok from interviews where seeker_id = ${seekerId} and company_id = ${companyId} and answer = 1 limit 1`);
  if (accepted) return 'private';
  return access === 'search' ? 'public' : null;
}

/** yyzt of the seeker's application per job (0 when none), for every id asked. */
export async function applicationStates(db: Db, seekerId: string, jobIds: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(jobIds.map((id) => [id, 0]));
  if (!jobIds.length) return out;
  const r = await rows<{ id: string; state: number }>(
    db,
    sql`select job_id::text as id, state::int as state from applications
        where seeker_id = ${seekerId} and job_id in (${sql.join(jobIds.map((id) => sql`${id}`), sql`, `)})`,
  );
  for (const x of r) out[x.id] = x.state;
  return out;
}

/** jsjls of the home company cards (收到简历): applications each enterprise received; every id asked for is present. */
export async function receivedResumeCounts(db: Db, companyIds: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(companyIds.map((id) => [id, 0]));
  if (!companyIds.length) return out;
  const r = await rows<{ id: string; n: number }>(
    db,
    sql`select company_id::text as id, count(*)::int as n from applications
        where company_id in (${sql.join(companyIds.map((id) => sql`${id}`), sql`, `)}) group by company_id`,
  );
  for (const x of r) out[x.id] = x.n;
  return out;
}

/** msCount of an enterprise: interview invitations it sent. */
export async function interviewsSent(db: Db, companyId: string): Promise<number> {
  const r = await one<{ n: number }>(db, sql`select count(*)::int as n from interviews where company_id = ${companyId}`);
  return r?.n ?? 0;
}

/**
 * jltds / mys of a fair hall's figures: applications sent in the fair's hall, and those that led
 * to an interview or a hire.
 */
export async function fairApplicationFigures(db: Db, fairId: string): Promise<{ sent: number; offers: number }> {
  const r = await one<{ sent: number; offers: number }>(
    db,
    sql`select count(*)::int as sent, (count(*) filter (where state in (4, 6)))::int as offers from applications where fair_id = ${fairId}`,
  );
  return { sent: r?.sent ?? 0, offers: r?.offers ?? 0 };
}

/**
 * gwList of the seeker's own résumé preview (/api/qz/jlyl/findQzxx*): the jobs the seeker applied
 * to, newest first — the same list HR's résumé view shows beside the résumé, across enterprises.
 */
export async function appliedJobs(db: Db, seekerId: string, limit = 20) {
  return rows<{ bsid: string; gwid: string; gwmc: string; dwid: string; dwmc: string; yyzt: number; tdsj: string; fjjlid: string }>(
    db,
    sql`select a.id::text as bsid, j.id::text as gwid, j.title as gwmc, c.id::text as dwid, c.name as dwmc, a.state::int as yyzt,
               to_char(a.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as tdsj, coalesce(a.resume_file_id::text, '') as fjjlid
        from applications a join jobs j on j.id = a.job_id join companies c on c.id = a.company_id
        where a.seeker_id = ${seekerId} order by a.created_at desc, a.id desc limit ${limit}`,
  );
}

/**
 * HR of an approved enterprise the seeker shared the attachment résumés with (resumeFileAccess:
 * applied, or accepted an invitation) may read them; talent search alone never opens them.
 */
export const sharedResumeRule: PrivateFileRule = async (db, file, user) => {
  if (user.role !== 'hr' || file.kind !== FileKind.resume || !file.ownerId) return false;
  const company = await companyOfHr(db, user.id);
  return !!company && company.status === 1 && (await resumeFileAccess(db, company.id, file.ownerId)) === 'private';
};

// Used by other modules; they import it from here only.
export { hrCompany, likePattern, timeText } from './store.js';
