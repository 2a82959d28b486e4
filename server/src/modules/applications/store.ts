/**
 * Applications, their states and interview invitations: the rules, in one place for the routes
 * and the demo seed.
 */
import { beijingToday, withBeijingLabel } from '@zp/core/dates';
import { APPLICATION_STATES, FINAL_STATES, type ApplicationState } from '@zp/core/contract';
import { one, rows, sql, type Db } from '../../db/index.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { companyOfHr, hrIdsOfCompany } from '../companies/public.js';
import { jobSummary } from '../jobs/public.js';
import { fairState, companySignedUp } from '../fairs/public.js';
import { assertFileOwned, FileKind } from '../files/public.js';
import { seekerCompleteness } from '../resumes/public.js';
import { notify } from '../notify/public.js';
import { contentChanged } from '../content/public.js';
import { isValidCode } from '../codes/public.js';
import { candidateAccess } from './public.js';
import { SITE_PATHS } from '@zp/core/fairs';
import { RESUME_INCOMPLETE_MSG, resumeComplete } from '@zp/core/rules/resume';
import { COMPANY_NOT_APPROVED } from '@zp/core/rules/companies';

type S = Pick<Services, 'db' | 'bus' | 'config'>;

/** Beijing-time text of a timestamp column, as every list shows times. */
export const timeText = (col: string) => sql.raw(`coalesce(to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'), '')`);
/** '' for no time (an interview whose time is 待定) */
export const minuteText = (col: string) => sql.raw(`coalesce(to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI'), '')`);

