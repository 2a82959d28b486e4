/**
 * The page cache of the site: finished HTML of public pages, keyed by path and query.
 *
 * Public pages render anonymously (the session lives in the browser), so one copy per url serves
 * everyone. Entries are dropped when the data behind them changes — the bus topics below, which
 * reach every server process — and in any case after a short time, the backstop for data whose
 * module announces no change (jobs and companies publish no bus event yet).
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Backstop: no page is served from the cache longer than this as fresh. */
const PAGE_CACHE_TTL_MS = 30_000;
/**
 * After its lifetime a page may still be served, stale, to the readers who arrive while one of
 * them renders it again; older than this it is rendered before anyone sees it.
 */
const PAGE_CACHE_MAX_STALE_MS = 5 * 60_000;
const MAX_ENTRIES = 500;
const MAX_BYTES = 32 * 1024 * 1024;

/** A finished response. */
export interface RenderedPage {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

export interface CachedPage extends RenderedPage {
  storedAt: number;
}

/**
 * How a render ended: the response, and whether it may be shared with other readers (else it
 * was for its own reader only: a no-store page, an error); null when it broke off.
 */
export type RenderOutcome = { page: RenderedPage; shareable: boolean } | null;

/** What a reader of a cacheable page does, as `PageCache.lookup` decides. */
export type Lookup =
  /** serve this copy (`stale`: past its lifetime, while another reader renders it again) */
  | { kind: 'hit'; page: CachedPage; stale: boolean }
  /** another reader is rendering this page: serve what it renders; null: render for yourself */
  | { kind: 'wait'; page: Promise<CachedPage | null> }
  /** render it; `done` stores the outcome and hands it to the readers waiting for it */
  | { kind: 'render'; done: (outcome: RenderOutcome) => void };

interface Flight {
  /** the generation the render started in: readers after an invalidation do not join it */
  ticket: number;
  promise: Promise<CachedPage | null>;
  resolve: (page: CachedPage | null) => void;
}

/**
 * Besides storing pages, the cache keeps a burst of readers from rendering the same page at once
 * (a page expiring under load would otherwise queue dozens of identical renders): concurrent
 * misses of one key wait for a single render, and an expired page is served stale while one
 * reader renders it again. An invalidation (`clear`) drops every copy, stale ones too, and no
 * reader arriving after it is handed a render that started before it.
 */
export class PageCache {
  private entries = new Map<string, CachedPage>();
  private bytes = 0;
  /** Bumped by every invalidation: a render that started before one is not stored. */
  private generation = 0;
  private flights = new Map<string, Flight>();
  /** Keys whose last render could not be shared (no-store pages, errors): their readers render at once, until this time. */
  private unshared = new Map<string, number>();

  constructor(
    private readonly ttlMs = PAGE_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
    private readonly maxStaleMs = PAGE_CACHE_MAX_STALE_MS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Renders under way (for tests and the bench). */
  get rendering(): number {
    return this.flights.size;
  }

  /**
   * What a reader of `key` does. `join`: false for a reader that cannot share a render (HEAD):
   * it gets a stored copy or renders for itself, outside the coalescing.
   */
  lookup(key: string, join = true): Lookup {
    const now = this.now();
    const hit = this.entries.get(key);
    const flight = this.flights.get(key);
    const live = flight && flight.ticket === this.generation ? flight : undefined;
    if (hit) {
      const age = now - hit.storedAt;
      if (age < this.ttlMs) {
        // Most recently used last, so eviction takes the oldest first.
        this.entries.delete(key);
        this.entries.set(key, hit);
        return { kind: 'hit', page: hit, stale: false };
      }
      if (age < this.ttlMs + this.maxStaleMs && (live || !join)) return { kind: 'hit', page: hit, stale: true };
      if (age >= this.ttlMs + this.maxStaleMs) this.delete(key);
    }
    if (!join) return { kind: 'render', done: () => undefined };
    const until = this.unshared.get(key);
    if (until !== undefined) {
      if (until > now) return { kind: 'render', done: () => undefined };
      this.unshared.delete(key);
    }
    if (live) return { kind: 'wait', page: live.promise };
    return { kind: 'render', done: this.start(key) };
  }

  private start(key: string): (outcome: RenderOutcome) => void {
    let resolve!: (page: CachedPage | null) => void;
    const promise = new Promise<CachedPage | null>((r) => (resolve = r));
    const flight: Flight = { ticket: this.generation, promise, resolve };
    this.flights.set(key, flight);
    let settled = false;
    return (outcome) => {
      if (settled) return;
      settled = true;
      if (this.flights.get(key) === flight) this.flights.delete(key);
      if (!outcome) {
        // broken off: a stale copy stays for the next reader to refresh
        flight.resolve(null);
        return;
      }
      if (!outcome.shareable) {
        if (flight.ticket === this.generation) {
          this.delete(key);
          if (this.unshared.size >= MAX_ENTRIES * 4) this.unshared.clear();
          this.unshared.set(key, this.now() + this.ttlMs);
        }
        flight.resolve(null);
        return;
      }
      const page = { ...outcome.page, storedAt: this.now() };
      this.set(key, outcome.page, flight.ticket);
      // Those who waited asked before any later invalidation: the page rendered for them is theirs.
      flight.resolve(page);
    };
  }

  /** The token a render takes before it starts; `set` ignores it if the data changed meanwhile. */
  ticket(): number {
    return this.generation;
  }

  set(key: string, page: RenderedPage, ticket: number): void {
    if (ticket !== this.generation || page.body.length > MAX_BYTES / 8) return;
    this.delete(key);
    this.unshared.delete(key);
    this.entries.set(key, { ...page, storedAt: this.now() });
    this.bytes += page.body.length;
    for (const [k] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.delete(k);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.unshared.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.body.length;
    this.entries.delete(key);
  }
}

/** Public pages: the home page and everything under /public/. Protected pages are shells filled in the browser. */
export function isCacheablePage(base: string, method: string, url: string, headers: IncomingHttpHeaders): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0];
  if (path !== `${base}/` && !path.startsWith(`${base}/public/`)) return false;
  // A request carrying credentials might be rendered for that person one day; never share it.
  return !headers.authorization && !headers.token && !headers.cookie;
}

/**
 * Lets the response go out as usual and hands its status, headers and body to `done` once it has
 * ended; null for a response that broke off on the way (the connection closed first).
 */
export function captureResponse(res: ServerResponse, done: (page: RenderedPage | null) => void): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding) : Buffer.from(chunk as Uint8Array));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as typeof res.end;
  let finished = false;
  res.once('finish', () => {
    finished = true;
    done({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) });
  });
  res.once('close', () => {
    if (!finished) done(null);
  });
}
