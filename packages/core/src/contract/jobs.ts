import { Type } from '@sinclair/typebox';
import { route, replyOf, EmptyReply, Id, Enum, Page, PageQuery, DateText } from './define.js';
import { CodeField } from './companies.js';
import { Gwzt, GWZT, JobRowFields, PerkList } from './job-row.js';

/**
 * Job posts (gw 岗位, qydwgwfbxx): HR writes them for an approved enterprise, visitors read the
 * published ones, the operator can take one down.
 */

/** zt (the operator's console): 0 draft (草稿), 1 published (招聘中), 2 closed (已关闭), 3 taken down by the operator (已下架) */
export const JOB_STATES = [0, 1, 2, 3] as const;

/** gwfl / gwfls: perk codes (m_gwfldm, 职位亮点) */
const Perks = Type.Array(CodeField('职位亮点'), { maxItems: 20, uniqueItems: true, title: '职位亮点' });
/** The fairs to show a job at: a list, or (the previous client's single pick) one id, '' for none. */
const FairIds = Type.Union([Type.Array(Id('招聘会ID'), { maxItems: 100, uniqueItems: true }), Type.String({ pattern: '^([1-9]\\d{0,17})?$' })], { title: '招聘会' });

/**
 * A job as HR writes it. Our form sends the exact monthly bounds zdyx / zgyx and perks as gwfl;
 * the previous client's form (Enter_postcreate / Enter_updatePost) sends the range code gwyx
 * instead of the bounds (the range's bounds are taken), perks as gwfls, the category's upper levels
 * gwlbo / gwlbt (checked against gwlb), the fairs as hxids, and fbsc, jljsyx, sfzd, which are kept
 * and shown back on its form.
 */
export const JobInput = Type.Object({
  /** gwmc: title */
  gwmc: Type.String({ minLength: 2, maxLength: 40, title: '岗位名称' }),
  /** gwlb: third-level job category code */
  gwlb: CodeField('岗位类别'),
  /** gwlbo / gwlbt: its first- and second-level codes (optional; must be the ones above gwlb) */
  gwlbo: Type.Optional(CodeField('一级岗位类别')),
  gwlbt: Type.Optional(CodeField('二级岗位类别')),
  /** gwgzxz: work nature code (m_gwgzxzdm) */
  gwgzxz: CodeField('工作性质'),
  /** sbsf: province code of the workplace */
  sbsf: CodeField('工作省份'),
  /** sbcs: city code of the workplace */
  sbcs: CodeField('工作城市'),
  /** sbxxdz: street address */
  sbxxdz: Type.String({ maxLength: 100, title: '工作地点' }),
  /** zdyx: lowest monthly salary, yuan (0 with zgyx 0 = 面议); gwyx is computed from the two */
  zdyx: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000, title: '最低月薪' })),
  /** zgyx: highest monthly salary, yuan */
  zgyx: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000, title: '最高月薪' })),
  /** gwyx: salary range code (m_xzdydm, SALARY_RANGES), used when zdyx / zgyx are not sent */
  gwyx: Type.Optional(CodeField('薪资范围')),
  /** xlyq: education code (m_xldm) */
  xlyq: CodeField('学历要求'),
  /** jyyq: experience code (m_jyyqdm) */
  jyyq: CodeField('经验要求'),
  /** zprs: headcount */
  zprs: Type.Integer({ minimum: 1, maximum: 9999, title: '招聘人数' }),
  /** gwms: duties and requirements */
  gwms: Type.String({ minLength: 1, maxLength: 3000, title: '岗位描述' }),
  /** jnyq: skill requirements */
  jnyq: Type.Optional(Type.String({ maxLength: 500, title: '技能要求' })),
  /** ssbm: the hiring department */
  ssbm: Type.Optional(Type.String({ maxLength: 30, title: '所属部门' })),
  /** fldy: welfare in the HR's words, separated by commas */
  fldy: Type.Optional(Type.String({ maxLength: 200, title: '福利待遇' })),
  gwfl: Type.Optional(Perks),
  /** gwfls: the previous client's name of gwfl */
  gwfls: Type.Optional(Perks),
  /** hxids: the fairs to show the job at (all of them: the others are taken off); absent leaves them as they are */
  hxids: Type.Optional(FairIds),
  /** fbsc: 发布时长, the days the HR means the post to run (0: not said) */
  fbsc: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650, title: '发布时长' })),
  /** jljsyx: 转发简历至邮箱, where the HR wants résumés for this job forwarded ('' none) */
  jljsyx: Type.Optional(Type.String({ maxLength: 100, pattern: '^([^\\s@]+@[^\\s@]+\\.[^\\s@]+)?$', title: '简历接收邮箱' })),
  /** sfzd: 岗位置顶, first on the enterprise's page ('1' / 1), or not ('0' / 0) */
  sfzd: Type.Optional(Type.Union([Enum(['0', '1']), Enum([0, 1])], { title: '是否置顶' })),
  /** zwpx: 职位排序, its place among the enterprise's jobs, small first (0: by publish time) */
  zwpx: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999, title: '职位排序' })),
  /** dwid: the enterprise (the previous client sends it on updateGw); it must be the HR's own */
  dwid: Type.Optional(Id('单位ID')),
});

