/**
 * HR moves an application through its states (viewed, passed screening, interview, refused,
 * hired) and the seeker is told; opening a résumé marks the seeker's fresh applications viewed.
 */
import { SITE_PATHS } from '@zp/core/fairs';
import { APPLICATION_STATES, FINAL_STATES, type ApplicationState } from '@zp/core/contract';
import type { Db } from '../../db/index.js';
import { badRequest, conflict, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { notify } from '../notify/public.js';
import { applicationOfCompany, freshApplications, markOffer, setApplicationState, type CompanyApplication } from './repo.js';

type S = Pick<Services, 'db' | 'bus' | 'config'>;

/** What the seeker is told of each move: title and text. */
const STATE_NOTICE: Record<Exclude<ApplicationState, 1>, (company: string, job: string) => [string, string]> = {
  2: (c, j) => ['简历被查看', `${c}查看了您投递「${j}」的简历。`],
  3: (c, j) => ['简历通过初筛', `您投递的「${j}」已通过${c}的初步筛选。`],
  4: (c, j) => ['邀请面试', `${c}希望邀请您参加「${j}」的面试，请留意面试邀请。`],
  5: (c, j) => ['投递结果', `很遗憾，${c}认为您与「${j}」暂不匹配，感谢您的关注。`],
  6: (c, j) => ['恭喜录用', `恭喜！${c}决定录用您担任「${j}」。`],
};

/** An application to one of the enterprise's jobs; a 404 for anyone else's (no hint that it exists). */
export async function ownApplication(db: Db, companyId: string, applicationId: string): Promise<CompanyApplication> {
  const a = await applicationOfCompany(db, companyId, applicationId);
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
  if (!(await setApplicationState(s.db, { id: a.id, from: a.state, to, hrId }))) throw conflict('该投递刚被同事处理过，请刷新后再试');
  if (notice) {
    const [title, content] = STATE_NOTICE[to](a.company_name, a.job_title);
    // list category: viewed (xx_004 谁看过我), invited (xx_003 面试), the rest recruitment (xx_002)
    await notify(s, a.seeker_id, 'wjxx', title, content, SITE_PATHS.seekerApplications, to === 2 ? 'xx_004' : to === 4 ? 'xx_003' : 'xx_002');
  }
  return to;
}

/** HR opened the résumé: the seeker's untouched applications to this enterprise become "viewed". */
export async function markViewed(s: S, hrId: string, companyId: string, seekerId: string) {
  const fresh = await freshApplications(s.db, companyId, seekerId);
  for (const a of fresh) await changeState(s, hrId, companyId, a.id, 2);
}

/**
 * 发 offer: the enterprise offers the job to a shortlisted or interviewed seeker (the stage 已发
 * offer, before 已入职); the seeker is told in words meant for them, never the scorecards.
 */
export async function sendOffer(s: S, hrId: string, companyId: string, applicationId: string): Promise<string> {
  const a = await ownApplication(s.db, companyId, applicationId);
  if ((FINAL_STATES as readonly number[]).includes(a.state)) throw badRequest(`该投递已标记为「${APPLICATION_STATES[a.state]}」，不能再发 offer`);
  if (a.state < 3) throw badRequest('请先通过初筛或面试，再发 offer');
  const at = await markOffer(s.db, a.id, hrId);
  if (!at) throw conflict('已向该求职者发出 offer');
  await notify(s, a.seeker_id, 'wjxx', '收到 offer', `恭喜！${a.company_name}向您发出了「${a.job_title}」的录用意向（offer），HR 将与您联系确认入职事宜。`, SITE_PATHS.seekerApplications, 'xx_002');
  return at;
}
