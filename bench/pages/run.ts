/**
 * Page weight and render time of the public pages.
 *
 * For each public page: the bytes of JavaScript and CSS (gzip -9 of each file, as served) that
 * Chromium loads for it with nobody logged in and no interaction, beside the peer figure of the
 * same page's HTML alone (gzip); and the server's time for the page uncached (a query no cache
 * holds, so Astro renders it from the API) and cached (the same url again), median of --runs.
 * Budgets: the home page loads at most 60 KB gzip of JavaScript for a visitor; the same page for a
 * logged-in job seeker at most 100 KB of JavaScript on the wire after 3 s idle (issue 15); the chat
 * widget's entry with its static chunks (what a page loads before anyone opens the chat) at most
 * 60 KB on the wire.
 *
 *   pnpm --filter @zp/bench bench:pages [--runs 15] [--url http://127.0.0.1:8080]
 *
 * Without --url it starts the built product (server/dist + site/dist, `node build.mjs` and the
 * site build first) with DEMO=1 on a free port and a fresh data directory.
 * Results: printed, and written to bench/results/pages-latest.md and a dated JSON file.
 */
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { startProduct } from '../lib/product.js';
import { writeResults } from '../lib/results.js';
// @ts-expect-error a plain ES module of the widgets' build, without types
import { staticImports } from '../../widgets/build-split.mjs';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';

const here = import.meta.dirname;
const root = path.resolve(here, '..', '..');
// Debian's Chromium through the e2e package's playwright-core (never a downloaded browser).
const e2eRequire = createRequire(path.join(root, 'e2e', 'package.json'));
const { chromium } = e2eRequire('playwright-core') as typeof import('playwright-core');

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '15' }, url: { type: 'string' } } });
const RUNS = Math.max(3, Number(args.runs));
const HOME_JS_BUDGET = 60 * 1024;
const SEEKER_HOME_WIRE_BUDGET = 100 * 1024;
const CHAT_ENTRY_WIRE_BUDGET = 60 * 1024;
// Each widget as a page downloads it before it runs (null: no budget set). Chat, issue 6: its own JS
// with the self-hosted SDK (the Tencent SDK is a chunk loaded only when configured); job fairs, issue 14.
const WIDGET_BUDGETS: Record<string, number | null> = { chat: CHAT_ENTRY_WIRE_BUDGET, 'job-fairs': 40 * 1024, feedback: null, 'video-room': null };
const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];


interface PageResult {
  page: string;
  path: string;
  jsFiles: number;
  jsGzip: number;
  /** <script> blocks inside the HTML (Astro inlines small page scripts and the island loader) */
  inlineJsGzip: number;
  cssGzip: number;
  htmlGzip: number;
  /** bytes as sent over the connection (Chromium's encoded body sizes): the HTML document, its JS, everything */
  wireHtml: number;
  wireJs: number;
  wireAll: number;
  uncachedMs: number;
  cachedMs: number | null;
}

async function api<T>(url: string, p: string, init?: RequestInit): Promise<T> {
  return (await fetch(url + p, init)).json() as Promise<T>;
}

