/** 关注企业 and 屏蔽企业: the enterprises a job seeker follows, and those whose HR may not find them. */
import { notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { companyLogoUrls } from '../companies/public.js';
import { companyJobCounts } from '../jobs/public.js';
import {
  anyCompanyId,
  companyNames,
  deleteFollow,
  followedAmong,
  followedCompanies,
  insertFollow,
  liveCompanyId,
  shieldCompany,
  shieldedCompanies,
  type Paging,
} from './repo.js';

/** The followed enterprises, newest first, with their logos and how many jobs each has open. */
export async function listFollowed(s: Services, seekerId: string, paging: Paging) {
  const { total, list } = await followedCompanies(s.db, seekerId, paging);
  const ids = list.map((x) => x.dwid);
  const [logos, counts] = await Promise.all([companyLogoUrls(s.db, s.config, ids), companyJobCounts(s.db, ids)]);
  return { total, list: list.map((x) => ({ ...x, logoUrl: logos[x.dwid] ?? '', rzgws: counts[x.dwid] ?? 0 })) };
}

/** Only a registered, approved enterprise may be followed. */
export async function follow(s: Services, seekerId: string, company: string): Promise<void> {
  const id = await liveCompanyId(s.db, company);
  if (!id) throw notFound('单位不存在');
  await insertFollow(s.db, seekerId, id);
}

export async function unfollow(s: Services, seekerId: string, company: string): Promise<void> {
  await deleteFollow(s.db, seekerId, company);
}

/** For each enterprise: followed (sczt) and shielded (pbzt), 1 or 0. */
export async function companyFlags(s: Services, seekerId: string, companyIds: string[]) {
  const ids = [...new Set(companyIds)];
  const followed = await followedAmong(s.db, seekerId, ids);
  const shielded = new Set(await shieldedCompanies(s.db, seekerId));
  return {
    sczt: Object.fromEntries(ids.map((id) => [id, followed.has(id) ? 1 : 0])),
    pbzt: Object.fromEntries(ids.map((id) => [id, shielded.has(id) ? 1 : 0])),
  };
}

/** The shielded enterprises, newest first, with their names. */
export async function listShielded(s: Services, seekerId: string) {
  const ids = await shieldedCompanies(s.db, seekerId);
  if (!ids.length) return [];
  const byId = new Map((await companyNames(s.db, ids)).map((x) => [x.dwid, x]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Any existing enterprise may be shielded, approved or not. */
export async function shield(s: Services, seekerId: string, company: string): Promise<void> {
  const id = await anyCompanyId(s.db, company);
  if (!id) throw notFound('单位不存在');
  await shieldCompany(s.db, seekerId, id);
}
