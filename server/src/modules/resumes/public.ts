/**
 * What other modules use of résumés: completeness (wsd), the short card HR views and talent
 * search show, whether a résumé is hidden, the whole résumé, and the counters HR actions bump.
 */
import { COMPLETENESS_WEIGHTS as W, isId, SECTIONS, SECTION_KEYS, type SectionKey } from '@zp/core/contract';
import { one, rows, sql, type Db } from '../../db/index.js';
import type { Config } from '../../config.js';
import { fileUrl } from '../files/public.js';
import { STORES } from './sections.js';

export { COMPLETENESS_WEIGHTS, MIN_COMPLETENESS } from '@zp/core/contract';

const exists = (key: SectionKey) => `exists (select 1 from ${STORES[key].table} s where s.user_id = p.user_id)`;
const points = (cond: string, weight: number) => `(case when ${cond} then ${weight} else 0 end)`;

/**
 * When each part of COMPLETENESS_WEIGHTS counts as filled: one SQL condition over
 * seeker_profiles p per part. Built from constants only. The stored wsd and the list of what is
 * missing (completeness.ts) both come from here, so they always agree.
 */
export const COMPLETENESS_CONDITIONS: Record<keyof typeof W, string> = {
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

const cardQuery = (where: ReturnType<typeof sql>) => sql`
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
  const list = await rows<CardRow>(db, cardQuery(sql`p.user_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`));
  const byId = new Map(list.map((r) => [r.id, toCard(r, config)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// --- sections ----------------------------------------------------------------------------------

export type SectionRow = Record<string, string | number>;

/** The select list of a section: contract field names, ids and times as text. */
export function sectionSelect(key: SectionKey): string {
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
export { resumeDocument, type ContactView } from './document.js';
export { buildResumeDocx } from './generated.js';
export { pdfFont, renderResumePdf } from './pdf.js';
export { createSeekerProfile } from './profile.js';
