import { Type, type TObject, type TOptional, type TProperties } from '@sinclair/typebox';
import { route, replyOf, EmptyReply, Id, DateText } from './define.js';
import { SeekerBase } from './identity.js';

/**
 * The online résumé (spec section 2 /private/resume; paths and field names from the older client):
 * base information (qzgrjbxx), fourteen sections with list/save/update/delete each, the preview
 * calls (jlyl), job-seeking state, hiding the résumé from talent search, daily refresh, statistics
 * and intended employers (qzyxdw).
 *
 * Completeness (wsd, 0–100) is computed by the server after every change, from these weights:
 *
 * | part | points |
 * |---|---|
 * | base info: xm 姓名, xbm 性别, csrq 出生日期, dqszcs 现居城市, yx 邮箱 | 5 each, 25 |
 * | qzzt 求职状态 | 5 |
 * | zwpj 自我评价 | 5 |
 * | qzyx 求职意向 (≥ 1 entry) | 15 |
 * | jyjl 教育经历 | 15 |
 * | gzjl 工作经历 (or qzzt = zt_005 应届生, who has none yet) | 10 |
 * | xmjy 项目经验 4, zyjn 专业技能 4, yynl 语言能力 3, zsxx 证书 3, ryjl 荣誉 2, pxjl 培训 2, shhd 社会活动 2 | 20 |
 * | kyjl 科研经历 2, lwxx 论文 1, zlxx 专利 1, yjfx 研究方向 1 | 5 |
 *
 * Registration's steps (base info, state, intention, education) reach 60, the threshold for
 * fair sign-up and applying; a complete résumé reaches 100.
 */
export const COMPLETENESS_WEIGHTS = {
  xm: 5, xbm: 5, csrq: 5, dqszcs: 5, yx: 5,
  qzzt: 5, zwpj: 5,
  qzyx: 15, jyjl: 15, gzjl: 10,
  xmjy: 4, zyjn: 4, yynl: 3, zsxx: 3, ryjl: 2, pxjl: 2, shhd: 2,
  kyjl: 2, lwxx: 1, zlxx: 1, yjfx: 1,
} as const;
/** wsd below this keeps a job seeker on /private/resume (spec section 2); the rule lives in rules/resume. */
export { MIN_COMPLETENESS } from '../rules/resume.js';

// --- field helpers --------------------------------------------------------------------------

/** Free text, '' allowed. */
const Text = (title: string, max: number) => Type.String({ maxLength: max, title });
/** Free text that must say something. */
const Need = (title: string, max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S', title });
/** YYYY-MM or YYYY-MM-DD; '' when unknown (an end date '' reads 至今). */
const Day = (title: string) => DateText(title, { from: 'month', to: 'day', empty: true });
const NeedDay = (title: string) => DateText(title, { from: 'month', to: 'day' });
/** A code of a code table (checked against the table by the server); '' when not chosen. */
const Code = (title: string) => Type.String({ maxLength: 20, pattern: '^[A-Za-z0-9_]*$', title });
const NeedCode = (title: string) => Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_]+$', title });
/** '1' yes / '0' no; the older client sends either strings or numbers. */
const Flag = (title: string) => Type.Unsafe<'0' | '1' | 0 | 1>({ enum: ['0', '1', 0, 1], title });
/** A small count sent as a number or a numeric string (ys 薪资月数). */
const Months = (title: string) =>
  Type.Union([Type.Integer({ minimum: 0, maximum: 24, title }), Type.String({ pattern: '^(\\d{1,2})?$', title })], { title });
/** A place in a list of people (第 N 作者), sent as a number or a numeric string; rows give a number (0: not said). */
const Rank = (title: string) =>
  Type.Union([Type.Integer({ minimum: 0, maximum: 999, title }), Type.String({ pattern: '^(\\d{1,3})?$', title })], { title });

const opt = <P extends TProperties>(p: P) =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [k, Type.Optional(v)])) as { [K in keyof P]: TOptional<P[K]> };

/**
 * One résumé section. `fields` are what save/update take; rows come back as strings under the
 * same names (flags '0'/'1', counts and ranks as numbers), plus the id and times.
 */
