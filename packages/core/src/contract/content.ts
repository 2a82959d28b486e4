import { Type } from '@sinclair/typebox';
import { route, replyOf, EmptyReply, Id, Page, PageQuery, Enum } from './define.js';

/** Home-page content: banners, notices, company tabs; and the operator's editing of them. */

export const BANNER_SLOTS = ['b_01', 'b_02', 'b_03', 'b_04'] as const;
const Slot = Enum(BANNER_SLOTS, { title: '展示位置' });
/** A link the site can follow: an internal path, or an http(s) address. */
const Link = (title: string) => Type.String({ maxLength: 500, pattern: '^(|/[^\\s]*|https?://[^\\s]+)$', title });

export const Banner = Type.Object({
  /** url: the image */
  url: Type.String(),
  /** tzlj: where a click goes ('' for nowhere); http, https or www means an external site */
  tzlj: Type.String(),
});

export const NoticeItem = Type.Object({
  /** bsid: notice id */
  bsid: Type.String(),
  title: Type.String(),
  /** types: category code of m_zxlbdm (the client shows its name as zxtype) */
  types: Type.String(),
  /** zxly: source, a code of m_zxlydm ('' none; the previous client decodes it with findDmMap) */
  zxly: Type.String(),
  /** releaseTime: 'YYYY-MM-DD HH:mm:ss' */
  releaseTime: Type.String(),
  /** visits: times opened */
  visits: Type.Integer(),
});

export const NoticeDetail = Type.Composite([
  NoticeItem,
  Type.Object({
    /** content: plain text; blank lines separate paragraphs */
    content: Type.String(),
  }),
]);

export const HomeCompanyCard = Type.Object({
  dwid: Type.String(),
  /** dwmc: name */
  dwmc: Type.String(),
  /** dwxz: ownership code */
  dwxz: Type.String(),
  /** dwsshy: industry code */
  dwsshy: Type.String(),
  /** gwmc: titles of its newest open jobs, joined by '、' */
  gwmc: Type.String(),
  /** rzgws: open jobs */
  rzgws: Type.Integer(),
  /** jsjls: resumes received */
  jsjls: Type.Integer(),
  /** booszxs: its HR online now (n 位BOSS在线) */
  booszxs: Type.Integer(),
});

export const AdminBanner = Type.Object({
  bsid: Type.String(),
  zswz: Type.String(),
  /** bt / fbt: title and subtitle drawn on the generated image */
  bt: Type.String(),
  fbt: Type.String(),
  /** ys: background colour of the generated image */
  ys: Type.String(),
  /** tpdz: an uploaded image's address; '' to use the generated one */
  tpdz: Type.String(),
  tzlj: Type.String(),
  /** px: order inside the slot, small first */
  px: Type.Integer(),
  /** fbzt: 1 published, 0 hidden */
  fbzt: Type.Integer(),
  /** url: the image actually shown */
  url: Type.String(),
});

export const AdminNotice = Type.Composite([NoticeDetail, Type.Object({ fbzt: Type.Integer() })]);

const Publish = (title: string) => Type.Object({ bsid: Id(title), fbzt: Enum([0, 1], { title: '发布状态' }) });

