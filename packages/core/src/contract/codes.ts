import { Type, type TSchema } from '@sinclair/typebox';
import { route, replyOf } from './define.js';

/**
 * Code tables (spec section 7): regions, three-level job categories and the general lists.
 * Lists carry only the items that may be chosen now; maps also keep disabled items, so that a
 * code stored on an older record still shows its name.
 */

/** dm: code; name: its name. The one item shape of every list (the previous client reads `name`). */
export const CodeItem = Type.Object({
  /** dm: 代码 */
  dm: Type.String(),
  /** name: 名称 */
  name: Type.String(),
});

/** code → name */
export const CodeMap = Type.Record(Type.String(), Type.String());

/** parent code → its children, with an entry (possibly []) for every parent. */
export const GroupedList = Type.Record(Type.String(), Type.Array(CodeItem));

/** parent code → (code → name), with an entry (possibly {}) for every parent. */
export const NestedMap = Type.Record(Type.String(), CodeMap);

/**
 * The general code tables served by findDmList / findDmMap, keyed by table name as the previous
 * client indexes them (every key is present in both replies, an empty table too).
 */
export const GENERAL_CODE_TABLES = [
  'm_xbdm', // 性别 gender: xb_001 男, xb_002 女
  'm_xldm', // 学历 education
  'm_jyyqdm', // 经验要求 work experience
  'm_dwxzdm', // 单位性质 company ownership
  'm_dwsshydm', // 单位所属行业 industry
  'm_dwgmdm', // 单位规模 company size
  'm_gwgzxzdm', // 岗位工作性质 full-time (gx_001) / part-time / internship
  'm_xzdydm', // 薪资待遇 monthly salary range
  'm_gwfldm', // 岗位福利 job perks (职位亮点)
  'm_hyktdm', // 会议类型 job-fair kind (yh_001…), a fair's hylx
  'm_zxlbdm', // 资讯类别 notice category
  'm_zxlydm', // 资讯来源 notice source
  'm_zzmm', // 政治面貌 political status
  'm_qzzt', // 求职状态 job-seeking state (zt_004: looking now, the old client shows 简历已公开)
  'm_dgsjdm', // 到岗时间 earliest start date
  'm_sjfwdm', // 时间范围 résumé search 活跃日期 (sent as hysj)
  'm_yzdm', // 语种 language
  'm_slnldm', // 熟练程度 proficiency (language / skill)
  'm_hyzkdm', // 婚姻状况 marital status (hy_001 未婚)
  'm_mzdm', // 民族 ethnic group (GB/T 3304 order)
  'm_zcdm', // 职称 professional title
  'm_gszwdm', // 公司职务 position in a company
] as const;
export type GeneralCodeTable = (typeof GENERAL_CODE_TABLES)[number];

const get = <R extends TSchema>(url: string, summary: string, reply: R) =>
  route({ method: 'GET', url: `/api/hr/dm/${url}`, summary, access: 'public', tags: ['codes'], reply });

export const codesApi = {
  provinceList: get('findSfList', '省份列表', replyOf({ sfList: Type.Array(CodeItem) })),
  provinceMap: get('findSfMap', '省份代码→名称', replyOf({ sfMap: CodeMap })),
  /** ssList: province code → its cities */
  cityList: get('findSsList', '城市列表（按省份分组）', replyOf({ ssList: GroupedList })),
  /** ssMap: province code → (city code → name) */
  cityMap: get('findSsMap', '城市代码→名称（按省份分组）', replyOf({ ssMap: NestedMap })),
  /** sqList: city code → its districts */
  districtList: get('findSqListAll', '区县列表（按城市分组）', replyOf({ sqList: GroupedList })),
  /** sqMap: city code → (district code → name) */
  districtMap: get('findSqMapAll', '区县代码→名称（按城市分组）', replyOf({ sqMap: NestedMap })),
  categoryOneList: get('findGwlbOneList', '一级岗位类别列表', replyOf({ gwlbList: Type.Array(CodeItem) })),
  categoryOneMap: get('findGwlbOneMap', '一级岗位类别代码→名称', replyOf({ gwlbMap: CodeMap })),
  /** gwlbotList: level-1 code → its level-2 categories */
  categoryTwoList: get('findGwlbOtList', '二级岗位类别列表（按一级分组）', replyOf({ gwlbotList: GroupedList })),
  /** gwlbotMap: level-1 code → (level-2 code → name) */
  categoryTwoMap: get('findGwlbOtMap', '二级岗位类别代码→名称（按一级分组）', replyOf({ gwlbotMap: NestedMap })),
  /** gwlbthList: level-2 code → its level-3 categories */
  categoryThreeList: get('findGwlbThListAll', '三级岗位类别列表（按二级分组）', replyOf({ gwlbthList: GroupedList })),
  /** gwlbthMap: level-2 code → (level-3 code → name) */
  categoryThreeMap: get('findGwlbThMapAll', '三级岗位类别代码→名称（按二级分组）', replyOf({ gwlbthMap: NestedMap })),
  /** dmMapList: table name → items */
  generalLists: get('findDmList', '通用代码表列表', replyOf({ dmMapList: GroupedList })),
  /** dmMap: table name → (code → name) */
  generalMaps: get('findDmMap', '通用代码表代码→名称', replyOf({ dmMap: NestedMap })),
};
