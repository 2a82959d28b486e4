/** What other modules use from content. */
import type { Services } from '../../services.js';

/**
 * Bus topic telling page caches that something visitors see changed:
 * payload {kind, id}; 'site': the footer's facts; 'application': the enterprise `id` received a
 * résumé (its 收到简历 figure).
 */
export const CONTENT_CHANGED = 'content.changed';

export type ContentKind = 'banner' | 'notice' | 'fair' | 'job' | 'company' | 'site' | 'application';

export async function contentChanged(s: Pick<Services, 'bus'>, kind: ContentKind, id: string) {
  await s.bus.publish(CONTENT_CHANGED, { kind, id });
}