/** '%' and '_' typed by a person are meant literally. */
export const likePattern = (text: string) => `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A real calendar day 'YYYY-MM-DD', or null. */
export function validDay(text: string): string | null {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text ? text : null;
}

/** The approved enterprise of the calling HR (the routes are hrApproved, so it exists). */
export async function hrCompany(db: Db, hrId: string): Promise<{ id: string; name: string }> {
  const c = await companyOfHr(db, hrId);
  if (!c || c.status !== 1) throw forbidden(COMPANY_NOT_APPROVED);
  return { id: c.id, name: c.name };
}

async function seekerName(db: Db, seekerId: string): Promise<string> {
  const r = await one<{ name: string }>(db, sql`select coalesce(nullif(p.name, ''), u.phone) as name from users u left join seeker_profiles p on p.user_id = u.id where u.id = ${seekerId}`);
  return r?.name ?? '求职者';
}

// ---------------------------------------------------------------------------------------------
// Applying

export interface ApplyInput {
  gwid: string;
  dwid?: string;
  fjjlid?: string;
  hxid?: string;
  channel?: string;
}

/** The seeker may apply at all: a résumé of at least 60 %. */
export async function assertMayApply(db: Db, seekerId: string) {
  if (!resumeComplete(await seekerCompleteness(db, seekerId))) throw forbidden(RESUME_INCOMPLETE_MSG);
}

/**
 * One application: the job is published by an approved enterprise, the fair (if any) is on and
 * the enterprise takes part, the attachment is the seeker's own résumé file, and the seeker has
 * not applied to this job before. Notifies the job's HR.
 */
export async function apply(s: S, seekerId: string, input: ApplyInput): Promise<string> {
  const job = await jobSummary(s.db, input.gwid);
  if (!job) throw notFound('岗位不存在');
  if (input.dwid && input.dwid !== job.companyId) throw badRequest('单位与岗位不符');
  const company = await one<{ status: number }>(s.db, sql`select status::int as status from companies where id = ${job.companyId}`);
  if (job.status !== 1 || company?.status !== 1) throw badRequest('该岗位已停止招聘，不能投递');
  let fairId: string | null = null;
  if (input.hxid) {
    const state = await fairState(s.db, input.hxid);
    if (state === null) throw badRequest('招聘会不存在');
    if (state === 3) throw badRequest('该招聘会已结束，请直接投递岗位');
    if (!(await companySignedUp(s.db, input.hxid, job.companyId))) throw badRequest('该单位未参加此招聘会');
    fairId = input.hxid;
  }
  let fileId: string | null = null;
  if (input.fjjlid) fileId = (await assertFileOwned(s.db, input.fjjlid, seekerId, [FileKind.resume])).id;

  const r = await one<{ id: string }>(
    s.db,
    sql`insert into applications (seeker_id, job_id, company_id, fair_id, resume_file_id, channel)
        values (${seekerId}, ${job.id}, ${job.companyId}, ${fairId}, ${fileId}, ${input.channel ?? ''})
        on conflict (seeker_id, job_id) do nothing returning id::text as id`,
  );
  if (!r) throw conflict('您已投递过该岗位，请勿重复投递');
  // the enterprise's 收到简历 on the cached home tabs and lists
  await contentChanged(s, 'application', job.companyId);
  const name = await seekerName(s.db, seekerId);
  await notify(s, job.hrId, 'wjxx', '收到新的简历投递', `${name}投递了您发布的岗位「${job.title}」。`, SITE_PATHS.hrResumes);
  return r.id;
}

/** Several applications; each job that cannot be applied to is reported, the others go through. */
export async function applyMany(s: S, seekerId: string, items: ApplyInput[]) {
  await assertMayApply(s.db, seekerId);
  const applied: Record<string, string> = {};
  const failed: { gwid: string; msg: string }[] = [];
  for (const item of items) {
    try {
      applied[item.gwid] = await apply(s, seekerId, item);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      failed.push({ gwid: item.gwid, msg: err.message });
    }
  }
  return { applied, failed };
}

// ---------------------------------------------------------------------------------------------
// States

const STATE_NOTICE: Record<Exclude<ApplicationState, 1>, (company: string, job: string) => [string, string]> = {
  2: (c, j) => ['简历被查看', `${c}查看了您投递「${j}」的简历。`],
  3: (c, j) => ['简历通过初筛', `您投递的「${j}」已通过${c}的初步筛选。`],
  4: (c, j) => ['邀请面试', `${c}希望邀请您参加「${j}」的面试，请留意面试邀请。`],
  5: (c, j) => ['投递结果', `很遗憾，${c}认为您与「${j}」暂不匹配，感谢您的关注。`],
  6: (c, j) => ['恭喜录用', `恭喜！${c}决定录用您担任「${j}」。`],
};

interface OwnApplication {
  id: string;
  seeker_id: string;
  job_id: string;
  state: ApplicationState;
  job_title: string;
  company_name: string;
}

/** An application to one of the enterprise's jobs; a 404 for anyone else's (no hint that it exists). */
export async function ownApplication(db: Db, companyId: string, applicationId: string): Promise<OwnApplication> {
  const a = await one<OwnApplication>(
    db,
    sql`select a.id::text as id, a.seeker_id::text as seeker_id, a.job_id::text as job_id, a.state::int as state,
               j.title as job_title, c.name as company_name
        from applications a join jobs j on j.id = a.job_id join companies c on c.id = a.company_id
        where a.id = ${applicationId} and a.company_id = ${companyId}`,
  );
  if (!a) throw notFound('投递记录不存在');
  return a;
}

/**
 * Moves an application to `to` and tells the seeker. Setting the state it has is a no-op, as is
 * "viewed" once HR went further; refused and hired are final.
 */
export async function changeState(s: S, hrId: string, companyId: string, applicationId: string, to: Exclude<ApplicationState, 1>, notice = true): Promise<ApplicationState> {
  const a = await ownApplication(s.db, companyId, applicationId);
  if (a.state === to || (to === 2 && a.state > 2)) return a.state;
  if ((FINAL_STATES as readonly number[]).includes(a.state)) {
    throw badRequest(`该投递已标记为「${APPLICATION_STATES[a.state]}」，不能再更改状态`);
  }
  const r = await one<{ id: string }>(
    s.db,
    sql`update applications set state = ${to}, state_by = ${hrId}, state_at = now()
        where id = ${a.id} and state = ${a.state} returning id::text as id`,
  );
  if (!r) throw conflict('该投递刚被同事处理过，请刷新后再试');
  if (notice) {
    const [title, content] = STATE_NOTICE[to](a.company_name, a.job_title);
    // list category: viewed (xx_004 谁看过我), invited (xx_003 面试), the rest recruitment (xx_002)
    await notify(s, a.seeker_id, 'wjxx', title, content, SITE_PATHS.seekerApplications, to === 2 ? 'xx_004' : to === 4 ? 'xx_003' : 'xx_002');
  }
  return to;
}

/** HR opened the résumé: the seeker's untouched applications to this enterprise become "viewed". */
export async function markViewed(s: S, hrId: string, companyId: string, seekerId: string) {
  const fresh = await rows<{ id: string }>(
    s.db,
    sql`select id::text as id from applications where seeker_id = ${seekerId} and company_id = ${companyId} and state = 1`,
  );
  for (const a of fresh) await changeState(s, hrId, companyId, a.id, 2);
}

// ---------------------------------------------------------------------------------------------
// Interview invitations

export interface InviteInput {
  hxrbsid?: string;
  qzzid?: string;
  gwid?: string;
  dwid?: string;
  mymc: string;
  /** absent: the time is 待定, agreed by phone with the contact (the previous client never sends one) */
  mssj?: string;
  mssf?: string;
  mscs?: string;
  msxxdz: string;
  lxr: string;
  sjhm: string;
  smxx?: string;
}

/** 'YYYY-MM-DD HH:mm[:ss]' in Beijing time → Date; null when the day does not exist. */
export function beijingTime(text: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/.exec(text);
  if (!m) return null;
  const d = new Date(`${m[1]}T${m[2]}${m[3] ?? ':00'}+08:00`);
  if (Number.isNaN(d.getTime())) return null;
  // Date rolls 02-31 over to March; a real day comes back unchanged.
  const back = beijingToday(d.getTime());
  return back === m[1] ? d : null;
}

const YEAR_MS = 366 * 24 * 3600_000;

/**
 * Invites a seeker to an interview for a job of the HR's enterprise: after an application
 * (hxrbsid), or a seeker found in talent search (qzzid + gwid). The application, if any, moves
 * to "interview"; the seeker is told.
 */
export async function invite(s: S, hrId: string, companyId: string, input: InviteInput): Promise<string> {
  let seekerId: string;
  let jobId: string;
  let applicationId: string | null = null;
  let applicationState: ApplicationState | null = null;
  if (input.hxrbsid) {
    const a = await ownApplication(s.db, companyId, input.hxrbsid);
    if ((input.qzzid && input.qzzid !== a.seeker_id) || (input.gwid && input.gwid !== a.job_id) || (input.dwid && input.dwid !== companyId)) {
      throw badRequest('邀请信息与投递记录不符');
    }
    if ((FINAL_STATES as readonly number[]).includes(a.state)) throw badRequest(`该投递已标记为「${APPLICATION_STATES[a.state]}」，不能再邀请面试`);
    seekerId = a.seeker_id;
    jobId = a.job_id;
    applicationId = a.id;
    applicationState = a.state;
  } else {
    if (!input.qzzid || !input.gwid) throw badRequest('请选择要邀请的求职者和岗位');
    if (input.dwid && input.dwid !== companyId) throw badRequest('只能以本单位的名义邀请面试');
    const job = await jobSummary(s.db, input.gwid);
    if (!job || job.companyId !== companyId || job.status !== 1) throw badRequest('只能邀请参加本单位在招岗位的面试');
    if (!(await candidateAccess(s.db, companyId, input.qzzid))) throw notFound('该求职者不存在或已隐藏简历');
    seekerId = input.qzzid;
    jobId = job.id;
    const a = await one<{ id: string; state: ApplicationState }>(
      s.db,
      sql`select id::text as id, state::int as state from applications where seeker_id = ${seekerId} and job_id = ${jobId}`,
    );
    if (a) {
      if ((FINAL_STATES as readonly number[]).includes(a.state)) throw badRequest(`该投递已标记为「${APPLICATION_STATES[a.state]}」，不能再邀请面试`);
      applicationId = a.id;
      applicationState = a.state;
    }
  }

  const at = input.mssj ? beijingTime(input.mssj) : null;
  if (input.mssj) {
    if (!at) throw badRequest('面试时间不是有效的日期时间');
    if (at.getTime() <= Date.now()) throw badRequest('面试时间须晚于当前时间');
    if (at.getTime() > Date.now() + YEAR_MS) throw badRequest('面试时间不能晚于一年以后');
  }
  if (input.mssf && !(await isValidCode(s.db, 'sf', input.mssf))) throw badRequest('面试省份无效，请重新选择');
  if (input.mscs && !(await isValidCode(s.db, 'ss', input.mscs))) throw badRequest('面试城市无效，请重新选择');

  const r = await one<{ id: string }>(
    s.db,
    sql`insert into interviews (application_id, seeker_id, job_id, company_id, hr_id, title, at, province, city, address, contact, phone, note)
        values (${applicationId}, ${seekerId}, ${jobId}, ${companyId}, ${hrId}, ${input.mymc.trim()}, ${at ? at.toISOString() : null}, ${input.mssf ?? ''},
                ${input.mscs ?? ''}, ${input.msxxdz.trim()}, ${input.lxr.trim()}, ${input.sjhm}, ${(input.smxx ?? '').trim()})
        on conflict (seeker_id, job_id) where answer = 0 do nothing
        returning id::text as id`,
  );
  if (!r) throw conflict('已向该求职者发出该岗位的面试邀请，请等待对方答复');
  if (applicationId && applicationState !== 4) await changeState(s, hrId, companyId, applicationId, 4, false);

  const job = (await jobSummary(s.db, jobId))!;
  await notify(
    s,
    seekerId,
    'wjxx',
    '面试邀请',
    `${job.companyName}邀请您参加「${job.title}」的面试：${input.mssj ? withBeijingLabel(input.mssj.replace('T', ' ').slice(0, 16)) : `时间待定（联系人${input.lxr.trim()}，电话${input.sjhm}）`}，${input.msxxdz.trim()}。请及时答复。`,
    SITE_PATHS.seekerInvitations,
    'xx_003',
  );
  return r.id;
}

interface InvitationRow {
  id: string;
  seeker_id: string;
  company_id: string;
  hr_id: string | null;
  answer: number;
  result: number;
  past: boolean;
  job_title: string;
  company_name: string;
}

async function invitation(db: Db, id: string): Promise<InvitationRow | undefined> {
  return one<InvitationRow>(
    db,
    sql`select i.id::text as id, i.seeker_id::text as seeker_id, i.company_id::text as company_id, i.hr_id::text as hr_id,
               i.answer::int as answer, i.result::int as result, coalesce(i.at < now(), false) as past, j.title as job_title, c.name as company_name
        from interviews i join jobs j on j.id = i.job_id join companies c on c.id = i.company_id where i.id = ${id}`,
  );
}

/** The seeker accepts (1) or declines (2) a waiting invitation; the inviting HR is told. */
export async function answerInvitation(s: S, seekerId: string, id: string, answer: 1 | 2, note: string) {
  const inv = await invitation(s.db, id);
  if (!inv || inv.seeker_id !== seekerId) throw notFound('面试邀请不存在');
  if (inv.answer !== 0) throw badRequest(`您已${inv.answer === 1 ? '接受' : '拒绝'}该面试邀请，不能重复答复`);
  if (inv.past) throw badRequest('面试时间已过，无法再答复');
  const r = await one(
    s.db,
    sql`update interviews set answer = ${answer}, answer_note = ${note.trim()}, answered_at = now()
        where id = ${id} and answer = 0 returning id`,
  );
  if (!r) throw conflict('该面试邀请已答复');
  const name = await seekerName(s.db, seekerId);
  const title = answer === 1 ? '面试邀请已接受' : '面试邀请被拒绝';
  const content = `${name}${answer === 1 ? '接受' : '拒绝'}了「${inv.job_title}」的面试邀请${note.trim() ? `：${note.trim()}` : '。'}`;
  const to = inv.hr_id ? [inv.hr_id] : await hrIdsOfCompany(s.db, inv.company_id);
  for (const hr of to) await notify(s, hr, 'wjxx', title, content, SITE_PATHS.hrInterviews, 'xx_003');
}

/** HR records how an accepted interview went; the seeker is told. */
export async function recordResult(s: S, companyId: string, id: string, result: 1 | 2, note: string) {
  const inv = await invitation(s.db, id);
  if (!inv || inv.company_id !== companyId) throw notFound('面试邀请不存在');
  if (inv.answer === 0) throw badRequest('求职者尚未接受该面试邀请');
  if (inv.answer === 2) throw badRequest('求职者已拒绝该面试邀请，无需填写结果');
  await s.db.execute(sql`update interviews set result = ${result}, result_note = ${note.trim()} where id = ${id}`);
  if (inv.result === result) return;
  const content =
    result === 1
      ? `您参加的${inv.company_name}「${inv.job_title}」面试已通过${note.trim() ? `：${note.trim()}` : '。'}`
      : `很遗憾，您未通过${inv.company_name}「${inv.job_title}」的面试${note.trim() ? `：${note.trim()}` : '。'}`;
  await notify(s, inv.seeker_id, 'wjxx', '面试结果', content, SITE_PATHS.seekerInvitations, 'xx_003');
}
