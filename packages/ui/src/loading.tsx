import { useInsertionEffect } from 'react';
import { createPortal } from 'react-dom';
import { ensureDocumentStyles } from './styles.js';
import { ensureHost, newId, sharedFeed, useFeed } from './host.js';

export const LOADING_TEXT = '加载中…';

function LoadingBox({ text }: { text: string }) {
  return (
    <div className="zp-loading" role="status" aria-live="assertive" aria-busy="true">
      <span className="zp-spinner" aria-hidden="true" />
      <span className="zp-loading__text">{text}</span>
    </div>
  );
}

/** The full-screen overlay that blocks the page while a write request is in flight. */
export function LoadingOverlay({ text = LOADING_TEXT }: { text?: string }) {
  useInsertionEffect(() => ensureDocumentStyles(), []);
  if (typeof document === 'undefined') return null;
  return createPortal(<LoadingBox text={text} />, document.body);
}

interface Item {
  id: number;
  text: string;
}
const feed = sharedFeed<Item>('loading');

function LoadingHost() {
  const items = useFeed(feed);
  // Several overlapping requests show one overlay, with the latest text.
  // In place: the host lives in the overlay layer, whose shadow root carries the styles (a
  // partner page's CSS neither restyles it nor receives ours).
  return items.length ? <LoadingBox text={items[items.length - 1].text} /> : null;
}

/** Shows the overlay until the returned function is called; overlapping calls keep it up until the last ends. */
function show(text: string = LOADING_TEXT): () => void {
  ensureHost(feed, <LoadingHost />);
  const id = newId();
  feed.set([...feed.get(), { id, text }]);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    feed.set(feed.get().filter((i) => i.id !== id));
  };
}

export const loading = { show };

/** Runs a write request under the overlay: `await withLoading(api.call(spec, {body}))`. */
export async function withLoading<T>(task: Promise<T> | (() => Promise<T>), text?: string): Promise<T> {
  const hide = show(text);
  try {
    return await (typeof task === 'function' ? task() : task);
  } finally {
    hide();
  }
}
