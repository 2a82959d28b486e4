/**
 * The fair's hall: the enterprises signed up with their jobs at the fair, zones, industries,
 * who is online (HR of each booth, seekers in the hall) and the hall's figures.
 */
import type { Static } from '@sinclair/typebox';
import { maskedName, type HallCompany, type HallStats, type HallTalent } from '@zp/core/contract';
import { one, rows, sql, type Db } from '../../db/index.js';
import type { SQL } from 'drizzle-orm';
import { badRequest, notFound, offsetOf, pageOf, type PageOf } from '../../http/reply.js';
import type { User } from '../../http/route.js';
import type { Services } from '../../services.js';
import { onlineUsers } from '../notify/public.js';
import { jobsAtFair } from '../jobs/public.js';
import { codeName } from '../codes/public.js';
import { MIN_COMPLETENESS, seekerCards } from '../resumes/public.js';
import { favouriteFlags } from '../relations/public.js';
import { fairStateSql, type FairApplicationCounter } from './public.js';
import { attachedJobCounts, companyCardColumns, followedOf, hrIdsByCompany, type CompanyCardRow } from './borrowed.js';
import { chinaTime, fairJobTotal, likeOf } from './store.js';

/** Universities are the enterprises the operator puts on the 热门高校 home tab. */
const UNIVERSITY_LIST_TYPE = 2;

export async function requireFair(db: Db, fairId: string) {
  const f = await one<{ id: string; state: number; starts: string; ends: string }>(
    db,
    sql`select f.id::text as id, ${fairStateSql()} as state, ${chinaTime('f.starts_at')} as starts, ${chinaTime('f.ends_at')} as ends
        from fairs f where f.id = ${fairId} and f.published`,
  );
  if (!f) throw notFound('招聘会不存在或已撤下');
  return f;
}

/** Enterprises at the fair that visitors may see: signed up and approved. */
const companiesAt = (fairId: string) => sql`fair_signups s join companies c on c.id = s.company_id and c.status = 1
  left join fair_zones z on z.id = s.zone_id
  where s.fair_id = ${fairId}`;

