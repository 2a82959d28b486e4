import { Type } from '@sinclair/typebox';
import { route, replyOf, Id, Page } from './define.js';
import { UploadInfo } from './files.js';
import { PHONE_PATTERN } from '../rules/phone.js';
import { UPLOAD_RULES } from '../rules/files.js';

/**
 * The footer's feedback dialog (spec section 2 and 7): category, description up to 500
 * characters, a contact phone required from anonymous visitors, one optional jpeg/png image up
 * to 2 MB (uploaded with getOssKey → form post → saveImg), and the history with the operator's
 * answer (cljg). Anonymous visitors may submit; the operator lists and answers feedback, and the
 * answer reaches a logged-in author as a system message.
 */

/** wtlx: 10 功能建议, 20 性能建议, 30 其他 (the older client sends numbers or strings) */
const Category = Type.Unsafe<10 | 20 | 30 | '10' | '20' | '30'>({ enum: [10, 20, 30, '10', '20', '30'], title: '问题类型' });

export const FeedbackRow = Type.Object({
  bsid: Type.String(),
  /** wtlx: category */
  wtlx: Type.Integer(),
  /** wtms: description */
  wtms: Type.String(),
  /** imgUrl: the attached image, '' when none */
  imgUrl: Type.String(),
  /** cljg: the operator's answer, '' while unanswered */
  cljg: Type.String(),
  /** clsj: when it was answered, '' while unanswered */
  clsj: Type.String(),
  /** zt: 0 waiting for an answer, 1 answered */
  zt: Type.Integer(),
  createTime: Type.String(),
});

export const FeedbackAdminRow = Type.Object({
  ...FeedbackRow.properties,
  /** dm: qz job seeker, hr, yk anonymous visitor */
  dm: Type.String(),
  phone: Type.String(),
  /** the author's account ('' for anonymous visitors) and name */
  userId: Type.String(),
  userName: Type.String(),
  /** the operator who answered ('' while unanswered) */
  clr: Type.String(),
});

const tags = ['feedback'];

export const feedbackApi = {
  ossKey: route({
    method: ['GET', 'POST'], url: '/api/qz/qzfkbz/getOssKey', summary: `反馈图片上传凭证（jpg/png，${UPLOAD_RULES.feedback.label} 以内）`, access: 'optional', partner: true, tags,
    reply: replyOf({ info: UploadInfo }),
  }),
  saveImg: route({
    method: 'POST', url: '/api/qz/qzfkbz/saveImg', summary: '登记反馈图片', access: 'optional', partner: true, tags,
    body: Type.Object({
      keyName: Type.String({ minLength: 1, maxLength: 400, title: '文件地址' }),
      wjmc: Type.Optional(Type.String({ maxLength: 200, title: '文件名称' })),
      wjbm: Type.Optional(Type.String({ maxLength: 200, title: '文件别名' })),
      wjgs: Type.Optional(Type.String({ maxLength: 100, title: '文件格式' })),
      wjdx: Type.Optional(Type.Union([Type.Integer({ minimum: 0, title: '文件大小' }), Type.String({ maxLength: 20, title: '文件大小' })], { title: '文件大小' })),
      upid: Type.Optional(Type.String({ maxLength: 64, title: '上传ID' })),
      host: Type.Optional(Type.String({ maxLength: 500, title: '上传地址' })),
    }),
    reply: replyOf({ fileUrl: Type.String(), wjid: Type.String() }),
  }),
  add: route({
    method: 'POST', url: '/api/qz/qzfkbz/addFk', summary: '提交反馈（游客须留联系方式）', access: 'optional', partner: true, tags,
    body: Type.Object({
      wtlx: Category,
      wtms: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S', title: '问题内容' }),
      /** phone: contact; required when not logged in */
      phone: Type.Optional(Type.String({ pattern: `^$|${PHONE_PATTERN}`, title: '联系方式' })),
      /** dm: who writes (the server decides from the session; sent by the older client) */
      dm: Type.Optional(Type.Unsafe<'qz' | 'hr' | 'yk' | ''>({ type: 'string', enum: ['qz', 'hr', 'yk', ''], title: '反馈人类型' })),
      /** imgUrl: fileUrl from saveImg, '' when none */
      imgUrl: Type.Optional(Type.String({ maxLength: 1000, title: '图片' })),
    }),
    reply: replyOf({ bsid: Type.String() }),
  }),
  history: route({
    method: ['GET', 'POST'], url: '/api/qz/qzfkbz/findAll/:page/:size', summary: '我的反馈记录（游客为空）', access: 'optional', partner: true, tags,
    params: Type.Object({
      page: Type.Integer({ minimum: 1, maximum: 100000, title: '页码' }),
      size: Type.Integer({ minimum: 1, maximum: 50, title: '每页条数' }),
    }),
    reply: replyOf({ page: Page(FeedbackRow) }),
  }),
  adminList: route({
    method: 'GET', url: '/api/xs/feedback/list', summary: '全部反馈（运营）', access: 'xs', tags,
    query: Type.Object({
      page: Type.Integer({ minimum: 1, maximum: 100000, default: 1, title: '页码' }),
      limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, title: '每页条数' }),
      /** zt: 0 unanswered, 1 answered; all when absent */
      zt: Type.Optional(Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1], title: '处理状态' })),
      wtlx: Type.Optional(Type.Unsafe<10 | 20 | 30>({ type: 'integer', enum: [10, 20, 30], title: '问题类型' })),
    }),
    reply: replyOf({ page: Page(FeedbackAdminRow) }),
  }),
  adminAnswer: route({
    method: 'POST', url: '/api/xs/feedback/answer', summary: '回复反馈（运营；作者会收到系统消息）', access: 'xs', tags,
    body: Type.Object({
      bsid: Id('反馈ID'),
      cljg: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S', title: '处理结果' }),
    }),
    reply: replyOf({ bsid: Type.String(), clsj: Type.String() }),
  }),
};
