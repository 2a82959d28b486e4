import { Type } from '@sinclair/typebox';
import { route, replyOf, EmptyReply, Id, Enum } from './define.js';

/**
 * Uploads (spec section 7, "Feedback and uploads"): 1. getOssKey returns a signed credential;
 * 2. the browser posts a multipart form to `info.host` with every field of `info.fields`, then
 * `key` = `info.dir` + file name, then `file` last; 3. save registers the file. The default host
 * is the server itself (/api/files/upload); with S3_* configured it is the bucket (SigV4 POST
 * policy). Size limit and accepted formats come with the credential (maxSize, accept) and are
 * enforced on upload and again on save; a file whose content is not what its extension says
 * is refused.
 *
 * Attachment résumés (wjlx 10): at most 3, up to 10 MB, pdf/doc/docx/jpg/png, private: readable
 * by the owner and by HR of enterprises the owner applied to, through short-lived signed URLs.
 */

/** info: the upload credential */
export const UploadInfo = Type.Object({
  /** accessid: storage access key id ('zp' on the server's own host) */
  accessid: Type.String(),
  /** policy: base64 JSON policy (expiration, key prefix, size range) */
  policy: Type.String(),
  /** signature: the policy's signature */
  signature: Type.String(),
  /** dir: the key prefix every uploaded key must start with */
  dir: Type.String(),
  /** host: where to post the form */
  host: Type.String(),
  /** upid: this upload's id */
  upid: Type.String(),
  /** expire: unix seconds after which the credential is refused */
  expire: Type.Integer(),
  /** fields: form fields to post besides key and file */
  fields: Type.Record(Type.String(), Type.String()),
  /** maxSize: bytes */
  maxSize: Type.Integer(),
  /** accept: allowed extensions */
  accept: Type.Array(Type.String()),
});

/** What save takes (wjmc, wjbm, wjgs, wjdx, upid, host, keyName): the server trusts only keyName and checks the stored bytes. */
const SaveFields = {
  /** keyName: the key the form was posted with (dir + file name) */
  keyName: Type.String({ minLength: 1, maxLength: 400, title: '文件地址' }),
  /** wjmc: display name */
  wjmc: Type.Optional(Type.String({ maxLength: 200, title: '文件名称' })),
  /** wjbm: alias */
  wjbm: Type.Optional(Type.String({ maxLength: 200, title: '文件别名' })),
  /** wjgs: format as the client saw it (the server uses the real one) */
  wjgs: Type.Optional(Type.String({ maxLength: 100, title: '文件格式' })),
  /** wjdx: size as the client saw it (the server uses the real one) */
  wjdx: Type.Optional(Type.Union([Type.Integer({ minimum: 0, title: '文件大小' }), Type.String({ maxLength: 20, title: '文件大小' })], { title: '文件大小' })),
  /** upid: the credential's upload id */
  upid: Type.Optional(Type.String({ maxLength: 64, title: '上传ID' })),
  /** host: where it was posted */
  host: Type.Optional(Type.String({ maxLength: 500, title: '上传地址' })),
};

export const MyFile = Type.Object({
  /** bsid and wjid: the file id (the older client uses both names) */
  bsid: Type.String(),
  wjid: Type.String(),
  /** wjlx: 10 attachment résumé, 20 logo, 30 licence, 40 avatar, 50 feedback image */
  wjlx: Type.Integer(),
  wjmc: Type.String(),
  wjbm: Type.String(),
  /** wjgs: extension */
  wjgs: Type.String(),
  /** wjdx: bytes */
  wjdx: Type.Integer(),
  /** fileUrl: for private files a signed link valid for 10 minutes */
  fileUrl: Type.String(),
  createTime: Type.String(),
  /** showPhone: generated résumés (fileType 30) only: 1 on the newest, the one the client offers */
  showPhone: Type.Optional(Type.Integer()),
});

const tags = ['files'];
const SaveReply = replyOf({ wjid: Type.String(), fileUrl: Type.String(), file: MyFile });

/** At most this many attachment résumés per job seeker (spec: the picker offers 3). */
export const MAX_RESUME_ATTACHMENTS = 3;
/** Said when the limit is reached: by the upload credential call (before any byte is sent) and the centre. */
export const RESUME_ATTACHMENTS_FULL_MSG = `附件简历最多 ${MAX_RESUME_ATTACHMENTS} 份，请删除不常用的附件简历后再上传`;

