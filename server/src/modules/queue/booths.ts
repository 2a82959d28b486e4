/**
 * The hall's view of booth lines: for each booth, whether it takes seekers now, how many wait and
 * how long a newcomer waits, and how many interview slots can be booked there.
 */
import { estimatedWait, type BoothQueue } from '@zp/core/contract';
import { notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { boothSlotCounts } from '../slots/public.js';
import { averageMinutes, boothNow } from './booth-state.js';
import { boothSettings, liveOnlineFair, waitingCounts } from './repo.js';

export async function boothQueues(s: Services, fairId: string, companyIds: string[]): Promise<BoothQueue[]> {
  const fair = await liveOnlineFair(s.db, fairId);
  if (!fair) throw notFound('招聘会不存在或已撤下');
  const [settings, counts, slots] = await Promise.all([boothSettings(s.db, fairId, companyIds), waitingCounts(s.db, fairId, companyIds), boothSlotCounts(s.db, companyIds)]);
  return Promise.all(
    companyIds.map(async (dwid) => {
      const booth = await boothNow(s, fair.live, dwid, settings.get(dwid));
      const waiting = counts.get(dwid) ?? 0;
      const average = waiting ? await averageMinutes(s, fairId, dwid) : 0;
      const waitMinutes = waiting ? estimatedWait(waiting + 1, average, booth.hrsOnline) : 0;
      return { dwid, closed: booth.closed, note: booth.note, waiting, waitMinutes, slots: slots.get(dwid) ?? 0 };
    }),
  );
}