export const AddJob = Type.Composite([
  JobInput,
  Type.Object({
    /** fb: 1 publish now, 0 keep as a draft (the previous client sends it as the query type) */
    fb: Type.Optional(Enum([0, 1], { title: '是否发布' })),
  }),
]);
export const UpdateJob = Type.Composite([JobInput, Type.Object({ gwid: Id('岗位ID') })]);

/**
 * A job as visitors see it: gwxxxqQzVO (fair booth, findGwInfoQzById) and qyDwgwfbxx (job page,
 * getGwInfo), with its enterprise and posting HR.
 */
export const JobDetail = Type.Object({
  ...JobRowFields,
  /** bsid: the enterprise id, which the previous client sends back as {gsid} to save the job (qzgwsc/sc/{gsid}/{gwid}) */
  bsid: Type.String(),
  /** sbxq: district code of the workplace ('' : jobs are placed by city) */
  sbxq: Type.String(),
  gwms: Type.String(),
  jnyq: Type.String(),
  ssbm: Type.String(),
  /** fllist: perk codes (m_gwfldm) */
  fllist: PerkList,
  fldy: Type.String(),
  gwzt: Gwzt,
  /** updateTime / sxsj: last published or refreshed (same as gwfbsj) */
  updateTime: Type.String(),
  sxsj: Type.String(),
  /** sfsc: 1 the seeker asking saved it */
  sfsc: Type.Integer(),
  /** llcs: views */
  llcs: Type.Integer(),
  /** sshy: the enterprise's industry (as dwsshy); dwszcs its city */
  sshy: Type.String(),
  dwszcs: Type.String(),
  logoUrl: Type.String(),
  hrid: Type.String(),
  /** hrxm / hrzw: the posting HR's name and title */
  hrxm: Type.String(),
  hrzw: Type.String(),
});

export const JobFairItem = Type.Object({
  hxid: Type.String(),
  hymc: Type.String(),
  /** ifks: 1 not started, 2 started, 3 ended */
  ifks: Type.Integer(),
  /** sfxz: 1 the job is shown at this fair */
  sfxz: Type.Integer(),
});

/** gwxxxqHrVO: the job as its enterprise's HR sees it. */
export const JobDetailHr = Type.Composite([
  JobDetail,
  Type.Object({
    /** hxid: the fairs the job is shown at (the previous client's multi-select 会议名称 takes the list and sends it back as hxids) */
    hxid: Type.Array(Type.String()),
    fbsc: Type.Integer(),
    jljsyx: Type.String(),
    /** sfzd: '1' pinned first on the enterprise's page, '0' not */
    sfzd: Type.String(),
    zwpx: Type.Integer(),
    /** xjyy: why the operator took it down */
    xjyy: Type.String(),
    hxlist: Type.Array(JobFairItem),
  }),
]);

