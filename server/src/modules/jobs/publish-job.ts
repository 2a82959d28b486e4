/** An HR of the enterprise publishes a draft or reopens a closed job; the message says what happened. */
import type { Services } from '../../services.js';
import { ownJob, takenDown } from './own-job.js';
import { markPublished, PUBLISHED, TAKEN_DOWN } from './repo.js';

export async function publishJob(s: Services, companyId: string, jobId: string): Promise<string> {
  const j = await ownJob(s.db, companyId, jobId);
  if (j.status === TAKEN_DOWN) throw takenDown(j);
  if (j.status === PUBLISHED) return '岗位已在招聘中';
  await markPublished(s.db, jobId);
  return '岗位已发布';
}
