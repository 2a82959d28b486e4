import { Type } from '@sinclair/typebox';
import { JobRowFields } from './job-row.js';
import { route, replyOf, EmptyReply, Id, IdOrEmpty, Page, PageQuery, Enum, DateText } from './define.js';

/**
 * Job fairs (hx 会场): lists, detail, the hall (companies, their jobs at the fair, who is online,
 * statistics), sign-up and favourites for both roles, and the operator's fair editing.
 */

/** Date and time as the site shows them, China time: 'YYYY-MM-DD HH:mm:ss'. */
const Time = Type.String();
/** What the operator types: 'YYYY-MM-DD HH:mm' or with seconds, China time. */
const TimeInput = (title: string) => DateText(title, { from: 'minute', to: 'second' });
/** Region and general codes: empty means "any" in filters. */
const CodeFilter = (title: string) => Type.Optional(Type.String({ pattern: '^[0-9A-Za-z_]{0,20}$', title }));
const HxidQuery = Type.Object({ hxid: Id('会场ID') });
const HxidList = Type.Array(Id('会场ID'), { minItems: 1, maxItems: 50, uniqueItems: true, title: '会场ID列表' });

export const FairItem = Type.Object({
  /** hxid: fair id */
  hxid: Type.String(),
  /** hymc: name */
  hymc: Type.String(),
  /** hykssj: start */
  hykssj: Time,
  /** hyjssj: end */
  hyjssj: Time,
  /** hylx: kind of fair, a code of m_hyktdm (yh_001…), as the previous client decodes it */
  hylx: Type.String(),
  /** sfxs: venue type 1 online, 2 offline (the value the search filter sfxs takes) */
  sfxs: Type.Integer(),
  /** hydd: venue (address for offline fairs) */
  hydd: Type.String(),
  /** sf: province code */
  sf: Type.String(),
  /** csdm: city code */
  csdm: Type.String(),
  /** zbdw: organiser */
  zbdw: Type.String(),
  /** cbdw: host organisation */
  cbdw: Type.String(),
  /** ifks: 1 not started, 2 started, 3 ended (the server's clock) */
  ifks: Type.Integer(),
  /** sfsc: favourited by the caller (0 for visitors) */
  sfsc: Type.Integer(),
  /** sfbm: the caller (seeker) or the caller's enterprise (HR) signed up */
  sfbm: Type.Integer(),
  /** chqys: enterprises signed up */
  chqys: Type.Integer(),
  /** gwfbs: job posts attached to the fair */
  gwfbs: Type.Integer(),
  /** sfgy: 1 public-benefit, 2 paid — only for HR */
  sfgy: Type.Optional(Type.Integer()),
  /** zwf: booth fee per session, yuan — only for HR */
  zwf: Type.Optional(Type.Integer()),
});

export const FairDetail = Type.Composite([
  FairItem,
  Type.Object({
    /** hyjs: description */
    hyjs: Type.String(),
    /** bmrs: job seekers signed up */
    bmrs: Type.Integer(),
  }),
]);

/** Counts over the fairs of one venue type. */
export const FairListStats = Type.Object({
  /** hxzs: all published fairs of the type */
  hxzs: Type.Integer(),
  /** wkshxs: not started */
  wkshxs: Type.Integer(),
  /** jxzhxs: running now */
  jxzhxs: Type.Integer(),
  /** yjshxs: ended */
  yjshxs: Type.Integer(),
});

/** hxdttj: the hall's figures. */
export const HallStats = Type.Object({
  /** chqys: enterprises signed up (universities not counted) */
  chqys: Type.Integer(),
  /** chgxs: universities signed up */
  chgxs: Type.Integer(),
  /** gwfbs: job posts at the fair */
  gwfbs: Type.Integer(),
  /** bmrs: job seekers signed up */
  bmrs: Type.Integer(),
  /** jltds: résumés sent in the hall */
  jltds: Type.Integer(),
  /** mys: offers made to them */
  mys: Type.Integer(),
  /** hxrcs: job seekers in the talent hall (signed up or entered the hall) */
  hxrcs: Type.Integer(),
  /** hyzrs: people in the hall and online now */
  hyzrs: Type.Integer(),
  /** jxzhxs: fairs running now, all venues */
  jxzhxs: Type.Integer(),
  hykssj: Time,
  hyjssj: Time,
  ifks: Type.Integer(),
});

