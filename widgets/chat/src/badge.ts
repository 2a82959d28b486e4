/** The unread count as the launcher's badge and the page title show it (spec section 2). */
export const BADGE_CAP = 99;

/** Unread count as the badge shows it: nothing for 0, '99+' above the cap. */
export function badgeText(count: number): string {
  if (!(count > 0)) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

/** The document title with the unread count in front, capped like the badge; `base` without a count. */
export function titleWithUnread(base: string, count: number): string {
  const clean = base.replace(/^\(\d+\+?\)\s*/, '');
  const badge = badgeText(count);
  return badge ? `(${badge}) ${clean}` : clean;
}

