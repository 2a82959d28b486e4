import { Type } from '@sinclair/typebox';
import { Gwzt, JobRowFields } from './job-row.js';
import { route, replyOf, EmptyReply, Id, Enum, Page, PageQuery, Phone, DateText, DateRangeText } from './define.js';
import { PreviewInfo } from './resumes.js';

/**
 * Applications (投递, qyhxrxx 候选人) and what follows them: the seeker's lists by state, HR's
 * received lists and state changes, interview invitations (面试邀约) and the seeker's answers,
 * HR reading and downloading the résumé of a candidate.
 */

/** yyzt: the state of an application as both sides see it. */
export const APPLICATION_STATES = {
  1: '已投递', // submitted, not yet opened by HR
  2: '已查看', // viewed
  3: '通过初筛', // shortlisted
  4: '邀请面试', // interview
  5: '不合适', // refused
  6: '已录用', // hired
} as const;
export type ApplicationState = keyof typeof APPLICATION_STATES;
/** States an HR may set with updateHxrYyzt (1 is only the starting state). */
export const SETTABLE_STATES = [2, 3, 4, 5, 6] as const;
/** Final states: no further change. */
export const FINAL_STATES = [5, 6] as const;
/** 已选中 (findYxzHxrList): candidates HR picked. */
export const SELECTED_STATES = [3, 4, 6] as const;

/** Interview invitation answer (zt): 0 waiting, 1 accepted, 2 declined. */
export const INVITATION_ANSWERS = { 0: '待答复', 1: '已接受', 2: '已拒绝' } as const;
/** Interview result (msjg): 0 not recorded, 1 passed, 2 not passed. */
export const INTERVIEW_RESULTS = { 0: '未填写', 1: '通过', 2: '未通过' } as const;

/** channel: where the seeker applied from (free word; the older client sent its own codes). */
const Channel = Type.String({ maxLength: 20, pattern: '^[A-Za-z0-9_-]*$', title: '投递渠道' });
/** An optional id that the older client may send as '' when there is none. */
const OptId = (title: string) => Type.String({ pattern: '^([1-9]\\d{0,17})?$', title });
/** 'YYYY-MM-DD HH:mm' (seconds optional), Beijing time. */
const DateTime = (title: string) => DateText(title, { from: 'minute', to: 'second' });

export const ApplyInput = Type.Object({
  /** gwid: the job */
  gwid: Id('岗位ID'),
  /** dwid: the job's enterprise (checked against the job when sent) */
  dwid: Type.Optional(OptId('单位ID')),
  /** fjjlid: an attachment résumé (wjlx 10) of the seeker; omitted = the online résumé */
  fjjlid: Type.Optional(OptId('附件简历')),
  /** hxid: applied in this fair's hall (双选会) */
  hxid: Type.Optional(OptId('招聘会ID')),
  channel: Type.Optional(Channel),
});

/** gwtdlist item: one of my applications (§2.7). */
export const MyApplication = Type.Object({
  /** bsid: the application id */
  bsid: Type.String(),
  gwid: Type.String(),
  gwmc: Type.String(),
  /** gwzt: the job's state now (see Gwzt; '2' still takes applications) */
  gwzt: Gwzt,
  dwid: Type.String(),
  dwmc: Type.String(),
  /** dwxz / dwgm: the enterprise's ownership and size codes; dwszsf / dwszcs its province and city */
  dwxz: Type.String(),
  dwgm: Type.String(),
  dwszsf: Type.String(),
  dwszcs: Type.String(),
  logoUrl: Type.String(),
  /** sbcs: city code of the workplace */
  sbcs: Type.String(),
  /** gwyx: salary-range code (m_xzdydm) beside the exact bounds */
  gwyx: Type.String(),
  zdyx: Type.Integer(),
  zgyx: Type.Integer(),
  xlyq: Type.String(),
  jyyq: Type.String(),
  /** gznx: the job's experience requirement (the jyyq code, under the name this list reads) */
  gznx: Type.String(),
  /** ckcs: how often the enterprise's HR opened my résumé */
  ckcs: Type.Integer(),
  /** tdsj: applied at */
  tdsj: Type.String(),
  /** yyzt: see APPLICATION_STATES */
  yyzt: Type.Integer(),
  /** ztsj: when the state last changed, '' while untouched */
  ztsj: Type.String(),
  /** hxid / hymc: the fair applied at, '' for none */
  hxid: Type.String(),
  hymc: Type.String(),
  /** fjjlid / fjjlmc: attachment résumé sent, '' = the online résumé */
  fjjlid: Type.String(),
  fjjlmc: Type.String(),
  /** offerAt: when the enterprise sent an offer (已发 offer), '' for none */
  offerAt: Type.String(),
});