const JobBrief = Type.Object({
  /** gwid: job id */
  gwid: Type.String(),
  /** gwmc: title */
  gwmc: Type.String(),
  /** gwyx: salary-range code (m_xzdydm); zdyx / zgyx the exact monthly range, yuan (both 0: 面议) */
  gwyx: Type.String(),
  zdyx: Type.Integer(),
  zgyx: Type.Integer(),
  dwid: Type.String(),
});

export const HallCompany = Type.Object({
  dwid: Type.String(),
  /** dwmc: name */
  dwmc: Type.String(),
  /** dwxz: ownership code */
  dwxz: Type.String(),
  /** dwsshy: industry code */
  dwsshy: Type.String(),
  /** ztid / tmc: the hall zone the enterprise is placed in ('' when none) */
  ztid: Type.String(),
  tmc: Type.String(),
  /** sfsc: 1 when the caller (a job seeker) follows the enterprise */
  sfsc: Type.Integer(),
  /** hxfbgws: job posts it attached to the fair, closed ones too */
  hxfbgws: Type.Integer(),
  /** hxzzgws: of those, the ones still open */
  hxzzgws: Type.Integer(),
  /** gwfblist: the first five open ones */
  gwfblist: Type.Array(JobBrief),
  /** online: 1 when one of its HR is online now */
  online: Type.Integer(),
});

const HallQuery = Type.Object({
  hxid: Id('会场ID'),
  /** ztid: zone (组团) */
  ztid: Type.Optional(Type.String({ pattern: '^([1-9]\\d{0,17})?$', title: '组团ID' })),
  /** sshy: industry code */
  sshy: CodeFilter('行业'),
  /** dwmc: enterprise name contains */
  dwmc: Type.Optional(Type.String({ maxLength: 50, title: '单位名称' })),
  /** gwmc: enterprises with an open job at the fair whose title contains it */
  gwmc: Type.Optional(Type.String({ maxLength: 50, title: '岗位名称' })),
  page: PageQuery.page,
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 30, title: '每页条数' }),
});

export const FairCompanyInfo = Type.Object({
  dwid: Type.String(),
  dwmc: Type.String(),
  dwxz: Type.String(),
  /** sshy: industry code */
  sshy: Type.String(),
  /** dwgm: size code */
  dwgm: Type.String(),
  /** dwszsf / dwszcs: province / city codes */
  dwszsf: Type.String(),
  dwszcs: Type.String(),
  /** dwjs: introduction ('' when none: its length is read) */
  dwjs: Type.String(),
});

/** A published job at the fair's booth (§2.5 BoothGw): the job row with its description. */
export const FairJob = Type.Object({ ...JobRowFields, gwms: Type.String() });

export const FairOnlineHr = Type.Object({
  hrid: Type.String(),
  /** xm: name */
  xm: Type.String(),
  /** zw: job title */
  zw: Type.String(),
  /** dwmc: the HR's enterprise */
  dwmc: Type.String(),
});
/** An HR of a company at a booth; online: connected to chat now. */
export const FairCompanyHr = Type.Object({
  hrid: Type.String(),
  /** xm: name */
  xm: Type.String(),
  /** zw: job title */
  zw: Type.String(),
  /** dwmc: the HR's enterprise */
  dwmc: Type.String(),
  online: Type.Boolean(),
});

/** The operator's view of a fair: everything, unpublished ones too. */
export const AdminFair = Type.Composite([
  Type.Omit(FairDetail, ['sfgy', 'zwf']),
  Type.Object({
    sfgy: Type.Integer(),
    zwf: Type.Integer(),
    /** fbzt: 1 published, 0 hidden */
    fbzt: Type.Integer(),
    createTime: Time,
  }),
]);

