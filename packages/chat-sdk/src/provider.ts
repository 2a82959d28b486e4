/**
 * The chat provider factory (`@zp/chat-sdk/provider`): one logged-in chat SDK per page, shared by
 * every widget copy. It lives here, not in @zp/core, so that the dependency runs one way
 * (chat-sdk → core): it needs the session of @zp/core and this package's SDK.
 *
 * The server's userSig reply says which service to use: appID 0 is the self-hosted chat service
 * (@zp/chat-sdk, bundled); any other appID is a Tencent Cloud Chat SDKAppID, and only then is
 * @tencentcloud/chat loaded (dynamic import, its own chunk). Callers code against Tencent's type.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { ChatSDK as TencentChatSDK } from '@tencentcloud/chat';
// The schema-free manifest: this module ends up in browser bundles.
import { chatApi } from '@zp/core/routes';
import { $session, api } from '@zp/core/session';
import { isApiError } from '@zp/core/client';
import SelfHosted, { EVENT, TYPES } from './index.js';
import { lightChatOf, setLightChat } from './light.js';
import { ERR, kickedOutText } from './errors.js';

export type { Message, Conversation, Group, GroupMember, Profile, Friend } from '@tencentcloud/chat';
/** The SDK surface the widgets use, as Tencent declares it. */
export type Chat = TencentChatSDK;
/** Event names and type constants; the self-hosted SDK's values equal Tencent's. */
export { EVENT, TYPES };

export type ChatState = 'idle' | 'connecting' | 'ready' | 'kicked' | 'failed';

/** Spec section 8: the reason, then '被踢出，请重新登录。' */
export { kickedOutText };

interface ProviderCore {
  $state: ReturnType<typeof atom<ChatState>>;
  $kicked: ReturnType<typeof atom<string>>;
  chat: Chat | null;
  userID: string;
  pending: Promise<Chat | null> | null;
  retry: ReturnType<typeof setTimeout> | null;
  socketUrl: string;
  watching: boolean;
}

// The key keeps the module's former name: bundles built before and after the move share one state.
const KEY = Symbol.for('@zp/chat-sdk/provider@1');
const holder = globalThis as unknown as Record<symbol, ProviderCore | undefined>;
const core: ProviderCore = (holder[KEY] ??= {
  $state: atom<ChatState>('idle'),
  $kicked: atom(''),
  chat: null,
  userID: '',
  pending: null,
  retry: null,
  socketUrl: '',
  watching: false,
});

/** Where the chat is: connecting, ready, kicked out (with the text in $chatKicked), failed. */
export const $chatState: ReadableAtom<ChatState> = core.$state;
/** The last kicked-out message, '' when none. */
export const $chatKicked: ReadableAtom<string> = core.$kicked;

/** A partner page on another origin gives the API origin; the socket goes there. */
export function configureChat(opts: { apiBase: string }): void {
  const base = opts.apiBase.replace(/\/$/, '');
  core.socketUrl = base ? `${base.replace(/^http/, 'ws')}/api/chat/ws` : '';
}

/** Retry delay after a failed IM login while the person is still logged in. */
export const LOGIN_RETRY_MS = 5000;

async function create(appID: number): Promise<Chat> {
  if (appID === 0) {
    return SelfHosted.create({ SDKAppID: 0, ...(core.socketUrl ? { proxyServer: core.socketUrl } : {}) }) as unknown as Chat;
  }
  const Tencent = (await import('@tencentcloud/chat')).default;
  return Tencent.create({ SDKAppID: appID });
}

function onKicked(event: { data: { type: string } }) {
  core.$kicked.set(kickedOutText(event.data.type));
  // Login flag cleared and state reset (spec section 4); no automatic re-login after a kick.
  const chat = core.chat;
  core.chat = null;
  core.userID = '';
  core.$state.set('kicked');
  chat?.off(EVENT.KICKED_OUT, onKicked);
}

/**
 * The launcher's light connection for this person (light.ts), taken over by a self-hosted SDK:
 * the chat that counted the badge goes on as the panel's. Null when there is none to take.
 */
