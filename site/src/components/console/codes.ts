/**
 * The code tables as the enterprise centre and the console use them: options for pickers, names
 * for labels, the province of a city, the parents of a category. Built on the one loader of the
 * site (components/seeker/codes.ts: one set of requests per page, shared by every island).
 */
import type { GeneralCodeTable } from '@zp/core/contract';
import { loadCodes as loadTables, type Codes as Tables } from '../seeker/codes';
import { useLoad } from '../../lib/load';

export interface Option {
  value: string;
  label: string;
}

export interface Codes {
  /** the loaded tables themselves (for components/seeker helpers such as the résumé view) */
  tables: Tables;
  /** options of a general table (m_xldm, m_jyyqdm, ...) */
  options(table: GeneralCodeTable): Option[];
  /** name of a general code, '' when unknown */
  name(table: GeneralCodeTable, code: string): string;
  provinces: Option[];
  /** cities of a province (all when none given) */
  cities(province?: string): Option[];
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

const opts = (items: { dm: string; name: string }[] | undefined): Option[] => (items ?? []).map((i) => ({ value: i.dm, label: i.name }));

function wrap(t: Tables): Codes {
  const named = (code: string) => (code ? (t.names[code] ?? '') : '');
  const codes: Codes = {
    tables: t,
    options: (table) => opts(t.lists[table]),
    name: (table, code) => (code ? (t.maps[table]?.[code] ?? '') : ''),
    provinces: opts(t.provinces),
    cities: (province) => (province ? opts(t.cities[province]) : opts(Object.values(t.cities).flat())),
    province: named,
    city: named,
    place: (province, city) => {
      const p = named(province);
      const c = named(city);
      return p && c && p !== c ? `${p} ${c}` : c || p;
    },
    categories1: opts(t.categoriesOne),
    categories2: (parent) => opts(t.categoriesTwo[parent]),
    categories3: (parent) => opts(t.categoriesThree[parent]),
    categoryPath: (code) => {
      const p2 = t.parentOf.get(code) ?? '';
      return [t.parentOf.get(p2) ?? '', p2];
    },
    category: named,
  };
  return codes;
}

let wrapped: Promise<Codes> | null = null;

/** The code tables; one request set per page, retried on the next call after a failure. */
function loadCodes(): Promise<Codes> {
  wrapped ??= loadTables().then(wrap, (err: unknown) => {
    wrapped = null;
    throw err;
  });
  return wrapped;
}

/** The code tables once loaded (null before); until then pickers are empty and names blank. */
export const useCodes = (): Codes | null => useLoad(loadCodes, [], { waitForGuard: false }).data ?? null;
