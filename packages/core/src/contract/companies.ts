import { Type } from '@sinclair/typebox';
import { route, replyOf, EmptyReply, Id, Enum, Page, PageQuery, Phone, Md5Password } from './define.js';
import { FileRow } from './identity.js';
import { JobRowFields, PerkList } from './job-row.js';

/**
 * Enterprises (dw 单位), their HR staff and colleagues, as HR, visitors and the operator see them.
 * Codes (dwxz, sshy, dwgm, regions) come from the code tables (/api/hr/dm/*).
 */

/** A code from one of the code tables; the server checks it against the table. */
export const CodeField = (title: string) => Type.String({ maxLength: 20, pattern: '^[A-Za-z0-9_]*$', title });

/** BsKhglEntity as HR fills it in (registerDw / updateDw). */
export const CompanyInput = Type.Object({
  /** dwmc: enterprise name */
  dwmc: Type.String({ minLength: 2, maxLength: 50, title: '单位名称' }),
  /** dwxz: ownership code (m_dwxzdm) */
  dwxz: CodeField('单位性质'),
  /** sshy: industry code (m_dwsshydm) */
  sshy: CodeField('所属行业'),
  /** dwgm: size code (m_dwgmdm) */
  dwgm: CodeField('单位规模'),
  /** dwszsf: province code */
  dwszsf: CodeField('所在省份'),
  /** dwszcs: city code */
  dwszcs: CodeField('所在城市'),
  /** dwszxxdz: street address */
  dwszxxdz: Type.String({ maxLength: 100, title: '详细地址' }),
  /** dwjs: introduction */
  dwjs: Type.String({ maxLength: 2000, title: '单位简介' }),
  /** tyshxydm: unified social credit code (18 characters) */
  tyshxydm: Type.String({ pattern: '^[0-9A-HJ-NPQRTUWXY]{2}\\d{6}[0-9A-HJ-NPQRTUWXY]{10}$', title: '统一社会信用代码' }),
  /** lxr: contact person */
  lxr: Type.String({ minLength: 1, maxLength: 20, title: '联系人' }),
  /** lxdh: contact phone (mobile or landline) */
  lxdh: Type.String({ pattern: '^[0-9+\\-() ]{7,20}$', title: '联系电话' }),
  /** dwwz: website */
  dwwz: Type.Optional(Type.String({ maxLength: 100, title: '单位网址' })),
  /** lxyx: the enterprise's e-mail (单位邮箱), '' for none; absent on an edit keeps it */
  lxyx: Type.Optional(Type.String({ maxLength: 50, pattern: '^([^\\s@]+@[^\\s@]+\\.[^\\s@]+)?$', title: '单位邮箱' })),
  /** qydwimage: logo file id (wjlx 20), '' for none */
  qydwimage: Type.Optional(Type.String({ pattern: '^([1-9]\\d{0,17})?$', title: '单位 logo' })),
  /** yyzzimage: business licence file id (wjlx 30) */
  yyzzimage: Id('营业执照'),
});

/**
 * The fields an enterprise registered before they were required may still lack (the older
 * platform's data): an edit keeps them empty rather than failing, and the reply asks for them.
 */
export const COMPANY_LEGACY_OPTIONAL = { tyshxydm: '统一社会信用代码', lxr: '联系人', lxdh: '联系电话', yyzzimage: '营业执照' } as const;
export type CompanyLegacyField = keyof typeof COMPANY_LEGACY_OPTIONAL;

/** What an edit takes: CompanyInput, where each COMPANY_LEGACY_OPTIONAL field may be '' if it is empty now. */
export const CompanyUpdateInput = Type.Object({
  ...CompanyInput.properties,
  tyshxydm: Type.String({ pattern: '^([0-9A-HJ-NPQRTUWXY]{2}\\d{6}[0-9A-HJ-NPQRTUWXY]{10})?$', title: '统一社会信用代码' }),
  lxr: Type.String({ maxLength: 20, title: '联系人' }),
  lxdh: Type.String({ pattern: '^([0-9+\\-() ]{7,20})?$', title: '联系电话' }),
  yyzzimage: Type.String({ pattern: '^([1-9]\\d{0,17})?$', title: '营业执照' }),
});

