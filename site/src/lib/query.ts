/** Reading list-page queries: bad values fall back to defaults instead of failing the page. */

export function intParam(params: URLSearchParams, name: string, fallback: number, min = 1, max = 100000): number {
  const v = Number(params.get(name));
  return Number.isInteger(v) && v >= min && v <= max ? v : fallback;
}

/** A code filter value (letters, digits, underscore), '' when absent or malformed. */
export function codeParam(params: URLSearchParams, name: string): string {
  const v = params.get(name) ?? '';
  return /^[A-Za-z0-9_]{1,20}$/.test(v) ? v : '';
}

export function textParam(params: URLSearchParams, name: string, max = 50): string {
  return (params.get(name) ?? '').trim().slice(0, max);
}

/** The same page with some query values changed ('' or null removes one). */
export function withQuery(url: URL, changes: Record<string, string | number | null>): string {
  const next = new URL(url);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === '') next.searchParams.delete(k);
    else next.searchParams.set(k, String(v));
  }
  return next.pathname + next.search;
}

/** An id from the query (decimal, 1–19 digits), null otherwise. */
export function idParam(params: URLSearchParams, name: string): string | null {
  const v = params.get(name) ?? '';
  return /^[1-9]\d{0,18}$/.test(v) ? v : null;
}