/** page of listAll / listLooked / listDenied / listSxh, as the older client reads it. */
export const MyApplicationPage = Type.Object({
  gwtdlist: Type.Array(MyApplication),
  total: Type.Integer(),
  currPage: Type.Integer(),
  pageSize: Type.Integer(),
});

/** The candidate part of HR rows: who the seeker is, from the résumé. */
const CandidateFields = {
  qzbsid: Type.String(),
  xm: Type.String(),
  /** xbm: gender code */
  xbm: Type.String(),
  /** nl: age, null when unknown */
  nl: Type.Union([Type.Integer(), Type.Null()]),
  /** zgxl: highest degree code (m_xldm), '' when none */
  zgxl: Type.String(),
  /** gznx: years of work */
  gznx: Type.Integer(),
  /** dqszcs: city lived in */
  dqszcs: Type.String(),
  txUrl: Type.String(),
};

/** A received application, as its enterprise's HR see it. */
export const ReceivedApplication = Type.Object({
  /** bsid: the application id (updateHxrYyzt, addHrMy hxrbsid) */
  bsid: Type.String(),
  ...CandidateFields,
  /** phone: the applicant's, shared with the enterprise by applying */
  phone: Type.String(),
  gwid: Type.String(),
  gwmc: Type.String(),
  tdsj: Type.String(),
  yyzt: Type.Integer(),
  ztsj: Type.String(),
  hxid: Type.String(),
  hymc: Type.String(),
  fjjlid: Type.String(),
  fjjlmc: Type.String(),
  channel: Type.String(),
  /** sfsc: 1 in my favourite talents */
  sfsc: Type.Integer(),
  /** msid: the latest interview invitation, '' for none */
  msid: Type.String(),
  /** xl / xxmc: highest degree code (as zgxl) and its school, under the previous client's names */
  xl: Type.String(),
  xxmc: Type.String(),
  /** tdcs: 已投递单位数, the enterprises this seeker has applied to */
  tdcs: Type.Integer(),
  /** dzjlid: 简历ID, the résumé sent: the attachment's file id (tdDownloadJl jlid), '' for the online résumé */
  dzjlid: Type.String(),
  /** offerAt: when the enterprise sent the offer (已发 offer), '' for none */
  offerAt: Type.String(),
});

/** A job recommended to the seeker. */
export const RecommendedJob = Type.Object({ ...JobRowFields, logoUrl: Type.String() });

export const HrJobOption = Type.Object({
  gwid: Type.String(),
  gwmc: Type.String(),
  /** zt: the job's state */
  zt: Type.Integer(),
  /** tdrs: applications received */
  tdrs: Type.Integer(),
  /** wcks: applications not yet opened */
  wcks: Type.Integer(),
});

/** An interview invitation. */
export const Invitation = Type.Object({
  msid: Type.String(),
  /** bsid: the application it follows, '' when HR invited from talent search */
  bsid: Type.String(),
  gwid: Type.String(),
  gwmc: Type.String(),
  dwid: Type.String(),
  dwmc: Type.String(),
  logoUrl: Type.String(),
  /** mymc: what the invitation is called (e.g. 初试) */
  mymc: Type.String(),
  /** mssj: interview time, '' when 待定 (to be agreed by phone) */
  mssj: Type.String(),
  /** mssf / mscs / msxxdz: province, city, address of the interview ('线上' addresses allowed) */
  mssf: Type.String(),
  mscs: Type.String(),
  msxxdz: Type.String(),
  /** lxr / sjhm: contact person and phone */
  lxr: Type.String(),
  sjhm: Type.String(),
  /** smxx: notes */
  smxx: Type.String(),
  /** zt: see INVITATION_ANSWERS */
  zt: Type.Integer(),
  /** hfsm / hfsj: the seeker's answer note and time */
  hfsm: Type.String(),
  hfsj: Type.String(),
  /** msjg / msjgsm: interview result and its note (see INTERVIEW_RESULTS) */
  msjg: Type.Integer(),
  msjgsm: Type.String(),
  createTime: Type.String(),
});

