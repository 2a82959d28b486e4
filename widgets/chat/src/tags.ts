/** The element a page writes, and the whole widget that the launcher loads into it on first use. */
export const CHAT_TAG = 'zp-chat';
export const PANEL_TAG = 'zp-chat-panel';
