import { Type, type Static } from '@sinclair/typebox';
import { route, replyOf, Id, Page, Enum } from './define.js';

/**
 * Message reminders (xxtx) behind the three counters, and the notification socket `/wss/ws`:
 * the client's first frame is `{type: 'auth', token}` (never a token in the URL, which logs and
 * proxies keep), answered by `{type: 2, message: 'ready'}`; then the server sends
 * `{type: 1, message: Reminder}` for every new reminder and answers any text the client sends
 * (its 30-s keep-alive) with `{type: 0, message: 'pong'}`. A missing or bad token closes the
 * socket with code 4401.
 */

export const REMINDER_CATEGORIES = ['wjxx', 'hxxx', 'xtxx'] as const;

export const Reminder = Type.Object({
  /** xxid: reminder id */
  xxid: Type.String(),
  /** lb: wjxx applications and invitations, hxxx job fairs, xtxx system */
  lb: Type.String(),
  /** bt: title */
  bt: Type.String(),
  /** nr: text */
  nr: Type.String(),
  /** tzlj: site path to open ('' for none) */
  tzlj: Type.String(),
  /** sfyd: 1 read, 0 unread */
  sfyd: Type.Integer(),
  createTime: Type.String(),
});
export type Reminder = Static<typeof Reminder>;

/** What the socket sends. */
export type SocketMessage = { type: 1; message: Reminder } | { type: 0; message: 'pong' } | { type: 2; message: 'ready' };
/** The client's first frame on the socket. */
export type SocketAuth = { type: 'auth'; token: string };

const ListParams = Type.Object({
  /** category: one of the counters, or all */
  category: Enum([...REMINDER_CATEGORIES, 'all'], { title: '消息类别' }),
  page: Type.Integer({ minimum: 1, maximum: 100000, title: '页码' }),
  limit: Type.Integer({ minimum: 1, maximum: 100, title: '每页条数' }),
});
const IdList = Type.Array(Id('消息ID'), { minItems: 1, maxItems: 200, title: '消息ID列表' });
/** count: how many changed from unread to read */
const Marked = replyOf({ count: Type.Integer() });

export const notifyApi = {
  seekerList: route({
    method: ['GET', 'POST'], url: '/api/qz/qzxxtx/list/:category/:page/:limit', summary: '求职者消息列表', access: 'qz', tags: ['notify'],
    params: ListParams,
    reply: replyOf({ page: Page(Reminder) }),
  }),
  seekerMarkRead: route({
    method: 'POST', url: '/api/qz/qzxxtx/markReadBatch', summary: '求职者消息标为已读', access: 'qz', tags: ['notify'],
    body: IdList,
    reply: Marked,
  }),
  seekerMarkAllRead: route({
    method: 'POST', url: '/api/qz/qzxxtx/markReadAll/:category', summary: '求职者某类消息全部已读', access: 'qz', tags: ['notify'],
    params: Type.Object({ category: ListParams.properties.category }),
    reply: Marked,
  }),
  hrList: route({
    method: ['GET', 'POST'], url: '/api/hr/qyxxtx/list/:category/:page/:limit', summary: 'HR 消息列表', access: 'hr', tags: ['notify'],
    params: ListParams,
    reply: replyOf({ page: Page(Reminder) }),
  }),
  hrMarkRead: route({
    method: 'POST', url: '/api/hr/qyxxtx/markReadBatch', summary: 'HR 消息标为已读', access: 'hr', tags: ['notify'],
    body: IdList,
    reply: Marked,
  }),
  hrMarkAllRead: route({
    method: 'POST', url: '/api/hr/qyxxtx/markReadAll/:category', summary: 'HR 某类消息全部已读', access: 'hr', tags: ['notify'],
    params: Type.Object({ category: ListParams.properties.category }),
    reply: Marked,
  }),
};
