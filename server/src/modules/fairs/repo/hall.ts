/**
 * The fairs module's SQL, split by table group (one repo.ts would run past 700 lines): this file
 * holds the hall's reads — the enterprises at the fair, its talents and its figures.
 */
import type { SQL } from 'drizzle-orm';
import { likePattern, one, rows, sql, type Db } from '../../../db/index.js';
import { offsetOf } from '../../../http/reply.js';
import { companyCardColumns, type CompanyCardRow } from './borrowed.js';
import { fairStateSql } from './fairs.js';

/** Universities are the enterprises the operator puts on the 热门高校 home tab. */
const UNIVERSITY_LIST_TYPE = 2;

/** Enterprises at the fair that visitors may see: signed up and approved. */
const companiesAt = (fairId: string) => sql`fair_signups s join companies c on c.id = s.company_id and c.status = 1
  left join fair_zones z on z.id = s.zone_id
  where s.fair_id = ${fairId}`;

/** Enterprises with an open job at the fair whose title contains the words. */
const openJobTitled = (fairId: string, title: string) =>
  sql`exists (select 1 from job_fairs jf join jobs j on j.id = jf.job_id
              where jf.fair_id = ${fairId} and j.company_id = c.id and j.status = 1 and j.deleted_at is null and j.title ilike ${likePattern(title)})`;

/** A page of the enterprises at the fair, by zone then sign-up, filtered by zone, industry, name and job title. */
export async function hallCompanyRows(db: Db, q: { hxid: string; ztid?: string; sshy?: string; dwmc?: string; gwmc?: string; page: number; limit: number }) {
  const filters = [
    q.ztid ? sql`s.zone_id = ${q.ztid}` : undefined,
    q.sshy ? sql`c.industry = ${q.sshy}` : undefined,
    q.dwmc?.trim() ? sql`c.name ilike ${likePattern(q.dwmc.trim())}` : undefined,
    q.gwmc?.trim() ? openJobTitled(q.hxid, q.gwmc.trim()) : undefined,
  ].filter((x): x is SQL => !!x);
  const where = filters.length ? sql` and ${sql.join(filters, sql` and `)}` : sql``;
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from ${companiesAt(q.hxid)}${where}`))!.n;
  const list = await rows<CompanyCardRow & { ztid: string; tmc: string }>(
    db,
    sql`select ${companyCardColumns}, coalesce(z.id::text, '') as ztid, coalesce(z.name, '') as tmc
        from ${companiesAt(q.hxid)}${where}
        order by coalesce(z.sort, 2147483647), s.created_at, s.id limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return { total, list };
}

/** The industries of the enterprises at the fair. */
export async function industriesAt(db: Db, fairId: string): Promise<string[]> {
  const codes = await rows<{ hydm: string }>(db, sql`select distinct c.industry as hydm from ${companiesAt(fairId)} and c.industry <> '' order by c.industry`);
  return codes.map((c) => c.hydm);
}

/** One enterprise at the fair, as its booth shows it. */
export async function companyCardAt(db: Db, fairId: string, companyId: string) {
  return one<CompanyCardRow>(db, sql`select ${companyCardColumns} from ${companiesAt(fairId)} and c.id = ${companyId}`);
}

/** Ids of the enterprises at the fair. */
export async function companyIdsAt(db: Db, fairId: string): Promise<string[]> {
  const ids = await rows<{ id: string }>(db, sql`select c.id::text as id from ${companiesAt(fairId)}`);
  return ids.map((x) => x.id);
}

/** Enterprises and universities at the fair, job seekers signed up, and fairs running now. */
export async function hallCounts(db: Db, fairId: string) {
  const counts = await one<{ companies: number; universities: number; seekers: number; running: number }>(
    db,
    sql`select (select count(*) from ${companiesAt(fairId)} and c.list_type <> ${UNIVERSITY_LIST_TYPE})::int as companies,
               (select count(*) from ${companiesAt(fairId)} and c.list_type = ${UNIVERSITY_LIST_TYPE})::int as universities,
               (select count(*) from fair_signups where fair_id = ${fairId} and company_id is null)::int as seekers,
               (select count(*) from fairs f where f.published and ${fairStateSql()} = 2)::int as running`,
  );
  return counts!;
}

/**
 * A page of the talent hall's seekers for an HR of `companyId`: signed up for the fair or entered
 * its hall, never a hidden résumé, one below `minCompleteness`, or a seeker who shields the
 * enterprise; by school and major, latest refreshed first.
 */
export async function hallTalentIds(
  db: Db,
  companyId: string,
  minCompleteness: number,
  q: { hxid: string; xxmc?: string; zymc?: string; page: number; limit: number },
): Promise<{ total: number; ids: string[] }> {
  const where: SQL[] = [
    sql`p.user_id in (select user_id from fair_signups where fair_id = ${q.hxid} and company_id is null
                      union select user_id from fair_visits where fair_id = ${q.hxid} and role = 'qz')`,
    sql`not p.hidden and p.completeness >= ${minCompleteness}`,
    sql`not exists (select 1 from seeker_shields sh where sh.seeker_id = p.user_id and sh.company_id = ${companyId})`,
  ];
  if (q.xxmc?.trim()) where.push(sql`exists (select 1 from resume_education e where e.user_id = p.user_id and e.school ilike ${likePattern(q.xxmc.trim())})`);
  if (q.zymc?.trim()) where.push(sql`exists (select 1 from resume_education e where e.user_id = p.user_id and e.major ilike ${likePattern(q.zymc.trim())})`);
  const cond = sql.join(where, sql` and `);
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from seeker_profiles p where ${cond}`))!.n;
  const ids = (
    await rows<{ id: string }>(
      db,
      sql`select p.user_id::text as id from seeker_profiles p where ${cond}
          order by p.refreshed_at desc, p.user_id desc limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
    )
  ).map((r) => r.id);
  return { total, ids };
}

/** seeker → titles (、-joined) of the enterprise's jobs they applied to in this fair's hall. */
export async function appliedTitles(db: Db, fairId: string, companyId: string, seekerIds: string[]): Promise<Map<string, string>> {
  if (!seekerIds.length) return new Map();
  const r = await rows<{ id: string; titles: string }>(
    db,
    sql`select a.seeker_id::text as id, string_agg(j.title, '、' order by a.created_at) as titles
        from applications a join jobs j on j.id = a.job_id
        where a.fair_id = ${fairId} and a.company_id = ${companyId}
          and a.seeker_id in (${sql.join(
            seekerIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        group by a.seeker_id`,
  );
  return new Map(r.map((x) => [x.id, x.titles]));
}
