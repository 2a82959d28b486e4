/**
 * The fair's hall: the enterprises signed up with their jobs at the fair, zones, industries,
 * who is online (HR of each booth, seekers in the hall) and the hall's figures.
 */
import type { Static } from '@sinclair/typebox';
import { maskedName, type HallCompany, type HallStats, type HallTalent } from '@zp/core/contract';
import type { Db } from '../../db/index.js';
import { badRequest, notFound, pageOf, type PageOf } from '../../http/reply.js';
import type { User } from '../../http/user.js';
import type { Services } from '../../services.js';
import { markPresent, onlineUsers } from '../notify/public.js';
import { hrIdsByCompany } from '../companies/public.js';
import { fairJobTotal, jobsAtFair } from '../jobs/public.js';
import { codeName } from '../codes/public.js';
import { MIN_COMPLETENESS, seekerCards } from '../resumes/public.js';
import { favouriteFlags } from '../relations/public.js';
import type { FairApplicationCounter } from './public.js';
import { attachedJobCounts, followedOf, type CompanyCardRow } from './repo/borrowed.js';
import { publishedFair } from './repo/fairs.js';
import { appliedTitles, companyCardAt, companyIdsAt, hallCompanyRows, hallCounts, hallTalentIds, industriesAt } from './repo/hall.js';
import { hallSeekerIds, recordVisit } from './repo/signups.js';
import { zonesOf } from './repo/zones.js';

export async function requireFair(db: Db, fairId: string) {
  const f = await publishedFair(db, fairId);
  if (!f) throw notFound('招聘会不存在或已撤下');
  return f;
}

export async function hallCompanies(
  s: Services,
  viewer: User | null,
  q: { hxid: string; ztid?: string; sshy?: string; dwmc?: string; gwmc?: string; page: number; limit: number },
): Promise<PageOf<Static<typeof HallCompany>>> {
  await requireFair(s.db, q.hxid);
  const { total, list } = await hallCompanyRows(s.db, q);
  const ids = list.map((c) => c.dwid);
  const hrs = await hrIdsByCompany(s.db, ids);
  const online = await onlineUsers(s, [...hrs.values()].flat());
  const jobs = await Promise.all(ids.map((id) => jobsAtFair(s.db, q.hxid, { companyId: id, page: 1, limit: 5 })));
  const attached = await attachedJobCounts(s.db, q.hxid, ids);
  const followed = viewer?.role === 'qz' ? await followedOf(s.db, viewer.id, ids) : new Set<string>();
  const out = list.map((c, i) => ({
    dwid: c.dwid,
    dwmc: c.dwmc,
    dwxz: c.dwxz,
    dwsshy: c.dwsshy,
    ztid: c.ztid,
    tmc: c.tmc,
    sfsc: followed.has(c.dwid) ? 1 : 0,
    hxfbgws: attached.get(c.dwid) ?? 0,
    hxzzgws: jobs[i].total,
    gwfblist: jobs[i].list.map((j) => ({
      gwid: j.gwid,
      dwid: j.dwid,
      gwmc: j.gwmc,
      gwyx: j.gwyx,
      zdyx: j.zdyx,
      zgyx: j.zgyx,
    })),
    online: (hrs.get(c.dwid) ?? []).some((id) => online.has(id)) ? 1 : 0,
  }));
  return pageOf(out, total, q.page, q.limit);
}

export async function hallZones(db: Db, fairId: string) {
  await requireFair(db, fairId);
  return zonesOf(db, fairId);
}

export async function hallIndustries(db: Db, fairId: string) {
  await requireFair(db, fairId);
  const codes = await industriesAt(db, fairId);
  return Promise.all(codes.map(async (hydm) => ({ hydm, hymc: await codeName(db, 'm_dwsshydm', hydm) })));
}

export async function companyAtFair(db: Db, fairId: string, companyId: string): Promise<CompanyCardRow> {
  await requireFair(db, fairId);
  const c = await companyCardAt(db, fairId, companyId);
  if (!c) throw notFound('该单位未参加本场招聘会');
  return c;
}

/** Records that a user is in the hall (the talent hall and the online figures count them). */
async function enterHall(db: Db, fairId: string, user: User) {
  await requireFair(db, fairId);
  await recordVisit(db, fairId, user);
}