export const filesApi = {
  seekerOssKey: route({
    method: 'GET', url: '/api/qz/qzFile/getOssKey', summary: '上传凭证（附件简历 10 / 头像 40）', access: 'qz', tags,
    /** fileType: 10 attachment résumés, 30 generated résumés (qzjldz/save), 40 avatars */
    query: Type.Object({ fileType: Enum([10, 30, 40], { title: '文件类型', default: 10 }) }),
    reply: replyOf({ info: UploadInfo }),
  }),
  seekerSave: route({
    method: 'POST', url: '/api/qz/qzFile/save', summary: '登记已上传的文件（附件简历最多 3 份）', access: 'qz', tags,
    body: Type.Object({ ...SaveFields, wjlx: Type.Unsafe<10 | 40 | '10' | '40'>({ enum: [10, 40, '10', '40'], title: '文件类型' }) }),
    reply: SaveReply,
  }),
  seekerList: route({
    method: ['GET', 'POST'], url: '/api/qz/qzFile/list', summary: '我的文件（附件简历 10 / 电子简历 30 / 头像 40）', access: 'qz', tags,
    /** fileType 30: generated (电子) résumés (qzjldz/save), newest first */
    query: Type.Object({ fileType: Enum([10, 30, 40], { title: '文件类型', default: 10 }) }),
    reply: replyOf({ fileList: Type.Array(MyFile) }),
  }),
  seekerDelete: route({
    method: ['GET', 'POST'], url: '/api/qz/qzFile/delete/:bsid', summary: '删除文件', access: 'qz', tags,
    params: Type.Object({ bsid: Id('文件ID') }),
    reply: EmptyReply,
  }),
  seekerRename: route({
    method: ['GET', 'POST'], url: '/api/qz/qzFile/updateWjmc', summary: '重命名文件', access: 'qz', tags,
    query: Type.Object({ bsid: Id('文件ID'), wjmc: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', title: '文件名称' }) }),
    reply: replyOf({ wjmc: Type.String() }),
  }),
  userLogos: route({
    method: 'POST', url: '/api/qz/qzFile/getUserLogos', summary: '批量获取用户头像（HR 为单位 logo）', access: 'user', tags,
    body: Type.Array(Id('用户ID'), { maxItems: 200, title: '用户ID列表' }),
    /** urls: user id → avatar url ('' when none) */
    reply: replyOf({ urls: Type.Record(Type.String(), Type.String()) }),
  }),
  hrOssKey: route({
    method: ['GET', 'POST'], url: '/api/hr/qydwhrxx/getOssKey', summary: '上传凭证（单位 logo 20 / 营业执照 30）', access: 'hr', tags,
    query: Type.Object({ fileType: Type.Optional(Enum([20, 30], { title: '文件类型' })) }),
    reply: replyOf({ info: UploadInfo }),
  }),
  hrSave: route({
    method: 'POST', url: '/api/hr/qydwhrxx/saveFile', summary: '登记单位文件（logo、营业执照）', access: 'hr', tags,
    body: Type.Object({
      ...SaveFields,
      fileType: Type.Unsafe<20 | 30 | '20' | '30'>({ enum: [20, 30, '20', '30'], title: '文件类型' }),
      /** dwid: when sent, must be the HR's enterprise */
      dwid: Type.Optional(Type.String({ pattern: '^$|^[1-9]\\d{0,17}$', title: '单位ID' })),
    }),
    reply: SaveReply,
  }),
  hrFiles: route({
    method: ['GET', 'POST'], url: '/api/hr/qydwhrxx/getHrFileList', summary: '我上传的单位文件', access: 'hr', tags,
    /** page: a bare array, oldest first, as the previous client maps it (wjlx as in getDwFileList) */
    reply: replyOf({ page: Type.Array(MyFile) }),
  }),
  hrDelete: route({
    method: ['GET', 'POST'], url: '/api/hr/qydwhrxx/delHrFile', summary: '删除我上传的单位文件（正在使用的 logo、执照除外）', access: 'hr', tags,
    query: Type.Object({ bsid: Id('文件ID') }),
    reply: EmptyReply,
  }),
  upload: route({
    method: 'POST', url: '/api/files/upload', summary: '上传文件（multipart：policy、signature、key、file）', access: 'public', tags,
    reply: replyOf({ key: Type.String(), size: Type.Integer() }),
  }),
};
