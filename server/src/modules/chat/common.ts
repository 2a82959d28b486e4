import { CHAT_ERRORS, type WireMessage } from '@zp/core/contract';

/** A refusal sent back on the socket as `{code, message}`; codes follow Tencent Cloud Chat. */
export class ChatError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
export const refuse = (key: keyof typeof CHAT_ERRORS, message: string) => new ChatError(CHAT_ERRORS[key], message);

export const SYSTEM_CONVERSATION = '@TIM#SYSTEM';

/** Tencent: an own message can be revoked for 2 minutes (spec section 9). */
export { REVOKE_WINDOW_SECONDS } from '@zp/core/rules/chat';
/** Tencent's message body limit. */
export const MAX_MESSAGE_BYTES = 12 * 1024;

export type Conv =
  | { kind: 'c2c'; conv: string; conversationID: string; peer: string }
  | { kind: 'group'; conv: string; conversationID: string; groupID: string }
  | { kind: 'system'; conv: string; conversationID: string };

export const c2cKey = (a: string, b: string) => (a < b ? `c:${a}:${b}` : `c:${b}:${a}`);
export const groupKey = (groupID: string) => `g:${groupID}`;
export const systemKey = (userId: string) => `s:${userId}`;

/** Our key for one of the caller's conversation IDs. */
export function convOf(me: string, conversationID: string): Conv {
  if (conversationID === SYSTEM_CONVERSATION) return { kind: 'system', conv: systemKey(me), conversationID };
  if (conversationID.startsWith('C2C')) {
    const peer = conversationID.slice(3);
    return { kind: 'c2c', conv: c2cKey(me, peer), conversationID, peer };
  }
  if (conversationID.startsWith('GROUP')) {
    const groupID = conversationID.slice(5);
    return { kind: 'group', conv: groupKey(groupID), conversationID, groupID };
  }
  throw refuse('badRequest', '会话ID不正确');
}

/** The caller's conversation ID for one of our keys. */
export function conversationIdOf(me: string, conv: string): string {
  if (conv.startsWith('g:')) return `GROUP${conv.slice(2)}`;
  if (conv.startsWith('s:')) return SYSTEM_CONVERSATION;
  const [, a, b] = conv.split(':');
  return `C2C${a === me ? b : a}`;
}

/** What a conversation list shows for a message (the Chinese wording of Tencent's SDK). */
export function messageForShow(type: string, payload: Record<string, unknown>): string {
  switch (type) {
    case 'TIMTextElem':
      return String(payload.text ?? '');
    case 'TIMImageElem':
      return '[图片]';
    case 'TIMFileElem':
      return '[文件]';
    case 'TIMVideoFileElem':
      return '[视频]';
    case 'TIMSoundElem':
      return '[语音]';
    case 'TIMFaceElem':
      return '[动画表情]';
    case 'TIMLocationElem':
      return '[位置]';
    case 'TIMCustomElem':
      return '[自定义消息]';
    case 'TIMGroupTipElem':
      return '[群提示消息]';
    case 'TIMGroupSystemNoticeElem':
      return '[群系统通知]';
    default:
      return '[消息]';
  }
}

export interface MessageRow {
  conv: string;
  seq: string | number;
  id: string;
  sender_id: string | null;
  to_id: string;
  conv_type: WireMessage['conversationType'];
  type: string;
  payload: Record<string, unknown>;
  nick: string;
  avatar: string;
  name_card: string;
  cloud_custom_data: string;
  priority: string;
  at_users: string[];
  counts_unread: boolean;
  time: string | number;
  revoked_by: string | null;
  revoked: boolean;
}

/** Columns of chat_messages as MessageRow (alias m). */
export const MESSAGE_COLUMNS = `m.conv, m.seq::int as seq, m.id, m.sender_id::text as sender_id, m.to_id, m.conv_type, m.type, m.payload,
  m.nick, m.avatar, m.name_card, m.cloud_custom_data, m.priority, m.at_users, m.counts_unread,
  floor(extract(epoch from m.created_at))::bigint as time, m.revoked_by::text as revoked_by, (m.revoked_at is not null) as revoked`;

export function wireOf(r: MessageRow): WireMessage {
  return {
    ID: r.id,
    seq: Number(r.seq),
    conversationType: r.conv_type,
    from: r.sender_id ?? '@TIM#SYSTEM',
    to: r.to_id,
    type: r.type,
    payload: r.payload,
    time: Number(r.time),
    nick: r.nick,
    avatar: r.avatar,
    nameCard: r.name_card,
    priority: r.priority,
    cloudCustomData: r.cloud_custom_data,
    atUserList: r.at_users ?? [],
    isRevoked: r.revoked,
    revoker: r.revoked_by ?? '',
    countsUnread: r.counts_unread,
  };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * JSON text written once for several frames: a sent message goes out in its sender's reply and in
 * every push, and is serialised once for all of them. `T` is what the text holds.
 */
export class Encoded<T> {
  declare private readonly holds?: T;
  constructor(readonly text: string) {}
}

/** A frame's JSON: written now, or as it was written once (Encoded). */
export const jsonOf = (value: unknown): string => (value instanceof Encoded ? value.text : JSON.stringify(value));
