/**
 * What <zp-video-room> decides without a browser's media: the texts of spec section 8, the timer
 * and the free HR's warning, the members' media and network state, the remembered devices, and
 * where a member's name leads. The components (VideoRoom, Room, DeviceCheck) only wire these up.
 */
import { failureText } from '@zp/core/client';
import type { RtcRoomInfo } from '@zp/core/contract';
import { ENV_NOT_SUPPORTED, RTC_MSG, deviceErrorText, formatClock, isDeviceError, isSessionExpired, joinedRoomKey, kickedText } from '@zp/core/rtc-words';
import { RTC_FREE_LIMIT_MINUTES, RTC_WARNING_SECONDS, interviewSecondsLeft } from '@zp/core/rules/interview';

export { deviceErrorText, formatClock, isDeviceError, isSessionExpired, kickedText };

/** The room warns this long before a limited room ends. */
export const WARNING_SECONDS = RTC_WARNING_SECONDS;
// The contract's value (packages/core/src/contract/rtc.ts), repeated because importing the
// contract would bring its schemas (TypeBox) into the bundle; logic.test.ts checks they agree.
/** RTC_INVITED_MSG (spec section 8). */
export const INVITED_MSG = '邀请成功，请等待对方进入房间';

/** Spec section 8 and the room's other messages. */
export const MSG = {
  ...RTC_MSG,
  leaveConfirm: '确定要离开房间吗？',
  recordQuestion: '是否同意录制本次面试？录像仅本单位 HR 与参加面试的求职者可以查看，您可随时撤回同意，录制即停止。',
  /** The spec's English text, given with its meaning in Chinese. */
  unsupported: '当前浏览器不支持视频通话，请使用 Chrome 72 及以上版本的浏览器（Your browser is not compatible with TRTC! Please download Chrome M72+）',
  enterFailed: (reason: string) => `进房失败原因：${reason}`,
  invited: INVITED_MSG,
  waiting: '已发送面试邀请，等待对方进入房间…',
  waitingSeeker: '等待对方进入房间…',
  reconnecting: '网络连接中断，正在重新连接…',
  peerReconnecting: '连接中断，正在重连…',
  cameraOff: '摄像头未开启',
  sharingScreen: '正在共享屏幕',
  screenOf: (name: string) => `${name}的屏幕`,
  myScreen: '我的屏幕',
  left: '您已离开房间',
  peerLeft: (name: string) => `${name}已离开房间`,
  reinvite: '重新邀请',
  /** A free HR's room before the interview began: its 20 minutes start once both are in. */
  limitPending: `限时 ${RTC_FREE_LIMIT_MINUTES} 分钟，双方进入后开始计时`,
  serviceError: (reason: string) => `音视频服务出错：${reason}`,
  badRoom: '房间号无效',
} as const;

/** The fraud warning shown on entering (spec section 8): HR and job seekers get their own wording. */
export function fraudWarning(role: string | null | undefined): string {
  return role === 'hr'
    ? '温馨提示：请勿随意向求职者透露手机号、邮箱等联系方式，面试沟通请使用本系统，谨防诈骗。'
    : '温馨提示：面试中请勿向对方缴纳任何费用，勿随意透露身份证、银行卡、手机号、邮箱等信息，沟通请使用本系统，谨防诈骗。';
}

/** What a failed step of entering tells the person (spec section 8). */
export function errorText(error: unknown): string {
  if (isSessionExpired(error)) return MSG.expired;
  const e = (error ?? {}) as { code?: unknown };
  if (e.code === ENV_NOT_SUPPORTED) return MSG.unsupported;
  if (isDeviceError(error)) return deviceErrorText(error);
  return MSG.enterFailed(failureText(error));
}

// ---------------------------------------------------------------- time

