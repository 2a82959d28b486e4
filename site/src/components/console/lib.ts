/**
 * Helpers every enterprise-centre and operator-console island uses: loading data once the route
 * guard passed, running writes under the full-screen overlay with the server's message as a
 * toast, and the formats the pages share.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { message, toastError, withLoading } from '@zp/ui';
import { failureText, type SpecOf } from '@zp/core/client';
import type { Body, Reply } from '@zp/core/contract';
import { useGuardPassed } from '../../lib/guard';
import { useClickGuard } from '../common/ClickGuard';
import { placeLine } from '../../lib/format';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * Loads data for an island on a protected page: waits for the route guard (the session is fresh
 * by then), reloads when `deps` change, ignores answers that arrive after newer requests.
 * `enabled: false` holds the request (e.g. until another answer arrived).
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[], enabled = true): Loaded<T> {
  // Public pages (no Protected layout) have no guard to wait for.
  const passed = useGuardPassed() || (typeof document !== 'undefined' && !document.querySelector('[data-guard]'));
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!passed || !enabled) return;
    const mine = ++seq.current;
    setLoading(true);
    loadRef.current().then(
      (d) => {
        if (mine !== seq.current) return;
        setData(d);
        setError(null);
        setLoading(false);
      },
      (err: unknown) => {
        if (mine !== seq.current) return;
        setError(failureText(err));
        setLoading(false);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [passed, enabled, tick, ...deps]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, loading, error, reload };
}

/**
 * Runs a write under the loading overlay; on success shows `success` (true: the reply's own msg)
 * and resolves with the reply, on failure shows the server's message and resolves undefined.
 */
export async function act<T>(task: Promise<T> | (() => Promise<T>), success?: string | true): Promise<T | undefined> {
  try {
    const r = await withLoading(task);
    const text = success === true ? (r as { msg?: string } | null)?.msg : success;
    if (text && text !== 'success') message.success(text);
    return r;
  } catch (err) {
    toastError(err);
    return undefined;
  }
}

/** 'YYYY-MM-DD HH:mm:ss' → 'YYYY-MM-DD HH:mm' ('' stays ''). */
export const minutes = (t: string): string => (t ? t.replace('T', ' ').slice(0, 16) : '');
/** 'YYYY-MM-DD…' → 'YYYY-MM-DD'. */
export const day = (t: string): string => (t ? t.slice(0, 10) : '');

/** A city and an address as one line, without the city twice when the address starts with it. */
export const cityAddress = (city: string | undefined, address: string): string => placeLine([city, address]);

/** Reads one query parameter of the current page (browser only). */
export function queryParam(name: string): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.search).get(name) ?? '';
}


/**
 * A form's submit behind the 1.5 s duplicate-click guard (spec section 5): Enter in a field and
 * the submit button both go through it. Bind `blocked` to the submit button's `disabled`.
 */
export function useGuardedSubmit(submit: () => unknown): { onSubmit: (e: FormEvent) => void; blocked: boolean } {
  const [blocked, guard] = useClickGuard();
  return {
    blocked,
    onSubmit: (e: FormEvent) => {
      e.preventDefault();
      guard(submit)();
    },
  };
}

/** The reply and body types of a route of the schema-free manifest (@zp/core/routes). */
export type ReplyOf<T> = Reply<SpecOf<T>>;
export type BodyOf<T> = Body<SpecOf<T>>;
