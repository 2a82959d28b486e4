/**
 * The code tables (regions, three-level job categories, general lists) for islands: loaded once
 * per page on first use and shared by every component on it. Lists hold what may be chosen now;
 * names come from the maps, which also keep withdrawn codes, so old records still read right.
 */
import { useEffect, useState } from 'react';
import { codesApi, type GeneralCodeTable } from '@zp/core/contract';
import { api } from '@zp/core/session';

export interface Option {
  value: string;
  label: string;
}
interface Item {
  dm: string;
  mc: string;
}
interface Child extends Item {
  sjdm: string;
}

export interface Codes {
  /** options of a general table (m_xldm, m_gzjydm, ...) */
  options(table: GeneralCodeTable): Option[];
  /** name of a general code, '' when unknown */
  name(table: GeneralCodeTable, code: string): string;
  provinces: Option[];
  /** cities of a province (all when none given) */
  cities(province?: string): Option[];
  /** the province a city belongs to */
  provinceOf(city: string): string;
  province(code: string): string;
  city(code: string): string;
  /** 'province city', either part left out when unknown */
  place(province: string, city: string): string;
  categories1: Option[];
  categories2(parent: string): Option[];
  categories3(parent: string): Option[];
  /** [level 1, level 2] parents of a third-level category */
  categoryPath(code: string): [string, string];
  /** name of a category of any level */
  category(code: string): string;
}

let pending: Promise<Codes> | null = null;

const opts = (items: Item[]): Option[] => items.map((i) => ({ value: i.dm, label: i.mc }));

async function fetchCodes(): Promise<Codes> {
  const [gl, gm, sl, sm, cl, cm, c1, c2, c3, m1, m2, m3] = await Promise.all([
    api.call(codesApi.generalLists),
    api.call(codesApi.generalMaps),
    api.call(codesApi.provinceList),
    api.call(codesApi.provinceMap),
    api.call(codesApi.cityList),
    api.call(codesApi.cityMap),
    api.call(codesApi.categoryOneList),
    api.call(codesApi.categoryTwoList),
    api.call(codesApi.categoryThreeList),
    api.call(codesApi.categoryOneMap),
    api.call(codesApi.categoryTwoMap),
    api.call(codesApi.categoryThreeMap),
  ]);
  const byParent = (items: Child[]) => {
    const m = new Map<string, Option[]>();
    for (const it of items) m.set(it.sjdm, [...(m.get(it.sjdm) ?? []), { value: it.dm, label: it.mc }]);
    return m;
  };
  const two = byParent(c2.gwlbotList);
  const three = byParent(c3.gwlbthList);
  const parentOf = new Map<string, string>();
  for (const it of [...c2.gwlbotList, ...c3.gwlbthList]) parentOf.set(it.dm, it.sjdm);
  const cityProvince = new Map(cl.ssList.map((c) => [c.dm, c.sfdm]));
  const categoryNames = { ...m1.gwlbMap, ...m2.gwlbotMap, ...m3.gwlbthMap };
  const provinces = opts(sl.sfList);
  const allCities = cl.ssList.map((c) => ({ value: c.dm, label: c.mc, sfdm: c.sfdm }));

  const codes: Codes = {
    options: (table) => opts(gl.dmMapList[table] ?? []),
    name: (table, code) => (code ? (gm.dmMap[table]?.[code] ?? '') : ''),
    provinces,
    cities: (province) => allCities.filter((c) => !province || c.sfdm === province).map(({ value, label }) => ({ value, label })),
    provinceOf: (city) => cityProvince.get(city) ?? '',
    province: (code) => (code ? (sm.sfMap[code] ?? '') : ''),
    city: (code) => (code ? (cm.ssMap[code] ?? '') : ''),
    place: (province, city) => {
      const p = codes.province(province);
      const c = codes.city(city);
      return p && c && p !== c ? `${p} ${c}` : c || p;
    },
    categories1: opts(c1.gwlbList),
    categories2: (parent) => two.get(parent) ?? [],
    categories3: (parent) => three.get(parent) ?? [],
    categoryPath: (code) => {
      const p2 = parentOf.get(code) ?? '';
      return [parentOf.get(p2) ?? '', p2];
    },
    category: (code) => (code ? (categoryNames[code] ?? '') : ''),
  };
  return codes;
}

/** The code tables; one request set per page, retried on the next call after a failure. */
export function loadCodes(): Promise<Codes> {
  pending ??= fetchCodes().catch((err: unknown) => {
    pending = null;
    throw err;
  });
  return pending;
}

/** The code tables once loaded (null before); a failure leaves names blank rather than breaking the page. */
export function useCodes(): Codes | null {
  const [codes, setCodes] = useState<Codes | null>(null);
  useEffect(() => {
    let live = true;
    loadCodes().then(
      (c) => live && setCodes(c),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return codes;
}
