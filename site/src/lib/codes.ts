import { codesApi } from '@zp/core/routes';
import type { Client } from '@zp/core/client';
import type { GeneralCodeTable } from '@zp/core/contract';

/**
 * The one reader of the code tables (/api/hr/dm/*) for the site: server-rendered pages call the
 * loaders below with their request's client, islands go through components/seeker/codes.ts, which
 * calls loadCodeTables once per page. Items are {dm, name}; child lists come grouped by their
 * parent's code and child maps nested under it, as the server sends them.
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

export async function loadCodeTables(api: Client): Promise<CodeTables> {
  const [lists, maps, sf, ss, sfMap, ssMap, one, two, three, oneMap, twoMap, threeMap] = await Promise.all([
    api.call(codesApi.generalLists),
    api.call(codesApi.generalMaps),
    api.call(codesApi.provinceList),
    api.call(codesApi.cityList),
    api.call(codesApi.provinceMap),
    api.call(codesApi.cityMap),
    api.call(codesApi.categoryOneList),
    api.call(codesApi.categoryTwoList),
    api.call(codesApi.categoryThreeList),
    api.call(codesApi.categoryOneMap),
    api.call(codesApi.categoryTwoMap),
    api.call(codesApi.categoryThreeMap),
  ]);
  return {
    lists: lists.dmMapList,
    maps: maps.dmMap,
    provinces: sf.sfList,
    cities: ss.ssList,
    provinceMap: sfMap.sfMap,
    cityMap: ssMap.ssMap,
    categoriesOne: one.gwlbList,
    categoriesTwo: two.gwlbotList,
    categoriesThree: three.gwlbthList,
    categoryOneMap: oneMap.gwlbMap,
    categoryTwoMap: twoMap.gwlbotMap,
    categoryThreeMap: threeMap.gwlbthMap,
  };
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
    want('general') ? api.call(codesApi.generalMaps).then((r) => r.dmMap) : none,
    want('city') ? api.call(codesApi.cityMap).then((r) => r.ssMap) : none,
    want('province') ? api.call(codesApi.provinceMap).then((r) => r.sfMap) : none,
    want('category') ? api.call(codesApi.categoryOneMap).then((r) => r.gwlbMap) : none,
    want('category') ? api.call(codesApi.categoryTwoMap).then((r) => flatten(r.gwlbotMap)) : none,
    want('category') ? api.call(codesApi.categoryThreeMap).then((r) => flatten(r.gwlbthMap)) : none,
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

export interface Option {
  value: string;
  label: string;
}

/** Choices of general tables, for filters. */
export async function loadCodeLists(api: Client): Promise<Record<string, Option[]>> {
  const { dmMapList } = await api.call(codesApi.generalLists);
  // A table's own 不限 entry would stand beside the filter's 不限 (no filter): it goes.
  return Object.fromEntries(Object.entries(dmMapList).map(([table, items]) => [table, items.filter((i) => i.name !== '不限').map((i) => ({ value: i.dm, label: i.name }))]));
}

/** A province with its cities, for a province → city cascade. */
export interface Province extends Option {
  cities: Option[];
}

export interface Places {
  provinces: Province[];
  /** the cities most people look for, offered before a province is chosen */
  hot: Option[];
  /** a city's province code ('' for an unknown code) */
  provinceOf(city: string): string;
}

/** Hot cities first (the four municipalities and the biggest job markets), by GB/T 2260 code. */
const HOT_CITIES = ['110100', '310100', '440100', '440300', '330100', '320100', '320500', '510100', '420100', '610100', '500100', '120100'];
/** The statistics' name for a province's county-level cities: as a person would call them. */
const countyLevel = (name: string) => (/直辖县级行政区划$/.test(name) ? '直辖县级市' : name);

/** Provinces and their cities for place filters and pickers (each city once, in words a person uses). */
export async function loadPlaces(api: Client): Promise<Places> {
  const [{ sfList }, { ssList }] = await Promise.all([api.call(codesApi.provinceList), api.call(codesApi.cityList)]);
  const provinceOfCity = parentsOf(ssList);
  const cityName = new Map(Object.values(ssList).flatMap((items) => items.map((c) => [c.dm, c.name] as const)));
  const provinces = sfList
    .map((p) => {
      const seen = new Set<string>();
      const cities = (ssList[p.dm] ?? [])
        .filter((c) => !seen.has(c.name) && seen.add(c.name))
        .map((c) => ({ value: c.dm, label: countyLevel(c.name) }));
      return { value: p.dm, label: p.name, cities };
    })
    .filter((p) => p.cities.length > 0);
  const hot = HOT_CITIES.flatMap((code) => {
    const name = cityName.get(code);
    return name ? [{ value: code, label: name }] : [];
  });
  return { provinces, hot, provinceOf: (city) => provinceOfCity.get(city) ?? '' };
}

/**
 * The place a filter form asked for: a province alone, or a city (its province follows from it);
 * a city outside the chosen province is dropped (the province was changed after it).
 */
export function placeQuery(places: Places, params: URLSearchParams): { province: string; city: string } {
  const code = (name: string) => (/^\d{6}$/.test(params.get(name) ?? '') ? params.get(name)! : '');
  let province = code('prov');
  let city = code('city');
  const of = city ? places.provinceOf(city) : '';
  if (city && !of) city = '';
  if (city && !province) province = of;
  if (city && of !== province) city = '';
  if (province && !places.provinces.some((p) => p.value === province)) province = '';
  return { province, city };
}
