/**
 * What a person searched for lately and the city they search in, kept in this browser only
 * (localStorage): the search box offers them again. Nothing of it goes to the server.
 */
const RECENT_KEY = 'zp:recent-searches';
const CITY_KEY = 'zp:search-city';
/** How many recent searches are kept and offered. */
export const RECENT_MAX = 8;

/** A Storage, or null where there is none (private modes that refuse it, the server). */
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
const local = (): Store => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The recent searches, newest first. */
export function recentSearches(store: Store = local()): string[] {
  try {
    const list = JSON.parse(store?.getItem(RECENT_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts a search first (once; the same words in other letter case count as the same). */
export function rememberSearch(text: string, store: Store = local()): string[] {
  const value = text.trim().slice(0, 50);
  if (!value) return recentSearches(store);
  const list = [value, ...recentSearches(store).filter((x) => !same(x, value))].slice(0, RECENT_MAX);
  try {
    store?.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // full or refused: the search works without the memory
  }
  return list;
}

export function forgetSearches(store: Store = local()): void {
  try {
    store?.removeItem(RECENT_KEY);
  } catch {
    // nothing kept, nothing to forget
  }
}

/** The city code the person last searched in ('' for 全国). */
export function searchCity(store: Store = local()): string {
  try {
    const v = store?.getItem(CITY_KEY) ?? '';
    return /^\d{6}$/.test(v) ? v : '';
  } catch {
    return '';
  }
}

export function rememberSearchCity(code: string, store: Store = local()): void {
  try {
    if (/^\d{6}$/.test(code)) store?.setItem(CITY_KEY, code);
    else store?.removeItem(CITY_KEY);
  } catch {
    // as above
  }
}

/** What the box offers: the recent searches that hold the typed text (all of them for none). */
export function matchingRecent(typed: string, recent: string[], max = 5): string[] {
  const t = typed.trim().toLowerCase();
  return (t ? recent.filter((x) => x.toLowerCase().includes(t) && !same(x, t)) : recent).slice(0, max);
}
