/**
 * The chat's page interface, kept apart from the chat provider so a page can use it without
 * loading the chat: opening <zp-chat> on a person from anywhere on a page (a job page, a booth,
 * an HR's list of applicants), which the widget hears as this window event, and the chat's
 * unread count for whatever else on the page shows it.
 */
export const OPEN_CONVERSATION_EVENT = 'zp:chat-open';

export interface OpenRequest {
  userID?: string;
  conversationID?: string;
  /** ring userID with a video call instead of opening the panel (the name the call screen shows) */
  call?: { name: string };
}

const PENDING = Symbol.for('@zp/core/chat-open@1');
const holder = globalThis as unknown as Record<symbol, { detail: OpenRequest; at: number } | undefined>;
/** A request the widget was not there to hear is kept this long for it. */
const PENDING_MS = 15_000;

/**
 * Opens the chat panel on the conversation with `userID` (the widget applies its own rules
 * first). A click made while the widget's script is still loading is kept for it.
 */
export function openConversation(userID: string): void {
  const detail: OpenRequest = { userID };
  holdOpen(detail);
  window.dispatchEvent(new CustomEvent(OPEN_CONVERSATION_EVENT, { detail }));
}

/** Keeps a request for the widget to take once it runs (the chat's launcher, while its panel loads). */
export function holdOpen(detail: OpenRequest): void {
  holder[PENDING] = { detail, at: Date.now() };
}

/** Whether a recent request waits (not taken). */
export function hasPendingOpen(): boolean {
  const p = holder[PENDING];
  return !!p && Date.now() - p.at < PENDING_MS;
}

/** The request made before the widget listened, if recent; taken once (the widget calls it). */
export function takePendingOpen(): OpenRequest | null {
  const p = holder[PENDING];
  holder[PENDING] = undefined;
  return p && Date.now() - p.at < PENDING_MS ? p.detail : null;
}

/**
 * Rings `userID` with the 1:1 video call (the widget's call layer, with its own checks), as the
 * video icon of a conversation does: a booth queue's 下一位 uses it.
 */
export function startCall(userID: string, name: string): void {
  const detail: OpenRequest = { userID, call: { name } };
  holdOpen(detail);
  window.dispatchEvent(new CustomEvent(OPEN_CONVERSATION_EVENT, { detail }));
}

/** Opens the chat panel on its conversation list (the widget applies its own rules first). */
export function openChat(): void {
  holdOpen({});
  window.dispatchEvent(new CustomEvent(OPEN_CONVERSATION_EVENT, { detail: {} }));
}

/**
 * The chat's total unread count, one number for the whole page: the chat widget tells it (its
 * launcher's light connection, then its panel's SDK, whichever holds the chat), and anything
 * else that shows it (the seeker centre's 未读消息) follows it instead of counting apart.
 */
export const CHAT_UNREAD_EVENT = 'zp:chat-unread';
const UNREAD = Symbol.for('@zp/core/chat-unread@1');
const unreadHolder = globalThis as unknown as Record<symbol, number | undefined>;

/** The widget: the count changed (0 when nobody is logged in). */
export function publishChatUnread(count: number): void {
  const n = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  if (unreadHolder[UNREAD] === n) return;
  unreadHolder[UNREAD] = n;
  window.dispatchEvent(new CustomEvent(CHAT_UNREAD_EVENT, { detail: n }));
}

/** Calls `fn` with the count now (when the widget has told one) and on each change; returns the way to stop. */
export function followChatUnread(fn: (count: number) => void): () => void {
  const on = (e: Event) => fn((e as CustomEvent<number>).detail);
  window.addEventListener(CHAT_UNREAD_EVENT, on);
  const now = unreadHolder[UNREAD];
  if (now !== undefined) fn(now);
  return () => window.removeEventListener(CHAT_UNREAD_EVENT, on);
}
