/** All of the relations module's SQL: saved jobs, followed and shielded enterprises, résumé views and favourite talents. */
import type { SQL } from 'drizzle-orm';
import { valuesById, inList, likePattern, one, rows, sql, timeText, type Db } from '../../db/index.js';
import { offsetOf } from '../../http/reply.js';

export interface Paging {
  page: number;
  limit: number;
}

const count = async (db: Db, query: SQL) => (await one<{ n: number }>(db, query))?.n ?? 0;

// ---- enterprises

/** The id of a registered and approved enterprise (one seekers may follow), else null. */
export async function liveCompanyId(db: Db, companyId: string): Promise<string | null> {
  return (await one<{ id: string }>(db, sql`select id::text as id from companies where id = ${companyId} and status = 1`))?.id ?? null;
}

/** The id of an enterprise in any state, else null. */
export async function anyCompanyId(db: Db, companyId: string): Promise<string | null> {
  return (await one<{ id: string }>(db, sql`select id::text as id from companies where id = ${companyId}`))?.id ?? null;
}

/** Names and cities of these enterprises, in no order. */
export function companyNames(db: Db, ids: string[]) {
  return rows<{ dwid: string; dwmc: string; dwszcs: string }>(
    db,
    sql`select id::text as dwid, name as dwmc, city as dwszcs from companies where id in (${inList(ids)})`,
  );
}

// ---- saved jobs (收藏岗位)

export type SavedJobRow = { dwid: string; zdyx: number; zgyx: number } & Record<string, string | number>;

export async function savedJobs(db: Db, seekerId: string, { page, limit }: Paging): Promise<{ total: number; list: SavedJobRow[] }> {
  const total = await count(db, sql`select count(*)::int as n from saved_jobs where seeker_id = ${seekerId}`);
  const list = await rows<SavedJobRow>(
    db,
    sql`select j.id::text as qdid, j.id::text as gwid, j.title as gwmc, job_gwzt(j.status) as gwzt, c.id::text as dwid, c.name as dwmc,
               c.nature as dwxz, c.size as dwgm, j.city as sbcs, job_salary_code(j.salary_min, j.salary_max) as gwyx,
               j.salary_min as zdyx, j.salary_max as zgyx, j.education as xlyq, j.experience as jyyq,
               ${timeText('j.refreshed_at')} as gwfbsj, ${timeText('j.refreshed_at')} as sxsj, ${timeText('sj.created_at')} as scsj, coalesce(a.state, 0)::int as yyzt
        from saved_jobs sj join jobs j on j.id = sj.job_id join companies c on c.id = j.company_id
        left join applications a on a.seeker_id = sj.seeker_id and a.job_id = sj.job_id
        where sj.seeker_id = ${seekerId} order by sj.created_at desc, j.id desc limit ${limit} offset ${offsetOf(page, limit)}`,
  );
  return { total, list };
}

/** Saves each job once; how many were new. */
export async function insertSavedJobs(db: Db, seekerId: string, jobIds: string[]): Promise<number> {
  const r = await rows(
    db,
    sql`insert into saved_jobs (seeker_id, job_id) values ${sql.join(jobIds.map((id) => sql`(${seekerId}, ${id})`), sql`, `)}
        on conflict do nothing returning job_id`,
  );
  return r.length;
}

export async function deleteSavedJob(db: Db, seekerId: string, jobId: string): Promise<void> {
  await db.execute(sql`delete from saved_jobs where seeker_id = ${seekerId} and job_id = ${jobId}`);
}

/** Which of these jobs the seeker saved. */
export async function savedAmong(db: Db, seekerId: string, jobIds: string[]): Promise<Set<string>> {
  const r = await rows<{ id: string }>(db, sql`select job_id::text as id from saved_jobs where seeker_id = ${seekerId} and job_id in (${inList(jobIds)})`);
  return new Set(r.map((x) => x.id));
}

// ---- followed enterprises (关注企业)

export type FollowedRow = { dwid: string; dwmc: string; dwxz: string; sshy: string; dwgm: string; dwszcs: string; scsj: string };

export async function followedCompanies(db: Db, seekerId: string, { page, limit }: Paging): Promise<{ total: number; list: FollowedRow[] }> {
  const total = await count(db, sql`select count(*)::int as n from followed_companies where seeker_id = ${seekerId}`);
  const list = await rows<FollowedRow>(
    db,
    sql`select c.id::text as dwid, c.name as dwmc, c.nature as dwxz, c.industry as sshy, c.size as dwgm, c.city as dwszcs,
               ${timeText('fc.created_at')} as scsj
        from followed_companies fc join companies c on c.id = fc.company_id
        where fc.seeker_id = ${seekerId} order by fc.created_at desc, c.id desc limit ${limit} offset ${offsetOf(page, limit)}`,
  );
  return { total, list };
}

export async function insertFollow(db: Db, seekerId: string, companyId: string): Promise<void> {
  await db.execute(sql`insert into followed_companies (seeker_id, company_id) values (${seekerId}, ${companyId}) on conflict do nothing`);
}

export async function deleteFollow(db: Db, seekerId: string, companyId: string): Promise<void> {
  await db.execute(sql`delete from followed_companies where seeker_id = ${seekerId} and company_id = ${companyId}`);
}