export interface SectionDef<F extends TProperties = TProperties> {
  /** short name used in preview replies, e.g. gzjl */
  key: string;
  /** path segment: /api/qz/{path}/list|save|update|delete */
  path: string;
  title: string;
  /** id field name in rows and in update bodies, e.g. gzjlid */
  idField: string;
  /** list reply field, as the older client reads it */
  listField: string;
  /** /api/qz/jlyl/{preview} */
  preview: string;
  /** most entries one person may keep */
  max: number;
  /** fields that must be present on save */
  required: readonly (keyof F & string)[];
  fields: F;
  /** row-only fields repeating another field under the name the previous client reads, e.g. yxm ← yx */
  aliases?: Record<string, keyof F & string>;
}

const section = <F extends TProperties>(d: SectionDef<F>) => d;

export const SECTIONS = {
  gzjl: section({
    key: 'gzjl', path: 'qzgzjl', title: '工作经历', idField: 'gzjlid', listField: 'gzjlList', preview: 'findQzxxGzjl', max: 20,
    required: ['dwmc', 'zwmc', 'rzsj'],
    fields: {
      /** dwmc: employer */
      dwmc: Need('单位名称', 100),
      /** hy: industry code (m_dwsshydm) */
      hy: Code('所属行业'),
      /** zwmc: position */
      zwmc: Need('职位名称', 50),
      /** rzsj: start */
      rzsj: NeedDay('入职时间'),
      /** lzsj: end, '' = 至今 */
      lzsj: Day('离职时间'),
      /** yx: pre-tax monthly salary code (m_xzdydm) */
      yx: Code('税前月薪'),
      /** ys: salary months a year */
      ys: Months('薪资月数'),
      /** sfyc: hide the salary from employers */
      sfyc: Flag('隐藏薪资'),
      /** gzms: what the work was */
      gzms: Text('工作内容', 2000),
    },
  }),
  jyjl: section({
    key: 'jyjl', path: 'qzjyjl', title: '教育经历', idField: 'jyjlid', listField: 'list', preview: 'findQzxxJyjl', max: 10,
    required: ['xxmc', 'xl', 'rxsj'],
    fields: {
      /** xxmc: school */
      xxmc: Need('学校名称', 100),
      /** xl: degree code (m_xldm) */
      xl: NeedCode('学历'),
      /** zy: major */
      zy: Text('所学专业', 100),
      /** sftz: full-time enrolment (统招) */
      sftz: Flag('是否统招'),
      /** rxsj: enrolled */
      rxsj: NeedDay('入学时间'),
      /** bysj: graduated, '' = 在读 */
      bysj: Day('毕业时间'),
    },
  }),
  kyjl: section({
    key: 'kyjl', path: 'qzkyjl', title: '科研经历', idField: 'kyjlid', listField: 'kyjlList', preview: 'findQzxxKyjl', max: 20,
    required: ['kyxmmc'],
    fields: {
      /** kyxmmc: research project */
      kyxmmc: Need('科研项目名称', 100),
      /** xmlb: project category */
      xmlb: Text('项目类别', 50),
      /** ksrq / jsrq: start / end */
      ksrq: Day('开始日期'),
      jsrq: Day('结束日期'),
      /** cypm: the person's rank among participants */
      cypm: Rank('参与排名'),
      /** sfjx: project concluded */
      sfjx: Flag('是否结项'),
      /** xmms: description */
      xmms: Text('项目描述', 2000),
    },
  }),
  lwxx: section({
    key: 'lwxx', path: 'qzlwxx', title: '论文信息', idField: 'lwid', listField: 'qzLwxxlist', preview: 'findQzxxLwxx', max: 30,
    required: ['lwmc'],
    fields: {
      /** lwmc: paper title */
      lwmc: Need('论文名称', 200),
      /** kwmc: journal */
      kwmc: Text('刊物名称', 100),
      /** fbrq: published */
      fbrq: Day('发表日期'),
      /** slqk: indexed in (SCI, EI, 核心...) */
      slqk: Text('收录情况', 100),
      /** kwyxyz: journal impact factor */
      kwyxyz: Text('刊物影响因子', 20),
      /** cypm: author rank (the previous client prints 第{{cypm}}名) */
      cypm: Rank('作者排名'),
      /** lwms: description */
      lwms: Text('论文描述', 2000),
    },
  }),
  pxjl: section({
    key: 'pxjl', path: 'qzpxjl', title: '培训经历', idField: 'pxjlid', listField: 'pxjlList', preview: 'findQzxxPxjl', max: 20,
    required: ['pxmc'],
    fields: {
      /** pxmc: course */
      pxmc: Need('培训名称', 100),
      /** pxdw: institution */
      pxdw: Text('培训机构', 100),
      /** pxnr: content */
      pxnr: Text('培训内容', 2000),
      kssj: Day('开始时间'),
      jssj: Day('结束时间'),
    },
  }),
  qzyx: section({
    key: 'qzyx', path: 'qzqzyx', title: '求职意向', idField: 'qzyxid', listField: 'qzyxList', preview: 'findQzxxQzyx', max: 3,
    required: ['cjm', 'zwm'],
    /** yxm: the salary code under the name the previous client's résumé page reads (it saves it as yx) */
    aliases: { yxm: 'yx' },
    fields: {
      /** gzxzm: full-time / part-time / internship (m_gwgzxzdm) */
      gzxzm: Code('工作性质'),
      /** sjm / cjm: province / city codes of the wished place */
      sjm: Code('期望省份'),
      cjm: NeedCode('期望城市'),
      /** hym: industry code (m_dwsshydm) */
      hym: Code('期望行业'),
      /** zwmo / zwmt / zwm: job category, first / second / third level */
      zwmo: Code('期望职类(一级)'),
      zwmt: Code('期望职类(二级)'),
      zwm: NeedCode('期望职类'),
      /** yx: expected monthly salary code (m_xzdydm) */
      yx: Code('期望月薪'),
      /** ys: salary months, as the older client sends it */
      ys: Months('薪资月数'),
      /** dgsj: when the seeker can start (m_dgsjdm) */
      dgsj: Code('到岗时间'),
    },
  }),
  ryjl: section({
    key: 'ryjl', path: 'qzryjl', title: '荣誉奖励', idField: 'ryjlid', listField: 'ryjlList', preview: 'findQzxxRyjl', max: 30,
    required: ['jlmc'],
    fields: {
      /** jlmc: award */
      jlmc: Need('奖励名称', 100),
      /** jldw: awarded by */
      jldw: Text('颁奖单位', 100),
      /** jljb: level (国家级, 省级, 校级...) */
      jljb: Text('奖励级别', 50),
      /** jljs: description */
      jljs: Text('奖励介绍', 1000),
      /** jlrq: date */
      jlrq: Day('获奖日期'),
      /** rych: honorary title */
      rych: Text('荣誉称号', 100),
    },
  }),
  shhd: section({
    key: 'shhd', path: 'qzshhd', title: '社会活动', idField: 'hdid', listField: 'shhdList', preview: 'findQzxxShhd', max: 20,
    required: ['hdmc'],
    fields: {
      /** hdmc: activity */
      hdmc: Need('活动名称', 100),
      /** hdsj: when */
      hdsj: Day('活动时间'),
      /** hdnr: content */
      hdnr: Text('活动内容', 2000),
      /** hdcg: outcome */
      hdcg: Text('活动成果', 1000),
    },
  }),
  xmjy: section({
    key: 'xmjy', path: 'qzxmjy', title: '项目经验', idField: 'xmjyid', listField: 'xmjyList', preview: 'findQzxxXmjy', max: 20,
    required: ['xmmc'],
    fields: {
      /** xmmc: project */
      xmmc: Need('项目名称', 100),
      kssj: Day('开始时间'),
      jssj: Day('结束时间'),
      /** gsmc: company */
      gsmc: Text('所在公司', 100),
      /** zw: role */
      zw: Text('担任职务', 50),
      /** xmms: description */
      xmms: Text('项目描述', 2000),
      /** zrms: responsibilities */
      zrms: Text('责任描述', 2000),
    },
  }),
  yjfx: section({
    key: 'yjfx', path: 'qzyjfxzxkc', title: '研究方向/在修课程', idField: 'fxid', listField: 'list', preview: 'findQzxxYjfx', max: 10,
    required: ['yjfx'],
    fields: {
      /** yjfx: research area */
      yjfx: Need('研究方向', 100),
      /** bskt: doctoral thesis topic */
      bskt: Text('博士课题', 200),
      /** zxkc: courses being taken */
      zxkc: Text('在修课程', 200),
      /** kcms: course description */
      kcms: Text('课程描述', 2000),
    },
  }),
  yynl: section({
    key: 'yynl', path: 'qzyynl', title: '语言能力', idField: 'yyid', listField: 'yynlList', preview: 'findQzxxYynl', max: 10,
    required: ['yymc'],
    fields: {
      /** yymc: language */
      yymc: Need('语言', 30),
      /** djzs: level certificate (CET-6, JLPT N2...) */
      djzs: Text('等级证书', 100),
      /** tsnl: listening and speaking, a level of m_slnldm */
      tsnl: Code('听说能力'),
      /** dxnl: reading and writing, a level of m_slnldm */
      dxnl: Code('读写能力'),
    },
  }),
  zlxx: section({
    key: 'zlxx', path: 'qzzlxx', title: '专利信息', idField: 'zlid', listField: 'list', preview: 'findQzxxZlxx', max: 30,
    required: ['zlmc'],
    fields: {
      /** zlmc: patent */
      zlmc: Need('专利名称', 200),
      /** zlbh: patent number */
      zlbh: Text('专利成果编号', 50),
      /** pzrq: granted */
      pzrq: Day('批准日期'),
      /** zllx: type (发明, 实用新型, 外观设计) */
      zllx: Text('专利类型', 50),
      /** zlwczt: completed */
      zlwczt: Flag('专利完成状态'),
      /** brpm: the person's rank among inventors */
      brpm: Text('本人排名', 20),
      /** zlms: description */
      zlms: Text('专利描述', 2000),
    },
  }),
  zsxx: section({
    key: 'zsxx', path: 'qzzsxx', title: '获得证书', idField: 'zsid', listField: 'list', preview: 'findQzxxZsxx', max: 30,
    required: ['zsmc'],
    fields: {
      /** zsmc: certificate */
      zsmc: Need('证书名称', 100),
      /** zslb: category */
      zslb: Text('证书类别', 50),
      /** hdrq: obtained */
      hdrq: Day('获得日期'),
    },
  }),
  zyjn: section({
    key: 'zyjn', path: 'qzzyjn', title: '专业技能', idField: 'jnid', listField: 'list', preview: 'findQzxxZyjn', max: 30,
    required: ['jnmc'],
    fields: {
      /** jnmc: skill */
      jnmc: Need('技能名称', 50),
      /** sysc: how long used */
      sysc: Text('使用时长', 20),
      /** slcd: proficiency, a level of m_slnldm */
      slcd: Code('熟练程度'),
    },
  }),
};
export type SectionKey = keyof typeof SECTIONS;
export const SECTION_KEYS = Object.keys(SECTIONS) as SectionKey[];

