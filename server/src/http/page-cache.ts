/**
 * The page cache of the site: finished HTML of public pages, keyed by path and query.
 *
 * Public pages render anonymously (the session lives in the browser), so one copy per url serves
 * everyone. Entries are dropped when the data behind them changes — the bus topics below, which
 * reach every server process — and in any case after a short time, the backstop for data whose
 * module announces no change (jobs and companies publish no bus event yet).
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Backstop: no page is served from the cache longer than this. */
export const PAGE_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 500;
const MAX_BYTES = 32 * 1024 * 1024;

export interface CachedPage {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
}

export class PageCache {
  private entries = new Map<string, CachedPage>();
  private bytes = 0;
  /** Bumped by every invalidation: a render that started before one is not stored. */
  private generation = 0;

  constructor(
    private readonly ttlMs = PAGE_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedPage | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (this.now() - hit.storedAt >= this.ttlMs) {
      this.delete(key);
      return null;
    }
    // Most recently used last, so eviction takes the oldest first.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** The token a render takes before it starts; `set` ignores it if the data changed meanwhile. */
  ticket(): number {
    return this.generation;
  }

  set(key: string, page: Omit<CachedPage, 'storedAt'>, ticket: number): void {
    if (ticket !== this.generation || page.body.length > MAX_BYTES / 8) return;
    this.delete(key);
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
 * ended (not for a response that failed on the way).
 */
export function captureResponse(res: ServerResponse, done: (page: Omit<CachedPage, 'storedAt'>) => void): void {
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
  res.once('finish', () => done({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) }));
}
