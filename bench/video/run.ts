/**
 * Video interviews: how long from "进入房间" to the first remote frame, and what a 3-person room
 * costs in CPU.
 *
 * 1. Join → first frame. The demo HR is in a room (opened over the API with the demo seeker
 *    invited); the seeker's page shows the device check; the clock starts when the seeker clicks
 *    进入房间 (the accepting side) and stops at the first frame of the other person's picture
 *    (videoWidth > 0), on the seeker's page and on the HR's. Everything of the product is inside:
 *    joinRoom, camera and microphone, the signalling socket, ICE, DTLS, decoding. The seeker leaves
 *    between runs. Peer figure in the same Chromium, same run: a bare RTCPeerConnection pair in one
 *    page (getUserMedia, offer/answer handed over directly, first frame on the receiving element).
 * 2. CPU of a 3-person room: HR, seeker and a colleague in one room (each sends 480p to two and
 *    receives two), Chromium's processes and the server's, over a window of --seconds; beside the
 *    same three pages open with no room (the site's idle cost).
 *
 *   pnpm --filter @zp/bench bench:video [--runs 10] [--seconds 20]
 *
 * It starts the built product (server/dist + site/dist + widgets/*\/dist/browser) with DEMO=1 on a free
 * port and a fresh data directory; the demo enterprise is made a paying member first (the free
 * HR's once-a-day rule would refuse the second run). Debian's Chromium with a fake camera.
 * Results: printed, and written to bench/results/video-latest.md and a dated JSON file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { writeResults } from '../lib/results.js';
import { formatMs, median, percentile } from '../lib/stats.js';

const here = import.meta.dirname;
const root = path.resolve(here, '..', '..');
// Debian's Chromium through the e2e package's playwright-core (never a downloaded browser).
const e2eRequire = createRequire(path.join(root, 'e2e', 'package.json'));
const { chromium } = e2eRequire('playwright-core') as typeof import('playwright-core');
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection', '--autoplay-policy=no-user-gesture-required',
];

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '10' }, seconds: { type: 'string', default: '20' } } });
const RUNS = Math.max(3, Number(args.runs));
const SECONDS = Math.max(5, Number(args.seconds));
const PASSWORD = 'zp123456';
const DEMO = { seeker: '13800000001', hr: '13800000002', operator: '13800000003' };
const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
const TICK = 100; // clock ticks per second of /proc/<pid>/stat (CLK_TCK on Linux)

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function startProduct(): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const main = path.join(root, 'server', 'dist', 'main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'widgets', 'video-room', 'dist', 'browser', 'video-room.js'))) {
    throw new Error('build first: npx pnpm@10.34.8 -r build');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zp-bench-video-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...process.env, DEMO: '1', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the product did not start');
}

async function api<T>(base: string, p: string, opts: { token?: string; body?: unknown; method?: string } = {}): Promise<T> {
  const res = await fetch(new URL(p, base), {
    method: opts.method ?? 'POST',
    headers: { ...(opts.token ? { token: opts.token } : {}), ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const data = (await res.json()) as T & { code: number; msg: string };
  if (data.code !== 0) throw new Error(`${p}: ${data.code} ${data.msg}`);
  return data;
}

interface Grant { token: string; expiresIn: number; userId: string; roleId: string; userName: string; phone: string }
const login = (base: string, role: 'qz' | 'hr' | 'xs', phone: string) =>
  api<Grant>(base, { qz: '/api/sec/pc/logonQz', hr: '/api/sec/pc/logonHr', xs: '/api/sec/pc/logonXs' }[role], { body: { logintype: 0, phone, pwd: md5(PASSWORD) } });

/** A page of its own (own context, so own session) for `grant`. */
async function personPage(browser: Browser, base: string, grant: Grant): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 }, permissions: ['camera', 'microphone'] });
  const session = { token: grant.token, userId: grant.userId, roleId: grant.roleId, userName: grant.userName, phone: grant.phone, avatar: '', expiresAt: Date.now() + grant.expiresIn * 1000 };
  await context.addInitScript({ content: NAME_SHIM });
  // Only when absent: the site rotates the token on each page load and keeps the new one.
  await context.addInitScript((s: object) => {
    if (!localStorage.getItem('zp:session')) localStorage.setItem('zp:session', JSON.stringify(s));
  }, session);
  return context.newPage();
}

const room = (page: Page) => page.locator('zp-video-room');
/** tsx compiles with esbuild's keepNames: functions handed to page.evaluate call its __name helper. */
const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((f) => f);';

/** Into the room from the device check; resolves once the camera is on. */
async function enter(page: Page) {
  await room(page).getByRole('button', { name: '进入房间' }).click();
  await room(page).getByRole('button', { name: '摄像头' }).and(room(page).locator('[aria-pressed="true"]')).waitFor({ timeout: 30_000 });
}

/** Resolves with Date.now() at the first frame of `userId`'s picture in this page's room. */
const firstFrameAt = (page: Page, userId: string) =>
  page.evaluate(
    (id: string) =>
      new Promise<number>((resolve) => {
        const tick = () => {
          const v = document.querySelector('zp-video-room')?.shadowRoot?.querySelector<HTMLVideoElement>(`.tile[data-user="${id}"] video`);
          if (v && v.videoWidth > 0) return resolve(Date.now());
          setTimeout(tick, 2);
        };
        tick();
      }),
    userId,
  );