/** What save takes: required fields present, the others optional. */
function saveBody(d: SectionDef): TObject {
  const props: TProperties = {};
  for (const [k, v] of Object.entries(d.fields)) props[k] = (d.required as string[]).includes(k) ? v : Type.Optional(v);
  return Type.Object(props, { title: d.title });
}
/** What update takes: the id and any fields to change. */
function updateBody(d: SectionDef): TObject {
  return Type.Object({ [d.idField]: Id(`${d.title}ID`), ...opt(d.fields) }, { title: d.title });
}
/** A stored entry: every field as text (ys a number), its id and times. */
export function sectionRow(d: SectionDef): TObject {
  const props: TProperties = { [d.idField]: Type.String() };
  // counts and ranks (a number or a numeric string on input) come back as numbers
  const numeric = (f: unknown) => ((f as { anyOf?: { type?: string }[] }).anyOf ?? []).some((x) => x.type === 'integer');
  for (const [k, f] of Object.entries(d.fields)) props[k] = numeric(f) ? Type.Integer() : Type.String();
  for (const k of Object.keys(d.aliases ?? {})) props[k] = Type.String();
  props.createTime = Type.String();
  props.updateTime = Type.String();
  return Type.Object(props);
}

/**
 * gwList of the preview calls: the previous client's résumé preview lists jobs beside the résumé
 * (HR's view of the same page lists the seeker's applications to its jobs); the seeker's own
 * preview lists the jobs the seeker applied to, newest first (at most 20).
 */
