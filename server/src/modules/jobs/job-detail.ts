/**
 * A job's detail and who may read it: visitors see published or closed jobs of approved
 * enterprises; the enterprise's own HR see theirs in every state.
 */
import type { Db } from '../../db/index.js';
import { countView } from '../../http/page-views.js';
import { notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { companyLogoUrls, joinedCompanyId } from '../companies/public.js';
import { perkList } from './public.js';
import { CLOSED, isHrOf, jobDetailRow, PUBLISHED, savedBy, type JobDetailRow } from './repo.js';

export type { JobDetailRow } from './repo.js';

export async function jobDetail(s: Services, jobId: string): Promise<JobDetailRow | null> {
  const j = await jobDetailRow(s.db, jobId);
  if (!j) return null;
  j.logoUrl = (await companyLogoUrls(s.db, s.config, [j.dwid]))[j.dwid];
  return j;
}

/** The detail as the contract sends it: perks as fllist, and whether this seeker saved the job. */
export async function detailOf(db: Db, j: JobDetailRow, viewer: { id: string; role: string } | null) {
  const { gwfl, zt: _zt, xjyy: _x, company_status: _c, ...rest } = j;
  const saved = viewer?.role === 'qz' && (await savedBy(db, viewer.id, j.gwid));
  return { ...rest, fllist: perkList(gwfl), sfsc: saved ? 1 : 0 };
}

/**
 * A job as a visitor may see it: published or closed (the page says it stopped), of an approved
 * enterprise. The enterprise's own HR see theirs in every state. A read by someone else counts a
 * view, once a day per `reader` (none: a page render, whose page counts its reader).
 */
export async function visibleJob(s: Services, jobId: string, viewer: { id: string; role: string } | null, reader: string | null) {
  const j = await jobDetail(s, jobId);
  if (!j) throw notFound('岗位不存在或已删除');
  const own = viewer?.role === 'hr' && (await isHrOf(s.db, viewer.id, j.dwid));
  if (!own && (j.company_status !== 1 || (j.zt !== PUBLISHED && j.zt !== CLOSED))) throw notFound('岗位不存在或已下线');
  const counted = !own && reader !== null && (await countView(s.db, 'job', jobId, reader));
  return { ...(await detailOf(s.db, j, viewer)), llcs: j.llcs + (counted ? 1 : 0) };
}

/** The job whose posting HR a visitor asks about: as visible as the job itself. */
export async function postedJob(s: Services, jobId: string, viewer: { id: string; role: string } | null): Promise<JobDetailRow> {
  const j = await jobDetail(s, jobId);
  const own = viewer?.role === 'hr' && j && (await joinedCompanyId(s.db, viewer.id).catch(() => null)) === j.dwid;
  if (!j || (!own && (j.company_status !== 1 || (j.zt !== 1 && j.zt !== 2)))) throw notFound('岗位不存在或已下线');
  return j;
}
