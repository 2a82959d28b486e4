/**
 * Booth queues (排队面试) at a live online fair: a seeker waits in one booth's line at a time, the
 * enterprise's HR take the next one with a video call; the limits the server enforces and the
 * words both sides read.
 */

/** How long a called seeker has to accept the call before the HR may skip them. */
export const QUEUE_RING_SECONDS = 60;
/** The hall page asks for the seeker's place this often while in a line (also the sign it is open). */
export const QUEUE_POLL_SECONDS = 20;
/** A waiting seeker whose pages are all closed keeps the place this long. */
export const QUEUE_GRACE_MINUTES = 2;
/** The estimate's length of one conversation before the booth has served anybody. */
export const QUEUE_DEFAULT_SERVICE_MINUTES = 5;
/** The longest 暂停排队 note. */
export const QUEUE_NOTE_MAX = 60;
/** Booths one look-up of queue lengths may ask about (a page of the hall). */
export const QUEUE_BOOTHS_MAX = 50;

export type QueueState = 'waiting' | 'called';

/** Why a booth takes nobody now, as the booth shows it; null: open. */
export type QueueClosed = 'paused' | 'offline' | 'not_live';
export const QUEUE_CLOSED_TEXT: Record<QueueClosed, string> = {
  paused: '暂停排队',
  offline: 'HR 不在线',
  not_live: '招聘会未在进行中',
};

/** '约 15 分钟', the estimate as both sides read it. */
export function waitText(minutes: number): string {
  return minutes <= 1 ? '马上轮到' : `约 ${minutes} 分钟`;
}

/** The expected wait of the seeker at `position` (1: next) with `servers` HR online. */
export function estimatedWait(position: number, averageMinutes: number, servers: number): number {
  return Math.max(1, Math.ceil(((position - 1) * averageMinutes) / Math.max(1, servers)) + 1);
}
