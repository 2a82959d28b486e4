/**
 * The hall's view of booth lines: for each booth, whether it takes seekers now, how many wait and
 * how long a newcomer waits, and how many interview slots can be booked there.
 */
import { estimatedWait, type BoothQueue } from '@zp/core/contract';
import { notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { boothSlotCounts } from '../slots/public.js';
import { averageOf, boothState, hrsOnlineBy } from './booth-state.js';
import { boothSettings, liveOnlineFair, servedAt, waitingCounts } from './repo.js';

export async function boothQueues(s: Services, fairId: string, companyIds: string[]): Promise<BoothQueue[]> {
  const fair = await liveOnlineFair(s.db, fairId);
  if (!fair) throw notFound('招聘会不存在或已撤下');
  // A page of booths is read in a few look-ups, not a few per booth: the hall asks every half minute.
  const [settings, counts, slots, online, served] = await Promise.all([
    boothSettings(s.db, fairId, companyIds),
    waitingCounts(s.db, fairId, companyIds),
    boothSlotCounts(s.db, companyIds),
    hrsOnlineBy(s, companyIds),
    servedAt(s.db, fairId, companyIds),
  ]);
  return companyIds.map((dwid) => {
    const booth = boothState(fair.live, settings.get(dwid), online.get(dwid) ?? 0);
    const waiting = counts.get(dwid) ?? 0;
    const waitMinutes = waiting ? estimatedWait(waiting + 1, averageOf(served.get(dwid)), booth.hrsOnline) : 0;
    return { dwid, closed: booth.closed, note: booth.note, waiting, waitMinutes, slots: slots.get(dwid) ?? 0 };
  });
}
