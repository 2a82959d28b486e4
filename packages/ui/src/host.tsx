import { useSyncExternalStore, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { uiCss } from './styles.js';

/**
 * A list that imperative calls (message.error, notify) push to and a React host renders.
 * Kept on globalThis under a registered symbol: each widget bundles its own copy of this package,
 * and all copies on one page must feed the same host instead of stacking separate ones.
 */
export interface Feed<T> {
  get(): readonly T[];
  set(next: readonly T[]): void;
  subscribe(listener: () => void): () => void;
  /** The element a host renders this feed into, once one does. */
  host?: HTMLElement;
}

export function sharedFeed<T>(name: string): Feed<T> {
  const key = Symbol.for(`@zp/ui/${name}@2`);
  const holder = globalThis as unknown as Record<symbol, Feed<T> | undefined>;
  const existing = holder[key];
  if (existing) return existing;
  let items: readonly T[] = [];
  const listeners = new Set<() => void>();
  const feed: Feed<T> = {
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

const LAYER_KEY = Symbol.for('@zp/ui/overlay-layer@1');

// The layer's own base: what its overlays would otherwise inherit from the page.
const LAYER_CSS = `
:host { display: contents; }
/* Nothing inherited from the page (text-transform, white-space, word-spacing…); custom properties stay. */
.zp-layer { all: initial; display: block; font-family: var(--zp-font-family); font-size: var(--zp-font-size); line-height: 1.5; color: var(--zp-color-text); text-align: left; }
/* Above any widget's own modal (same z-index, and this layer may come first in the page). */
.zp-layer .zp-mask { z-index: calc(var(--zp-z-dialog) + 10); }
`;

/**
 * Where imperative overlays (messages, notifications, loading, confirm) render: one element per
 * page, <zp-overlays>, whose shadow root carries the ui styles. A partner page embedding a widget
 * keeps its own CSS: none of it restyles the overlays and none of theirs reaches the page.
 * Shared by every copy of this package on the page, like the feeds.
 */
export function overlayLayer(): HTMLElement {
  const holder = globalThis as unknown as Record<symbol, HTMLElement | undefined>;
  const existing = holder[LAYER_KEY];
  if (existing?.isConnected) return existing;
  const host = document.createElement('zp-overlays');
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = uiCss + LAYER_CSS;
  const layer = document.createElement('div');
  layer.className = 'zp-layer';
  shadow.append(style, layer);
  document.body.appendChild(host);
  return (holder[LAYER_KEY] = layer);
}

/** Mounts the feed's host into the overlay layer the first time something is shown. */
export function ensureHost<T>(feed: Feed<T>, element: ReactElement): void {
  if (typeof document === 'undefined') return;
  // A page that replaced its body (client-side navigation) took the layer along: put the host,
  // still rendering, into the new one.
  if (feed.host) {
    if (!feed.host.isConnected) overlayLayer().appendChild(feed.host);
    return;
  }
  feed.host = document.createElement('div');
  overlayLayer().appendChild(feed.host);
  createRoot(feed.host).render(element);
}

/** The focused element, looking into shadow roots (document.activeElement stops at their host). */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const ID_KEY = Symbol.for('@zp/ui/next-id@1');
/** Ids unique across every copy of this package on the page (they share the feeds). */
export function newId(): number {
  const holder = globalThis as unknown as Record<symbol, number | undefined>;
  return (holder[ID_KEY] = (holder[ID_KEY] ?? 0) + 1);
}
