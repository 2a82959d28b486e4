import { Type, type TSchema } from '@sinclair/typebox';
import { route, replyOf } from './define.js';

/**
 * Code tables (spec section 7): regions, three-level job categories and the general lists.
 * Lists carry only the items that may be chosen now; maps also keep disabled items, so that a
 * code stored on an older record still shows its name.
 */

/** dm: code; mc: name */
export const CodeItem = Type.Object({
  /** dm: 代码 */
  dm: Type.String(),
  /** mc: 名称 */
  mc: Type.String(),
});

export const CityItem = Type.Object({
  dm: Type.String(),
  mc: Type.String(),
  /** sfdm: 省份代码 of the province the city belongs to */
  sfdm: Type.String(),
});

export const DistrictItem = Type.Object({
  dm: Type.String(),
  mc: Type.String(),
  /** ssdm: 城市代码 of the city the district belongs to */
  ssdm: Type.String(),
});

/** A second- or third-level job category. */
export const SubCategoryItem = Type.Object({
  dm: Type.String(),
  mc: Type.String(),
  /** sjdm: 上级代码, the parent category */
  sjdm: Type.String(),
});

/** code → name */
export const CodeMap = Type.Record(Type.String(), Type.String());

/** The general code tables served by findDmList / findDmMap, keyed by table name. */
export const GENERAL_CODE_TABLES = [
  'm_xbdm', // 性别 gender
  'm_xldm', // 学历 education
  'm_gzjydm', // 工作经验 work experience
  'm_dwxzdm', // 单位性质 company ownership
  'm_dwsshydm', // 单位所属行业 industry
  'm_dwgmdm', // 单位规模 company size
  'm_gzxzdm', // 工作性质 full-time / part-time / internship
  'm_xzfwdm', // 薪资范围 salary range
  'm_hyktdm', // 会场类型 job-fair kind
  'm_zxlbdm', // 资讯类别 notice category
  'm_zzmmdm', // 政治面貌 political status
  'm_qzztdm', // 求职状态 job-seeking state
  'm_yzdm', // 语种 language
  'm_yyspdm', // 语言水平 language proficiency
  'm_hyzkdm', // 婚姻状况 marital status
  'm_mzdm', // 民族 ethnic group (GB/T 3304 order)
  'm_zcdm', // 职称 professional title
] as const;
export type GeneralCodeTable = (typeof GENERAL_CODE_TABLES)[number];

const get = <R extends TSchema>(url: string, summary: string, reply: R) =>
  route({ method: 'GET', url: `/api/hr/dm/${url}`, summary, access: 'public', tags: ['codes'], reply });

export const codesApi = {
  provinceList: get('findSfList', '省份列表', replyOf({ sfList: Type.Array(CodeItem) })),
  provinceMap: get('findSfMap', '省份代码→名称', replyOf({ sfMap: CodeMap })),
  cityList: get('findSsList', '城市列表（含所属省份）', replyOf({ ssList: Type.Array(CityItem) })),
  cityMap: get('findSsMap', '城市代码→名称', replyOf({ ssMap: CodeMap })),
  districtList: get('findSqListAll', '区县列表（含所属城市）', replyOf({ sqList: Type.Array(DistrictItem) })),
  districtMap: get('findSqMapAll', '区县代码→名称', replyOf({ sqMap: CodeMap })),
  categoryOneList: get('findGwlbOneList', '一级岗位类别列表', replyOf({ gwlbList: Type.Array(CodeItem) })),
  categoryOneMap: get('findGwlbOneMap', '一级岗位类别代码→名称', replyOf({ gwlbMap: CodeMap })),
  categoryTwoList: get('findGwlbOtList', '二级岗位类别列表', replyOf({ gwlbotList: Type.Array(SubCategoryItem) })),
  categoryTwoMap: get('findGwlbOtMap', '二级岗位类别代码→名称', replyOf({ gwlbotMap: CodeMap })),
  categoryThreeList: get('findGwlbThListAll', '三级岗位类别列表', replyOf({ gwlbthList: Type.Array(SubCategoryItem) })),
  categoryThreeMap: get('findGwlbThMapAll', '三级岗位类别代码→名称', replyOf({ gwlbthMap: CodeMap })),
  /** dmMapList: table name → items */
  generalLists: get('findDmList', '通用代码表列表', replyOf({ dmMapList: Type.Record(Type.String(), Type.Array(CodeItem)) })),
  /** dmMap: table name → (code → name) */
  generalMaps: get('findDmMap', '通用代码表代码→名称', replyOf({ dmMap: Type.Record(Type.String(), CodeMap) })),
};
