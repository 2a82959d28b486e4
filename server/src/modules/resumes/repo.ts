/**
 * All of the resumes module's SQL: the profile and its sections, completeness (wsd), the short
 * card HR views and talent search show, the counters HR actions bump, and the intended employers.
 * (The generated Word files keep their few queries beside the document code in generated.ts.)
 */
import type { SQL } from 'drizzle-orm';
import { COMPLETENESS_WEIGHTS as W, isId, SECTIONS, SECTION_KEYS, type CompletenessPart, type SectionKey } from '@zp/core/contract';
import { chinaTime, inList, one, rows, sql, timeText, type Db } from '../../db/index.js';
import type { Config } from '../../config.js';
import { fileUrl } from '../files/public.js';
import { STORES } from './sections.js';

const exists = (key: SectionKey) => `exists (select 1 from ${STORES[key].table} s where s.user_id = p.user_id)`;
const points = (cond: string, weight: number) => `(case when ${cond} then ${weight} else 0 end)`;

/**
 * When each part of COMPLETENESS_WEIGHTS counts as filled: one SQL condition over
 * seeker_profiles p per part. Built from constants only. The stored wsd and the list of what is
 * missing (completeness.ts) both come from here, so they always agree.
 */
const COMPLETENESS_CONDITIONS: Record<keyof typeof W, string> = {
  xm: `p.name <> ''`,
  xbm: `p.gender <> ''`,
  csrq: `p.birth_date <> ''`,
  dqszcs: `p.city <> ''`,
  yx: `p.email <> ''`,
  qzzt: `p.seeking_state <> ''`,
  zwpj: `p.self_intro <> ''`,
  qzyx: exists('qzyx'),
  jyjl: exists('jyjl'),
  // a graduate-to-be (zt_005) has no work experience to give yet
  gzjl: `(${exists('gzjl')} or p.seeking_state = 'zt_005')`,
  ...(Object.fromEntries(
    (['xmjy', 'zyjn', 'yynl', 'zsxx', 'ryjl', 'pxjl', 'shhd', 'kyjl', 'lwxx', 'zlxx', 'yjfx'] as const).map((k) => [k, exists(k)]),
  ) as Record<'xmjy' | 'zyjn' | 'yynl' | 'zsxx' | 'ryjl' | 'pxjl' | 'shhd' | 'kyjl' | 'lwxx' | 'zlxx' | 'yjfx', string>),
};

/** wsd as one SQL expression over seeker_profiles p, from the weights documented in the contract (contract/resumes.ts). */
const COMPLETENESS_SQL = (Object.keys(W) as (keyof typeof W)[]).map((k) => points(COMPLETENESS_CONDITIONS[k], W[k])).join(' + ');

/** Recomputes and stores wsd after a change; returns it. */
export async function recomputeCompleteness(db: Db, userId: string): Promise<number> {
  const r = await one<{ wsd: number }>(
    db,
    sql`update seeker_profiles p set completeness = (${sql.raw(COMPLETENESS_SQL)}), updated_at = now()
        where p.user_id = ${userId} returning completeness::int as wsd`,
  );
  return r?.wsd ?? 0;
}

/** wsd 0–100 (0 for an unknown user). */
export async function seekerCompleteness(db: Db, userId: string): Promise<number> {
  const r = await one<{ wsd: number }>(db, sql`select completeness::int as wsd from seeker_profiles where user_id = ${userId}`);
  return r?.wsd ?? 0;
}

/** True when the job seeker keeps the résumé out of talent search (or has no profile). */
export async function resumeHidden(db: Db, userId: string): Promise<boolean> {
  const r = await one<{ hidden: boolean }>(db, sql`select hidden from seeker_profiles where user_id = ${userId}`);
  return r?.hidden ?? true;
}

/** Whole years between a YYYY-MM[-DD] date and today; null when unknown or in the future. */
export function yearsSince(date: string, today = new Date()): number | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 1)];
  let years = today.getFullYear() - y;
  if (today.getMonth() + 1 < mo || (today.getMonth() + 1 === mo && today.getDate() < d)) years--;
  return years < 0 ? null : years;
}

