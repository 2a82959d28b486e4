/**
 * A job seeker applies to one job or to several: the résumé is complete enough, the job and the
 * fair take applications, the attachment is the seeker's own; the job's HR is told.
 */
import { SITE_PATHS } from '@zp/core/fairs';
import { RESUME_INCOMPLETE_MSG, resumeComplete } from '@zp/core/rules/resume';
import type { Db } from '../../db/index.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { contentChanged } from '../../bus/content-changed.js';
import { companySignedUp, fairState } from '../fairs/public.js';
import { assertFileOwned, FileKind } from '../files/public.js';
import { jobSummary } from '../jobs/public.js';
import { notify } from '../notify/public.js';
import { seekerCompleteness } from '../resumes/public.js';
import { companyStatus, insertApplication, seekerName } from './repo.js';

type S = Pick<Services, 'db' | 'bus' | 'config'>;

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
  const status = await companyStatus(s.db, job.companyId);
  if (job.status !== 1 || status !== 1) throw badRequest('该岗位已停止招聘，不能投递');
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

  const id = await insertApplication(s.db, { seekerId, jobId: job.id, companyId: job.companyId, fairId, fileId, channel: input.channel ?? '' });
  if (!id) throw conflict('您已投递过该岗位，请勿重复投递');
  // the enterprise's 收到简历 on the cached home tabs and lists
  await contentChanged(s, 'application', job.companyId);
  const name = await seekerName(s.db, seekerId);
  await notify(s, job.hrId, 'wjxx', '收到新的简历投递', `${name}投递了您发布的岗位「${job.title}」。`, SITE_PATHS.hrResumes);
  return id;
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
