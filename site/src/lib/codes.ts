import type { Client } from '@zp/core/client';
import { parentsOf, readCities, readGeneralLists, readProvinces } from '@zp/core/codes';

/**
 * The site's use of the code tables: @zp/core/codes reads them (server-rendered pages call its
 * loaders with their request's client, islands go through components/seeker/codes.ts); here are
 * the filter choices and place cascades the pages build from them.
 */
export { flatten, parentsOf, loadCodeTables, loadCodeNames, type CodeTables, type CodeNames } from '@zp/core/codes';

export interface Option {
  value: string;
  label: string;
}

/** Choices of general tables, for filters. */
export async function loadCodeLists(api: Client): Promise<Record<string, Option[]>> {
  const dmMapList = await readGeneralLists(api);
  // A table's own 不限 entry would stand beside the filter's 不限 (no filter): it goes.
  return Object.fromEntries(Object.entries(dmMapList).map(([table, items]) => [table, items.filter((i) => i.name !== '不限').map((i) => ({ value: i.dm, label: i.name }))]));
}

/** A province with its cities, for a province → city cascade. */
interface Province extends Option {
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
  const [sfList, ssList] = await Promise.all([readProvinces(api), readCities(api)]);
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
