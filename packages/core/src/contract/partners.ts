/**
 * Partner sites: the origins whose pages may embed the widgets (kept by the operator), and the
 * person's own logins made on them (partner tokens: bound to that origin, short-lived, limited to
 * the routes marked `partner`).
 */
import { Type } from '@sinclair/typebox';
import { route, replyOf, EmptyReply, Enum, Id } from './define.js';
import { Session } from './auth.js';

/** A login or registration (or its SMS code) asked for from a partner site's page: the password and code belong in the platform's window. */
export const PARTNER_PAGE_LOGIN_MSG = '为保护账号安全，合作网站上请在平台的登录窗口中登录';
/** The authorisation asked for from anywhere but the platform's own login window. */
export const PARTNER_AUTHORIZE_ELSEWHERE_MSG = '请在平台的登录窗口中授权登录';
/** Only job seekers and enterprise HR use the widgets. */
export const PARTNER_ROLE_MSG = '运营账号不能登录合作网站，请使用求职者或企业 HR 账号';

/** scheme://host[:port] as the browser reports a page's origin; the server normalises and checks it against the list. */
const OriginField = Type.String({ minLength: 8, maxLength: 200, pattern: '^https?://[^\\s/?#@\\\\]+$', title: '网站地址' });

export const PartnerSite = Type.Object({
  bsid: Type.String(),
  /** mc: the site's name as people know it (某某大学就业网) */
  mc: Type.String(),
  /** scheme://host[:port], lower case, no path */
  origin: Type.String(),
  /** lxr: whom to call about the site */
  lxr: Type.String(),
  /** sfqy: 1 enabled (may embed), 0 disabled */
  sfqy: Type.Integer(),
  cjsj: Type.String(),
  gxsj: Type.String(),
});

export const PartnerSession = Type.Object({
  /** the session's id, for ending it */
  bsid: Type.String(),
  /** mc: the partner site's name ('' when the site was removed from the list since) */
  mc: Type.String(),
  origin: Type.String(),
  loginTime: Type.String(),
  expireTime: Type.String(),
});

const tags = ['partners'];

export const partnersApi = {
  adminList: route({
    method: 'GET', url: '/api/xs/admin/partner/list', summary: '运营：合作网站列表', access: 'xs', tags: [...tags, 'admin'],
    reply: replyOf({ list: Type.Array(PartnerSite) }),
  }),
  adminSave: route({
    method: 'POST', url: '/api/xs/admin/partner/save', summary: '运营：新增或修改合作网站', access: 'xs', tags: [...tags, 'admin'],
    body: Type.Object({
      bsid: Type.Optional(Id('合作网站ID')),
      mc: Type.String({ minLength: 1, maxLength: 40, title: '网站名称' }),
      origin: Type.String({ minLength: 1, maxLength: 200, title: '网站地址' }),
      lxr: Type.Optional(Type.String({ maxLength: 100, title: '联系人' })),
      sfqy: Type.Optional(Enum([0, 1], { title: '启用状态' })),
    }),
    reply: replyOf({ item: PartnerSite }),
  }),
  adminEnable: route({
    method: 'POST', url: '/api/xs/admin/partner/enable', summary: '运营：启用或停用合作网站', access: 'xs', tags: [...tags, 'admin'],
    body: Type.Object({ bsid: Id('合作网站ID'), sfqy: Enum([0, 1], { title: '启用状态' }) }),
    reply: EmptyReply,
  }),
  adminDelete: route({
    method: 'POST', url: '/api/xs/admin/partner/delete', summary: '运营：删除合作网站', access: 'xs', tags: [...tags, 'admin'],
    body: Type.Object({ bsid: Id('合作网站ID') }),
    reply: EmptyReply,
  }),
  /** Answers from any origin the hook lets through: a widget may ask at start whether it is welcome here. */
  status: route({
    method: 'GET', url: '/api/sec/partner/status', summary: '当前网站能否嵌入组件', access: 'public', partner: true, tags,
    reply: replyOf({
      /** 1 when the caller is a partner site, 0 on the platform's own pages */
      partner: Type.Integer(),
      /** mc: the partner site's name, '' on the platform's own pages */
      mc: Type.String(),
    }),
  }),
  /** The login window asks whose page opened it, to name the site before the person authorises it. */
  site: route({
    method: 'GET', url: '/api/sec/partner/site', summary: '合作网站的名称（平台登录窗口显示）', access: 'public', tags,
    query: Type.Object({ origin: OriginField }),
    reply: replyOf({ mc: Type.String(), origin: Type.String() }),
  }),
  /**
   * The platform's login window turns the person's platform session into a partner token for
   * `origin` (bound to it, short-lived, limited to the routes marked `partner`), which the window
   * hands to the opener on that origin only. Only from the platform's own pages, with a full session.
   */
  authorize: route({
    method: 'POST', url: '/api/sec/partner/authorize', summary: '为合作网站签发登录（平台登录窗口中，本人授权）', access: 'user', tags,
    body: Type.Object({ origin: OriginField }),
    reply: replyOf(Session),
  }),
  mySessions: route({
    method: 'GET', url: '/api/sec/pc/partnerSessions', summary: '我在合作网站上的登录', access: 'user', tags,
    reply: replyOf({ list: Type.Array(PartnerSession) }),
  }),
  endMySession: route({
    method: 'POST', url: '/api/sec/pc/endPartnerSession', summary: '结束我在合作网站上的一次登录', access: 'user', tags,
    body: Type.Object({ bsid: Id('登录ID') }),
    reply: EmptyReply,
  }),
};