export const PreviewJob = Type.Object({
  /** bsid: the application */
  bsid: Type.String(),
  gwid: Type.String(),
  gwmc: Type.String(),
  dwid: Type.String(),
  dwmc: Type.String(),
  /** yyzt: the application's state */
  yyzt: Type.Integer(),
  /** tdsj: applied at */
  tdsj: Type.String(),
  /** fjjlid: the attachment résumé sent, '' for the online résumé */
  fjjlid: Type.String(),
});

function sectionRoutes(d: SectionDef) {
  const row = sectionRow(d);
  const tags = ['resumes'];
  return {
    list: route({
      method: ['GET', 'POST'], url: `/api/qz/${d.path}/list`, summary: `${d.title}列表`, access: 'qz', tags,
      reply: replyOf({ [d.listField]: Type.Array(row) }),
    }),
    save: route({
      method: 'POST', url: `/api/qz/${d.path}/save`, summary: `新增${d.title}`, access: 'qz', tags,
      body: saveBody(d),
      /** id: the new entry's id; wsd: completeness after the change; qzGrjbxxBase: the centre's base info after it (the previous client reads it) */
      reply: replyOf({ [d.idField]: Type.String(), wsd: Type.Integer(), qzGrjbxxBase: SeekerBase }),
    }),
    update: route({
      method: 'POST', url: `/api/qz/${d.path}/update`, summary: `修改${d.title}`, access: 'qz', tags,
      body: updateBody(d),
      reply: replyOf({ [d.idField]: Type.String(), wsd: Type.Integer() }),
    }),
    remove: route({
      method: ['GET', 'POST'], url: `/api/qz/${d.path}/delete/:id`, summary: `删除${d.title}`, access: 'qz', tags,
      params: Type.Object({ id: Id(`${d.title}ID`) }),
      reply: replyOf({ wsd: Type.Integer() }),
    }),
    preview: route({
      method: 'GET', url: `/api/qz/jlyl/${d.preview}`, summary: `简历预览：${d.title}`, access: 'qz', tags,
      reply: replyOf({ [d.key]: Type.Array(row), gwList: Type.Array(PreviewJob) }),
    }),
  };
}
export type SectionRoutes = ReturnType<typeof sectionRoutes>;

