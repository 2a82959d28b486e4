/**
 * Opening <zp-chat> on a person from anywhere on a page (a job page, a booth, an HR's list of
 * applicants): the widget listens for this window event. Kept apart from the chat provider so a
 * page can offer the button without loading the chat.
 */
export const OPEN_CONVERSATION_EVENT = 'zp:chat-open';

export interface OpenRequest {
  userID?: string;
  conversationID?: string;
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
