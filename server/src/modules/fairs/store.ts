/** Reading fairs as the lists, the detail page and the personal centres show them. */
import type { Static } from '@sinclair/typebox';
import type { FairItem, FairDetail, FairListStats, FavoriteFair } from '@zp/core/contract';
import { chinaTime, one, rows, sql, type Db } from '../../db/index.js';
import type { SQL } from 'drizzle-orm';
import { notFound, offsetOf, pageOf, type PageOf } from '../../http/reply.js';
import type { User } from '../../http/route.js';
import { companyOfHr } from '../companies/public.js';
import { fairJobTotal } from '../jobs/public.js';
import { fairStateSql } from './public.js';
import { inPlace } from '../codes/public.js';

export type FairItemT = Static<typeof FairItem>;
export type FairDetailT = Static<typeof FairDetail>;

/** China time as the site shows it (the one of db/index.ts, for the fair module's callers). */
export { chinaTime };

/** Who is looking: decides sfsc, sfbm and whether the fee fields are shown. */
export interface Viewer {
  userId: string | null;
  role: User['role'] | null;
  /** the HR's joined enterprise */
  companyId: string | null;
}

export async function viewerOf(db: Db, user: User | null): Promise<Viewer> {
  if (!user) return { userId: null, role: null, companyId: null };
  const companyId = user.role === 'hr' ? ((await companyOfHr(db, user.id))?.id ?? null) : null;
  return { userId: user.id, role: user.role, companyId };
}

const signedUpBy = (v: Viewer): SQL => {
  if (v.role === 'qz') return sql`s.user_id = ${v.userId} and s.company_id is null`;
  if (v.role === 'hr' && v.companyId) return sql`s.company_id = ${v.companyId}`;
  return sql`false`;
};

/** Columns of FairItem (without gwfbs, added from the jobs module). */
export const itemColumns = (v: Viewer) => sql`
  f.id::text as hxid, f.name as hymc, ${chinaTime('f.starts_at')} as hykssj, ${chinaTime('f.ends_at')} as hyjssj,
  f.kind as hylx, f.venue_type::int as sfxs, f.venue as hydd, f.province as sf, f.city as csdm,
  f.organizer as zbdw, f.host_org as cbdw, ${fairStateSql()} as ifks,
  ${v.userId ? sql`(exists (select 1 from fair_favorites ff where ff.fair_id = f.id and ff.user_id = ${v.userId}))::int` : sql`0`} as sfsc,
  (exists (select 1 from fair_signups s where s.fair_id = f.id and ${signedUpBy(v)}))::int as sfbm,
  (select count(*) from fair_signups s where s.fair_id = f.id and s.company_id is not null)::int as chqys,
  f.fee_type::int as sfgy, f.booth_fee::int as zwf`;

/** Adds gwfbs and keeps the fee fields for HR only. */
export async function finishItems<T extends Omit<FairItemT, 'gwfbs'>>(db: Db, v: Viewer, list: T[]): Promise<(T & { gwfbs: number })[]> {
  const counts = await Promise.all(list.map((f) => fairJobTotal(db, f.hxid)));
  return list.map((f, i) => {
    const out = { ...f, gwfbs: counts[i] };
    if (v.role !== 'hr') {
      delete out.sfgy;
      delete out.zwf;
    }
    return out;
  });
}

export interface ListFilter {
  type?: 1 | 2;
  px?: 1 | 2;
  /** a city, or a whole province */
  csdm?: string;
  ksny?: string;
  hymc?: string;
  /** hylx: the fair's kind (m_hyktdm) */
  kind?: string;
  /** starting from this month on, 'YYYY-MM' */
  fromMonth?: string;
  /** starting up to this month, 'YYYY-MM' */
  toMonth?: string;
}

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listFairs(db: Db, v: Viewer, q: ListFilter & { page: number; limit: number }): Promise<PageOf<FairItemT>> {
  const where = sql.join(
    [
      sql`f.published`,
      q.type ? sql`f.venue_type = ${q.type}` : undefined,
      q.csdm ? inPlace(sql`f.city`, q.csdm) : undefined,
      q.ksny ? sql`to_char(f.starts_at at time zone 'Asia/Shanghai', 'YYYY-MM') = ${q.ksny}` : undefined,
      q.hymc?.trim() ? sql`f.name ilike ${likeOf(q.hymc.trim())}` : undefined,
      q.kind ? sql`f.kind = ${q.kind}` : undefined,
      q.fromMonth ? sql`to_char(f.starts_at at time zone 'Asia/Shanghai', 'YYYY-MM') >= ${q.fromMonth}` : undefined,
      q.toMonth ? sql`to_char(f.starts_at at time zone 'Asia/Shanghai', 'YYYY-MM') <= ${q.toMonth}` : undefined,
    ].filter((x): x is SQL => !!x),
    sql` and `,
  );
  const order =
    q.px === 2
      ? sql`f.starts_at desc, f.id desc`
      : // Running first, then upcoming soonest first, then ended most recent first.
        sql`${fairStateSql()} = 3, case when f.ends_at > now() then f.starts_at end asc, f.starts_at desc, f.id desc`;
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from fairs f where ${where}`))!.n;
  const list = await rows<Omit<FairItemT, 'gwfbs'>>(
    db,
    sql`select ${itemColumns(v)} from fairs f where ${where} order by ${order} limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return pageOf(await finishItems(db, v, list), total, q.page, q.limit);
}