/** A row of the HR's job list (findGwListHr). */
export const HrJobRow = Type.Object({
  gwid: Type.String(),
  gwmc: Type.String(),
  gwzt: Gwzt,
  gwyx: Type.String(),
  zdyx: Type.Integer(),
  zgyx: Type.Integer(),
  sbsf: Type.String(),
  sbcs: Type.String(),
  gwlbt: Type.String(),
  gwlb: Type.String(),
  xlyq: Type.String(),
  /** gwfbsj: last published or refreshed ('YYYY-MM-DD HH:mm:ss'); a draft's: when it was written */
  gwfbsj: Type.String(),
  /** sdjlcount: résumés received for it */
  sdjlcount: Type.Integer(),
  /** chcscount: fairs it is shown at */
  chcscount: Type.Integer(),
  zprs: Type.Integer(),
  llcs: Type.Integer(),
  xjyy: Type.String(),
  hrid: Type.String(),
  hrxm: Type.String(),
});

export const PostingHr = Type.Object({
  hrid: Type.String(),
  xm: Type.String(),
  zw: Type.String(),
  dwid: Type.String(),
  dwmc: Type.String(),
});

export const AdminJobRow = Type.Object({
  gwid: Type.String(),
  gwmc: Type.String(),
  dwid: Type.String(),
  dwmc: Type.String(),
  zt: Type.Integer(),
  xjyy: Type.String(),
  sxsj: Type.String(),
  hrxm: Type.String(),
});

/** A time bound of the HR list: a date or a date and time. */
const TimeBound = (title: string) => Type.Optional(DateText(title, { from: 'day', to: 'second', empty: true }));

const GwidParams = Type.Object({ gwid: Id('岗位ID') });
const GwidQuery = Type.Object({ gwid: Id('岗位ID') });

