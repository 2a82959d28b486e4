/**
 * What other modules may ask about job posts. Visitors only ever see published posts (zt 1) of
 * live enterprises; the rest stays inside this module.
 */
import { one, rows, sql, type Db } from '../../db/index.js';

export interface JobSummary {
  id: string;
  title: string;
  companyId: string;
  companyName: string;
  hrId: string;
  hrName: string;
  /** 0 draft, 1 published, 2 closed, 3 taken down */
  status: number;
}

/** Title, enterprise, posting HR and state of a job; null when there is no such (undeleted) job. */
export async function jobSummary(db: Db, jobId: string): Promise<JobSummary | null> {
  const r = await one<JobSummary>(
    db,
    sql`select j.id::text as id, j.title, j.company_id::text as "companyId", c.name as "companyName",
               j.hr_id::text as "hrId", coalesce(nullif(h.name, ''), u.name, '') as "hrName", j.status::int as status
        from jobs j join companies c on c.id = j.company_id join users u on u.id = j.hr_id
        left join hr_profiles h on h.user_id = j.hr_id
        where j.id = ${jobId} and j.deleted_at is null`,
  );
  return r ?? null;
}

/** A published job as lists show it (field names of the API contract). */
export interface JobListItem {
  gwid: string;
  /** title */
  gwmc: string;
  /** third-level category code */
  gwlb: string;
  /** city code */
  sbcs: string;
  /** monthly salary range, yuan; both 0 = 面议 */
  zdyx: number;
  zgyx: number;
  /** education and experience codes */
  xlyq: string;
  jyyq: string;
  /** work nature code */
  gzxz: string;
  /** last refreshed, Asia/Shanghai 'YYYY-MM-DD HH24:MI:SS' */
  sxsj: string;
  dwid: string;
  dwmc: string;
  hrid: string;
}

export const jobListColumns = sql`j.id::text as gwid, j.title as gwmc, j.category as gwlb, j.city as sbcs,
  j.salary_min as zdyx, j.salary_max as zgyx, j.education as xlyq, j.experience as jyyq, j.nature as gzxz,
  to_char(j.refreshed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as sxsj,
  j.company_id::text as dwid, c.name as dwmc, j.hr_id::text as hrid`;

/** The published jobs shown at a fair (attached by their HR), freshest first; optionally one enterprise's. */
export async function jobsAtFair(
  db: Db,
  fairId: string,
  opts: { companyId?: string; page: number; limit: number },
): Promise<{ list: JobListItem[]; total: number }> {
  const where = sql`jf.fair_id = ${fairId} and j.status = 1 and j.deleted_at is null and c.status = 1
    ${opts.companyId ? sql`and j.company_id = ${opts.companyId}` : sql``}`;
  const total = await one<{ n: number }>(
    db,
    sql`select count(*)::int as n from job_fairs jf join jobs j on j.id = jf.job_id join companies c on c.id = j.company_id where ${where}`,
  );
  const list = await rows<JobListItem>(
    db,
    sql`select ${jobListColumns} from job_fairs jf join jobs j on j.id = jf.job_id join companies c on c.id = j.company_id
        where ${where} order by j.refreshed_at desc, j.id desc limit ${opts.limit} offset ${(opts.page - 1) * opts.limit}`,
  );
  return { list, total: total?.n ?? 0 };
}

/** Published jobs per enterprise (rzgws); every id asked for is present, 0 when none. */
export async function companyJobCounts(db: Db, companyIds: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(companyIds.map((id) => [id, 0]));
  if (!companyIds.length) return out;
  const r = await rows<{ id: string; n: number }>(
    db,
    sql`select company_id::text as id, count(*)::int as n from jobs
        where company_id in (${sql.join(companyIds.map((id) => sql`${id}`), sql`, `)}) and status = 1 and deleted_at is null
        group by company_id`,
  );
  for (const x of r) out[x.id] = x.n;
  return out;
}

/** An enterprise's published jobs, freshest first (its detail page). */
export async function publishedJobsOfCompany(
  db: Db,
  companyId: string,
  opts: { page: number; limit: number },
): Promise<{ list: JobListItem[]; total: number }> {
  const where = sql`j.company_id = ${companyId} and j.status = 1 and j.deleted_at is null`;
  const total = await one<{ n: number }>(db, sql`select count(*)::int as n from jobs j where ${where}`);
  const list = await rows<JobListItem>(
    db,
    sql`select ${jobListColumns} from jobs j join companies c on c.id = j.company_id
        where ${where} order by j.refreshed_at desc, j.id desc limit ${opts.limit} offset ${(opts.page - 1) * opts.limit}`,
  );
  return { list, total: total?.n ?? 0 };
}
