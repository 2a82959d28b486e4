import { Type } from '@sinclair/typebox';
import { route, replyOf, EmptyReply, Phone, Md5Password, SmsCode, Id, Enum, Page, PageQuery, DateText } from './define.js';

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

/**
 * A password login that counts only together with the SMS code sent to the account's phone (the
 * account or the address saw many wrong passwords): the reply's `code`, and its msg by reason.
 * The login form then asks for the code and sends it with the password (`validatecode` beside
 * `pwd`, logintype 0); the previous client's people use its 验证码登录 instead, as the words say.
 */
export const LOGIN_CODE_REQUIRED = {
  code: 428,
  tooManyHere: '该账号在当前网络登录失败次数较多，为保护账号安全，请获取短信验证码，与密码一同登录（或使用验证码登录）',
  accountUnderAttack: '该账号近期有多次异常登录尝试，为保护账号安全，请获取短信验证码，与密码一同登录（或使用验证码登录）',
  addressFlagged: '当前网络登录失败次数较多，为保护账号安全，请获取短信验证码，与密码一同登录（或使用验证码登录）',
} as const;

/**
 * Passwords the server refuses at registration, password change and reset: the 10,000 most common
 * ones (it compares the MD5 the client sends, so the list never reaches the browser).
 */
export const COMMON_PASSWORDS = { count: 10_000, msg: '密码过于常见，容易被猜中，请换一个' } as const;

/** The documents a person agrees to, by kind, with their names as the pages and the forms say them. */
export const POLICY_NAMES = { terms: '用户服务协议', privacy: '隐私政策' } as const;
export type PolicyKind = keyof typeof POLICY_NAMES;
export const POLICY_KINDS = ['terms', 'privacy'] as const satisfies readonly PolicyKind[];
/** A registration that agreed to versions no longer current (the operator published new ones meanwhile). */
export const POLICY_OUTDATED_MSG = '用户服务协议或隐私政策已更新，请重新阅读并同意';

/**
 * 注销账号: the person confirms with an SMS code sent to their own phone; the deletion takes
 * effect at once. What is deleted and kept is stated in the 隐私政策 (its 注销 section).
 */
export const ACCOUNT_CLOSED_MSG = '账号已注销，相关个人信息已删除';


const Version = (title: string) => Type.Integer({ minimum: 1, maximum: 1_000_000, title });
/**
 * consent: the versions of the 用户服务协议 and the 隐私政策 the person agreed to on the form (the
 * current ones, else the registration is refused). The previous client sends none: its people
 * are asked on their first visit to the site instead.
 */
const Consent = Type.Optional(Type.Object({ terms: Version('用户服务协议版本'), privacy: Version('隐私政策版本') }, { title: '同意的协议版本' }));
const Register = Type.Object({ phone: Phone, pwd: Md5Password, validateCode: SmsCode, consent: Consent });
const RegisterHr = Type.Object({
  phone: Phone,
  pwd: Md5Password,
  validateCode: SmsCode,
  consent: Consent,
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
  /** logintype: 0 password, 1 SMS code, 2 registration, 3 a partner site authorised in the platform's login window */
  logintype: Type.Integer(),
  /** the partner site's origin the login was made on; '' on the platform itself */
  origin: Type.String(),
});

/**
 * Asking for a code. `role`: the account the code is for (the site sends it; the previous client
 * does not). A number that cannot use the code is told so and sent nothing: register for a phone
 * that role already holds (without `role`: both roles), login or reset for one it does not
 * (without `role`: none of them).
 */
const sms = <const R extends readonly ('qz' | 'hr' | 'xs')[]>(url: string, summary: string, roles: R) =>
  route({
    method: ['GET', 'POST'], url, summary, access: 'public', tags: ['auth'],
    query: Type.Object({ phone: Phone, role: Type.Optional(Enum(roles, { title: '账号类型' })) }),
    reply: EmptyReply,
  });

