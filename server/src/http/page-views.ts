/**
 * Pages that count their views (a job, a notice) stay in the page cache. Such a page names what it
 * counts in the `x-page-views` header (`job:<id>`); the API call of its render counts the reader
 * who caused the render, and every reader served a cached copy is counted here, added up and
 * written once a second. Without this the pages had to opt out of the cache, and under load their
 * renders queued until readers timed out.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/index.js';

export const PAGE_VIEWS_HEADER = 'x-page-views';

/** Adds `n` views to the item `id` (a decimal id); a missing or hidden item is left alone. */
export type ViewCounter = (db: Db, id: string, n: number) => Promise<unknown>;
const counters = new Map<string, ViewCounter>();

/** Called by the module that owns the counted rows (jobs: 'job', content: 'notice'). */
export function registerPageViewCounter(kind: string, counter: ViewCounter) {
  counters.set(kind, counter);
}

export class PageViews {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    flushMs = 1000,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  /** One more view of what the header names; anything else is ignored. */
  count(header: unknown) {
    if (typeof header !== 'string') return;
    const m = /^([a-z]+):([1-9]\d{0,18})$/.exec(header);
    if (!m || !counters.has(m[1])) return;
    this.pending.set(header, (this.pending.get(header) ?? 0) + 1);
  }

  /** Writes what was counted so far (one statement per item), one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (!this.pending.size) return;
      const batch = this.pending;
      this.pending = new Map();
      for (const [key, n] of batch) {
        const [kind, id] = key.split(':');
        try {
          await counters.get(kind)!(this.db, id, n);
        } catch (err) {
          this.log.error({ err, key }, 'page views not written');
        }
      }
    });
    return this.flushing;
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
  }
}
