/** All of the applications module's SQL: applications, interview invitations, résumé downloads and their links. */
import type { SQL } from 'drizzle-orm';
import { WITHDRAWABLE_STATE, type ApplicationState, type ResumeDownloadFormat } from '@zp/core/contract';
import { valuesById, inList, timeText, minuteText, likePattern, one, rows, sql, type Db } from '../../db/index.js';
import { offsetOf } from '../../http/reply.js';
import { FileKind } from '../files/public.js';
import { jobListColumns, type JobListItem } from '../jobs/public.js';

// ---------------------------------------------------------------------------------------------
// People and enterprises, as this module needs them

/** True when the id is a job seeker's account. */
export async function isSeeker(db: Db, seekerId: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 as ok from users where id = ${seekerId} and role = 'qz'`));
}

/** The enterprise's status, or null when there is none. */
export async function companyStatus(db: Db, companyId: string): Promise<number | null> {
  const company = await one<{ status: number }>(db, sql`select status::int as status from companies where id = ${companyId}`);
  return company?.status ?? null;
}

/** How the seeker is named to HR in notices: the résumé's name, else the phone. */
export async function seekerName(db: Db, seekerId: string): Promise<string> {
  const r = await one<{ name: string }>(db, sql`select coalesce(nullif(p.name, ''), u.phone) as name from users u left join seeker_profiles p on p.user_id = u.id where u.id = ${seekerId}`);
  return r?.name ?? '求职者';
}

/** The résumé's name, for the file names of downloads. */
export async function resumeOwnerName(db: Db, seekerId: string): Promise<string> {
  const r = await one<{ name: string }>(db, sql`select name from seeker_profiles where user_id = ${seekerId}`);
  return (r?.name ?? '').trim() || '求职者';
}

/** Contact and header fields the card leaves out (the résumé module's base information). */
export async function candidateContact(db: Db, seekerId: string) {
  return one<{ phone: string; email: string; zwpj: string; csrq: string }>(
    db,
    sql`select u.phone, coalesce(p.email, '') as email, coalesce(p.self_intro, '') as zwpj, coalesce(p.birth_date, '') as csrq
        from users u left join seeker_profiles p on p.user_id = u.id where u.id = ${seekerId}`,
  );
}

/** The newest attachment résumé a seeker keeps, or null (the files module's records). */
export async function latestResumeFile(db: Db, seekerId: string): Promise<string | null> {
  const r = await one<{ id: string }>(
    db,
    sql`select id::text as id from files where owner_id = ${seekerId} and kind = ${FileKind.resume} and deleted_at is null
        order by created_at desc, id desc limit 1`,
  );
  return r?.id ?? null;
}

/** The attachment sent with the seeker's latest application to the enterprise that had one. */
export async function sentAttachment(db: Db, companyId: string, seekerId: string): Promise<string | null> {
  const r = await one<{ id: string }>(
    db,
    sql`select a.resume_file_id::text as id from applications a join files f on f.id = a.resume_file_id and f.deleted_at is null
        where a.seeker_id = ${seekerId} and a.company_id = ${companyId} order by a.created_at desc limit 1`,
  );
  return r?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Applications

/** True when the seeker applied to any job of the enterprise. */
export async function appliedToCompany(db: Db, seekerId: string, companyId: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 as ok from applications where seeker_id = ${seekerId} and company_id = ${companyId} limit 1`));
}

/** The seeker's applications to the enterprise that may still lead to an interview (not final, the job still open). */
export async function openApplicationsTo(db: Db, seekerId: string, companyId: string): Promise<{ bsid: string; gwid: string; gwmc: string }[]> {
  return rows(
    db,
    sql`select a.id::text as bsid, j.id::text as gwid, j.title as gwmc from applications a join jobs j on j.id = a.job_id
        where a.seeker_id = ${seekerId} and a.company_id = ${companyId} and a.state not in (5, 6) and j.status = 1
        order by a.created_at desc limit 50`,
  );
}

/** The new application's id, or null when the seeker already applied to the job. */
export async function insertApplication(
  db: Db,
  a: { seekerId: string; jobId: string; companyId: string; fairId: string | null; fileId: string | null; channel: string },
): Promise<string | null> {
  const r = await one<{ id: string }>(
    db,
    sql`insert into applications (seeker_id, job_id, company_id, fair_id, resume_file_id, channel)
        values (${a.seekerId}, ${a.jobId}, ${a.companyId}, ${a.fairId}, ${a.fileId}, ${a.channel})
        on conflict (seeker_id, job_id) do nothing returning id::text as id`,
  );
  return r?.id ?? null;
}