export const jobsApi = {
  add: route({
    method: 'POST', url: '/api/hr/qydwgwfbxx/addGw', summary: '新增岗位（保存草稿或直接发布）', access: 'hrApproved', tags: ['jobs'],
    body: AddJob,
    /** type: the previous client's fb (1 发布, 0 保存草稿) */
    query: Type.Object({ type: Type.Optional(Enum([0, 1], { title: '是否发布' })) }),
    reply: replyOf({ gwid: Type.String() }),
  }),
  update: route({
    method: 'POST', url: '/api/hr/qydwgwfbxx/updateGw', summary: '修改岗位', access: 'hrApproved', tags: ['jobs'],
    body: UpdateJob,
    reply: EmptyReply,
  }),
  remove: route({
    method: 'POST', url: '/api/hr/qydwgwfbxx/deleteGW/:gwid', summary: '删除岗位', access: 'hrApproved', tags: ['jobs'],
    params: GwidParams,
    reply: EmptyReply,
  }),
  refresh: route({
    method: 'POST', url: '/api/hr/qydwgwfbxx/refreshGW/:gwid', summary: '刷新岗位（每个岗位每天一次，排到同等相关度的前面）', access: 'hrApproved', tags: ['jobs'],
    params: GwidParams,
    reply: EmptyReply,
  }),
  publish: route({
    method: 'POST', url: '/api/hr/qydwgwfbxx/gwcgfb/:gwid', summary: '发布草稿或重新发布已关闭的岗位', access: 'hrApproved', tags: ['jobs'],
    params: GwidParams,
    reply: EmptyReply,
  }),
  openClose: route({
    method: ['GET', 'POST'], url: '/api/hr/qydwgwfbxx/auditGW', summary: '开启或关闭岗位', access: 'hrApproved', tags: ['jobs'],
    query: Type.Object({
      gwid: Id('岗位ID'),
      /** type: 2 open (publish; gwzt '2'), 4 take offline (gwzt '4') */
      type: Enum([2, 4], { title: '操作类型' }),
    }),
    reply: EmptyReply,
  }),
  listHr: route({
    method: ['GET', 'POST'], url: '/api/hr/qydwgwfbxx/findGwListHr', summary: '本单位的岗位列表', access: 'hr', tags: ['jobs'],
    query: Type.Object({
      /** gwzt: filter by state; omitted or '' = all */
      gwzt: Type.Optional(Enum(['', ...GWZT], { title: '岗位状态' })),
      gwmc: Type.Optional(Type.String({ maxLength: 40, title: '岗位名称' })),
      /** startTime / endTime: published (gwfbsj) from / until; a date alone covers that whole day */
      startTime: TimeBound('开始时间'),
      endTime: TimeBound('结束时间'),
      /** mine: 1 only the jobs I posted */
      mine: Type.Optional(Enum([0, 1], { title: '仅看我发布的' })),
      ...PageQuery,
    }),
    reply: replyOf({ page: Page(HrJobRow) }),
  }),
  detailHr: route({
    method: ['GET', 'POST'], url: '/api/hr/qydwgwfbxx/findGwInfoHrById/:gwid', summary: '岗位详情（本单位 HR）', access: 'hr', tags: ['jobs'],
    params: GwidParams,
    reply: replyOf({ gwxxxqHrVO: JobDetailHr }),
  }),
  fairs: route({
    method: 'GET', url: '/api/hr/qydwgwfbxx/getHxsByGwid', summary: '岗位可参加的招聘会（本单位已报名的）', access: 'hr', tags: ['jobs'],
    query: GwidQuery,
    reply: replyOf({ hxlist: Type.Array(JobFairItem) }),
  }),
  setFairs: route({
    method: 'POST', url: '/api/hr/qydwgwfbxx/updateHxsByGwid', summary: '设置岗位参加的招聘会', access: 'hrApproved', tags: ['jobs'],
    body: Type.Object({
      gwid: Id('岗位ID'),
      /** hxids: the fairs to show the job at; [] removes it from all */
      hxids: Type.Array(Id('招聘会ID'), { maxItems: 100, uniqueItems: true, title: '招聘会' }),
    }),
    reply: EmptyReply,
  }),

  detailByPath: route({
    method: ['GET', 'POST'], url: '/api/hr/qydwgwfbxx/findGwInfoQzById/:gwid', summary: '岗位详情（访客可看）', access: 'optional', tags: ['jobs'],
    params: GwidParams,
    reply: replyOf({ gwxxxqQzVO: JobDetail }),
  }),
  detail: route({
    method: ['GET', 'POST'], url: '/api/qz/qydwgwfbxx/findGwInfoQzById', summary: '岗位详情（访客可看）', access: 'optional', tags: ['jobs'],
    query: GwidQuery,
    reply: replyOf({ gwxxxqQzVO: JobDetail }),
  }),
  info: route({
    method: ['GET', 'POST'], url: '/api/qz/qzgrjbxx/getGwInfo', summary: '岗位详情与岗位记录（访客可看）', access: 'optional', tags: ['jobs'],
    query: GwidQuery,
    reply: replyOf({ qyDwgwfbxx: JobDetail }),
  }),
  postingHr: route({
    method: 'GET', url: '/api/qz/qzgrjbxx/getHrInfoByGw', summary: '发布岗位的 HR', access: 'optional', tags: ['jobs'],
    query: GwidQuery,
    reply: replyOf({ hrInfo: PostingHr }),
  }),

  adminList: route({
    method: 'GET', url: '/api/xs/admin/jobs', summary: '运营：岗位列表', access: 'xs', tags: ['jobs', 'admin'],
    query: Type.Object({
      zt: Type.Optional(Enum(JOB_STATES, { title: '岗位状态' })),
      key: Type.Optional(Type.String({ maxLength: 50, title: '关键词' })),
      ...PageQuery,
    }),
    reply: replyOf({ page: Page(AdminJobRow) }),
  }),
  adminTakeDown: route({
    method: 'POST', url: '/api/xs/admin/jobs/takeDown', summary: '运营：下架岗位（通知发布的 HR）', access: 'xs', tags: ['jobs', 'admin'],
    body: Type.Object({
      gwid: Id('岗位ID'),
      /** xjyy: the reason shown to the HR */
      xjyy: Type.String({ minLength: 2, maxLength: 200, title: '下架原因' }),
    }),
    reply: EmptyReply,
  }),
};