const FairInput = Type.Object({
  /** hxid: set to edit an existing fair */
  hxid: Type.Optional(Id('会场ID')),
  hymc: Type.String({ minLength: 2, maxLength: 100, title: '会场名称' }),
  /** sfxs: 1 online, 2 offline */
  sfxs: Enum([1, 2], { title: '会场类型' }),
  /** hylx: the kind (m_hyktdm); without one, the general fair of its venue type */
  hylx: Type.Optional(Type.String({ pattern: '^([a-z]+_\\d{2,3})?$', title: '会议类型' })),
  hykssj: TimeInput('开始时间'),
  hyjssj: TimeInput('结束时间'),
  sf: Type.Optional(Type.String({ pattern: '^(\\d{6})?$', title: '省份' })),
  csdm: Type.Optional(Type.String({ pattern: '^(\\d{6})?$', title: '城市' })),
  hydd: Type.Optional(Type.String({ maxLength: 200, title: '会场地点' })),
  zbdw: Type.Optional(Type.String({ maxLength: 100, title: '主办单位' })),
  cbdw: Type.Optional(Type.String({ maxLength: 100, title: '承办单位' })),
  hyjs: Type.Optional(Type.String({ maxLength: 5000, title: '会场介绍' })),
  sfgy: Enum([1, 2], { title: '是否公益', default: 1 }),
  zwf: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000, title: '展位费' })),
  fbzt: Type.Optional(Enum([0, 1], { title: '发布状态' })),
});

const myFairsQuery = Type.Object({
  ...PageQuery,
  /** hymc: name contains */
  hymc: Type.Optional(Type.String({ maxLength: 50, title: '会场名称' })),
});

/** A favourited fair, in the previous client's upper-case keys. */
export const FavoriteFair = Type.Object({
  HXID: Type.String(),
  HYMC: Type.String(),
  HYKSSJ: Time,
  HYJSSJ: Time,
  /** HYLX: kind of fair (m_hyktdm) */
  HYLX: Type.String(),
  /** QYCHRS: enterprises signed up */
  QYCHRS: Type.Integer(),
  /** QYGWS: job posts at the fair */
  QYGWS: Type.Integer(),
  /** SCSJ: favourited at */
  SCSJ: Time,
  /** USERID: who favourited it */
  USERID: Type.String(),
});

/** A fair the HR's enterprise booked, with the fair's figures under the names of the HR centre. */
export const CompanyFair = Type.Composite([
  FairItem,
  Type.Object({
    /** cjqys: enterprises taking part */
    cjqys: Type.Integer(),
    /** hyfbgws: job posts at the fair */
    hyfbgws: Type.Integer(),
  }),
]);

/** A fair as the HR's 双选会管理 lists it: with the enterprise's booking state. */
export const BookableFair = Type.Composite([
  FairItem,
  Type.Object({
    /** shzt: the enterprise's booking '0' pending, '1' approved, '2' rejected, null not booked */
    shzt: Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2'), Type.Null()]),
  }),
]);

/** A job seeker of the fair's talent hall, as an HR sees them. */
export const HallTalent = Type.Object({
  qzbsid: Type.String(),
  /** xm: surname and 先生/女士 (the full name shows on the résumé) */
  xm: Type.String(),
  /** xb: gender as text, 男 / 女 ('' unknown) */
  xb: Type.String(),
  /** nl: age, null when unknown */
  nl: Type.Union([Type.Integer(), Type.Null()]),
  /** zgxl: highest degree code (m_xldm) */
  zgxl: Type.String(),
  /** gznx: years of work */
  gznx: Type.Integer(),
  /** zgzy: major of the highest degree; xxmc: its school */
  zgzy: Type.String(),
  xxmc: Type.String(),
  /** ypgw: titles of the enterprise's jobs the seeker applied to at this fair, '' none */
  ypgw: Type.String(),
  /** sfsc: 1 when the HR keeps the seeker as a favourite talent */
  sfsc: Type.Integer(),
});

