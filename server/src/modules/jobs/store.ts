/**
 * Job posts: writing them (HR of an approved enterprise), reading them, the operator's take-down.
 */
import type { Static } from '@sinclair/typebox';
import { salaryBoundsOf, type JobDetail, type JobInput } from '@zp/core/contract';
import { one, rows, sql, type Db, chinaTime } from '../../db/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/reply.js';
import { countView } from '../../http/page-views.js';
import type { Services } from '../../services.js';
import { codeSnapshot, isValidCode } from '../codes/public.js';
import { companySignedUp, fairState, fairsOfCompany } from '../fairs/public.js';
import { notify } from '../notify/public.js';
import { logOperatorAction } from '../admin/public.js';
import { jobSearchWords } from '../search/public.js';
import { companyLogoUrls } from '../companies/public.js';
import { jobListColumns, perkList } from './public.js';
import { SITE_PATHS } from '@zp/core/fairs';

export type JobFields = Static<typeof JobInput>;

export const DRAFT = 0;
export const PUBLISHED = 1;
export const CLOSED = 2;
export const TAKEN_DOWN = 3;

/** A job's fields as stored, whichever form sent them (our exact bounds or the previous client's range code). */
interface JobRecord {
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

/** The salary bounds: exact ones when sent, else the range code's. */
function salaryOf(b: JobFields): { zdyx: number; zgyx: number } {
  if (b.zdyx !== undefined || b.zgyx !== undefined) {
    if (b.zdyx === undefined || b.zgyx === undefined) throw badRequest('请同时填写最低月薪和最高月薪');
    if (b.zgyx < b.zdyx) throw badRequest('最高月薪不能低于最低月薪');
    return { zdyx: b.zdyx, zgyx: b.zgyx };
  }
  if (!b.gwyx) throw badRequest('请选择薪资范围');
  const bounds = salaryBoundsOf(b.gwyx);
  if (!bounds) throw badRequest('薪资范围无效，请重新选择');
  return bounds;
}

/** hxids as a list: the previous client sends one id as a string, and '' for none. */
const fairIdsOf = (h: JobFields['hxids']): string[] | null => (h === undefined ? null : Array.isArray(h) ? h : h ? [h] : []);

async function checkFields(s: Services, companyId: string, jobId: string | null, b: JobFields): Promise<JobRecord> {
  const db = s.db;
  if (b.dwid !== undefined && b.dwid !== companyId) throw forbidden('只能为本单位发布岗位');
  const checks: [Parameters<typeof isValidCode>[1], string, string][] = [
    ['gwlb3', b.gwlb, '岗位类别'],
    ['m_gwgzxzdm', b.gwgzxz, '工作性质'],
    ['sf', b.sbsf, '工作省份'],
    ['ss', b.sbcs, '工作城市'],
    ['m_xldm', b.xlyq, '学历要求'],
    ['m_jyyqdm', b.jyyq, '经验要求'],
  ];
  for (const [table, code, title] of checks) {
    if (!code) throw badRequest(`请选择${title}`);
    if (!(await isValidCode(db, table, code))) throw badRequest(`${title}无效，请重新选择`);
  }
  // the upper levels, when sent, must be the ones above the third (codes nest by prefix)
  if ((b.gwlbt && !b.gwlb.startsWith(b.gwlbt)) || (b.gwlbo && !b.gwlb.startsWith(b.gwlbo))) throw badRequest('岗位类别无效，请重新选择');
  const city = (await codeSnapshot(db)).all.ss.find((r) => r.code === b.sbcs);
  if (city?.parent !== b.sbsf) throw badRequest('工作城市不属于所选省份');
  const { zdyx, zgyx } = salaryOf(b);
  if (!b.gwmc.trim()) throw badRequest('请填写岗位名称');
  if (!b.gwms.trim()) throw badRequest('请填写岗位描述');
  const perks = b.gwfl ?? b.gwfls ?? null;
  await checkPerks(db, perks ?? []);
  const fairIds = fairIdsOf(b.hxids);
  if (fairIds) await checkFairChoice(s, companyId, jobId, fairIds);
  return {
    title: b.gwmc.trim(), category: b.gwlb, nature: b.gwgzxz, province: b.sbsf, city: b.sbcs, address: b.sbxxdz.trim(),
    salaryMin: zdyx, salaryMax: zgyx, education: b.xlyq, experience: b.jyyq, headcount: b.zprs, description: b.gwms.trim(),
    welfare: welfare(b.fldy), perks, department: b.ssbm?.trim() ?? '', skills: b.jnyq?.trim() ?? '',
    publishDays: b.fbsc ?? null, resumeEmail: b.jljsyx?.trim() ?? null, pinned: b.sfzd === undefined ? null : String(b.sfzd) === '1',
    sortOrder: b.zwpx ?? null, fairIds,
  };
}

/** Perk codes must be items of m_gwfldm (职位亮点); none may be sent before that table has items. */
async function checkPerks(db: Db, codes: string[]) {
  if (!codes.length) return;
  const found = await rows<{ code: string }>(
    db,
    sql`select code from code_items where table_name = 'm_gwfldm' and enabled and code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})`,
  );
  if (found.length !== codes.length) throw badRequest('职位亮点无效，请重新选择');
}

/** The perk codes as stored: a Postgres text[] literal (codes are [A-Za-z0-9_]). */
const perksLiteral = (codes: string[]) => `{${codes.join(',')}}`;

const welfare = (s: string | undefined) =>
  (s ?? '')
    .split(/[,，、]/)
    .map((t) => t.trim())
    .filter(Boolean)
    .join(',');

export async function addJob(s: Services, hrId: string, companyId: string, b: JobFields, publish: boolean): Promise<string> {
  const j = await checkFields(s, companyId, null, b);
  const c = await one<{ name: string }>(s.db, sql`select name from companies where id = ${companyId}`);
  const words = jobSearchWords(j.title, c!.name);
  const r = await one<{ id: string }>(
    s.db,
    sql`insert into jobs (company_id, hr_id, title, category, nature, province, city, address, salary_min, salary_max, education,
                          experience, headcount, description, welfare, perks, department, skills, status, published_at, search_title, search_company,
                          publish_days, resume_email, pinned, sort_order)
        values (${companyId}, ${hrId}, ${j.title}, ${j.category}, ${j.nature}, ${j.province}, ${j.city}, ${j.address}, ${j.salaryMin}, ${j.salaryMax},
                ${j.education}, ${j.experience}, ${j.headcount}, ${j.description}, ${j.welfare}, ${perksLiteral(j.perks ?? [])}::text[], ${j.department},
                ${j.skills}, ${publish ? PUBLISHED : DRAFT}, ${publish ? sql`now()` : null}, ${words.title}, ${words.company},
                ${j.publishDays ?? 0}, ${j.resumeEmail ?? ''}, ${j.pinned ?? false}, ${j.sortOrder ?? 0})
        returning id::text as id`,
  );
  if (j.fairIds?.length) await writeJobFairs(s.db, r!.id, j.fairIds);
  return r!.id;
}

interface OwnedJob {
  id: string;
  status: number;
  takedown_reason: string;
  refreshed_today: boolean;
}

/** A job of the HR's enterprise (colleagues share the enterprise's jobs), or 404. */
export async function ownJob(db: Db, companyId: string, jobId: string): Promise<OwnedJob> {
  const j = await one<OwnedJob>(
    db,
    sql`select id::text as id, status::int as status, takedown_reason,
               (refreshed_at at time zone 'Asia/Shanghai')::date = (now() at time zone 'Asia/Shanghai')::date as refreshed_today
        from jobs where id = ${jobId} and company_id = ${companyId} and deleted_at is null`,
  );
  if (!j) throw notFound('岗位不存在');
  return j;
}

const takenDown = (j: OwnedJob) => forbidden(`该岗位已被平台下架${j.takedown_reason ? `（原因：${j.takedown_reason}）` : ''}，不能再修改或发布`);

export async function updateJob(s: Services, companyId: string, jobId: string, b: JobFields) {
  const owned = await ownJob(s.db, companyId, jobId);
  if (owned.status === TAKEN_DOWN) throw takenDown(owned);
  const j = await checkFields(s, companyId, jobId, b);
  const c = await one<{ name: string }>(s.db, sql`select name from companies where id = ${companyId}`);
  const words = jobSearchWords(j.title, c!.name);
  // What a form did not send stays as it was (our form has no 发布时长, the previous one no 职位排序).
  await s.db.execute(
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
  if (j.fairIds) await writeJobFairs(s.db, jobId, j.fairIds);
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

export async function deleteJob(s: Services, companyId: string, jobId: string) {
  await ownJob(s.db, companyId, jobId);
  await s.db.execute(sql`update jobs set deleted_at = now(), updated_at = now() where id = ${jobId}`);
  // Ended fairs keep the record of what they showed (their 岗位 count).
  await s.db.execute(sql`delete from job_fairs where job_id = ${jobId} and fair_id in (select id from fairs where ends_at >= now())`);
}

export async function publishJob(s: Services, companyId: string, jobId: string): Promise<string> {
  const j = await ownJob(s.db, companyId, jobId);
  if (j.status === TAKEN_DOWN) throw takenDown(j);
  if (j.status === PUBLISHED) return '岗位已在招聘中';
  await s.db.execute(
    sql`update jobs set status = ${PUBLISHED}, published_at = coalesce(published_at, now()), refreshed_at = now(), updated_at = now()
        where id = ${jobId}`,
  );
  return '岗位已发布';
}

export async function closeJob(s: Services, companyId: string, jobId: string): Promise<string> {
  const j = await ownJob(s.db, companyId, jobId);
  if (j.status === TAKEN_DOWN) throw takenDown(j);
  if (j.status === DRAFT) throw badRequest('草稿尚未发布，无需关闭');
  if (j.status === CLOSED) return '岗位已关闭';
  await s.db.execute(sql`update jobs set status = ${CLOSED}, updated_at = now() where id = ${jobId}`);
  return '岗位已关闭，求职者将看不到该岗位';
}

/** Puts a published job back at the top of equally relevant results, once per job per day. */
export async function refreshJob(s: Services, companyId: string, jobId: string) {
  const j = await ownJob(s.db, companyId, jobId);
  if (j.status !== PUBLISHED) throw badRequest('只有招聘中的岗位可以刷新');
  if (j.refreshed_today) throw conflict('该岗位今天已刷新过，请明天再来');
  await s.db.execute(sql`update jobs set refreshed_at = now() where id = ${jobId}`);
}

/** The fairs the enterprise signed up for, with whether this job is shown there. */
export async function fairsForJob(db: Db, companyId: string, jobId: string) {
  const fairs = await fairsOfCompany(db, companyId);
  const chosen = new Set(
    (await rows<{ id: string }>(db, sql`select fair_id::text as id from job_fairs where job_id = ${jobId}`)).map((r) => r.id),
  );
  return fairs.map((f) => ({ hxid: f.id, hymc: f.name, ifks: f.state, sfxz: chosen.has(f.id) ? 1 : 0 }));
}

/** The fairs a job is shown at now. */
async function currentFairs(db: Db, jobId: string | null): Promise<Set<string>> {
  if (!jobId) return new Set();
  return new Set((await rows<{ id: string }>(db, sql`select fair_id::text as id from job_fairs where job_id = ${jobId}`)).map((r) => r.id));
}

/** Each fair newly chosen for a job (none yet when jobId is null) must be signed up for and not over. */
async function checkFairChoice(s: Services, companyId: string, jobId: string | null, fairIds: string[]) {
  const current = await currentFairs(s.db, jobId);
  for (const id of fairIds.filter((f) => !current.has(f))) {
    const state = await fairState(s.db, id);
    if (state === null) throw notFound('招聘会不存在');
    if (!(await companySignedUp(s.db, id, companyId))) throw badRequest('本单位尚未报名该招聘会，请先报名');
    if (state === 3) throw badRequest('该招聘会已结束，不能再添加岗位');
  }
}

/** Shows the job at exactly these fairs (checked by checkFairChoice first). */
async function writeJobFairs(db: Db, jobId: string, fairIds: string[]) {
  const current = await currentFairs(db, jobId);
  const added = fairIds.filter((id) => !current.has(id));
  const keep = fairIds.length ? sql`and fair_id not in (${sql.join(fairIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  // An ended fair's record stays: it cannot be changed any more (nor offered in the form).
  await db.execute(sql`delete from job_fairs where job_id = ${jobId} ${keep} and fair_id in (select id from fairs where ends_at >= now())`);
  if (added.length) {
    await db.execute(
      sql`insert into job_fairs (job_id, fair_id) values ${sql.join(added.map((id) => sql`(${jobId}, ${id})`), sql`, `)} on conflict do nothing`,
    );
  }
}

/** Shows the job at exactly these fairs; each newly added one must be signed up for and not over. */
export async function setJobFairs(s: Services, companyId: string, jobId: string, fairIds: string[]) {
  const j = await ownJob(s.db, companyId, jobId);
  if (j.status === TAKEN_DOWN) throw takenDown(j);
  await checkFairChoice(s, companyId, jobId, fairIds);
  await writeJobFairs(s.db, jobId, fairIds);
}

export type JobDetailRow = Omit<Static<typeof JobDetail>, 'fllist' | 'sfsc'> & {
  gwfl: string[];
  /** zt: our stored state (see DRAFT…TAKEN_DOWN) */
  zt: number;
  xjyy: string;
  company_status: number;
};

export async function jobDetail(s: Services, jobId: string): Promise<JobDetailRow | null> {
  const j = await one<JobDetailRow>(
    s.db,
    sql`select ${jobListColumns}, j.company_id::text as bsid, '' as sbxq, j.skills as jnyq, j.department as ssbm, j.welfare as fldy,
               job_gwzt(j.status) as gwzt, j.status::int as zt, ${chinaTime('j.refreshed_at')} as "updateTime", ${chinaTime('j.refreshed_at')} as sxsj,
               j.views as llcs, c.industry as sshy, c.city as dwszcs, '' as "logoUrl",
               coalesce(nullif(h.name, ''), u.name, '') as hrxm, coalesce(h.title, '') as hrzw,
               j.takedown_reason as xjyy, c.status::int as company_status
        from jobs j join companies c on c.id = j.company_id join users u on u.id = j.hr_id left join hr_profiles h on h.user_id = j.hr_id
        where j.id = ${jobId} and j.deleted_at is null`,
  );
  if (!j) return null;
  j.logoUrl = (await companyLogoUrls(s.db, s.config, [j.dwid]))[j.dwid];
  return j;
}

/** The detail as the contract sends it: perks as fllist, and whether this seeker saved the job. */
export async function detailOf(db: Db, j: JobDetailRow, viewer: { id: string; role: string } | null) {
  const { gwfl, zt: _zt, xjyy: _x, company_status: _c, ...rest } = j;
  const saved =
    viewer?.role === 'qz' && !!(await one(db, sql`select 1 as ok from saved_jobs where seeker_id = ${viewer.id} and job_id = ${j.gwid}`));
  return { ...rest, fllist: perkList(gwfl), sfsc: saved ? 1 : 0 };
}

/**
 * A job as a visitor may see it: published or closed (the page says it stopped), of an approved
 * enterprise. The enterprise's own HR see theirs in every state. A read by someone else counts a
 * view, once a day per `reader` (none: a page render, whose page counts its reader).
 */
export async function visibleJob(s: Services, jobId: string, viewer: { id: string; role: string } | null, reader: string | null) {
  const j = await jobDetail(s, jobId);
  if (!j) throw notFound('岗位不存在或已删除');
  const own =
    viewer?.role === 'hr' &&
    !!(await one(s.db, sql`select 1 as ok from hr_profiles where user_id = ${viewer.id} and company_id = ${j.dwid} and join_state = 2`));
  if (!own && (j.company_status !== 1 || (j.zt !== PUBLISHED && j.zt !== CLOSED))) throw notFound('岗位不存在或已下线');
  const counted = !own && reader !== null && (await countView(s.db, 'job', jobId, reader));
  return { ...(await detailOf(s.db, j, viewer)), llcs: j.llcs + (counted ? 1 : 0) };
}

export async function takeDownJob(s: Services, operatorId: string, jobId: string, reason: string) {
  const r = await one<{ title: string; hr_id: string; prev: number }>(
    s.db,
    sql`update jobs j set status = ${TAKEN_DOWN}, takedown_reason = ${reason.trim()}, updated_at = now()
        from (select id, status from jobs where id = ${jobId} and deleted_at is null for update) old
        where j.id = old.id and old.status <> ${TAKEN_DOWN}
        returning j.title, j.hr_id::text as hr_id, old.status::int as prev`,
  );
  if (!r) {
    const exists = await one(s.db, sql`select 1 as ok from jobs where id = ${jobId} and deleted_at is null`);
    throw exists ? conflict('该岗位已下架') : notFound('岗位不存在');
  }
  await logOperatorAction(s.db, operatorId, 'job.takedown', jobId, { xjyy: reason.trim(), gwmc: r.title, previousStatus: r.prev });
  await notify(s, r.hr_id, 'xtxx', '岗位已被平台下架', `您发布的岗位“${r.title}”已被平台下架。原因：${reason.trim()}`, SITE_PATHS.hrJobs);
}
