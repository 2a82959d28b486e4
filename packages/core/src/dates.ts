/**
 * Times as people in China read them, wherever the browser or server runs. The API sends and takes
 * Beijing wall-clock strings without a zone ('YYYY-MM-DD HH:mm:ss', as the previous back end did);
 * Beijing is UTC+8 all year (no DST). Every front end parses and writes those strings here, never
 * with `new Date(text)`, `Date.parse` or a Date's local getters, which read the browser's zone: in
 * New York they put a fair 12 hours later than it is.
 */
const BEIJING_OFFSET_MS = 8 * 3600_000;

/** The word beside a time a person abroad would otherwise read as their own. */
export const BEIJING_TIME = '北京时间';

/** A time written with the zone people abroad need ('2026-11-23 10:00（北京时间）'); '' stays ''. */
export const withBeijingLabel = (text: string): string => (text ? `${text}（${BEIJING_TIME}）` : '');

/** A moment as Beijing's date 'YYYY-MM-DD' and time 'HH:mm'. */
export function beijingDateTime(ms: number): { date: string; time: string } {
  const iso = new Date(ms + BEIJING_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Today's date in Beijing, 'YYYY-MM-DD'. */
export function beijingToday(now: number = Date.now()): string {
  return beijingDateTime(now).date;
}

/** A real calendar day 'YYYY-MM-DD' (no 02-30), or null. */
export function validDay(text: string): string | null {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text ? text : null;
}

/** The year in Beijing. */
export const beijingYear = (now: number = Date.now()): number => Number(beijingToday(now).slice(0, 4));

/** 'YYYY-MM-DD HH:mm[:ss]' (or with a T), Beijing time → ms since epoch; NaN when unreadable. */
export function chinaTime(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (!m) return NaN;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4] - 8, +m[5], +(m[6] ?? 0));
}

/** A moment as the API writes it: 'YYYY-MM-DD HH:mm:ss', Beijing time. */
export function chinaTimeText(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The value of an <input type="datetime-local"> that means a Beijing time ('YYYY-MM-DDTHH:mm'):
 * such an input has no zone, so a form labelled 北京时间 fills and reads it through these two.
 */
export function beijingInputValue(ms: number): string {
  const { date, time } = beijingDateTime(ms);
  return `${date}T${time}`;
}

/** How long ago a moment was, in words ('刚刚', 'n分钟前', 'n小时前', 'n天前'). */
export function agoText(ms: number, now: number = Date.now()): string {
  const min = Math.max(0, Math.floor((now - ms) / 60000));
  if (min < 1) return '刚刚';
  if (min < 60) return `${min}分钟前`;
  if (min < 24 * 60) return `${Math.floor(min / 60)}小时前`;
  return `${Math.floor(min / 1440)}天前`;
}