export interface CompanyApplication {
  id: string;
  seeker_id: string;
  job_id: string;
  state: ApplicationState;
  job_title: string;
  company_name: string;
}

/** An application to one of the enterprise's jobs, or undefined. */
export async function applicationOfCompany(db: Db, companyId: string, applicationId: string) {
  return one<CompanyApplication>(
    db,
    sql`select a.id::text as id, a.seeker_id::text as seeker_id, a.job_id::text as job_id, a.state::int as state,
               j.title as job_title, c.name as company_name
        from applications a join jobs j on j.id = a.job_id join companies c on c.id = a.company_id
        where a.id = ${applicationId} and a.company_id = ${companyId}`,
  );
}

/** The seeker's application to the job, if any. */
export async function applicationOfJob(db: Db, seekerId: string, jobId: string) {
  return one<{ id: string; state: ApplicationState }>(
    db,
    sql`select id::text as id, state::int as state from applications where seeker_id = ${seekerId} and job_id = ${jobId}`,
  );
}

/** Moves the application from `from` to `to`; false when someone changed it in between. */
export async function setApplicationState(db: Db, a: { id: string; from: ApplicationState; to: ApplicationState; hrId: string }): Promise<boolean> {
  const r = await one<{ id: string }>(
    db,
    sql`update applications set state = ${a.to}, state_by = ${a.hrId}, state_at = now()
        where id = ${a.id} and state = ${a.from} returning id::text as id`,
  );
  return !!r;
}

/** The seeker's applications to the enterprise that no one there has touched yet. */
export async function freshApplications(db: Db, companyId: string, seekerId: string) {
  return rows<{ id: string }>(
    db,
    sql`select id::text as id from applications where seeker_id = ${seekerId} and company_id = ${companyId} and state = 1`,
  );
}

/** yyzt of the seeker's application per job (0 when none), for every id asked. */
export async function applicationStates(db: Db, seekerId: string, jobIds: string[]): Promise<Record<string, number>> {
  return valuesById(
    db,
    jobIds,
    (list) => sql`select job_id::text as id, state::int as n from applications where seeker_id = ${seekerId} and job_id in (${list})`,
  );
}

