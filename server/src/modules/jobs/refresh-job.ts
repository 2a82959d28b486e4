/** Puts a published job back at the top of equally relevant results, once per job per day. */
import { badRequest, conflict } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { ownJob } from './own-job.js';
import { markRefreshed, PUBLISHED } from './repo.js';

export async function refreshJob(s: Services, companyId: string, jobId: string) {
  const j = await ownJob(s.db, companyId, jobId);
  if (j.status !== PUBLISHED) throw badRequest('只有招聘中的岗位可以刷新');
  if (j.refreshed_today) throw conflict('该岗位今天已刷新过，请明天再来');
  await markRefreshed(s.db, jobId);
}
