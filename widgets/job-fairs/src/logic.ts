/**
 * What <zp-job-fairs> makes of its attributes and the API's fair rows: the list query, the time
 * and place lines. Pure, so the tests check them without a page.
 */
import type * as C from '@zp/core/contract';
import { chinaTime } from '@zp/core/dates';

export type Fair = C.Reply<typeof C.fairsApi.search>['page']['list'][number];
export type FairQuery = C.Query<typeof C.fairsApi.search>;

/** Spec section 9: fair lists show 12 a page. */
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;

/** 1 online, 2 offline (the API's venue type). */
export type Venue = 1 | 2;
export const VENUE_TEXT: Record<Venue, string> = { 1: '线上', 2: '线下' };

export interface Filter {
  venue: Venue;
  /** city (or province) code, csdm */
  city?: string;
  /** fair kind, a code of m_hyktdm */
  kind?: string;
  /** 'YYYY-MM': fairs starting that month */
  month?: string;
  pageSize: number;
}

const CODE = /^[0-9A-Za-z_]{1,20}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** mode/tab: 'offline' (or 2, 线下) opens the offline tab; anything else the online one. */
export function venueOf(value: string | null | undefined): Venue {
  const v = value?.trim().toLowerCase();
  return v === 'offline' || v === '2' || v === '线下' ? 2 : 1;
}

export function pageSizeOf(value: string | null | undefined): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
}

/** A code attribute as the API accepts it; anything else is no filter (rather than a refused request). */
export const codeOf = (value: string | null | undefined): string | undefined => (value && CODE.test(value.trim()) ? value.trim() : undefined);
export const monthOf = (value: string | null | undefined): string | undefined => (value && MONTH.test(value.trim()) ? value.trim() : undefined);

/**
 * The fair search (queryHxListJs, the list the legacy fair search used): the one list call that
 * filters by place, venue type, kind and month together. Running and upcoming fairs first.
 */
export function fairQuery(filter: Filter, page: number): FairQuery {
  const query: FairQuery = { page, limit: filter.pageSize, sfxs: filter.venue, pxfs: 1 };
  if (filter.city) query.hysf = filter.city;
  if (filter.kind) query.hylx = filter.kind;
  if (filter.month) query.kssj = query.jssj = `${filter.month}-01 00:00:00`;
  return query;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${locale}|${key}`;
  let f = formats.get(id);
  if (!f) formats.set(id, (f = new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Shanghai', hourCycle: 'h23', ...options })));
  return f;
}

/** 'YYYY-MM-DD HH:mm:ss' in China time → a Date; null when unreadable. */
function dateOf(text: string): Date | null {
  const t = chinaTime(text);
  return Number.isNaN(t) ? null : new Date(t);
}

/** A Beijing time string as an ISO moment for <time datetime> (machine-readable in any zone). */
export function isoTime(text: string): string | undefined {
  const d = dateOf(text);
  return d ? d.toISOString() : undefined;
}

/**
 * A fair's time span in the widget's locale, China time: one day written once
 * ('11月22日 09:00–17:00'), otherwise both ends; the year only when it is not this year's.
 */
export function fairTimeText(start: string, end: string, locale: string, now = Date.now()): string {
  const a = dateOf(start);
  const b = dateOf(end);
  if (!a || !b) return [start, end].filter(Boolean).join(' – ');
  const year = (d: Date) => format(locale, 'y', { year: 'numeric' }).format(d);
  const withYear = year(a) !== year(new Date(now)) || year(b) !== year(a);
  const full = format(locale, withYear ? 'full+y' : 'full', { ...(withYear ? { year: 'numeric' } : {}), month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  const day = format(locale, 'day', { year: 'numeric', month: 'numeric', day: 'numeric' });
  if (day.format(a) === day.format(b)) return `${full.format(a)}–${format(locale, 'time', { hour: '2-digit', minute: '2-digit' }).format(b)}`;
  return `${full.format(a)} – ${full.format(b)}`;
}

/** Where the fair happens: online, or the venue of an offline fair. */
export const placeText = (fair: Pick<Fair, 'sfxs' | 'hydd'>): string => (fair.sfxs === 1 ? '线上招聘会' : fair.hydd.trim() || '线下（地点待定）');

export const numberText = (n: number, locale: string): string => new Intl.NumberFormat(locale).format(n);