export async function hallCompanies(
  s: Services,
  viewer: User | null,
  q: { hxid: string; ztid?: string; sshy?: string; dwmc?: string; gwmc?: string; page: number; limit: number },
): Promise<PageOf<Static<typeof HallCompany>>> {
  await requireFair(s.db, q.hxid);
  const filters = [
    q.ztid ? sql`s.zone_id = ${q.ztid}` : undefined,
    q.sshy ? sql`c.industry = ${q.sshy}` : undefined,
    q.dwmc?.trim() ? sql`c.name ilike ${likeOf(q.dwmc.trim())}` : undefined,
    q.gwmc?.trim() ? openJobTitled(q.hxid, q.gwmc.trim()) : undefined,
  ].filter((x): x is SQL => !!x);
  const where = filters.length ? sql` and ${sql.join(filters, sql` and `)}` : sql``;
  const total = (await one<{ n: number }>(s.db, sql`select count(*)::int as n from ${companiesAt(q.hxid)}${where}`))!.n;
  const list = await rows<CompanyCardRow & { ztid: string; tmc: string }>(
    s.db,
    sql`select ${companyCardColumns}, coalesce(z.id::text, '') as ztid, coalesce(z.name, '') as tmc
        from ${companiesAt(q.hxid)}${where}
        order by coalesce(z.sort, 2147483647), s.created_at, s.id limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
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

/** Enterprises with an open job at the fair whose title contains the words. */
const openJobTitled = (fairId: string, title: string) =>
  sql`exists (select 1 from job_fairs jf join jobs j on j.id = jf.job_id
              where jf.fair_id = ${fairId} and j.company_id = c.id and j.status = 1 and j.deleted_at is null and j.title ilike ${likeOf(title)})`;

export async function hallZones(db: Db, fairId: string) {
  await requireFair(db, fairId);
  return rows<{ tbsid: string; tmc: string }>(db, sql`select id::text as tbsid, name as tmc from fair_zones where fair_id = ${fairId} order by sort, id`);
}

export async function hallIndustries(db: Db, fairId: string) {
  await requireFair(db, fairId);
  const codes = await rows<{ hydm: string }>(
    db,
    sql`select distinct c.industry as hydm from ${companiesAt(fairId)} and c.industry <> '' order by c.industry`,
  );
  return Promise.all(codes.map(async (c) => ({ hydm: c.hydm, hymc: await codeName(db, 'm_dwsshydm', c.hydm) })));
}

export async function companyAtFair(db: Db, fairId: string, companyId: string): Promise<CompanyCardRow> {
  await requireFair(db, fairId);
  const c = await one<CompanyCardRow>(db, sql`select ${companyCardColumns} from ${companiesAt(fairId)} and c.id = ${companyId}`);
  if (!c) throw notFound('该单位未参加本场招聘会');
  return c;
}

/** Records that a user is in the hall (the talent hall and the online figures count them). */
export async function enterHall(db: Db, fairId: string, user: User) {
  await requireFair(db, fairId);
  await db.execute(
    sql`insert into fair_visits (fair_id, user_id, role) values (${fairId}, ${user.id}, ${user.role})
        on conflict (fair_id, user_id) do update set last_at = now()`,
  );
}

/** Seekers of the talent hall: signed up for the fair or entered its hall. */
async function hallSeekers(db: Db, fairId: string): Promise<string[]> {
  const r = await rows<{ id: string }>(
    db,
    sql`select user_id::text as id from fair_signups where fair_id = ${fairId} and company_id is null
        union select user_id::text from fair_visits where fair_id = ${fairId} and role = 'qz'`,
  );
  return r.map((x) => x.id);
}

/** HR of the enterprises at the fair, by enterprise. */
async function hallHrs(db: Db, fairId: string): Promise<Map<string, string[]>> {
  const ids = await rows<{ id: string }>(db, sql`select c.id::text as id from ${companiesAt(fairId)}`);
  return hrIdsByCompany(db, ids.map((x) => x.id));
}

/** Online now: 1 seekers in the hall, 2 HR of the enterprises at the fair, 3 enterprises with an HR online. */
export async function onlineCount(s: Services, fairId: string, type: 1 | 2 | 3): Promise<number> {
  await requireFair(s.db, fairId);
  if (type === 1) return (await onlineUsers(s, await hallSeekers(s.db, fairId))).size;
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
  const counts = await one<{ companies: number; universities: number; seekers: number; running: number }>(
    s.db,
    sql`select (select count(*) from ${companiesAt(fairId)} and c.list_type <> ${UNIVERSITY_LIST_TYPE})::int as companies,
               (select count(*) from ${companiesAt(fairId)} and c.list_type = ${UNIVERSITY_LIST_TYPE})::int as universities,
               (select count(*) from fair_signups where fair_id = ${fairId} and company_id is null)::int as seekers,
               (select count(*) from fairs f where f.published and ${fairStateSql()} = 2)::int as running`,
  );
  const seekers = await hallSeekers(s.db, fairId);
  const hrs = [...(await hallHrs(s.db, fairId)).values()].flat();
  const online = await onlineUsers(s, [...seekers, ...hrs]);
  const applications = await applicationFigures(s.db, fairId);
  return {
    chqys: counts!.companies,
    chgxs: counts!.universities,
    gwfbs: await fairJobTotal(s.db, fairId),
    bmrs: counts!.seekers,
    jltds: applications.sent,
    mys: applications.offers,
    hxrcs: seekers.length,
    hyzrs: online.size,
    jxzhxs: counts!.running,
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
  const where: SQL[] = [
    sql`p.user_id in (select user_id from fair_signups where fair_id = ${q.hxid} and company_id is null
                      union select user_id from fair_visits where fair_id = ${q.hxid} and role = 'qz')`,
    sql`not p.hidden and p.completeness >= ${MIN_COMPLETENESS}`,
    sql`not exists (select 1 from seeker_shields sh where sh.seeker_id = p.user_id and sh.company_id = ${hr.companyId})`,
  ];
  if (q.xxmc?.trim()) where.push(sql`exists (select 1 from resume_education e where e.user_id = p.user_id and e.school ilike ${likeOf(q.xxmc.trim())})`);
  if (q.zymc?.trim()) where.push(sql`exists (select 1 from resume_education e where e.user_id = p.user_id and e.major ilike ${likeOf(q.zymc.trim())})`);
  const cond = sql.join(where, sql` and `);
  const total = (await one<{ n: number }>(s.db, sql`select count(*)::int as n from seeker_profiles p where ${cond}`))!.n;
  const ids = (
    await rows<{ id: string }>(
      s.db,
      sql`select p.user_id::text as id from seeker_profiles p where ${cond}
          order by p.refreshed_at desc, p.user_id desc limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
    )
  ).map((r) => r.id);
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

/** seeker → titles (、-joined) of the enterprise's jobs they applied to in this fair's hall. */
async function appliedTitles(db: Db, fairId: string, companyId: string, seekerIds: string[]): Promise<Map<string, string>> {
  if (!seekerIds.length) return new Map();
  const r = await rows<{ id: string; titles: string }>(
    db,
    sql`select a.seeker_id::text as id, string_agg(j.title, '、' order by a.created_at) as titles
        from applications a join jobs j on j.id = a.job_id
        where a.fair_id = ${fairId} and a.company_id = ${companyId}
          and a.seeker_id in (${sql.join(seekerIds.map((id) => sql`${id}`), sql`, `)})
        group by a.seeker_id`,
  );
  return new Map(r.map((x) => [x.id, x.titles]));
}