export const authApi = {
  registerCode: sms('/api/sec/pc/registerValidateCode', '发送注册验证码', ['qz', 'hr']),
  loginCode: sms('/api/sec/pc/loginValidateCode', '发送登录验证码', ['qz', 'hr', 'xs']),
  resetCode: sms('/api/sec/pc/getBackPwdValidateCode', '发送找回密码验证码', ['qz', 'hr']),
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
      startDate: Type.Optional(DateText('开始日期', { from: 'day', to: 'second', empty: true })),
      endDate: Type.Optional(DateText('结束日期', { from: 'day', to: 'second', empty: true })),
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

const Kind = Enum(POLICY_KINDS, { title: '文档类型' });

/** One published version of the 用户服务协议 (terms) or the 隐私政策 (privacy). */
export const Policy = Type.Object({
  /** terms | privacy */
  kind: Type.String(),
  version: Type.Integer(),
  title: Type.String(),
  /** plain text; blank lines separate paragraphs */
  content: Type.String(),
  /** 'YYYY-MM-DD HH:mm:ss', China time */
  publishedAt: Type.String(),
});

/** Consent to the documents, the person's data and closing the account (PIPL). */
export const privacyApi = {
  policy: route({
    method: 'GET', url: '/api/sec/pc/policy', summary: '用户服务协议 / 隐私政策（当前版本）', access: 'public', tags: ['auth'],
    query: Type.Object({ kind: Kind }),
    reply: replyOf({ policy: Policy }),
  }),
  pendingConsent: route({
    method: 'GET', url: '/api/sec/pc/consent', summary: '需要本人（重新）同意的协议', access: 'user', tags: ['auth'],
    reply: replyOf({ pending: Type.Array(Policy) }),
  }),
  agree: route({
    method: 'POST', url: '/api/sec/pc/consent', summary: '同意协议的当前版本', access: 'user', tags: ['auth'],
    body: Type.Object({ terms: Type.Optional(Version('用户服务协议版本')), privacy: Type.Optional(Version('隐私政策版本')) }, { minProperties: 1 }),
    reply: EmptyReply,
  }),
  myData: route({
    method: 'GET', url: '/api/sec/pc/myData', summary: '下载我的数据（JSON）', access: 'user', tags: ['auth'],
    /** data: section name → its rows, as stored */
    reply: replyOf({ exportedAt: Type.String(), data: Type.Record(Type.String(), Type.Unknown()) }),
  }),
  closeCode: route({ method: 'POST', url: '/api/sec/secuser/sendCloseAccountCode', summary: '注销账号：向本人手机发送验证码', access: 'user', tags: ['auth'], reply: EmptyReply }),
  close: route({
    method: 'POST', url: '/api/sec/secuser/closeAccount', summary: '注销账号（删除个人信息，所有令牌作废）', access: 'user', tags: ['auth'],
    body: Type.Object({ validateCode: SmsCode }),
    reply: EmptyReply,
  }),
  adminPolicies: route({
    method: 'GET', url: '/api/xs/admin/policy/list', summary: '运营：协议的各版本', access: 'xs', tags: ['auth', 'admin'],
    query: Type.Object({ kind: Kind }),
    reply: replyOf({ list: Type.Array(Type.Composite([Policy, Type.Object({ reconsent: Type.Integer() })])) }),
  }),
  adminPublish: route({
    method: 'POST', url: '/api/xs/admin/policy/publish', summary: '运营：发布协议新版本', access: 'xs', tags: ['auth', 'admin'],
    body: Type.Object({
      kind: Kind,
      title: Type.String({ minLength: 2, maxLength: 60, title: '标题' }),
      content: Type.String({ minLength: 20, maxLength: 50000, title: '正文' }),
      /** 1: people who agreed to an earlier version are asked again; 0: a correction that asks nobody */
      reconsent: Enum([0, 1], { title: '是否需要重新同意' }),
    }),
    reply: replyOf({ version: Type.Integer() }),
  }),
};