/** One run of the product: the seeker clicks 进入房间; ms to the first remote frame on each side. */
async function productRun(browser: Browser, base: string, roomId: number, hrPage: Page, hr: Grant) {
  // A login of its own each time: a token the site has rotated stops working a minute later.
  const seeker = await login(base, 'qz', DEMO.seeker);
  const page = await personPage(browser, base, seeker);
  await page.goto(`/zppc/video?roomId=${roomId}`);
  await room(page).getByLabel('摄像头画面预览').waitFor({ timeout: 30_000 });
  await room(page).getByRole('button', { name: '进入房间' }).waitFor();
  const frames = Promise.all([firstFrameAt(page, hr.userId), firstFrameAt(hrPage, seeker.userId)]);
  const started = await page.evaluate(() => {
    const button = [...(document.querySelector('zp-video-room')!.shadowRoot!.querySelectorAll('button'))].find((b) => b.textContent?.includes('进入房间'))!;
    const t = Date.now();
    button.click();
    return t;
  });
  const [a, b] = await frames;
  // Leave as a person does (the server is told at once), then close the page.
  await room(page).getByRole('button', { name: '离开', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '离开' }).click();
  await room(page).getByText('您已离开房间').waitFor();
  await room(hrPage).locator(`.tile[data-user="${seeker.userId}"]`).waitFor({ state: 'detached', timeout: 30_000 });
  await page.context().close();
  return { seekerFirstFrame: a - started, hrFirstFrame: b - started };
}

/** The peer: a bare RTCPeerConnection pair in one page, from getUserMedia to the first frame received. */
async function bareRun(browser: Browser, base: string): Promise<number> {
  const context = await browser.newContext({ baseURL: base, permissions: ['camera', 'microphone'] });
  await context.addInitScript({ content: NAME_SHIM });
  const page = await context.newPage();
  await page.goto('/api/health');
  const ms = await page.evaluate(async () => {
    const t0 = performance.now();
    const stream = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: true });
    const a = new RTCPeerConnection();
    const b = new RTCPeerConnection();
    a.onicecandidate = (e) => e.candidate && void b.addIceCandidate(e.candidate);
    b.onicecandidate = (e) => e.candidate && void a.addIceCandidate(e.candidate);
    const video = document.createElement('video');
    video.muted = true;
    video.autoplay = true;
    document.body.append(video);
    const shown = new Promise<number>((resolve) => {
      b.ontrack = (e) => {
        if (e.track.kind !== 'video') return;
        video.srcObject = new MediaStream([e.track]);
        const tick = () => (video.videoWidth > 0 ? resolve(performance.now()) : setTimeout(tick, 2));
        tick();
      };
    });
    for (const t of stream.getTracks()) a.addTrack(t, stream);
    await a.setLocalDescription();
    await b.setRemoteDescription(a.localDescription!);
    await b.setLocalDescription();
    await a.setRemoteDescription(b.localDescription!);
    const t1 = await shown;
    for (const t of stream.getTracks()) t.stop();
    a.close();
    b.close();
    return t1 - t0;
  });
  await context.close();
  return ms;
}

// ---------------------------------------------------------------- CPU

function cpuTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]); // utime + stime
  } catch {
    return 0;
  }
}

/** pid and every descendant of it now. */
function tree(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) for (const [c, p] of parent) if (p === out[i]) out.push(c);
  return out;
}

/** CPU used by the process trees over `seconds`, as a percentage of one core. */
async function cpuOver(pids: number[], seconds: number): Promise<number> {
  const all = pids.flatMap(tree);
  const before = all.reduce((s, p) => s + cpuTicks(p), 0);
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const after = all.reduce((s, p) => s + cpuTicks(p), 0);
  return ((after - before) / TICK / ((Date.now() - t0) / 1000)) * 100;
}

// ---------------------------------------------------------------- run

