/**
 * For each inventory call: the request as the previous client sends it and the reply shape it
 * reads. Sources: legacy-response-shapes.md (cited by section) where it describes the call,
 * otherwise the inventory's "response fields read" column (shapeOfFieldsRead).
 *
 * How requests are formed (the inventory's conventions, made precise):
 * - token header of the role whose page makes the call (default: /api/qz → seeker, /api/hr →
 *   HR, code tables none); never Authorization.
 * - GET: the listed names in the query string.
 * - POST: `body:x` → a JSON body; names the shapes file writes as `POST path?a&b` → the query
 *   string; §7's login bodies → JSON. For a POST whose listed names the inventory leaves
 *   ambiguous (its extractor listed object-literal keys without saying whether they went as
 *   axios `params` or `data`), the same fields go both in the query string and as a JSON body
 *   (form 'both'), so that the case judges the reply and not a guess about the form.
 * - Filters the client leaves unset are not sent, except the empty values the shapes file shows
 *   (`dwmc: ''`, `zymc: ''`, `pxfs: ''`, `orderField: ''`).
 * - A variable body whose content the inventory does not give (`body:data`, an empty request
 *   column on a save) is sent with our contract's field names, built by the shared test helpers.
 */
import { sql, one } from '../../src/db/index.js';
import { companyBody, uploadedFile } from '../recruit.js';
import { uniquePhone } from '../roles.js';
import { md5 } from '../helpers.js';
import { samples } from '../uploads.js';
import { S, envelope, type Shape } from './shape.js';
import type { InventoryCall } from './inventory.js';
import { freshApplication, freshHr, freshJob, freshSeeker, hrWithoutCompany, seekerFile, session, smsCode, uploaded, type Ctx, type Role } from './fixtures.js';

type Form = 'query' | 'body' | 'both';

