/**
 * Interview slots (面试时段) and bookings (预约面试), issue "booth queues, slots and scorecards":
 * an approved enterprise's HR publishes slots from 面试管理 and sends an invitation that offers
 * some of them instead of one fixed time; the seeker books one from 面试邀请, moves or cancels it
 * up to the HR's cut-off, downloads it as an .ics calendar file, and is reminded before it.
 * Times are Beijing wall-clock text ('YYYY-MM-DD HH:mm'), with the moment in ms beside it for
 * countdowns. New calls: English field names.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SLOT_CUTOFF_HOURS, SLOT_LENGTHS, SLOT_MAX_CAPACITY, SLOT_MAX_COUNT, SLOT_MAX_OFFERED } from '../rules/slots.js';
import { DateText, Enum, Id, Page, PageQuery, replyOf, route, EmptyReply } from './define.js';
import { InviteWho } from './applications.js';

export { ATTENDANCE_TEXT, type Attendance, SLOT_MODES, SLOT_LENGTHS, SLOT_CUTOFF_HOURS, SLOT_REMINDER_MINUTES, SLOT_MAX_CAPACITY, SLOT_MAX_COUNT, slotText, slotEnterOpen, type SlotMode } from '../rules/slots.js';

const Mode = Enum(['video', 'onsite'] as const, { title: '面试方式' });
const AttendanceField = Enum(['', 'came', 'no_show'] as const);

/** When and where a slot is, as both sides read it. */
const SlotWhen = {
  /** Beijing time 'YYYY-MM-DD HH:mm' */
  startsAt: Type.String(),
  startsMs: Type.Integer(),
  minutes: Type.Integer(),
  mode: Mode,
  /** on-site: where; video: '' */
  address: Type.String(),
};

/** A seeker who booked a slot, as the enterprise's HR see it. */
export const SlotBooker = Type.Object({
  bookingId: Type.String(),
  seekerId: Type.String(),
  name: Type.String(),
  /** the job the invitation is for */
  jobTitle: Type.String(),
  msid: Type.String(),
  bookedAt: Type.String(),
  /** '' not known yet, came 已到场, no_show 未到场 */
  attendance: AttendanceField,
});

/** A slot as the enterprise's HR see it. */
export const Slot = Type.Object({
  id: Type.String(),
  ...SlotWhen,
  capacity: Type.Integer(),
  booked: Type.Integer(),
  /** the jobs it is for; empty: all of the enterprise's */
  jobIds: Type.Array(Type.String()),
  jobTitles: Type.Array(Type.String()),
  cutoffHours: Type.Number(),
  /** open to every seeker at the enterprise's online-fair booths (展位可约) */
  atBooth: Type.Boolean(),
  /** who published it */
  hrName: Type.String(),
  bookers: Type.Array(SlotBooker),
});
export type Slot = Static<typeof Slot>;

/** A slot an invitation offers, as the seeker sees it. */
export const OfferedSlot = Type.Object({ id: Type.String(), ...SlotWhen, left: Type.Integer() });

/** The seeker's booking of one of the offered slots. */
export const SlotBooking = Type.Object({
  id: Type.String(),
  slotId: Type.String(),
  ...SlotWhen,
  /** Beijing time until which it may be moved or cancelled ('' : until the start) */
  changeUntil: Type.String(),
  changeUntilMs: Type.Integer(),
  /** the HR who takes the interview ('' when that account is gone) */
  hrId: Type.String(),
  attendance: AttendanceField,
});
export type SlotBooking = Static<typeof SlotBooking>;

/** An invitation of the seeker's that offers slots: what is still free, and the booking if any. */
export const SlotOffer = Type.Object({
  msid: Type.String(),
  slots: Type.Array(OfferedSlot),
  booking: Type.Union([SlotBooking, Type.Null()]),
});
export type SlotOffer = Static<typeof SlotOffer>;

/** 预约面试 at a booth: the enterprise's booth slots still open, and my applications to it that may lead to an interview. */
export const BoothSlots = Type.Object({
  slots: Type.Array(Type.Object({ id: Type.String(), ...SlotWhen, left: Type.Integer(), jobIds: Type.Array(Type.String()) })),
  applications: Type.Array(Type.Object({ bsid: Type.String(), gwid: Type.String(), gwmc: Type.String() })),
});
export type BoothSlots = Static<typeof BoothSlots>;

const tags = ['slots'];

