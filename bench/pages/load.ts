/**
 * Load on the public pages: 50 concurrent readers for 60 s on the embedded default (PGlite), with
 * the page cache expiring under them (its lifetime is 30 s) — the stampede of issue 10 — beside a
 * bare Fastify route serving a fixed string, loaded the same way in the same run.
 *
 *   pnpm --filter @zp/bench bench:pages-load [--connections 50] [--seconds 60] [--url http://127.0.0.1:8080]
 *
 * Load generator: lib/load.ts, a closed loop of N keep-alive readers (what autocannon does with
 * N connections; autocannon would serve as well, but installing it from the registry failed
 * here, and the loop is fifty lines on node:http). A request unanswered after 10 s, the spec's
 * request timeout, counts as a timeout. Each reader walks the public pages in turn, as a crawler
 * or a busy day would; answers are also counted by how the page cache served them.
 *
 * Without --url it starts the built product (server/dist + site/dist) with DEMO=1 on a free port
 * and a fresh data directory: PGlite, no Redis. Prints the figures with the machine's load
 * average and writes bench/results/pages-load-latest.md and a dated JSON file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { runLoad, type LoadResult } from '../lib/load.js';
import { freePort, startProduct } from '../lib/product.js';
import { formatMs } from '../lib/stats.js';
import { writeResults } from '../lib/results.js';

const here = import.meta.dirname;
const { values: args } = parseArgs({
  options: { connections: { type: 'string', default: '50' }, seconds: { type: 'string', default: '60' }, url: { type: 'string' } },
});
const CONNECTIONS = Math.max(1, Number(args.connections));
const SECONDS = Math.max(5, Number(args.seconds));
/** The spec's request timeout (section 9), seconds. */
const TIMEOUT_S = 10;


async function startPeer(bodyFile: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = fork(path.join(here, 'peer.mjs'), [], { env: { ...process.env, PORT: String(port), PEER_BODY_FILE: bodyFile }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the peer exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

interface Figures extends LoadResult {
  target: string;
  loadBefore: number[];
  loadAfter: number[];
}

async function load(target: string, url: string, paths: string[]): Promise<Figures> {
  const loadBefore = os.loadavg();
  const r = await runLoad({ url, paths, readers: CONNECTIONS, seconds: SECONDS, timeoutMs: TIMEOUT_S * 1000 });
  return { target, ...r, loadBefore, loadAfter: os.loadavg() };
}

const api = async <T>(url: string, p: string, init?: RequestInit): Promise<T> => (await fetch(url + p, init)).json() as Promise<T>;

const { url, child } = await startProduct(args.url, 'load');
let peer: { url: string; child: ChildProcess } | null = null;
const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zp-bench-peer-')), 'home.html');
try {
  // The public pages of the pages bench, with real ids from the demo data.
  const fairs = await api<{ page: { list: { hxid: string; ifks: number }[] } }>(url, '/api/hr/bshxxx/findHxListByType?page=1&limit=1&type=1');
  const jobs = await api<{ page: { list: { gwid: string; dwid: string }[] } }>(url, '/api/xs/app/search/gwpc?page=1&limit=1');
  const notices = await api<{ page: { list: { bsid: string }[] } }>(url, '/api/xs/notice/getNoticeMsgWeb', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, limit: 1 }),
  });
  const fair = fairs.page.list[0];
  const job = jobs.page.list[0];
  const paths = [
    '/zppc/',
    '/zppc/public/meetinglist?venue=1',
    `/zppc/public/meetinghall/${fair.hxid}/${fair.ifks}`,
    '/zppc/public/jobretrieve?val=1',
    `/zppc/public/postdetail?gwid=${job.gwid}`,
    `/zppc/public/enterdetail?dwid=${job.dwid}`,
    `/zppc/public/noticedetail?noticeid=${notices.page.list[0].bsid}`,
    '/zppc/public/schoollist',
    '/zppc/public/rpo',
    '/zppc/public/yczq',
    '/zppc/public/textvip',
  ];
  // Each page answers before the load starts (and the peer serves the home page as it came).
  for (const p of paths) {
    const res = await fetch(url + p);
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
    const html = await res.text();
    if (p === '/zppc/') fs.writeFileSync(bodyFile, html);
  }
  peer = await startPeer(bodyFile);

  const product = await load('public pages (product, PGlite)', url, paths);
  const bare = await load('bare Fastify route (fixed string)', peer.url, ['/']);

  const cpus = os.cpus().length;
  const row = (f: Figures) =>
    `| ${f.target} | ${f.requests} | ${f.requestsPerSecond.toFixed(0)} | ${formatMs(f.p50Ms)} | ${formatMs(f.p99Ms)} | ${formatMs(f.maxMs)} | ${f.timeouts} | ${f.errors} | ${f.non2xx} | ${f.loadBefore.map((x) => x.toFixed(2)).join(' / ')} → ${f.loadAfter.map((x) => x.toFixed(2)).join(' / ')} |`;
  const pass = product.timeouts === 0 && product.errors === 0 && product.non2xx === 0;
  const md = [
    `# Public pages under load (${new Date().toISOString()})`,
    '',
    `${CONNECTIONS} concurrent readers (keep-alive, closed loop) for ${SECONDS} s each, timeout ${TIMEOUT_S} s, ${paths.length} public pages in turn; machine: ${cpus} CPU, ${os.cpus()[0]?.model ?? ''}.`,
    'Load average: 1 / 5 / 15 min, before → after each run.',
    '',
    '| target | requests | req/s | p50 ms | p99 ms | max ms | timeouts | errors | non-2xx | load average |',
    '|---|---|---|---|---|---|---|---|---|---|',
    row(product),
    row(bare),
    '',
    `Product answers by page cache: ${Object.entries(product.cache).map(([k, v]) => `${k} ${v}`).join(', ')}.`,
    '',
    `Goal: 0 timeouts on the product — ${pass ? 'met' : 'NOT met'}.`,
    '',
  ].join('\n');
  console.log(md);
  writeResults('pages-load', md, { at: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, timeoutS: TIMEOUT_S, cpus, paths, pass, product, peer: bare });
  if (!pass) process.exitCode = 1;
} finally {
  peer?.child.kill();
  child?.kill();
}
