/**
 * What a video interview tells a person, shared by the room (<zp-video-room>) and the chat's
 * one-to-one calls (<zp-chat>): the spec's texts (section 8), what a device or the server's
 * removal means, and call durations. No SDK and no schemas here: both widgets bundle it.
 */
import { isApiError } from './client.js';
import { RTC_FREE_LIMIT_MINUTES, RTC_WARNING_SECONDS } from './rules/interview.js';

export const RTC_MSG = {
  devices: '请确认已连接摄像头和麦克风并授予其访问权限！',
  refused: '对方已拒绝视频面试',
  expired: '登录失效，请重新登录',
  timeUp: '面试时间已到，房间已关闭',
  promoterEnded: '面试官已结束本次面试',
  roomEnded: '房间已结束',
  companyUnapproved: '单位审核未通过，视频面试已结束',
  /** A free HR's interview, a minute before its 20 minutes are up (the room and the 1:1 call alike). */
  timeWarning: `面试将在 ${RTC_WARNING_SECONDS / 60} 分钟后结束（非付费会员每次视频面试限 ${RTC_FREE_LIMIT_MINUTES} 分钟）`,
  otherPage: '您已在其他页面进入该房间',
  leftElsewhere: '您已在其他页面离开该房间',
  removed: '您已被移出房间',
  banned: '网络异常，请重试',
  /** The person closed the browser's screen picker, or the browser refused */
  screenRefused: '未共享屏幕：已取消或未授予屏幕共享权限',
  screenUnsupported: '当前浏览器不支持屏幕共享，请使用电脑上的 Chrome、Edge 或 Firefox',
} as const;

// trtc-sdk-v5's ERROR_CODE values (the self-hosted SDK uses the same).
export const ENV_NOT_SUPPORTED = 5200;
const DEVICE_ERROR = 5300;
const DEVICE_NOT_FOUND = 5301;
const DEVICE_NOT_ALLOWED = 5302;
const SECURITY_ERROR = 5306;

interface ErrorLike {
  code?: unknown;
  extraCode?: unknown;
  message?: unknown;
  name?: unknown;
}

/** A lapsed session: the API's 401, or the signalling refusing the userSig (extraCode 401). */
export function isSessionExpired(error: unknown): boolean {
  if (isApiError(error)) return error.code === 401;
  return (error as ErrorLike | null)?.extraCode === 401;
}

/** A camera or microphone that is missing or not allowed, from the SDK or from getUserMedia. */
export function isDeviceError(error: unknown): boolean {
  const e = (error ?? {}) as ErrorLike;
  if (e.code === DEVICE_ERROR) return true;
  return e.name === 'NotFoundError' || e.name === 'NotAllowedError' || e.name === 'SecurityError' || e.name === 'NotReadableError' || e.name === 'OverconstrainedError';
}

/** A device error: the spec's words for a missing device or refused permission, else the browser's reason. */
export function deviceErrorText(error: unknown): string {
  const e = (error ?? {}) as ErrorLike;
  const missingOrRefused =
    e.extraCode === DEVICE_NOT_FOUND || e.extraCode === DEVICE_NOT_ALLOWED || e.extraCode === SECURITY_ERROR ||
    e.name === 'NotFoundError' || e.name === 'NotAllowedError' || e.name === 'SecurityError' ||
    (e.code === DEVICE_ERROR && e.extraCode === undefined);
  if (missingOrRefused) return RTC_MSG.devices;
  return `无法打开摄像头或麦克风（${typeof e.message === 'string' && e.message ? e.message : String(e.name ?? '未知原因')}），${RTC_MSG.devices}`;
}

/** Why sharing the screen did not start (startScreenShare's error, from either SDK). */
export function screenShareErrorText(error: unknown): string {
  const e = (error ?? {}) as ErrorLike;
  if (e.code === ENV_NOT_SUPPORTED) return RTC_MSG.screenUnsupported;
  if (e.extraCode === DEVICE_NOT_ALLOWED || e.name === 'NotAllowedError') return RTC_MSG.screenRefused;
  return `无法共享屏幕（${typeof e.message === 'string' && e.message ? e.message : String(e.name ?? '未知原因')}）`;
}

/** Why the server took us out of the room (KICKED_OUT): Tencent gives the reason, ours also the cause. */
export function kickedText(event: { reason?: string; cause?: string; message?: string }): string {
  if (event.reason === 'room_disband') {
    if (event.cause === 'time_up') return RTC_MSG.timeUp;
    if (event.cause === 'promoter_ended') return RTC_MSG.promoterEnded;
    if (event.cause === 'company_unapproved') return RTC_MSG.companyUnapproved;
    return RTC_MSG.roomEnded;
  }
  if (event.reason === 'banned') return RTC_MSG.banned;
  if (event.cause === 'other_session') return RTC_MSG.otherPage;
  if (event.cause === 'left_elsewhere') return RTC_MSG.leftElsewhere;
  return event.message || RTC_MSG.removed;
}

/**
 * The sessionStorage key a page's <zp-video-room> sets while it holds a stay in that room (so a
 * reload goes straight back in); the chat's call layer reads it not to ring a room's invitation on
 * the page already in that room.
 */
export const joinedRoomKey = (roomId: string) => `zp:video-room:in:${roomId}`;

/** Spec section 9: call durations as HH:MM:SS. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