/** One line of the halls' ticker: what happened and when. */
export const HallLogLine = Type.Object({
  /** createTime: 'YYYY-MM-DD HH:mm:ss', China time */
  createTime: Type.String(),
  /** lgnr: the line's text */
  lgnr: Type.String(),
});

export const fairsApi = {
  hrFigures: route({
    method: ['GET', 'POST'], url: '/api/hr/bshxxx/hrInfoTj', summary: 'HR 中心数据：预定与参加的招聘会、在招职位、收到与下载的简历', access: 'hr', tags: ['fairs'],
    reply: replyOf({
      qygrxxtjVO: Type.Object({
        /** ydcgs: fairs the enterprise booked (signed up for) */
        ydcgs: Type.Integer(),
        /** ycjhxs: of those, fairs that have started (attended) */
        ycjhxs: Type.Integer(),
        /** hrzzzws: jobs open now */
        hrzzzws: Type.Integer(),
        /** hrsdjls: résumés received (applications) */
        hrsdjls: Type.Integer(),
        /** hrxzjls: résumés downloaded */
        hrxzjls: Type.Integer(),
      }),
    }),
  }),
  hallTicker: route({
    method: 'GET', url: '/api/qz/systemhxlogs/list', summary: '会场动态（最近的报名与投递）', access: 'public', tags: ['fairs'],
    query: Type.Object({
      ...PageQuery,
      /** hxid: this hall's news only; without it (the previous client) the news of fairs not yet ended */
      hxid: Type.Optional(Id('会场ID')),
    }),
    reply: replyOf({ page: Type.Object({ list: Type.Array(HallLogLine), totalCount: Type.Integer() }) }),
  }),
  list: route({
    method: 'GET', url: '/api/hr/bshxxx/findHxListByType', summary: '招聘会列表（线上 1 / 线下 2）', access: 'optional', partner: true, tags: ['fairs'],
    query: Type.Object({
      page: PageQuery.page,
      limit: Type.Integer({ minimum: 1, maximum: 100, default: 12, title: '每页条数' }),
      /** type: venue 1 online, 2 offline; empty for both */
      type: Type.Optional(Enum([1, 2], { title: '会场类型' })),
      /** px: 1 running and upcoming first (soonest first), then ended; 2 newest start first */
      px: Type.Optional(Enum([1, 2], { title: '排序', default: 1 })),
      csdm: CodeFilter('城市'),
      /** ksny: start month 'YYYY-MM' */
      ksny: Type.Optional(DateText('开始年月', { from: 'month', to: 'month', empty: true })),
      hymc: Type.Optional(Type.String({ maxLength: 50, title: '会场名称' })),
    }),
    reply: replyOf({ page: Page(FairItem), hxdttj: FairListStats }),
  }),
  search: route({
    method: ['GET', 'POST'], url: '/api/xs/business/hxxx/queryHxListJs', summary: '招聘会检索（省份、线上线下、会议类型、月份、名称）', access: 'optional', partner: true, tags: ['fairs'],
    /** as the previous client's fair search sends them (query parameters, also on POST) */
    query: Type.Object({
      page: PageQuery.page,
      limit: Type.Integer({ minimum: 1, maximum: 100, default: 27, title: '每页条数' }),
      /** hysf: province code */
      hysf: CodeFilter('省份'),
      /** sfxs: 1 online, 2 offline, 3 either */
      sfxs: Type.Optional(Type.Union([Enum([1, 2, 3]), Type.Literal('')], { title: '线上线下' })),
      /** hylx: the fair's kind (m_hyktdm) */
      hylx: CodeFilter('会议类型'),
      /** kssj / jssj: the months the fair starts in, 'YYYY-MM-01 00:00:00' */
      kssj: Type.Optional(DateText('开始月份', { from: 'day', to: 'second', empty: true })),
      jssj: Type.Optional(DateText('结束月份', { from: 'day', to: 'second', empty: true })),
      hymc: Type.Optional(Type.String({ maxLength: 50, title: '会场名称' })),
      /** pxfs: '' or 1 running and upcoming first; 2 newest start first */
      pxfs: Type.Optional(Type.Union([Enum([1, 2]), Type.Literal('')], { title: '排序方式' })),
      /** userId, roleId: sent by the previous client, not needed (the token tells who asks) */
      userId: Type.Optional(IdOrEmpty('用户ID')),
      roleId: Type.Optional(Type.String({ maxLength: 20 })),
    }),
    reply: replyOf({ page: Page(FairItem) }),
  }),
  detail: route({
    method: ['GET', 'POST'], url: '/api/hr/bshxxx/findHxInfo', summary: '招聘会详情', access: 'optional', partner: true, tags: ['fairs'],
    query: HxidQuery,
    reply: replyOf({ bsHxxx: FairDetail }),
  }),
  stats: route({
    method: ['GET', 'POST'], url: '/api/qz/bshxxx/hxdttj', summary: '会场大厅统计', access: 'optional', partner: true, tags: ['fairs'],
    query: HxidQuery,
    reply: replyOf({ hxdttj: HallStats }),
  }),
  hallCompanies: route({
    method: ['GET', 'POST'], url: '/api/qz/bskhgl/list', summary: '会场参会单位（含在招岗位与在线状态）', access: 'optional', partner: true, tags: ['fairs'],
    query: HallQuery,
    reply: replyOf({ page: Page(HallCompany) }),
  }),
  hallCompaniesByZone: route({
    method: ['GET', 'POST'], url: '/api/qz/bskhgl/listByZt', summary: '会场某组团的参会单位', access: 'optional', partner: true, tags: ['fairs'],
    query: HallQuery,
    reply: replyOf({ page: Page(HallCompany) }),
  }),
  hallIndustries: route({
    method: 'GET', url: '/api/qz/bskhgl/queryHylxList', summary: '会场参会单位的行业', access: 'public', tags: ['fairs'],
    query: HxidQuery,
    /** hydm: industry code; hymc: its name */
    reply: replyOf({ list: Type.Array(Type.Object({ hydm: Type.String(), hymc: Type.String() })) }),
  }),
  hallZones: route({
    method: 'GET', url: '/api/qz/bsdwbmxx/ztListByHx', summary: '会场组团列表', access: 'public', tags: ['fairs'],
    query: HxidQuery,
    /** tbsid: zone id; tmc: its name */
    reply: replyOf({ list: Type.Array(Type.Object({ tbsid: Type.String(), tmc: Type.String() })) }),
  }),
  companyJobs: route({
    method: 'GET', url: '/api/qz/bskhgl/queryHyDwGwList', summary: '参会单位在本会场的岗位', access: 'public', tags: ['fairs'],
    query: Type.Object({
      hxid: Id('会场ID'),
      dwid: Id('单位ID'),
      ...PageQuery,
      /** type: kept for the older client, which always sends 1 */
      type: Type.Optional(Type.Integer({ title: '类型' })),
    }),
    /** page.records (not list): the shape the previous client's hall reads */
    reply: replyOf({
      dwinfo: FairCompanyInfo,
      page: Type.Object({
        records: Type.Array(FairJob),
        totalCount: Type.Integer(),
        totalPage: Type.Integer(),
        currPage: Type.Integer(),
        pageSize: Type.Integer(),
      }),
    }),
  }),
  onlineHr: route({
    method: 'GET', url: '/api/qz/im/getOnlineHr', summary: '单位在线的 HR', access: 'user', partner: true, tags: ['fairs'],
    query: Type.Object({ dwid: Id('单位ID') }),
    /** onlineHrs: those online now; page.list: every HR of the company, online or not (offline ones can be left a message) */
    reply: replyOf({ onlineHrs: Type.Array(FairOnlineHr), page: Type.Object({ list: Type.Array(FairCompanyHr), totalCount: Type.Integer() }) }),
  }),
  enterHall: route({
    method: 'POST', url: '/imapi/api/meet/online', summary: '进入会场（登录用户记为在场；未登录的调用不记录）', access: 'optional', partner: true, tags: ['fairs'],
    query: Type.Object({ hxid: Id('会场ID'), type: Type.Optional(Type.Integer({ title: '类型' })) }),
    reply: EmptyReply,
  }),
  seekerJoinHall: route({
    method: 'POST', url: '/api/qz/qzjrhxdtjl/joinHxDt', summary: '求职者/游客进入会场大厅', access: 'optional', partner: true, tags: ['fairs'],
    query: HxidQuery,
    reply: EmptyReply,
  }),
  hrJoinHall: route({
    method: 'POST', url: '/api/hr/qyjrhxdtjl/joinHxDt', summary: 'HR 进入会场大厅', access: 'hr', partner: true, tags: ['fairs'],
    query: HxidQuery,
    reply: EmptyReply,
  }),
  onlineCount: route({
    method: 'POST', url: '/imapi/api/meet/onlineCount', summary: '会场在线人数（1 求职者 / 2 HR / 3 单位）', access: 'public', tags: ['fairs'],
    query: Type.Object({ hxid: Id('会场ID'), type: Enum([1, 2, 3], { title: '类型' }) }),
    reply: replyOf({ data: Type.Integer() }),
  }),
  onlineCompanies: route({
    method: 'POST', url: '/imapi/api/meet/onlineDw', summary: '这些单位中有 HR 在线的', access: 'public', tags: ['fairs'],
    body: Type.Array(Id('单位ID'), { maxItems: 200, title: '单位ID列表' }),
    reply: replyOf({ data: Type.Array(Type.String()) }),
  }),
  onlineUsers: route({
    method: 'POST', url: '/imapi/api/users/online', summary: '这些用户中在线的（未登录只看得到 HR 的）', access: 'optional', partner: true, tags: ['fairs'],
    body: Type.Array(Id('用户ID'), { maxItems: 200, title: '用户ID列表' }),
    reply: replyOf({ data: Type.Array(Type.String()) }),
  }),
  userOnline: route({
    method: 'POST', url: '/imapi/api/user/online', summary: '某用户是否在线（未登录只看得到 HR 的；登录用户自己记为在线）', access: 'optional', partner: true, tags: ['fairs'],
    query: Type.Object({ userid: Id('用户ID') }),
    reply: replyOf({ data: Type.Boolean() }),
  }),

  seekerSignUp: route({
    method: 'POST', url: '/api/qz/bsrcbmxx/hxBmMore', summary: '求职者报名招聘会（可多个）', access: 'qz', partner: true, tags: ['fairs'],
    body: HxidList,
    reply: EmptyReply,
  }),
  /**
   * The previous client's form of a seeker's sign-up: registering into a fair's talent pool (the
   * seekers signed up, whom the fair's enterprises see in the hall). qzzid, when sent, must be the
   * caller; the same rules as hxBmMore (completeness 60, the fair not ended).
   */
  talentPoolSave: route({
    method: 'POST', url: '/api/xs/app/rc/save', summary: '求职者进入招聘会人才库（即报名）', access: 'qz', tags: ['fairs'],
    query: Type.Object({ hxid: Id('招聘会ID'), qzzid: Type.Optional(Id('求职者ID')) }),
    reply: EmptyReply,
  }),
  hrSignUp: route({
    method: 'POST', url: '/api/hr/bsdwbmxx/addBmhxxMore', summary: '单位报名招聘会（可多个）', access: 'hrApproved', partner: true, tags: ['fairs'],
    body: HxidList,
    reply: EmptyReply,
  }),
  seekerFairs: route({
    method: 'POST', url: '/api/qz/bsrcbmxx/list', summary: '我报名的招聘会', access: 'qz', partner: true, tags: ['fairs'],
    reply: replyOf({ hxList: Type.Array(FairItem) }),
  }),
  companyFairs: route({
    method: ['GET', 'POST'], url: '/api/hr/bshxxx/findYdHxPageAllListByDw', summary: '本单位已报名的招聘会（1 未开始 / 2 进行中 / 3 已结束）', access: 'hr', partner: true, tags: ['fairs'],
    /** type: 1 booked and not started, 2 running, 3 past; empty for all */
    query: Type.Object({ ...PageQuery, type: Type.Optional(Enum([1, 2, 3], { title: '状态' })) }),
    reply: replyOf({ page: Page(CompanyFair) }),
  }),
  bookableFairs: route({
    method: ['GET', 'POST'], url: '/api/hr/bshxxx/findHxPageAllListBySelf', summary: '双选会管理：招聘会与本单位的预定状态', access: 'hr', tags: ['fairs'],
    query: Type.Object({
      ...PageQuery,
      hymc: Type.Optional(Type.String({ maxLength: 50, title: '会场名称' })),
      /** kssj / jssj: months the fair starts in, 'YYYY-MM' (a full date is cut to its month) */
      kssj: Type.Optional(DateText('开始月份', { from: 'month', to: 'second', empty: true })),
      jssj: Type.Optional(DateText('结束月份', { from: 'month', to: 'second', empty: true })),
      /** type: 1 all, 2 not booked, 3 booked (approved), 4 pending, 5 rejected */
      type: Type.Optional(Enum([1, 2, 3, 4, 5], { title: '预定状态', default: 1 })),
    }),
    reply: replyOf({ page: Page(BookableFair) }),
  }),
  hallTalents: route({
    method: ['GET', 'POST'], url: '/api/hr/qzgrjbxx/selectHxrcPageList', summary: '会场人才（报名或进入会场的求职者）', access: 'hrApproved', tags: ['fairs'],
    query: Type.Object({
      hxid: Id('会场ID'),
      /** xxmc / zymc: school / major contains */
      xxmc: Type.Optional(Type.String({ maxLength: 50, title: '学校名称' })),
      zymc: Type.Optional(Type.String({ maxLength: 50, title: '专业名称' })),
      /** userId: sent by the previous client, not needed (the token tells who asks) */
      userId: Type.Optional(IdOrEmpty('用户ID')),
      page: PageQuery.page,
      limit: Type.Integer({ minimum: 1, maximum: 100, default: 30, title: '每页条数' }),
    }),
    reply: replyOf({ page: Page(HallTalent) }),
  }),
  companySignUpState: route({
    method: ['GET', 'POST'], url: '/api/hr/bsdwbmxx/findDwBmzt', summary: '本单位是否已报名该招聘会', access: 'hr', partner: true, tags: ['fairs'],
    query: HxidQuery,
    /** code 0 and bmzt 1 when the HR's enterprise signed up; otherwise code 403 (the previous client reads only the code) */
    reply: replyOf({ bmzt: Type.Integer() }),
  }),
  seekerFavorite: route({
    method: 'POST', url: '/api/qz/jobFairFavorite/favoriteMore', summary: '求职者收藏招聘会', access: 'qz', partner: true, tags: ['fairs'],
    body: HxidList,
    reply: EmptyReply,
  }),
  hrFavorite: route({
    method: 'POST', url: '/api/hr/jobFairFavorite/favoriteMore', summary: 'HR 收藏招聘会', access: 'hr', partner: true, tags: ['fairs'],
    body: HxidList,
    reply: EmptyReply,
  }),
  seekerUnfavorite: route({
    method: ['GET', 'POST'], url: '/api/qz/jobFairFavorite/Unfavorite', summary: '求职者取消收藏招聘会', access: 'qz', partner: true, tags: ['fairs'],
    query: HxidQuery,
    reply: EmptyReply,
  }),
  hrUnfavorite: route({
    method: ['GET', 'POST'], url: '/api/hr/jobFairFavorite/Unfavorite', summary: 'HR 取消收藏招聘会', access: 'hr', partner: true, tags: ['fairs'],
    query: HxidQuery,
    reply: EmptyReply,
  }),
  seekerFavorites: route({
    method: 'GET', url: '/api/qz/jobFairFavorite/collectedList', summary: '求职者收藏的招聘会', access: 'qz', partner: true, tags: ['fairs'],
    query: myFairsQuery,
    reply: replyOf({ page: Page(FavoriteFair) }),
  }),
  hrFavorites: route({
    method: 'GET', url: '/api/hr/jobFairFavorite/collectedList', summary: 'HR 收藏的招聘会', access: 'hr', partner: true, tags: ['fairs'],
    query: myFairsQuery,
    reply: replyOf({ page: Page(FavoriteFair) }),
  }),

  adminList: route({
    method: 'GET', url: '/api/xs/admin/fair/list', summary: '运营：招聘会列表（含未发布）', access: 'xs', tags: ['fairs', 'admin'],
    query: Type.Object({ ...PageQuery, hymc: Type.Optional(Type.String({ maxLength: 50, title: '会场名称' })), type: Type.Optional(Enum([1, 2], { title: '会场类型' })) }),
    reply: replyOf({ page: Page(AdminFair) }),
  }),
  adminSave: route({
    method: 'POST', url: '/api/xs/admin/fair/save', summary: '运营：新建或修改招聘会', access: 'xs', tags: ['fairs', 'admin'],
    body: FairInput,
    reply: replyOf({ hxid: Type.String() }),
  }),
  adminPublish: route({
    method: 'POST', url: '/api/xs/admin/fair/publish', summary: '运营：发布或撤下招聘会', access: 'xs', tags: ['fairs', 'admin'],
    body: Type.Object({ hxid: Id('会场ID'), fbzt: Enum([0, 1], { title: '发布状态' }) }),
    reply: EmptyReply,
  }),
  adminZoneSave: route({
    method: 'POST', url: '/api/xs/admin/fair/zone/save', summary: '运营：新建或修改会场组团', access: 'xs', tags: ['fairs', 'admin'],
    body: Type.Object({
      hxid: Id('会场ID'),
      tbsid: Type.Optional(Id('组团ID')),
      tmc: Type.String({ minLength: 1, maxLength: 30, title: '组团名称' }),
      px: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999, title: '排序' })),
    }),
    reply: replyOf({ tbsid: Type.String() }),
  }),
  adminZoneDelete: route({
    method: 'POST', url: '/api/xs/admin/fair/zone/delete', summary: '运营：删除会场组团', access: 'xs', tags: ['fairs', 'admin'],
    body: Type.Object({ tbsid: Id('组团ID') }),
    reply: EmptyReply,
  }),
  adminZoneAssign: route({
    method: 'POST', url: '/api/xs/admin/fair/zone/assign', summary: '运营：把参会单位放入组团（空为移出）', access: 'xs', tags: ['fairs', 'admin'],
    body: Type.Object({ hxid: Id('会场ID'), dwid: Id('单位ID'), tbsid: Type.String({ pattern: '^([1-9]\\d{0,17})?$', title: '组团ID' }) }),
    reply: EmptyReply,
  }),
  adminSignups: route({
    method: 'GET', url: '/api/xs/admin/fair/signups', summary: '运营：某招聘会的报名单位', access: 'xs', tags: ['fairs', 'admin'],
    query: Type.Object({ hxid: Id('会场ID'), ...PageQuery }),
    reply: replyOf({
      page: Page(Type.Object({ dwid: Type.String(), dwmc: Type.String(), ztid: Type.String(), tmc: Type.String(), createTime: Time })),
      /** bmrs: job seekers signed up */
      bmrs: Type.Integer(),
    }),
  }),
};
