import type { Static } from '@sinclair/typebox';
import type { SQL } from 'drizzle-orm';
import { maskedName, type TalentSearchQuery } from '@zp/core/contract';
import type { Config } from '../../config.js';
import { likePattern, one, rows, sql, type Db } from '../../db/index.js';
import { MIN_COMPLETENESS, seekerCards } from '../resumes/public.js';

export type TalentSearch = Static<typeof TalentSearchQuery>;

/** Years of work each experience code asks for: [at least, below]. */
const EXPERIENCE_YEARS: Record<string, [number, number]> = {
  gzjy_02: [0, 1],
  gzjy_03: [1, 3],
  gzjy_04: [3, 5],
  gzjy_05: [5, 10],
  gzjy_06: [10, 200],
};


/**
 * Job seekers for an enterprise's HR. Never listed: a résumé its owner hides, a seeker who shields
 * the searching enterprise, a résumé below the completeness needed to apply (wsd 60).
 * The filters read the résumé tables (owned by the résumés module) read-only; the cards come from
 * its seekerCards.
 */
export async function searchTalents(db: Db, config: Config, companyId: string, q: TalentSearch, extra: { where?: SQL; first?: SQL } = {}) {
  const where: SQL[] = [
    ...(extra.where ? [extra.where] : []),
    sql`not p.hidden and p.completeness >= ${MIN_COMPLETENESS}`,
    sql`not exists (select 1 from seeker_shields sh where sh.seeker_id = p.user_id and sh.company_id = ${companyId})`,
  ];
  // work_start is YYYY-MM ('' without work experience)
  const years = sql`(case when p.work_start ~ '^\\d{4}-\\d{2}$'
      then extract(year from age(now(), to_date(p.work_start || '-01', 'YYYY-MM-DD'))) else null end)`;
  if (q.sf) {
    where.push(sql`(p.province = ${q.sf} or exists (select 1 from resume_intentions i where i.user_id = p.user_id and i.province = ${q.sf}))`);
  }
  if (q.hy) where.push(sql`exists (select 1 from resume_intentions i where i.user_id = p.user_id and i.industry = ${q.hy})`);
  if (q.qwxz) where.push(sql`exists (select 1 from resume_intentions i where i.user_id = p.user_id and i.salary = ${q.qwxz})`);
  if (q.xlyq && q.xlyq !== 'xl_00') {
    where.push(sql`exists (select 1 from resume_education e where e.user_id = p.user_id and e.degree >= ${q.xlyq})`);
  }
  if (q.zy?.trim()) where.push(sql`exists (select 1 from resume_education e where e.user_id = p.user_id and e.major ilike ${likePattern(q.zy.trim())})`);
  if (q.xxmc?.trim()) where.push(sql`exists (select 1 from resume_education e where e.user_id = p.user_id and e.school ilike ${likePattern(q.xxmc.trim())})`);
  if (q.bysj) where.push(sql`exists (select 1 from resume_education e where e.user_id = p.user_id and left(e.end_date, 4) = ${q.bysj})`);
  if (q.jyyq === 'gzjy_01') where.push(sql`(${years} is null or p.seeking_state = 'zt_005')`);
  else if (q.jyyq && EXPERIENCE_YEARS[q.jyyq]) {
    const [lo, hi] = EXPERIENCE_YEARS[q.jyyq];
    where.push(sql`${years} >= ${lo} and ${years} < ${hi}`);
  }
  for (const w of (q.key ?? '').trim().split(/\s+/).filter(Boolean)) {
    const pat = likePattern(w);
    where.push(sql`(p.self_intro ilike ${pat}
      or exists (select 1 from resume_work x where x.user_id = p.user_id and (x.position ilike ${pat} or x.company ilike ${pat}))
      or exists (select 1 from resume_education e where e.user_id = p.user_id and (e.school ilike ${pat} or e.major ilike ${pat})))`);
  }
  const cond = sql.join(where, sql` and `);
  const base = q.orderField === 'wsd' ? sql`p.completeness desc, p.refreshed_at desc` : sql`p.refreshed_at desc`;
  const order = extra.first ? sql`${extra.first} desc, ${base}` : base;
  const total = await one<{ n: number }>(db, sql`select count(*)::int as n from seeker_profiles p where ${cond}`);
  const ids = await rows<{ id: string }>(
    db,
    sql`select p.user_id::text as id from seeker_profiles p where ${cond}
        order by ${order}, p.user_id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const cards = new Map((await seekerCards(db, config, ids.map((r) => r.id))).map((c) => [c.qzbsid, c]));
  const list = ids
    .map((r) => cards.get(r.id))
    .filter((c) => c !== undefined)
    .map((c) => ({
      qzbsid: c.qzbsid, x: c.x, xm: maskedName(c.x, c.xbm), xbm: c.xbm, nl: c.nl, zgxl: c.zgxl, xl: c.zgxl, xxmc: c.school, zy: c.major, dqszcs: c.dqszcs, gznx: c.gznx, qzzt: c.qzzt,
      wsd: c.wsd, txUrl: c.txUrl, yxcs: c.yxcs, yxzw: c.yxzw, yxxz: c.yxxz, zwmc: c.zwmc, dwmc: c.dwmc, gxsj: c.refreshTime,
    }));
  return { list, total: total?.n ?? 0 };
}

/** The category and city of an enterprise's own job, for the talents matching it; null when it is not theirs. */
export async function jobTarget(db: Db, jobId: string, companyId: string | null): Promise<{ category: string; city: string } | null> {
  return (await one<{ category: string; city: string }>(db, sql`select category, city from jobs where id = ${jobId} and company_id = ${companyId} and deleted_at is null`)) ?? null;
}

/** Talents who want the job's category, those in its city first. */
export const matchingJob = (job: { category: string; city: string }) => ({
  where: sql`exists (select 1 from resume_intentions i where i.user_id = p.user_id and i.category3 = ${job.category})`,
  first: sql`exists (select 1 from resume_intentions i where i.user_id = p.user_id and i.category3 = ${job.category} and i.city = ${job.city})`,
});
