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
/**
 * The message list's categories (the previous client's values, §1.2): xx_001 system, xx_002
 * recruitment (applications, job fairs, the weekly recommendation), xx_003 interviews (invited,
 * invitations, answers, results), xx_004 viewed by an enterprise (an application's résumé opened),
 * xx_005 questionnaires. The counters (wjxx, hxxx, xtxx) stay what the nav badge reads.
 */
export const MESSAGE_CATEGORIES = ['xx_001', 'xx_002', 'xx_003', 'xx_004', 'xx_005'] as const;
export const MESSAGE_CATEGORY_NAMES: Record<(typeof MESSAGE_CATEGORIES)[number], string> = {
  xx_001: '系统消息', xx_002: '招聘消息', xx_003: '面试消息', xx_004: '谁看过我', xx_005: '问卷调查',
};

export const Reminder = Type.Object({
  /** xxid: reminder id */
  xxid: Type.String(),
  /** lb: the counter it feeds: wjxx applications and invitations, hxxx job fairs, xtxx system */
  lb: Type.String(),
  /** xxlb: the list category (MESSAGE_CATEGORIES) */
  xxlb: Type.String(),
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
/** type 3: something the person's pages show live changed (topic, e.g. QUEUE_SIGNAL): they read it again; nothing is stored. */
export type SocketSignal = { topic: string };
export type SocketMessage = { type: 1; message: Reminder } | { type: 0; message: 'pong' } | { type: 2; message: 'ready' } | { type: 3; message: SocketSignal };
/** The client's first frame on the socket. */
export type SocketAuth = { type: 'auth'; token: string };

const ListParams = Type.Object({
  /** category: a list category (MESSAGE_CATEGORIES), or all */
  category: Enum([...MESSAGE_CATEGORIES, 'all'], { title: '消息类别' }),
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
