/** 谁看过我: the HR who opened a job seeker's résumé. */
import type { Db } from '../../db/index.js';
import type { Services } from '../../services.js';
import { companyLogoUrls } from '../companies/public.js';
import { bumpResumeCounter } from '../resumes/public.js';
import { insertResumeView, resumeViewers, type Paging } from './repo.js';

/** Records that an HR opened a seeker's résumé (and counts it on the résumé); false when it falls in the last view's window. */
export async function recordResumeView(db: Db, v: { seekerId: string; hrId: string; companyId: string; jobId?: string | null }): Promise<boolean> {
  if (!(await insertResumeView(db, v))) return false;
  await bumpResumeCounter(db, v.seekerId, 'viewed');
  return true;
}

/** The viewers, latest first, each with their enterprise's logo. */
export async function listViewers(s: Services, seekerId: string, paging: Paging) {
  const { total, list } = await resumeViewers(s.db, seekerId, paging);
  const logos = await companyLogoUrls(s.db, s.config, [...new Set(list.map((x) => x.dwid))]);
  return { total, list: list.map((x) => ({ ...x, logoUrl: logos[x.dwid] ?? '' })) };
}
