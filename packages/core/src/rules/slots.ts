/**
 * Interview slots (面试时段) and bookings (预约面试): the choices an HR publishes from, the limits
 * the server enforces, the reminders a booking gets, and the words both sides read. The server
 * (slots module) enforces them; 面试管理 and 面试邀请 offer exactly these choices.
 */
import { beijingDateTime } from '../dates.js';

export type SlotMode = 'video' | 'onsite';
export const SLOT_MODES: Record<SlotMode, string> = { video: '视频面试', onsite: '现场面试' };
/** How long a slot lasts, in minutes (Handshake's 10-minute 1:1s up to a long on-site round). */
export const SLOT_LENGTHS = [10, 15, 20, 30, 45, 60, 90, 120] as const;
/** Seekers one slot takes (more than one: a group interview). */
export const SLOT_MAX_CAPACITY = 20;
/** Slots published at once, back to back (a morning of 10-minute slots is 18). */
export const SLOT_MAX_COUNT = 24;
/** A slot starts at most this far ahead. */
export const SLOT_MAX_DAYS_AHEAD = 90;
/** How long before the start the seeker may still book, move or cancel, in hours (the HR picks). */
export const SLOT_CUTOFF_HOURS = [0, 1, 2, 4, 12, 24, 48] as const;
/** Reminders before the start, in minutes: a day, 15 minutes and 2 minutes. */
export const SLOT_REMINDER_MINUTES = [1440, 15, 2] as const;
/** A booked seeker not in the video room this long after the start is marked 未到场 (the HR may correct it). */
export const SLOT_NO_SHOW_MINUTES = 10;
export type Attendance = 'came' | 'no_show';
export const ATTENDANCE_TEXT: Record<Attendance, string> = { came: '已到场', no_show: '未到场' };
/** What a booking's reminder is titled; pages show such a reminder in the corner as it arrives. */
export const SLOT_REMINDER_TITLE = '面试提醒';
/** 进入面试 shows from this long before the start until the slot's end. */
export const SLOT_ENTER_BEFORE_MINUTES = 10;
/** The address an invitation that offers slots carries until one is booked (then the slot's). */
export const SLOT_OFFER_ADDRESS = '以预约的时段为准';
/** The address of a booked video slot. */
export const SLOT_VIDEO_ADDRESS = '视频面试（线上）';
/** Slots one invitation may offer. */
export const SLOT_MAX_OFFERED = 20;

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** '12月01日 周二', the Beijing day of a moment: a slot's day, and the heading slots are grouped under. */
export function slotDayText(ms: number): string {
  const { date } = beijingDateTime(ms);
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  return `${date.slice(5, 7)}月${date.slice(8, 10)}日 周${weekday}`;
}

/** '12月01日 周二 10:00–10:30' in Beijing time, for a slot starting at `startsMs` and lasting `minutes`. */
export function slotText(startsMs: number, minutes: number): string {
  return `${slotDayText(startsMs)} ${beijingDateTime(startsMs).time}–${beijingDateTime(startsMs + minutes * 60_000).time}`;
}

/** Whether a booking may still be made, moved or cancelled at `now`. */
export const slotChangeOpen = (startsMs: number, cutoffMinutes: number, now: number = Date.now()): boolean => now < startsMs - cutoffMinutes * 60_000;

/** Whether 进入面试 shows at `now`. */
export const slotEnterOpen = (startsMs: number, minutes: number, now: number = Date.now()): boolean =>
  now >= startsMs - SLOT_ENTER_BEFORE_MINUTES * 60_000 && now < startsMs + minutes * 60_000;
