/**
 * The fairs module's SQL, split by table group (one repo.ts would run past 700 lines): this file
 * holds read-only look-ups in other modules' tables for which those modules export no function yet.
 * Kept in this one file so each can be swapped for the owner's export when it lands:
 * companyCardColumns / hrNames → companies/public.ts; attachedJobCounts → jobs/public.ts;
 * followedOf → relations/public.ts.
 */
import { rows, sql, type Db } from '../../../db/index.js';

export interface CompanyCardRow {
  dwid: string;
  dwmc: string;
  dwxz: string;
  dwsshy: string;
  dwgm: string;
  dwszsf: string;
  dwszcs: string;
  dwjs: string;
  /** home tab: 2 marks universities */
  listType: number;
  /** shzt */
  status: number;
}

export const companyCardColumns = sql`c.id::text as dwid, c.name as dwmc, c.nature as dwxz, c.industry as dwsshy, c.size as dwgm,
  c.province as dwszsf, c.city as dwszcs, c.intro as dwjs, c.list_type::int as "listType", c.status::int as status`;

/** Name, job title and enterprise name of HR users. */
export async function hrNames(db: Db, hrIds: string[]): Promise<{ hrid: string; xm: string; zw: string; dwmc: string }[]> {
  if (!hrIds.length) return [];
  return rows(
    db,
    sql`select h.user_id::text as hrid, coalesce(nullif(h.name, ''), u.name, '') as xm, h.title as zw, coalesce(c.name, '') as dwmc
        from hr_profiles h join users u on u.id = h.user_id left join companies c on c.id = h.company_id
        where h.user_id in (${sql.join(
          hrIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by h.user_id`,
  );
}

/** Jobs each enterprise attached to a fair and has not deleted, open or closed (hxfbgws). */
export async function attachedJobCounts(db: Db, fairId: string, companyIds: string[]): Promise<Map<string, number>> {
  if (!companyIds.length) return new Map();
  const r = await rows<{ cid: string; n: number }>(
    db,
    sql`select j.company_id::text as cid, count(*)::int as n from job_fairs jf join jobs j on j.id = jf.job_id
        where jf.fair_id = ${fairId} and j.deleted_at is null and j.company_id in (${sql.join(
          companyIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by j.company_id`,
  );
  return new Map(r.map((x) => [x.cid, x.n]));
}

/** Which of these enterprises the job seeker follows (关注的单位). */
export async function followedOf(db: Db, seekerId: string, companyIds: string[]): Promise<Set<string>> {
  if (!companyIds.length) return new Set();
  const r = await rows<{ id: string }>(
    db,
    sql`select company_id::text as id from followed_companies
        where seeker_id = ${seekerId} and company_id in (${sql.join(
          companyIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Set(r.map((x) => x.id));
}
