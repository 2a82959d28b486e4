/** The fairs a job is shown at, as its HR choose them among those their enterprise signed up for. */
import { badRequest, notFound } from '../../http/reply.js';
import type { Db } from '../../db/index.js';
import type { Services } from '../../services.js';
import type { FairLookups } from './needs.js';
import { ownJob, takenDown } from './own-job.js';
import { fairIdsOfJob, TAKEN_DOWN, writeJobFairs } from './repo.js';

/** The fairs the enterprise signed up for, with whether this job is shown there. */
export async function fairsForJob(db: Db, lookups: FairLookups, companyId: string, jobId: string) {
  const fairs = await lookups.fairsOfCompany(db, companyId);
  const chosen = await fairIdsOfJob(db, jobId);
  return fairs.map((f) => ({ hxid: f.id, hymc: f.name, ifks: f.state, sfxz: chosen.has(f.id) ? 1 : 0 }));
}

/** Each fair newly chosen for a job (none yet when jobId is null) must be signed up for and not over. */
export async function checkFairChoice(s: Services, lookups: FairLookups, companyId: string, jobId: string | null, fairIds: string[]) {
  const current = jobId ? await fairIdsOfJob(s.db, jobId) : new Set<string>();
  for (const id of fairIds.filter((f) => !current.has(f))) {
    const state = await lookups.fairState(s.db, id);
    if (state === null) throw notFound('招聘会不存在');
    if (!(await lookups.companySignedUp(s.db, id, companyId))) throw badRequest('本单位尚未报名该招聘会，请先报名');
    if (state === 3) throw badRequest('该招聘会已结束，不能再添加岗位');
  }
}

/** Shows the job at exactly these fairs; each newly added one must be signed up for and not over. */
export async function setJobFairs(s: Services, lookups: FairLookups, companyId: string, jobId: string, fairIds: string[]) {
  const j = await ownJob(s.db, companyId, jobId);
  if (j.status === TAKEN_DOWN) throw takenDown(j);
  await checkFairChoice(s, lookups, companyId, jobId, fairIds);
  await writeJobFairs(s.db, jobId, fairIds);
}
