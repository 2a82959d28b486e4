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

/** Every filter as SQL conditions on `t` (job_search, or jobs for the plain scan) joined to companies c. */
function filters(q: JobSearch, t: 's' | 'j', tsq: SQL | null): SQL[] {
  const col = (name: string) => sql.raw(`${t}.${name}`);
  const where: SQL[] = [t === 'j' ? sql`j.status = 1 and j.deleted_at is null and c.status = 1` : sql`c.status = 1`];
  if (tsq) where.push(sql`s.doc @@ (${tsq})`);
  if (q.sbsf) where.push(sql`${col('province')} = ${q.sbsf}`);
  if (q.sbcs) where.push(sql`${col('city')} = ${q.sbcs}`);
  if (q.sshy) where.push(sql`c.industry = ${q.sshy}`);
  if (q.gwlb) where.push(sql`left(${col('category')}, ${q.gwlb.length}) = ${q.gwlb}`);
  if (q.gzxz) where.push(sql`${col('nature')} = ${q.gzxz}`);
  if (q.dwxz) where.push(sql`c.nature = ${q.dwxz}`);
  if (q.dwgm) where.push(sql`c.size = ${q.dwgm}`);
  if (q.xlyq) where.push(sql`${col('education')} = ${q.xlyq}`);
  if (q.jyyq) where.push(sql`${col('experience')} = ${q.jyyq}`);
  if (q.gwyx) {
    const r = SALARY_RANGES[q.gwyx];
    if (!r) where.push(sql`false`);
    else if (r === 'negotiable') where.push(sql`${col('salary_max')} = 0`);
    else {
      where.push(sql`${col('salary_max')} > 0 and ${col('salary_max')} >= ${r[0]}`);
      if (r[1] !== null) where.push(sql`${col('salary_min')} <= ${r[1]}`);
    }
  }
  return where;
}

/**
 * Published jobs of approved enterprises matching the keywords and filters. With keywords the
 * order is relevance (title words weigh more than the enterprise's name), then freshness.
 * Matching, ranking and paging run on the narrow job_search table; only the page's jobs are read.
 */
export async function searchJobs(db: Db, q: JobSearch): Promise<{ list: JobCardRow[]; total: number }> {
  const key = q.key?.trim() ?? '';
  const tsq = key ? keywordQuery(key) : null;
  // A keyword of nothing but punctuation finds nothing rather than everything.
  if (key && !tsq) return { list: [], total: 0 };
  const where = sql.join(filters(q, 's', tsq), sql` and `);
  const dir = q.asc ? sql`asc` : sql`desc`;
  const rank = tsq && !q.orderField ? sql`ts_rank(s.doc, ${tsq})` : sql`0::real`;
  // the same order inside (on job_search) and outside (on the page's hits)
  const orderOf = (p: string) => {
    const c = (n: string) => sql.raw(`${p}${n}`);
    if (q.orderField === 'sxsj') return sql`${c('refreshed_at')} ${dir}, ${c('job_id')} ${dir}`;
    if (q.orderField === 'yx') return sql`${c('salary_max')} ${dir}, ${c('salary_min')} ${dir}, ${c('refreshed_at')} desc, ${c('job_id')} desc`;
    return sql`${c('rank')} desc, ${c('refreshed_at')} desc, ${c('job_id')} desc`;
  };

  // One pass over the matches gives both the page and the total (count(*) over ()).
  const page = await rows<JobCardRow & { total: number }>(
    db,
    sql`with hits as (
          select s.job_id, s.refreshed_at, s.salary_min, s.salary_max, ${rank} as rank, count(*) over () as total
          from job_search s join companies c on c.id = s.company_id
          where ${where} order by ${orderOf('')} limit ${q.limit} offset ${(q.page - 1) * q.limit}
        )
        select j.id::text as gwid, j.title as gwmc, j.category as gwlb, j.nature as gzxz, j.province as sbsf, j.city as sbcs,
               j.salary_min as zdyx, j.salary_max as zgyx, j.education as xlyq, j.experience as jyyq, j.welfare as fldy,
               to_char(j.refreshed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as sxsj,
               c.id::text as dwid, c.name as dwmc, c.nature as dwxz, c.size as dwgm, c.industry as sshy, hits.total::int as total
        from hits join jobs j on j.id = hits.job_id join companies c on c.id = j.company_id
        order by ${orderOf('hits.')}`,
  );
  const list = page.map(({ total: _t, ...j }) => j);
  if (page.length) return { list, total: page[0].total };
  // Past the last page (or nothing found): count on its own.
  const total = q.page === 1 ? 0 : (await one<{ n: number }>(db, sql`select count(*)::int as n from job_search s join companies c on c.id = s.company_id where ${where}`))!.n;
  return { list, total };
}

/** The plain scan the index replaces (every title and enterprise name read); for the benchmark. */
export async function scanJobs(db: Db, q: JobSearch): Promise<{ list: { gwid: string }[]; total: number }> {
  const words = (q.key ?? '').trim().split(/\s+/).filter(Boolean);
  const where = filters(q, 'j', null);
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