/** An invitation as the inviting enterprise's HR see it. */
export const SentInvitation = Type.Composite([
  Invitation,
  Type.Object({
    qzbsid: Type.String(),
    xm: Type.String(),
    xbm: Type.String(),
    /** phone: the seeker's, once they applied or accepted; '' otherwise */
    phone: Type.String(),
    /** hrid / hrxm: who sent it */
    hrid: Type.String(),
    hrxm: Type.String(),
  }),
]);

const InvitationPage = Type.Object({ total: Type.Integer(), currPage: Type.Integer(), pageSize: Type.Integer() });

const PathPage = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, title: '页码' }),
  limit: Type.Integer({ minimum: 1, maximum: 100, title: '每页条数' }),
});

/** The candidate's applications to my enterprise, beside their résumé. */
export const CandidateJob = Type.Object({
  bsid: Type.String(),
  gwid: Type.String(),
  gwmc: Type.String(),
  yyzt: Type.Integer(),
  tdsj: Type.String(),
  fjjlid: Type.String(),
});

const ReceivedFilters = {
  /** offer: '1' only applications with an offer out (已发 offer, not yet hired or refused) */
  offer: Type.Optional(Type.String({ pattern: '^1?$', title: '已发 offer' })),
  /** xl: highest degree code */
  xl: Type.Optional(Type.String({ maxLength: 20, pattern: '^[A-Za-z0-9_]*$', title: '学历' })),
  /** xm: part of the name */
  xm: Type.Optional(Type.String({ maxLength: 30, title: '姓名' })),
  ...PageQuery,
};

/** The résumé reads of an HR (/api/hr/qyhxrxx/findQzxx*Info/{qzbsid}); `section` is the résumé part. */
export const CANDIDATE_SECTIONS = {
  findQzxxGzjyInfo: 'gzjl',
  findQzxxKyjlInfo: 'kyjl',
  findQzxxLwxxInfo: 'lwxx',
  findQzxxPxjlInfo: 'pxjl',
  findQzxxRyjlInfo: 'ryjl',
  findQzxxShhdInfo: 'shhd',
  findQzxxYjfxInfo: 'yjfx',
  findQzxxYynlInfo: 'yynl',
  findQzxxZlxxInfo: 'zlxx',
  findQzxxZsxxInfo: 'zsxx',
  findQzxxZyjnInfo: 'zyjn',
} as const;

/**
 * Who is invited, by whom and to what: the fields an invitation with one fixed time (addHrMy) and
 * one that offers interview slots (slotsApi.invite) share.
 */
export const InviteWho = {
  /** hxrbsid: the application; without it, qzzid and gwid name a seeker found in talent search */
  hxrbsid: Type.Optional(OptId('投递ID')),
  /** qzzid: the seeker */
  qzzid: Type.Optional(OptId('求职者ID')),
  gwid: Type.Optional(OptId('岗位ID')),
  dwid: Type.Optional(OptId('单位ID')),
  mymc: Type.String({ minLength: 1, maxLength: 30, pattern: '\\S', title: '邀约名称' }),
  lxr: Type.String({ minLength: 1, maxLength: 20, pattern: '\\S', title: '联系人' }),
  sjhm: Type.Union([Phone, Type.String({ pattern: '^0\\d{2,3}-?\\d{7,8}$' })], { title: '联系电话' }),
  smxx: Type.Optional(Type.String({ maxLength: 500, title: '说明' })),
};

const QzbsidParams = Type.Object({ qzbsid: Id('求职者ID') });
const tags = ['applications'];

/** A résumé section's rows, under the section's own field names (see SECTIONS in resumes.ts). */
const SectionRows = Type.Array(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])));

/**
 * qzinfo of HR's résumé view: the header of the seeker's own preview, with education, projects
 * and intentions. phone and email are the seeker's when they applied to the enterprise; otherwise
 * the phone is masked and the e-mail left out.
 */
export const CandidateInfo = Type.Composite([
  PreviewInfo,
  Type.Object({
    qzbsid: Type.String(),
    /** qzjyjllist / qzxmjylist / qzyxlist: education, projects, intentions */
    qzjyjllist: SectionRows,
    qzxmjylist: SectionRows,
    qzyxlist: SectionRows,
    /** sftd: 1 applied to my enterprise; sfsc: 1 in my favourite talents */
    sftd: Type.Integer(),
    sfsc: Type.Integer(),
  }),
]);

