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
}

export async function loadCodeNames(api: Client): Promise<CodeNames> {
  const [general, cities, provinces, c1, c2, c3] = await Promise.all([
    api.call(codesApi.generalMaps),
    api.call(codesApi.cityMap),
    api.call(codesApi.provinceMap),
    api.call(codesApi.categoryOneMap),
    api.call(codesApi.categoryTwoMap),
    api.call(codesApi.categoryThreeMap),
  ]);
  const pick = (map: Record<string, string> | undefined, code: string | undefined) => (code && map?.[code]) || '';
  return {
    name: (table, code) => pick(general.dmMap[table], code),
    city: (code) => pick(cities.ssMap, code),
    province: (code) => pick(provinces.sfMap, code),
    category: (code) => pick(c3.gwlbthMap, code) || pick(c2.gwlbotMap, code) || pick(c1.gwlbMap, code),
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
