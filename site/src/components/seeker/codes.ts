/**
 * Code tables for pickers and labels (spec section 7 "Code tables"), loaded once per page and
 * shared by every island on it. Lists hold what may be chosen now; maps also name retired codes.
 */
import { useEffect, useState } from 'react';
import { codesApi } from '@zp/core/routes';
import type * as C from '@zp/core/contract';
import { api } from '@zp/core/session';

export interface Option {
  dm: string;
  mc: string;
}

export interface Codes {
  /** general tables: name → chosen-able items */
  lists: Record<string, Option[]>;
  /** general tables: name → code → name */
  maps: Record<string, Record<string, string>>;
  provinces: Option[];
  cities: (Option & { sfdm: string })[];
  /** any region or category code → its name */
  names: Record<string, string>;
  categoriesOne: Option[];
  categoriesTwo: (Option & { sjdm: string })[];
  categoriesThree: (Option & { sjdm: string })[];
}

let loading: Promise<Codes> | null = null;

export function loadCodes(): Promise<Codes> {
  loading ??= Promise.all([
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
  ]).then(([lists, maps, sf, ss, sfMap, ssMap, one, two, three, oneMap, twoMap, threeMap]) => ({
    lists: lists.dmMapList,
    maps: maps.dmMap,
    provinces: sf.sfList,
    cities: ss.ssList,
    names: { ...sfMap.sfMap, ...ssMap.ssMap, ...oneMap.gwlbMap, ...twoMap.gwlbotMap, ...threeMap.gwlbthMap },
    categoriesOne: one.gwlbList,
    categoriesTwo: two.gwlbotList,
    categoriesThree: three.gwlbthList,
  }));
  loading.catch(() => {
    loading = null; // let the next island try again
  });
  return loading;
}

/** The code tables once loaded (null before), for labels and pickers. */
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

/** The name of a code of a general table, or of a region or category; the code itself if unknown. */
export function nameOf(codes: Codes | null, code: string, table?: C.GeneralCodeTable): string {
  if (!code) return '';
  if (!codes) return '';
  if (table) return codes.maps[table]?.[code] ?? code;
  return codes.names[code] ?? code;
}
