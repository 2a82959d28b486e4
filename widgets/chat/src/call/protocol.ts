/**
 * The one-to-one call signalling of spec sections 3 and 4: chat custom messages whose payload.data
 * is JSON {roomId, call_id, action, version, invited_list, duration} (the seeker's request also
 * carries userID and nickname), as the previous clients sent them; and the older hall's messages
 * (type yaoqing, shenqing, tongyi, jujue, shijian, yaoyue). Parsing is strict: anything else in a
 * custom message is not a call. Texts are what a conversation shows for each, never raw JSON.
 */
import { RTC_MSG, formatClock } from '@zp/core/rtc-words';

/** Spec section 4: the numeric call actions. */
export const ACTION = {
  error: -2,
  unknown: -1,
  dialing: 0,
  cancel: 1,
  reject: 2,
  timeout: 3,
  accepted: 4,
  hangup: 5,
  busy: 6,
} as const;

/** Spec section 4: the request actions (a job seeker asks an HR for an interview) and their answers. */
export const REQUEST = {
  /** the job seeker's request */
  ask: 'QZ_REQ',
  /** the HR agreed and opened the room (roomId): the seeker enters at once */
  ok: 'HR ok',
  hrAgree: 'hr_tongyi',
  hrRefuse: 'hr_jujue',
  seekerAgree: 'qz_tongyi',
  seekerRefuse: 'qz_jujue',
} as const;

type NumericAction = (typeof ACTION)[keyof typeof ACTION];
type RequestAction = (typeof REQUEST)[keyof typeof REQUEST];
export type CallAction = NumericAction | RequestAction;

/** The version this client writes; any version is read. */
const CALL_VERSION = 4;

export interface CallSignal {
  /** the room the call happens in ('' for a request, which has none yet) */
  roomId: string;
  call_id: string;
  action: CallAction;
  version: number;
  invited_list: string[];
  /** seconds, on hangup */
  duration: number;
  /** the request variant: who asks, and their name */
  userID?: string;
  nickname?: string;
}

const NUMERIC = new Set<number>(Object.values(ACTION));
const NAMED = new Set<string>(Object.values(REQUEST));
const CALL_ID = /^[A-Za-z0-9_-]{1,64}$/;

const idOf = (v: unknown): string => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : typeof v === 'string' && /^\d{1,18}$/.test(v) ? v : '');

/** A custom message's payload.data as a call signal, or null when it is something else. */
export function parseCallSignal(data: unknown): CallSignal | null {
  if (typeof data !== 'string' || data.length > 4096 || !data.startsWith('{')) return null;
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const action = v.action;
  const known = (typeof action === 'number' && NUMERIC.has(action)) || (typeof action === 'string' && NAMED.has(action));
  if (!known || typeof v.call_id !== 'string' || !CALL_ID.test(v.call_id)) return null;
  const signal: CallSignal = {
    // Some of the previous clients wrote room_id.
    roomId: idOf(v.roomId ?? v.room_id),
    call_id: v.call_id,
    action: action as CallAction,
    version: typeof v.version === 'number' ? v.version : 0,
    invited_list: Array.isArray(v.invited_list) ? v.invited_list.filter((x): x is string => typeof x === 'string').slice(0, 20) : [],
    duration: typeof v.duration === 'number' && Number.isFinite(v.duration) && v.duration >= 0 ? Math.floor(v.duration) : 0,
  };
  if (typeof v.userID === 'string') signal.userID = v.userID.slice(0, 64);
  if (typeof v.nickname === 'string') signal.nickname = v.nickname.slice(0, 64);
  return signal;
}

export function callSignal(callId: string, action: CallAction, to: string, extra: Partial<CallSignal> = {}): CallSignal {
  return { roomId: '', call_id: callId, action, version: CALL_VERSION, invited_list: [to], duration: 0, ...extra };
}