export async function listStats(db: Db, type?: 1 | 2): Promise<Static<typeof FairListStats>> {
  const r = await one<{ all: number; s1: number; s2: number; s3: number }>(
    db,
    sql`select count(*)::int as all,
               count(*) filter (where ${fairStateSql()} = 1)::int as s1,
               count(*) filter (where ${fairStateSql()} = 2)::int as s2,
               count(*) filter (where ${fairStateSql()} = 3)::int as s3
        from fairs f where f.published ${type ? sql`and f.venue_type = ${type}` : sql``}`,
  );
  return { hxzs: r!.all, wkshxs: r!.s1, jxzhxs: r!.s2, yjshxs: r!.s3 };
}

export async function fairDetail(db: Db, v: Viewer, fairId: string): Promise<FairDetailT> {
  const r = await one<Omit<FairDetailT, 'gwfbs'>>(
    db,
    sql`select ${itemColumns(v)}, f.intro as hyjs,
               (select count(*) from fair_signups s where s.fair_id = f.id and s.company_id is null)::int as bmrs
        from fairs f where f.id = ${fairId} and f.published`,
  );
  if (!r) throw notFound('招聘会不存在或已撤下');
  return (await finishItems(db, v, [r]))[0];
}

/** A page of fairs picked by a join (sign-ups, favourites), newest first. */
export async function fairsWhere(
  db: Db,
  v: Viewer,
  from: SQL,
  where: SQL,
  order: SQL,
  page: number,
  limit: number,
): Promise<PageOf<FairItemT>> {
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from ${from} where f.published and ${where}`))!.n;
  const list = await rows<Omit<FairItemT, 'gwfbs'>>(
    db,
    sql`select ${itemColumns(v)} from ${from} where f.published and ${where} order by ${order} limit ${limit} offset ${offsetOf(page, limit)}`,
  );
  return pageOf(await finishItems(db, v, list), total, page, limit);
}

export { likeOf, fairJobTotal };

/** A user's favourite fairs in the previous client's upper-case row (collectedList), latest favourite first. */
export async function favoriteFairs(db: Db, userId: string, q: { hymc?: string; page: number; limit: number }): Promise<PageOf<Static<typeof FavoriteFair>>> {
  const where = sql`fav.user_id = ${userId} and f.published ${q.hymc?.trim() ? sql`and f.name ilike ${likeOf(q.hymc.trim())}` : sql``}`;
  const from = sql`fair_favorites fav join fairs f on f.id = fav.fair_id`;
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`))!.n;
  const list = await rows<Omit<Static<typeof FavoriteFair>, 'QYGWS'>>(
    db,
    sql`select f.id::text as "HXID", f.name as "HYMC", ${chinaTime('f.starts_at')} as "HYKSSJ", ${chinaTime('f.ends_at')} as "HYJSSJ",
               f.kind as "HYLX", (select count(*) from fair_signups s where s.fair_id = f.id and s.company_id is not null)::int as "QYCHRS",
               ${chinaTime('fav.created_at')} as "SCSJ", fav.user_id::text as "USERID"
        from ${from} where ${where} order by fav.created_at desc, f.id desc limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  const counts = await Promise.all(list.map((f) => fairJobTotal(db, f.HXID)));
  return pageOf(list.map((f, i) => ({ ...f, QYGWS: counts[i] })), total, q.page, q.limit);
}