/** jsjls of the home company cards (收到简历): applications each enterprise received; every id asked for is present. */
export async function receivedResumeCounts(db: Db, companyIds: string[]): Promise<Record<string, number>> {
  return valuesById(db, companyIds, (list) => sql`select company_id::text as id, count(*)::int as n from applications where company_id in (${list}) group by company_id`);
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

/** The seeker's lists: every application, those HR looked at, the refused, those sent in a fair's hall. */
export type SeekerApplicationList = 'all' | 'looked' | 'denied' | 'fair';
const SEEKER_LISTS: Record<SeekerApplicationList, SQL> = {
  all: sql`true`,
  looked: sql`a.state in (2, 3, 4, 6)`,
  denied: sql`a.state = 5`,
  fair: sql`a.fair_id is not null`,
};

export async function seekerApplications(db: Db, seekerId: string, which: SeekerApplicationList, page: number, limit: number) {
  const from = sql`from applications a join jobs j on j.id = a.job_id join companies c on c.id = a.company_id
    left join fairs f on f.id = a.fair_id left join files rf on rf.id = a.resume_file_id and rf.deleted_at is null
    where a.seeker_id = ${seekerId} and ${SEEKER_LISTS[which]}`;
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n ${from}`))?.n ?? 0;
  const list = await rows<{ dwid: string } & Record<string, string | number>>(
    db,
    sql`select a.id::text as bsid, j.id::text as gwid, j.title as gwmc, job_gwzt(j.status) as gwzt, c.id::text as dwid, c.name as dwmc,
               c.nature as dwxz, c.size as dwgm, c.province as dwszsf, c.city as dwszcs,
               j.city as sbcs, job_salary_code(j.salary_min, j.salary_max) as gwyx, j.salary_min as zdyx, j.salary_max as zgyx,
               j.education as xlyq, j.experience as jyyq, j.experience as gznx,
               (select count(*)::int from resume_views v where v.seeker_id = a.seeker_id and v.company_id = a.company_id) as ckcs,
               ${timeText('a.created_at')} as tdsj, a.state::int as yyzt, ${timeText('a.state_at')} as ztsj,
               coalesce(f.id::text, '') as hxid, coalesce(f.name, '') as hymc, coalesce(rf.id::text, '') as fjjlid, coalesce(rf.name, '') as fjjlmc,
               ${timeText('a.offer_at')} as "offerAt"
        ${from} order by a.created_at desc, a.id desc limit ${limit} offset ${offsetOf(page, limit)}`,
  );
  return { total, list };
}

/** HR's received lists, the dates already checked: tdsj as [from, to] days. */
export interface ReceivedQuery {
  gwids?: string;
  state?: number | null;
  states?: readonly number[];
  days?: [string, string];
  xm?: string;
  xl?: string;
  /** only applications with an offer out */
  offer?: boolean;
  page: number;
  limit: number;
}

export async function receivedApplications(db: Db, companyId: string, f: ReceivedQuery) {
  const where: SQL[] = [sql`a.company_id = ${companyId}`];
  if (f.gwids) where.push(sql`a.job_id in (${inList(f.gwids.split(','))})`);
  if (f.state) where.push(sql`a.state = ${f.state}`);
  else if (f.states) where.push(sql`a.state in (${inList(f.states)})`);
  if (f.days) where.push(sql`(a.created_at at time zone 'Asia/Shanghai')::date between ${f.days[0]}::date and ${f.days[1]}::date`);
  if (f.xm?.trim()) where.push(sql`p.name ilike ${likePattern(f.xm)}`);
  // The highest degree, as the résumé card shows it (the résumé module's education rows).
  if (f.xl) where.push(sql`(select max(e.degree) from resume_education e where e.user_id = a.seeker_id) = ${f.xl}`);
  if (f.offer) where.push(sql`a.offer_at is not null and a.state not in (5, 6)`);
  const from = sql`from applications a join jobs j on j.id = a.job_id join users u on u.id = a.seeker_id
    left join seeker_profiles p on p.user_id = a.seeker_id
    left join fairs fa on fa.id = a.fair_id left join files rf on rf.id = a.resume_file_id and rf.deleted_at is null
    where ${sql.join(where, sql` and `)}`;
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n ${from}`))?.n ?? 0;
  const list = await rows<{
    bsid: string; qzbsid: string; phone: string; gwid: string; gwmc: string; tdsj: string; yyzt: number; ztsj: string;
    hxid: string; hymc: string; fjjlid: string; fjjlmc: string; channel: string; msid: string; tdcs: number; offerAt: string;
  }>(
    db,
    sql`select a.id::text as bsid, a.seeker_id::text as qzbsid, u.phone, j.id::text as gwid, j.title as gwmc,
               ${timeText('a.created_at')} as tdsj, a.state::int as yyzt, ${timeText('a.state_at')} as ztsj,
               coalesce(fa.id::text, '') as hxid, coalesce(fa.name, '') as hymc,
               coalesce(rf.id::text, '') as fjjlid, coalesce(rf.name, '') as fjjlmc, a.channel,
               coalesce((select i.id::text from interviews i where i.application_id = a.id order by i.created_at desc, i.id desc limit 1), '') as msid,
               (select count(distinct t.company_id)::int from applications t where t.seeker_id = a.seeker_id) as tdcs,
               ${timeText('a.offer_at')} as "offerAt"
        ${from} order by a.created_at desc, a.id desc limit ${f.limit} offset ${offsetOf(f.page, f.limit)}`,
  );
  return { total, list };
}

/** The seeker's applications to the enterprise, beside the résumé HR reads. */
export async function candidateJobs(db: Db, companyId: string, seekerId: string) {
  return rows<{ bsid: string; gwid: string; gwmc: string; yyzt: number; tdsj: string; fjjlid: string }>(
    db,
    sql`select a.id::text as bsid, j.id::text as gwid, j.title as gwmc, a.state::int as yyzt, ${timeText('a.created_at')} as tdsj,
               coalesce(a.resume_file_id::text, '') as fjjlid
        from applications a join jobs j on j.id = a.job_id
        where a.seeker_id = ${seekerId} and a.company_id = ${companyId} order by a.created_at desc`,
  );
}