/** A résumé section read by HR: the rows of one section, as the seeker's own preview shows them. */
const sectionRead = (name: keyof typeof CANDIDATE_SECTIONS) =>
  route({
    method: ['GET', 'POST'], url: `/api/hr/qyhxrxx/${name}/:qzbsid`, summary: `候选人简历：${CANDIDATE_SECTIONS[name]}`, access: 'hrApproved', tags,
    params: QzbsidParams,
    reply: replyOf({
      gwList: Type.Array(CandidateJob),
      /** qzinfo: { [section key]: rows } */
      qzinfo: Type.Record(Type.String(), SectionRows),
    }),
  });

export const applicationsApi = {
  // ---- the job seeker
  apply: route({
    method: ['GET', 'POST'], url: '/api/qz/qyhxrxx/td', summary: '投递简历（简历完成度需达到 60%）', access: 'qz', tags,
    query: ApplyInput,
    reply: replyOf({ bsid: Type.String() }),
  }),
  applyMany: route({
    method: 'POST', url: '/api/qz/qyhxrxx/pltd', summary: '批量投递（已投递或已停招的岗位跳过并说明）', access: 'qz', tags,
    body: Type.Array(ApplyInput, { minItems: 1, maxItems: 50, title: '投递的岗位' }),
    reply: replyOf({
      /** applied: gwid → new application id */
      applied: Type.Record(Type.String(), Type.String()),
      /** failed: jobs not applied to, with the reason */
      failed: Type.Array(Type.Object({ gwid: Type.String(), msg: Type.String() })),
    }),
  }),
  listAll: route({
    method: ['GET', 'POST'], url: '/api/qz/qyhxrxx/listAll/:page/:limit', summary: '我的投递：全部', access: 'qz', tags,
    params: PathPage,
    reply: replyOf({ page: MyApplicationPage }),
  }),
  listLooked: route({
    method: ['GET', 'POST'], url: '/api/qz/qyhxrxx/listLooked/:page/:limit', summary: '我的投递：被查看（含初筛、面试、录用）', access: 'qz', tags,
    params: PathPage,
    reply: replyOf({ page: MyApplicationPage }),
  }),
  listDenied: route({
    method: ['GET', 'POST'], url: '/api/qz/qyhxrxx/listDenied/:page/:limit', summary: '我的投递：不合适', access: 'qz', tags,
    params: PathPage,
    reply: replyOf({ page: MyApplicationPage }),
  }),
  listFair: route({
    method: ['GET', 'POST'], url: '/api/qz/qyhxrxx/listSxh/:page/:limit', summary: '我的投递：双选会（招聘会上投递的）', access: 'qz', tags,
    params: PathPage,
    reply: replyOf({ page: MyApplicationPage }),
  }),
  applied: route({
    method: 'POST', url: '/api/qz/qyhxrxx/tdzt', summary: '这些岗位我是否已投递（投递按钮状态）', access: 'qz', tags,
    body: Type.Array(Id('岗位ID'), { minItems: 1, maxItems: 100, title: '岗位ID列表' }),
    /** tdzt: gwid → yyzt of my application, 0 when not applied */
    reply: replyOf({ tdzt: Type.Record(Type.String(), Type.Integer()) }),
  }),

  recommended: route({
    method: ['GET', 'POST'], url: '/api/qz/qyhxrxx/tjList', summary: '推荐岗位：按所给类别、城市（岗位页的相似职位，访客可看）；求职者未给时按求职意向，且不含已投递的', access: 'optional', tags,
    query: Type.Object({
      /** gwlbo / gwlbt / gwlb: job category of level one, two or three, as on job rows (the most precise one given counts) */
      gwlbo: Type.Optional(Type.String({ maxLength: 20, pattern: '^(gwlb_\\d{2})?$', title: '一级岗位类别' })),
      gwlbt: Type.Optional(Type.String({ maxLength: 20, pattern: '^(gwlb_\\d{4})?$', title: '二级岗位类别' })),
      gwlb: Type.Optional(Type.String({ maxLength: 20, pattern: '^(gwlb_\\d{6})?$', title: '三级岗位类别' })),
      /** sbcs: city code */
      sbcs: Type.Optional(Type.String({ maxLength: 20, pattern: '^(\\d{6})?$', title: '工作城市' })),
      ...PageQuery,
    }),
    reply: replyOf({ page: Page(RecommendedJob) }),
  }),

  invitationsWaiting: route({
    method: ['GET', 'POST'], url: '/api/qz/qymyxx/listWait', summary: '面试邀请：待答复', access: 'qz', tags,
    query: Type.Object(PageQuery),
    reply: replyOf({ listWait: Type.Array(Invitation), page: InvitationPage }),
  }),
  invitationsAccepted: route({
    method: ['GET', 'POST'], url: '/api/qz/qymyxx/listAccepted', summary: '面试邀请：已接受', access: 'qz', tags,
    query: Type.Object(PageQuery),
    reply: replyOf({ listAccepted: Type.Array(Invitation), page: InvitationPage }),
  }),
  invitationsDeclined: route({
    method: ['GET', 'POST'], url: '/api/qz/qymyxx/listDenied', summary: '面试邀请：已拒绝', access: 'qz', tags,
    query: Type.Object(PageQuery),
    reply: replyOf({ listDenied: Type.Array(Invitation), page: InvitationPage }),
  }),
  answerInvitation: route({
    method: 'POST', url: '/api/qz/qymyxx/answer', summary: '接受或拒绝面试邀请', access: 'qz', tags,
    body: Type.Object({
      msid: Id('面试邀请ID'),
      /** type: 1 accept, 2 decline */
      type: Enum([1, 2], { title: '答复' }),
      /** hfsm: a note to the HR */
      hfsm: Type.Optional(Type.String({ maxLength: 200, title: '答复说明' })),
    }),
    reply: EmptyReply,
  }),

  // ---- HR of the enterprise that received them
  received: route({
    method: ['GET', 'POST'], url: '/api/hr/qyhxrxx/findAllHxrList', summary: '收到的简历（本单位岗位的投递）', access: 'hrApproved', tags,
    query: Type.Object({
      /** gwids: only these jobs, comma-separated */
      gwids: Type.Optional(Type.String({ maxLength: 1000, pattern: '^([1-9]\\d{0,17}(,[1-9]\\d{0,17})*)?$', title: '岗位' })),
      /** jlzt: only this state (yyzt) */
      jlzt: Type.Optional(Type.String({ pattern: '^[1-6]?$', title: '简历状态' })),
      /** tdsj: applied on this day, or 'from,to' (inclusive), YYYY-MM-DD */
      tdsj: Type.Optional(DateRangeText('投递时间')),
      ...ReceivedFilters,
    }),
    reply: replyOf({ page: Page(ReceivedApplication) }),
  }),
  selected: route({
    method: ['GET', 'POST'], url: '/api/hr/qyhxrxx/findYxzHxrList', summary: '已选中的候选人（初筛通过、面试、录用）', access: 'hrApproved', tags,
    query: Type.Object({
      /** yyzt: one of 3, 4, 6; omitted = all three */
      yyzt: Type.Optional(Type.String({ pattern: '^[346]?$', title: '状态' })),
      ...ReceivedFilters,
    }),
    reply: replyOf({ page: Page(ReceivedApplication) }),
  }),
  jobsOfHr: route({
    method: ['GET', 'POST'], url: '/api/hr/qyhxrxx/getGwByHr', summary: '本单位收到投递的岗位（筛选用）', access: 'hrApproved', tags,
    reply: replyOf({ list: Type.Array(HrJobOption) }),
  }),
  setState: route({
    method: ['GET', 'POST'], url: '/api/hr/qyhxrxx/updateHxrYyzt', summary: '更改投递状态（通知求职者）', access: 'hrApproved', tags,
    query: Type.Object({
      /** bsid: the application */
      bsid: Id('投递ID'),
      /** type: the new yyzt: 2 viewed, 3 shortlisted, 4 interview, 5 refused, 6 hired */
      type: Enum(SETTABLE_STATES, { title: '状态' }),
    }),
    reply: replyOf({ yyzt: Type.Integer() }),
  }),
  sendOffer: route({
    method: 'POST', url: '/api/hr/applications/offer', summary: '发 offer（录用意向，通知求职者）', access: 'hrApproved', tags,
    body: Type.Object({ bsid: Id('投递ID') }),
    reply: replyOf({ offerAt: Type.String() }),
  }),
  invite: route({
    method: ['GET', 'POST'], url: '/api/hr/qyhxrxx/addHrMy', summary: '发出面试邀请（通知求职者）', access: 'hrApproved', tags,
    query: Type.Object({
      ...InviteWho,
      /**
       * mssj: interview time, in the future. The previous client never sends it: without it the
       * time is 待定, to be agreed by phone with the contact (lxr, sjhm), and replies show mssj ''.
       */
      mssj: Type.Optional(DateTime('面试时间')),
      mssf: Type.Optional(Type.String({ maxLength: 20, pattern: '^[A-Za-z0-9_]*$', title: '面试省份' })),
      mscs: Type.Optional(Type.String({ maxLength: 20, pattern: '^[A-Za-z0-9_]*$', title: '面试城市' })),
      msxxdz: Type.String({ minLength: 2, maxLength: 100, pattern: '\\S', title: '面试地址' }),
    }),
    reply: replyOf({ msid: Type.String() }),
  }),
  sentInvitations: route({
    method: ['GET', 'POST'], url: '/api/hr/qyhxrxx/findMsjgList', summary: '本单位发出的面试邀请与面试结果', access: 'hrApproved', tags,
    query: Type.Object({
      /** zt: the seeker's answer */
      zt: Type.Optional(Type.String({ pattern: '^[012]?$', title: '答复状态' })),
      /** msjg: the result */
      msjg: Type.Optional(Type.String({ pattern: '^[012]?$', title: '面试结果' })),
      gwid: Type.Optional(OptId('岗位ID')),
      xm: Type.Optional(Type.String({ maxLength: 30, title: '姓名' })),
      ...PageQuery,
    }),
    reply: replyOf({ page: Page(SentInvitation) }),
  }),
  setResult: route({
    method: ['GET', 'POST'], url: '/api/hr/qyhxrxx/updateMsjgsm', summary: '填写面试结果（通知求职者）', access: 'hrApproved', tags,
    query: Type.Object({
      msid: Id('面试邀请ID'),
      /** msjg: 1 passed, 2 not passed */
      msjg: Enum([1, 2], { title: '面试结果' }),
      msjgsm: Type.Optional(Type.String({ maxLength: 500, title: '结果说明' })),
    }),
    reply: EmptyReply,
  }),

  candidate: route({
    method: ['GET', 'POST'], url: '/api/hr/qyhxrxx/findQzxxInfo/:qzbsid', summary: '候选人简历：个人信息、教育经历、项目经验、求职意向（计一次查看）', access: 'hrApproved', tags,
    params: QzbsidParams,
    reply: replyOf({ gwList: Type.Array(CandidateJob), qzinfo: CandidateInfo }),
  }),
  candidateOpened: route({
    method: ['GET', 'POST'], url: '/api/hr/qyhxrxx/findQzxxInfoZjcs', summary: '打开候选人简历（计一次查看）', access: 'hrApproved', tags,
    query: Type.Object({
      qzbsid: Id('求职者ID'),
      dwid: Type.Optional(OptId('单位ID')),
      /** gwid: the job the résumé was opened from */
      gwid: Type.Optional(OptId('岗位ID')),
    }),
    reply: replyOf({ gwList: Type.Array(CandidateJob), qzinfo: CandidateInfo }),
  }),
  /** one route per résumé section, named after the older client's call (findQzxxGzjyInfo, ...) */
  ...(Object.fromEntries((Object.keys(CANDIDATE_SECTIONS) as (keyof typeof CANDIDATE_SECTIONS)[]).map((k) => [k, sectionRead(k)])) as {
    [K in keyof typeof CANDIDATE_SECTIONS]: ReturnType<typeof sectionRead>;
  }),

  downloadApplied: route({
    method: ['GET', 'POST'], url: '/api/hr/qydwjlgl/tdDownloadJl', summary: '下载投递的简历（记录下载）', access: 'hrApproved', tags,
    query: Type.Object({
      /** qzid: the seeker */
      qzid: Id('求职者ID'),
      /** jlid: an attachment résumé of theirs; omitted = the one sent with the latest application */
      jlid: Type.Optional(OptId('简历ID')),
    }),
    /** qzJldz: a link to the résumé (a short-lived file link, or the online résumé page); jlmc its name */
    reply: replyOf({ qzJldz: Type.String(), jlmc: Type.String() }),
  }),
  downloadTalent: route({
    method: ['GET', 'POST'], url: '/api/hr/hr/qyjlxz/downloadJlByRcList', summary: '下载人才搜索中的简历（记录下载）', access: 'hrApproved', tags,
    query: Type.Object({ qzbsid: Id('求职者ID') }),
    reply: replyOf({ qzJldz: Type.String(), jlmc: Type.String() }),
  }),
};