/** HR of the enterprises at the fair, by enterprise. */
async function hallHrs(db: Db, fairId: string): Promise<Map<string, string[]>> {
  return hrIdsByCompany(db, await companyIdsAt(db, fairId));
}

/**
 * The hall's presence calls. The previous client sends meet/online without its token: such a
 * caller is served but leaves no trace; a verified one is recorded in the hall and counts as
 * online for a while (notify's presence), socket or not.
 */
export async function inHall(s: Services, fairId: string, user: User | null) {
  if (!user) return void (await requireFair(s.db, fairId));
  await enterHall(s.db, fairId, user);
  markPresent(s, user.id);
}

/** Online now: 1 seekers in the hall, 2 HR of the enterprises at the fair, 3 enterprises with an HR online. */
export async function onlineCount(s: Services, fairId: string, type: 1 | 2 | 3): Promise<number> {
  await requireFair(s.db, fairId);
  if (type === 1) return (await onlineUsers(s, await hallSeekerIds(s.db, fairId))).size;
  const hrs = await hallHrs(s.db, fairId);
  const online = await onlineUsers(s, [...hrs.values()].flat());
  if (type === 2) return online.size;
  return [...hrs.values()].filter((ids) => ids.some((id) => online.has(id))).length;
}

/** Which of these enterprises have an HR online. */
export async function onlineCompanies(s: Services, companyIds: string[]): Promise<string[]> {
  const hrs = await hrIdsByCompany(s.db, [...new Set(companyIds)]);
  const online = await onlineUsers(s, [...hrs.values()].flat());
  return [...hrs.entries()].filter(([, ids]) => ids.some((id) => online.has(id))).map(([c]) => c);
}

export async function hallStats(s: Services, fairId: string, applicationFigures: FairApplicationCounter): Promise<Static<typeof HallStats>> {
  const f = await requireFair(s.db, fairId);
  const counts = await hallCounts(s.db, fairId);
  const seekers = await hallSeekerIds(s.db, fairId);
  const hrs = [...(await hallHrs(s.db, fairId)).values()].flat();
  const online = await onlineUsers(s, [...seekers, ...hrs]);
  const applications = await applicationFigures(s.db, fairId);
  return {
    chqys: counts.companies,
    chgxs: counts.universities,
    gwfbs: await fairJobTotal(s.db, fairId),
    bmrs: counts.seekers,
    jltds: applications.sent,
    mys: applications.offers,
    hxrcs: seekers.length,
    hyzrs: online.size,
    jxzhxs: counts.running,
    hykssj: f.starts,
    hyjssj: f.ends,
    ifks: f.state,
  };
}

export function requireZone(ztid: string | undefined): string {
  if (!ztid) throw badRequest('缺少必填参数：组团ID(ztid)');
  return ztid;
}

/**
 * The talent hall an HR browses: seekers who signed up for the fair or entered its hall, as talent
 * search shows them — never a hidden résumé, one below the completeness needed to apply, or a
 * seeker who shields the HR's enterprise. Names are shown as 李先生 / 王女士 until the résumé is opened.
 */
export async function hallTalents(
  s: Services,
  hr: { hrId: string; companyId: string },
  q: { hxid: string; xxmc?: string; zymc?: string; page: number; limit: number },
): Promise<PageOf<Static<typeof HallTalent>>> {
  await requireFair(s.db, q.hxid);
  const { total, ids } = await hallTalentIds(s.db, hr.companyId, MIN_COMPLETENESS, q);
  const cards = await seekerCards(s.db, s.config, ids);
  const flags = await favouriteFlags(s.db, hr.hrId, ids);
  const applied = await appliedTitles(s.db, q.hxid, hr.companyId, ids);
  const list = cards.map((c) => ({
    qzbsid: c.qzbsid,
    xm: maskedName(c.x, c.xbm),
    xb: c.xbm === 'xb_001' ? '男' : c.xbm === 'xb_002' ? '女' : '',
    nl: c.nl,
    zgxl: c.zgxl,
    gznx: c.gznx,
    zgzy: c.major,
    xxmc: c.school,
    ypgw: applied.get(c.qzbsid) ?? '',
    sfsc: flags[c.qzbsid] ?? 0,
  }));
  return pageOf(list, total, q.page, q.limit);
}
