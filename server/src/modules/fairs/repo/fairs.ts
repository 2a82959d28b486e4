/**
 * The fairs module's SQL, split by table group (one repo.ts would run past 700 lines): this file
 * holds the fairs table — the lists and the detail, the reads other modules make, the operator's
 * writes and the start reminders' claim.
 */
import type { Static } from '@sinclair/typebox';
import type { AdminFair, FairDetail, FairItem, FavoriteFair } from '@zp/core/contract';
import type { FairState } from '@zp/core/rules/fairs';
import type { SQL } from 'drizzle-orm';
import { likePattern, chinaTime, one, rows, sql, type Db } from '../../../db/index.js';
import { offsetOf } from '../../../http/reply.js';
import type { User } from '../../../http/user.js';
import { inPlace } from '../../codes/public.js';

export type FairItemT = Static<typeof FairItem>;
export type FairDetailT = Static<typeof FairDetail>;
/** A FairItem as read, before gwfbs is added from the jobs module. */
export type FairItemRow = Omit<FairItemT, 'gwfbs'>;

/** The state as SQL, so lists and single reads agree on the boundaries (the rule: @zp/core/rules/fairs). */
export const fairStateSql = (alias = 'f') => sql.raw(`(case when now() < ${alias}.starts_at then 1 when now() < ${alias}.ends_at then 2 else 3 end)::int`);

/** An ILIKE pattern that finds `s` anywhere, its wildcards taken literally. */

/** Who is looking: decides sfsc, sfbm and whether the fee fields are shown. */
export interface Viewer {
  userId: string | null;
  role: User['role'] | null;
  /** the HR's joined enterprise */
  companyId: string | null;
}

const signedUpBy = (v: Viewer): SQL => {
  if (v.role === 'qz') return sql`s.user_id = ${v.userId} and s.company_id is null`;
  if (v.role === 'hr' && v.companyId) return sql`s.company_id = ${v.companyId}`;
  return sql`false`;
};

/** Columns of FairItem (without gwfbs, added from the jobs module). */
const itemColumns = (v: Viewer) => sql`
  f.id::text as hxid, f.name as hymc, ${chinaTime('f.starts_at')} as hykssj, ${chinaTime('f.ends_at')} as hyjssj,
  f.kind as hylx, f.venue_type::int as sfxs, f.venue as hydd, f.province as sf, f.city as csdm,
  f.organizer as zbdw, f.host_org as cbdw, ${fairStateSql()} as ifks,
  ${v.userId ? sql`(exists (select 1 from fair_favorites ff where ff.fair_id = f.id and ff.user_id = ${v.userId}))::int` : sql`0`} as sfsc,
  (exists (select 1 from fair_signups s where s.fair_id = f.id and ${signedUpBy(v)}))::int as sfbm,
  (select count(*) from fair_signups s where s.fair_id = f.id and s.company_id is not null)::int as chqys,
  f.fee_type::int as sfgy, f.booth_fee::int as zwf`;

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

