/** Spec section 9: an own chat message can be revoked (and its text re-edited) for 120 s. */
export const REVOKE_WINDOW_SECONDS = 120;

/**
 * New one-to-one conversations a person may start in a China day (sending the first message to
 * someone they have not talked with); the operator has no limit. The server's settings may
 * change the numbers (CHAT_NEW_CONVERSATIONS_QZ / _HR).
 */
export const NEW_CONVERSATIONS_PER_DAY = { qz: 50, hr: 200 } as const;
export const newConversationsLimitText = (n: number) => `今天已发起 ${n} 个新会话，达到每日上限，请明天再试`;
/** Said for a person one may not start a conversation with, as for one who does not exist (ids are sequential). */
export const USER_NOT_FOUND_TEXT = '没有找到该用户';

/** Group types whose messages have read receipts (N人已读), as a Tencent app enables them per group type. */
export const RECEIPT_GROUP_TYPES: ReadonlySet<string> = new Set(['Private', 'Public']);

/** Typing status as TUIKit sends it: the only custom message that may go onlineUserOnly (never stored). */
export const TYPING_BUSINESS_ID = 'user_typing_status';
