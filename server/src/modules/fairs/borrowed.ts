/**
 * Read-only look-ups in other modules' tables for which those modules export no function yet.
 * Kept in this one file so each can be swapped for the owner's export when it lands:
 * companyCardColumns / hrNames / hrIdsByCompany → companies/api.ts.
 */
import { rows, sql, type Db } from '../../db/index.js';

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

/** HR who have joined each enterprise (join_state 2): companyId → user ids. */
export async function hrIdsByCompany(db: Db, companyIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(companyIds.map((id) => [id, []]));
  if (!companyIds.length) return out;
  const r = await rows<{ cid: string; uid: string }>(
    db,
    sql`select company_id::text as cid, user_id::text as uid from hr_profiles
        where join_state = 2 and company_id in (${sql.join(companyIds.map((id) => sql`${id}`), sql`, `)})`,
  );
  for (const x of r) out.get(x.cid)?.push(x.uid);
  return out;
}

/** Name and job title of HR users. */
export async function hrNames(db: Db, hrIds: string[]): Promise<{ hrid: string; xm: string; zw: string }[]> {
  if (!hrIds.length) return [];
  return rows(
    db,
    sql`select h.user_id::text as hrid, coalesce(nullif(h.name, ''), u.name, '') as xm, h.title as zw
        from hr_profiles h join users u on u.id = h.user_id
        where h.user_id in (${sql.join(hrIds.map((id) => sql`${id}`), sql`, `)}) order by h.user_id`,
  );
}
