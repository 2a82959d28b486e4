import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from '@zp/ui';

export interface Paged<T> {
  list: T[];
  total: number;
}

/**
 * A list loaded page by page: `const p = usePaged((page) => fetch(page), [tab])`; changing a dep
 * goes back to page 1. `reload()` fetches the current page again (after a change).
 */
export function usePaged<T>(fetchPage: (page: number) => Promise<Paged<T>>, deps: unknown[] = []) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paged<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const seq = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const load = useCallback(async (p: number) => {
    const n = ++seq.current;
    setLoading(true);
    try {
      const r = await fetchRef.current(p);
      if (n !== seq.current) return;
      // A page emptied by a removal: step back one.
      if (r.list.length === 0 && p > 1 && r.total > 0) {
        setPage(p - 1);
        return;
      }
      setData(r);
    } catch (err) {
      if (n === seq.current) toastError(err);
    } finally {
      if (n === seq.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    setPage(1);
    void load(1);
  }, deps); // eslint-disable-line react-hooks/exhaustive-deps

  return {
    page,
    data,
    loading,
    setPage: (p: number) => {
      setPage(p);
      void load(p);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    reload: () => load(page),
  };
}

export const totalPages = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
