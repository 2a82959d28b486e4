/** Spec sections 2 and 9: unread badges stop counting at 99 and show 99+. */
export const BADGE_CAP = 99;

/** A count as a badge shows it: '' for none, '99+' above the cap. */
export function badgeText(count: number): string {
  if (!(count > 0)) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}