/** Which of these enterprises the seeker follows. */
export async function followedAmong(db: Db, seekerId: string, companyIds: string[]): Promise<Set<string>> {
  const r = await rows<{ id: string }>(
    db,
    sql`select company_id::text as id from followed_companies where seeker_id = ${seekerId} and company_id in (${inList(companyIds)})`,
  );
  return new Set(r.map((x) => x.id));
}

// ---- shielded enterprises (屏蔽企业): their HR no longer find the seeker in talent search

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

// ---- who viewed my résumé (谁看过我)

/**
 * Repeated loads by the same HR within this many minutes are one view: the résumé page reads
 * several parts at once, and a reload is not a second look.
 */
const VIEW_WINDOW_MINUTES = 10;

/** Records that an HR opened a seeker's résumé; false when it falls in the last view's window. */
export async function insertResumeView(db: Db, v: { seekerId: string; hrId: string; companyId: string; jobId?: string | null }): Promise<boolean> {
  const r = await one<{ id: string }>(
    db,
    sql`insert into resume_views (seeker_id, hr_id, company_id, job_id)
        select ${v.seekerId}, ${v.hrId}, ${v.companyId}, ${v.jobId ?? null}
        where not exists (select 1 from resume_views where seeker_id = ${v.seekerId} and hr_id = ${v.hrId}
                            and viewed_at > now() - make_interval(mins => ${VIEW_WINDOW_MINUTES}))
        returning id::text as id`,
  );
  return !!r;
}

export type ViewerRow = { hrid: string; dwid: string; cksj: string; ckcs: number; hrxm: string; hrzw: string; dwmc: string; sshy: string };

/** The HR who looked at the seeker's résumé, the latest first, each once with how often. */
export async function resumeViewers(db: Db, seekerId: string, { page, limit }: Paging): Promise<{ total: number; list: ViewerRow[] }> {
  const total = await count(db, sql`select count(distinct hr_id)::int as n from resume_views where seeker_id = ${seekerId}`);
  const list = await rows<ViewerRow>(
    db,
    sql`select v.hrid, v.dwid, ${timeText('v.last')} as cksj, v.n as ckcs, coalesce(h.name, '') as hrxm, coalesce(h.title, '') as hrzw,
               c.name as dwmc, c.industry as sshy
        from (select hr_id::text as hrid, (array_agg(company_id order by viewed_at desc))[1]::text as dwid, max(viewed_at) as last,
                     count(*)::int as n
              from resume_views where seeker_id = ${seekerId} group by hr_id) v
        join companies c on c.id = v.dwid::bigint left join hr_profiles h on h.user_id = v.hrid::bigint
        order by v.last desc, v.hrid limit ${limit} offset ${offsetOf(page, limit)}`,
  );
  return { total, list };
}

// ---- HR's favourite talents (收藏人才)

/** True when it is new. */
export async function insertFavourite(db: Db, hrId: string, companyId: string, seekerId: string): Promise<boolean> {
  return !!(await one(
    db,
    sql`insert into talent_favourites (hr_id, company_id, seeker_id) values (${hrId}, ${companyId}, ${seekerId})
        on conflict do nothing returning seeker_id`,
  ));
}

/** True when there was one. */
export async function deleteFavourite(db: Db, hrId: string, seekerId: string): Promise<boolean> {
  return !!(await one(db, sql`delete from talent_favourites where hr_id = ${hrId} and seeker_id = ${seekerId} returning seeker_id`));
}

export type FavouriteRow = { qzbsid: string; scsj: string; sftd: number; sfyy: number };

/** The HR's favourite talents, newest first, with whether each applied to or was invited by the enterprise; `name` filters. */
export async function favourites(
  db: Db,
  hrId: string,
  companyId: string,
  q: Paging & { name?: string },
): Promise<{ total: number; list: FavouriteRow[] }> {
  const where = sql`t.hr_id = ${hrId} ${q.name?.trim() ? sql`and p.name ilike ${likePattern(q.name)}` : sql``}`;
  const from = sql`from talent_favourites t left join seeker_profiles p on p.user_id = t.seeker_id where ${where}`;
  const total = await count(db, sql`select count(*)::int as n ${from}`);
  const list = await rows<FavouriteRow>(
    db,
    sql`select t.seeker_id::text as qzbsid, ${timeText('t.created_at')} as scsj,
               (exists (select 1 from applications a where a.seeker_id = t.seeker_id and a.company_id = ${companyId}))::int as sftd,
               (exists (select 1 from interviews i where i.seeker_id = t.seeker_id and i.company_id = ${companyId}))::int as sfyy
        ${from} order by t.created_at desc, t.seeker_id desc limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return { total, list };
}

/** seekerId → 1 when the HR keeps them as a favourite talent, else 0. */
export async function favouriteFlags(db: Db, hrId: string, seekerIds: string[]): Promise<Record<string, number>> {
  return valuesById(db, seekerIds, (list) => sql`select seeker_id::text as id, 1 as n from talent_favourites where hr_id = ${hrId} and seeker_id in (${list})`);
}
