/**
 * The video provider factory (`@zp/rtc-sdk/provider`): which TRTC class a room uses, and the
 * credentials to enter with. It lives here, not in @zp/core, so that dependencies run one way
 * (rtc-sdk → chat-sdk → core).
 *
 * As for chat (@zp/chat-sdk/provider), the server's userSig reply decides: appID 0 is the self-hosted
 * service (@zp/rtc-sdk, signalling on /api/rtc/ws); any other appID is a Tencent Cloud SDKAppID
 * and trtc-sdk-v5 itself is used. Both are loaded by dynamic import, so each is its own chunk and
 * a page that shows a room before entering it (the device check) carries neither. Callers code
 * against trtc-sdk-v5's types; the self-hosted SDK is type-proven against them (rtc-sdk's tests).
 */
import type TencentTRTC from 'trtc-sdk-v5';
import type { RecordingState } from './signalling.js';
import type { EnterRoomConfig } from 'trtc-sdk-v5';
import { chatApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import type { Conversation } from '@zp/chat-sdk/provider';

export type { EnterRoomConfig, NetworkQuality, TRTCEventTypes } from 'trtc-sdk-v5';
/** The TRTC class (static side: create, EVENT, ERROR_CODE, isSupported, device lists). */
export type TrtcClass = typeof TencentTRTC;
/** One TRTC instance: a person's presence in one room. */
export type Trtc = TencentTRTC;

export interface RtcEntry {
  TRTC: TrtcClass;
  /** What enterRoom needs besides the room: sdkAppId, userId, userSig and, self-hosted on another origin, the socket. */
  credentials: Pick<EnterRoomConfig, 'sdkAppId' | 'userId' | 'userSig' | 'proxy'> & { refreshUserSig?: () => Promise<string> };
  /** True with the self-hosted service. */
  selfHosted: boolean;
}

// The key keeps the module's former name: bundles built before and after the move share one state.
const KEY = Symbol.for('@zp/rtc-sdk/provider@1');
const holder = globalThis as unknown as Record<symbol, { socketUrl: string } | undefined>;
const core = (holder[KEY] ??= { socketUrl: '' });

/** A partner page on another origin gives the API origin; the signalling socket goes there. */
export function configureRtc(opts: { apiBase: string }): void {
  const base = opts.apiBase.replace(/\/$/, '');
  core.socketUrl = base ? `${base.replace(/^http/, 'ws')}/api/rtc/ws` : '';
}

/** The TRTC class for an appID of the userSig reply. */
export async function loadTrtc(appID: number): Promise<TrtcClass> {
  if (appID === 0) return (await import('./index.js')).default as unknown as TrtcClass;
  return (await import('trtc-sdk-v5')).default;
}

/**
 * The SDK and the logged-in person's credentials (GET /api/sec/trtc/userSig, the same call chat
 * logs in with). Rejects with the API's error (code 401 when the session has lapsed).
 */
export async function rtcEntry(): Promise<RtcEntry> {
  const { userId, userSig, appID } = await api.call(chatApi.userSig);
  const TRTC = await loadTrtc(appID);
  const selfHosted = appID === 0;
  return {
    TRTC,
    selfHosted,
    credentials: {
      sdkAppId: appID,
      userId,
      userSig,
      ...(selfHosted && core.socketUrl ? { proxy: core.socketUrl } : {}),
      // The self-hosted userSig is short-lived: a reconnect late in a long interview gets a fresh one.
      ...(selfHosted ? { refreshUserSig: async () => (await api.call(chatApi.userSig)).userSig } : {}),
    },
  };
}

// ---------------------------------------------------------------- room messages through chat

/** Spec section 3: the invitation into a room, a C2C custom message whose payload.data is this JSON. */
export interface Yaoyue {
  type: 'yaoyue';
  promoterId: string;
  roomId: string;
  nickname: string;
}

/** The older flow's refusal (spec section 3 'jujue'), sent back to the inviter. */
export interface Jujue {
  type: 'jujue';
  roomId: string;
  promoterId: string;
  nickname: string;
  userID: string;
}

export type RoomMessage = Yaoyue | Jujue;

/** A custom message's payload.data as a room message, or null when it is something else. */
export function parseRoomMessage(data: string | undefined): RoomMessage | null {
  if (!data) return null;
  try {
    const v = JSON.parse(data) as Record<string, unknown>;
    if ((v.type !== 'yaoyue' && v.type !== 'jujue') || (typeof v.roomId !== 'string' && typeof v.roomId !== 'number')) return null;
    const common = { roomId: String(v.roomId), promoterId: String(v.promoterId ?? ''), nickname: String(v.nickname ?? '') };
    return v.type === 'yaoyue' ? { type: 'yaoyue', ...common } : { type: 'jujue', ...common, userID: String(v.userID ?? '') };
  } catch {
    return null;
  }
}

/** The chat provider, loaded when a room message is sent or awaited (pages without chat do not carry it). */
async function chat() {
  const providers = await import('@zp/chat-sdk/provider');
  const sdk = await providers.chatLogin();
  if (!sdk) throw new Error('请先登录');
  return { sdk, TYPES: providers.TYPES, EVENT: providers.EVENT };
}

/** Sends a room message to one person; `text` is what a chat shows for it, `link` the room's page. */
export async function sendRoomMessage(to: string, message: RoomMessage, text: string, link: string): Promise<void> {
  const { sdk, TYPES } = await chat();
  const custom = sdk.createCustomMessage({
    to,
    conversationType: TYPES.CONV_C2C,
    payload: { data: JSON.stringify(message), description: text, extension: link },
  });
  await sdk.sendMessage(custom);
}

export interface ReceivedRoomMessage {
  message: RoomMessage;
  /** the sender's userID */
  from: string;
  /** seconds since the epoch, as chat messages carry it */
  time: number;
}

function roomMessagesOf(list: unknown, customType: string): ReceivedRoomMessage[] {
  const found: ReceivedRoomMessage[] = [];
  for (const m of (list as { type: string; flow: string; from: string; time: number; payload?: { data?: string } }[]) ?? []) {
    if (m.type !== customType || m.flow !== 'in') continue;
    const message = parseRoomMessage(m.payload?.data);
    if (message) found.push({ message, from: m.from, time: m.time });
  }
  return found;
}

/**
 * Room messages received from now on; returns the function that stops listening. Without chat
 * (not logged in, service down) nothing arrives, and the caller works on without it.
 */
export function onRoomMessages(listener: (received: ReceivedRoomMessage) => void): () => void {
  let stopped = false;
  let unsubscribe = () => {};
  chat().then(
    ({ sdk, TYPES, EVENT }) => {
      if (stopped) return;
      const handler = (event: { data: unknown }) => roomMessagesOf(event.data, TYPES.MSG_CUSTOM).forEach(listener);
      sdk.on(EVENT.MESSAGE_RECEIVED, handler);
      unsubscribe = () => sdk.off(EVENT.MESSAGE_RECEIVED, handler);
    },
    () => {},
  );
  return () => {
    stopped = true;
    unsubscribe();
  };
}

/**
 * Room messages received in the last `withinSeconds`: the latest page of each one-to-one
 * conversation active in that time (at most `conversations` of them).
 */
export async function recentRoomMessages(withinSeconds: number, conversations = 10): Promise<ReceivedRoomMessage[]> {
  const { sdk, TYPES } = await chat();
  const since = Date.now() / 1000 - withinSeconds;
  const { data } = await sdk.getConversationList();
  const recent = data.conversationList
    .filter((c: Conversation) => c.type === TYPES.CONV_C2C && (c.lastMessage?.lastTime ?? 0) >= since)
    .slice(0, conversations);
  const pages = await Promise.all(recent.map((c: Conversation) => sdk.getMessageList({ conversationID: c.conversationID }).then((r) => r.data.messageList, () => [])));
  return pages.flatMap((list) => roomMessagesOf(list, TYPES.MSG_CUSTOM)).filter((m) => m.time >= since);
}

export type { RecordingState };

/** Recording with consent, on the self-hosted service (Tencent's TRTC records in its cloud instead: null). */
export interface RoomRecording {
  ask(): Promise<void>;
  answer(agree: boolean): Promise<void>;
  stop(): Promise<void>;
  watch(listener: (state: RecordingState) => void): () => void;
}
export function recordingOf(trtc: Trtc): RoomRecording | null {
  const ours = (trtc as unknown as { recording?: RoomRecording }).recording;
  return ours && typeof ours.ask === 'function' ? ours : null;
}