/** '请补充：统一社会信用代码、营业执照' for the fields still empty, '' when none. */
export const companyMissingText = (missing: readonly CompanyLegacyField[]) =>
  missing.length ? `请补充：${missing.map((k) => COMPANY_LEGACY_OPTIONAL[k]).join('、')}` : '';

/** The operator cannot approve an enterprise whose business licence is missing. */
export const COMPANY_NO_LICENCE_MSG = '该单位尚未上传营业执照，不能通过审核；请驳回并请企业上传营业执照';

/** The enterprise as its own HR sees it. */
export const CompanyFull = Type.Object({
  dwid: Type.String(),
  dwmc: Type.String(),
  dwxz: Type.String(),
  sshy: Type.String(),
  dwgm: Type.String(),
  dwszsf: Type.String(),
  dwszcs: Type.String(),
  dwszxxdz: Type.String(),
  dwjs: Type.String(),
  tyshxydm: Type.String(),
  lxr: Type.String(),
  lxdh: Type.String(),
  dwwz: Type.String(),
  /** lxyx: the enterprise's e-mail, '' when none */
  lxyx: Type.String(),
  /** qydwimage: logo file id, '' when none */
  qydwimage: Type.String(),
  /** yyzzimage: licence file id, '' when none */
  yyzzimage: Type.String(),
  /** shzt: 0 pending, 1 approved, 2 rejected */
  shzt: Type.Integer(),
  /** shsm: the operator's reason */
  shsm: Type.String(),
  createTime: Type.String(),
});

/** The enterprise as visitors see it (no licence, no contact phone). */
export const CompanyPublic = Type.Object({
  dwid: Type.String(),
  dwmc: Type.String(),
  dwxz: Type.String(),
  sshy: Type.String(),
  dwgm: Type.String(),
  dwszsf: Type.String(),
  dwszcs: Type.String(),
  dwszxxdz: Type.String(),
  dwjs: Type.String(),
  dwwz: Type.String(),
  /** logoUrl: '' when none */
  logoUrl: Type.String(),
  /** rzgws: 热招岗位数, published jobs */
  rzgws: Type.Integer(),
});

/** A published job in the enterprise's list (§2.6 gwList). */
export const CompanyJobItem = Type.Object({ ...JobRowFields, fllist: PerkList });

export const JoinRequestRow = Type.Object({
  hrid: Type.String(),
  xm: Type.String(),
  zw: Type.String(),
  phone: Type.String(),
  /** sqzt: 1 pending, 2 joined, 3 refused */
  sqzt: Type.Integer(),
  /** sqsj: when they applied */
  sqsj: Type.String(),
});

export const ColleagueRow = Type.Object({
  hrid: Type.String(),
  xm: Type.String(),
  zw: Type.String(),
});

export const ReviewCompanyRow = Type.Object({
  dwid: Type.String(),
  dwmc: Type.String(),
  tyshxydm: Type.String(),
  dwszcs: Type.String(),
  sshy: Type.String(),
  lxr: Type.String(),
  lxdh: Type.String(),
  shzt: Type.Integer(),
  shsm: Type.String(),
  /** the registering HR */
  hrid: Type.String(),
  hrxm: Type.String(),
  hrphone: Type.String(),
  /** yyzzimageUrl: the licence, for the review */
  yyzzimageUrl: Type.String(),
  qydwimageUrl: Type.String(),
  createTime: Type.String(),
});

const DwidQuery = Type.Object({ dwid: Id('单位ID') });