export const contentApi = {
  banners: route({
    method: 'GET', url: '/api/system/system/syspcbanner/ApiList', summary: '首页轮播图', access: 'public', tags: ['content'],
    query: Type.Object({ zswz: Slot }),
    reply: replyOf({ list: Type.Array(Banner) }),
  }),
  notices: route({
    method: 'POST', url: '/api/xs/notice/getNoticeMsgWeb', summary: '公告资讯列表', access: 'public', tags: ['content'],
    body: Type.Object({ ...PageQuery, types: Type.Optional(Type.String({ pattern: '^([a-z]+_\\d{2,3})?$', title: '资讯类别' })) }),
    reply: replyOf({ page: Page(NoticeItem) }),
  }),
  notice: route({
    method: ['GET', 'POST'], url: '/api/xs/notice/getNoticeDetails', summary: '公告详情（计一次浏览）', access: 'public', tags: ['content'],
    query: Type.Object({ bsid: Id('公告ID') }),
    reply: replyOf({ data: NoticeDetail }),
  }),
  companiesByType: route({
    method: 'GET', url: '/api/hr/bskhgl/findDwListByType', summary: '首页单位列表（1 热招企业 / 2 热门高校 / 3 科研/医疗 / 4 热门推荐）', access: 'public', tags: ['content'],
    query: Type.Object({
      page: PageQuery.page,
      limit: Type.Integer({ minimum: 1, maximum: 100, default: 12, title: '每页条数' }),
      type: Enum([1, 2, 3, 4], { title: '类型' }),
      csdm: Type.Optional(Type.String({ pattern: '^(\\d{6})?$', title: '城市' })),
    }),
    reply: replyOf({ page: Page(HomeCompanyCard) }),
  }),

  adminBanners: route({
    method: 'GET', url: '/api/xs/admin/banner/list', summary: '运营：轮播图列表', access: 'xs', tags: ['content', 'admin'],
    query: Type.Object({ zswz: Type.Optional(Slot) }),
    reply: replyOf({ list: Type.Array(AdminBanner) }),
  }),
  adminBannerSave: route({
    method: 'POST', url: '/api/xs/admin/banner/save', summary: '运营：新建或修改轮播图', access: 'xs', tags: ['content', 'admin'],
    body: Type.Object({
      bsid: Type.Optional(Id('轮播图ID')),
      zswz: Slot,
      bt: Type.String({ minLength: 1, maxLength: 40, title: '标题' }),
      fbt: Type.Optional(Type.String({ maxLength: 60, title: '副标题' })),
      ys: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$', title: '背景颜色' })),
      tpdz: Type.Optional(Link('图片地址')),
      tzlj: Type.Optional(Link('跳转链接')),
      px: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999, title: '排序' })),
      fbzt: Type.Optional(Enum([0, 1], { title: '发布状态' })),
    }),
    reply: replyOf({ bsid: Type.String() }),
  }),
  adminBannerPublish: route({
    method: 'POST', url: '/api/xs/admin/banner/publish', summary: '运营：发布或撤下轮播图', access: 'xs', tags: ['content', 'admin'],
    body: Publish('轮播图ID'),
    reply: EmptyReply,
  }),
  adminBannerDelete: route({
    method: 'POST', url: '/api/xs/admin/banner/delete', summary: '运营：删除轮播图', access: 'xs', tags: ['content', 'admin'],
    body: Type.Object({ bsid: Id('轮播图ID') }),
    reply: EmptyReply,
  }),
  adminNotices: route({
    method: 'GET', url: '/api/xs/admin/notice/list', summary: '运营：公告列表（含未发布）', access: 'xs', tags: ['content', 'admin'],
    query: Type.Object({ ...PageQuery, title: Type.Optional(Type.String({ maxLength: 50, title: '标题' })) }),
    reply: replyOf({ page: Page(AdminNotice) }),
  }),
  adminNoticeSave: route({
    method: 'POST', url: '/api/xs/admin/notice/save', summary: '运营：新建或修改公告', access: 'xs', tags: ['content', 'admin'],
    body: Type.Object({
      bsid: Type.Optional(Id('公告ID')),
      title: Type.String({ minLength: 2, maxLength: 100, title: '标题' }),
      types: Type.String({ pattern: '^[a-z]+_\\d{2,3}$', title: '资讯类别' }),
      /** zxly: source, a code of m_zxlydm ('' none) */
      zxly: Type.Optional(Type.String({ maxLength: 20, pattern: '^[A-Za-z0-9_]*$', title: '来源' })),
      content: Type.String({ minLength: 1, maxLength: 20000, title: '正文' }),
      fbzt: Type.Optional(Enum([0, 1], { title: '发布状态' })),
    }),
    reply: replyOf({ bsid: Type.String() }),
  }),
  adminNoticePublish: route({
    method: 'POST', url: '/api/xs/admin/notice/publish', summary: '运营：发布或撤下公告', access: 'xs', tags: ['content', 'admin'],
    body: Publish('公告ID'),
    reply: EmptyReply,
  }),
  adminNoticeDelete: route({
    method: 'POST', url: '/api/xs/admin/notice/delete', summary: '运营：删除公告', access: 'xs', tags: ['content', 'admin'],
    body: Type.Object({ bsid: Id('公告ID') }),
    reply: EmptyReply,
  }),
};
