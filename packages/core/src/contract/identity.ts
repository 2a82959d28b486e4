import { Type } from '@sinclair/typebox';
import { route, replyOf, Id, IdOrEmpty, Enum } from './define.js';

export const SeekerBase = Type.Object({
  /** qzbsid: the seeker's id */
  qzbsid: Type.String(),
  /** wsd: resume completeness 0–100 */
  wsd: Type.Integer(),
  /** xm: name */
  xm: Type.String(),
  phone: Type.String(),
  /** xbm: gender code xb_001 male / xb_002 female, '' unknown */
  xbm: Type.String(),
  /** txid: avatar file id, '' when none */
  txid: Type.String(),
  /** qzzt: job-seeking state code */
  qzzt: Type.String(),
  /** yx: e-mail */
  yx: Type.String(),
  /** wx: bound WeChat account; always '' (the platform has no WeChat login) */
  wx: Type.String(),
  /** tdjlCount: jobs applied to */
  tdjlCount: Type.Integer(),
  /** gwscCount: jobs saved */
  gwscCount: Type.Integer(),
  /** sxhscs: fairs favourited */
  sxhscs: Type.Integer(),
});

/** qyDwhrxxEntity: the HR and their enterprise. */
export const HrEntity = Type.Object({
  hrid: Type.String(),
  /** xm: name */
  xm: Type.String(),
  /** phone: the account's mobile; sjhm the same under the name the previous client's HR form reads */
  phone: Type.String(),
  sjhm: Type.String(),
  /** yx: work e-mail ('' none) */
  yx: Type.String(),
  /** xb: gender code (m_xbdm), '' when not given */
  xb: Type.String(),
  /** zw: job title */
  zw: Type.String(),
  /** sflx: 's_002' the HR who registered the enterprise (its manager), 's_001' a colleague */
  sflx: Type.Union([Type.Literal('s_001'), Type.Literal('s_002')]),
  /** wx: bound WeChat account, '' when none */
  wx: Type.String(),
  /** dwid: enterprise id, '' before registering or joining one */
  dwid: Type.String(),
  /** dwqc: the enterprise's full name; dwmc the same */
  dwqc: Type.String(),
  dwmc: Type.String(),
  /** shzt: the enterprise's approval state (0 pending, 1 approved, 2 rejected, -1 no enterprise) */
  shzt: Type.Integer(),
  /** vip: paid membership (1) or free (0) */
  vip: Type.Integer(),
});

const Counter = Type.Object({ count: Type.Integer() });
/** Xxtx: message reminders; wjxx 未读消息 (applications/invitations), hxxx 会场消息, xtxx 系统消息 */
export const Reminders = Type.Object({ wjxx: Counter, hxxx: Counter, xtxx: Counter });

export const FileRow = Type.Object({
  /** wjid: file id */
  wjid: Type.String(),
  /** wjlx of an enterprise's files: 10 environment photo, 20 logo, 30 business licence, 40 ID card, 50 HR avatar
   * (this platform takes logos and licences) */
  wjlx: Type.Integer(),
  /** wjmc: file name */
  wjmc: Type.String(),
  /** wjgs: format (extension) */
  wjgs: Type.String(),
  /** wjdx: size in bytes */
  wjdx: Type.Integer(),
  fileUrl: Type.String(),
  createTime: Type.String(),
});

/** An enterprise file as getDwFileList / getHrFileList list it (a bare array, oldest first). */
export const CompanyFileItem = Type.Object({
  /** wjid: file id (getFile/{wjid}) */
  wjid: Type.String(),
  /** wjlx: see FileRow */
  wjlx: Type.Integer(),
  wjmc: Type.String(),
  fileUrl: Type.String(),
  createTime: Type.String(),
});

export const identityApi = {
  seekerBase: route({
    method: 'GET', url: '/api/qz/qzgrjbxx/myBaseInfo', summary: '求职者基本信息', access: 'qz', partner: true, tags: ['identity'],
    reply: replyOf({ qzGrjbxxBase: Type.Union([SeekerBase, Type.Null()]) }),
  }),
  companyState: route({
    method: 'GET', url: '/api/hr/qydwhrxx/getDwShzt', summary: '所属单位审核状态', access: 'hr', partner: true, tags: ['identity'],
    reply: replyOf({ shzt: Type.Integer() }),
  }),
  hrInfo: route({
    method: ['GET', 'POST'], url: '/api/hr/qydwhrxx/getHrInfo', summary: 'HR 信息', access: 'hr', partner: true, tags: ['identity'],
    reply: replyOf({ qyDwhrxxEntity: HrEntity }),
  }),
  hrReminders: route({
    method: 'GET', url: '/api/hr/qyxxtx/baseInfo', summary: 'HR 消息提醒计数', access: 'hr', tags: ['identity'],
    reply: replyOf({ hrXxtx: Reminders }),
  }),
  seekerReminders: route({
    method: 'GET', url: '/api/qz/qzxxtx/baseInfo', summary: '求职者消息提醒计数', access: 'qz', tags: ['identity'],
    reply: replyOf({ qzXxtx: Reminders }),
  }),
  companyLogos: route({
    method: 'POST', url: '/api/hr/qydwhrxx/getDwLogos', summary: '批量获取单位 logo', access: 'public', tags: ['identity'],
    body: Type.Array(Id('单位ID'), { maxItems: 200, title: '单位ID列表' }),
    /** urls: dwid → logo url ('' when none) */
    reply: replyOf({ urls: Type.Record(Type.String(), Type.String()) }),
  }),
  seekerFile: route({
    method: 'GET', url: '/api/qz/qzFile/getFile/:id', summary: '文件地址（本人或有权查看者）', access: 'user', tags: ['identity'],
    params: Type.Object({ id: Id('文件ID') }),
    reply: replyOf({ fileUrl: Type.String() }),
  }),
  companyFile: route({
    method: 'GET', url: '/api/hr/qydwhrxx/getFile/:id', summary: '单位公开文件地址（logo）', access: 'public', tags: ['identity'],
    params: Type.Object({ id: Id('文件ID') }),
    query: Type.Object({
      userId: Type.Optional(IdOrEmpty('用户ID')),
      fileType: Type.Optional(Enum([20, 30], { title: '文件类型' })),
    }),
    reply: replyOf({ fileUrl: Type.String() }),
  }),
  companyFiles: route({
    method: 'POST', url: '/api/hr/qydwhrxx/getDwFileList', summary: '单位文件列表（logo）', access: 'public', tags: ['identity'],
    query: Type.Object({ dwid: Id('单位ID') }),
    /** page: a bare array as the previous client maps it, oldest first (it takes the last logo) */
    reply: replyOf({ page: Type.Array(CompanyFileItem) }),
  }),
};