const { url, child } = await startProduct(args.url, 'pages');
try {
  // Real ids from the demo data for the detail pages.
  const fairs = await api<{ page: { list: { hxid: string; ifks: number }[] } }>(url, '/api/hr/bshxxx/findHxListByType?page=1&limit=1&type=1');
  const jobs = await api<{ page: { list: { gwid: string; dwid: string }[] } }>(url, '/api/xs/app/search/gwpc?page=1&limit=1');
  const notices = await api<{ page: { list: { bsid: string }[] } }>(url, '/api/xs/notice/getNoticeMsgWeb', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, limit: 1 }),
  });
  const schools = await api<{ page: { list: { dwid: string }[] } }>(url, '/api/hr/bskhgl/findDwListByType?page=1&limit=1&type=2');
  const fair = fairs.page.list[0];
  const job = jobs.page.list[0];
  const pages: [string, string][] = [
    ['首页', '/zppc/'],
    ['招聘会列表', '/zppc/public/meetinglist?venue=1'],
    ['会场', `/zppc/public/meetinghall/${fair.hxid}/${fair.ifks}`],
    ['岗位搜索', '/zppc/public/jobretrieve?val=1'],
    ['岗位详情', `/zppc/public/postdetail?gwid=${job.gwid}`],
    ['单位详情', `/zppc/public/enterdetail?dwid=${job.dwid}`],
    ['公告详情', `/zppc/public/noticedetail?noticeid=${notices.page.list[0].bsid}`],
    ['高校联盟', '/zppc/public/schoollist'],
    ['高校', `/zppc/public/school?dwid=${schools.page.list[0].dwid}`],
    ['招聘服务', '/zppc/public/rpo'],
    ['引才专区', '/zppc/public/yczq'],
    ['会员服务', '/zppc/public/textvip'],
    ['满意度与意见反馈', '/zppc/public/surveydetail'],
  ];

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results: PageResult[] = [];
  for (const [name, p] of pages) {
    // Weight: everything the page loads on its own, in a fresh context (no cache, nobody logged in).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const bodies = new Map<string, { type: string; body: Buffer }>();
    const wire = { html: 0, js: 0, all: 0 };
    const sized: Promise<void>[] = [];
    page.on('requestfinished', (req) => {
      sized.push(
        req.sizes().then((s) => {
          wire.all += s.responseBodySize;
          if (req.resourceType() === 'document') wire.html += s.responseBodySize;
          if (req.resourceType() === 'script') wire.js += s.responseBodySize;
        }),
      );
    });
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      try {
        bodies.set(res.url(), { type, body: await res.body() });
      } catch {
        // a response without a body (redirect): nothing to count
      }
    });
    await page.goto(url + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await Promise.all(sized);
    const html = await (await fetch(url + p)).text();
    await context.close();
    const js = [...bodies.values()].filter((b) => b.type === 'script');
    const css = [...bodies.values()].filter((b) => b.type === 'stylesheet');
    // Inline <style> and <script> blocks are part of the HTML figure.
    const jsGzip = js.reduce((n, b) => n + gz(b.body), 0);
    const cssGzip = css.reduce((n, b) => n + gz(b.body), 0);

    // Server time: a url no cache holds (Astro renders it), then the same url again (cache).
    const uncached: number[] = [];
    const cached: number[] = [];
    let cacheable = true;
    for (let i = 0; i < RUNS; i++) {
      const u = `${url}${p}${p.includes('?') ? '&' : '?'}_bench=${Date.now()}${i}`;
      let t = performance.now();
      const first = await fetch(u);
      await first.arrayBuffer();
      uncached.push(performance.now() - t);
      t = performance.now();
      const again = await fetch(u);
      await again.arrayBuffer();
      cached.push(performance.now() - t);
      if (again.headers.get('x-page-cache') !== 'hit') cacheable = false;
    }
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
    results.push({
      page: name,
      path: p,
      jsFiles: js.length,
      jsGzip,
      inlineJsGzip: inline.trim() ? gz(inline) : 0,
      cssGzip,
      htmlGzip: gz(html),
      wireHtml: wire.html,
      wireJs: wire.js,
      wireAll: wire.all,
      uncachedMs: median(uncached),
      cachedMs: cacheable ? median(cached) : null,
    });
    process.stdout.write('.');
  }
  // The same home page for a logged-in job seeker: islands hydrate at once (React comes with them).
  const md5 = (await import('node:crypto')).createHash('md5').update('zp123456').digest('hex');
  const grant = await api<{ token: string; userId: string; roleId: string; userName: string; phone: string; expiresIn: number }>(url, '/api/sec/pc/logonQz', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ logintype: 0, phone: '13800000001', pwd: md5 }),
  });
  const seekerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const session = { token: grant.token, userId: grant.userId, roleId: grant.roleId, userName: grant.userName, phone: grant.phone, avatar: '', expiresAt: Date.now() + grant.expiresIn * 1000 };
  await seekerContext.addInitScript((s) => localStorage.setItem('zp:session', s), JSON.stringify(session));
  const seekerPage = await seekerContext.newPage();
  let seekerHomeJs = 0;
  let seekerHomeWireJs = 0;
  const seekerFiles: { file: string; wire: number }[] = [];
  const seekerSized: Promise<void>[] = [];
  seekerPage.on('requestfinished', (req) => {
    if (req.resourceType() !== 'script') return;
    seekerSized.push(
      req.sizes().then((s) => {
        seekerHomeWireJs += s.responseBodySize;
        seekerFiles.push({ file: new URL(req.url()).pathname, wire: s.responseBodySize });
      }),
    );
  });
  await seekerPage.goto(`${url}/zppc/`, { waitUntil: 'networkidle' });
  // What the page has fetched after 3 s of idle (anything loaded on idle counts).
  await seekerPage.waitForTimeout(3000);
  await Promise.all(seekerSized);
  await seekerContext.close();
  // The same files at gzip -9, fetched again (a page's response bodies are not all kept by Chromium).
  for (const f of seekerFiles) seekerHomeJs += gz(Buffer.from(await (await fetch(url + f.file)).arrayBuffer()));

  // Each widget as a page downloads it before it runs: the stable <name>.js, the content-hashed
  // bundle it imports and that bundle's static chunks (dynamic chunks load later or never).
  // "wire": the bodies as the server sends them to Chromium (its Accept-Encoding: brotli), counted
  // without decoding.
  const widgets: { name: string; gzip: number | null; wire: number | null; budget: number | null }[] = [];
  const { request } = await import('node:http');
  const rawSize = (file: string) =>
    new Promise<number>((resolve, reject) => {
      request(`${url}/zppc/widgets/${file}`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve(n));
      }).on('error', reject).end();
    });
  for (const [name, budget] of Object.entries(WIDGET_BUDGETS)) {
    const pending = [`${name}.js`];
    const fetched = new Set<string>();
    let gzip: number | null = 0;
    let wire: number | null = 0;
    while (pending.length && gzip !== null && wire !== null) {
      const file = pending.pop()!;
      if (fetched.has(file)) continue;
      fetched.add(file);
      const res = await fetch(`${url}/zppc/widgets/${file}`);
      if (!res.ok) gzip = wire = null;
      else {
        const body = Buffer.from(await res.arrayBuffer());
        gzip += gz(body);
        wire += await rawSize(file);
        pending.push(...staticImports(body.toString('utf8')));
      }
    }
    widgets.push({ name, gzip, wire, budget });
  }
  const widgetGzip = (name: string) => widgets.find((w) => w.name === name)?.gzip ?? null;
  const feedbackWidgetGzip = widgetGzip('feedback');
  const chatWidgetGzip = widgetGzip('chat');
  const chatWidgetWire = widgets.find((w) => w.name === 'chat')?.wire ?? null;
  await browser.close();
  process.stdout.write('\n');

  const home = results[0];
  const visitorPass = home.jsGzip + home.inlineJsGzip <= HOME_JS_BUDGET;
  const seekerPass = seekerHomeWireJs <= SEEKER_HOME_WIRE_BUDGET;
  const chatPass = chatWidgetWire !== null && chatWidgetWire <= CHAT_ENTRY_WIRE_BUDGET;
  const pass = visitorPass && seekerPass && chatPass;
  const load = os.loadavg().map((n) => n.toFixed(2)).join(' ');
  const uptime = (() => {
    try {
      return execFileSync('uptime', { encoding: 'utf8' }).trim();
    } catch {
      return `load average ${load}`;
    }
  })();
  const rows = results.map(
    (r) =>
      `| ${r.page} | ${kb(r.jsGzip)} (${r.jsFiles}) | ${kb(r.inlineJsGzip)} | ${kb(r.cssGzip)} | ${kb(r.htmlGzip)} | ${kb(r.wireHtml)} / ${kb(r.wireJs)} / ${kb(r.wireAll)} | ${r.uncachedMs.toFixed(1)} ms | ${r.cachedMs === null ? '— (no-store: counts views)' : `${r.cachedMs.toFixed(1)} ms`} |`,
  );
  const md = `# Public pages: weight and server time

${new Date().toISOString()} · ${os.cpus().length} CPU · ${RUNS} runs per page · demo data on PGlite · gzip -9 per file
Machine at the end of the run: \`${uptime}\` — other work shared the machine, so times are rough; sizes are exact.

| budget | figure | limit | |
|---|---|---|---|
| home page JavaScript, visitor (gzip, files + inline) | ${kb(home.jsGzip + home.inlineJsGzip)} | ${kb(HOME_JS_BUDGET)} | **${visitorPass ? 'met' : 'NOT met'}** |
| home page JavaScript, logged-in job seeker, on the wire after 3 s idle | ${kb(seekerHomeWireJs)} | ${kb(SEEKER_HOME_WIRE_BUDGET)} | **${seekerPass ? 'met' : 'NOT met'}** |
| chat widget: chat.js with its static chunks, on the wire (before anyone opens the chat) | ${chatWidgetWire === null ? 'not built' : kb(chatWidgetWire)} | ${kb(CHAT_ENTRY_WIRE_BUDGET)} | **${chatPass ? 'met' : 'NOT met'}** |

| page | JS files, gzip (count) | inline JS, gzip (inside the HTML) | CSS gzip | peer: HTML only, gzip | on the wire: HTML / JS / all | server, uncached (median) | server, cached (median) |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Home page JavaScript for a visitor: **${kb(home.jsGzip + home.inlineJsGzip)}** gzip (files ${kb(home.jsGzip)} + inline ${kb(home.inlineJsGzip)}) — budget 60 KB: **${visitorPass ? 'met' : 'NOT met'}**.
The same home page for a logged-in job seeker: **${kb(seekerHomeWireJs)}** of JavaScript as sent on the wire after 3 s idle
(the same files at gzip -9: ${kb(seekerHomeJs)}) — budget 100 KB: **${seekerPass ? 'met' : 'NOT met'}**. Islands hydrate at
once for a logged-in person (client:session), and React 19 with react-dom is most of that; the chat
launcher (button and live unread badge) is bundled with the site and shares its session core, and the
chat panel with its SDK (chat-panel.js) loads on first use, not in these 3 s. A visitor's
islands hydrate on first intent (pointer over, focus, touch) and load the same then.

<details><summary>The logged-in seeker's home page, script by script (on the wire)</summary>

| script | on the wire |
|---|---|
${[...seekerFiles].sort((a, b) => b.wire - a.wire).map((f) => `| ${f.file} | ${kb(f.wire)} |`).join('\n')}

</details>

The feedback widget (widgets/feedback, its own React inside) is not part of any page load: the
footer loads it when someone opens the dialog (${feedbackWidgetGzip ? kb(feedbackWidgetGzip) : 'not built'} gzip then).
The chat widget's script (widgets/chat: the launcher, with the session core and the light chat
connection inside; the panel, Preact and the self-hosted chat SDK in chat-panel.js on first use), as a
partner page loads it: **${chatWidgetWire === null ? 'not built' : kb(chatWidgetWire)}** on the wire (${chatWidgetGzip ? kb(chatWidgetGzip) : 'not built'} gzip -9).

| widget | what a page downloads before it runs (<name>.js, its hashed bundle, static chunks): gzip -9 / on the wire | budget (on the wire for chat, gzip for the others) |
|---|---|---|
${widgets.map((w) => `| ${w.name} | ${w.gzip === null ? 'not built' : `${kb(w.gzip)} / ${kb(w.wire ?? 0)}`} | ${w.budget === null ? '—' : `${kb(w.budget)}: **${(w.name === 'chat' ? w.wire : w.gzip) !== null && (w.name === 'chat' ? w.wire! : w.gzip!) <= w.budget ? 'met' : 'NOT met'}**`} |`).join('\n')}

JS and CSS are what Chromium fetched for the page with nobody logged in and no interaction
(islands hydrating on load included). "On the wire" is the body bytes as the server sent them
(brotli or gzip where Chromium asked for it), from Chromium's own request sizes. Times are the whole request over loopback, measured by
the client: "uncached" asks a url no cache holds, "cached" asks the same url right after.
`;
  console.log(md);
  writeResults('pages', md, { at: new Date().toISOString(), uptime, runs: RUNS, budget: HOME_JS_BUDGET, seekerHomeWireBudget: SEEKER_HOME_WIRE_BUDGET, chatEntryWireBudget: CHAT_ENTRY_WIRE_BUDGET, pass, visitorPass, seekerPass, chatPass, seekerHomeJs, seekerHomeWireJs, seekerFiles, feedbackWidgetGzip, chatWidgetGzip, chatWidgetWire, widgets, results });
  if (!pass) process.exitCode = 1;
} finally {
  child?.kill();
}
