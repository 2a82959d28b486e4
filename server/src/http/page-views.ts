/**
 * Views of a job or a notice, each reader counted once a Beijing day however often they reload.
 *
 * Pages that count their views stay in the page cache. Such a page names what it counts in the
 * `x-page-views` header (`job:<id>`); every reader it is served to (rendered or from the cache)
 * is counted here, gathered and written once a second. The page's render reads the item through
 * the API with PAGE_RENDER_HEADER, which that API call does not count (the page counts the
 * reader). A client reading the item through the API directly (the previous web client) is
 * counted by that call, through countView.
 *
 * A reader is the logged-in person, else their address and browser, hashed: the server keeps
 * (kind, item, reader hash, day) for today and yesterday only (page_view_readers), so every node
 * sees the same readers and nothing identifies a person.
 */
import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { isId } from '@zp/core/contract';
import { beijingToday } from '@zp/core/dates';
import { PAGE_RENDER_HEADER } from '@zp/core/client';
import { rows, sql, type Db } from '../db/index.js';

export const PAGE_VIEWS_HEADER = 'x-page-views';

/** Adds `n` views to the item `id` (an id as `isId` takes it); a missing or hidden item is left alone. */
export type ViewCounter = (db: Db, id: string, n: number) => Promise<unknown>;
const counters = new Map<string, ViewCounter>();

/** Called by the module that owns the counted rows (jobs: 'job', content: 'notice'). */
export function registerPageViewCounter(kind: string, counter: ViewCounter) {
  counters.set(kind, counter);
}

/** Who is reading: the person when logged in, else the address and browser (hashed). */
export function readerOf(req: FastifyRequest, userId?: string | null): string {
  const who = userId ? `user:${userId}` : `anon:${req.ip}|${req.headers['user-agent'] ?? ''}`;
  return crypto.createHash('sha256').update(who).digest('base64url').slice(0, 22);
}

/** Calls `seen` with the x-page-views header of a page render that answers 200, when it sends its head. */
export function watchPageViews(res: ServerResponse, seen: (header: unknown) => void): void {
  const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status === 200) {
      const given = rest.find((x): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x));
      seen(given?.[PAGE_VIEWS_HEADER] ?? res.getHeader(PAGE_VIEWS_HEADER));
    }
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
}

/** A call made by the site's own page render (serverApi), which its page counts instead. */
export const isPageRender = (req: FastifyRequest): boolean => req.headers[PAGE_RENDER_HEADER] === '1';

/**
 * Records today's readers of one item and adds the new ones to its count: how many were new.
 * Readers already seen today add nothing.
 */
async function recordReaders(db: Db, kind: string, id: string, readers: string[]): Promise<number> {
  const counter = counters.get(kind);
  if (!counter || !readers.length) return 0;
  const fresh = await rows<{ reader: string }>(
    db,
    sql`insert into page_view_readers (kind, item_id, reader, day)
        select ${kind}, ${id}, r, ${beijingToday()}::date from unnest(array[${sql.join(readers.map((r) => sql`${r}`), sql`, `)}]::text[]) r
        on conflict do nothing returning reader`,
  );
  if (fresh.length) await counter(db, id, fresh.length);
  return fresh.length;
}

/** Counts one read of `kind:id` through the API: true when it was this reader's first today. */
export async function countView(db: Db, kind: string, id: string, reader: string): Promise<boolean> {
  return (await recordReaders(db, kind, id, [reader])) > 0;
}

export class PageViews {
  private pending = new Map<string, Set<string>>();
  private timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private prunedOn = '';

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    flushMs = 1000,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  /** One more reader of what the header names; anything else is ignored. */
  count(header: unknown, reader: string) {
    if (typeof header !== 'string') return;
    const m = /^([a-z]+):(\d+)$/.exec(header);
    if (!m || !counters.has(m[1]) || !isId(m[2])) return;
    let readers = this.pending.get(header);
    if (!readers) this.pending.set(header, (readers = new Set()));
    readers.add(reader);
  }

  /** Writes what was counted so far (one statement per item), one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      await this.prune();
      if (!this.pending.size) return;
      const batch = this.pending;
      this.pending = new Map();
      for (const [key, readers] of batch) {
        const [kind, id] = key.split(':');
        try {
          await recordReaders(this.db, kind, id, [...readers]);
        } catch (err) {
          this.log.error({ err, key }, 'page views not written');
        }
      }
    });
    return this.flushing;
  }

  /** Once a day: readers of days before yesterday are of no use any more. */
  private async prune() {
    const today = beijingToday();
    if (this.prunedOn === today) return;
    this.prunedOn = today;
    try {
      await this.db.execute(sql`delete from page_view_readers where day < ${today}::date - 1`);
    } catch (err) {
      this.log.error({ err }, 'old page view readers not removed');
    }
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
  }
}
