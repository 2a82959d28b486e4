/**
 * The free HR's interview rule (spec sections 6, 8 and 9). An HR whose enterprise is not a paying
 * member interviews each job seeker at most once per Beijing day, for at most
 * RTC_FREE_LIMIT_MINUTES. The minutes run from the moment the HR and the seeker are both in the
 * room; the day's interview counts once they have been in together for RTC_COUNTS_AFTER_SECONDS,
 * so a test call of a few seconds uses nothing up; everyone is warned RTC_WARNING_SECONDS before
 * the end. The server (rtc module) enforces it; the video room and the chat's call window show it.
 */
/** Spec sections 6 and 9: a free HR's video interview lasts 20 minutes. */
export const RTC_FREE_LIMIT_MINUTES = 20;
export const RTC_FREE_LIMIT_SECONDS = RTC_FREE_LIMIT_MINUTES * 60;
/** Together this long, the day's one interview with that seeker counts. */
export const RTC_COUNTS_AFTER_SECONDS = 60;
/** The room warns its members this long before a limited room ends. */
export const RTC_WARNING_SECONDS = 60;
/**
 * Seconds left of a limited interview when the server's clock reads `serverNow` (ms): never more
 * than the whole interview (from `startedAt`, when both were in), since the clock offset read from
 * one slow reply may be a second or two off and 剩余 20:01 reads as a fault. The video room and the
 * chat's call window both count down by it.
 */
export function interviewSecondsLeft(endsAt: number, serverNow: number, startedAt: number | null): number {
  const left = endsAt - serverNow;
  return Math.min(left, startedAt === null ? left : endsAt - startedAt) / 1000;
}
/** Any room ends this long after it opened (forgotten rooms do not stay open). */
export const RTC_ROOM_MAX_HOURS = 24;
/** Spec section 8: what a free HR is told (startVedio type 0, and the refusal of a second interview). */
export const RTC_FREE_NOTICE = `非付费会员每次视频面试仅限${RTC_FREE_LIMIT_MINUTES}分钟，且同一HR每天只能与同一求职者进行一次视频面试（${RTC_FREE_LIMIT_MINUTES}分钟）`;
/**
 * A free HR's interview with this job seeker already took place today: with whom (the seeker's
 * name to the HR, the HR's to the seeker), when it began (Beijing time, hh:mm), and when the next
 * is possible. startVedio answers it as msg with data 0; opening, inviting and entering refuse with it.
 */
export const rtcDailyUsedMsg = (name: string, time: string) =>
  `今天与${name}的视频面试已于北京时间 ${time} 进行；非付费会员每天只能与同一求职者视频面试一次，明天（北京时间 0 点后）可再次发起`;

/** What a room of `max` people at once answers the next person (the same words before the device check). */
export const rtcRoomFullMsg = (max: number) => `房间人数已满（视频面试最多 ${max} 人同时在房间内）`;

/**
 * In-room messages ride on trtc-sdk-v5's custom messages (sendCustomMessage, cmdId 1–10, at most
 * 1 KB each): 1 is the room's text chat (UTF-8, kept with the interview), 2 a raised hand ('1'
 * up, '0' down, ROOM_HAND_ASK asks who has one up).
 */
export const ROOM_CHAT_CMD = 1;
export const ROOM_HAND_CMD = 2;
/** Sent by a page entering the room (a reloaded interviewer's too): those whose hand is up say '1' again. */
export const ROOM_HAND_ASK = '?';
/** A chat message of the room: at most this many characters (well inside 1 KB of UTF-8). */
export const ROOM_CHAT_MAX_CHARS = 300;
export const ROOM_CHAT_BAD_MSG = `消息不能为空，最多 ${ROOM_CHAT_MAX_CHARS} 字，且不能包含控制字符`;
