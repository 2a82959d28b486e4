/**
 * Keeps the lines honest without anyone pressing a button: a waiting seeker whose pages are all
 * closed keeps the place for QUEUE_GRACE_MINUTES, then loses it (and is told); places at booths
 * that are gone (the fair ended or was withdrawn, the sign-up was) close. Each node runs it; every step is one idempotent UPDATE, so several nodes at
 * once change nothing twice.
 */
import { QUEUE_GRACE_MINUTES, QUEUE_POLL_SECONDS } from '@zp/core/contract';
import { SITE_PATHS } from '@zp/core/fairs';
import { runEvery, type Services } from '../../services.js';
import { notify, onlineUsers } from '../notify/public.js';
import { lineChanged } from './booth-state.js';
import { activeEntries, expireEntries, setAway } from './repo.js';

const SWEEP_MS = 15_000;
/** The hall page asks for the place every QUEUE_POLL_SECONDS; a page that asked this recently is open. */
const SEEN_SECONDS = QUEUE_POLL_SECONDS * 2 + 5;

export async function sweepQueues(s: Services): Promise<number> {
  const lines = new Map<string, { fair: string; company: string; users: string[] }>();
  const touch = (e: { fair_id: string; company_id: string }, userId?: string) => {
    const key = `${e.fair_id}:${e.company_id}`;
    const line = lines.get(key) ?? { fair: e.fair_id, company: e.company_id, users: [] };
    if (userId) line.users.push(userId);
    lines.set(key, line);
  };
  const held = await activeEntries(s.db, SEEN_SECONDS);
  if (held.length) {
    const online = await onlineUsers(s, [...new Set(held.map((e) => e.user_id))]);
    // A page of the seeker's open: a notification socket (any page), or the hall page asking lately
    // (its socket may be waiting to reconnect). Away or back again changes the mark the HR see.
    const here = (e: (typeof held)[number]) => e.seen || online.has(e.user_id);
    const away = held.filter((e) => !e.away && !here(e));
    const back = held.filter((e) => e.away && here(e));
    await setAway(s.db, away.map((e) => e.id), true);
    await setAway(s.db, back.map((e) => e.id), false);
    for (const e of [...away, ...back]) touch(e);
  }
  const ended = await expireEntries(s.db, QUEUE_GRACE_MINUTES);
  for (const e of ended) {
    touch(e, e.user_id);
    if (e.state === 'gone')
      await notify(s, e.user_id, 'hxxx', '已退出排队', `你离开会场超过 ${QUEUE_GRACE_MINUTES} 分钟，排队位置已取消，可以重新排队。`, SITE_PATHS.hall(e.fair_id, 2));
  }
  for (const line of lines.values()) await lineChanged(s, line.fair, line.company, line.users);
  return ended.length;
}

export function startQueueSweep(s: Services): void {
  runEvery(s, SWEEP_MS, 'booth queue presence', () => sweepQueues(s));
}