/** The enterprise's jobs with the applications each received and those not yet opened. */
export async function jobsWithApplications(db: Db, companyId: string) {
  return rows<{ gwid: string; gwmc: string; zt: number; tdrs: number; wcks: number }>(
    db,
    sql`select j.id::text as gwid, j.title as gwmc, j.status::int as zt, count(a.id)::int as tdrs,
               (count(a.id) filter (where a.state = 1))::int as wcks
        from jobs j left join applications a on a.job_id = j.id
        where j.company_id = ${companyId} and j.deleted_at is null
        group by j.id order by count(a.id) desc, j.created_at desc limit 500`,
  );
}

/** Published jobs of approved enterprises in the category and city (either may be ''), not those the seeker applied to. */
export async function recommendedJobs(db: Db, q: { seekerId: string | null; category: string; city: string; page: number; limit: number }) {
  const { seekerId, category, city } = q;
  const where = sql`j.status = 1 and j.deleted_at is null and c.status = 1
    ${seekerId ? sql`and not exists (select 1 from applications a where a.seeker_id = ${seekerId} and a.job_id = j.id)` : sql``}
    ${category ? sql`and j.category like ${`${category}%`}` : sql``} ${city ? sql`and j.city = ${city}` : sql``}`;
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from jobs j join companies c on c.id = j.company_id where ${where}`))?.n ?? 0;
  const list = await rows<JobListItem>(
    db,
    sql`select ${jobListColumns} from jobs j join companies c on c.id = j.company_id
        where ${where} order by j.refreshed_at desc, j.id desc limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return { total, list };
}

// ---------------------------------------------------------------------------------------------
// The seeker's timeline and 撤回投递

/** The enterprise has not read it: still 已投递, and no one there downloaded the résumé since it was sent. */
const unread = sql`a.state = ${WITHDRAWABLE_STATE} and not exists (
  select 1 from resume_downloads d where d.seeker_id = a.seeker_id and d.company_id = a.company_id and d.created_at >= a.created_at)`;

/** The seeker's own application and whether it may still be withdrawn, or undefined. */
export async function applicationOfSeeker(db: Db, seekerId: string, applicationId: string) {
  return one<{ id: string; withdrawable: boolean }>(
    db,
    sql`select a.id::text as id, (${unread}) as withdrawable from applications a where a.id = ${applicationId} and a.seeker_id = ${seekerId}`,
  );
}

/** Each state the application went through and each answer to an invitation for it, oldest first. */
export async function applicationEvents(db: Db, applicationId: string) {
  return rows<{ kind: string; at: string; t: string }>(
    db,
    sql`select e.state::text as kind, ${minuteText('e.at')} as at, e.at as t from application_events e where e.application_id = ${applicationId}
        union all
        select case i.answer when 1 then 'accepted' else 'declined' end, ${minuteText('i.answered_at')}, i.answered_at
          from interviews i where i.application_id = ${applicationId} and i.answer in (1, 2) and i.answered_at is not null
        order by 3, 1`,
  );
}

/**
 * Deletes the seeker's application if the enterprise has not read it; false otherwise. One
 * statement: an HR opening the résumé at the same moment either comes first (nothing is deleted)
 * or finds the application gone.
 */
export async function deleteUnreadApplication(db: Db, seekerId: string, applicationId: string): Promise<boolean> {
  return !!(await one(db, sql`delete from applications a where a.id = ${applicationId} and a.seeker_id = ${seekerId} and ${unread} returning a.id`));
}

export async function hasApplication(db: Db, seekerId: string, applicationId: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 as ok from applications where id = ${applicationId} and seeker_id = ${seekerId}`));
}

// ---------------------------------------------------------------------------------------------
// Interview invitations

/** True when the seeker accepted one of the enterprise's interview invitations. */
export async function acceptedInvitationFrom(db: Db, seekerId: string, companyId: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 as ok from interviews where seeker_id = ${seekerId} and company_id = ${companyId} and answer = 1 limit 1`));
}

/** msCount of an enterprise: interview invitations it sent. */
export async function interviewsSent(db: Db, companyId: string): Promise<number> {
  const r = await one<{ n: number }>(db, sql`select count(*)::int as n from interviews where company_id = ${companyId}`);
  return r?.n ?? 0;
}

