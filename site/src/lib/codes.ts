import { codesApi } from '@zp/core/routes';
import type { Client } from '@zp/core/client';
import type { GeneralCodeTable } from '@zp/core/contract';

/** Code → name look-ups for server rendering; unknown codes read as ''. */
export interface CodeNames {
  /** A general table: name('m_dwsshydm', 'hy_04') → '教育'. */
  name(table: GeneralCodeTable, code: string | undefined): string;
  city(code: string | undefined): string;
  province(code: string | undefined): string;
  /** A job category of any level. */
  category(code: string | undefined): string;
  /** The loaded maps themselves ({} for parts not loaded). */
  maps: { general: Record<string, Record<string, string>>; city: Record<string, string> };
}

export type CodePart = 'general' | 'city' | 'province' | 'category';
const ALL_PARTS: CodePart[] = ['general', 'city', 'province', 'category'];

/** Loads the look-ups a page needs (every part by default); a part not loaded names nothing. */
export async function loadCodeNames(api: Client, parts: CodePart[] = ALL_PARTS): Promise<CodeNames> {
  const want = (p: CodePart) => parts.includes(p);
  const none = Promise.resolve(null);
  const [general, cities, provinces, c1, c2, c3] = await Promise.all([
    want('general') ? api.call(codesApi.generalMaps).then((r) => r.dmMap) : none,
    want('city') ? api.call(codesApi.cityMap).then((r) => r.ssMap) : none,
    want('province') ? api.call(codesApi.provinceMap).then((r) => r.sfMap) : none,
    want('category') ? api.call(codesApi.categoryOneMap).then((r) => r.gwlbMap) : none,
    want('category') ? api.call(codesApi.categoryTwoMap).then((r) => r.gwlbotMap) : none,
    want('category') ? api.call(codesApi.categoryThreeMap).then((r) => r.gwlbthMap) : none,
  ]);
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
  return Object.fromEntries(Object.entries(dmMapList).map(([table, items]) => [table, items.map((i) => ({ value: i.dm, label: i.mc }))]));
}

export interface CityGroup {
  province: string;
  cities: Option[];
}

/** Cities grouped by province, for a city filter. */
export async function loadCityGroups(api: Client): Promise<CityGroup[]> {
  const [{ sfList }, { ssList }] = await Promise.all([api.call(codesApi.provinceList), api.call(codesApi.cityList)]);
  return sfList
    .map((p) => ({ province: p.mc, cities: ssList.filter((c) => c.sfdm === p.dm).map((c) => ({ value: c.dm, label: c.mc })) }))
    .filter((g) => g.cities.length > 0);
}
