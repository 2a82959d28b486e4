/** Days as people in China count them: the product's dates are Beijing days (UTC+8, no DST). */
const BEIJING_OFFSET_MS = 8 * 3600_000;

/** A moment as Beijing's date 'YYYY-MM-DD' and time 'HH:mm', wherever the browser or server runs. */
export function beijingDateTime(ms: number): { date: string; time: string } {
  const iso = new Date(ms + BEIJING_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Today's date in Beijing, 'YYYY-MM-DD'. */
export function beijingToday(now: number = Date.now()): string {
  return beijingDateTime(now).date;
}
