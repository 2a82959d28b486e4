import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import zlib from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { jobsApi, searchApi } from '@zp/core/contract';
import { startServer, type TestServer, type ApiReply } from '../../test/helpers.js';
import { one, sql } from '../db/index.js';

/**
 * A directory shaped like the Astro build (dist/client + dist/server/entry.mjs exporting the
 * middleware-mode `handler(req, res, next, locals)`), inside <tmp>/site/dist with a built widget
 * in <tmp>/widgets/feedback/dist as in the repository: server tests must not need the real site
 * build, which the e2e suite exercises instead. /zppc/public/notices renders the published
 * notices from the API, as the real pages do (/zppc/renders counts those renders); every other
 * path echoes the request.
 */
function fixtureSite(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'zp-site-'));
  const dir = path.join(root, 'site', 'dist');
  fs.mkdirSync(path.join(dir, 'client', '_astro'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  // As widgets/build-split.mjs writes it: the stable entry importing the content-hashed bundle.
  const widget = path.join(root, 'widgets', 'feedback', 'dist', 'browser');
  fs.mkdirSync(widget, { recursive: true });
  fs.writeFileSync(path.join(widget, 'feedback.js'), 'export*from"./feedback-4QSAOVY3.js";');
  fs.writeFileSync(path.join(widget, 'feedback-4QSAOVY3.js'), 'customElements.define("zp-feedback", class extends HTMLElement {})');
  // The npm module beside it in dist/ is not served.
  fs.writeFileSync(path.join(root, 'widgets', 'feedback', 'dist', 'index.js'), 'export {}');
  fs.writeFileSync(path.join(dir, 'client', '_astro', 'app.abc123.js'), 'console.log(1)');
  // A bundle with the .br/.gz scripts/precompress.mjs writes beside it (the .br deliberately marked,
  // to tell a file sent as built from one compressed per request).
  // A second widget directory, as in the repository (the server serves several).
  const chat = path.join(root, 'widgets', 'chat', 'dist', 'browser');
  fs.mkdirSync(chat, { recursive: true });
  const big = `export const text = ${JSON.stringify('招聘会'.repeat(2000))};`;
  fs.writeFileSync(path.join(chat, 'chat-ABCDEFGH.js'), big);
  fs.writeFileSync(path.join(chat, 'chat-ABCDEFGH.js.br'), zlib.brotliCompressSync(`${big}//built`));
  fs.writeFileSync(path.join(chat, 'chat-ABCDEFGH.js.gz'), zlib.gzipSync(`${big}//built`));
  fs.mkdirSync(path.join(chat, 'emoji'));
  fs.writeFileSync(path.join(chat, 'emoji', 'e0.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(
    path.join(dir, 'server', 'entry.mjs'),
    `let renders = 0;
    export async function handler(req, res, next, locals) {
      if (req.url === '/zppc/boom') throw new Error('render failed');
      if (req.url === '/zppc/renders') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(String(renders));
        return;
      }
      if (req.url.startsWith('/zppc/public/big') || req.url.startsWith('/zppc/job_hunter/big')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        for (let i = 0; i < 200; i++) res.write('<p>线上招聘会 ' + i + '</p>');
        res.end('</html>');
        return;
      }
      if (req.url.startsWith('/zppc/public/notices') || req.url.startsWith('/zppc/job_hunter/')) {
        renders++;
        const r = await fetch(locals.apiBase + '/api/xs/notice/getNoticeMsgWeb', {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: 1, limit: 10 }),
        });
        const { page } = await r.json();
        const headers = { 'content-type': 'text/html; charset=utf-8' };
        if (req.url.includes('nostore')) headers['cache-control'] = 'no-store';
        // Stands in for a notice page, which counts its readers.
        if (req.url.includes('counted=1') && page.list[0]) headers['x-page-views'] = 'notice:' + page.list[0].bsid;
        if (req.url.includes('counted=2') && page.list[1]) headers['x-page-views'] = 'notice:' + page.list[1].bsid;
        // Stands in for a page that names what it counts from its address (job:<gwid>).
        const named = /[?&]views=([^&]+)/.exec(req.url);
        if (named) headers['x-page-views'] = decodeURIComponent(named[1]);
        res.writeHead(200, headers);
        res.write('<!doctype html><ul>');
        for (const n of page.list) res.write('<li>' + n.title + '</li>');
        res.end('</ul>');
        return;
      }
      let body = '';
      for await (const chunk of req) body += chunk;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ url: req.url, method: req.method, body, locals }));
    }`,
  );
  return dir;
}

/** The product serving a fresh fixture site for one describe block: `srv()` once it is up. */
function useSiteServer(opts: { demo?: boolean } = {}): () => TestServer {
  let srv: TestServer;
  let siteDir: string;
  beforeAll(async () => {
    siteDir = fixtureSite();
    srv = await startServer({ ...opts, env: { SITE_DIR: siteDir } });
  });
  afterAll(async () => {
    await srv.close();
    fs.rmSync(path.resolve(siteDir, '..', '..'), { recursive: true, force: true });
  });
  return () => srv;
}

describe('site mount (fixture standing in for the Astro build)', () => {
  const server = useSiteServer();
  let srv: TestServer;
  beforeAll(() => {
    srv = server();
  });

  it('serves hashed build assets with a year-long immutable cache', async () => {
    const res = await fetch(`${srv.url}/zppc/_astro/app.abc123.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1)');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves other public files with a short cache', async () => {
    const res = await fetch(`${srv.url}/zppc/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('hands pages to the Astro handler with the API origin in locals', async () => {
    const res = await fetch(`${srv.url}/zppc/public/login?id=2`);
    expect(res.status).toBe(200);
    const seen = await res.json();
    expect(seen).toMatchObject({ url: '/zppc/public/login?id=2', method: 'GET', locals: { apiBase: srv.url } });
  });

  it('leaves request bodies for Astro to read', async () => {
    const res = await fetch(`${srv.url}/zppc/form`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'phone=13800000001',
    });
    expect(await res.json()).toMatchObject({ method: 'POST', body: 'phone=13800000001' });
  });

  it('redirects / and /zppc to /zppc/', async () => {
    const root = await fetch(`${srv.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/zppc/');
    const bare = await fetch(`${srv.url}/zppc?id=1`, { redirect: 'manual' });
    expect(bare.headers.get('location')).toBe('/zppc/?id=1');
  });

  it('answers 500 in Chinese when rendering throws, and keeps serving', async () => {
    const res = await fetch(`${srv.url}/zppc/boom`);
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('页面渲染失败，请稍后重试');
    expect((await fetch(`${srv.url}/zppc/`)).status).toBe(200);
  });

  it("redirects the spec's mixed-case links to the lower-case page, query kept", async () => {
    const res = await fetch(`${srv.url}/zppc/Job_hunter/Hunter_home?id=1`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/zppc/job_hunter/hunter_home?id=1');
    const fair = await fetch(`${srv.url}/zppc/public/meetingList?venue=2&city=ABC`, { redirect: 'manual' });
    expect(fair.headers.get('location')).toBe('/zppc/public/meetinglist?venue=2&city=ABC');
    // Already lower case: rendered, not redirected.
    const page = await fetch(`${srv.url}/zppc/public/meetinglist?venue=2`, { redirect: 'manual' });
    expect(page.status).toBe(200);
  });

  it('leaves the API alone', async () => {
    const res = await srv.call('/api/health');
    expect(res.body).toMatchObject({ code: 0 });
    const missing = await srv.call('/api/nope');
    expect(missing.body).toMatchObject({ code: 404 });
  });
});

describe('widgets and the page cache', () => {
  const server = useSiteServer({ demo: true });
  let srv: TestServer;
  beforeAll(() => {
    srv = server();
  });

  it('serves built widgets under /zppc/widgets/ for the layout to load', async () => {
    const res = await fetch(`${srv.url}/zppc/widgets/feedback.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toBe('export*from"./feedback-4QSAOVY3.js";');
    const bundle = await fetch(`${srv.url}/zppc/widgets/feedback-4QSAOVY3.js`);
    expect(await bundle.text()).toContain('zp-feedback');
    expect((await fetch(`${srv.url}/zppc/widgets/nope.js`)).status).toBe(404);
    expect((await fetch(`${srv.url}/zppc/widgets/index.js`)).status).toBe(404);
  });

  it('lets browsers keep the content-hashed widget files for a year and revalidate the stable entry', async () => {
    const hashed = await fetch(`${srv.url}/zppc/widgets/feedback-4QSAOVY3.js`);
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const stable = await fetch(`${srv.url}/zppc/widgets/feedback.js`);
    expect(stable.headers.get('cache-control')).toBe('no-cache');
    const etag = stable.headers.get('etag');
    expect(etag).toBeTruthy();
    // As a browser revalidates (fetch() alone would add cache-control: no-cache, which forbids a 304).
    const again = await fetch(`${srv.url}/zppc/widgets/feedback.js`, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
  });

  it('serves a public page from the cache until the operator publishes a notice, then shows it on the next load', async () => {
    const first = await fetch(`${srv.url}/zppc/public/notices`);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const before = await first.text();
    const again = await fetch(`${srv.url}/zppc/public/notices`);
    expect(again.headers.get('x-page-cache')).toBe('hit');
    expect(await again.text()).toBe(before);

    const { token } = await srv.login('xs', '13800000003');
    const saved = await srv.call('/api/xs/admin/notice/save', {
      token,
      body: { title: '缓存失效测试：春季招聘会延期通知', types: 'zxlb_01', content: '延期一周举行。', fbzt: 1 },
    });
    expect(saved.body).toMatchObject({ code: 0 });

    const after = await fetch(`${srv.url}/zppc/public/notices`);
    expect(after.headers.get('x-page-cache')).toBe('miss');
    expect(await after.text()).toContain('缓存失效测试：春季招聘会延期通知');
    expect(before).not.toContain('缓存失效测试');
  });

  it('readers arriving together at a page nobody has cached share one render', async () => {
    const renders = async () => Number(await (await fetch(`${srv.url}/zppc/renders`)).text());
    const before = await renders();
    const got = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const res = await fetch(`${srv.url}/zppc/public/notices?together=1`);
        return { status: res.status, how: res.headers.get('x-page-cache'), body: await res.text() };
      }),
    );
    expect((await renders()) - before).toBe(1);
    expect(got.every((g) => g.status === 200 && g.body === got[0].body && g.body.includes('<ul>'))).toBe(true);
    expect(got.filter((g) => g.how === 'miss')).toHaveLength(1);
  });

  it('keeps different queries apart and never caches protected pages or requests with credentials', async () => {
    await (await fetch(`${srv.url}/zppc/public/notices?page=1`)).text();
    const other = await fetch(`${srv.url}/zppc/public/notices?page=2`);
    expect(other.headers.get('x-page-cache')).toBe('miss');
    await (await fetch(`${srv.url}/zppc/job_hunter/hunter_home`)).text();
    const shell = await fetch(`${srv.url}/zppc/job_hunter/hunter_home`);
    expect(shell.headers.get('x-page-cache')).toBeNull();
    const withToken = await fetch(`${srv.url}/zppc/public/notices?page=1`, { headers: { token: 'abc' } });
    expect(withToken.headers.get('x-page-cache')).toBeNull();
    // A page for its reader only opts out with no-store.
    await (await fetch(`${srv.url}/zppc/public/notices?nostore=1`)).text();
    expect((await fetch(`${srv.url}/zppc/public/notices?nostore=1`)).headers.get('x-page-cache')).toBe('miss');
  });
});

/** A GET as sent, its body as it came over the wire (fetch would decode it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
const decode = (r: { headers: http.IncomingHttpHeaders; body: Buffer }) =>
  (r.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(r.body) : r.body).toString();

describe('compression by Accept-Encoding', () => {
  const server = useSiteServer({ demo: true });
  let srv: TestServer;
  beforeAll(() => {
    srv = server();
  });

  it('a page goes out in brotli or gzip as the reader accepts, rendered or from the cache, and plain to one who accepts neither', async () => {
    const url = `${srv.url}/zppc/public/big`;
    const first = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.headers['content-encoding']).toBe('br');
    const html = decode(first);
    expect(html).toContain('<p>线上招聘会 199</p>');
    expect(first.body.length).toBeLessThan(Buffer.byteLength(html) / 4);

    const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['x-page-cache']).toBe('hit');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(decode(gzip)).toBe(html);
    const br = await rawGet(url, { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decode(br)).toBe(html);

    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
    const refused = await rawGet(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('a page rendered for one reader (not cached) is compressed as it is written', async () => {
    const r = await rawGet(`${srv.url}/zppc/job_hunter/big`, { 'accept-encoding': 'gzip' });
    expect(r.headers['x-page-cache']).toBeUndefined();
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(decode(r)).toContain('<p>线上招聘会 199</p>');
  });

  it('a widget bundle goes out as the .br/.gz written at build, and API replies above 1 KB are compressed', async () => {
    const br = await rawGet(`${srv.url}/zppc/widgets/chat-ABCDEFGH.js`, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(br)).toMatch(/\/\/built$/);
    const gz = await rawGet(`${srv.url}/zppc/widgets/chat-ABCDEFGH.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz)).toMatch(/\/\/built$/);
    // Files too small to have compressed copies, from whichever widget directory holds them.
    const siteRoot = path.resolve(srv.app.services.config.siteDir!, '..', '..');
    for (const [file, type] of [['feedback.js', /javascript/], ['emoji/e0.svg', /svg/], ['feedback-4QSAOVY3.js', /javascript/]] as const) {
      const small = await rawGet(`${srv.url}/zppc/widgets/${file}`, { 'accept-encoding': 'br, gzip' });
      expect(small.status, file).toBe(200);
      expect(small.headers['content-type']).toMatch(type);
      expect(decode(small), file).toBe(fs.readFileSync(path.join(siteRoot, 'widgets', file.startsWith('feedback') ? 'feedback' : 'chat', 'dist', 'browser', file), 'utf8'));
    }
    expect((await rawGet(`${srv.url}/zppc/widgets/emoji/nope.svg`, { 'accept-encoding': 'br' })).status).toBe(404);
    expect((await rawGet(`${srv.url}/zppc/widgets/..%2F..%2Fpackage.json`, {})).status).toBe(404);
    const plain = await rawGet(`${srv.url}/zppc/widgets/chat-ABCDEFGH.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).not.toMatch(/\/\/built$/);

    const api = await rawGet(`${srv.url}/api/openapi.json`, { 'accept-encoding': 'br' });
    expect(api.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(api))).toHaveProperty('paths');
    // A small reply is not worth it.
    const small = await rawGet(`${srv.url}/api/health`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ code: 0 });
  });
});

describe('counted pages in the page cache', () => {
  const server = useSiteServer({ demo: true });
  let srv: TestServer;
  beforeAll(() => {
    srv = server();
  });

  it('a notice page is served from the cache, and each reader counts one visit a day however often they reload it', async () => {
    const { token } = await srv.login('xs', '13800000003');
    const saved = await srv.call('/api/xs/admin/notice/save', { token, body: { title: '浏览计数测试', types: 'zxlb_01', content: '计数。', fbzt: 1 } });
    expect(saved.body.code).toBe(0);
    const notice = await one<{ id: string; visits: number }>(srv.app.services.db, sql`select id::text as id, visits from notices where title = '浏览计数测试'`);
    const visits = async (id = notice!.id) => (await one<{ visits: number }>(srv.app.services.db, sql`select visits from notices where id = ${id}`))!.visits;
    const read = async (browser: string, which = 1) => {
      const r = await fetch(`${srv.url}/zppc/public/notices?counted=${which}`, { headers: { 'user-agent': browser } });
      // Read to its end: fetch resolves at the headers, and the render is stored once it has ended.
      await r.text();
      return r;
    };

    const first = await read('Browser-A');
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const served = [];
    for (let i = 0; i < 3; i++) served.push(await read('Browser-A'));
    served.push(await read('Browser-B'), await read('Browser-B'));
    expect(served.map((r) => r.headers.get('x-page-cache'))).toEqual(['hit', 'hit', 'hit', 'hit', 'hit']);
    // What is counted is the server's business, not the reader's.
    expect(served.every((r) => r.headers.get('x-page-views') === null)).toBe(true);
    // Views are written in batches, in the order they came: once a later reader of another page
    // is written, every read above is too.
    const other = await one<{ id: string; visits: number }>(srv.app.services.db, sql`select id::text as id, visits from notices where published order by released_at desc, id desc offset 1 limit 1`);
    await read('Browser-C', 2);
    await expect.poll(() => visits(other!.id), { timeout: 10_000 }).toBe(other!.visits + 1);
    // Two readers (the one who caused the render among them), each once.
    expect(await visits()).toBe(notice!.visits + 2);
  });

  it("a job read through the API counts once a day per person (or address and browser); the site's own renders not at all", async () => {
    const { list } = (await srv.call<ApiReply<typeof searchApi.jobs>>('/api/xs/app/search/gwpc', { query: { page: 1, limit: 1 } })).body.page;
    const gwid = list[0].gwid as string;
    const views = async () => (await one<{ views: number }>(srv.app.services.db, sql`select views from jobs where id = ${gwid}`))!.views;
    const before = await views();
    const read = (headers: Record<string, string> = {}, token?: string) => srv.call<ApiReply<typeof jobsApi.detail>>('/api/qz/qydwgwfbxx/findGwInfoQzById', { query: { gwid }, headers, token });
    const shown = [];
    for (let i = 0; i < 3; i++) shown.push((await read({ 'user-agent': 'Visitor-Browser' })).body.gwxxxqQzVO.llcs);
    expect(shown).toEqual([before + 1, before + 1, before + 1]);
    // The page's render (serverApi) is not a reader: the page counts whoever it serves.
    expect((await read({ 'user-agent': 'Visitor-Browser', 'x-zp-page-render': '1' })).body.code).toBe(0);
    expect((await read({ 'user-agent': 'Other-Computer', 'x-zp-page-render': '1' })).body.code).toBe(0);
    expect(await views()).toBe(before + 1);
    const seeker = await srv.login('qz', '13800000001');
    await read({ 'user-agent': 'Visitor-Browser' }, seeker.token);
    await read({ 'user-agent': 'Phone' }, seeker.token);
    expect(await views()).toBe(before + 2);
  });

  it('a counted page naming an id beyond bigint counts nothing and logs no error', async () => {
    const { token } = await srv.login('xs', '13800000003');
    const saved = await srv.call('/api/xs/admin/notice/save', { token, body: { title: '超长编号计数测试', types: 'zxlb_01', content: '计数。', fbzt: 1 } });
    expect(saved.body.code).toBe(0);
    const id = String(saved.body.bsid);
    const visits = async () => (await one<{ visits: number }>(srv.app.services.db, sql`select visits from notices where id = ${id}`))!.visits;
    const start = await visits();
    const read = async (views: string) => {
      const r = await fetch(`${srv.url}/zppc/public/notices?views=${encodeURIComponent(views)}`);
      await r.text();
      return r.headers.get('x-page-cache');
    };
    // rendered, then a reader served from the cache: the one who is counted
    for (const views of ['notice:9999999999999999999', 'notice:99999999999999999999999']) {
      expect(await read(views)).toBe('miss');
      expect(await read(views)).toBe('hit');
    }
    // a real notice read after them: once its visit is written, so is (or is not) what came before
    expect(await read(`notice:${id}`)).toBe('miss');
    expect(await read(`notice:${id}`)).toBe('hit');
    await expect.poll(visits, { timeout: 10_000 }).toBe(start + 1);
    expect(srv.logs.filter((l) => l.includes('page views not written'))).toEqual([]);
  });
});

describe('site mount without a build', () => {
  it('starts anyway and answers /zppc/ with the API 404', async () => {
    const srv = await startServer({ env: { SITE_DIR: path.join(os.tmpdir(), 'zp-no-such-site') } });
    try {
      const res = await srv.call('/zppc/');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 404 });
    } finally {
      await srv.close();
    }
  });
});
