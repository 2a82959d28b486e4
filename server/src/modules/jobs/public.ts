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

/** A job as it reads now (any state), for a report's evidence; null when there is no such job. */
export async function jobSnapshot(db: Db, jobId: string): Promise<{ title: string; companyName: string; salaryMin: number; salaryMax: number; description: string } | null> {
  const r = await one<{ title: string; companyName: string; salaryMin: number; salaryMax: number; description: string }>(
    db,
    sql`select j.title, c.name as "companyName", j.salary_min as "salaryMin", j.salary_max as "salaryMax", j.description
        from jobs j join companies c on c.id = j.company_id where j.id = ${jobId}`,
  );
  return r ?? null;
}

/**
 * A job row in the fields of the contract (legacy-response-shapes §2): gwyx is the salary-range
 * code beside the exact bounds zdyx / zgyx, gwlbo / gwlbt / gwlb the category of level 1 / 2 / 3,
 * gwfbsj the time it was last published or refreshed.
 */
export interface JobListItem {
  gwid: string;
  dwid: string;
  gwmc: string;
  dwmc: string;
  /** province, city, street address of the workplace */
  sbsf: string;
  sbcs: string;
  sbxxdz: string;
  /** salary-range code (m_xzdydm); zdyx / zgyx the exact monthly bounds, both 0 = 面议 */
  gwyx: string;
  zdyx: number;
  zgyx: number;
  /** education and experience codes */
  xlyq: string;
  jyyq: string;
  gwlbo: string;
  gwlbt: string;
  gwlb: string;
  /** work nature code */
  gwgzxz: string;
  zprs: number;
  /** 'YYYY-MM-DD HH:mm:ss', Asia/Shanghai */
  gwfbsj: string;
  /** the enterprise's ownership, size and industry codes */
  dwxz: string;
  dwgm: string;
  dwsshy: string;
  hrid: string;
  /** perk codes (m_gwfldm) */
  gwfl: string[];
  gwms: string;
}

/** The columns of a job card (JobListItem without its HR and description) from jobs j joined to companies c. */
export const jobCardColumns = sql`j.id::text as gwid, j.company_id::text as dwid, j.title as gwmc, c.name as dwmc,
  j.province as sbsf, j.city as sbcs, j.address as sbxxdz,
  job_salary_code(j.salary_min, j.salary_max) as gwyx, j.salary_min as zdyx, j.salary_max as zgyx,
  j.education as xlyq, j.experience as jyyq, left(j.category, 7) as gwlbo, left(j.category, 9) as gwlbt, j.category as gwlb,
  j.nature as gwgzxz, j.headcount as zprs, to_char(j.refreshed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as gwfbsj,
  c.nature as dwxz, c.size as dwgm, c.industry as dwsshy, j.perks as gwfl`;

/** The columns of JobListItem from jobs j joined to companies c. */
export const jobListColumns = sql`${jobCardColumns}, j.hr_id::text as hrid, j.description as gwms`;

/** fllist as the contract sends perks on details and the company page: one {dm} per code. */
export const perkList = (codes: string[]) => codes.map((dm) => ({ dm }));

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

/**
 * The jobs a fair shows (gwfbs): now, its published jobs of approved enterprises; once it has
 * ended, every job it showed, whatever became of the job since (closed, deleted): the fair's
 * record, not today's openings.
 */
export async function fairJobTotal(db: Db, fairId: string): Promise<number> {
  const r = await one<{ n: number }>(
    db,
    sql`select count(*)::int as n from job_fairs jf join fairs f on f.id = jf.fair_id join jobs j on j.id = jf.job_id
          join companies c on c.id = j.company_id
        where jf.fair_id = ${fairId}
          and case when f.ends_at < now() then j.status <> 0 else j.status = 1 and j.deleted_at is null and c.status = 1 end`,
  );
  return r?.n ?? 0;
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

/** An enterprise's published jobs in its own order (its detail page). */
export async function publishedJobsOfCompany(
  db: Db,
  companyId: string,
  opts: { page: number; limit: number },
): Promise<{ list: JobListItem[]; total: number }> {
  const where = sql`j.company_id = ${companyId} and j.status = 1 and j.deleted_at is null`;
  const total = await one<{ n: number }>(db, sql`select count(*)::int as n from jobs j where ${where}`);
  // the enterprise's own order: pinned first (置顶), then its 职位排序 (0: none), then the freshest
  const list = await rows<JobListItem>(
    db,
    sql`select ${jobListColumns} from jobs j join companies c on c.id = j.company_id
        where ${where} order by j.pinned desc, j.sort_order = 0, j.sort_order, j.refreshed_at desc, j.id desc
        limit ${opts.limit} offset ${(opts.page - 1) * opts.limit}`,
  );
  return { list, total: total?.n ?? 0 };
}
