/** All of the jobs module's SQL (demo and bulk data keep theirs in seed.ts and generate.ts). */
import type { Static } from '@sinclair/typebox';
import type { HrJobRow, JobDetail } from '@zp/core/contract';
import { valuesById, inList, likePattern, chinaTime, one, rows, sql, type Db } from '../../db/index.js';

/** A job's stored state (jobs.status). */
export const DRAFT = 0;
export const PUBLISHED = 1;
export const CLOSED = 2;
export const TAKEN_DOWN = 3;

// ---- what other modules read (through public.ts)

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
  return valuesById(
    db,
    companyIds,
    (list) => sql`select company_id::text as id, count(*)::int as n from jobs where company_id in (${list}) and status = 1 and deleted_at is null group by company_id`,
  );
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

// ---- writing a job

/** A job's fields as stored, whichever form sent them (our exact bounds or the previous client's range code). */
export interface JobRecord {
  title: string;
  category: string;
  nature: string;
  province: string;
  city: string;
  address: string;
  salaryMin: number;
  salaryMax: number;
  education: string;
  experience: string;
  headcount: number;
  description: string;
  welfare: string;
  /** null: not sent (an edit keeps them) */
  perks: string[] | null;
  department: string;
  skills: string;
  publishDays: number | null;
  resumeEmail: string | null;
  pinned: boolean | null;
  sortOrder: number | null;
  /** null: not sent (the job's fairs stay as they are) */
  fairIds: string[] | null;
}

/** The words search matches a job by (search module's jobSearchWords). */
export interface SearchWords {
  title: string;
  company: string;
}

/** Of these perk codes, those that are enabled items of m_gwfldm (职位亮点). */
export async function enabledPerks(db: Db, codes: string[]) {
  return rows<{ code: string }>(
    db,
    sql`select code from code_items where table_name = 'm_gwfldm' and enabled and code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})`,
  );
}

/** The perk codes as stored: a Postgres text[] literal (codes are [A-Za-z0-9_]). */
const perksLiteral = (codes: string[]) => `{${codes.join(',')}}`;

export async function companyName(db: Db, companyId: string) {
  return one<{ name: string }>(db, sql`select name from companies where id = ${companyId}`);
}

/** A new job, published now or kept as a draft; its id. */
export async function insertJob(db: Db, companyId: string, hrId: string, j: JobRecord, words: SearchWords, publish: boolean): Promise<string> {
  const r = await one<{ id: string }>(
    db,
    sql`insert into jobs (company_id, hr_id, title, category, nature, province, city, address, salary_min, salary_max, education,
                          experience, headcount, description, welfare, perks, department, skills, status, published_at, search_title, search_company,
                          publish_days, resume_email, pinned, sort_order)
        values (${companyId}, ${hrId}, ${j.title}, ${j.category}, ${j.nature}, ${j.province}, ${j.city}, ${j.address}, ${j.salaryMin}, ${j.salaryMax},
                ${j.education}, ${j.experience}, ${j.headcount}, ${j.description}, ${j.welfare}, ${perksLiteral(j.perks ?? [])}::text[], ${j.department},
                ${j.skills}, ${publish ? PUBLISHED : DRAFT}, ${publish ? sql`now()` : null}, ${words.title}, ${words.company},
                ${j.publishDays ?? 0}, ${j.resumeEmail ?? ''}, ${j.pinned ?? false}, ${j.sortOrder ?? 0})
        returning id::text as id`,
  );
  return r!.id;
}

/** Saves an edit of a job. */
export async function saveJob(db: Db, jobId: string, j: JobRecord, words: SearchWords) {
  // What a form did not send stays as it was (our form has no 发布时长, the previous one no 职位排序).
  await db.execute(
    sql`update jobs set title = ${j.title}, category = ${j.category}, nature = ${j.nature}, province = ${j.province}, city = ${j.city},
          address = ${j.address}, salary_min = ${j.salaryMin}, salary_max = ${j.salaryMax}, education = ${j.education}, experience = ${j.experience},
          headcount = ${j.headcount}, description = ${j.description}, welfare = ${j.welfare},
          perks = ${j.perks ? sql`${perksLiteral(j.perks)}::text[]` : sql`perks`},
          department = ${j.department}, skills = ${j.skills},
          publish_days = ${j.publishDays ?? sql`publish_days`}, resume_email = ${j.resumeEmail ?? sql`resume_email`},
          pinned = ${j.pinned ?? sql`pinned`}, sort_order = ${j.sortOrder ?? sql`sort_order`},
          search_title = ${words.title}, search_company = ${words.company}, updated_at = now()
        where id = ${jobId}`,
  );
}

export interface OwnedJob {
  id: string;
  status: number;
  takedown_reason: string;
  refreshed_today: boolean;
}