/** The new invitation's id, or null when one for the same seeker and job still waits for an answer. */
export async function insertInterview(
  db: Db,
  i: {
    applicationId: string | null; seekerId: string; jobId: string; companyId: string; hrId: string; title: string; at: string | null;
    province: string; city: string; address: string; contact: string; phone: string; note: string; offersSlots: boolean;
  },
): Promise<string | null> {
  const r = await one<{ id: string }>(
    db,
    sql`insert into interviews (application_id, seeker_id, job_id, company_id, hr_id, title, at, province, city, address, contact, phone, note, offers_slots)
        values (${i.applicationId}, ${i.seekerId}, ${i.jobId}, ${i.companyId}, ${i.hrId}, ${i.title}, ${i.at}, ${i.province},
                ${i.city}, ${i.address}, ${i.contact}, ${i.phone}, ${i.note}, ${i.offersSlots})
        on conflict (seeker_id, job_id) where answer = 0 do nothing
        returning id::text as id`,
  );
  return r?.id ?? null;
}

export interface InvitationRow {
  id: string;
  seeker_id: string;
  company_id: string;
  hr_id: string | null;
  answer: number;
  result: number;
  past: boolean;
  /** it offers interview slots: accepted by booking one */
  offers_slots: boolean;
  job_title: string;
  company_name: string;
}

export async function invitation(db: Db, id: string): Promise<InvitationRow | undefined> {
  return one<InvitationRow>(
    db,
    sql`select i.id::text as id, i.seeker_id::text as seeker_id, i.company_id::text as company_id, i.hr_id::text as hr_id,
               i.answer::int as answer, i.result::int as result, coalesce(i.at < now(), false) as past, i.offers_slots, j.title as job_title, c.name as company_name
        from interviews i join jobs j on j.id = i.job_id join companies c on c.id = i.company_id where i.id = ${id}`,
  );
}

/** Records the seeker's answer to a waiting invitation; false when it was answered meanwhile. */
export async function saveInvitationAnswer(db: Db, id: string, answer: 1 | 2, note: string): Promise<boolean> {
  const r = await one(
    db,
    sql`update interviews set answer = ${answer}, answer_note = ${note}, answered_at = now()
        where id = ${id} and answer = 0 returning id`,
  );
  return !!r;
}

export async function saveInterviewResult(db: Db, id: string, result: 1 | 2, note: string): Promise<void> {
  await db.execute(sql`update interviews set result = ${result}, result_note = ${note} where id = ${id}`);
}

/** The Invitation fields of the contract, over interviews i, jobs j, companies c. */
const invitationColumns = sql`i.id::text as msid, coalesce(i.application_id::text, '') as bsid, j.id::text as gwid, j.title as gwmc,
  c.id::text as dwid, c.name as dwmc, i.title as mymc, ${minuteText('i.at')} as mssj, i.province as mssf, i.city as mscs,
  i.address as msxxdz, i.contact as lxr, i.phone as sjhm, i.note as smxx, i.answer::int as zt, i.answer_note as hfsm,
  ${timeText('i.answered_at')} as hfsj, i.result::int as msjg, i.result_note as msjgsm, ${timeText('i.created_at')} as "createTime"`;

