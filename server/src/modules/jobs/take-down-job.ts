/** The operator takes a job down: logged, and the HR who posted it told why. */
import { SITE_PATHS } from '@zp/core/fairs';
import { conflict, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { logOperatorAction } from '../admin/public.js';
import { notify } from '../notify/public.js';
import { jobExists, markTakenDown } from './repo.js';

export async function takeDownJob(s: Services, operatorId: string, jobId: string, reason: string) {
  const r = await markTakenDown(s.db, jobId, reason.trim());
  if (!r) {
    const exists = await jobExists(s.db, jobId);
    throw exists ? conflict('该岗位已下架') : notFound('岗位不存在');
  }
  await logOperatorAction(s.db, operatorId, 'job.takedown', jobId, { xjyy: reason.trim(), gwmc: r.title, previousStatus: r.prev });
  await notify(s, r.hr_id, 'xtxx', '岗位已被平台下架', `您发布的岗位“${r.title}”已被平台下架。原因：${reason.trim()}`, SITE_PATHS.hrJobs);
}
