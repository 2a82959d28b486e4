/**
 * What every use case of the queue shares: whether a booth takes seekers now, the estimate of a
 * wait, and the live signal that a line changed (to the seekers in it and the enterprise's HR, on
 * every node through the bus).
 */
import { QUEUE_DEFAULT_SERVICE_MINUTES } from '@zp/core/rules/queue';
import { QUEUE_SIGNAL, type QueueClosed } from '@zp/core/contract';
import type { Services } from '../../services.js';
import { hrIdsOfCompany } from '../companies/public.js';
import { onlineUsers, signalUsers } from '../notify/public.js';
import { boothSettings, servedAt, userIdsInLine, type BoothSetting } from './repo.js';

export type S = Pick<Services, 'db' | 'bus'>;

export interface BoothNow {
  closed: QueueClosed | '';
  note: string;
  /** HR of the enterprise online now */
  hrsOnline: number;
}

/** Whether one booth of a live fair takes seekers now. */
export async function boothNow(s: Services, fairLive: boolean, companyId: string, setting: BoothSetting | undefined): Promise<BoothNow> {
  const hrs = await hrIdsOfCompany(s.db, companyId);
  const hrsOnline = (await onlineUsers(s, hrs)).size;
  const note = setting?.paused ? setting.note : '';
  const closed: BoothNow['closed'] = !fairLive ? 'not_live' : setting?.paused ? 'paused' : hrsOnline === 0 ? 'offline' : '';
  return { closed, note, hrsOnline };
}

export async function boothNowOf(s: Services, fairId: string, fairLive: boolean, companyId: string): Promise<BoothNow> {
  return boothNow(s, fairLive, companyId, (await boothSettings(s.db, fairId, [companyId])).get(companyId));
}

/** The average conversation at the booth so far, or the default before anyone was served. */
export async function averageMinutes(s: Pick<Services, 'db'>, fairId: string, companyId: string): Promise<number> {
  const { average } = await servedAt(s.db, fairId, companyId);
  return average === null ? QUEUE_DEFAULT_SERVICE_MINUTES : Math.max(1, Math.round(average));
}

/** Tells the pages of everyone in the line and of the enterprise's HR that it changed; `also`: people who just left it. */
export async function lineChanged(s: S, fairId: string, companyId: string, also: string[] = []): Promise<void> {
  const [inLine, hrs] = await Promise.all([userIdsInLine(s.db, fairId, companyId), hrIdsOfCompany(s.db, companyId)]);
  await signalUsers(s, [...inLine, ...hrs, ...also], QUEUE_SIGNAL);
}
