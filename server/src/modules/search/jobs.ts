import type { Static } from '@sinclair/typebox';
import type { SQL } from 'drizzle-orm';
import type { JobSearchQuery } from '@zp/core/contract';
import { one, rows, sql, type Db } from '../../db/index.js';
import { keywordQuery } from './segment.js';

export type JobSearch = Static<typeof JobSearchQuery>;

/** Monthly salary bounds (yuan) of the m_xzfwdm codes; xzfw_09 is 面议 (no figure given). */
const SALARY_RANGES: Record<string, [number, number | null] | 'negotiable'> = {
  xzfw_01: [0, 3000],
  xzfw_02: [3000, 5000],
  xzfw_03: [5000, 8000],
  xzfw_04: [8000, 12000],
  xzfw_05: [12000, 20000],
  xzfw_06: [20000, 30000],
  xzfw_07: [30000, 50000],
  xzfw_08: [50000, null],
  xzfw_09: 'negotiable',
};

export interface JobCardRow {
  gwid: string; gwmc: string; gwlb: string; gzxz: string; sbsf: string; sbcs: string; zdyx: number; zgyx: number; xlyq: string; jyyq: string;
  fldy: string; sxsj: string; dwid: string; dwmc: string; dwxz: string; dwgm: string; sshy: string;
}

/** Every filter as SQL conditions on jobs j joined to companies c. */
function filters(q: JobSearch, tsq: SQL | null): SQL[] {
  const where: SQL[] = [sql`j.status = 1 and j.deleted_at is null and c.status = 1`];
  if (tsq) where.push(sql`j.search_doc @@ (${tsq})`);
  if (q.sbsf) where.push(sql`j.province = ${q.sbsf}`);
  if (q.sbcs) where.push(sql`j.city = ${q.sbcs}`);
  if (q.sshy) where.push(sql`c.industry = ${q.sshy}`);
  if (q.gwlb) where.push(sql`left(j.category, ${q.gwlb.length}) = ${q.gwlb}`);
  if (q.gzxz) where.push(sql`j.nature = ${q.gzxz}`);
  if (q.dwxz) where.push(sql`c.nature = ${q.dwxz}`);
  if (q.dwgm) where.push(sql`c.size = ${q.dwgm}`);
  if (q.xlyq) where.push(sql`j.education = ${q.xlyq}`);
  if (q.jyyq) where.push(sql`j.experience = ${q.jyyq}`);
  if (q.gwyx) {
    const r = SALARY_RANGES[q.gwyx];
    if (!r) where.push(sql`false`);
    else if (r === 'negotiable') where.push(sql`j.salary_max = 0`);
    else where.push(sql`j.salary_max > 0 and j.salary_max >= ${r[0]} ${r[1] !== null ? sql`and j.salary_min <= ${r[1]}` : sql``}`);
  }
  return where;
}

/**
 * Published jobs of approved enterprises matching the keywords and filters. With keywords the
 * order is relevance (title words weigh more than the enterprise's name), then freshness.
 */
export async function searchJobs(db: Db, q: JobSearch): Promise<{ list: JobCardRow[]; total: number }> {
  const key = q.key?.trim() ?? '';
  const tsq = key ? keywordQuery(key) : null;
  // A keyword of nothing but punctuation finds nothing rather than everything.
  if (key && !tsq) return { list: [], total: 0 };
  const where = sql.join(filters(q, tsq), sql` and `);
  const dir = q.asc ? sql`asc` : sql`desc`;
  let order: SQL;
  if (q.orderField === 'sxsj') order = sql`j.refreshed_at ${dir}, j.id ${dir}`;
  else if (q.orderField === 'yx') order = sql`j.salary_max ${dir}, j.salary_min ${dir}, j.refreshed_at desc, j.id desc`;
  else if (tsq) order = sql`ts_rank(j.search_doc, ${tsq}) desc, j.refreshed_at desc, j.id desc`;
  else order = sql`j.refreshed_at desc, j.id desc`;

  const total = await one<{ n: number }>(db, sql`select count(*)::int as n from jobs j join companies c on c.id = j.company_id where ${where}`);
  const list = await rows<JobCardRow>(
    db,
    sql`select j.id::text as gwid, j.title as gwmc, j.category as gwlb, j.nature as gzxz, j.province as sbsf, j.city as sbcs,
               j.salary_min as zdyx, j.salary_max as zgyx, j.education as xlyq, j.experience as jyyq, j.welfare as fldy,
               to_char(j.refreshed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as sxsj,
               c.id::text as dwid, c.name as dwmc, c.nature as dwxz, c.size as dwgm, c.industry as sshy
        from jobs j join companies c on c.id = j.company_id
        where ${where} order by ${order} limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { list, total: total?.n ?? 0 };
}

/** The plain scan the index replaces (every title and enterprise name read); for the benchmark. */
export async function scanJobs(db: Db, q: JobSearch): Promise<{ list: { gwid: string }[]; total: number }> {
  const words = (q.key ?? '').trim().split(/\s+/).filter(Boolean);
  const where = filters(q, null);
  for (const w of words) {
    const pat = `%${w.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(sql`(j.title ilike ${pat} or c.name ilike ${pat})`);
  }
  const cond = sql.join(where, sql` and `);
  const total = await one<{ n: number }>(db, sql`select count(*)::int as n from jobs j join companies c on c.id = j.company_id where ${cond}`);
  const list = await rows<{ gwid: string }>(
    db,
    sql`select j.id::text as gwid from jobs j join companies c on c.id = j.company_id where ${cond}
        order by j.refreshed_at desc, j.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { list, total: total?.n ?? 0 };
}