/** The short view of a job seeker that lists and HR pages show. */
export interface SeekerCard {
  qzbsid: string;
  /** xm: name; x: surname */
  xm: string;
  x: string;
  /** xbm: gender code */
  xbm: string;
  /** nl: age, null when the birth date is unknown */
  nl: number | null;
  /** zgxl: highest degree code (m_xldm), '' without education */
  zgxl: string;
  /** school and major of the highest degree */
  school: string;
  major: string;
  /** dqszcs: city code */
  dqszcs: string;
  /** gznx: years of work */
  gznx: number;
  /** qzzt: job-seeking state code */
  qzzt: string;
  wsd: number;
  /** txid: avatar file id ('' none) and its URL */
  txid: string;
  txUrl: string;
  /** the first intention: city code, third-level job category, expected salary code */
  yxcs: string;
  yxzw: string;
  yxxz: string;
  /** current or latest position and employer */
  zwmc: string;
  dwmc: string;
  /** résumé hidden from talent search */
  hidden: boolean;
  refreshTime: string;
}

type CardRow = {
  id: string;
  name: string;
  gender: string;
  birth_date: string;
  city: string;
  work_start: string;
  seeking_state: string;
  wsd: number;
  avatar_file_id: string;
  avatar_key: string | null;
  hidden: boolean;
  refresh_time: string;
  degree: string | null;
  school: string | null;
  major: string | null;
  i_city: string | null;
  i_cat: string | null;
  i_salary: string | null;
  w_position: string | null;
  w_company: string | null;
};

function toCard(r: CardRow, config: Config): SeekerCard {
  return {
    qzbsid: r.id,
    xm: r.name,
    x: [...r.name][0] ?? '',
    xbm: r.gender,
    nl: yearsSince(r.birth_date),
    zgxl: r.degree ?? '',
    school: r.school ?? '',
    major: r.major ?? '',
    dqszcs: r.city,
    gznx: r.work_start ? (yearsSince(r.work_start) ?? 0) : 0,
    qzzt: r.seeking_state,
    wsd: r.wsd,
    txid: r.avatar_file_id,
    txUrl: r.avatar_key ? fileUrl(config, r.avatar_key) : '',
    yxcs: r.i_city ?? '',
    yxzw: r.i_cat ?? '',
    yxxz: r.i_salary ?? '',
    zwmc: r.w_position ?? '',
    dwmc: r.w_company ?? '',
    hidden: r.hidden,
    refreshTime: r.refresh_time,
  };
}

const cardQuery = (where: SQL) => sql`
  select p.user_id::text as id, p.name, p.gender, p.birth_date, p.city, p.work_start, p.seeking_state,
         p.completeness::int as wsd, coalesce(p.avatar_file_id::text, '') as avatar_file_id, f.storage_key as avatar_key, p.hidden,
         to_char(p.refreshed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as refresh_time,
         e.degree, e.school, e.major, i.city as i_city, i.category3 as i_cat, i.salary as i_salary,
         w.position as w_position, w.company as w_company
  from seeker_profiles p
  left join files f on f.id = p.avatar_file_id and f.deleted_at is null
  left join lateral (select degree, school, major from resume_education where user_id = p.user_id order by degree desc, start_date desc limit 1) e on true
  left join lateral (select city, category3, salary from resume_intentions where user_id = p.user_id order by id limit 1) i on true
  left join lateral (select position, company from resume_work where user_id = p.user_id order by (end_date = '') desc, start_date desc limit 1) w on true
  where ${where}`;

/** The card of one job seeker, or null when there is none. Hidden résumés are returned too (with hidden: true). */
export async function seekerCard(db: Db, config: Config, userId: string): Promise<SeekerCard | null> {
  if (!isId(userId)) return null;
  const r = await one<CardRow>(db, cardQuery(sql`p.user_id = ${userId}`));
  return r ? toCard(r, config) : null;
}