// --- base information ---------------------------------------------------------------------------

const BaseFields = {
  /** xm: name */
  xm: Need('姓名', 30),
  /** xbm: gender code xb_001 / xb_002 */
  xbm: NeedCode('性别'),
  /** csrq: date of birth */
  csrq: Day('出生日期'),
  /** jgdms: province of household registration (户口所在地) */
  jgdms: Code('户口所在地'),
  /** dqszs / dqszcs: province / city lived in */
  dqszs: Code('现居省份'),
  dqszcs: Code('现居城市'),
  /** cjgzny: started working (YYYY-MM); '' = no work experience yet */
  cjgzny: Day('参加工作时间'),
  /** yx: e-mail */
  yx: Type.String({ maxLength: 100, pattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', title: '电子邮箱' }),
  /** zwpj: self-evaluation */
  zwpj: Text('自我评价', 1000),
  /** zzmm: political status code (m_zzmm) */
  zzmm: Code('政治面貌'),
  /** txid: avatar file id (an uploaded avatar, wjlx 40); '' removes it */
  txid: Type.String({ pattern: '^$|^[1-9]\\d{0,17}$', title: '头像' }),
  /** dqszxq: district lived in */
  dqszxq: Code('现居区县'),
  /** jgdmcs: city of household registration */
  jgdmcs: Code('户口所在城市'),
  /** mzdm: ethnic group (m_mzdm) */
  mzdm: Code('民族'),
  /** hyzk: marital status (m_hyzkdm) */
  hyzk: Code('婚姻状况'),
  /** sg: height in cm */
  sg: Type.String({ pattern: '^([5-9]\\d|1\\d\\d|2[0-4]\\d)?$', title: '身高' }),
  /** sfzjh: resident ID number */
  sfzjh: Type.String({ pattern: '^(\\d{17}[\\dXx])?$', title: '身份证号' }),
  /** sfxs: 1 still a student */
  sfxs: Flag('是否学生'),
};

const { xm: _xm, xbm: _xbm, ...OtherBaseFields } = BaseFields;

export const SeekerInfo = Type.Object({
  qzbsid: Type.String(),
  xm: Type.String(),
  xbm: Type.String(),
  phone: Type.String(),
  csrq: Type.String(),
  jgdms: Type.String(),
  dqszs: Type.String(),
  dqszcs: Type.String(),
  cjgzny: Type.String(),
  yx: Type.String(),
  zwpj: Type.String(),
  zzmm: Type.String(),
  txid: Type.String(),
  /** txUrl: avatar URL, '' when none */
  txUrl: Type.String(),
  /** qzzt: job-seeking state (m_qzzt) */
  qzzt: Type.String(),
  /** jlyc: 1 hidden from talent search */
  jlyc: Type.Integer(),
  wsd: Type.Integer(),
  /** refreshTime: last daily refresh */
  refreshTime: Type.String(),
  /** jlUpdateTime: last change of the résumé */
  jlUpdateTime: Type.String(),
  /** sj: the phone again, under the name the previous client's centre reads */
  sj: Type.String(),
  dqszxq: Type.String(),
  jgdmcs: Type.String(),
  mzdm: Type.String(),
  hyzk: Type.String(),
  sg: Type.String(),
  sfzjh: Type.String(),
  sfxs: Type.Integer(),
  /** nl: age, null when the birth date is unknown */
  nl: Type.Union([Type.Integer(), Type.Null()]),
  /** gznx: years of work */
  gznx: Type.Integer(),
  /** zgxl / zgxx / zgzy: highest degree code (m_xldm), its school and major ('' without education) */
  zgxl: Type.String(),
  zgxx: Type.String(),
  zgzy: Type.String(),
});

/**
 * How a job seeker is named where the full name is not theirs to give (the fair's talent hall,
 * talent search): surname and 先生 / 女士 by gender code, '' without a surname.
 */
export const maskedName = (surname: string, xbm: string): string => (surname ? `${surname}${xbm === 'xb_002' ? '女士' : '先生'}` : '');

/** qzinfo of the preview: what the résumé's header shows. */
export const PreviewInfo = Type.Object({
  xm: Type.String(),
  /** x: surname, for 李先生 / 李女士 */
  x: Type.String(),
  /** nl: age in years, null when the birth date is unknown */
  nl: Type.Union([Type.Integer(), Type.Null()]),
  xbm: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  /** gznx: years of work, 0 without work experience */
  gznx: Type.Integer(),
  /** zgxl: highest degree code (m_xldm), '' when none */
  zgxl: Type.String(),
  zwpj: Type.String(),
  csrq: Type.String(),
  dqszcs: Type.String(),
  qzzt: Type.String(),
  txUrl: Type.String(),
  wsd: Type.Integer(),
});

export const TargetCompany = Type.Object({
  /** bsid: entry id (delete uses it) */
  bsid: Type.String(),
  dwid: Type.String(),
  dwmc: Type.String(),
  createTime: Type.String(),
});

const tags = ['resumes'];
/** The five routes of each section, by section key (the server registers them from here). */
export const SECTION_ROUTES = Object.fromEntries(SECTION_KEYS.map((k) => [k, sectionRoutes(SECTIONS[k] as unknown as SectionDef)])) as Record<SectionKey, SectionRoutes>;
/** The same routes flat (gzjlList, gzjlSave, ...), so that resumesApi lists every route. */
const flatSectionRoutes = Object.fromEntries(
  SECTION_KEYS.flatMap((k) => Object.entries(SECTION_ROUTES[k]).map(([op, r]) => [`${k}${op[0].toUpperCase()}${op.slice(1)}`, r])),
) as Record<`${SectionKey}${Capitalize<keyof SectionRoutes>}`, SectionRoutes[keyof SectionRoutes]>;

export const resumesApi = {
  ...flatSectionRoutes,
  info: route({
    method: 'GET', url: '/api/qz/qzgrjbxx/info', summary: '个人基本信息（未填写时为 null）', access: 'qz', tags,
    reply: replyOf({ qzGrjbxx: Type.Union([SeekerInfo, Type.Null()]) }),
  }),
  save: route({
    method: 'POST', url: '/api/qz/qzgrjbxx/save', summary: '填写个人基本信息', access: 'qz', tags,
    body: Type.Object({ xm: BaseFields.xm, xbm: BaseFields.xbm, ...opt(OtherBaseFields) }),
    reply: replyOf({ qzGrjbxxBase: SeekerBase }),
  }),
  update: route({
    method: 'POST', url: '/api/qz/qzgrjbxx/update', summary: '修改个人基本信息（只改提交的字段）', access: 'qz', tags,
    body: Type.Object(opt(BaseFields)),
    reply: replyOf({ qzGrjbxxBase: SeekerBase }),
  }),
  updateState: route({
    method: ['GET', 'POST'], url: '/api/qz/qzgrjbxx/updateQzzt/:qzzt', summary: '修改求职状态', access: 'qz', tags,
    params: Type.Object({ qzzt: NeedCode('求职状态') }),
    reply: replyOf({ qzzt: Type.String(), wsd: Type.Integer() }),
  }),
  hide: route({
    method: ['GET', 'POST'], url: '/api/qz/qzgrjbxx/updateJlyc/:jlyc', summary: '隐藏简历（1 不出现在人才搜索中，0 公开）', access: 'qz', tags,
    params: Type.Object({ jlyc: Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1], title: '隐藏简历' }) }),
    reply: replyOf({ jlyc: Type.Integer() }),
  }),
  refresh: route({
    method: ['GET', 'POST'], url: '/api/qz/qzgrjbxx/refreshDaily', summary: '刷新简历（每天一次，排在人才搜索前面）', access: 'qz', tags,
    reply: replyOf({ refreshTime: Type.String() }),
  }),
  statistics: route({
    method: 'GET', url: '/api/qz/qzgrjbxx/statistics', summary: '简历被查看、收藏、下载次数', access: 'qz', tags,
    /** jlckcs viewed, jlsccs favourited, jlxzcs downloaded */
    reply: replyOf({ jlckcs: Type.Integer(), jlsccs: Type.Integer(), jlxzcs: Type.Integer() }),
  }),
  /**
   * The weekly job recommendation (每周职位推荐) on or off. The previous client sends nothing: the
   * call then switches it over; sfdy 1 / 0 sets it. The reply says the state now.
   */
  weeklyJobs: route({
    method: 'POST', url: '/api/qz/qzgrjbxx/recEveryWeek', summary: '订阅/取消每周职位推荐', access: 'qz', tags,
    query: Type.Object({ sfdy: Type.Optional(Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1], title: '是否订阅' })) }),
    /** sfdy: 1 subscribed, 0 not */
    reply: replyOf({ sfdy: Type.Integer() }),
  }),
  /**
   * The generated (电子) résumé: builds a Word document (.docx) of the online résumé now and keeps
   * it as the seeker's file of fileType 30 (qzFile/list?fileType=30; the newest five are kept).
   * GET /api/qz/qzjldz/preViewDocx (same access) answers with the newest one as a download,
   * generating it first when there is none: a redirect to its signed link, served as an attachment.
   */
  generateResume: route({
    method: ['GET', 'POST'], url: '/api/qz/qzjldz/save', summary: '生成电子简历（Word 文档）', access: 'qz', tags,
    /** wjid: the new file; wjmc: its name; fileUrl: a signed link valid 10 minutes (a download) */
    reply: replyOf({ wjid: Type.String(), wjmc: Type.String(), fileUrl: Type.String() }),
  }),
  previewInfo: route({
    method: 'GET', url: '/api/qz/jlyl/findQzxxInfo', summary: '简历预览：个人信息', access: 'qz', tags,
    reply: replyOf({ qzinfo: PreviewInfo, gwList: Type.Array(PreviewJob) }),
  }),
  targets: route({
    method: 'GET', url: '/api/qz/qzyxdw/list', summary: '意向单位列表', access: 'qz', tags,
    reply: replyOf({ yxdwList: Type.Array(TargetCompany) }),
  }),
  addTargets: route({
    method: 'POST', url: '/api/qz/qzyxdw/save', summary: '添加意向单位', access: 'qz', tags,
    body: Type.Array(Id('单位ID'), { minItems: 1, maxItems: 20, title: '单位ID列表' }),
    reply: replyOf({ added: Type.Integer() }),
  }),
  /** The previous client posts to the same path with a trailing slash (Fastify tells the two apart). */
  addTargetsSlash: route({
    method: 'POST', url: '/api/qz/qzyxdw/save/', summary: '添加意向单位（旧客户端路径，带结尾斜杠）', access: 'qz', tags,
    body: Type.Array(Id('单位ID'), { minItems: 1, maxItems: 20, title: '单位ID列表' }),
    reply: replyOf({ added: Type.Integer() }),
  }),
  removeTarget: route({
    method: ['GET', 'POST'], url: '/api/qz/qzyxdw/delete/:bsid', summary: '删除意向单位', access: 'qz', tags,
    params: Type.Object({ bsid: Id('意向单位ID') }),
    reply: EmptyReply,
  }),
};
