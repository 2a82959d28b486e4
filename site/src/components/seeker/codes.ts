/**
 * Code tables for pickers and labels (spec section 7 "Code tables"), loaded once per page and
 * shared by every island on it. Lists hold what may be chosen now; maps also name retired codes.
 */
import { useLoad } from '../../lib/load';
import type * as C from '@zp/core/contract';
import { api } from '@zp/core/session';
import { flatten, loadCodeTables, parentsOf, type CodeTables } from '../../lib/codes';

export interface Codes extends CodeTables {
  /** any region or category code → its name */
  names: Record<string, string>;
  /** a city's province, a level-2 or level-3 category's parent */
  parentOf: Map<string, string>;
}

let loading: Promise<Codes> | null = null;

export function loadCodes(): Promise<Codes> {
  const started = (loading ??= loadCodeTables(api).then((t) => ({
    ...t,
    names: {
      ...t.provinceMap,
      ...flatten(t.cityMap),
      ...t.categoryOneMap,
      ...flatten(t.categoryTwoMap),
      ...flatten(t.categoryThreeMap),
    },
    parentOf: new Map([...parentsOf(t.cities), ...parentsOf(t.categoriesTwo), ...parentsOf(t.categoriesThree)]),
  })));
  started.catch(() => {
    if (loading === started) loading = null; // let the next island try again
  });
  return started;
}

/** The code tables once loaded (null before, and after a failure: the next island retries), for labels and pickers. */
export const useCodes = (): Codes | null => useLoad(loadCodes, [], { waitForGuard: false }).data ?? null;

/** The name of a code of a general table, or of a region or category; the code itself if unknown. */
export function nameOf(codes: Codes | null, code: string, table?: C.GeneralCodeTable): string {
  if (!code) return '';
  if (!codes) return '';
  if (table) return codes.maps[table]?.[code] ?? code;
  return codes.names[code] ?? code;
}