/** A job of the enterprise (undeleted), with what its HR may still do with it. */
export async function jobOfCompany(db: Db, companyId: string, jobId: string) {
  return one<OwnedJob>(
    db,
    sql`select id::text as id, status::int as status, takedown_reason,
               (refreshed_at at time zone 'Asia/Shanghai')::date = (now() at time zone 'Asia/Shanghai')::date as refreshed_today
        from jobs where id = ${jobId} and company_id = ${companyId} and deleted_at is null`,
  );
}

/** What the job form keeps for the HR only (gwxxxqHrVO): never part of what visitors see. */
export async function jobFormFields(db: Db, jobId: string) {
  const r = await one<{ fbsc: number; jljsyx: string; sfzd: string; zwpx: number }>(
    db,
    sql`select publish_days::int as fbsc, resume_email as jljsyx, case when pinned then '1' else '0' end as sfzd, sort_order::int as zwpx
        from jobs where id = ${jobId}`,
  );
  return r ?? { fbsc: 0, jljsyx: '', sfzd: '0', zwpx: 0 };
}

export async function markDeleted(db: Db, jobId: string) {
  await db.execute(sql`update jobs set deleted_at = now(), updated_at = now() where id = ${jobId}`);
  // Ended fairs keep the record of what they showed (their 岗位 count).
  await db.execute(sql`delete from job_fairs where job_id = ${jobId} and fair_id in (select id from fairs where ends_at >= now())`);
}

export async function markPublished(db: Db, jobId: string) {
  await db.execute(
    sql`update jobs set status = ${PUBLISHED}, published_at = coalesce(published_at, now()), refreshed_at = now(), updated_at = now()
        where id = ${jobId}`,
  );
}

export async function markClosed(db: Db, jobId: string) {
  await db.execute(sql`update jobs set status = ${CLOSED}, updated_at = now() where id = ${jobId}`);
}

export async function markRefreshed(db: Db, jobId: string) {
  await db.execute(sql`update jobs set refreshed_at = now() where id = ${jobId}`);
}

/** Readers of a job page counted as views (http/page-views.ts). */
export async function addViews(db: Db, jobId: string, n: number) {
  return db.execute(sql`update jobs set views = views + ${n} where id = ${jobId}`);
}

/**
 * Takes a job down unless it already is; its title, HR and previous state, or null when it is
 * taken down already or there is no such job.
 */
export async function markTakenDown(db: Db, jobId: string, reason: string) {
  return (
    (await one<{ title: string; hr_id: string; prev: number }>(
      db,
      sql`update jobs j set status = ${TAKEN_DOWN}, takedown_reason = ${reason}, updated_at = now()
          from (select id, status from jobs where id = ${jobId} and deleted_at is null for update) old
          where j.id = old.id and old.status <> ${TAKEN_DOWN}
          returning j.title, j.hr_id::text as hr_id, old.status::int as prev`,
    )) ?? null
  );
}

export async function jobExists(db: Db, jobId: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 as ok from jobs where id = ${jobId} and deleted_at is null`));
}

// ---- a job's fairs

/** The fairs a job is shown at now. */
export async function fairIdsOfJob(db: Db, jobId: string): Promise<Set<string>> {
  return new Set((await rows<{ id: string }>(db, sql`select fair_id::text as id from job_fairs where job_id = ${jobId}`)).map((r) => r.id));
}

/** Shows the job at exactly these fairs (checked by checkFairChoice first). */
export async function writeJobFairs(db: Db, jobId: string, fairIds: string[]) {
  const current = await fairIdsOfJob(db, jobId);
  const added = fairIds.filter((id) => !current.has(id));
  const keep = fairIds.length ? sql`and fair_id not in (${inList(fairIds)})` : sql``;
  // An ended fair's record stays: it cannot be changed any more (nor offered in the form).
  await db.execute(sql`delete from job_fairs where job_id = ${jobId} ${keep} and fair_id in (select id from fairs where ends_at >= now())`);
  if (added.length) {
    await db.execute(
      sql`insert into job_fairs (job_id, fair_id) values ${sql.join(added.map((id) => sql`(${jobId}, ${id})`), sql`, `)} on conflict do nothing`,
    );
  }
}

// ---- reading a job

export type JobDetailRow = Omit<Static<typeof JobDetail>, 'fllist' | 'sfsc'> & {
  gwfl: string[];
  /** zt: our stored state (see DRAFT…TAKEN_DOWN) */
  zt: number;
  xjyy: string;
  company_status: number;
};

/** The job's detail (its logoUrl still '') in any state; undefined when deleted or unknown. */
export async function jobDetailRow(db: Db, jobId: string) {
  return one<JobDetailRow>(
    db,
    sql`select ${jobListColumns}, j.company_id::text as bsid, '' as sbxq, j.skills as jnyq, j.department as ssbm, j.welfare as fldy,
               job_gwzt(j.status) as gwzt, j.status::int as zt, ${chinaTime('j.refreshed_at')} as "updateTime", ${chinaTime('j.refreshed_at')} as sxsj,
               j.views as llcs, c.industry as sshy, c.city as dwszcs, '' as "logoUrl",
               coalesce(nullif(h.name, ''), u.name, '') as hrxm, coalesce(h.title, '') as hrzw,
               j.takedown_reason as xjyy, c.status::int as company_status
        from jobs j join companies c on c.id = j.company_id join users u on u.id = j.hr_id left join hr_profiles h on h.user_id = j.hr_id
        where j.id = ${jobId} and j.deleted_at is null`,
  );
}

/** Whether this job seeker saved the job. */
export async function savedBy(db: Db, seekerId: string, jobId: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 as ok from saved_jobs where seeker_id = ${seekerId} and job_id = ${jobId}`));
}

