import { codesApi } from './routes.gen.js';
import type { Client } from './client.js';
import type { GeneralCodeTable } from './contract/index.js';

/**
 * The one reader of the code tables (/api/hr/dm/*), for the site and the widgets alike. Items are
 * {dm, name}; child lists come grouped by their parent's code and child maps nested under it, as
 * the server sends them (the previous client's shapes), so cascades build from them directly.
 */

export type CodeItem = { dm: string; name: string };
/** parent code → children */
export type Grouped = Record<string, CodeItem[]>;
/** parent code → (code → name) */
export type Nested = Record<string, Record<string, string>>;

/** Every table a page's islands use, as the server sends it. */
export interface CodeTables {
  /** dmMapList: general table → items that may be chosen */
  lists: Grouped;
  /** dmMap: general table → (code → name), retired codes too */
  maps: Nested;
  /** sfList */
  provinces: CodeItem[];
  /** ssList: province → its cities */
  cities: Grouped;
  /** sfMap */
  provinceMap: Record<string, string>;
  /** ssMap: province → (city → name) */
  cityMap: Nested;
  /** gwlbList */
  categoriesOne: CodeItem[];
  /** gwlbotList: level 1 → its level-2 categories */
  categoriesTwo: Grouped;
  /** gwlbthList: level 2 → its level-3 categories */
  categoriesThree: Grouped;
  /** gwlbMap, gwlbotMap, gwlbthMap */
  categoryOneMap: Record<string, string>;
  categoryTwoMap: Nested;
  categoryThreeMap: Nested;
}

// Each code table as the server sends it, read with the caller's client (the page's or the
// request's). One function per table, not one object of them, so a bundle keeps only the
// readers it calls (<zp-job-fairs> reads one table).

/** dmMapList: general table → items that may be chosen */
export const readGeneralLists = (api: Client): Promise<Grouped> => api.call(codesApi.generalLists).then((r) => r.dmMapList);
/** dmMap: general table → (code → name), retired codes too */
export const readGeneralMaps = (api: Client): Promise<Nested> => api.call(codesApi.generalMaps).then((r) => r.dmMap);
export const readProvinces = (api: Client): Promise<CodeItem[]> => api.call(codesApi.provinceList).then((r) => r.sfList);
export const readProvinceMap = (api: Client): Promise<Record<string, string>> => api.call(codesApi.provinceMap).then((r) => r.sfMap);
/** ssList: province → its cities */
export const readCities = (api: Client): Promise<Grouped> => api.call(codesApi.cityList).then((r) => r.ssList);
export const readCityMap = (api: Client): Promise<Nested> => api.call(codesApi.cityMap).then((r) => r.ssMap);
/** sqList: city → its districts (a large table: load it when a form needs it) */
export const readDistricts = (api: Client): Promise<Grouped> => api.call(codesApi.districtList).then((r) => r.sqList);
export const readCategoriesOne = (api: Client): Promise<CodeItem[]> => api.call(codesApi.categoryOneList).then((r) => r.gwlbList);
export const readCategoriesTwo = (api: Client): Promise<Grouped> => api.call(codesApi.categoryTwoList).then((r) => r.gwlbotList);
export const readCategoriesThree = (api: Client): Promise<Grouped> => api.call(codesApi.categoryThreeList).then((r) => r.gwlbthList);
export const readCategoryOneMap = (api: Client): Promise<Record<string, string>> => api.call(codesApi.categoryOneMap).then((r) => r.gwlbMap);
export const readCategoryTwoMap = (api: Client): Promise<Nested> => api.call(codesApi.categoryTwoMap).then((r) => r.gwlbotMap);
export const readCategoryThreeMap = (api: Client): Promise<Nested> => api.call(codesApi.categoryThreeMap).then((r) => r.gwlbthMap);

export async function loadCodeTables(api: Client): Promise<CodeTables> {
  const [lists, maps, provinces, cities, provinceMap, cityMap, categoriesOne, categoriesTwo, categoriesThree, categoryOneMap, categoryTwoMap, categoryThreeMap] =
    await Promise.all([
      readGeneralLists(api), readGeneralMaps(api), readProvinces(api), readCities(api), readProvinceMap(api), readCityMap(api),
      readCategoriesOne(api), readCategoriesTwo(api), readCategoriesThree(api), readCategoryOneMap(api), readCategoryTwoMap(api), readCategoryThreeMap(api),
    ]);
  return { lists, maps, provinces, cities, provinceMap, cityMap, categoriesOne, categoriesTwo, categoriesThree, categoryOneMap, categoryTwoMap, categoryThreeMap };
}

/** code → name over every parent of a nested map (codes are unique across parents). */
export function flatten(nested: Nested | null | undefined): Record<string, string> {
  return Object.assign({}, ...Object.values(nested ?? {}));
}

/** child code → parent code of a grouped list. */
export function parentsOf(grouped: Grouped): Map<string, string> {
  const m = new Map<string, string>();
  for (const [parent, items] of Object.entries(grouped)) for (const it of items) m.set(it.dm, parent);
  return m;
}

/** Code → name look-ups for server rendering; unknown codes read as ''. */
export interface CodeNames {
  /** A general table: name('m_dwsshydm', 'hy_04') → '教育'. */
  name(table: GeneralCodeTable, code: string | undefined): string;
  city(code: string | undefined): string;
  province(code: string | undefined): string;
  /** A job category of any level. */
  category(code: string | undefined): string;
  /** The loaded maps themselves ({} for parts not loaded); city: city code → name. */
  maps: { general: Record<string, Record<string, string>>; city: Record<string, string> };
}

export type CodePart = 'general' | 'city' | 'province' | 'category';
const ALL_PARTS: CodePart[] = ['general', 'city', 'province', 'category'];

/** Loads the look-ups a page needs (every part by default); a part not loaded names nothing. */
export async function loadCodeNames(api: Client, parts: CodePart[] = ALL_PARTS): Promise<CodeNames> {
  const want = (p: CodePart) => parts.includes(p);
  const none = Promise.resolve(null);
  const [general, cityMap, provinces, c1, c2, c3] = await Promise.all([
    want('general') ? readGeneralMaps(api) : none,
    want('city') ? readCityMap(api) : none,
    want('province') ? readProvinceMap(api) : none,
    want('category') ? readCategoryOneMap(api) : none,
    want('category') ? readCategoryTwoMap(api).then(flatten) : none,
    want('category') ? readCategoryThreeMap(api).then(flatten) : none,
  ]);
  const cities = cityMap ? flatten(cityMap) : null;
  const pick = (map: Record<string, string> | null | undefined, code: string | undefined) => (code && map?.[code]) || '';
  return {
    name: (table, code) => pick(general?.[table], code),
    city: (code) => pick(cities, code),
    province: (code) => pick(provinces, code),
    category: (code) => pick(c3, code) || pick(c2, code) || pick(c1, code),
    maps: { general: general ?? {}, city: cities ?? {} },
  };
}
