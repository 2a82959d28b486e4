/** An HR of an approved enterprise posts a job, published at once or kept as a draft. */
import type { Services } from '../../services.js';
import { jobSearchWords } from './search-words.js';
import { checkFields, type JobFields } from './job-fields.js';
import type { FairLookups } from './needs.js';
import { companyName, insertJob, writeJobFairs } from './repo.js';

export async function addJob(s: Services, fairs: FairLookups, hrId: string, companyId: string, b: JobFields, publish: boolean): Promise<string> {
  const j = await checkFields(s, fairs, companyId, null, b);
  const c = await companyName(s.db, companyId);
  const words = jobSearchWords(j.title, c!.name);
  const id = await insertJob(s.db, companyId, hrId, j, words, publish);
  if (j.fairIds?.length) await writeJobFairs(s.db, id, j.fairIds);
  return id;
}