export const slotsApi = {
  list: route({
    method: 'GET', url: '/api/hr/slots', summary: '本单位发布的面试时段及预约者', access: 'hrApproved', tags,
    query: Type.Object({
      /** upcoming: not yet over; past: over */
      scope: Type.Optional(Enum(['upcoming', 'past'] as const, { title: '范围', default: 'upcoming' })),
      ...PageQuery,
    }),
    reply: replyOf({ page: Page(Slot) }),
  }),
  open: route({
    method: 'GET', url: '/api/hr/slots/open', summary: '可供邀请选择的面试时段（未开始、有空位，可按岗位筛选）', access: 'hrApproved', tags,
    query: Type.Object({ gwid: Type.Optional(Id('岗位ID')) }),
    reply: replyOf({ list: Type.Array(Slot) }),
  }),
  add: route({
    method: 'POST', url: '/api/hr/slots', summary: '发布面试时段（可连续发布多个）', access: 'hrApproved', tags,
    body: Type.Object({
      /** the first slot's Beijing start 'YYYY-MM-DD HH:mm'; the others follow back to back */
      startsAt: DateText('开始时间', { from: 'minute', to: 'minute' }),
      minutes: Enum(SLOT_LENGTHS, { title: '时长' }),
      count: Type.Integer({ minimum: 1, maximum: SLOT_MAX_COUNT, title: '连续时段数' }),
      mode: Mode,
      address: Type.Optional(Type.String({ maxLength: 100, title: '面试地址' })),
      capacity: Type.Integer({ minimum: 1, maximum: SLOT_MAX_CAPACITY, title: '每个时段人数' }),
      jobIds: Type.Array(Id('岗位ID'), { maxItems: 50, uniqueItems: true, title: '岗位' }),
      cutoffHours: Enum(SLOT_CUTOFF_HOURS, { title: '改约截止' }),
      atBooth: Type.Optional(Type.Boolean({ title: '展位可约' })),
    }),
    reply: replyOf({ ids: Type.Array(Type.String()) }),
  }),
  remove: route({
    method: 'POST', url: '/api/hr/slots/remove', summary: '取消面试时段（已预约的求职者会收到通知，可改约其他时段）', access: 'hrApproved', tags,
    body: Type.Object({ id: Id('时段ID') }),
    reply: replyOf({ cancelled: Type.Integer() }),
  }),
  invite: route({
    method: 'POST', url: '/api/hr/slots/invite', summary: '发出面试邀请，由求职者预约其中一个时段（通知求职者）', access: 'hrApproved', tags,
    body: Type.Object({
      ...InviteWho,
      slotIds: Type.Array(Id('时段ID'), { minItems: 1, maxItems: SLOT_MAX_OFFERED, uniqueItems: true, title: '可预约时段' }),
    }),
    reply: replyOf({ msid: Type.String() }),
  }),
  attendance: route({
    method: 'POST', url: '/api/hr/slots/attendance', summary: '标记预约者已到场或未到场（更正自动标记）', access: 'hrApproved', tags,
    body: Type.Object({ bookingId: Id('预约ID'), attendance: Enum(['came', 'no_show'] as const, { title: '到场情况' }) }),
    reply: EmptyReply,
  }),
  figures: route({
    method: 'GET', url: '/api/hr/slots/figures', summary: '本单位近 30 天已结束的预约面试：预约、到场、未到场人数', access: 'hrApproved', tags,
    reply: replyOf({ booked: Type.Integer(), came: Type.Integer(), noShow: Type.Integer() }),
  }),
  offers: route({
    method: 'GET', url: '/api/qz/slots/offers', summary: '我的面试邀请中可预约的时段及我的预约', access: 'qz', tags,
    reply: replyOf({ list: Type.Array(SlotOffer) }),
  }),
  book: route({
    method: 'POST', url: '/api/qz/slots/book', summary: '预约面试时段（已预约时为改约）', access: 'qz', tags,
    body: Type.Object({ msid: Id('面试邀请ID'), slotId: Id('时段ID') }),
    reply: replyOf({ booking: SlotBooking }),
  }),
  booth: route({
    method: 'GET', url: '/api/qz/slots/booth', summary: '展位可预约的面试时段，及我对该单位可预约面试的投递', access: 'qz', tags,
    query: Type.Object({ dwid: Id('单位ID') }),
    reply: replyOf(BoothSlots.properties),
  }),
  bookAtBooth: route({
    method: 'POST', url: '/api/qz/slots/booth/book', summary: '在展位预约面试时段（需已投递该单位的岗位）', access: 'qz', tags,
    body: Type.Object({ dwid: Id('单位ID'), slotId: Id('时段ID'), bsid: Id('投递ID') }),
    reply: replyOf({ msid: Type.String(), booking: SlotBooking }),
  }),
  cancel: route({
    method: 'POST', url: '/api/qz/slots/cancel', summary: '取消预约（邀请回到待答复，可另约时段）', access: 'qz', tags,
    body: Type.Object({ msid: Id('面试邀请ID') }),
    reply: EmptyReply,
  }),
  calendar: route({
    method: 'GET', url: '/api/sec/slots/calendar', summary: '预约的日历文件（.ics，北京时间）', access: 'user', tags,
    query: Type.Object({ id: Id('预约ID') }),
    reply: replyOf({ filename: Type.String(), content: Type.String() }),
  }),
};
