/**
 * The site's one way for an island to load data: `useLoad` for one answer, `usePaged` (built on
 * it) for a list page by page. Both wait for a protected page's route guard (the session is fresh
 * by then), load again when their deps change, and drop answers that arrive after newer requests.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type SetStateAction } from 'react';
import { failureText } from '@zp/core/client';
import { toastError } from '@zp/ui';
import { useGuardPassed } from './guard';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  /** failureText of the last failed load, null after a success */
  error: string | null;
  /** Loads again with the same deps; resolves once that load settled. */
  reload: () => Promise<void>;
  /** Changes the loaded data in place (after a write whose effect is known), without a request. */
  setData: (update: SetStateAction<T | undefined>) => void;
}

export interface LoadOptions {
  /** false holds the request (e.g. until another answer arrived); default true */
  enabled?: boolean;
  /**
   * A failed load as an error toast (the seeker centre and the public pages) rather than only as
   * `error` for the island to show in place (the enterprise centre and the console: ListState).
   */
  toast?: boolean;
  /** false for data anyone may read (the code tables): no need to wait for the route guard; default true */
  waitForGuard?: boolean;
}

/**
 * Loads data for an island: waits for the route guard of a protected page, reloads when `deps`
 * change, ignores answers that arrive after newer requests. `enabled: false` holds the request.
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[], { enabled = true, toast = false, waitForGuard = true }: LoadOptions = {}): Loaded<T> {
  // Public pages (no Protected layout) have no guard to wait for.
  const passed = useGuardPassed() || !waitForGuard || (typeof document !== 'undefined' && !document.querySelector('[data-guard]'));
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const toastRef = useRef(toast);
  toastRef.current = toast;
  // reload()'s promises, settled by the next load to finish.
  const waiting = useRef<(() => void)[]>([]);

  useEffect(() => {
    const settle = () => {
      const done = waiting.current;
      waiting.current = [];
      for (const resolve of done) resolve();
    };
    // Held: a reload() waiting now would wait for nothing.
    if (!passed || !enabled) return settle();
    const mine = ++seq.current;
    setLoading(true);
    loadRef.current().then(
      (d) => {
        if (mine !== seq.current) return;
        setData(d);
        setError(null);
        setLoading(false);
        settle();
      },
      (err: unknown) => {
        if (mine !== seq.current) return;
        setError(failureText(err));
        if (toastRef.current) toastError(err);
        setLoading(false);
        settle();
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [passed, enabled, tick, ...deps]);

  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiting.current.push(resolve);
        setTick((t) => t + 1);
      }),
    [],
  );
  return { data, loading, error, reload, setData };
}

export interface Paged<T> {
  list: T[];
  total: number;
}

export interface PagedLoad<T> {
  page: number;
  /** null until the first page arrived */
  data: Paged<T> | null;
  loading: boolean;
  /** Goes to a page (and to the top of the window). */
  setPage: (page: number) => void;
  /** Loads the current page again (after a change); resolves once it arrived. */
  reload: () => Promise<void>;
}

/**
 * A list loaded page by page on useLoad: `const p = usePaged((page) => fetch(page), [tab])`;
 * changing a dep goes back to page 1; a failed load is an error toast.
 */
export function usePaged<T>(fetchPage: (page: number) => Promise<Paged<T>>, deps: unknown[] = []): PagedLoad<T> {
  const [page, setPage] = useState(1);
  // Back to page 1 in the same render as the deps change, so the old page is not asked for again.
  const [seenDeps, setSeenDeps] = useState(deps);
  if (deps.length !== seenDeps.length || deps.some((d, i) => !Object.is(d, seenDeps[i]))) {
    setSeenDeps(deps);
    setPage(1);
  }
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const { data, loading, reload } = useLoad(() => fetchRef.current(page), [page, ...deps], { toast: true });

  // A page emptied by a removal: step back one.
  useLayoutEffect(() => {
    if (data && data.list.length === 0 && page > 1 && data.total > 0) setPage(page - 1);
  }, [data]); // eslint-disable-line react-hooks/exhaustive-deps

  return {
    page,
    data: data ?? null,
    loading,
    setPage: (p: number) => {
      setPage(p);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    reload,
  };
}

export const totalPages = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