const loadBefore = os.loadavg()[0];
const product = await startProduct();
// A browser server: its process id is what the CPU figures read.
const server = await chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
const browser = await chromium.connect(server.wsEndpoint());
const base = product.url;
try {
  const hr = await login(base, 'hr', DEMO.hr);
  const seeker = await login(base, 'qz', DEMO.seeker);
  const operator = await login(base, 'xs', DEMO.operator);
  // A paying member: no 20-minute end and no once-a-day rule across the runs.
  const info = await api<{ qyDwhrxxEntity: { dwid: string } }>(base, '/api/hr/qydwhrxx/getHrInfo', { token: hr.token, method: 'GET' });
  const vipEnd = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
  await api(base, '/api/xs/admin/companies/vip', { token: operator.token, body: { dwid: info.qyDwhrxxEntity.dwid, vip: 1, vipEnd } });
  const opened = await api<{ data: number }>(base, `/api/sec/trtc/hrOpenRoom?userId=${seeker.userId}`, { token: hr.token });
  const roomId = opened.data;

  const hrPage = await personPage(browser, base, hr);
  await hrPage.goto(`/zppc/video?roomId=${roomId}`);
  await room(hrPage).getByLabel('摄像头画面预览').waitFor({ timeout: 30_000 });
  await enter(hrPage);

  // Warm-up (first loads of the widget's chunks), then the measured runs, alternating with the peer.
  await productRun(browser, base, roomId, hrPage, hr);
  await bareRun(browser, base);
  const product1: { seekerFirstFrame: number; hrFirstFrame: number }[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    product1.push(await productRun(browser, base, roomId, hrPage, hr));
    bare.push(await bareRun(browser, base));
    process.stdout.write(`run ${i + 1}/${RUNS}: product ${product1[i].seekerFirstFrame} / ${product1[i].hrFirstFrame} ms, bare pair ${bare[i].toFixed(0)} ms\n`);
  }

  // ---- CPU of a 3-person room
  const colleaguePhone = `137${String(Date.now()).slice(-8)}`;
  await api(base, '/api/hr/qyhrjrqysh/addSubAccount', { token: hr.token, body: { phone: colleaguePhone, pwd: md5(PASSWORD), xm: '赵敏', zw: '技术面试官' } });
  const colleague = await login(base, 'hr', colleaguePhone);
  const browserPid = server.process().pid;
  const others: Page[] = [];
  const seekerAgain = await login(base, 'qz', DEMO.seeker);
  for (const g of [seekerAgain, colleague]) {
    const p = await personPage(browser, base, g);
    await p.goto(`/zppc/video?roomId=${roomId}`);
    await room(p).getByLabel('摄像头画面预览').waitFor({ timeout: 30_000 });
    await enter(p);
    others.push(p);
  }
  const seats: [Page, Grant][] = [[hrPage, hr], [others[0]!, seekerAgain], [others[1]!, colleague]];
  for (const [p, self] of seats) for (const [, g] of seats) if (g.userId !== self.userId) await firstFrameAt(p, g.userId);
  await new Promise((r) => setTimeout(r, 3000)); // settle: bandwidth estimation ramps up
  const roomChromium = browserPid ? await cpuOver([browserPid], SECONDS) : NaN;
  const roomServer = await cpuOver([product.child.pid!], 3);
  // The same three people on a site page with no room: what the pages cost on their own.
  for (const p of [hrPage, ...others]) await p.goto('/zppc/');
  await new Promise((r) => setTimeout(r, 3000));
  const idleChromium = browserPid ? await cpuOver([browserPid], SECONDS) : NaN;

  const s = product1.map((r) => r.seekerFirstFrame);
  const h = product1.map((r) => r.hrFirstFrame);
  const line = (xs: number[]) => `median ${formatMs(median(xs))} ms · p90 ${formatMs(percentile(xs, 90))} ms · min ${formatMs(Math.min(...xs))} ms`;
  const cores = os.cpus().length;
  const at = new Date().toISOString();
  const md = `# Video interviews: join to first frame, CPU of a 3-person room

${at} · ${cores} CPU · ${RUNS} runs · demo data on PGlite · Debian Chromium ${browser.version()} with a fake camera (480p)
· 1-minute load average ${loadBefore.toFixed(2)} before the run, ${os.loadavg()[0].toFixed(2)} after (other work on the machine shows here)

## 进入房间 → first remote frame

| | ${'median · p90 · min'} |
|---|---|
| product: the seeker clicks 进入房间 → the HR's picture on the seeker's page | ${line(s)} |
| product: the same click → the seeker's picture on the HR's page | ${line(h)} |
| peer: bare RTCPeerConnection pair in one page, getUserMedia → first frame | ${line(bare)} |

The product's figure holds joinRoom over HTTP, camera and microphone capture, the signalling
socket (auth, join, offer/answer, candidates through the server), ICE and DTLS between two pages,
and the first decoded frame; the peer holds capture, one offer/answer handed over in memory, ICE
and DTLS inside one page, and the first frame.

## CPU of a 3-person room (each sends 480p to two, receives two)

| | CPU, % of one core (${SECONDS} s) |
|---|---|
| Chromium, three people in one room (3 pages, 3 peer-connection pairs) | ${roomChromium.toFixed(0)} % |
| Chromium, the same three pages on the home page, no room | ${idleChromium.toFixed(0)} % |
| the server during the call (signalling only; media is peer to peer) | ${roomServer.toFixed(1)} % |

All three people run in one Chromium on this machine, so the room's figure is three participants'
encoding and decoding together (software VP8, --disable-gpu); one participant's share is about a third.
`;
  console.log(`\n${md}`);
  writeResults(
    'video',
    md,
    { at, cores, load: [loadBefore, os.loadavg()[0]], runs: RUNS, seconds: SECONDS, chromium: browser.version(), product: product1, bare, cpu: { roomChromium, idleChromium, roomServer } },
    at.replace(/[:.]/g, '-'),
  );
} finally {
  await browser.close().catch(() => {});
  await server.close().catch(() => {});
  const exited = new Promise((r) => product.child.once('exit', r));
  product.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  fs.rmSync(product.dataDir, { recursive: true, force: true });
}
