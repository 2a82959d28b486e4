import { Type } from '@sinclair/typebox';
import { route, replyOf, EmptyReply, Id } from './define.js';

/**
 * A job seeker's own application: its history (投递 → 被查看 → 邀请面试 / 不合适 …, each with its
 * Beijing time) and 撤回投递 while the enterprise has not read it yet.
 */

/** What each step of the history says: application states (yyzt) and the answers to an invitation. */
export const APPLICATION_EVENT_LABELS = {
  '1': '投递简历',
  '2': '简历被查看',
  '3': '通过初筛',
  '4': '邀请面试',
  '5': '不合适',
  '6': '已录用',
  accepted: '接受面试邀请',
  declined: '拒绝面试邀请',
  passed: '面试通过',
  failed: '面试未通过',
} as const;
export type ApplicationEventKind = keyof typeof APPLICATION_EVENT_LABELS;

/** Only an application the enterprise has not opened (yyzt 1, no download) may be withdrawn. */
export const WITHDRAWABLE_STATE = 1;
export const WITHDRAW_TOO_LATE_MSG = '该单位已查看您的简历，不能再撤回投递';
export const WITHDRAW_DONE_MSG = '已撤回投递，该单位将看不到这份简历';

const tags = ['applications'];

export const ApplicationEvent = Type.Object({
  /** kind: a key of APPLICATION_EVENT_LABELS */
  kind: Type.String(),
  /** label: what happened, in Chinese */
  label: Type.String(),
  /** at: Beijing time 'YYYY-MM-DD HH:mm' */
  at: Type.String(),
});

export const applicationHistoryApi = {
  timeline: route({
    method: 'GET', url: '/api/qz/qyhxrxx/timeline/:bsid', summary: '我的投递：状态变化记录（北京时间）', access: 'qz', tags,
    params: Type.Object({ bsid: Id('投递ID') }),
    /** events oldest first; withdrawable: 1 while 撤回投递 is still possible */
    reply: replyOf({ events: Type.Array(ApplicationEvent), withdrawable: Type.Integer() }),
  }),
  withdraw: route({
    method: 'POST', url: '/api/qz/qyhxrxx/withdraw/:bsid', summary: '撤回投递（单位查看前）', access: 'qz', tags,
    params: Type.Object({ bsid: Id('投递ID') }),
    reply: EmptyReply,
  }),
};