/** A page of the published fairs the filter picks. */
export async function fairItems(db: Db, v: Viewer, q: ListFilter & { page: number; limit: number }): Promise<{ total: number; list: FairItemRow[] }> {
  const where = sql.join(
    [
      sql`f.published`,
      q.type ? sql`f.venue_type = ${q.type}` : undefined,
      q.csdm ? inPlace(sql`f.city`, q.csdm) : undefined,
      q.ksny ? sql`to_char(f.starts_at at time zone 'Asia/Shanghai', 'YYYY-MM') = ${q.ksny}` : undefined,
      q.hymc?.trim() ? sql`f.name ilike ${likePattern(q.hymc.trim())}` : undefined,
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
  const list = await rows<FairItemRow>(
    db,
    sql`select ${itemColumns(v)} from fairs f where ${where} order by ${order} limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return { total, list };
}

/** How many published fairs there are, in all and by state. */
export async function fairCounts(db: Db, type?: 1 | 2) {
  const r = await one<{ all: number; s1: number; s2: number; s3: number }>(
    db,
    sql`select count(*)::int as all,
               count(*) filter (where ${fairStateSql()} = 1)::int as s1,
               count(*) filter (where ${fairStateSql()} = 2)::int as s2,
               count(*) filter (where ${fairStateSql()} = 3)::int as s3
        from fairs f where f.published ${type ? sql`and f.venue_type = ${type}` : sql``}`,
  );
  return r!;
}

export async function fairDetailRow(db: Db, v: Viewer, fairId: string) {
  return one<Omit<FairDetailT, 'gwfbs'>>(
    db,
    sql`select ${itemColumns(v)}, f.intro as hyjs,
               (select count(*) from fair_signups s where s.fair_id = f.id and s.company_id is null)::int as bmrs
        from fairs f where f.id = ${fairId} and f.published`,
  );
}

/** A page of fairs picked by a join (sign-ups, favourites), newest first. */
async function fairItemsWhere(
  db: Db,
  v: Viewer,
  from: SQL,
  where: SQL,
  order: SQL,
  page: number,
  limit: number,
): Promise<{ total: number; list: FairItemRow[] }> {
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from ${from} where f.published and ${where}`))!.n;
  const list = await rows<FairItemRow>(
    db,
    sql`select ${itemColumns(v)} from ${from} where f.published and ${where} order by ${order} limit ${limit} offset ${offsetOf(page, limit)}`,
  );
  return { total, list };
}

/** The fairs a job seeker signed up for, latest start first (at most 200). */
export async function seekerFairItems(db: Db, v: Viewer, userId: string) {
  return fairItemsWhere(
    db,
    v,
    sql`fairs f join fair_signups s on s.fair_id = f.id`,
    sql`s.user_id = ${userId} and s.company_id is null`,
    sql`f.starts_at desc, f.id desc`,
    1,
    200,
  );
}

/** The fairs the viewer's enterprise signed up for, in one state or all, latest start first. */
export async function companyFairItems(db: Db, v: Viewer, q: { type?: number; page: number; limit: number }) {
  const state = q.type ? sql`${fairStateSql()} = ${q.type}` : sql`true`;
  return fairItemsWhere(
    db,
    v,
    sql`fairs f join fair_signups s on s.fair_id = f.id`,
    v.companyId ? sql`s.company_id = ${v.companyId} and ${state}` : sql`false`,
    sql`f.starts_at desc, f.id desc`,
    q.page,
    q.limit,
  );
}

/**
 * The fairs an HR may book, by booking state (type 1 all, 2 not booked, 3 booked; 4 and 5,
 * waiting and refused, never have any: sign-ups are confirmed at once), name and months.
 */
export async function bookableFairItems(db: Db, v: Viewer, q: { type?: number; hymc?: string; kssj?: string; jssj?: string; page: number; limit: number }) {
  const booked = v.companyId ? sql`exists (select 1 from fair_signups b where b.fair_id = f.id and b.company_id = ${v.companyId})` : sql`false`;
  const byType = ({ 1: sql`true`, 2: sql`not ${booked}`, 3: booked, 4: sql`false`, 5: sql`false` } as Record<number, SQL>)[q.type ?? 1];
  const month = (x: string | undefined, op: '>=' | '<=') =>
    x ? sql`to_char(f.starts_at at time zone 'Asia/Shanghai', 'YYYY-MM') ${sql.raw(op)} ${x.slice(0, 7)}` : sql`true`;
  const name = q.hymc?.trim() ? sql`f.name ilike ${likePattern(q.hymc.trim())}` : sql`true`;
  return fairItemsWhere(
    db,
    v,
    sql`fairs f`,
    sql`${byType} and ${name} and ${month(q.kssj, '>=')} and ${month(q.jssj, '<=')}`,
    sql`${fairStateSql()} = 3, case when f.ends_at > now() then f.starts_at end asc, f.starts_at desc, f.id desc`,
    q.page,
    q.limit,
  );
}

/** A user's favourite fairs in the previous client's upper-case row (collectedList), latest favourite first. */
export async function favoriteFairRows(db: Db, userId: string, q: { hymc?: string; page: number; limit: number }) {
  const where = sql`fav.user_id = ${userId} and f.published ${q.hymc?.trim() ? sql`and f.name ilike ${likePattern(q.hymc.trim())}` : sql``}`;
  const from = sql`fair_favorites fav join fairs f on f.id = fav.fair_id`;
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`))!.n;
  const list = await rows<Omit<Static<typeof FavoriteFair>, 'QYGWS'>>(
    db,
    sql`select f.id::text as "HXID", f.name as "HYMC", ${chinaTime('f.starts_at')} as "HYKSSJ", ${chinaTime('f.ends_at')} as "HYJSSJ",
               f.kind as "HYLX", (select count(*) from fair_signups s where s.fair_id = f.id and s.company_id is not null)::int as "QYCHRS",
               ${chinaTime('fav.created_at')} as "SCSJ", fav.user_id::text as "USERID"
        from ${from} where ${where} order by fav.created_at desc, f.id desc limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return { total, list };
}

// ---- single published fairs (the hall, sign-up, other modules)

export async function fairExists(db: Db, fairId: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 from fairs where id = ${fairId} and published`));
}

/** null when there is no such published fair. */
export async function fairState(db: Db, fairId: string): Promise<FairState | null> {
  const r = await one<{ state: FairState }>(db, sql`select ${fairStateSql()} as state from fairs f where f.id = ${fairId} and f.published`);
  return r?.state ?? null;
}

/** A published fair's state and times, China time. */
export async function publishedFair(db: Db, fairId: string) {
  return one<{ id: string; state: number; starts: string; ends: string }>(
    db,
    sql`select f.id::text as id, ${fairStateSql()} as state, ${chinaTime('f.starts_at')} as starts, ${chinaTime('f.ends_at')} as ends
        from fairs f where f.id = ${fairId} and f.published`,
  );
}

export interface OpenFair {
  id: string;
  name: string;
  state: FairState;
  starts: string;
}

/** Those of the fairs that are published. */
export async function publishedFairsOf(db: Db, ids: string[]): Promise<OpenFair[]> {
  return rows<OpenFair>(
    db,
    sql`select f.id::text as id, f.name, ${fairStateSql()} as state,
               to_char(f.starts_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as starts
        from fairs f where f.published and f.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

// ---- the operator

export interface FairFields {
  name: string;
  venue_type: 1 | 2;
  kind: string;
  province: string;
  city: string;
  venue: string;
  organizer: string;
  host_org: string;
  intro: string;
  fee_type: number;
  booth_fee: number;
}

/** The fair's id, or null when there is no such fair. `published` null keeps it as it is. */
export async function updateFair(db: Db, id: string, fields: FairFields, starts: Date, ends: Date, published: boolean | null): Promise<string | null> {
  const r = await one<{ id: string }>(
    db,
    sql`update fairs set name = ${fields.name}, venue_type = ${fields.venue_type}, kind = ${fields.kind}, province = ${fields.province},
            city = ${fields.city}, venue = ${fields.venue}, organizer = ${fields.organizer}, host_org = ${fields.host_org},
            intro = ${fields.intro}, fee_type = ${fields.fee_type}, booth_fee = ${fields.booth_fee},
            -- A moved start time earns a new reminder.
            reminder_claimed_at = case when starts_at = ${starts.toISOString()}::timestamptz then reminder_claimed_at end,
            starts_at = ${starts.toISOString()}, ends_at = ${ends.toISOString()},
            published = coalesce(${published}::boolean, published), updated_at = now()
          where id = ${id} returning id::text as id`,
  );
  return r?.id ?? null;
}

export async function insertFair(db: Db, fields: FairFields, starts: Date, ends: Date, published: boolean, createdBy: string): Promise<string> {
  const r = await one<{ id: string }>(
    db,
    sql`insert into fairs (name, venue_type, kind, province, city, venue, organizer, host_org, intro, fee_type, booth_fee,
                             starts_at, ends_at, published, created_by)
          values (${fields.name}, ${fields.venue_type}, ${fields.kind}, ${fields.province}, ${fields.city}, ${fields.venue},
                  ${fields.organizer}, ${fields.host_org}, ${fields.intro}, ${fields.fee_type}, ${fields.booth_fee},
                  ${starts.toISOString()}, ${ends.toISOString()}, ${published}, ${createdBy})
          returning id::text as id`,
  );
  return r!.id;
}

/** False when there is no such fair. */
export async function setPublished(db: Db, fairId: string, published: boolean): Promise<boolean> {
  const r = await one(db, sql`update fairs set published = ${published}, updated_at = now() where id = ${fairId} returning id`);
  return !!r;
}

/** Whether the fair exists, published or not (the operator's drafts too). */
export async function anyFairExists(db: Db, fairId: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 from fairs where id = ${fairId}`));
}

/** The operator's list: drafts too, with the fields a viewer of `v` sees. */
export async function adminFairRows(db: Db, v: Viewer, q: { page: number; limit: number; hymc?: string; type?: 1 | 2 }) {
  const where = sql.join(
    [sql`true`, q.type ? sql`f.venue_type = ${q.type}` : sql`true`, q.hymc?.trim() ? sql`f.name ilike ${likePattern(q.hymc.trim())}` : sql`true`],
    sql` and `,
  );
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from fairs f where ${where}`))!.n;
  const list = await rows<Omit<Static<typeof AdminFair>, 'gwfbs'>>(
    db,
    sql`select ${itemColumns(v)}, f.intro as hyjs, f.published::int as fbzt, ${chinaTime('f.created_at')} as "createTime",
               (select count(*) from fair_signups s where s.fair_id = f.id and s.company_id is null)::int as bmrs
        from fairs f where ${where} order by f.starts_at desc, f.id desc limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return { total, list };
}

// ---- start reminders

/** Claims the published fairs starting within `leadMinutes` not yet reminded: one UPDATE, so each is claimed once over all nodes. */
export async function claimDueReminders(db: Db, leadMinutes: number) {
  return rows<{ id: string; name: string; starts: string; venue_type: number }>(
    db,
    sql`update fairs set reminder_claimed_at = now()
        where published and reminder_claimed_at is null
          and starts_at > now() and starts_at <= now() + make_interval(mins => ${leadMinutes})
        returning id::text as id, name, to_char(starts_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as starts, venue_type::int as venue_type`,
  );
}