/** Remaining time as MM:SS (a limited interview lasts at most 20 minutes). */
export function formatRemaining(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The server's clock minus ours, from a reply that carries serverTime and the moment we sent the
 * request and got the answer (half the round trip is taken as the reply's travel).
 */
export function clockOffset(serverTime: number, sentAt: number, receivedAt: number): number {
  return serverTime - (sentAt + receivedAt) / 2;
}

export type TimePhase = 'unlimited' | 'running' | 'warning' | 'over';

export interface RoomClock {
  /** Seconds since the interview began (both in), else since we entered. */
  elapsed: number;
  /** Seconds left of a limited room; null without limit. */
  remaining: number | null;
  phase: TimePhase;
}

/**
 * Where the interview stands at `now` (our clock): a limited room (endsAt, the server's clock)
 * warns WARNING_SECONDS before its end and is over at it.
 */
export function roomClock(now: number, joinedAt: number, endsAt: number | null, offset: number, startedAt: number | null = null): RoomClock {
  // The server's start survives a reload or a late entry; our own entry is the fallback.
  const elapsed = Math.max(0, (startedAt === null ? now - joinedAt : now + offset - startedAt) / 1000);
  if (endsAt === null) return { elapsed, remaining: null, phase: 'unlimited' };
  const remaining = interviewSecondsLeft(endsAt, now + offset, startedAt);
  const phase: TimePhase = remaining <= 0 ? 'over' : remaining <= WARNING_SECONDS ? 'warning' : 'running';
  return { elapsed, remaining: Math.max(0, remaining), phase };
}

// ---------------------------------------------------------------- members

/** Network quality as the room shows it, from trtc-sdk-v5's 0–6 scale. */
export type QualityLevel = 'good' | 'fair' | 'poor' | 'down';

export function qualityLevel(value: number | undefined): QualityLevel | null {
  if (value === undefined || value <= 0) return null;
  if (value <= 2) return 'good';
  if (value === 3) return 'fair';
  if (value <= 5) return 'poor';
  return 'down';
}

export const QUALITY_TEXT: Record<QualityLevel, string> = { good: '良好', fair: '一般', poor: '较差', down: '已断开' };

export interface RemoteMember {
  userId: string;
  /** Publishing a camera / microphone now (REMOTE_VIDEO_/AUDIO_AVAILABLE). */
  video: boolean;
  audio: boolean;
  /** Sharing their screen now (REMOTE_VIDEO_AVAILABLE of the sub stream). */
  screen: boolean;
  quality: QualityLevel | null;
}

export interface RoomState {
  /** Everyone else in the room, in the order they came. */
  remotes: RemoteMember[];
  /** Our own path's quality (uplink). */
  localQuality: QualityLevel | null;
  /** Our connection to the service dropped and the SDK is reconnecting. */
  reconnecting: boolean;
  /** Who left since we entered and is not back, latest last (〈姓名〉已离开房间, 重新邀请). */
  departed: string[];
}

export const initialRoomState: RoomState = { remotes: [], localQuality: null, reconnecting: false, departed: [] };

/** The NETWORK_QUALITY payload: Tencent's aggregate, and with the self-hosted SDK one entry per member. */
export interface QualityEvent {
  uplinkNetworkQuality: number;
  downlinkNetworkQuality: number;
  peers?: { userId: string; uplinkNetworkQuality: number; downlinkNetworkQuality: number }[];
}

export type RoomAction =
  | { type: 'enter'; userId: string }
  | { type: 'exit'; userId: string }
  | { type: 'video'; userId: string; on: boolean }
  | { type: 'screen'; userId: string; on: boolean }
  | { type: 'audio'; userId: string; on: boolean }
  | { type: 'quality'; event: QualityEvent }
  | { type: 'connection'; state: string; isReconnecting?: boolean }
  | { type: 'reset' };

function upsert(state: RoomState, userId: string, patch: Partial<RemoteMember>): RoomState {
  const known = state.remotes.some((m) => m.userId === userId);
  const remotes = known
    ? state.remotes.map((m) => (m.userId === userId ? { ...m, ...patch } : m))
    : [...state.remotes, { userId, video: false, audio: false, screen: false, quality: null, ...patch }];
  return { ...state, remotes, departed: state.departed.includes(userId) ? state.departed.filter((id) => id !== userId) : state.departed };
}

/** The room as the SDK's events describe it. */
export function roomReducer(state: RoomState, action: RoomAction): RoomState {
  switch (action.type) {
    case 'enter':
      return upsert(state, action.userId, {});
    case 'exit':
      if (!state.remotes.some((m) => m.userId === action.userId)) return state;
      return {
        ...state,
        remotes: state.remotes.filter((m) => m.userId !== action.userId),
        departed: [...state.departed.filter((id) => id !== action.userId), action.userId],
      };
    case 'video':
      return upsert(state, action.userId, { video: action.on });
    case 'audio':
      return upsert(state, action.userId, { audio: action.on });
    case 'screen':
      return upsert(state, action.userId, { screen: action.on });
    case 'quality': {
      const { event } = action;
      const byPeer = new Map(event.peers?.map((p) => [p.userId, p]));
      return {
        ...state,
        localQuality: qualityLevel(event.uplinkNetworkQuality),
        remotes: state.remotes.map((m) => {
          const peer = byPeer.get(m.userId);
          // Per member when the SDK measures each path (mesh); else what we receive, for everyone.
          const value = peer ? Math.max(peer.uplinkNetworkQuality, peer.downlinkNetworkQuality) : event.peers ? undefined : event.downlinkNetworkQuality;
          return { ...m, quality: qualityLevel(value) };
        }),
      };
    }
    case 'connection': {
      const reconnecting = action.state === 'RECONNECTING' || (action.state === 'CONNECTING' && !!action.isReconnecting);
      return { ...state, reconnecting };
    }
    case 'reset':
      return initialRoomState;
  }
}

/** Small pictures shown at once beside the large one: a row at 1280 px, fewer on a phone; the rest are paged. */
export const SMALL_TILES_PER_PAGE = { wide: 5, narrow: 3 } as const;

export interface TilePage {
  /** the small tiles shown now */
  shown: ReadonlySet<string>;
  /** the page shown (clamped) and how many there are */
  page: number;
  pages: number;
}

/**
 * Which small tiles show: `perPage` of them, page `page` (0-based, clamped to the last). The large
 * one is never among them; our own stays on every page (one sees oneself as in every call).
 */
export function smallTilePage(tiles: readonly string[], focus: string, me: string, page: number, perPage: number): TilePage {
  const mine = tiles.includes(me) && focus !== me;
  const others = tiles.filter((id) => id !== focus && id !== me);
  const room = Math.max(1, perPage - (mine ? 1 : 0));
  const pages = Math.max(1, Math.ceil(others.length / room));
  const at = Math.min(Math.max(0, page), pages - 1);
  const shown = new Set(others.slice(at * room, (at + 1) * room));
  if (mine) shown.add(me);
  return { shown, page: at, pages };
}

/** The tile of a member's shared screen, beside their camera's. */
export const screenTileId = (userId: string): string => `screen:${userId}`;

/**
 * Which tile is large: the chosen one while it is there, else a shared screen, else the other
 * person (the interviewer first, when given), our own only while alone. Ours is the small one.
 */
export function focusedId(chosen: string | null, state: RoomState, me: string, prefer: string | null = null): string {
  const here = (id: string) => id === me || state.remotes.some((m) => m.userId === id || (m.screen && screenTileId(m.userId) === id));
  if (chosen && here(chosen)) return chosen;
  const sharing = state.remotes.find((m) => m.screen);
  if (sharing) return screenTileId(sharing.userId);
  if (prefer && prefer !== me && state.remotes.some((m) => m.userId === prefer)) return prefer;
  return state.remotes[0]?.userId ?? me;
}

// ---------------------------------------------------------------- people and links

export interface MemberInfo {
  userid: string;
  username: string;
  /** The HR's enterprise; '' for job seekers. */
  dwid: string;
}

/**
 * Spec section 2: a member's name opens their enterprise's page, or for HR viewers the job
 * seeker's résumé; null when there is nothing to open (a seeker looking at another seeker).
 */
export function memberLink(siteOrigin: string, viewerRole: string | null | undefined, member: Pick<MemberInfo, 'userid' | 'dwid'>): string | null {
  if (member.dwid) return `${siteOrigin}/zppc/public/enterdetail?dwid=${encodeURIComponent(member.dwid)}`;
  if (viewerRole === 'hr') return `${siteOrigin}/zppc/private/personalresume?qzbsid=${encodeURIComponent(member.userid)}`;
  return null;
}

/** The room's page on the site. */
export function roomLink(siteOrigin: string, roomId: string | number): string {
  return `${siteOrigin}/zppc/video?roomId=${encodeURIComponent(String(roomId))}`;
}

export { parseRoomMessage, type Yaoyue, type Jujue } from '@zp/rtc-sdk/provider';

/** A room id as the contract takes it (RoomId: 1 … 4294967294). */
export function validRoomId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 4294967294 ? n : null;
}

// ---------------------------------------------------------------- remembered devices

export interface DevicePrefs {
  cameraId: string;
  microphoneId: string;
  speakerId: string;
}

export const DEVICE_PREFS_KEY = 'zp:video-room:devices';
const EMPTY_PREFS: DevicePrefs = { cameraId: '', microphoneId: '', speakerId: '' };

export function loadDevicePrefs(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): DevicePrefs {
  try {
    const v = JSON.parse(storage?.getItem(DEVICE_PREFS_KEY) ?? 'null') as Partial<DevicePrefs> | null;
    if (!v || typeof v !== 'object') return { ...EMPTY_PREFS };
    const str = (x: unknown) => (typeof x === 'string' && x.length <= 512 ? x : '');
    return { cameraId: str(v.cameraId), microphoneId: str(v.microphoneId), speakerId: str(v.speakerId) };
  } catch {
    return { ...EMPTY_PREFS };
  }
}

export function saveDevicePrefs(prefs: DevicePrefs, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(DEVICE_PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // storage full or blocked: the choice is not remembered, the call goes on
  }
}

/** The remembered device if it is still there, else the first one ('' when there is none). */
export function pickDevice(remembered: string, devices: readonly { deviceId: string }[]): string {
  if (remembered && devices.some((d) => d.deviceId === remembered)) return remembered;
  return devices[0]?.deviceId ?? '';
}

/** A page reload rejoins the room the person was in, without the device check. */
const joinedKey = joinedRoomKey;

export function markJoined(roomId: string, joined: boolean, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.sessionStorage): void {
  try {
    if (joined) storage?.setItem(joinedKey(roomId), '1');
    else storage?.removeItem(joinedKey(roomId));
  } catch {
    // storage blocked: a reload shows the device check again
  }
}

export function wasJoined(roomId: string, storage: Pick<Storage, 'getItem'> | undefined = globalThis.sessionStorage): boolean {
  try {
    return storage?.getItem(joinedKey(roomId)) === '1';
  } catch {
    return false;
  }
}

/** Input level 0–1 from an AnalyserNode's time-domain samples (peak of the absolute values). */
/** AUDIO_VOLUME's volume (0–100) from which a person counts as speaking. */
export const SPEAKING_VOLUME = 10;

/**
 * Who is speaking now, from an AUDIO_VOLUME result (our own microphone comes as userId '').
 * Null when it is the same set as `before`, so that a room does not re-render twice a second for nothing.
 */
export function speakers(result: readonly { userId: string; volume: number }[], me: string, before: ReadonlySet<string>): Set<string> | null {
  const now = new Set(result.filter((r) => r.volume >= SPEAKING_VOLUME).map((r) => r.userId || me));
  return now.size === before.size && [...now].every((id) => before.has(id)) ? null : now;
}

/** The room is full for this person (checked before the device check opens the camera): someone not in it, at capacity. */
export function roomFullFor(info: Pick<RtcRoomInfo, 'members' | 'capacity'>, userId: string): boolean {
  return info.members.length >= info.capacity && !info.members.some((m) => m.userId === userId);
}

export function peakLevel(samples: ArrayLike<number>): number {
  let peak = 0;
  for (let i = 0; i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]!));
  return Math.min(1, peak);
}
