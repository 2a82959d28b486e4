/** Formatting shared by pages and islands. */
import { beijingYear } from '@zp/core/dates';

/** Monthly salary range in yuan → '8K-12K', both 0 → '面议': the one formatter of @zp/core, everywhere. */
export { salaryText } from '@zp/core/format';

/** ifks (spec section 4) and the fair button words (spec section 2): one copy in @zp/core/fairs, shared with <zp-job-fairs>. */
export { fairState, FAIR_BUTTON, FAIR_STATE_TEXT } from '@zp/core/rules/fairs';
/** The API's Beijing wall-clock strings, read the same in any browser zone: one copy in @zp/core/dates. */
export { chinaTime } from '@zp/core/dates';

/** '2026-11-20 11:00:00' (Beijing) → '11月20日 11:00'; with the year when it is not Beijing's year at `now`. */
export function shortTime(text: string, now: number = Date.now()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(text);
  if (!m) return text;
  const year = +m[1] !== beijingYear(now) ? `${m[1]}年` : '';
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

/**
 * Place names from the broadest to the narrowest (province, city, address) as one line, each
 * left out when a narrower part already holds it: a municipality is its own province and city,
 * and addresses often begin with the city ('上海市 上海市 上海市静安区…' → '上海市静安区…').
 */
export function placeLine(parts: (string | null | undefined)[], separator = ' '): string {
  const kept: string[] = [];
  for (const part of parts.map((p) => (p ?? '').trim()).filter(Boolean).reverse()) {
    if (!kept.some((narrower) => narrower.includes(part))) kept.unshift(part);
  }
  return kept.join(separator);
}
