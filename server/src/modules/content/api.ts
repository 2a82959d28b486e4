/** What other modules use from content. */
import type { Services } from '../../services.js';
import type { Db } from '../../db/index.js';

/**
 * Bus topic telling page caches that something visitors see changed:
 * payload {kind: 'banner' | 'notice' | 'fair' | 'job' | 'company', id}.
 */
export const CONTENT_CHANGED = 'content.changed';

export async function contentChanged(s: Pick<Services, 'bus'>, kind: 'banner' | 'notice' | 'fair' | 'job' | 'company', id: string) {
  await s.bus.publish(CONTENT_CHANGED, { kind, id });
}

/**
 * jsjls of the home company lists: résumés an enterprise received. Applications belong to the
 * applications module, which registers its counter here when it is loaded; until then no
 * application exists to count.
 */
type ReceivedCounter = (db: Db, companyIds: string[]) => Promise<Record<string, number>>;
let receivedCounter: ReceivedCounter | null = null;
export function registerReceivedResumeCounter(fn: ReceivedCounter) {
  receivedCounter = fn;
}
export async function receivedResumeCounts(db: Db, companyIds: string[]): Promise<Record<string, number>> {
  return receivedCounter ? receivedCounter(db, companyIds) : Object.fromEntries(companyIds.map((id) => [id, 0]));
}
