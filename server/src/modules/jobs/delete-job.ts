/** An HR of the enterprise deletes one of its jobs; ended fairs keep it in their record. */
import type { Services } from '../../services.js';
import { ownJob } from './own-job.js';
import { markDeleted } from './repo.js';

export async function deleteJob(s: Services, companyId: string, jobId: string) {
  await ownJob(s.db, companyId, jobId);
  await markDeleted(s.db, jobId);
}