/** Whether the HR has joined this enterprise. */
export async function isHrOf(db: Db, hrId: string, companyId: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 as ok from hr_profiles where user_id = ${hrId} and company_id = ${companyId} and join_state = 2`));
}

/** The enterprise's jobs as its HR list them, filtered by state, title, refresh time and (mine) poster. */
export async function jobsOfCompany(
  db: Db,
  companyId: string,
  hrId: string,
  q: { gwzt?: string; name?: string; startTime?: string; end?: string; mine?: number; page: number; limit: number },
) {
  const when = sql.raw(`(j.refreshed_at at time zone 'Asia/Shanghai')`);
  const where = sql`j.company_id = ${companyId} and j.deleted_at is null
    ${q.gwzt ? sql`and job_gwzt(j.status) = ${q.gwzt}` : sql``}
    ${q.name ? sql`and j.title ilike ${likePattern(q.name)}` : sql``}
    ${q.startTime ? sql`and ${when} >= ${q.startTime}::timestamp` : sql``}
    ${q.end ? sql`and ${when} <= ${q.end}::timestamp` : sql``}
    ${q.mine === 1 ? sql`and j.hr_id = ${hrId}` : sql``}`;
  const total = await one<{ n: number }>(db, sql`select count(*)::int as n from jobs j where ${where}`);
  const list = await rows<Static<typeof HrJobRow>>(
    db,
    sql`select j.id::text as gwid, j.title as gwmc, job_gwzt(j.status) as gwzt, job_salary_code(j.salary_min, j.salary_max) as gwyx,
               j.salary_min as zdyx, j.salary_max as zgyx, j.province as sbsf, j.city as sbcs, left(j.category, 9) as gwlbt,
               j.category as gwlb, j.education as xlyq, ${chinaTime('j.refreshed_at')} as gwfbsj,
               (select count(*)::int from applications a where a.job_id = j.id) as sdjlcount,
               (select count(*)::int from job_fairs f where f.job_id = j.id) as chcscount,
               j.headcount as zprs, j.views as llcs, j.takedown_reason as xjyy, j.hr_id::text as hrid,
               coalesce(nullif(h.name, ''), u.name, '') as hrxm
        from jobs j join users u on u.id = j.hr_id left join hr_profiles h on h.user_id = j.hr_id
        where ${where} order by j.updated_at desc, j.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { total: total?.n ?? 0, list };
}

/** The operator's list of every undeleted job, by state and by a word of its title or enterprise. */
export async function jobsForOperator(db: Db, q: { zt?: number; key?: string; page: number; limit: number }) {
  const where = sql`j.deleted_at is null
    ${q.zt !== undefined ? sql`and j.status = ${q.zt}` : sql``}
    ${q.key ? sql`and (j.title ilike ${likePattern(q.key)} or c.name ilike ${likePattern(q.key)})` : sql``}`;
  const total = await one<{ n: number }>(db, sql`select count(*)::int as n from jobs j join companies c on c.id = j.company_id where ${where}`);
  const list = await rows<{ gwid: string; gwmc: string; dwid: string; dwmc: string; zt: number; xjyy: string; sxsj: string; hrxm: string }>(
    db,
    sql`select j.id::text as gwid, j.title as gwmc, c.id::text as dwid, c.name as dwmc, j.status::int as zt, j.takedown_reason as xjyy,
               ${chinaTime('j.refreshed_at')} as sxsj, coalesce(nullif(h.name, ''), u.name, '') as hrxm
        from jobs j join companies c on c.id = j.company_id join users u on u.id = j.hr_id left join hr_profiles h on h.user_id = j.hr_id
        where ${where} order by j.updated_at desc, j.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { total: total?.n ?? 0, list };
}