/** The seeker's invitations with this answer: the waiting ones soonest first, the others newest first. */
export async function seekerInvitations(db: Db, seekerId: string, answer: 0 | 1 | 2, page: number, limit: number) {
  const where = sql`i.seeker_id = ${seekerId} and i.answer = ${answer}`;
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from interviews i where ${where}`))?.n ?? 0;
  const list = await rows<{ dwid: string } & Record<string, string | number>>(
    db,
    sql`select ${invitationColumns} from interviews i join jobs j on j.id = i.job_id join companies c on c.id = i.company_id
        where ${where} order by ${answer === 0 ? sql`i.at asc` : sql`i.created_at desc`}, i.id desc
        limit ${limit} offset ${offsetOf(page, limit)}`,
  );
  return { total, list };
}

/** The enterprise's sent invitations, filtered by answer (zt), result (msjg), job and the seeker's name. */
export async function sentInvitations(
  db: Db,
  companyId: string,
  q: { zt: number | null; msjg: number | null; gwid?: string; xm?: string; page: number; limit: number },
) {
  const where: SQL[] = [sql`i.company_id = ${companyId}`];
  if (q.zt !== null) where.push(sql`i.answer = ${q.zt}`);
  if (q.msjg !== null) where.push(sql`i.result = ${q.msjg}`);
  if (q.gwid) where.push(sql`i.job_id = ${q.gwid}`);
  if (q.xm?.trim()) where.push(sql`p.name ilike ${likePattern(q.xm)}`);
  const from = sql`from interviews i join jobs j on j.id = i.job_id join companies c on c.id = i.company_id
    join users u on u.id = i.seeker_id left join seeker_profiles p on p.user_id = i.seeker_id
    left join hr_profiles h on h.user_id = i.hr_id
    where ${sql.join(where, sql` and `)}`;
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n ${from}`))?.n ?? 0;
  const list = await rows<{ dwid: string } & Record<string, string | number>>(
    db,
    sql`select ${invitationColumns}, i.seeker_id::text as qzbsid, coalesce(p.name, '') as xm, coalesce(p.gender, '') as xbm,
               case when i.application_id is not null or i.answer = 1 then u.phone else '' end as phone,
               coalesce(i.hr_id::text, '') as hrid, coalesce(h.name, '') as hrxm
        ${from} order by i.created_at desc, i.id desc limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return { total, list };
}

// ---------------------------------------------------------------------------------------------
// Résumé download links and the downloads they counted

/** Seekers the enterprise downloaded from talent search today (Beijing day). */
export async function talentDownloadedToday(db: Db, companyId: string): Promise<string[]> {
  const r = await rows<{ id: string }>(
    db,
    sql`select distinct seeker_id::text as id from resume_downloads
        where company_id = ${companyId} and source = 'talent'
          and created_at >= (date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`,
  );
  return r.map((x) => x.id);
}

export async function insertDownloadLink(
  db: Db,
  l: { tokenHash: string; hrId: string; companyId: string; format: ResumeDownloadFormat; seekerIds: string[]; fileId: string | null; attachments: boolean; zip: boolean; seconds: number },
): Promise<void> {
  await db.execute(
    sql`insert into resume_download_links (token_hash, hr_id, company_id, format, seeker_ids, file_id, attachments, zip, expires_at)
        values (${l.tokenHash}, ${l.hrId}, ${l.companyId}, ${l.format},
                ${`{${l.seekerIds.join(',')}}`}::bigint[], ${l.fileId}, ${l.attachments}, ${l.zip},
                now() + make_interval(secs => ${l.seconds}))`,
  );
}

/** Links expired over a day ago. */
export async function deleteOldDownloadLinks(db: Db): Promise<void> {
  await db.execute(sql`delete from resume_download_links where expires_at < now() - interval '1 day'`);
}

export interface DownloadLinkRow {
  id: string;
  hr_id: string;
  company_id: string;
  format: ResumeDownloadFormat;
  seeker_ids: string[];
  file_id: string | null;
  attachments: boolean;
  zip: boolean;
  used: boolean;
}

/** The unexpired link of this token hash, or undefined. */
export async function downloadLink(db: Db, tokenHash: string): Promise<DownloadLinkRow | undefined> {
  return one<DownloadLinkRow>(
    db,
    sql`select id::text as id, hr_id::text as hr_id, company_id::text as company_id, format, seeker_ids::text[] as seeker_ids,
               file_id::text as file_id, attachments, zip, used_at is not null as used
        from resume_download_links where token_hash = ${tokenHash} and expires_at > now()`,
  );
}

/** Within a transaction: the enterprise's downloads are counted one link at a time. */
export async function lockCompanyDownloads(tx: Db, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`talent-downloads:${companyId}`}))`);
}

/** Marks the link fetched; false when it was before. */
export async function markLinkUsed(db: Db, linkId: string): Promise<boolean> {
  return !!(await one(db, sql`update resume_download_links set used_at = now() where id = ${linkId} and used_at is null returning id`));
}

export async function insertDownload(
  tx: Db,
  d: { hrId: string; companyId: string; seekerId: string; fileId: string | null; source: string; linkId: string; format: ResumeDownloadFormat },
): Promise<void> {
  await tx.execute(
    sql`insert into resume_downloads (hr_id, company_id, seeker_id, file_id, source, link_id, format)
        values (${d.hrId}, ${d.companyId}, ${d.seekerId}, ${d.fileId}, ${d.source}, ${d.linkId}, ${d.format})`,
  );
}

/** Marks the offer sent, once, while the application is shortlisted or at interview; false otherwise. */
export async function markOffer(db: Db, applicationId: string, hrId: string): Promise<string | null> {
  const r = await one<{ at: string }>(
    db,
    sql`update applications set offer_at = now(), offer_by = ${hrId}
        where id = ${applicationId} and offer_at is null and state in (3, 4) returning ${timeText('offer_at')} as at`,
  );
  return r?.at ?? null;
}