/** Cards of many job seekers, in the order of `userIds` (unknown ids left out). */
export async function seekerCards(db: Db, config: Config, userIds: string[]): Promise<SeekerCard[]> {
  const ids = userIds.filter(isId);
  if (!ids.length) return [];
  const list = await rows<CardRow>(db, cardQuery(sql`p.user_id in (${inList(ids)})`));
  const byId = new Map(list.map((r) => [r.id, toCard(r, config)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// --- sections ----------------------------------------------------------------------------------

export type SectionRow = Record<string, string | number>;

/** The select list of a section: contract field names, ids and times as text. */
function sectionSelect(key: SectionKey): string {
  const def = SECTIONS[key];
  const cols = Object.entries(STORES[key].columns).map(([field, c]) =>
    c.type === 'flag' ? `${c.column}::text as "${field}"` : c.type === 'int' ? `${c.column}::int as "${field}"` : `${c.column} as "${field}"`,
  );
  const aliases = Object.entries((def as { aliases?: Record<string, string> }).aliases ?? {}).map(
    ([alias, field]) => `${STORES[key].columns[field].column} as "${alias}"`,
  );
  return [
    `id::text as "${def.idField}"`,
    ...cols,
    ...aliases,
    `to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as "createTime"`,
    `to_char(updated_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as "updateTime"`,
  ].join(', ');
}

export async function sectionRows(db: Db, key: SectionKey, userId: string): Promise<SectionRow[]> {
  const st = STORES[key];
  return rows<SectionRow>(db, sql`select ${sql.raw(sectionSelect(key))} from ${sql.raw(st.table)} where user_id = ${userId} order by ${sql.raw(st.order)}`);
}

/** Every section of a job seeker's résumé, keyed gzjl, jyjl, ... (for HR's résumé view). */
export async function resumeSections(db: Db, userId: string): Promise<Record<SectionKey, SectionRow[]>> {
  const out = {} as Record<SectionKey, SectionRow[]>;
  for (const k of SECTION_KEYS) out[k] = await sectionRows(db, k, userId);
  return out;
}

// --- counters ----------------------------------------------------------------------------------

export type ResumeCounter = 'viewed' | 'favourited' | 'downloaded';
const COUNTER_COLUMN: Record<ResumeCounter, string> = { viewed: 'view_count', favourited: 'favourite_count', downloaded: 'download_count' };

/**
 * Moves one of the statistics a job seeker sees (jlckcs viewed, jlsccs favourited, jlxzcs
 * downloaded); the applications module calls it when HR views, favourites (+1 / -1) or downloads.
 */
export async function bumpResumeCounter(db: Db, userId: string, which: ResumeCounter, delta = 1): Promise<void> {
  const col = sql.raw(COUNTER_COLUMN[which]);
  await db.execute(sql`update seeker_profiles set ${col} = greatest(0, ${col} + ${delta}) where user_id = ${userId}`);
}

// Used by other modules; they import it from here only.

// ---- a seeker's profile

/** The empty profile a new job seeker's résumé is written into. */
export async function createSeekerProfile(db: Db, userId: string) {
  await db.execute(sql`insert into seeker_profiles (user_id) values (${userId}) on conflict do nothing`);
}

const PARTS = Object.keys(W) as CompletenessPart[];
/** One boolean column per part, named after it; built from constants only. */
const FILLED_SQL = PARTS.map((k) => `(${COMPLETENESS_CONDITIONS[k]}) as "${k}"`).join(', ');

/** Which parts of the résumé are filled, and its completeness; every part unfilled when there is no profile. */
export async function filledParts(db: Db, userId: string): Promise<{ wsd: number; filled: Record<CompletenessPart, boolean> }> {
  const r = await one<Record<CompletenessPart, boolean> & { wsd: number }>(
    db,
    sql`select p.completeness::int as wsd, ${sql.raw(FILLED_SQL)} from seeker_profiles p where p.user_id = ${userId}`,
  );
  if (!r) return { wsd: 0, filled: Object.fromEntries(PARTS.map((k) => [k, false])) as Record<CompletenessPart, boolean> };
  const { wsd, ...filled } = r;
  return { wsd, filled };
}

// ---- the sections' rows (教育经历, 工作经历, …)

/** A row's values as column → value, already checked. */
export type ColumnValues = [column: string, value: unknown][];

const tableOf = (key: SectionKey) => sql.raw(STORES[key].table);

export async function sectionCount(db: Db, key: SectionKey, userId: string): Promise<number> {
  return (await one<{ n: number }>(db, sql`select count(*)::int as n from ${tableOf(key)} where user_id = ${userId}`))!.n;
}

/** The new row's id. */
export async function insertSectionRow(db: Db, key: SectionKey, userId: string, cols: ColumnValues): Promise<string> {
  const r = await one<{ id: string }>(
    db,
    sql`insert into ${tableOf(key)} (user_id, ${sql.raw(cols.map(([c]) => c).join(', '))})
        values (${userId}, ${sql.join(cols.map(([, x]) => sql`${x}`), sql`, `)}) returning id::text as id`,
  );
  return r!.id;
}

/** One of the seeker's rows as the contract names its fields, or undefined. */
export function sectionRowOf(db: Db, key: SectionKey, userId: string, id: string) {
  return one<Record<string, unknown>>(db, sql`select ${sql.raw(sectionSelect(key))} from ${tableOf(key)} where id = ${id} and user_id = ${userId}`);
}

export async function updateSectionRow(db: Db, key: SectionKey, userId: string, id: string, cols: ColumnValues): Promise<void> {
  const sets = sql.join(cols.map(([c, x]) => sql`${sql.raw(c)} = ${x}`), sql`, `);
  await db.execute(sql`update ${tableOf(key)} set ${sets}, updated_at = now() where id = ${id} and user_id = ${userId}`);
}

/** False when the seeker has no such row. */
export async function deleteSectionRow(db: Db, key: SectionKey, userId: string, id: string): Promise<boolean> {
  return (await rows(db, sql`delete from ${tableOf(key)} where id = ${id} and user_id = ${userId} returning id`)).length > 0;
}

// ---- base information (个人基本信息)

/** Sets these columns of the seeker's profile (the avatar's file id as avatar_file_id). */
export async function updateProfile(db: Db, userId: string, cols: ColumnValues): Promise<void> {
  if (!cols.length) return;
  const sets = sql.join(cols.map(([c, x]) => sql`${sql.raw(c)} = ${x}`), sql`, `);
  await db.execute(sql`update seeker_profiles set ${sets}, updated_at = now() where user_id = ${userId}`);
}

export type BaseRow = {
  qzbsid: string; wsd: number; xm: string; phone: string; xbm: string; txid: string; qzzt: string; yx: string;
  tdjlCount: number; gwscCount: number; sxhscs: number;
};

/** The centre's header: name, state and figures. The counters read other modules' tables (applications, relations, fairs) read-only. */
export function seekerBaseRow(db: Db, userId: string) {
  return one<BaseRow>(
    db,
    sql`select p.user_id::text as qzbsid, p.completeness::int as wsd, p.name as xm, u.phone, p.gender as xbm,
               coalesce(p.avatar_file_id::text, '') as txid, p.seeking_state as qzzt, p.email as yx,
               (select count(*) from applications a where a.seeker_id = p.user_id)::int as "tdjlCount",
               (select count(*) from saved_jobs j where j.seeker_id = p.user_id)::int as "gwscCount",
               (select count(*) from fair_favorites f where f.user_id = p.user_id)::int as sxhscs
        from seeker_profiles p join users u on u.id = p.user_id where p.user_id = ${userId}`,
  );
}

export type InfoRow = {
  qzbsid: string; xm: string; xbm: string; phone: string; csrq: string; jgdms: string; dqszs: string; dqszcs: string; cjgzny: string;
  yx: string; zwpj: string; zzmm: string; txid: string; tx_key: string | null; qzzt: string; jlyc: number; wsd: number; refreshTime: string;
  jlUpdateTime: string; dqszxq: string; jgdmcs: string; mzdm: string; hyzk: string; sg: string; sfzjh: string; sfxs: number;
};

export function seekerInfoRow(db: Db, userId: string) {
  return one<InfoRow>(
    db,
    sql`select p.user_id::text as qzbsid, p.name as xm, p.gender as xbm, u.phone, p.birth_date as csrq, p.native_province as jgdms,
               p.province as dqszs, p.city as dqszcs, p.work_start as cjgzny, p.email as yx, p.self_intro as zwpj,
               p.political_status as zzmm, coalesce(p.avatar_file_id::text, '') as txid, f.storage_key as tx_key,
               p.seeking_state as qzzt, p.hidden::int as jlyc, p.completeness::int as wsd,
               ${chinaTime('p.refreshed_at')} as "refreshTime", ${chinaTime('p.updated_at')} as "jlUpdateTime",
               p.district as dqszxq, p.native_city as jgdmcs, p.ethnicity as mzdm, p.marital_status as hyzk, p.height as sg,
               p.id_number as sfzjh, p.student::int as sfxs
        from seeker_profiles p join users u on u.id = p.user_id
        left join files f on f.id = p.avatar_file_id and f.deleted_at is null
        where p.user_id = ${userId}`,
  );
}

export async function setSeekingState(db: Db, userId: string, state: string): Promise<void> {
  await db.execute(sql`update seeker_profiles set seeking_state = ${state}, updated_at = now() where user_id = ${userId}`);
}

export async function setHidden(db: Db, userId: string, hidden: boolean): Promise<void> {
  await db.execute(sql`update seeker_profiles set hidden = ${hidden} where user_id = ${userId}`);
}

/** Once a day (China time) the résumé moves up in talent search: the new refresh time, or null when it was refreshed today. */
export async function refreshResume(db: Db, userId: string): Promise<string | null> {
  const r = await one<{ t: string }>(
    db,
    sql`update seeker_profiles set refreshed_at = now()
        where user_id = ${userId}
          and (refreshed_at at time zone 'Asia/Shanghai')::date < (now() at time zone 'Asia/Shanghai')::date
        returning ${timeText('refreshed_at')} as t`,
  );
  return r?.t ?? null;
}

/** Subscribes (true), unsubscribes (false) or toggles (undefined) the weekly job mail; the new state, or null without a profile. */
export async function setWeeklyJobs(db: Db, userId: string, to: boolean | undefined): Promise<boolean | null> {
  const value = to === undefined ? sql`not weekly_jobs` : sql`${to}`;
  const r = await one<{ subscribed: boolean }>(db, sql`update seeker_profiles set weekly_jobs = ${value} where user_id = ${userId} returning weekly_jobs as subscribed`);
  return r ? r.subscribed : null;
}

/** How often HR viewed, kept and downloaded the résumé. */
export async function resumeStatistics(db: Db, userId: string) {
  const r = await one<{ jlckcs: number; jlsccs: number; jlxzcs: number }>(
    db,
    sql`select view_count as jlckcs, favourite_count as jlsccs, download_count as jlxzcs from seeker_profiles where user_id = ${userId}`,
  );
  return r ?? { jlckcs: 0, jlsccs: 0, jlxzcs: 0 };
}

// ---- intended employers (qzyxdw)

export function targetCompanies(db: Db, userId: string) {
  return rows<{ bsid: string; dwid: string; dwmc: string; createTime: string }>(
    db,
    sql`select t.id::text as bsid, t.company_id::text as dwid, c.name as dwmc, ${timeText('t.created_at')} as "createTime"
        from seeker_target_companies t join companies c on c.id = t.company_id
        where t.user_id = ${userId} order by t.id desc`,
  );
}

/** Which of these enterprises a job seeker can see: the approved ones. */
export async function approvedCompanies(db: Db, ids: string[]): Promise<string[]> {
  return (await rows<{ id: string }>(db, sql`select id::text as id from companies where status = 1 and id in (${inList(ids)})`)).map((x) => x.id);
}

export async function targetCompanyIds(db: Db, userId: string): Promise<string[]> {
  return (await rows<{ id: string }>(db, sql`select company_id::text as id from seeker_target_companies where user_id = ${userId}`)).map((x) => x.id);
}

/** How many were added. */
export async function insertTargets(db: Db, userId: string, companyIds: string[]): Promise<number> {
  if (!companyIds.length) return 0;
  const r = await rows(
    db,
    sql`insert into seeker_target_companies (user_id, company_id)
        values ${sql.join(companyIds.map((id) => sql`(${userId}, ${id})`), sql`, `)}
        on conflict do nothing returning id`,
  );
  return r.length;
}

/** False when the seeker has no such intended employer. */
export async function deleteTarget(db: Db, userId: string, id: string): Promise<boolean> {
  return (await rows(db, sql`delete from seeker_target_companies where id = ${id} and user_id = ${userId} returning id`)).length > 0;
}
