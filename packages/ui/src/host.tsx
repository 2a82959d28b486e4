import { useSyncExternalStore, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ensureDocumentStyles } from './styles.js';

/**
 * A list that imperative calls (message.error, notify) push to and a React host renders.
 * Kept on globalThis under a registered symbol: each widget bundles its own copy of this package,
 * and all copies on one page must feed the same host instead of stacking separate ones.
 */
export interface Feed<T> {
  get(): readonly T[];
  set(next: readonly T[]): void;
  subscribe(listener: () => void): () => void;
  /** Whether a host already renders this feed on the page. */
  hosted: boolean;
}

export function sharedFeed<T>(name: string): Feed<T> {
  const key = Symbol.for(`@zp/ui/${name}@1`);
  const holder = globalThis as unknown as Record<symbol, Feed<T> | undefined>;
  const existing = holder[key];
  if (existing) return existing;
  let items: readonly T[] = [];
  const listeners = new Set<() => void>();
  const feed: Feed<T> = {
    hosted: false,
    get: () => items,
    set(next) {
      items = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  holder[key] = feed;
  return feed;
}

export function useFeed<T>(feed: Feed<T>): readonly T[] {
  return useSyncExternalStore(feed.subscribe, feed.get, feed.get);
}

/** Mounts the feed's host into document.body the first time something is shown. */
export function ensureHost<T>(feed: Feed<T>, element: ReactElement): void {
  if (feed.hosted || typeof document === 'undefined') return;
  feed.hosted = true;
  ensureDocumentStyles();
  const container = document.createElement('div');
  document.body.appendChild(container);
  createRoot(container).render(element);
}

const ID_KEY = Symbol.for('@zp/ui/next-id@1');
/** Ids unique across every copy of this package on the page (they share the feeds). */
export function newId(): number {
  const holder = globalThis as unknown as Record<symbol, number | undefined>;
  return (holder[ID_KEY] = (holder[ID_KEY] ?? 0) + 1);
}
