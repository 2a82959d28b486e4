/**
 * Helpers every enterprise-centre and operator-console island uses: running writes under the
 * full-screen overlay with the server's message as a toast, and the formats the pages share.
 * Loading data is the site's one hook, lib/load.ts.
 */
import type { FormEvent } from 'react';
import { message, toastError, withLoading } from '@zp/ui';
import type { SpecOf } from '@zp/core/client';
import type { Body, Reply } from '@zp/core/contract';
import { useClickGuard } from '../common/ClickGuard';
import { placeLine } from '../../lib/format';

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
