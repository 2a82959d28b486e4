/**
 * HR invites a seeker to an interview for one of the enterprise's jobs, after an application or
 * from talent search: the time, place and people are checked, the application (if any) moves to
 * "interview", and the seeker is told.
 */
import { beijingToday, withBeijingLabel } from '@zp/core/dates';
import { SITE_PATHS } from '@zp/core/fairs';
import { APPLICATION_STATES, FINAL_STATES, type ApplicationState } from '@zp/core/contract';
import { badRequest, conflict, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { isValidCode } from '../codes/public.js';
import { jobSummary } from '../jobs/public.js';
import { notify } from '../notify/public.js';
import { changeState, ownApplication } from './move-application.js';
import { candidateAccess } from './candidate-access.js';
import { applicationOfJob, insertInterview } from './repo.js';

type S = Pick<Services, 'db' | 'bus' | 'config'>;

/**
 * An invitation that offers interview slots (the slots module) instead of one fixed time: `check`
 * refuses slots that are not for the job before anything is stored, `attach` records the offer,
 * and `when` says in the seeker's notice what to do instead of a time.
 */
export interface OfferedSlots {
  check(jobId: string): Promise<void>;
  attach(interviewId: string): Promise<void>;
  when: string;
  /** the seeker asked for it (a booking at a booth): no 面试邀请 notice, the booking follows at once */
  seekerAsked?: boolean;
}

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
export async function invite(s: S, hrId: string, companyId: string, input: InviteInput, offer?: OfferedSlots): Promise<string> {
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
    const a = await applicationOfJob(s.db, seekerId, jobId);
    if (a) {
      if ((FINAL_STATES as readonly number[]).includes(a.state)) throw badRequest(`该投递已标记为「${APPLICATION_STATES[a.state]}」，不能再邀请面试`);
      applicationId = a.id;
      applicationState = a.state;
    }
  }

  await offer?.check(jobId);
  const at = input.mssj ? beijingTime(input.mssj) : null;
  if (input.mssj) {
    if (!at) throw badRequest('面试时间不是有效的日期时间');
    if (at.getTime() <= Date.now()) throw badRequest('面试时间须晚于当前时间');
    if (at.getTime() > Date.now() + YEAR_MS) throw badRequest('面试时间不能晚于一年以后');
  }
  if (input.mssf && !(await isValidCode(s.db, 'sf', input.mssf))) throw badRequest('面试省份无效，请重新选择');
  if (input.mscs && !(await isValidCode(s.db, 'ss', input.mscs))) throw badRequest('面试城市无效，请重新选择');

  const id = await insertInterview(s.db, {
    applicationId, seekerId, jobId, companyId, hrId, title: input.mymc.trim(), at: at ? at.toISOString() : null, province: input.mssf ?? '',
    city: input.mscs ?? '', address: input.msxxdz.trim(), contact: input.lxr.trim(), phone: input.sjhm, note: (input.smxx ?? '').trim(), offersSlots: !!offer,
  });
  if (!id) throw conflict('已向该求职者发出该岗位的面试邀请，请等待对方答复');
  await offer?.attach(id);
  if (applicationId && applicationState !== 4) await changeState(s, hrId, companyId, applicationId, 4, false);

  if (offer?.seekerAsked) return id;
  const job = (await jobSummary(s.db, jobId))!;
  await notify(
    s,
    seekerId,
    'wjxx',
    '面试邀请',
    offer
      ? `${job.companyName}邀请您参加「${job.title}」的面试，${offer.when}。`
      : `${job.companyName}邀请您参加「${job.title}」的面试：${input.mssj ? withBeijingLabel(input.mssj.replace('T', ' ').slice(0, 16)) : `时间待定（联系人${input.lxr.trim()}，电话${input.sjhm}）`}，${input.msxxdz.trim()}。请及时答复。`,
    SITE_PATHS.seekerInvitations,
    'xx_003',
  );
  return id;
}