/**
 * What a conversation shows for a call signal. `mine`: sent by the person looking (on this page
 * or another of theirs). The payload's description carries the sender's wording for other clients.
 */
export function callText(s: CallSignal, mine: boolean): string {
  switch (s.action) {
    case ACTION.dialing:
      return mine ? '发起了视频通话' : '邀请你视频通话';
    case ACTION.cancel:
      return mine ? '已取消' : '对方已取消';
    case ACTION.reject:
      return mine ? '已拒绝视频面试' : RTC_MSG.refused;
    case ACTION.timeout:
      return mine ? '对方未接听' : '未接听';
    case ACTION.accepted:
    case REQUEST.seekerAgree:
      return '已接听';
    case ACTION.hangup:
      return `通话时长 ${formatClock(s.duration)}`;
    case ACTION.busy:
      return mine ? '忙线未接听' : '对方忙线中';
    case ACTION.error:
      return '通话未接通';
    case REQUEST.ask:
      return mine ? '已请求视频面试' : `${s.nickname || '对方'}请求视频面试`;
    case REQUEST.ok:
    case REQUEST.hrAgree:
      return mine ? '已同意视频面试' : '对方已同意视频面试';
    case REQUEST.hrRefuse:
    case REQUEST.seekerRefuse:
      return mine ? '已拒绝视频面试' : '对方已拒绝视频面试';
    default:
      return '视频通话';
  }
}

/** The older hall's messages (spec section 3): an invitation into a room, an application, the answers. */
export interface HallMessage {
  type: 'yaoqing' | 'shenqing' | 'tongyi' | 'jujue' | 'shijian' | 'yaoyue';
  roomId: string;
  promoterId: string;
  nickname: string;
  userID: string;
}

const HALL = new Set(['yaoqing', 'shenqing', 'tongyi', 'jujue', 'shijian', 'yaoyue']);

export function parseHallMessage(data: unknown): HallMessage | null {
  if (typeof data !== 'string' || data.length > 4096 || !data.startsWith('{')) return null;
  try {
    const v = JSON.parse(data) as Record<string, unknown>;
    if (!v || typeof v.type !== 'string' || !HALL.has(v.type)) return null;
    const str = (x: unknown) => (typeof x === 'string' ? x.slice(0, 64) : typeof x === 'number' ? String(x) : '');
    return { type: v.type as HallMessage['type'], roomId: idOf(v.roomId), promoterId: str(v.promoterId), nickname: str(v.nickname), userID: str(v.userID) };
  } catch {
    return null;
  }
}

/** A hall message in words; `room` tells whether it offers entering its room. */
export function hallText(m: HallMessage, mine: boolean): { text: string; room: string | null } {
  const who = m.nickname || (mine ? '我' : '对方');
  switch (m.type) {
    case 'yaoqing':
    case 'yaoyue':
      return { text: mine ? `已邀请对方进入视频面试房间（房间号 ${m.roomId}）` : `${who}邀请您进入视频面试房间（房间号 ${m.roomId}）`, room: mine || !m.roomId ? null : m.roomId };
    case 'shenqing':
      return { text: mine ? '已申请视频面试' : `${who}申请视频面试`, room: null };
    case 'tongyi':
      return { text: mine ? '已同意视频面试' : '对方已同意视频面试', room: mine || !m.roomId ? null : m.roomId };
    case 'jujue':
      return { text: mine ? '已拒绝视频面试' : '对方已拒绝视频面试', room: null };
    case 'shijian':
      return { text: '视频面试时间已到，房间已关闭', room: null };
  }
}

/** A conversation list's line for a custom message that is a call or hall message, else null. */
export function callListText(data: unknown, mine: boolean): string | null {
  const call = parseCallSignal(data);
  if (call) return `[视频通话] ${callText(call, mine)}`;
  const hall = parseHallMessage(data);
  return hall ? `[视频面试] ${hallText(hall, mine).text}` : null;
}
