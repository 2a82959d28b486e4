/** 收藏岗位: a job seeker keeps published jobs to come back to. */
import { badRequest, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { companyLogoUrls } from '../companies/public.js';
import { jobSummary } from '../jobs/public.js';
import { deleteSavedJob, insertSavedJobs, savedAmong, savedJobs, type Paging } from './repo.js';

/** A job that may be saved: published, and of the enterprise named (when one is). */
async function savableJob(s: Services, jobId: string, companyId?: string) {
  const job = await jobSummary(s.db, jobId);
  if (!job) throw notFound('岗位不存在');
  if (companyId && companyId !== job.companyId) throw badRequest('单位与岗位不符');
  if (job.status !== 1) throw badRequest(`岗位「${job.title}」已停止招聘，不能收藏`);
  return job;
}

/** The seeker's saved jobs, newest first, each with its enterprise's logo and the seeker's application state. */
export async function listSavedJobs(s: Services, seekerId: string, paging: Paging) {
  const { total, list } = await savedJobs(s.db, seekerId, paging);
  const logos = await companyLogoUrls(s.db, s.config, [...new Set(list.map((x) => x.dwid))]);
  return { total, list: list.map((x) => ({ ...x, zdyx: Number(x.zdyx), zgyx: Number(x.zgyx), logoUrl: logos[x.dwid] ?? '' })) };
}

/** Saves jobs, all or nothing: every one is checked before any is saved. How many were new. */
export async function saveJobs(s: Services, seekerId: string, items: { gwid: string; dwid?: string }[]): Promise<number> {
  const jobs = [];
  for (const it of items) jobs.push(await savableJob(s, it.gwid, it.dwid));
  return insertSavedJobs(s.db, seekerId, [...new Set(jobs.map((j) => j.id))]);
}

export async function unsaveJob(s: Services, seekerId: string, jobId: string): Promise<void> {
  await deleteSavedJob(s.db, seekerId, jobId);
}

/** jobId → 1 when saved, else 0. */
export async function savedJobFlags(s: Services, seekerId: string, jobIds: string[]): Promise<Record<string, number>> {
  const ids = [...new Set(jobIds)];
  const saved = await savedAmong(s.db, seekerId, ids);
  return Object.fromEntries(ids.map((id) => [id, saved.has(id) ? 1 : 0]));
}