async function adoptLight(userID: string): Promise<Chat | 'kicked' | null> {
  const light = lightChatOf(userID);
  if (!light) return null;
  setLightChat(null);
  const handover = await light.handOver();
  if (light.ended?.kicked) {
    // Kicked out before the panel loaded: said as the SDK would have said it, and no new login.
    onKicked({ data: { type: light.ended.kicked } });
    return 'kicked';
  }
  if (!handover) {
    light.stop();
    return null;
  }
  const chat = SelfHosted.create({ SDKAppID: 0, ...(core.socketUrl ? { proxyServer: core.socketUrl } : {}) });
  chat.setLogLevel(1);
  await chat.adopt(handover);
  return chat as unknown as Chat;
}

async function login(): Promise<Chat | null> {
  const session = $session.get();
  if (!session) return null;
  core.$state.set('connecting');
  const adopted = await adoptLight(session.userId);
  if (adopted === 'kicked') return null;
  if (adopted) {
    adopted.on(EVENT.KICKED_OUT, onKicked);
    core.chat = adopted;
    core.userID = session.userId;
    core.$kicked.set('');
    core.$state.set('ready');
    return adopted;
  }
  try {
    const { userId, userSig, appID } = await api.call(chatApi.userSig);
    // A token refresh meanwhile is the same person: go on. Logged out or someone else: stop.
    if ($session.get()?.userId !== session.userId) return null;
    const chat = await create(appID);
    chat.setLogLevel(1);
    // The self-hosted userSig is short-lived: the SDK renews it through the session while that lasts.
    const refreshUserSig = async () => {
      if ($session.get()?.userId !== userId) throw new Error('logged out');
      return (await api.call(chatApi.userSig)).userSig;
    };
    await chat.login(appID === 0 ? ({ userID: userId, userSig, refreshUserSig } as { userID: string; userSig: string }) : { userID: userId, userSig });
    if ($session.get()?.userId !== session.userId) {
      void chat.logout().catch(() => {});
      core.$state.set('idle');
      return null;
    }
    chat.on(EVENT.KICKED_OUT, onKicked);
    core.chat = chat;
    core.userID = userId;
    core.$kicked.set('');
    core.$state.set('ready');
    return chat;
  } catch (err) {
    const kick = err as { code?: unknown; data?: { type?: unknown } };
    if (kick?.code === ERR.kicked) {
      // Overtaken by newer logins of this person while logging in: kicked out, as after a login.
      onKicked({ data: { type: String(kick.data?.type ?? '') } });
      return null;
    }
    core.$state.set('failed');
    // Spec section 4: while the SDK is not ready and a token exists, IM login is retried.
    if (!(isApiError(err) && err.code === 401) && $session.get()) {
      core.retry ??= setTimeout(() => {
        core.retry = null;
        chatLogin().catch(() => {}); // a failure schedules the next retry itself
      }, LOGIN_RETRY_MS);
    }
    throw err;
  }
}

function watchSession() {
  if (core.watching) return;
  core.watching = true;
  let token = $session.get()?.token;
  $session.listen((s) => {
    if (s?.token === token) return;
    const userChanged = !s || (core.userID !== '' && s.userId !== core.userID);
    token = s?.token;
    if (userChanged && core.chat) {
      const chat = core.chat;
      core.chat = null;
      core.userID = '';
      void chat.logout().catch(() => {});
      core.$state.set('idle');
    }
  });
}

/**
 * The logged-in chat SDK: logs in on the first call (userSig from the server), later calls share
 * it. Null when nobody is logged in. Rejects with the SDK's or the API's error when login fails.
 */
export function chatLogin(): Promise<Chat | null> {
  watchSession();
  const s = $session.get();
  if (core.chat && s && s.userId === core.userID) return Promise.resolve(core.chat);
  if (core.pending) return core.pending;
  core.pending = login().finally(() => {
    core.pending = null;
  });
  return core.pending;
}

/** The chat SDK if it is logged in now, else null (no login attempt). */
export function currentChat(): Chat | null {
  return core.chat;
}
