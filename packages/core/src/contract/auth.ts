import { Type } from '@sinclair/typebox';
import { route, replyOf, EmptyReply, Phone, Md5Password, SmsCode, Id, Enum, Page, PageQuery } from './define.js';

const PhoneOnly = Type.Object({ phone: Phone });

export const Session = {
  token: Type.String(),
  /** seconds until the token expires */
  expiresIn: Type.Integer(),
  userId: Type.String(),
  /** qz | hr | xs */
  roleId: Type.String(),
  userName: Type.String(),
  phone: Type.String(),
};
const SessionReply = replyOf(Session);

/**
 * As the previous client sends it: password login {phone, pwd: md5, logintype: 0, validatecode: ''},
 * SMS login {phone, pwd: '', logintype: 1, validatecode}, and right after registering without
 * validatecode. The field the chosen way does not use may be absent or ''.
 */
const Logon = Type.Object({
  /** 0 password, 1 SMS code */
  logintype: Enum([0, 1], { title: '登录方式' }),
  phone: Phone,
  pwd: Type.Optional(Type.Union([Md5Password, Type.Literal('')])),
  validatecode: Type.Optional(Type.Union([SmsCode, Type.Literal('')])),
});

const Register = Type.Object({ phone: Phone, pwd: Md5Password, validateCode: SmsCode });
const RegisterHr = Type.Object({
  phone: Phone,
  pwd: Md5Password,
  validateCode: SmsCode,
  /** xm: name */
  xm: Type.Optional(Type.String({ maxLength: 30, title: '姓名' })),
  /** zw: job title */
  zw: Type.Optional(Type.String({ maxLength: 30, title: '职务' })),
});

const ResetPwd = Type.Object({ phone: Phone, pwd: Md5Password, validateCode: SmsCode });

const LoginLogRow = Type.Object({
  bsid: Type.String(),
  /** dlsj: login time 'YYYY-MM-DD HH:mm:ss', China time */
  dlsj: Type.String(),
  /** dlip: address the login came from */
  dlip: Type.String(),
  /** dlllq: browser, e.g. 'Chrome 120' (the raw user agent when not recognised) */
  dlllq: Type.String(),
  /** dlsm: where: '101' WeChat mini program, '201' phone app, '301' computer (every login of this site) */
  dlsm: Type.String(),
  /** dlzt: '101' succeeded, '102' failed (only successful logins are kept) */
  dlzt: Type.String(),
  /** logintype: 0 password, 1 SMS code, 2 registration */
  logintype: Type.Integer(),
  /** the partner site's origin the login was made on; '' on the platform itself */
  origin: Type.String(),
});

const sms = (url: string, summary: string) =>
  route({ method: ['GET', 'POST'], url, summary, access: 'public', tags: ['auth'], query: PhoneOnly, reply: EmptyReply });

