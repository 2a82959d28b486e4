import type { Static } from '@sinclair/typebox';
import type { SQL } from 'drizzle-orm';
import { SALARY_RANGES, type JobSearchQuery } from '@zp/core/contract';
import { likePattern, one, rows, sql, type Db } from '../../db/index.js';
import { keywordQuery, prefixQuery } from '../../text/segment.js';
import { jobCardColumns, type JobListItem } from '../jobs/public.js';

export type JobSearch = Static<typeof JobSearchQuery>;

/** A search row: the contract's job row, bsid its identity, fldy the HR's welfare words. */
type JobCardRow = Omit<JobListItem, 'hrid' | 'gwms'> & { bsid: string; fldy: string };

/** Every filter as SQL conditions on `t` (job_search, or jobs for the plain scan) joined to companies c. */
function filters(q: JobSearch, t: 's' | 'j'): SQL[] {
  const col = (name: string) => sql.raw(`${t}.${name}`);
  // job_search holds the published jobs of approved enterprises only
  const where: SQL[] = [t === 'j' ? sql`j.status = 1 and j.deleted_at is null and c.status = 1` : sql`true`];
  if (q.sbsf) where.push(sql`${col('province')} = ${q.sbsf}`);
  if (q.sbcs) where.push(sql`${col('city')} = ${q.sbcs}`);
  where.push(...otherFilters(q, t));
  if (q.gzxz) where.push(sql`${col('nature')} = ${q.gzxz}`);
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

/** The filters that are not facets (job category, the enterprise's industry, ownership, size). */
function otherFilters(q: JobSearch, t: 's' | 'j'): SQL[] {
  const where: SQL[] = [];
  if (q.sshy) where.push(sql`c.industry = ${q.sshy}`);
  if (q.gwlb) where.push(sql`left(${sql.raw(`${t}.category`)}, ${q.gwlb.length}) = ${q.gwlb}`);
  if (q.dwxz) where.push(sql`c.nature = ${q.dwxz}`);
  if (q.dwgm) where.push(sql`c.size = ${q.dwgm}`);
  return where;
}

/**
 * The place, work nature, education, experience and salary filters as the lexemes that
 * job_search_facets (sql/0953) indexes beside a job's words, or null for a salary code it does not
 * know (which matches nothing, as in filters()).
 */
function facetLexemes(q: JobSearch): string[] | null {
  const out: string[] = [];
  if (q.sbsf) out.push(`sf=${q.sbsf}`);
  if (q.sbcs) out.push(`cs=${q.sbcs}`);
  if (q.gzxz) out.push(`xz=${q.gzxz}`);
  if (q.xlyq) out.push(`xl=${q.xlyq}`);
  if (q.jyyq) out.push(`jy=${q.jyyq}`);
  if (q.gwyx) {
    if (!SALARY_RANGES[q.gwyx]) return null;
    out.push(`yx=${q.gwyx}`);
  }
  return out;
}

/** A tsquery of lexemes taken as they are (no parsing, no lower-casing), all required. */
const lexemeQuery = (lexemes: string[]) => lexemes.map((l) => `'${l.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' & ');

/**
 * At most this many matches are counted: above it the total is answered as JOB_TOTAL_CAP with
 * totalCapped (the page says "1,000+"). Counting every match of a common word read every one of
 * them, the most expensive part of a search at a million jobs.
 */
export const JOB_TOTAL_CAP = 1000;

/**
 * The cap when keywords meet place, nature, education, experience or salary filters. Those
 * matches come from one GIN bitmap (job_search_filtered) that gathers every one of them before
 * any is read, the bulk of such a search's cost; reading a few thousand of them is cheaper than
 * the second pass over that bitmap a capped page takes.
 */
export const FILTERED_TOTAL_CAP = 5000;

/** Where counting stops for a search: FILTERED_TOTAL_CAP when keywords meet facet filters, else JOB_TOTAL_CAP. */
export function totalCapOf(q: JobSearch): number {
  return q.key?.trim() && facetLexemes(q)?.length ? FILTERED_TOTAL_CAP : JOB_TOTAL_CAP;
}

export interface JobSearchResult {
  list: JobCardRow[];
  /** the number of matches, or when totalCapped a lower bound of it */
  total: number;
  /** more jobs match than the cap (JOB_TOTAL_CAP, or FILTERED_TOTAL_CAP): total is at least that many, not all were counted */
  totalCapped: boolean;
}

/**
 * Published jobs of approved enterprises matching the keywords and filters. With keywords the
 * order is relevance — jobs whose title holds the whole query first, then those matched partly or
 * only by their enterprise's name — then freshness; otherwise freshness, or salary when asked.
 *
 * The work is bounded at any volume: the matches are read up to the cap + 1 (in one GIN scan
 * where keyword and facet filters meet). Up to the cap that set is complete, and it is
 * ordered and paged as it is. Above it the total is capped, and the page is taken in order by
 * the planner's cheaper way — along job_search_fresh stopping at the page, or from the index of
 * title words (job_search_title) — for the title matches first, then for the rest.
 */
export async function searchJobs(db: Db, q: JobSearch, opts: { totalCap?: number } = {}): Promise<JobSearchResult> {
  const cap = opts.totalCap ?? totalCapOf(q);
  const key = q.key?.trim() ?? '';
  const tsq = key ? keywordQuery(key) : null;
  const none = { list: [], total: 0, totalCapped: false };
  // A keyword of nothing but punctuation finds nothing rather than everything.
  if (key && !tsq) return none;
  const offset = (q.page - 1) * q.limit;
  const dir = q.asc ? sql`asc` : sql`desc`;

  let where: SQL;
  // with keywords in relevance order: the title matches, and the conditions that select them
  let title: SQL | null = null;
  let titleWhere: SQL | null = null;
  if (tsq) {
    const facets = facetLexemes(q);
    if (!facets) return none;
    const indexed = (query: SQL) =>
      facets.length
        ? sql`(s.doc || job_search_facets(s.province, s.city, s.nature, s.education, s.experience, s.salary_min, s.salary_max)) @@ (${query})`
        : sql`s.doc @@ (${query})`;
    const fq = sql`${lexemeQuery(facets)}::tsquery`;
    const base = otherFilters(q, 's');
    const match = indexed(facets.length ? sql`(${tsq}) && ${fq}` : tsq);
    where = sql.join([match, ...base], sql` and `);
    if (!q.orderField) {
      // Without filters through job_search_title, and not "and the keyword matches" again: title
      // words are words of doc, and the planner, taking the two for independent, would think the
      // title matches few and read them all instead of walking job_search_fresh. With filters
      // the keyword and the filters meet in job_search_filtered, the few matching both are read,
      // and their titles tested there (coalesce: not through job_search_title, whose bitmap of every
      // title match would cost more than the test).
      title = facets.length ? sql`coalesce(s.title_doc @@ (${tsq}), false)` : sql`s.title_doc @@ (${tsq})`;
      titleWhere = sql.join([...(facets.length ? [match] : []), title, ...base], sql` and `);
    }
  } else {
    where = sql.join(filters(q, 's'), sql` and `);
  }
  // the enterprise only for its industry, ownership or size
  const from = q.sshy || q.dwxz || q.dwgm ? sql`from job_search s join companies c on c.id = s.company_id` : sql`from job_search s`;
  // the order on the columns of `p` (s: job_search, m and h: the matches below)
  const orderOf = (p: string, tiers: boolean) => {
    const c = (name: string) => sql.raw(`${p}.${name}`);
    const fields =
      q.orderField === '2'
        ? sql`${c('salary_max')} ${dir}, ${c('salary_min')} ${dir}, ${c('refreshed_at')} desc, ${c('job_id')} desc`
        : q.orderField === '1'
          ? sql`${c('refreshed_at')} ${dir}, ${c('job_id')} ${dir}`
          : sql`${c('refreshed_at')} desc, ${c('job_id')} desc`;
    return tiers ? sql`${c('title')} desc, ${fields}` : fields;
  };

  // One statement answers most searches (on the embedded database each statement costs a round
  // trip): the matches read up to the cap + 1 and counted; when that is all of them the page is
  // ordered from them, else it is taken in order over all the matches (the title matches when
  // there is a keyword). Each page's branch runs only when the count calls for it: its condition
  // on the count is decided once, before either is read.
  const page = (cond: SQL, titled = false) =>
    sql`select s.job_id, s.refreshed_at, s.salary_min, s.salary_max, ${sql.raw(String(titled))} as title ${from} where ${cond}`;
  const first = await rows<CardRow & { n: number }>(
    db,
    sql`with m as materialized (
          select s.job_id, s.refreshed_at, s.salary_min, s.salary_max${title ? sql`, s.title_doc` : sql``} ${from} where ${where} limit ${cap + 1}
        ), n as (select count(*)::int as n from m)
        select ${cardColumns}, n.n from n left join (
          (select * from (select m.job_id, m.refreshed_at, m.salary_min, m.salary_max, ${tsq && title ? sql`m.title_doc @@ (${tsq})` : sql`false`} as title from m
            where (select n from n) <= ${cap}) u order by ${orderOf('u', !!title)} limit ${q.limit} offset ${offset})
          union all
          (${page(sql`(select n from n) > ${cap} and ${titleWhere ?? where}`, !!title)} order by ${orderOf('s', false)} limit ${q.limit} offset ${offset})
        ) h on true
        left join jobs j on j.id = h.job_id left join companies c on c.id = j.company_id
        order by ${orderOf('h', !!title)}`,
  );
  const n = first[0]?.n ?? 0;
  const list = toCards(first.filter((r) => r.gwid !== null));
  if (n <= cap) return { list, total: n, totalCapped: false };
  if (title && titleWhere && list.length < q.limit) {
    // Fewer title matches than the page: the rest after them, the freshest first. How many title
    // matches come before this page: all of them when it holds some, else counted up to the offset.
    const before = list.length
      ? offset + list.length
      : (await one<{ n: number }>(db, sql`select count(*)::int as n from (select 1 ${from} where ${titleWhere} limit ${offset}) x`))!.n;
    const rest = await rows<CardRow>(
      db,
      sql`select ${cardColumns} from (${page(sql`${where} and not (${title})`)} order by ${orderOf('s', false)} limit ${q.limit - list.length} offset ${Math.max(0, offset - before)}) h
          join jobs j on j.id = h.job_id join companies c on c.id = j.company_id
          order by ${orderOf('h', false)}`,
    );
    list.push(...toCards(rest));
  }
  return { list, total: Math.max(cap, offset + list.length), totalCapped: true };
}

type CardRow = Omit<JobCardRow, 'bsid'>;
/** A card's columns, from jobs j and companies c (not the description, which a card does not show). */
const cardColumns = sql`${jobCardColumns}, j.welfare as fldy`;
const toCards = (list: CardRow[]): JobCardRow[] => list.map((j) => ({ ...j, bsid: j.gwid }));

/** The plain scan the index replaces (every title and enterprise name read); for the benchmark. */
export async function scanJobs(db: Db, q: JobSearch): Promise<{ list: { gwid: string }[]; total: number }> {
  const words = (q.key ?? '').trim().split(/\s+/).filter(Boolean);
  const where = filters(q, 'j');
  for (const w of words) {
    const pat = likePattern(w);
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

/** Matching jobs read for suggestions: enough to rank the common titles, bounded at any volume. */
const SUGGEST_SAMPLE = 300;

/**
 * Titles of published jobs for the search box (see searchApi.suggest): from at most
 * SUGGEST_SAMPLE jobs whose title words begin with the typed words, grouped by title; those
 * starting with the text first, then the commonest, then the shortest.
 */
export async function suggestTitles(db: Db, key: string, limit: number): Promise<string[]> {
  const tsq = prefixQuery(key);
  if (!tsq) return [];
  const r = await rows<{ title: string }>(
    db,
    sql`select j.title from (select s.job_id from job_search s where s.title_doc @@ (${tsq}) limit ${SUGGEST_SAMPLE}) m
          join jobs j on j.id = m.job_id
        group by j.title
        order by strpos(lower(j.title), lower(${key.trim()})) = 1 desc, count(*) desc, length(j.title), j.title
        limit ${limit}`,
  );
  return r.map((x) => x.title);
}
