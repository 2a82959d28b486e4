/**
 * What Chinese law expects of a recruitment site beyond its pages: the operator's registration
 * numbers and contact in every page's footer (ICP备案号, 人力资源服务许可证, service phone, a 举报
 * channel), set in the operator console; and reports (举报) of a job, an enterprise, a chat message
 * or a user, with their evidence, which reach the console to be handled. One generic report call
 * serves every place that offers 举报 (a job's page, the chat).
 */
import { Type } from '@sinclair/typebox';
import { route, replyOf, EmptyReply, Enum, Id, Page } from './define.js';
import { PHONE_PATTERN } from '../rules/phone.js';

/** What can be reported, and how the console names it. */
export const REPORT_KINDS = { job: '岗位', company: '单位', chat: '聊天消息', user: '用户' } as const;
export type ReportKind = keyof typeof REPORT_KINDS;

/** Why, as the reporter picks it (a code 1…6 and its words). */
export const REPORT_REASONS = {
  1: '虚假招聘或信息不实',
  2: '收取费用（押金、培训费、贷款等）',
  3: '违法违规（涉黄、涉赌、传销等）',
  4: '骚扰、辱骂或歧视',
  5: '泄露或索要个人隐私',
  6: '其他',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

/** Reports a visitor (not logged in) may send per address per hour, and a member per day. */
export const REPORT_LIMITS = { anonymousPerHour: 5, memberPerDay: 20 } as const;

/** The footer's facts, as the operator sets them ('' when not set: the footer leaves the line out). */
export const SiteInfo = Type.Object({
  /** icp: ICP备案号, e.g. 京ICP备12345678号-1 (links to beian.miit.gov.cn) */
  icp: Type.String({ maxLength: 50, title: 'ICP备案号' }),
  /** gaba: 公安备案号, e.g. 京公网安备 11010802012345号 */
  gaba: Type.String({ maxLength: 50, title: '公安备案号' }),
  /** rlzyxkz: 人力资源服务许可证 number */
  rlzyxkz: Type.String({ maxLength: 50, title: '人力资源服务许可证' }),
  /** fwdh: the service phone (客服电话) */
  fwdh: Type.String({ maxLength: 30, title: '客服电话' }),
  /** jbdh: the phone for reports (举报电话) */
  jbdh: Type.String({ maxLength: 30, title: '举报电话' }),
  /** jbyx: the e-mail for reports (举报邮箱) */
  jbyx: Type.String({ maxLength: 100, title: '举报邮箱' }),
});

export const ReportRow = Type.Object({
  bsid: Type.String(),
  /** lx: what was reported (REPORT_KINDS) */
  lx: Type.String(),
  /** dxid: the reported item's id (a job's gwid, a user's id, a chat message's id) */
  dxid: Type.String(),
  /** dxmc: what the item was when it was reported (a job's title and enterprise, a user's masked name) */
  dxmc: Type.String(),
  /** dxlj: the site page showing it, '' when there is none */
  dxlj: Type.String(),
  /** yy: the reason code (REPORT_REASONS) */
  yy: Type.Integer(),
  /** sm: the reporter's own words */
  sm: Type.String(),
  /** zj: the evidence: the item as it was (kept by the server for jobs and enterprises) and what the reporter's client attached (a chat's messages) */
  zj: Type.String(),
  /** jbr: the reporter ('游客' with their phone for a visitor) */
  jbr: Type.String(),
  phone: Type.String(),
  /** zt: 0 waiting, 1 handled */
  zt: Type.Integer(),
  /** cljg: what the operator did ('' while waiting) */
  cljg: Type.String(),
  clr: Type.String(),
  clsj: Type.String(),
  createTime: Type.String(),
});

const Text = (max: number, title: string) => Type.String({ maxLength: max, title });

const tags = ['compliance'];

export const complianceApi = {
  siteInfo: route({
    method: 'GET', url: '/api/sec/site/info', summary: '网站备案与联系信息（页脚）', access: 'public', partner: true, tags,
    reply: replyOf({ info: SiteInfo }),
  }),
  adminSaveSiteInfo: route({
    method: 'POST', url: '/api/xs/admin/site/info', summary: '运营：设置备案号、许可证、客服与举报方式', access: 'xs', tags: [...tags, 'admin'],
    body: SiteInfo,
    reply: replyOf({ info: SiteInfo }),
  }),
  report: route({
    method: 'POST', url: '/api/sec/report/add', summary: '举报（岗位、单位、聊天消息、用户）', access: 'optional', partner: true, tags,
    body: Type.Object({
      lx: Type.Unsafe<ReportKind>({ type: 'string', enum: Object.keys(REPORT_KINDS), title: '举报对象类型' }),
      dxid: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_@#-]+$', title: '举报对象' }),
      yy: Enum([1, 2, 3, 4, 5, 6], { title: '举报原因' }),
      sm: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S', title: '举报说明' }),
      /** zj: evidence the client holds (the chat's messages as text); the server keeps its own copy of a job or enterprise */
      zj: Type.Optional(Text(5000, '证据')),
      /** phone: how to reach the reporter; required when not logged in */
      phone: Type.Optional(Type.String({ pattern: `^$|${PHONE_PATTERN}`, title: '联系电话' })),
    }),
    reply: replyOf({ bsid: Type.String() }),
  }),
  adminReports: route({
    method: 'GET', url: '/api/xs/admin/report/list', summary: '运营：举报列表', access: 'xs', tags: [...tags, 'admin'],
    query: Type.Object({
      page: Type.Integer({ minimum: 1, maximum: 100000, default: 1, title: '页码' }),
      limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, title: '每页条数' }),
      /** zt: 0 waiting, 1 handled; all when absent */
      zt: Type.Optional(Enum([0, 1], { title: '处理状态' })),
      lx: Type.Optional(Type.Unsafe<ReportKind>({ type: 'string', enum: Object.keys(REPORT_KINDS), title: '举报对象类型' })),
    }),
    reply: replyOf({ page: Page(ReportRow) }),
  }),
  adminHandleReport: route({
    method: 'POST', url: '/api/xs/admin/report/handle', summary: '运营：处理举报（举报人会收到系统消息）', access: 'xs', tags: [...tags, 'admin'],
    body: Type.Object({
      bsid: Id('举报ID'),
      cljg: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S', title: '处理结果' }),
    }),
    reply: EmptyReply,
  }),
};