export const authApi = {
  registerCode: sms('/api/sec/pc/registerValidateCode', '发送注册验证码'),
  loginCode: sms('/api/sec/pc/loginValidateCode', '发送登录验证码'),
  resetCode: sms('/api/sec/pc/getBackPwdValidateCode', '发送找回密码验证码'),
  registerSeeker: route({ method: 'POST', url: '/api/sec/pc/registerQz', summary: '求职者注册', access: 'public', tags: ['auth'], body: Register, reply: SessionReply }),
  registerHr: route({ method: 'POST', url: '/api/sec/pc/registerHr', summary: 'HR 注册', access: 'public', tags: ['auth'], body: RegisterHr, reply: SessionReply }),
  loginSeeker: route({ method: 'POST', url: '/api/sec/pc/logonQz', summary: '求职者登录', access: 'public', tags: ['auth'], body: Logon, reply: SessionReply }),
  loginHr: route({ method: 'POST', url: '/api/sec/pc/logonHr', summary: 'HR 登录', access: 'public', tags: ['auth'], body: Logon, reply: SessionReply }),
  loginOperator: route({ method: 'POST', url: '/api/sec/pc/logonXs', summary: '运营登录', access: 'public', tags: ['auth'], body: Logon, reply: SessionReply }),
  resetSeeker: route({ method: ['GET', 'POST'], url: '/api/sec/pc/getBackPwdQz', summary: '求职者找回密码', access: 'public', tags: ['auth'], query: ResetPwd, reply: EmptyReply }),
  resetHr: route({ method: ['GET', 'POST'], url: '/api/sec/pc/getBackPwdHr', summary: 'HR 找回密码', access: 'public', tags: ['auth'], query: ResetPwd, reply: EmptyReply }),
  refresh: route({
    method: 'POST', url: '/api/sec/token/refreshToken/:token', summary: '刷新令牌（旧令牌作废）', access: 'public', partner: true, tags: ['auth'],
    params: Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$', title: '令牌' }) }),
    reply: SessionReply,
  }),
  /** The same rotation with the token in the `token` header: the session core's way, so no token ever sits in a URL. */
  refreshCurrent: route({
    method: 'POST', url: '/api/sec/token/refresh', summary: '刷新令牌（令牌放在 token 请求头；旧令牌作废）', access: 'user', partner: true, tags: ['auth'],
    reply: SessionReply,
  }),
  logout: route({ method: 'POST', url: '/api/sec/pc/logout', summary: '退出登录', access: 'user', partner: true, tags: ['auth'], reply: EmptyReply }),
  currentUser: route({
    method: 'GET', url: '/api/sec/pc/currentUser', summary: '当前登录用户', access: 'user', partner: true, tags: ['auth'],
    reply: replyOf({ userId: Type.String(), roleId: Type.String(), userName: Type.String(), phone: Type.String(), email: Type.String() }),
  }),
  loginLog: route({
    method: 'GET', url: '/api/sec/pc/getLoginLog', summary: '登录日志', access: 'user', tags: ['auth'],
    query: Type.Object({
      ...PageQuery,
      /** startDate / endDate: days in China, 'YYYY-MM-DD' (a time after it is ignored) */
      startDate: Type.Optional(Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2})?)?)?$', title: '开始日期' })),
      endDate: Type.Optional(Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2})?)?)?$', title: '结束日期' })),
    }),
    reply: replyOf({ loginLog: Page(LoginLogRow) }),
  }),
  deleteLoginLog: route({
    method: 'POST', url: '/api/sec/pc/deleteLoginLog', summary: '删除登录日志', access: 'user', tags: ['auth'],
    body: Type.Array(Id('日志ID'), { minItems: 1, maxItems: 200, title: '日志ID列表' }),
    reply: replyOf({ deleted: Type.Integer() }),
  }),
  changePassword: route({
    method: ['GET', 'POST'], url: '/api/sec/secuser/updatePwd', summary: '修改密码（所有令牌作废）', access: 'user', tags: ['auth'],
    query: Type.Object({ oldPwd: Md5Password, newPwd: Md5Password }),
    reply: EmptyReply,
  }),
  sendOldPhoneCode: route({ method: ['GET', 'POST'], url: '/api/sec/secuser/sendOldPhoneCode', summary: '向原手机号发送验证码', access: 'user', tags: ['auth'], reply: EmptyReply }),
  sendNewPhoneCode: route({ method: ['GET', 'POST'], url: '/api/sec/secuser/sendNewPhoneCode', summary: '向新手机号发送验证码', access: 'user', tags: ['auth'], query: PhoneOnly, reply: EmptyReply }),
  changePhone: route({
    method: ['GET', 'POST'], url: '/api/sec/secuser/checkPhoneCode', summary: '更换手机号', access: 'user', tags: ['auth'],
    query: Type.Object({ newPhone: Phone, newValidateCode: SmsCode, oldValidateCode: SmsCode }),
    reply: EmptyReply,
  }),
  changeEmail: route({
    method: 'POST', url: '/api/sec/secuser/changeEmail', summary: '修改邮箱', access: 'user', tags: ['auth'],
    body: Type.Object({ email: Type.String({ format: 'email', maxLength: 100, title: '邮箱' }) }),
    reply: EmptyReply,
  }),
};