export const companiesApi = {
  register: route({
    method: 'POST', url: '/api/hr/bskhgl/registerDw', summary: '注册单位（提交审核）', access: 'hr', tags: ['companies'],
    body: CompanyInput,
    reply: replyOf({ dwid: Type.String() }),
  }),
  update: route({
    method: 'POST', url: '/api/hr/bskhgl/updateDw', summary: '修改单位信息（名称、信用代码或执照变化时重新审核）', access: 'hr', tags: ['companies'],
    body: CompanyUpdateInput,
    /** shzt: the state after the change; missing: COMPANY_LEGACY_OPTIONAL fields still empty (saved anyway) */
    reply: replyOf({ shzt: Type.Integer(), missing: Type.Optional(Type.Array(Type.String())) }),
  }),
  infoForHr: route({
    method: ['GET', 'POST'], url: '/api/hr/bskhgl/findDwInfoHr', summary: '本单位信息与审核状态', access: 'hr', partner: true, tags: ['companies'],
    reply: replyOf({
      /** BsKhglEntity: null before the HR registered or joined an enterprise */
      BsKhglEntity: Type.Union([CompanyFull, Type.Null()]),
      /** shzt: 0 pending, 1 approved, 2 rejected, null no enterprise */
      shzt: Type.Union([Type.Integer(), Type.Null()]),
      /** sqzt: the HR's own joining state: '0' none, '1' still applying (pending review), '2' joined, '3' refused */
      sqzt: Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2'), Type.Literal('3')]),
      /** shsm: the operator's reason */
      shsm: Type.String(),
      /** qydwimageUrl: logo url, '' when none */
      qydwimageUrl: Type.String(),
      /** yyzzimageUrl: licence url, '' when none */
      yyzzimageUrl: Type.String(),
      /** page: the enterprise's image files (logo, licence) */
      page: Page(FileRow),
    }),
  }),
  findByName: route({
    method: 'GET', url: '/api/hr/bskhgl/findDwListByName', summary: '按名称查找单位（申请加入）', access: 'hr', tags: ['companies'],
    query: Type.Object({ dwmc: Type.String({ minLength: 2, maxLength: 50, title: '单位名称' }) }),
    reply: replyOf({ list: Type.Array(Type.Object({ dwid: Type.String(), dwmc: Type.String(), dwszcs: Type.String(), shzt: Type.Integer() })) }),
  }),
  detail: route({
    method: ['GET', 'POST'], url: '/api/qz/qzgrjbxx/getDwInfo', summary: '单位详情（访客可看）', access: 'optional', tags: ['companies'],
    query: Type.Object({
      dwid: Id('单位ID'),
      /** sfxstd: 1 (or omitted) also list the enterprise's published jobs in page; 0 or 2 (the job page's call) only dwInfo */
      sfxstd: Type.Optional(Enum([0, 1, 2], { title: '是否显示岗位' })),
      ...PageQuery,
    }),
    reply: replyOf({ dwInfo: CompanyPublic, page: Page(CompanyJobItem) }),
  }),
  logo: route({
    method: 'GET', url: '/api/hr/qydwhrxx/getDwLogo', summary: '单位 logo 地址', access: 'public', tags: ['companies'],
    query: DwidQuery,
    /** fileUrl: '' when the enterprise has no logo */
    reply: replyOf({ fileUrl: Type.String() }),
  }),
  jobs: route({
    method: ['GET', 'POST'], url: '/api/hr/bskhgl/getGwListByDwId', summary: '单位的在招岗位', access: 'public', tags: ['companies'],
    query: DwidQuery,
    reply: replyOf({ gwList: Type.Array(CompanyJobItem) }),
  }),
  counts: route({
    method: 'GET', url: '/api/hr/bskhgl/getGwYyCount', summary: '单位在招岗位数与面试邀约数', access: 'public', tags: ['companies'],
    query: Type.Object({ dwid: Id('单位ID'), ...PageQuery }),
    reply: replyOf({
      /** gwCount: published jobs */
      gwCount: Type.Integer(),
      /** msCount: interview invitations sent (counted by the applications module) */
      msCount: Type.Integer(),
      page: Page(CompanyJobItem),
    }),
  }),

  joinCompany: route({
    method: 'POST', url: '/api/hr/qydwhrxx/registerHr', summary: '申请加入已注册的单位', access: 'hr', tags: ['companies'],
    body: Type.Object({
      dwid: Id('单位ID'),
      xm: Type.Optional(Type.String({ minLength: 1, maxLength: 30, title: '姓名' })),
      zw: Type.Optional(Type.String({ maxLength: 30, title: '职务' })),
    }),
    reply: EmptyReply,
  }),
  updateProfile: route({
    method: 'POST', url: '/api/hr/qydwhrxx/updateHrById', summary: '修改 HR 个人信息', access: 'hr', tags: ['companies'],
    body: Type.Object({
      xm: Type.String({ minLength: 1, maxLength: 30, title: '姓名' }),
      zw: Type.String({ maxLength: 30, title: '职务' }),
      /** yx: work e-mail; xb: gender code (m_xbdm) — the previous client's HR form sends both; absent keeps them */
      yx: Type.Optional(Type.String({ maxLength: 50, pattern: '^([^\\s@]+@[^\\s@]+\\.[^\\s@]+)?$', title: '电子邮箱' })),
      xb: Type.Optional(CodeField('性别')),
    }),
    reply: EmptyReply,
  }),
  joinRequests: route({
    method: ['GET', 'POST'], url: '/api/hr/qyhrjrqysh/list', summary: '同事加入申请列表', access: 'hr', tags: ['companies'],
    query: Type.Object({
      /** sqzt: 1 pending (default), 2 joined, 3 refused */
      sqzt: Type.Optional(Enum([1, 2, 3], { title: '申请状态' })),
      ...PageQuery,
    }),
    reply: replyOf({ page: Page(JoinRequestRow) }),
  }),
  joinReview: route({
    method: ['GET', 'POST'], url: '/api/hr/qyhrjrqysh/joinReview', summary: '审核同事加入申请', access: 'hrApproved', tags: ['companies'],
    query: Type.Object({
      dwid: Id('单位ID'),
      hrid: Id('HR ID'),
      /** shzt: 1 accept, 2 refuse */
      shzt: Enum([1, 2], { title: '审核结果' }),
    }),
    reply: EmptyReply,
  }),
  addSubAccount: route({
    method: 'POST', url: '/api/hr/qyhrjrqysh/addSubAccount', summary: '为同事开通子账号（直接加入本单位）', access: 'hrApproved', tags: ['companies'],
    body: Type.Object({
      phone: Phone,
      pwd: Md5Password,
      xm: Type.String({ minLength: 1, maxLength: 30, title: '姓名' }),
      zw: Type.Optional(Type.String({ maxLength: 30, title: '职务' })),
    }),
    reply: replyOf({ hrid: Type.String() }),
  }),
  colleagues: route({
    method: ['GET', 'POST'], url: '/api/hr/qyhrjrqysh/allList', summary: '本单位的同事', access: 'hr', partner: true, tags: ['companies'],
    reply: replyOf({ list: Type.Array(ColleagueRow) }),
  }),

  adminList: route({
    method: 'GET', url: '/api/xs/admin/companies', summary: '运营：单位审核列表', access: 'xs', tags: ['companies', 'admin'],
    query: Type.Object({
      /** shzt: 0 pending (default), 1 approved, 2 rejected */
      shzt: Type.Optional(Enum([0, 1, 2], { title: '审核状态' })),
      dwmc: Type.Optional(Type.String({ maxLength: 50, title: '单位名称' })),
      ...PageQuery,
    }),
    reply: replyOf({ page: Page(ReviewCompanyRow) }),
  }),
  adminReview: route({
    method: 'POST', url: '/api/xs/admin/companies/review', summary: '运营：审核单位（通过或驳回并说明理由）', access: 'xs', tags: ['companies', 'admin'],
    body: Type.Object({
      dwid: Id('单位ID'),
      /** shzt: 1 approve, 2 reject */
      shzt: Enum([1, 2], { title: '审核结果' }),
      /** shsm: reason, required when rejecting */
      shsm: Type.Optional(Type.String({ maxLength: 200, title: '审核说明' })),
    }),
    reply: EmptyReply,
  }),
};
