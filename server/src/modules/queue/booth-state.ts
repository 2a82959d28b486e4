/**
 * What every use case of the queue shares: whether a booth takes seekers now, the estimate of a
 * wait, and the live signal that a line changed (to the seekers in it and the enterprise's HR, on
 * every node through the bus).
 */
import { QUEUE_DEFAULT_SERVICE_MINUTES } from '@zp/core/rules/queue';
import { QUEUE_SIGNAL, type QueueClosed } from '@zp/core/contract';
import type { Services } from '../../services.js';
import { hrContacts, hrIdsByCompany, hrIdsOfCompany } from '../companies/public.js';
import { onlineUsers, signalUsers } from '../notify/public.js';
import { boothSettings, servedAt, userIdsInLine, type BoothSetting, type Served } from './repo.js';

export type S = Pick<Services, 'db' | 'bus'>;

export interface BoothNow {
  closed: QueueClosed | '';
  note: string;
  /** HR of the enterprise online now */
  hrsOnline: number;
}

/** Whether a booth of a fair takes seekers now. */
export function boothState(fairLive: boolean, setting: BoothSetting | undefined, hrsOnline: number): BoothNow {
  const closed: BoothNow['closed'] = !fairLive ? 'not_live' : setting?.paused ? 'paused' : hrsOnline === 0 ? 'offline' : '';
  return { closed, note: setting?.paused ? setting.note : '', hrsOnline };
}

/** How many HR of each enterprise are online now (one look-up for a page of booths). */
export async function hrsOnlineBy(s: Services, companyIds: readonly string[]): Promise<Map<string, number>> {
  const hrs = await hrIdsByCompany(s.db, companyIds);
  const online = await onlineUsers(s, [...hrs.values()].flat());
  return new Map([...hrs].map(([company, ids]) => [company, ids.filter((id) => online.has(id)).length]));
}

export async function boothNowOf(s: Services, fairId: string, fairLive: boolean, companyId: string): Promise<BoothNow> {
  const [settings, online] = await Promise.all([boothSettings(s.db, fairId, [companyId]), hrsOnlineBy(s, [companyId])]);
  return boothState(fairLive, settings.get(companyId), online.get(companyId) ?? 0);
}

/** The average conversation at a booth so far, or the default before anyone was served. */
export const averageOf = (served: Served | undefined): number =>
  served?.average == null ? QUEUE_DEFAULT_SERVICE_MINUTES : Math.max(1, Math.round(served.average));

export async function averageMinutes(s: Pick<Services, 'db'>, fairId: string, companyId: string): Promise<number> {
  return averageOf((await servedAt(s.db, fairId, [companyId])).get(companyId));
}

/** HR names as the seekers and colleagues read them (the name given, else the mobile). */
export async function hrNames(s: Pick<Services, 'db'>, hrIds: readonly string[]): Promise<Map<string, string>> {
  const contacts = await hrContacts(s.db, hrIds);
  return new Map([...contacts].map(([id, c]) => [id, c.name || c.phone]));
}

/** Tells the pages of everyone in the line and of the enterprise's HR that it changed; `also`: people who just left it. */
export async function lineChanged(s: S, fairId: string, companyId: string, also: string[] = []): Promise<void> {
  const [inLine, hrs] = await Promise.all([userIdsInLine(s.db, fairId, companyId), hrIdsOfCompany(s.db, companyId)]);
  await signalUsers(s, [...inLine, ...hrs, ...also], QUEUE_SIGNAL);
}
