import { describe, expect, it } from 'vitest';
import { PageCache, type CachedPage, type Lookup, type RenderedPage } from './page-cache.js';

const html = (text: string): RenderedPage => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(text) });

/**
 * What site.ts does with a lookup, with `render` standing in for Astro: serve the copy, wait for
 * another reader's render, or render (and hand the outcome to the cache). Returns what the reader
 * got and how.
 */
async function read(cache: PageCache, key: string, render: () => Promise<RenderedPage>, shareable = true): Promise<{ body: string; how: string }> {
  const found: Lookup = cache.lookup(key);
  const page: CachedPage | null = found.kind === 'hit' ? found.page : found.kind === 'wait' ? await found.page : null;
  if (page) return { body: page.body.toString(), how: found.kind === 'hit' && found.stale ? 'stale' : found.kind };
  const mine = await render();
  if (found.kind === 'render') found.done({ page: mine, shareable });
  return { body: mine.body.toString(), how: 'render' };
}

/** A render that finishes only when the test says so, counting how often it was started. */
function gatedRender(text: () => string) {
  let calls = 0;
  let open!: () => void;
  let gate = new Promise<void>((r) => (open = r));
  return {
    get calls() {
      return calls;
    },
    /** the data is read when the render starts, as a real render reads it */
    render: async () => {
      calls++;
      const page = html(text());
      await gate;
      return page;
    },
    release() {
      open();
      gate = new Promise<void>((r) => (open = r));
    },
  };
}

describe('page cache: one render per page at a time', () => {
  it('50 concurrent misses of one page cause one render, and every reader gets that page', async () => {
    const cache = new PageCache(30_000);
    const r = gatedRender(() => '<p>首页</p>');
    const readers = Array.from({ length: 50 }, () => read(cache, '/zppc/', r.render));
    // all 50 have asked before the render finishes
    expect(r.calls).toBe(1);
    r.release();
    const got = await Promise.all(readers);
    expect(r.calls).toBe(1);
    expect(got.every((g) => g.body === '<p>首页</p>')).toBe(true);
    expect(got.filter((g) => g.how === 'render')).toHaveLength(1);
    expect(got.filter((g) => g.how === 'wait')).toHaveLength(49);
    // and the next reader is served from the cache
    expect((await read(cache, '/zppc/', r.render)).how).toBe('hit');
    expect(r.calls).toBe(1);
    expect(cache.rendering).toBe(0);
  });

  it('keeps different pages apart: each is rendered once', async () => {
    const cache = new PageCache(30_000);
    const a = gatedRender(() => 'a');
    const b = gatedRender(() => 'b');
    const readers = [...Array.from({ length: 10 }, () => read(cache, '/a', a.render)), ...Array.from({ length: 10 }, () => read(cache, '/b', b.render))];
    a.release();
    b.release();
    const got = await Promise.all(readers);
    expect([a.calls, b.calls]).toEqual([1, 1]);
    expect(got.slice(0, 10).every((g) => g.body === 'a')).toBe(true);
    expect(got.slice(10).every((g) => g.body === 'b')).toBe(true);
  });

  it('an expired page is served stale to every reader while one of them renders it again', async () => {
    let now = 1_000;
    const cache = new PageCache(30_000, () => now);
    let version = 1;
    const r = gatedRender(() => `v${version}`);
    const first = read(cache, '/zppc/', r.render);
    r.release();
    expect(await first).toEqual({ body: 'v1', how: 'render' });

    now += 30_001; // past its lifetime
    version = 2;
    const refresher = read(cache, '/zppc/', r.render);
    expect(r.calls).toBe(2);
    const others = await Promise.all(Array.from({ length: 49 }, () => read(cache, '/zppc/', r.render)));
    // nobody waited for the refresh: they had the old copy at once
    expect(others.every((g) => g.body === 'v1' && g.how === 'stale')).toBe(true);
    expect(r.calls).toBe(2);
    r.release();
    expect(await refresher).toEqual({ body: 'v2', how: 'render' });
    expect(await read(cache, '/zppc/', r.render)).toEqual({ body: 'v2', how: 'hit' });
    expect(r.calls).toBe(2);
  });

  it('a page expired for long is rendered before anyone sees it (readers share that render)', async () => {
    let now = 0;
    const cache = new PageCache(30_000, () => now, 60_000);
    let version = 1;
    const r = gatedRender(() => `v${version}`);
    const first = read(cache, '/p', r.render);
    r.release();
    await first;
    now += 30_000 + 60_000;
    version = 2;
    const readers = Array.from({ length: 5 }, () => read(cache, '/p', r.render));
    r.release();
    const got = await Promise.all(readers);
    expect(got.every((g) => g.body === 'v2')).toBe(true);
    expect(r.calls).toBe(2);
  });

  it('after an invalidation no reader gets the old copy, stale or in the making', async () => {
    let now = 0;
    const cache = new PageCache(30_000, () => now);
    let version = 1;
    const r = gatedRender(() => `v${version}`);
    const first = read(cache, '/p', r.render);
    r.release();
    await first;

    // expired and being refreshed with the old data when the data changes
    now += 31_000;
    const refresher = read(cache, '/p', r.render);
    cache.clear();
    version = 2;
    // a reader after the invalidation neither gets the stale copy nor joins the old render
    const after = read(cache, '/p', r.render);
    expect(r.calls).toBe(3);
    r.release();
    expect((await refresher).body).toBe('v1'); // its own render, begun before the change
    expect((await after).body).toBe('v2');
    expect(await read(cache, '/p', r.render)).toEqual({ body: 'v2', how: 'hit' });
  });

  it('a render started before an invalidation is not stored, and is not handed to later readers', async () => {
    const cache = new PageCache(30_000);
    const pages = ['old', 'new'];
    const r = gatedRender(() => pages.shift()!);
    const before = read(cache, '/p', r.render);
    cache.clear();
    const after = read(cache, '/p', r.render);
    expect(r.calls).toBe(2);
    r.release();
    const got = [await before, await after];
    expect(got).toEqual([{ body: 'old', how: 'render' }, { body: 'new', how: 'render' }]);
    expect(await read(cache, '/p', r.render)).toEqual({ body: 'new', how: 'hit' });
  });

  it('pages that may not be shared (no-store, errors) are rendered for each reader, and do not hold readers back', async () => {
    const cache = new PageCache(30_000);
    let n = 0;
    const r = gatedRender(() => `view ${++n}`);
    const readers = Array.from({ length: 3 }, () => read(cache, '/notice', r.render, false));
    r.release();
    // the first render could not be shared: the two who waited start their own
    while (r.calls < 3) await new Promise((ok) => setImmediate(ok));
    r.release();
    const got = await Promise.all(readers);
    expect(new Set(got.map((g) => g.body)).size).toBe(3);
    expect(r.calls).toBe(3);
    // from now on readers of that page render at once, without waiting for one another
    const next = Array.from({ length: 3 }, () => read(cache, '/notice', r.render, false));
    expect(r.calls).toBe(6);
    r.release();
    await Promise.all(next);
    expect(cache.rendering).toBe(0);
  });

  it('a render that broke off leaves its waiters to render for themselves', async () => {
    const cache = new PageCache(30_000);
    const found = cache.lookup('/p');
    expect(found.kind).toBe('render');
    const waiting = cache.lookup('/p');
    expect(waiting.kind).toBe('wait');
    if (found.kind === 'render') found.done(null);
    if (waiting.kind === 'wait') expect(await waiting.page).toBeNull();
    expect(cache.lookup('/p').kind).toBe('render');
  });
});
