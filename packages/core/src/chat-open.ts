/**
 * Opening <zp-chat> on a person from anywhere on a page (a job page, a booth, an HR's list of
 * applicants): the widget listens for this window event. Kept apart from the chat provider so a
 * page can offer the button without loading the chat.
 */
export const OPEN_CONVERSATION_EVENT = 'zp:chat-open';

/** Opens the chat panel on the conversation with `userID` (the widget applies its own rules first). */
export function openConversation(userID: string): void {
  window.dispatchEvent(new CustomEvent(OPEN_CONVERSATION_EVENT, { detail: { userID } }));
}
