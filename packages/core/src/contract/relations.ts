import { Type } from '@sinclair/typebox';
import { Gwzt } from './job-row.js';
import { route, replyOf, EmptyReply, Id, Page, PageQuery } from './define.js';

/**
 * What job seekers keep (saved jobs 岗位收藏, followed enterprises 关注单位, shielded enterprises
 * 屏蔽单位), who viewed their résumé (谁看过我), and HR's favourite talents (简历收藏).
 */

export const SavedJob = Type.Object({
  /** qdid: the saved entry's id (the job id: a job is saved once) */
  qdid: Type.String(),
  gwid: Type.String(),
  gwmc: Type.String(),
  /** gwzt: the job's state now (see Gwzt; '2' still takes applications) */
  gwzt: Gwzt,
  dwid: Type.String(),
  dwmc: Type.String(),
  /** dwxz / dwgm: the enterprise's ownership and size codes */
  dwxz: Type.String(),
  dwgm: Type.String(),
  logoUrl: Type.String(),
  sbcs: Type.String(),
  /** gwyx: salary-range code (m_xzdydm) beside the exact bounds */
  gwyx: Type.String(),
  zdyx: Type.Integer(),
  zgyx: Type.Integer(),
  xlyq: Type.String(),
  jyyq: Type.String(),
  /** gwfbsj: last published or refreshed; sxsj the same under the name the previous client's 我的收藏 reads */
  gwfbsj: Type.String(),
  sxsj: Type.String(),
  /** scsj: saved at */
  scsj: Type.String(),
  /** yyzt: my application's state, 0 when I have not applied */
  yyzt: Type.Integer(),
});

export const FollowedCompany = Type.Object({
  dwid: Type.String(),
  dwmc: Type.String(),
  dwxz: Type.String(),
  sshy: Type.String(),
  dwgm: Type.String(),
  dwszcs: Type.String(),
  logoUrl: Type.String(),
  /** rzgws: published jobs */
  rzgws: Type.Integer(),
  /** scsj: followed at */
  scsj: Type.String(),
});

export const ShieldedCompany = Type.Object({
  dwid: Type.String(),
  dwmc: Type.String(),
  /** dwszcs: city code */
  dwszcs: Type.String(),
});

/** One HR who opened my résumé. */
export const ResumeViewer = Type.Object({
  hrid: Type.String(),
  /** hrxm / hrzw: the HR's name and job title */
  hrxm: Type.String(),
  hrzw: Type.String(),
  dwid: Type.String(),
  dwmc: Type.String(),
  sshy: Type.String(),
  logoUrl: Type.String(),
  /** cksj: the latest view; ckcs: how many times */
  cksj: Type.String(),
  ckcs: Type.Integer(),
});

export const FavouriteTalent = Type.Object({
  qzbsid: Type.String(),
  xm: Type.String(),
  xbm: Type.String(),
  nl: Type.Union([Type.Integer(), Type.Null()]),
  zgxl: Type.String(),
  gznx: Type.Integer(),
  dqszcs: Type.String(),
  txUrl: Type.String(),
  /** scsj: favourited at */
  scsj: Type.String(),
  /** sftd: 1 applied to my enterprise */
  sftd: Type.Integer(),
  /** sfyy: 1 my enterprise invited them to an interview */
  sfyy: Type.Integer(),
});

const PathPage = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, title: '页码' }),
  limit: Type.Integer({ minimum: 1, maximum: 100, title: '每页条数' }),
});
const JobParams = Type.Object({ dwid: Id('单位ID'), gwid: Id('岗位ID') });
const DwidParams = Type.Object({ dwid: Id('单位ID') });
const tags = ['relations'];

