/** Formatting shared by pages and islands. */

/** Monthly salary range in yuan → '8K-12K', both 0 → '面议': the one formatter of @zp/core, everywhere. */
export { formatSalary as salaryText } from '@zp/core/format';

/** 'YYYY-MM-DD HH:mm:ss' (China time) → ms since epoch. */
export function chinaTime(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (!m) return NaN;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4] - 8, +m[5], +(m[6] ?? 0));
}

/**
 * ifks of spec section 4, computed in the browser from the fair's times: 1 before the start,
 * 2 between start and end, 3 after the end. Falls back to the server's value when a time is unreadable.
 */
export function fairState(fair: { hykssj: string; hyjssj: string; ifks?: number }, now = Date.now()): 1 | 2 | 3 {
  const start = chinaTime(fair.hykssj);
  const end = chinaTime(fair.hyjssj);
  if (Number.isNaN(start) || Number.isNaN(end)) return (fair.ifks as 1 | 2 | 3) ?? 1;
  return now < start ? 1 : now <= end ? 2 : 3;
}

/** The fair button of spec section 2. */
export const FAIR_BUTTON: Record<1 | 2 | 3, string> = { 1: '立即报名', 2: '已开始', 3: '已结束' };

/** '2026-11-20 11:00:00' → '11月20日 11:00'; with the year when it differs from `now`'s. */
export function shortTime(text: string, now = new Date()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(text);
  if (!m) return text;
  const year = +m[1] !== now.getFullYear() ? `${m[1]}年` : '';
  return `${year}${+m[2]}月${+m[3]}日 ${m[4]}:${m[5]}`;
}

/** A fair's time span: same day → '11月22日 08:00-17:00'. */
export function fairSpan(start: string, end: string): string {
  const s = shortTime(start);
  const e = shortTime(end);
  const sameDay = start.slice(0, 10) === end.slice(0, 10);
  return sameDay ? `${s}-${end.slice(11, 16)}` : `${s} 至 ${e}`;
}

/** The date part of 'YYYY-MM-DD HH:mm:ss'. */
export const dateOf = (text: string) => text.slice(0, 10);

/** Spec: a banner link containing http, https or www opens another site (new tab); otherwise it is a site path. */
export function isExternalLink(link: string): boolean {
  return /https?:|www\./i.test(link);
}

/** Spec section 5: avatar urls that are not http(s) or protocol-relative fall back to the default. */
export const isUsableImage = (url: string | null | undefined): url is string => !!url && /^(https?:)?\/\//.test(url);

/** Spec section 9: company size text on cards is fixed. */
export const CARD_COMPANY_SIZE = '150-500人';
