/**
 * The bus topic telling page caches and open pages that something visitors see changed. It lives
 * beside the bus, not in the content module, because every module that edits what visitors see
 * publishes it and the sockets listen to it.
 */
import type { Bus } from './index.js';

/**
 * payload {kind, id}; 'site': the footer's facts; 'application': the enterprise `id` received a
 * résumé (its 收到简历 figure).
 */
export const CONTENT_CHANGED = 'content.changed';

export type ContentKind = 'banner' | 'notice' | 'fair' | 'job' | 'company' | 'site' | 'application';

export async function contentChanged(s: { bus: Bus }, kind: ContentKind, id: string) {
  await s.bus.publish(CONTENT_CHANGED, { kind, id });
}
