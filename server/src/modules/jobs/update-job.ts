/** An HR of the enterprise edits one of its jobs (not one the platform took down). */
import type { Services } from '../../services.js';
import { jobSearchWords } from './search-words.js';
import { checkFields, type JobFields } from './job-fields.js';
import type { FairLookups } from './needs.js';
import { ownJob, takenDown } from './own-job.js';
import { companyName, saveJob, TAKEN_DOWN, writeJobFairs } from './repo.js';

export async function updateJob(s: Services, fairs: FairLookups, companyId: string, jobId: string, b: JobFields) {
  const owned = await ownJob(s.db, companyId, jobId);
  if (owned.status === TAKEN_DOWN) throw takenDown(owned);
  const j = await checkFields(s, fairs, companyId, jobId, b);
  const c = await companyName(s.db, companyId);
  const words = jobSearchWords(j.title, c!.name);
  await saveJob(s.db, jobId, j, words);
  if (j.fairIds) await writeJobFairs(s.db, jobId, j.fairIds);
}