export const relationsApi = {
  // ---- saved jobs
  savedJobs: route({
    method: ['GET', 'POST'], url: '/api/qz/qzgwsc/list/:page/:limit', summary: '收藏的岗位', access: 'qz', tags,
    params: PathPage,
    reply: replyOf({ page: Page(SavedJob) }),
  }),
  saveJob: route({
    method: 'POST', url: '/api/qz/qzgwsc/sc/:dwid/:gwid', summary: '收藏岗位', access: 'qz', tags,
    params: JobParams,
    reply: EmptyReply,
  }),
  saveJobs: route({
    method: 'POST', url: '/api/qz/qzgwsc/plsc', summary: '批量收藏岗位', access: 'qz', tags,
    body: Type.Array(Type.Union([Id('岗位ID'), Type.Object({ gwid: Id('岗位ID'), dwid: Type.Optional(Type.String({ pattern: '^([1-9]\\d{0,17})?$', title: '单位ID' })) })]), {
      minItems: 1, maxItems: 100, title: '岗位',
    }),
    /** saved: how many were newly saved (already saved ones count as done) */
    reply: replyOf({ saved: Type.Integer() }),
  }),
  unsaveJob: route({
    method: 'POST', url: '/api/qz/qzgwsc/qxsc/:dwid/:gwid', summary: '取消收藏岗位', access: 'qz', tags,
    params: JobParams,
    reply: EmptyReply,
  }),
  jobFlags: route({
    method: 'POST', url: '/api/qz/qzgwsc/sczt', summary: '这些岗位我是否已收藏', access: 'qz', tags,
    body: Type.Array(Id('岗位ID'), { minItems: 1, maxItems: 100, title: '岗位ID列表' }),
    /** sczt: gwid → 1 saved / 0 not */
    reply: replyOf({ sczt: Type.Record(Type.String(), Type.Integer()) }),
  }),

  // ---- followed enterprises
  followed: route({
    method: ['GET', 'POST'], url: '/api/qz/qzgssc/list/:page/:limit', summary: '关注的单位', access: 'qz', tags,
    params: PathPage,
    reply: replyOf({ page: Page(FollowedCompany) }),
  }),
  follow: route({
    method: 'POST', url: '/api/qz/qzgssc/sc/:dwid', summary: '关注单位', access: 'qz', tags,
    params: DwidParams,
    reply: EmptyReply,
  }),
  unfollow: route({
    method: 'POST', url: '/api/qz/qzgssc/qxsc/:dwid', summary: '取消关注单位', access: 'qz', tags,
    params: DwidParams,
    reply: EmptyReply,
  }),
  companyFlags: route({
    method: 'POST', url: '/api/qz/qzgssc/sczt', summary: '这些单位我是否已关注、已屏蔽', access: 'qz', tags,
    body: Type.Array(Id('单位ID'), { minItems: 1, maxItems: 100, title: '单位ID列表' }),
    /** sczt: dwid → 1 followed; pbzt: dwid → 1 shielded */
    reply: replyOf({ sczt: Type.Record(Type.String(), Type.Integer()), pbzt: Type.Record(Type.String(), Type.Integer()) }),
  }),

  // ---- shielded enterprises (their HR no longer find me in talent search)
  shielded: route({
    method: ['GET', 'POST'], url: '/api/qz/qzpbdw/list', summary: '屏蔽的单位（最近屏蔽的在前）', access: 'qz', tags,
    reply: replyOf({ pbdwList: Type.Array(ShieldedCompany) }),
  }),
  shield: route({
    method: ['GET', 'POST'], url: '/api/qz/qzpbdw/save/:dwid', summary: '屏蔽单位（其 HR 搜索人才时看不到我）', access: 'qz', tags,
    params: DwidParams,
    reply: EmptyReply,
  }),
  unshield: route({
    method: ['GET', 'POST'], url: '/api/qz/qzpbdw/delete/:dwid', summary: '取消屏蔽单位', access: 'qz', tags,
    params: DwidParams,
    reply: EmptyReply,
  }),

  // ---- who viewed my résumé
  viewers: route({
    method: ['GET', 'POST'], url: '/api/qz/qyckjljl/hrDetail', summary: '谁看过我的简历', access: 'qz', tags,
    query: Type.Object(PageQuery),
    reply: replyOf({ page: Page(ResumeViewer) }),
  }),

  // ---- HR's favourite talents
  addFavourite: route({
    method: ['GET', 'POST'], url: '/api/hr/qyjlsc/addJlsc', summary: '收藏人才', access: 'hrApproved', tags,
    query: Type.Object({ qzzid: Id('求职者ID') }),
    reply: EmptyReply,
  }),
  removeFavourite: route({
    method: ['GET', 'POST'], url: '/api/hr/qyjlsc/cancelJlsc/:qzbsid', summary: '取消收藏人才', access: 'hrApproved', tags,
    params: Type.Object({ qzbsid: Id('求职者ID') }),
    reply: EmptyReply,
  }),
  favourites: route({
    method: ['GET', 'POST'], url: '/api/hr/qyjlsc/list', summary: '收藏的人才', access: 'hrApproved', tags,
    query: Type.Object({ xm: Type.Optional(Type.String({ maxLength: 30, title: '姓名' })), ...PageQuery }),
    reply: replyOf({ page: Page(FavouriteTalent) }),
  }),
};
