/**
 * Booth queues (排队面试), issue "booth queues, slots and scorecards": at a live online fair a job
 * seeker joins the line of a booth whose HR is online and sees the position live; the
 * enterprise's HR see the line, take the next one (下一位, which rings the seeker with the 1:1
 * call), skip one who does not answer (once more at the end, then out), and pause the line with a
 * note. Live changes arrive on the notification socket as a signal (QUEUE_SIGNAL); the pages read
 * these calls again. Times are Beijing wall-clock text with the moment in ms beside it. New calls:
 * English field names.
 */
import { Type, type Static } from '@sinclair/typebox';
import { QUEUE_BOOTHS_MAX, QUEUE_NOTE_MAX } from '../rules/queue.js';
import { Enum, Id, replyOf, route, EmptyReply } from './define.js';

export { QUEUE_CLOSED_TEXT, QUEUE_GRACE_MINUTES, QUEUE_NOTE_MAX, QUEUE_POLL_SECONDS, QUEUE_RING_SECONDS, estimatedWait, waitText, type QueueClosed } from '../rules/queue.js';

/** The notification socket's signal topic for "a queue you are in or serve changed". */
export const QUEUE_SIGNAL = 'queue';

const Closed = Enum(['', 'paused', 'offline', 'not_live'] as const);

/** A booth's line as everyone may see it (the hall's button). */
export const BoothQueue = Type.Object({
  dwid: Type.String(),
  /** '' open; else why it takes nobody now */
  closed: Closed,
  /** the HR's note when paused */
  note: Type.String(),
  waiting: Type.Integer(),
  /** minutes a newcomer would wait */
  waitMinutes: Type.Integer(),
  /** interview slots open to book at the booth (展位可约; the slots module's 预约面试) */
  slots: Type.Integer(),
});
export type BoothQueue = Static<typeof BoothQueue>;

/** The seeker's place in a line. */
export const MyQueueEntry = Type.Object({
  id: Type.String(),
  hxid: Type.String(),
  fairName: Type.String(),
  dwid: Type.String(),
  companyName: Type.String(),
  /** waiting, or called (the HR is ringing) */
  state: Enum(['waiting', 'called'] as const),
  /** 1: next; 0 while called */
  position: Type.Integer(),
  waitMinutes: Type.Integer(),
  /** skipped once already: a second miss takes the seeker out */
  skipped: Type.Boolean(),
  closed: Closed,
  note: Type.String(),
  /** the HR calling (state called) */
  hrName: Type.String(),
  joinedAt: Type.String(),
});
export type MyQueueEntry = Static<typeof MyQueueEntry>;

/** A seeker in the line, as the enterprise's HR see them. */
export const QueuedSeeker = Type.Object({
  id: Type.String(),
  seekerId: Type.String(),
  name: Type.String(),
  school: Type.String(),
  major: Type.String(),
  /** m_xldm code of the highest degree ('' none) */
  degree: Type.String(),
  joinedAt: Type.String(),
  joinedMs: Type.Integer(),
  skipped: Type.Boolean(),
  /** all the seeker's pages are closed (the place is kept for QUEUE_GRACE_MINUTES) */
  away: Type.Boolean(),
  /** called entries: who calls, since when */
  hrId: Type.String(),
  hrName: Type.String(),
  calledMs: Type.Integer(),
});
export type QueuedSeeker = Static<typeof QueuedSeeker>;

/** One booth's line at one live fair, for the enterprise's HR. */
export const HrQueue = Type.Object({
  hxid: Type.String(),
  fairName: Type.String(),
  /** Beijing time the fair ends */
  endsAt: Type.String(),
  paused: Type.Boolean(),
  note: Type.String(),
  waiting: Type.Array(QueuedSeeker),
  /** being called or talked to, by any HR of the enterprise */
  current: Type.Array(QueuedSeeker),
  /** served at this fair so far, and their average minutes */
  served: Type.Integer(),
  averageMinutes: Type.Integer(),
  /** HR of the enterprise online now */
  hrsOnline: Type.Integer(),
});
export type HrQueue = Static<typeof HrQueue>;

const tags = ['queue'];
const Note = Type.String({ maxLength: QUEUE_NOTE_MAX, title: '暂停说明' });

export const queueApi = {
  booths: route({
    method: 'POST', url: '/api/pub/queue/booths', summary: '会场展位的排队情况（人数、预计等待、是否可排队）', access: 'public', tags,
    body: Type.Object({
      hxid: Id('招聘会ID'),
      dwids: Type.Array(Id('单位ID'), { minItems: 1, maxItems: QUEUE_BOOTHS_MAX, uniqueItems: true, title: '单位' }),
    }),
    reply: replyOf({ list: Type.Array(BoothQueue) }),
  }),
  mine: route({
    method: 'GET', url: '/api/qz/queue/mine', summary: '我正在排的队（位置、预计等待）', access: 'qz', tags,
    reply: replyOf({ entry: Type.Union([MyQueueEntry, Type.Null()]) }),
  }),
  join: route({
    method: 'POST', url: '/api/qz/queue/join', summary: '在展位排队面试（同一时间只能排一个队）', access: 'qz', tags,
    body: Type.Object({ hxid: Id('招聘会ID'), dwid: Id('单位ID') }),
    reply: replyOf({ entry: MyQueueEntry }),
  }),
  leave: route({
    method: 'POST', url: '/api/qz/queue/leave', summary: '离开队伍', access: 'qz', tags,
    reply: EmptyReply,
  }),
  list: route({
    method: 'GET', url: '/api/hr/queue', summary: '本单位在进行中的网络招聘会上的排队队伍', access: 'hrApproved', tags,
    reply: replyOf({ list: Type.Array(HrQueue) }),
  }),
  next: route({
    method: 'POST', url: '/api/hr/queue/next', summary: '下一位：叫排在最前的求职者（随后发起视频通话）', access: 'hrApproved', tags,
    body: Type.Object({ hxid: Id('招聘会ID') }),
    reply: replyOf({ seeker: QueuedSeeker }),
  }),
  finish: route({
    method: 'POST', url: '/api/hr/queue/finish', summary: '面试结束（求职者离开队伍）', access: 'hrApproved', tags,
    body: Type.Object({ id: Id('排队ID') }),
    reply: EmptyReply,
  }),
  skip: route({
    method: 'POST', url: '/api/hr/queue/skip', summary: '跳过未接听的求职者（第一次排回队尾，第二次移出队伍）', access: 'hrApproved', tags,
    body: Type.Object({ id: Id('排队ID') }),
    reply: replyOf({ requeued: Type.Boolean() }),
  }),
  pause: route({
    method: 'POST', url: '/api/hr/queue/pause', summary: '暂停或恢复排队（可附说明）', access: 'hrApproved', tags,
    body: Type.Object({ hxid: Id('招聘会ID'), paused: Type.Boolean({ title: '暂停' }), note: Type.Optional(Note) }),
    reply: EmptyReply,
  }),
};