export interface Request {
  /** whose token goes in the `token` header (null: none) */
  token: string | null;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * `F`: what `setup` returns. The hooks are methods, whose parameters TypeScript compares both
 * ways, so that a case of any `F` is listed among the `Case`s.
 */
export interface Case<F = unknown> {
  shape?: Shape;
  role?: Role | null;
  form?: Form;
  /** fresh state for this call; what it returns is handed to the other hooks as `f` */
  setup?(c: Ctx): Promise<F>;
  /** values of the listed request names (merged over the defaults) */
  params?(c: Ctx, f: F): Record<string, unknown>;
  path?(c: Ctx, f: F): string;
  body?(c: Ctx, f: F): unknown;
  token?(c: Ctx, f: F): string | null;
  headers?(c: Ctx, f: F): Record<string, string>;
  /** why the request or the expected shape departs from the plain reading of the inventory */
  note?: string;
  /** a check beyond the shape (across calls), run when the shape fits: the difference or null */
  extra?(c: Ctx, body: Record<string, unknown>): Promise<string | null>;
}

/** Default values of request names that mean the same thing everywhere. */
function defaultParam(name: string, c: Ctx, role: Role | null): unknown {
  switch (name) {
    case 'hxid':
      return c.fair;
    case 'dwid':
      return c.company;
    case 'gwid':
      return c.job;
    case 'qzbsid':
    case 'qzzid':
    case 'qzid':
      return c.seeker;
    case 'page':
      return 1;
    case 'limit':
      return 10;
    case 'type':
      return 1;
    case 'px':
      return 1;
    case 'fileType':
      return 10;
    case 'phone':
      return c.demo[role ?? 'qz'].phone;
    case 'userId':
    case 'userid':
      return c.demo[role ?? 'qz'].userId;
    case 'roleId':
      return c.demo[role ?? 'qz'].roleId;
    default:
      return undefined;
  }
}

// ---- item shapes of the shapes file ---------------------------------------------------------

const codeItem = S.obj({ dm: S.str, name: S.str });
/** Keys of dmMapList / dmMap the client indexes without a guard (§1.1; m_gszwdm only in commented-out code). */
const GENERAL_TABLES = [
  'm_xbdm', 'm_xldm', 'm_xzdydm', 'm_jyyqdm', 'm_dwsshydm', 'm_dwxzdm', 'm_dwgmdm', 'm_gwgzxzdm', 'm_gwfldm', 'm_hyktdm',
  'm_qzzt', 'm_dgsjdm', 'm_slnldm', 'm_mzdm', 'm_hyzkdm', 'm_zzmm', 'm_sjfwdm', 'm_zxlbdm', 'm_zxlydm',
];
const byTable = (inner: Shape) => S.obj(Object.fromEntries(GENERAL_TABLES.map((t) => [t, inner])));
const fairRow = S.obj({ hxid: S.any, hymc: S.str, hykssj: S.dateTime, hyjssj: S.dateTime, hylx: S.any, hydd: S.any });
const page = (item: Shape, extra: Record<string, Shape> = {}) => S.obj({ list: S.arr(item), totalCount: S.num, ...extra });
/** a page the demo data fills */
const filledPage = (item: Shape, extra: Record<string, Shape> = {}) => S.obj({ list: S.rows(item), totalCount: S.num, ...extra });
const hallPage = (item: Shape) => filledPage(item, { totalPage: S.num, currPage: S.num });
const fllist = S.arr(S.obj({ dm: S.any }));
/** a code of a code table (the client decodes it with findDmMap) */
const code = { t: 'pattern', re: /^[A-Za-z]+_\d+$/, label: 'a code such as yysp_03' } as Shape;
/** a code, or '' when not given */
const optCode = S.oneOf('a code or \'\'', code, S.lit(''));
const ossInfo = S.obj({ upid: S.any, host: S.str, policy: S.any, dir: S.str, signature: S.any });
/** §2.7 the seeker's applications */
const gwtdRow = S.obj({ dwid: S.any, gwid: S.any, gwmc: S.any, dwmc: S.any, dwxz: S.any, dwgm: S.any, gwyx: S.any, xlyq: S.any, gznx: S.any, ckcs: S.any, dwszsf: S.any, dwszcs: S.any, tdsj: S.any });
const gwtdPage = (filled: boolean) => envelope({ page: S.obj({ gwtdlist: filled ? S.rows(gwtdRow) : S.arr(gwtdRow), total: S.num }) });
/** §8 résumé section lists: key read, item fields read (the id is what delete/ + item.x sends) */
const sectionItem: Record<string, Shape> = {
  qzqzyx: S.obj({ qzyxid: S.any, sjm: S.any, cjm: S.any, gzxzm: S.any, zwmo: S.any, zwmt: S.any, zwm: S.any, hym: S.any, dgsj: S.any, yxm: S.any }),
  qzgzjl: S.obj({ gzjlid: S.any, dwmc: S.any, zwmc: S.any, yx: S.any, rzsj: S.any, lzsj: S.any, hy: S.any, gzms: S.any }),
  qzjyjl: S.obj({ jyjlid: S.any, xxmc: S.any, zy: S.any, xl: S.any, rxsj: S.any, bysj: S.any, sftz: S.any }),
  // levels are m_slnldm codes (resume.vue decodes tsnl, dxnl, slcd with findDmMap.m_slnldm)
  qzyynl: S.obj({ yyid: S.any, yymc: S.any, djzs: S.any, tsnl: optCode, dxnl: optCode }),
  qzzyjn: S.obj({ jnid: S.any, jnmc: S.any, slcd: optCode, sysc: S.any }),
  qzxmjy: S.obj({ xmjyid: S.any }),
  qzpxjl: S.obj({ pxjlid: S.any }),
  // ranks are numbers: the pages print 第{{cypm}}名
  qzkyjl: S.obj({ kyjlid: S.any, cypm: S.num }),
  qzlwxx: S.obj({ lwid: S.any, cypm: S.num }),
  qzzlxx: S.obj({ zlid: S.any }),
  qzyjfxzxkc: S.obj({ fxid: S.any }),
  qzzsxx: S.obj({ zsid: S.any }),
  qzryjl: S.obj({ ryjlid: S.any }),
  qzshhd: S.obj({ hdid: S.any }),
};
const sectionListKey: Record<string, string> = {
  qzqzyx: 'qzyxList', qzxmjy: 'xmjyList', qzjyjl: 'list', qzgzjl: 'gzjlList', qzpxjl: 'pxjlList', qzkyjl: 'kyjlList', qzlwxx: 'qzLwxxlist',
  qzzlxx: 'list', qzyjfxzxkc: 'list', qzzyjn: 'list', qzyynl: 'yynlList', qzzsxx: 'list', qzryjl: 'ryjlList', qzshhd: 'shhdList',
};
/** our save reply's id field, and the previous client's `item.x` (the same names) */
const sectionId: Record<string, string> = {
  qzqzyx: 'qzyxid', qzxmjy: 'xmjyid', qzjyjl: 'jyjlid', qzgzjl: 'gzjlid', qzpxjl: 'pxjlid', qzkyjl: 'kyjlid', qzlwxx: 'lwid',
  qzzlxx: 'zlid', qzyjfxzxkc: 'fxid', qzzyjn: 'jnid', qzyynl: 'yyid', qzzsxx: 'zsid', qzryjl: 'ryjlid', qzshhd: 'hdid',
};

/** A realistic entry of each section (what a person types), codes taken from the server's tables. */
function sectionSample(c: Ctx, section: string): Record<string, unknown> {
  const salary = c.code(['m_xzdydm', 'm_xzfwdm']);
  const industry = c.code(['m_dwsshydm']);
  switch (section) {
    case 'qzgzjl':
      return { dwmc: '深圳市云帆网络科技有限公司', hy: industry, zwmc: '前端工程师', rzsj: '2021-08', lzsj: '', yx: salary, ys: 13, sfyc: '0', gzms: '负责招聘平台前端开发' };
    case 'qzjyjl':
      return { xxmc: '华中科技大学', xl: c.code(['m_xldm']), zy: '计算机科学与技术', sftz: '1', rxsj: '2015-09', bysj: '2019-06' };
    case 'qzkyjl':
      return { kyxmmc: '网页可访问性检测', xmlb: '大创项目', ksrq: '2017-09', jsrq: '2018-09', cypm: 2, sfjx: 1, xmms: '负责标注工具' };
    case 'qzlwxx':
      return { lwmc: '基于视觉模型的网页可访问性评估', kwmc: '计算机应用与软件', fbrq: '2019-03-01', slqk: '中文核心', kwyxyz: '0.8', cypm: 2, lwms: '' };
    case 'qzpxjl':
      return { pxmc: '前端架构训练营', pxdw: '极客学院', pxnr: '微前端与性能治理', kssj: '2022-05', jssj: '2022-07' };
    case 'qzqzyx':
      return {
        gzxzm: c.code(['m_gwgzxzdm', 'm_gzxzdm']), sjm: c.place.province, cjm: c.place.city, hym: industry,
        zwmo: c.category.one, zwmt: c.category.two, zwm: c.category.three, yx: salary, ys: 1,
      };
    case 'qzryjl':
      return { jlmc: '年度优秀员工', jldw: '云帆科技', jljb: '公司级', jljs: '主导前端重构', jlrq: '2022-12', rych: '优秀员工' };
    case 'qzshhd':
      return { hdmc: '技术沙龙分享', hdsj: '2023-04', hdnr: '分享性能优化实践', hdcg: '听众 200 余人' };
    case 'qzxmjy':
      return { xmmc: '招聘会在线会场', kssj: '2022-03', jssj: '2022-10', gsmc: '云帆科技', zw: '前端负责人', xmms: '在线会场', zrms: '会场页面与消息提醒' };
    case 'qzyjfxzxkc':
      return { yjfx: 'Web 前端性能', bskt: '', zxkc: '人机交互', kcms: '可用性评估' };
    case 'qzyynl':
      return { yymc: '英语', djzs: 'CET-6', tsnl: c.code(['m_slnldm']), dxnl: c.code(['m_slnldm']) };
    case 'qzzlxx':
      return { zlmc: '一种页面渲染优化方法', zlbh: 'CN202210000000.1', pzrq: '2023-06-01', zllx: '发明专利', zlwczt: '1', brpm: '1', zlms: '' };
    case 'qzzsxx':
      return { zsmc: '软件设计师', zslb: '软考', hdrq: '2020-11' };
    case 'qzzyjn':
      return { jnmc: 'React', sysc: '4年', slcd: c.code(['m_slnldm']) };
  }
  throw new Error(`no sample for ${section}`);
}

/** Saves one entry of a section for a seeker; returns its id. */
async function savedEntry(c: Ctx, token: string, section: string): Promise<string> {
  const r = await c.srv.call(`/api/qz/${section}/save`, { token, body: sectionSample(c, section) });
  if (r.body.code !== 0) throw new Error(`${section}/save failed: ${JSON.stringify(r.body)}`);
  return String(r.body[sectionId[section]]);
}

/** A fresh seeker with a complete résumé, for the calls that change a résumé or an account. */
const seekerFor = freshSeeker;

const ok = envelope();

// ---- the cases --------------------------------------------------------------------------------

const C: Record<string, Case> = {};
const add = <F>(key: string, k: Case<F>) => {
  if (C[key]) throw new Error(`case listed twice: ${key}`);
  C[key] = k;
};

// /api/hr/bsdwbmxx
add('POST /api/hr/bsdwbmxx/addBmhxxMore', { body: (c) => [c.upcomingFair], note: 'body:hxid / body:hxidarr: the array of fair ids (a fair the enterprise has not signed up for)' });
add('POST /api/hr/bsdwbmxx/findDwBmzt', {
  form: 'query',
  path: () => '/api/hr/bsdwbmxx//findDwBmzt',
  shape: ok,
  note: '§3.3: only code == 0 is read (0 = signed up); the client writes the path with a double slash',
});

// /api/hr/bshxxx (§3.2, §3.3, §4.1)
add('POST /api/hr/bshxxx/findHxInfo', { role: 'qz', form: 'query', shape: envelope({ bsHxxx: S.obj({ hxid: S.any, hymc: S.str, hylx: S.any, hykssj: S.dateTime, hyjssj: S.dateTime }) }) });
add('GET /api/hr/bshxxx/findHxListByType', {
  role: 'qz',
  params: () => ({ page: 1, limit: 10, type: 1, px: 1 }),
  shape: envelope({ hxdttj: S.any, page: filledPage(fairRow) }),
  note: '§3.2 rows; hxdttj from the inventory column; csdm/ksny are alternatives left unset',
});
add('POST /api/hr/bshxxx/findHxPageAllListBySelf', {
  form: 'query',
  params: () => ({ page: 1, limit: 10, type: 1 }),
  shape: envelope({ page: page(S.obj({ hxid: S.any, hymc: S.str, hykssj: S.dateTime, hyjssj: S.dateTime, hylx: S.any, shzt: S.lit('0', '1', '2', null) })) }),
});
add('POST /api/hr/bshxxx/findYdHxPageAllListByDw', {
  form: 'query',
  params: () => ({ page: 1, limit: 20, type: 1 }),
  shape: envelope({ page: filledPage(S.obj({ hxid: S.any, hymc: S.str, hykssj: S.dateTime, hyjssj: S.dateTime, cjqys: S.any, hyfbgws: S.any })) }),
});
add('POST /api/hr/bshxxx/hrInfoTj', { shape: envelope({ qygrxxtjVO: S.obj({ ydcgs: S.num, ycjhxs: S.num, hrzzzws: S.num, hrsdjls: S.num, hrxzjls: S.num }) }) });

// /api/hr/bskhgl (§2.6, §3.2, §4.2)
add('POST /api/hr/bskhgl/findDwInfoHr', {
  // Enter_info's form reads every field of BsKhglEntity it shows; lxyx is its 单位邮箱
  shape: envelope({ BsKhglEntity: S.obj({ lxyx: S.str }), shzt: S.any, sqzt: S.any, shsm: S.any, qydwimageUrl: S.any, yyzzimageUrl: S.any }),
  note: '§4.2 names these six; the column\'s page.list is read from getDwFileList on the same page (Enter_info)',
});
add('GET /api/hr/bskhgl/findDwListByName', { params: () => ({ dwmc: '科技' }), shape: envelope({ list: S.arr() }) });
add('GET /api/hr/bskhgl/findDwListByType', {
  role: 'qz',
  params: () => ({ page: 1, limit: 10, type: 1 }),
  shape: envelope({ page: S.obj({ list: S.arr(S.obj({ dwid: S.any, dwmc: S.any, dwxz: S.any, dwsshy: S.any, gwmc: S.any, rzgws: S.any, booszxs: S.any })) }) }),
  note: '§3.2 home page companies; csdm (a city filter) left unset',
});
add('POST /api/hr/bskhgl/getGwListByDwId', {
  role: 'qz',
  form: 'query',
  shape: envelope({
    gwList: S.rows(S.obj({ gwid: S.any, gwmc: S.any, gwyx: S.any, sbsf: S.any, sbcs: S.any, jyyq: S.any, xlyq: S.any, zprs: S.any, dwsshy: S.any, fllist, dwid: S.any, dwmc: S.any, dwxz: S.any, dwgm: S.any })),
  }),
});
add('GET /api/hr/bskhgl/getGwYyCount', { role: 'qz', shape: envelope({ gwCount: S.num, msCount: S.num }), note: '§2.6; the column\'s page.list belongs to getDwInfo on the same page' });
add('POST /api/hr/bskhgl/registerDw', {
  setup: async (c) => {
    const hr = await hrWithoutCompany(c);
    return { hr, licence: await uploadedFile(c.srv, hr.userId, 30) };
  },
  token: (_c, f) => f.hr.token,
  params: () => ({ save: undefined }),
  body: (_c, f) => companyBody(f.licence),
  shape: envelope({ dwid: S.any }),
  note: 'an HR without an enterprise; the listed name save has no known value and is not sent',
});
add('POST /api/hr/bskhgl/updateDw', {
  setup: async (c) => {
    const hr = await freshHr(c);
    return { hr, licence: await uploadedFile(c.srv, hr.userId, 30) };
  },
  token: (_c, f) => f.hr.token,
  params: () => ({ save: undefined }),
  body: (_c, f) => companyBody(f.licence),
  shape: ok,
  note: 'an HR of their own (an edit sends the enterprise back to review)',
});

// /api/hr/dm (§1)
/** The payload key of another code-table call, as the client's store keeps it. */
async function table(c: Ctx, name: string, key: string): Promise<unknown> {
  return (await c.srv.call<Record<string, unknown> | undefined>(`/api/hr/dm/${name}`)).body?.[key];
}
/** An item of a code list. */
type CodeItem = { dm: string };
/** The parent codes of a code-table call: `dm`s of a list, keys of a map, or the inner keys of a nested one. */
function parentCodes(v: unknown, inner = false): string[] {
  if (Array.isArray(v)) return (v as CodeItem[]).map((x) => x?.dm);
  if (!v || typeof v !== 'object') return [];
  if (!inner) return Object.keys(v);
  return Object.values(v).flatMap((x: unknown) => (Array.isArray(x) ? (x as CodeItem[]).map((y) => y?.dm) : x && typeof x === 'object' ? Object.keys(x) : []));
}
/**
 * §1 robustness: the client indexes a level by every code of the level above without a guard
 * (`CityList[p.dm].forEach`, `CityMap[sbsf][sbcs]`), so each parent needs an entry, `{}`/`[]` at least.
 */
const everyParent = (name: string, key: string, inner: boolean) => async (c: Ctx, body: Record<string, unknown>) => {
  const parents = parentCodes(await table(c, name, key), inner);
  const own = body[Object.keys(body).find((k) => k !== 'code' && k !== 'msg')!] as object;
  const lacking = parents.filter((p) => !(p in own));
  return lacking.length ? `no entry for ${lacking.length} of the ${parents.length} codes of ${name} (e.g. ${JSON.stringify(lacking[0])})` : null;
};
const PARENT_OF: Record<string, [string, string, boolean]> = {
  findSsList: ['findSfList', 'sfList', false],
  findSsMap: ['findSfMap', 'sfMap', false],
  findSqListAll: ['findSsList', 'ssList', true],
  findSqMapAll: ['findSsMap', 'ssMap', true],
  findGwlbOtList: ['findGwlbOneList', 'gwlbList', false],
  findGwlbOtMap: ['findGwlbOneMap', 'gwlbMap', false],
  findGwlbThListAll: ['findGwlbOtList', 'gwlbotList', true],
  findGwlbThMapAll: ['findGwlbOtMap', 'gwlbotMap', true],
};

for (const [name, key, shape] of [
  ['findDmList', 'dmMapList', byTable(S.arr(codeItem))],
  ['findDmMap', 'dmMap', byTable(S.rec(S.str))],
  ['findGwlbOneList', 'gwlbList', S.rows(codeItem)],
  ['findGwlbOneMap', 'gwlbMap', S.rec(S.str, true)],
  ['findGwlbOtList', 'gwlbotList', S.rec(S.arr(codeItem), true)],
  ['findGwlbOtMap', 'gwlbotMap', S.rec(S.rec(S.str), true)],
  ['findGwlbThListAll', 'gwlbthList', S.rec(S.arr(codeItem), true)],
  ['findGwlbThMapAll', 'gwlbthMap', S.rec(S.rec(S.str), true)],
  ['findSfList', 'sfList', S.rows(codeItem)],
  ['findSfMap', 'sfMap', S.rec(S.str, true)],
  ['findSsList', 'ssList', S.rec(S.arr(codeItem), true)],
  ['findSsMap', 'ssMap', S.rec(S.rec(S.str), true)],
  ['findSqListAll', 'sqList', S.rec(S.arr(codeItem), true)],
  ['findSqMapAll', 'sqMap', S.rec(S.rec(S.str), true)],
] as const) {
  const parent = PARENT_OF[name];
  add(`GET /api/hr/dm/${name}`, { role: null, shape: envelope({ [key]: shape }), ...(parent ? { extra: everyParent(...parent) } : {}) });
}

// /api/hr/hr
add('POST /api/hr/hr/qyjlxz/downloadJlByRcList', { form: 'both', shape: ok });

// /api/hr/jobFairFavorite
add('POST /api/hr/jobFairFavorite/favoriteMore', { body: (c) => [c.upcomingFair] });

// /api/hr/qydwgwfbxx (§2.2, §2.3)
/**
 * The job form's body as Enter_postcreate.vue sends it (publishData): the salary as a range code,
 * perks as gwfls, the fairs as hxids, the category in three levels; 发布 / 保存草稿 as the query type.
 */
const clientJobForm = (c: Ctx, over: Record<string, unknown> = {}) => {
  const cat = c.category;
  return {
    hxids: [c.fair], gwfls: [], gwmc: 'Java开发工程师', gwlbo: cat.one, gwlbt: cat.two, gwlb: cat.three, gwgzxz: c.code(['m_gwgzxzdm']),
    sbsf: c.place.province, sbcs: c.place.city, sbxxdz: '深圳市南山区科技园', gwyx: c.code(['m_xzdydm']), xlyq: c.code(['m_xldm']),
    jyyq: c.code(['m_jyyqdm']), gwms: '负责后端服务的设计与开发。', jnyq: '熟悉 Spring', zprs: 2, ssbm: '技术部', fbsc: 30,
    jljsyx: 'hr@example.com', sfzd: '1', ...over,
  };
};
add('POST /api/hr/qydwgwfbxx/addGw', {
  form: 'query',
  params: () => ({ type: 1 }),
  body: (c) => clientJobForm(c),
  note: 'body:data: the job form of Enter_postcreate.vue, type=1 发布',
});
add('POST /api/hr/qydwgwfbxx/auditGW', {
  form: 'query',
  setup: async (c) => ({ job: await freshJob(c) }),
  params: (_c, f) => ({ gwid: f.job, type: 4 }),
  shape: ok,
  note: '§2.2: type=2 opens, type=4 takes offline (here: a live job taken offline)',
});
add('POST /api/hr/qydwgwfbxx/deleteGW/${gwid}', { setup: async (c) => ({ job: await freshJob(c, true) }), path: (_c, f) => `/api/hr/qydwgwfbxx/deleteGW/${f.job}` });
add('POST /api/hr/qydwgwfbxx/findGwInfoHrById/${this.$route.query.gwid}', {
  path: (c) => `/api/hr/qydwgwfbxx/findGwInfoHrById/${c.job}`,
  shape: envelope({
    gwxxxqHrVO: S.obj({
      hxid: S.any, gwmc: S.any, gwgzxz: S.any, sbxxdz: S.any, gwyx: S.any, xlyq: S.any, jyyq: S.any, gwms: S.any, jnyq: S.any, zprs: S.any, ssbm: S.any, fbsc: S.any,
      jljsyx: S.any, zwpx: S.any, sfzd: S.any, sbsf: S.any, sbcs: S.any, gwlbo: S.any, gwlbt: S.any, gwlb: S.any, fllist,
    }),
  }),
});
add('POST /api/hr/qydwgwfbxx/findGwInfoQzById/438093894521978880', {
  role: 'qz',
  path: (c) => `/api/hr/qydwgwfbxx/findGwInfoQzById/${c.job}`,
  note: 'the previous client hard-coded a job id of its own database; a demo job stands in',
});
add('POST /api/hr/qydwgwfbxx/findGwListHr', {
  form: 'query',
  params: () => ({ page: 1, limit: 10 }),
  shape: envelope({
    page: filledPage(S.obj({ gwid: S.any, gwmc: S.any, gwzt: S.lit('0', '1', '2', '3', '4'), gwyx: S.any, sbsf: S.any, sbcs: S.any, gwlbt: S.any, gwlb: S.any, xlyq: S.any, gwfbsj: S.dateTime, sdjlcount: S.num, chcscount: S.num })),
  }),
  note: 'q:params = §2.2 (gwmc, gwzt, startTime, endTime unset)',
});
add('GET /api/hr/qydwgwfbxx/getHxsByGwid', { params: (c) => ({ gwid: c.job }), shape: envelope({ hxlist: S.arr(S.obj({ hxid: S.any })) }), note: 'q:params = {gwid} (§2.2)' });
add('POST /api/hr/qydwgwfbxx/gwcgfb/${gwid}', { setup: async (c) => ({ job: await freshJob(c, true) }), path: (_c, f) => `/api/hr/qydwgwfbxx/gwcgfb/${f.job}` });
add('POST /api/hr/qydwgwfbxx/refreshGW/${gwid}', {
  setup: async (c) => {
    const job = await freshJob(c);
    // a job is refreshed once a day and publishing counts: this one was published yesterday
    await c.db.execute(sql`update jobs set refreshed_at = now() - interval '1 day', published_at = now() - interval '1 day' where id = ${job}`);
    return { job };
  },
  path: (_c, f) => `/api/hr/qydwgwfbxx/refreshGW/${f.job}` });
add('POST /api/hr/qydwgwfbxx/updateGw', {
  form: 'query',
  setup: async (c) => ({ job: await freshJob(c) }),
  params: () => ({ save: true }),
  body: (c, f) => ({ gwid: f.job, dwid: c.company, ...clientJobForm(c, { gwmc: 'Java高级开发工程师', hxids: '' }) }),
  note: 'body:data: the job form of Enter_updatePost.vue (updateData), with its params {save: true}',
});
add('POST /api/hr/qydwgwfbxx/updateHxsByGwid', { setup: async (c) => ({ job: await freshJob(c) }), body: (c, f) => ({ gwid: f.job, hxids: [c.fair] }) });

// /api/hr/qydwhrxx (§2.1, §4.1, §4.2, §6)
// Enter_info's HR form shows sjhm (手机), yx (电子邮箱) and xb (性别, an m_xbdm code)
const hrInfoShape = envelope({ qyDwhrxxEntity: S.obj({ dwid: S.any, dwqc: S.any, wx: S.any, hrid: S.any, xm: S.any, zw: S.any, sjhm: S.str, yx: S.str, xb: optCode }) });
const dwFiles = envelope({ page: S.arr(S.obj({ wjid: S.any, wjlx: S.lit(10, 20, 30, 40, 50, '10', '20', '30', '40', '50') })) });
add('POST /api/hr/qydwhrxx/delHrFile', {
  form: 'both',
  setup: async (c) => ({ file: await uploadedFile(c.srv, c.demo.hr.userId, 20) }),
  params: (_c, f) => ({ bsid: f.file }),
  shape: ok,
  note: 'the column\'s info.* and page are the upload credential and file list read on the same page',
});
add('POST /api/hr/qydwhrxx/getDwFileList', {
  form: 'query',
  setup: async (c) => {
    const form = await uploaded(c, '/api/hr/qydwhrxx/getOssKey', c.demo.hr.token, { fileType: 20 }, 'logo.png', samples.png());
    const r = await c.srv.call('/api/hr/qydwhrxx/saveFile', { token: c.demo.hr.token, body: { ...form, dwid: c.company, fileType: 20 } });
    if (r.body.code !== 0) throw new Error(`saveFile failed: ${JSON.stringify(r.body)}`);
  },
  shape: envelope({ page: S.rows(S.obj({ wjid: S.any, wjlx: S.lit(10, 20, 30, 40, 50, '10', '20', '30', '40', '50') })) }),
  note: '§4.2: page is a bare array (the enterprise with a logo uploaded)',
});
add('GET /api/hr/qydwhrxx/getDwLogo', { role: 'qz', shape: envelope({ fileUrl: S.any }) });
add('POST /api/hr/qydwhrxx/getDwLogos', { role: 'qz', body: (c) => [c.company], shape: envelope({ urls: S.rec(S.any) }), note: '§2.1: urls {dwid: url}; the column\'s list is the page\'s own list' });
add('GET /api/hr/qydwhrxx/getFile/ + fileId', {
  setup: async (c) => ({ file: await uploadedFile(c.srv, c.demo.hr.userId, 20) }),
  path: (_c, f) => `/api/hr/qydwhrxx/getFile/${f.file}`,
  params: (c) => ({ userId: c.company, fileType: 20 }),
  shape: envelope({ fileUrl: S.str }),
  note: '§4.2: userId is the enterprise id for a logo',
});
add('POST /api/hr/qydwhrxx/getHrFileList', { shape: dwFiles, note: '§4.2: the same bare-array page; info.* in the column is the upload credential' });
add('GET /api/hr/qydwhrxx/getHrInfo', { shape: hrInfoShape, note: '§4.1; the column\'s BsKhglEntity and qygrxxtjVO come from findDwInfoHr and hrInfoTj on the same pages' });
add('POST /api/hr/qydwhrxx/getHrInfo', { shape: hrInfoShape, note: '§4.1; the other names of the column come from findDwInfoHr (§4.2) on the same page' });
add('POST /api/hr/qydwhrxx/getOssKey', { shape: envelope({ info: ossInfo }) });
add('POST /api/hr/qydwhrxx/registerHr', {
  setup: async (c) => ({ hr: await hrWithoutCompany(c) }),
  token: (_c, f) => f.hr.token,
  params: () => ({ save: undefined }),
  body: (c) => ({ dwid: c.company, xm: '赵新人', zw: '招聘专员' }),
  note: 'an HR without an enterprise asks to join the demo one',
});
add('POST /api/hr/qydwhrxx/saveFile', {
  form: 'both',
  setup: async (c) => uploaded(c, '/api/hr/qydwhrxx/getOssKey', c.demo.hr.token, { fileType: 20 }, 'logo.png', samples.png()),
  params: (c, f) => ({ ...f, dwid: c.company, fileType: 20 }),
  shape: envelope({ fileUrl: S.any }),
  note: 'after getOssKey and the upload itself; the column\'s info and page are read from getOssKey and getDwFileList',
});
add('POST /api/hr/qydwhrxx/updateHrById', { params: () => ({ save: undefined }), body: () => ({ xm: '王芳', zw: '招聘经理' }) });

// /api/hr/qydwjlgl
add('POST /api/hr/qydwjlgl/tdDownloadJl', {
  form: 'both',
  setup: async (c) => {
    const a = await one<{ seeker: string; file: string | null }>(c.db, sql`select seeker_id::text as seeker, resume_file_id::text as file from applications where company_id = ${c.company} order by id limit 1`);
    return a;
  },
  params: (_c, f) => ({ qzid: f!.seeker, jlid: f!.file ?? '' }),
  shape: envelope({ qzJldz: S.any }),
});

// /api/hr/qyhrjrqysh
add('POST /api/hr/qyhrjrqysh/addSubAccount', { body: () => ({ phone: uniquePhone(), pwd: md5('secret123'), xm: '钱子账号', zw: '招聘专员' }), note: 'request column empty (a form object): our contract\'s fields' });
add('POST /api/hr/qyhrjrqysh/joinReview', {
  form: 'both',
  setup: async (c) => {
    const hr = await hrWithoutCompany(c);
    const r = await c.srv.call('/api/hr/qydwhrxx/registerHr', { token: hr.token, body: { dwid: c.company, xm: '赵新人', zw: '招聘专员' } });
    if (r.body.code !== 0) throw new Error(`registerHr failed: ${JSON.stringify(r.body)}`);
    return hr;
  },
  params: (c, f) => ({ dwid: c.company, hrid: f.userId, shzt: 1 }),
});
add('POST /api/hr/qyhrjrqysh/list', { form: 'both', shape: envelope({ page: page(S.any) }) });

// /api/hr/qyhxrxx
add('POST /api/hr/qyhxrxx/addHrMy', {
  form: 'both',
  setup: async (c) => freshApplication(c),
  params: (c, f) => ({
    dwid: c.company, gwid: f.job, hxrbsid: f.bsid, qzzid: f.seeker, mymc: 'Java开发工程师面试', lxr: '王芳', sjhm: '13800000002',
    mssf: c.place.province, mscs: c.place.city, msxxdz: '深圳市南山区科技园', smxx: '请携带简历',
  }),
  note: 'exactly the names the client lists (no interview time among them)',
});
add('GET /api/hr/qyhxrxx/findAllHxrList', {
  params: () => ({ page: 1, limit: 10 }),
  // Enter_resume.vue prints xl (m_xldm), xxmc, tdcs (已投递单位数) and dzjlid (简历ID) of each row
  shape: envelope({ page: filledPage(S.obj({ bsid: S.any, xm: S.any, gwmc: S.any, tdsj: S.any, xl: optCode, xxmc: S.str, tdcs: S.num, dzjlid: S.str })) }),
  note: 'gwids, jlzt, tdsj, xl, xm unset',
});
add('GET /api/hr/qyhxrxx/findMsjgList', { params: () => ({ page: 1, limit: 10 }), note: 'q:params: the page' });
for (const name of ['Gzjy', 'Kyjl', 'Lwxx', 'Pxjl', 'Ryjl', 'Shhd', 'Yjfx', 'Yynl', 'Zlxx', 'Zsxx', 'Zyjn', '']) {
  const p = `/api/hr/qyhxrxx/findQzxx${name}Info`;
  add(`GET ${p}/\${this.$route.query.qzbsid}`, { path: (c) => `${p}/${c.seeker}` });
}
add('GET /api/hr/qyhxrxx/findQzxxInfoZjcs', { shape: ok });
add('GET /api/hr/qyhxrxx/findYxzHxrList', { params: () => ({ page: 1, limit: 10 }), note: 'xl, xm, yyzt unset' });
add('GET /api/hr/qyhxrxx/getGwByHr', {});
add('POST /api/hr/qyhxrxx/updateHxrYyzt', { form: 'both', setup: async (c) => freshApplication(c), params: (_c, f) => ({ bsid: f.bsid, type: 3 }) });
add('POST /api/hr/qyhxrxx/updateMsjgsm', {
  form: 'both',
  // an invitation the seeker accepted (the result is recorded only then)
  setup: async (c) =>
    one<{ id: string }>(
      c.db,
      sql`update interviews set answer = 1, answered_at = now()
          where id = (select id from interviews where company_id = ${c.company} order by id limit 1) returning id::text as id`,
    ),
  body: (_c, f) => ({ msid: f!.id, msjg: 1, msjgsm: '表现良好' }),
  params: (_c, f) => ({ msid: f!.id, msjg: 1, msjgsm: '表现良好' }),
  note: 'body:params and q:params: the same object both ways, as the inventory lists',
});

// /api/hr/qyjlglq
add('POST /api/hr/qyjlglq/save', { body: (c) => ({ qzzid: c.seeker }), note: 'body:data: content unknown' });

// /api/hr/qyjlsc
add('POST /api/hr/qyjlsc/addJlsc', {
  form: 'both',
  setup: async (c) => freshSeeker(c),
  params: (_c, f) => ({ jlid: '', qzzid: f.userId, sfms: '', sfyy: '', sxrq: '' }),
});
add('POST /api/hr/qyjlsc/cancelJlsc/ + item.qzbsid;', {
  form: 'both',
  setup: async (c) => {
    const s = await freshSeeker(c);
    await c.srv.call('/api/hr/qyjlsc/addJlsc', { token: c.demo.hr.token, method: 'POST', query: { qzzid: s.userId } });
    return s;
  },
  path: (_c, f) => `/api/hr/qyjlsc/cancelJlsc/${f.userId}`,
  params: (_c, f) => ({ jlid: '', qzzid: f.userId, sfms: '', sfyy: '', sxrq: '' }),
});

// /api/hr/qyjrhxdtjl
add('POST /api/hr/qyjrhxdtjl/joinHxDt', { form: 'query', shape: ok, note: '§3.3: presence ping, reply ignored (the column\'s page.list is the hall list)' });

// /api/hr/qzgrjbxx (§3.3)
add('GET /api/hr/qzgrjbxx/selectHxrcPageList', {
  params: (c) => ({ hxid: c.fair, xxmc: '', zymc: '', userId: c.demo.hr.userId, page: 1, limit: 30 }),
  shape: envelope({
    page: hallPage(S.obj({ qzbsid: S.any, xm: S.any, xb: S.lit('男', '女'), nl: S.any, zgxl: S.any, gznx: S.num, zgzy: S.any, ypgw: S.str, sfsc: S.lit(0, 1) })),
  }),
  note: '§3.3 HallTalent; the column\'s dwinfo/gwxxxqQzVO/records belong to the booth calls of the hall page',
});

// /api/qz/bsdwbmxx, bshxxx, bskhgl, bsrcbmxx, im (§3.2, §3.3, §2.5)
add('GET /api/qz/bsdwbmxx/ztListByHx', { shape: envelope({ list: S.rows(S.obj({ tbsid: S.str, tmc: S.str })) }), note: '§3.3 group tabs; page.* of the column is the hall company list' });
add('POST /api/qz/bshxxx/hxdttj', {
  form: 'query',
  params: (c) => ({ hxid: c.fair }),
  shape: envelope({ hxdttj: S.obj({ chqys: S.num, chgxs: S.num, gwfbs: S.num, jltds: S.num, mys: S.num, hyjssj: S.any, jxzhxs: S.num, hyzrs: S.num, hxrcs: S.num }) }),
  note: '§3.3: hxdttj?hxid (the inventory\'s request column is empty)',
});
const hallCompany = S.obj({ dwid: S.any, dwmc: S.str, dwxz: S.any, sfsc: S.lit(0, 1), hxfbgws: S.any, hxzzgws: S.any, gwfblist: S.arr(S.obj({ gwid: S.any, dwid: S.any, gwmc: S.str, gwyx: S.any })) });
add('GET /api/qz/bskhgl/list', { params: (c) => ({ hxid: c.fair, dwmc: '', page: 1, limit: 30 }), shape: envelope({ page: hallPage(hallCompany) }), note: '§3.3 (ztid, sshy, gwmc unset)' });
add('POST /api/qz/bskhgl/list', { form: 'both', params: (c) => ({ hxid: c.fair, type: 1 }), note: 'a second use of the path: reads data' });
add('GET /api/qz/bskhgl/listByZt', { params: (c) => ({ hxid: c.fair, ztid: c.zone, dwmc: '', page: 1, limit: 30 }), shape: envelope({ page: hallPage(hallCompany) }), note: '§3.3 (ztid: a zone of the fair)' });
add('GET /api/qz/bskhgl/queryHyDwGwList', {
  params: (c) => ({ page: 1, limit: 10, type: 1, dwid: c.company, hxid: c.fair }),
  shape: envelope({
    page: S.obj({ records: S.arr(S.obj({ gwid: S.any, dwid: S.any, gwmc: S.any, sbsf: S.any, sbcs: S.any, xlyq: S.any, jyyq: S.any, gwyx: S.any, gwms: S.any })), totalCount: S.num }),
    dwinfo: S.obj({ dwid: S.any, dwmc: S.any, sshy: S.any, dwgm: S.any, dwxz: S.any, dwjs: S.str }),
  }),
  note: '§2.5: page.records, not page.list',
});
add('GET /api/qz/bskhgl/queryHylxList', { shape: envelope({ list: S.arr(S.obj({ hydm: S.str, hymc: S.str })) }), note: '§3.3 industry filter' });
add('POST /api/qz/bsrcbmxx/hxBmMore', { body: (c) => [c.upcomingFair] });
add('POST /api/qz/bsrcbmxx/list', { shape: envelope({ hxList: S.rows(S.obj({ hxid: S.any, hymc: S.str, hykssj: S.dateTime, hyjssj: S.dateTime, cbdw: S.any })) }), note: '§3.2: an array, not a page' });
add('GET /api/qz/im/getOnlineHr', { shape: envelope({ onlineHrs: S.arr(S.obj({ hrid: S.any, zw: S.any, dwmc: S.str })) }), note: '§3.3; the column\'s page.* is the hall list' });

// /api/qz/jlyl: the column (gwList and the section's key)
for (const name of ['Gzjl', 'Info', 'Jyjl', 'Kyjl', 'Lwxx', 'Pxjl', 'Qzyx', 'Ryjl', 'Shhd', 'Xmjy', 'Yjfx', 'Yynl', 'Zlxx', 'Zsxx', 'Zyjn']) add(`GET /api/qz/jlyl/findQzxx${name}`, {});

// /api/qz/jobFairFavorite (§3.2)
add('POST /api/qz/jobFairFavorite/Unfavorite', {
  form: 'both',
  setup: async (c) => {
    const s = await freshSeeker(c);
    await c.srv.call('/api/qz/jobFairFavorite/favoriteMore', { token: s.token, body: [c.upcomingFair] });
    return s;
  },
  token: (_c, f) => f.token,
  params: (c) => ({ hxid: c.upcomingFair }),
});
add('GET /api/qz/jobFairFavorite/collectedList', {
  params: () => ({ page: 1, limit: 10, hymc: '' }),
  shape: envelope({ page: filledPage(S.obj({ HXID: S.any, HYMC: S.str, HYKSSJ: S.dateTime, HYJSSJ: S.dateTime, HYLX: S.any, QYCHRS: S.any, QYGWS: S.any, SCSJ: S.any, USERID: S.any })) }),
  note: '§3.2: upper-case row keys',
});
add('POST /api/qz/jobFairFavorite/favoriteMore', { setup: async (c) => freshSeeker(c), token: (_c, f) => f.token, body: (c) => [c.upcomingFair] });

// /api/qz/qyckjljl, qydwgwfbxx (§2.5)
add('POST /api/qz/qyckjljl/hrDetail', {});
add('POST /api/qz/qydwgwfbxx/findGwInfoQzById', {
  form: 'query',
  shape: envelope({
    gwxxxqQzVO: S.obj({ gwid: S.any, dwid: S.any, bsid: S.any, gwmc: S.any, sxsj: S.str, sfsc: S.boolish, sbsf: S.any, sbcs: S.any, sbxxdz: S.any, xlyq: S.any, jyyq: S.any, gwyx: S.any, fllist, gwms: S.any }),
  }),
});

// /api/qz/qyhxrxx (§2.7)
for (const [name, expr] of [
  ['listAll', "that.allinvest.currentPage+'/'+that.allinvest.pageSize"],
  ['listDenied', "that.Refusedto.currentPage+'/'+that.Refusedto.pageSize"],
  ['listLooked', "that.Referto.currentPage+'/'+that.Referto.pageSize"],
  ['listSxh', "that.currentPage +'/'+that.pageSize"],
]) {
  add(`GET /api/qz/qyhxrxx/${name}/ + ${expr}`, { path: () => `/api/qz/qyhxrxx/${name}/1/10`, shape: gwtdPage(name === 'listAll') });
}
add('POST /api/qz/qyhxrxx/pltd', {
  setup: async (c) => ({ jobs: [await freshJob(c), await freshJob(c)] }),
  body: (c, f) => f.jobs.map((gwid: string) => ({ gwid, dwid: c.company })),
  note: 'body:comArr: the chosen jobs as {gwid, dwid}',
});
add('POST /api/qz/qyhxrxx/td', { form: 'both', setup: async (c) => ({ job: await freshJob(c) }), params: (c, f) => ({ gwid: f.job, dwid: c.company, fjjlid: '', hxid: '', channel: '' }) });
add('GET /api/qz/qyhxrxx/tjList', {
  role: null,
  params: (c) => ({ gwlb: c.category.three, gwlbo: c.category.one, gwlbt: c.category.two, sbcs: c.place.city }),
  shape: ok,
  note: '§2.4: the job page (a visitor: no token) asks for similar jobs; it reads res.gwList by mistake, so only code is required',
});

// /api/qz/qymyxx (§2.7)
for (const name of ['listAccepted', 'listDenied', 'listWait']) add(`GET /api/qz/qymyxx/${name}`, { shape: envelope({ [name]: S.arr(), page: S.obj({ total: S.num }) }) });

// /api/qz/qzFile (§6)
const fileOfNewSeeker = async (c: Ctx) => {
  const s = await freshSeeker(c);
  return { s, ...(await seekerFile(c, s.token)) };
};
add('GET /api/qz/qzFile/delete/ + item.bsid', { setup: fileOfNewSeeker, token: (_c, f) => f.s.token, path: (_c, f) => `/api/qz/qzFile/delete/${f.bsid}` });
add('POST /api/qz/qzFile/delete/ + item.bsid', { setup: fileOfNewSeeker, token: (_c, f) => f.s.token, path: (_c, f) => `/api/qz/qzFile/delete/${f.bsid}` });
add('GET /api/qz/qzFile/getFile/ + fileId', {
  setup: fileOfNewSeeker,
  token: (_c, f) => f.s.token,
  path: (_c, f) => `/api/qz/qzFile/getFile/${f.wjid}`,
  shape: envelope({ fileUrl: S.str }),
  note: '§6; the column\'s loginLog, qyDwhrxxEntity, qzzt are other calls of the same pages',
});
add('GET /api/qz/qzFile/getFile/ + item.wjid', { setup: fileOfNewSeeker, token: (_c, f) => f.s.token, path: (_c, f) => `/api/qz/qzFile/getFile/${f.wjid}`, shape: envelope({ fileUrl: S.str }) });
add('GET /api/qz/qzFile/getOssKey', { shape: envelope({ info: ossInfo }) });
add('POST /api/qz/qzFile/getUserLogos', { role: 'hr', body: (c) => [c.seeker], shape: envelope({ urls: S.rec(S.any) }), note: '§3.3: body qzbsid[] → urls' });
add('GET /api/qz/qzFile/list', {
  setup: fileOfNewSeeker,
  token: (_c, f) => f.s.token,
  shape: envelope({ fileList: S.rows(S.obj({ bsid: S.any, wjid: S.any, wjmc: S.any })) }),
  note: '§6 (a seeker with one attachment)',
});
add('POST /api/qz/qzFile/save', {
  form: 'both',
  setup: async (c) => {
    const s = await freshSeeker(c);
    return { s, form: await uploaded(c, '/api/qz/qzFile/getOssKey', s.token, { fileType: 10 }, 'resume.pdf', samples.pdf()) };
  },
  token: (_c, f) => f.s.token,
  params: (_c, f) => ({ ...f.form, wjlx: 10 }),
  shape: ok,
  note: 'after getOssKey and the upload; the column\'s info.* is the getOssKey reply read in the same function',
});
add('GET /api/qz/qzFile/updateWjmc', { setup: fileOfNewSeeker, token: (_c, f) => f.s.token, params: (_c, f) => ({ bsid: f.bsid, wjmc: '我的简历.pdf' }) });

// /api/qz/qzgrjbxx (§2.4, §2.6, §4.1, §8)
add('POST /api/qz/qzgrjbxx/getDwInfo', {
  form: 'query',
  params: (c) => ({ dwid: c.company, sfxstd: 2 }),
  shape: envelope({
    dwInfo: S.obj({ dwid: S.any, dwmc: S.any, dwxz: S.any, dwgm: S.any, sshy: S.any, dwjs: S.any, dwszsf: S.any, dwszcs: S.any, dwszxxdz: S.any }),
    page: S.obj({ list: S.arr() }),
  }),
});
add('POST /api/qz/qzgrjbxx/getGwInfo', {
  form: 'query',
  headers: (c) => ({ userId: c.demo.qz.userId }),
  shape: envelope({
    qyDwgwfbxx: S.obj({ updateTime: S.any, gwmc: S.any, gwyx: S.any, sbsf: S.any, sbcs: S.any, sbxq: S.any, sbxxdz: S.any, jyyq: S.any, xlyq: S.any, zprs: S.any, fllist, gwms: S.any, ssbm: S.any, gwlbo: S.any, gwlbt: S.any, gwlb: S.any }),
  }),
  note: '§2.4: header userId; the client reads qyDwgwfbxx, not gwxxxqQzVO (the inventory column names both)',
});
add('GET /api/qz/qzgrjbxx/getHrInfoByGw', { shape: envelope({ hrInfo: S.obj({ hrid: S.any, xm: S.any, zw: S.any }) }) });
add('GET /api/qz/qzgrjbxx/info', {
  shape: envelope({
    qzGrjbxx: S.obj(Object.fromEntries(
      ['qzbsid', 'xm', 'xbm', 'nl', 'zgxl', 'gznx', 'dqszs', 'dqszcs', 'dqszxq', 'qzzt', 'sj', 'yx', 'jlUpdateTime', 'csrq', 'mzdm', 'hyzk', 'zzmm', 'sg', 'cjgzny', 'zgxx', 'zgzy', 'sfzjh', 'sfxs', 'zwpj', 'jgdms', 'jgdmcs', 'wsd', 'txid'].map((k) => [k, S.any]),
    )),
  }),
  note: '§8 (the demo seeker has a profile, so not null)',
});
add('GET /api/qz/qzgrjbxx/myBaseInfo', {
  shape: envelope({ qzGrjbxxBase: S.obj({ xm: S.any, phone: S.any, xbm: S.any, qzzt: S.any, wsd: S.num, tdjlCount: S.any, sxhscs: S.any, gwscCount: S.any, txid: S.any, yx: S.any, wx: S.any }) }),
});
add('POST /api/qz/qzgrjbxx/recEveryWeek', {});
/** a seeker whose résumé was last refreshed yesterday (registering counts as today's refresh) */
const refreshedYesterday = async (c: Ctx) => {
  const s = await freshSeeker(c);
  await c.db.execute(sql`update seeker_profiles set refreshed_at = now() - interval '1 day' where user_id = ${s.userId}`);
  return s;
};
add('POST /api/qz/qzgrjbxx/refreshDaily', { setup: refreshedYesterday, token: (_c, f) => f.token });
add('GET /api/qz/qzgrjbxx/refreshDaily', { setup: refreshedYesterday, token: (_c, f) => f.token });
add('POST /api/qz/qzgrjbxx/save', {
  setup: async (c) => c.srv.registerSeeker(uniquePhone()),
  token: (_c, f) => f.token,
  body: (c) => ({ xm: '王小红', xbm: 'xb_002', csrq: '1999-03-08', dqszs: c.place.province, dqszcs: c.place.city, yx: 'xiaohong@example.com' }),
  note: 'a new seeker\'s first profile; request column empty (a form object)',
});
add('GET /api/qz/qzgrjbxx/statistics', { shape: envelope({ jlckcs: S.any, jlsccs: S.any, jlxzcs: S.any }), note: '§4.1: top-level counts' });
add('POST /api/qz/qzgrjbxx/update', { setup: async (c) => freshSeeker(c), token: (_c, f) => f.token, body: () => ({ zwpj: '认真负责，善于沟通' }) });
const seekingState = (c: Ctx) => c.code(['m_qzzt', 'm_qzztdm']);
add('GET /api/qz/qzgrjbxx/updateQzzt/ + Jobstatus', { setup: async (c) => freshSeeker(c), token: (_c, f) => f.token, path: (c) => `/api/qz/qzgrjbxx/updateQzzt/${seekingState(c)}` });
add('GET /api/qz/qzgrjbxx/updateQzzt/ + status', {
  setup: async (c) => freshSeeker(c),
  token: (_c, f) => f.token,
  path: (c) => `/api/qz/qzgrjbxx/updateQzzt/${seekingState(c)}`,
  shape: envelope({ qzzt: S.any }),
});

// /api/qz/qzgssc: followed companies
add("POST /api/qz/qzgssc/list/ + that.currentPage +'/'+ that.pageSize", { path: () => '/api/qz/qzgssc/list/1/10' });
const followedBy = async (c: Ctx) => {
  const s = await freshSeeker(c);
  await c.srv.call(`/api/qz/qzgssc/sc/${c.company}`, { token: s.token, method: 'POST' });
  return s;
};
for (const expr of [' + dwid', '${item.dwid}', '${this.$route.query.dwid}']) {
  add(`POST /api/qz/qzgssc/qxsc/${expr}`, {
    setup: followedBy,
    token: (_c, f) => f.token,
    path: (c) => `/api/qz/qzgssc/qxsc/${c.company}`,
  });
}
for (const expr of ['${item.dwid}', '${this.$route.query.dwid}']) {
  add(`POST /api/qz/qzgssc/sc/${expr}`, { setup: async (c) => freshSeeker(c), token: (_c, f) => f.token, path: (c) => `/api/qz/qzgssc/sc/${c.company}` });
}

// /api/qz/qzgwsc: saved jobs (§2.7)
add("POST /api/qz/qzgwsc/list/ + that.currentPage +'/'+ that.pageSize", {
  form: 'both',
  path: () => '/api/qz/qzgwsc/list/1/10',
  params: () => ({ qdid: '' }),
  // Hunter_collect.vue formats sxsj (the job's date) with moment
  shape: envelope({ page: filledPage(S.obj({ dwid: S.any, gwid: S.any, gwmc: S.any, dwmc: S.any, dwxz: S.any, dwgm: S.any, gwyx: S.any, jyyq: S.any, xlyq: S.any, qdid: S.any, sxsj: S.dateTime })) }),
  note: 'qdid: value unknown, sent empty',
});
add('POST /api/qz/qzgwsc/plsc', { setup: async (c) => freshSeeker(c), token: (_c, f) => f.token, body: (c) => [{ gwid: c.job, dwid: c.company }], note: 'body:comArr: {gwid, dwid} of the chosen jobs' });
const savedJobBy = async (c: Ctx) => {
  const s = await freshSeeker(c);
  await c.srv.call(`/api/qz/qzgwsc/sc/${c.company}/${c.job}`, { token: s.token, method: 'POST' });
  return s;
};
add("POST /api/qz/qzgwsc/qxsc/ + dwid+'/'+gwid", { form: 'both', setup: savedJobBy, token: (_c, f) => f.token, path: (c) => `/api/qz/qzgwsc/qxsc/${c.company}/${c.job}`, params: () => ({ qdid: '' }) });
add('POST /api/qz/qzgwsc/qxsc/${gsid}/${gwid}', { form: 'both', setup: savedJobBy, token: (_c, f) => f.token, path: (c) => `/api/qz/qzgwsc/qxsc/${c.company}/${c.job}`, params: () => ({ qdid: '' }) });
add('POST /api/qz/qzgwsc/sc/${gsid}/${gwid}', {
  form: 'both',
  setup: async (c) => freshSeeker(c),
  token: (_c, f) => f.token,
  path: (c) => `/api/qz/qzgwsc/sc/${c.company}/${c.job}`,
  params: () => ({ qdid: '' }),
  note: '§2.5: gsid is the booth job\'s bsid; the enterprise id stands in',
});

// résumé sections (§8): list on the demo seeker; save / update / delete on a seeker of their own
for (const section of Object.keys(sectionListKey)) {
  const idField = sectionId[section];
  const listedWithFields = ['qzgzjl', 'qzjyjl', 'qzqzyx'].includes(section);
  // the demo seeker's résumé has entries in every section but patents
  const list = section === 'qzzlxx' ? S.arr(sectionItem[section]) : S.rows(sectionItem[section]);
  add(`GET /api/qz/${section}/list`, { shape: envelope({ [sectionListKey[section]]: list }) });
  add(`GET /api/qz/${section}/delete/ + item.${idField}`, {
    setup: async (c) => {
      const s = await seekerFor(c);
      return { s, id: await savedEntry(c, s.token, section) };
    },
    token: (_c, f) => f.s.token,
    path: (_c, f) => `/api/qz/${section}/delete/${f.id}`,
  });
  add(`POST /api/qz/${section}/save`, {
    setup: async (c) => seekerFor(c),
    token: (_c, f) => f.token,
    ...(listedWithFields ? { form: 'both' as const, params: (c: Ctx) => sectionSample(c, section) } : { body: (c: Ctx) => sectionSample(c, section) }),
    note: listedWithFields ? 'fields listed by the inventory: sent both ways' : 'request column empty (a form object): our contract\'s fields',
  });
  add(`POST /api/qz/${section}/update`, {
    setup: async (c) => {
      const s = await seekerFor(c);
      return { s, id: await savedEntry(c, s.token, section) };
    },
    token: (_c, f) => f.s.token,
    body: (c, f) => ({ ...sectionSample(c, section), [idField]: f.id }),
  });
}
add('POST /api/qz/qzjyjl/list', { shape: ok });

// /api/qz/qzjldz: the generated (电子) résumé
add('GET /api/qz/qzjldz/preViewDocx', {
  shape: S.str,
  note: 'a download: the .docx bytes (after the redirect to the file\'s signed link), not JSON; the client reads no field',
});
add('GET /api/qz/qzjldz/save', {});

// /api/qz/qzjrhxdtjl
add('POST /api/qz/qzjrhxdtjl/joinHxDt', { form: 'query', shape: ok, note: '§3.3: presence ping, reply ignored' });

// /api/qz/qzpbdw: shielded companies (a seeker of their own: shielding hides the demo jobs)
add('GET /api/qz/qzpbdw/delete/ + that.dwid', {
  setup: async (c) => {
    const s = await freshSeeker(c);
    await c.srv.call(`/api/qz/qzpbdw/save/${c.company}`, { token: s.token });
    return s;
  },
  token: (_c, f) => f.token,
  path: (c) => `/api/qz/qzpbdw/delete/${c.company}`,
});
add('GET /api/qz/qzpbdw/list', {});
add('GET /api/qz/qzpbdw/save/ + that.gsid', { setup: async (c) => freshSeeker(c), token: (_c, f) => f.token, path: (c) => `/api/qz/qzpbdw/save/${c.company}` });

// /api/qz/qzxxtx: messages (§1.2 categories xx_001…)
add("POST /api/qz/qzxxtx/list/ + activeName+'/1/'+'10'", { path: () => '/api/qz/qzxxtx/list/xx_001/1/10', note: 'activeName: a category of §1.2 (xx_001 system)' });
add('POST /api/qz/qzxxtx/markReadBatch', {
  setup: async (c) => one<{ id: string }>(c.db, sql`select id::text as id from notifications where user_id = ${c.seeker} order by id limit 1`),
  body: (_c, f) => (f ? [f.id] : []),
});

// /api/qz/qzyxdw: target companies
add('GET /api/qz/qzyxdw/delete/ + row.bsid', {
  setup: async (c) => {
    const s = await freshSeeker(c);
    await c.srv.call('/api/qz/qzyxdw/save', { token: s.token, body: [c.company] });
    const row = await one<{ id: string }>(c.db, sql`select id::text as id from seeker_target_companies where user_id = ${s.userId} limit 1`);
    if (!row) throw new Error('no target company saved');
    return { s, id: row.id };
  },
  token: (_c, f) => f.s.token,
  path: (_c, f) => `/api/qz/qzyxdw/delete/${f.id}`,
});
add('GET /api/qz/qzyxdw/list', {});
add('POST /api/qz/qzyxdw/save/', { setup: async (c) => freshSeeker(c), token: (_c, f) => f.token, body: (c) => [c.company], note: 'body:arr: enterprise ids' });

// /api/qz/systemhxlogs (§5: no token)
add('GET /api/qz/systemhxlogs/list', { role: null, params: () => ({ page: 1, limit: 30 }), shape: envelope({ page: S.obj({ list: S.arr(S.obj({ createTime: S.oneOf('string or number', S.str, S.num), lgnr: S.str })) }) }) });

// /api/sec/pc (§7, §8)
const loginReply = envelope({ token: S.str, roleId: S.oneOf('string or number', S.str, S.num), userId: S.str });
add('POST /api/sec/pc/deleteLoginLog', {
  role: 'hr',
  setup: async (c) => {
    await session(c.srv, 'hr', '13800000002');
    return one<{ id: string }>(c.db, sql`select id::text as id from login_log where user_id = ${c.demo.hr.userId} order by id desc limit 1`);
  },
  body: (_c, f) => [f!.id],
  note: 'body:bsids: ids of the HR\'s own login records',
});
const resetPassword = (kind: 'Qz' | 'Hr'): Case<{ phone: string; code: string }> => ({
  role: null,
  setup: async (c: Ctx) => {
    const phone = uniquePhone();
    if (kind === 'Qz') await c.srv.registerSeeker(phone);
    else await c.srv.registerHr(phone);
    // the one-code-a-minute rule counts the registration code: this phone's reset code is the next one
    await c.db.execute(sql`delete from sms_codes where phone = ${phone}`);
    const sent = await c.srv.call('/api/sec/pc/getBackPwdValidateCode', { query: { phone } });
    if (sent.body.code !== 0) throw new Error(`reset code not sent: ${JSON.stringify(sent.body)}`);
    return { phone, code: smsCode(c, phone) };
  },
  params: (_c, f) => ({ phone: f.phone, pwd: md5('newsecret456'), validateCode: f.code }),
});
add('GET /api/sec/pc/getBackPwdHr', resetPassword('Hr'));
add('GET /api/sec/pc/getBackPwdQz', resetPassword('Qz'));
/** a registered seeker whose registration code does not hold back the next code (one a minute) */
const seekerReadyForCode = async (c: Ctx) => {
  const s = await freshSeeker(c);
  await c.db.execute(sql`delete from sms_codes where phone = ${s.phone}`);
  return s;
};
add('GET /api/sec/pc/getBackPwdValidateCode', { role: null, setup: seekerReadyForCode, params: (_c, f) => ({ phone: f.phone }) });
add('GET /api/sec/pc/getLoginLog', {
  role: 'hr',
  params: () => ({ page: 1, limit: 10 }),
  shape: envelope({ loginLog: filledPage(S.obj({ bsid: S.any, dlip: S.any, dlsj: S.any, dlllq: S.any, dlsm: S.lit('101', '201', '301'), dlzt: S.lit('101', '102') })) }),
  note: '§8 (Enter_login); startDate/endDate unset',
});
add('GET /api/sec/pc/loginValidateCode', { role: null, setup: seekerReadyForCode, params: (_c, f) => ({ phone: f.phone }) });
add('POST /api/sec/pc/logonHr', {
  role: null,
  form: 'body',
  params: () => ({ phone: '13800000002', pwd: md5('zp123456'), logintype: 0, validatecode: '' }),
  shape: loginReply,
  note: '§7 password form',
});
add('POST /api/sec/pc/logonQz', {
  role: null,
  form: 'body',
  setup: async (c) => {
    const s = await freshSeeker(c);
    await c.db.execute(sql`delete from sms_codes where phone = ${s.phone}`);
    const sent = await c.srv.call('/api/sec/pc/loginValidateCode', { query: { phone: s.phone } });
    if (sent.body.code !== 0) throw new Error(`login code not sent: ${JSON.stringify(sent.body)}`);
    return { phone: s.phone, code: smsCode(c, s.phone) };
  },
  params: (_c, f) => ({ phone: f.phone, pwd: '', logintype: 1, validatecode: f.code }),
  shape: loginReply,
  note: '§7 SMS form (the default tab)',
});
const registerCode = async (c: Ctx) => {
  const phone = uniquePhone();
  const sent = await c.srv.call('/api/sec/pc/registerValidateCode', { query: { phone } });
  if (sent.body.code !== 0) throw new Error(`register code not sent: ${JSON.stringify(sent.body)}`);
  return { phone, code: smsCode(c, phone) };
};
add('POST /api/sec/pc/registerHr', {
  role: null,
  setup: registerCode,
  body: (_c, f) => ({ phone: f.phone, pwd: md5('secret123'), validateCode: f.code, xm: '孙招聘', zw: 's_001' }),
  note: 'request column empty (the Qyreg form): our contract\'s fields',
});
add('POST /api/sec/pc/registerQz', { role: null, form: 'both', setup: registerCode, params: (_c, f) => ({ phone: f.phone, pwd: md5('secret123'), validateCode: f.code }) });
add('GET /api/sec/pc/registerValidateCode', { role: null, params: () => ({ phone: uniquePhone() }) });

// /api/sec/secuser (a seeker of their own: these change the account)
add('POST /api/sec/secuser/changeEmail', { form: 'both', setup: async (c) => freshSeeker(c), token: (_c, f) => f.token, params: () => ({ email: 'new.mail@example.com' }) });
add('GET /api/sec/secuser/checkPhoneCode', {
  setup: async (c) => {
    const s = await freshSeeker(c);
    await c.db.execute(sql`delete from sms_codes where phone = ${s.phone}`);
    const newPhone = uniquePhone();
    await c.srv.call('/api/sec/secuser/sendOldPhoneCode', { token: s.token });
    await c.srv.call('/api/sec/secuser/sendNewPhoneCode', { token: s.token, query: { phone: newPhone } });
    return { s, newPhone, oldCode: smsCode(c, s.phone), newCode: smsCode(c, newPhone) };
  },
  token: (_c, f) => f.s.token,
  params: (_c, f) => ({ newPhone: f.newPhone, newValidateCode: f.newCode, oldValidateCode: f.oldCode }),
});
add('GET /api/sec/secuser/sendNewPhoneCode', { setup: async (c) => freshSeeker(c), token: (_c, f) => f.token, params: () => ({ phone: uniquePhone() }) });
add('GET /api/sec/secuser/sendOldPhoneCode', {
  setup: async (c) => {
    const s = await freshSeeker(c);
    await c.db.execute(sql`delete from sms_codes where phone = ${s.phone}`);
    return s;
  },
  token: (_c, f) => f.token,
});
add('GET /api/sec/secuser/updatePwd', { setup: async (c) => freshSeeker(c), token: (_c, f) => f.token, params: () => ({ oldPwd: md5('secret123'), newPwd: md5('newsecret456') }) });

// /api/sec/token (§7)
add('POST /api/sec/token/refreshToken/${token}', {
  setup: async (c) => session(c.srv, 'qz', '13800000001'),
  token: (_c, f) => f.token,
  path: (_c, f) => `/api/sec/token/refreshToken/${f.token}`,
  shape: envelope({ token: S.str }),
  note: 'a session of its own (a refresh may end the old token)',
});

// /api/xs/app (§2.1)
add('POST /api/xs/app/rc/save', {
  form: 'both',
  params: (c) => ({ hxid: c.fair, qzzid: c.seeker }),
  note: 'a seeker registering into the fair\'s talent pool: the seeker\'s own call (qzzid is the caller)',
});
add('POST /api/xs/app/search/gwpc', {
  form: 'query',
  params: () => ({ key: '', orderField: '', limit: 27, page: 1 }),
  shape: envelope({
    page: filledPage(S.obj({
      bsid: S.any, gwid: S.any, dwid: S.any, gwmc: S.any, dwmc: S.any, sbsf: S.any, sbcs: S.any, sbxxdz: S.any, gwyx: S.any, gwfbsj: S.str, jyyq: S.any, xlyq: S.any, dwsshy: S.any, dwgm: S.any,
      gwfl: S.arr(S.str),
    })),
  }),
  note: '§2.1: filters unset, orderField \'\', page size 27 (the column\'s "asc limit: that.search.pageSiz" is a mangled limit)',
});
add('GET /api/xs/app/search/gwrc', {
  role: 'hr',
  params: (c) => ({ dwid: c.company, gwid: c.job, limit: 10, page: 1, orderField: '' }),
  note: 'talents matching a job: its enterprise\'s HR asks (talent search is HR\'s), not a seeker',
});
add('GET /api/xs/app/search/rc', {
  role: 'hr',
  params: () => ({ key: '', orderField: '', page: 1, limit: 10 }),
  // PersonalSearch.vue prints xm (masked as the hall does: 李先生) and decodes xl with m_xldm
  shape: envelope({ page: filledPage(S.obj({ qzbsid: S.any, xm: { t: 'pattern', re: /^\S(先生|女士)$/, label: 'a surname and 先生/女士' }, xl: optCode })) }),
  note: 'the other filters unset',
});

// /api/xs/business (§3.1)
add('POST /api/xs/business/hxxx/queryHxListJs', {
  form: 'query',
  params: (c) => ({ pxfs: '', userId: c.demo.qz.userId, roleId: c.demo.qz.roleId, limit: 27, page: 1 }),
  shape: envelope({ page: filledPage(fairRow) }),
  note: '§3.1 (hysf, sfxs, hylx, kssj, jssj, hymc unset)',
});

// /api/xs/notice (§0: getNoticeDetails answers under data)
add('POST /api/xs/notice/getNoticeDetails', {
  role: null,
  form: 'both',
  setup: async (c) => one<{ id: string }>(c.db, sql`select id::text as id from notices where published order by id limit 1`),
  params: (_c, f) => ({ bsid: f!.id }),
  // Noticedetail.vue decodes zxly with findDmMap.m_zxlydm
  shape: envelope({ data: S.obj({ zxly: optCode }) }),
});
add('POST /api/xs/notice/getNoticeMsgWeb', { role: null, form: 'both', params: () => ({ page: 1, limit: 10 }), shape: envelope({ page: filledPage(S.obj({ bsid: S.any, title: S.any, zxly: optCode })) }) });

// /imapi (§3.3: no code check; r.data; the client sends these without its token)
add('POST /imapi/api/meet/online', { role: null, form: 'query', params: (c) => ({ hxid: c.fair, type: 1 }), shape: ok, note: '§3.3: the IM calls carry no token; reply ignored, but it must not be refused' });
add('POST /imapi/api/meet/onlineCount', { role: null, form: 'query', params: (c) => ({ hxid: c.fair, type: 1 }), shape: S.obj({ data: S.num }) });
add('POST /imapi/api/meet/onlineDw', { role: null, body: (c) => [c.company], shape: S.obj({ data: S.arr() }), note: '§3.3: data = the online ones of dwid[]; hxdttj/page.* of the column are other hall calls' });
add('POST /imapi/api/user/online', { role: null, form: 'query', params: (c) => ({ userid: c.demo.qz.userId }), shape: ok, note: '§3.3: the IM calls carry no token; reply ignored, but it must not be refused' });
add('POST /imapi/api/users/online', { role: null, body: (c) => [c.seeker], shape: S.obj({ data: S.arr() }), note: '§3.3: data = the online ones of qzbsid[] (no token, as the IM calls go: only HR presence is public)' });

export const CASES: Readonly<Record<string, Case>> = C;

/** The role whose page makes a call when the case does not say. */
function defaultRole(call: InventoryCall): Role | null {
  if (call.path.startsWith('/api/hr/dm/')) return null;
  if (call.path.startsWith('/api/hr/')) return 'hr';
  return 'qz';
}

/** Builds the request of a call: the case's choices over the inventory's conventions. */
export async function buildRequest(c: Ctx, call: InventoryCall, k: Case): Promise<Request> {
  const f = k.setup ? await k.setup(c) : undefined;
  const role = k.role === undefined ? defaultRole(call) : k.role;
  const token = k.token ? k.token(c, f) : role ? c.demo[role].token : null;
  const listed = call.request.filter((r) => !r.startsWith('body:') && !r.startsWith('q:') && !r.includes(' '));
  const given = k.params?.(c, f) ?? {};
  const values: Record<string, unknown> = {};
  for (const name of listed) values[name] = name in given ? given[name] : defaultParam(name, c, role);
  for (const [name, v] of Object.entries(given)) values[name] = v; // q:params and the case's own
  for (const [name, v] of Object.entries(values)) if (v === undefined) delete values[name];

  if (/\$\{|\s\+\s|\/\d{12,}$/.test(call.path) && !k.path) throw new Error(`no path filler for ${call.path}`);
  const path = k.path ? k.path(c, f) : call.path;
  // a POST's listed names whose form the shapes file does not fix go both ways (see the header)
  const form: Form = k.form ?? (call.method === 'GET' ? 'query' : 'both');
  const req: Request = { token, path, headers: k.headers?.(c, f) };
  if (form === 'query' || form === 'both') req.query = values;
  if (form === 'body') req.body = values;
  if (form === 'both' && Object.keys(values).length) req.body = values;
  if (k.body) req.body = k.body(c, f);
  if (call.request.some((r) => r.startsWith('body:')) && req.body === undefined) throw new Error(`no body for ${call.path}`);
  return req;
}

