/** An HR of the enterprise closes a published job: job seekers no longer see it. */
import { badRequest } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { ownJob, takenDown } from './own-job.js';
import { CLOSED, DRAFT, markClosed, TAKEN_DOWN } from './repo.js';

export async function closeJob(s: Services, companyId: string, jobId: string): Promise<string> {
  const j = await ownJob(s.db, companyId, jobId);
  if (j.status === TAKEN_DOWN) throw takenDown(j);
  if (j.status === DRAFT) throw badRequest('草稿尚未发布，无需关闭');
  if (j.status === CLOSED) return '岗位已关闭';
  await markClosed(s.db, jobId);
  return '岗位已关闭，求职者将看不到该岗位';
}
