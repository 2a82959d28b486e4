/** The unread count in the page title, capped as the launcher's badge (spec section 2). */
import { badgeText } from '@zp/core/rules/badge';

/** The document title with the unread count in front, capped like the badge; `base` without a count. */
export function titleWithUnread(base: string, count: number): string {
  const clean = base.replace(/^\(\d+\+?\)\s*/, '');
  const badge = badgeText(count);
  return badge ? `(${badge}) ${clean}` : clean;
}

