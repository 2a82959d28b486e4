/**
 * Video interviews: how long from "进入房间" to the first remote picture, and what a room of 2, 3,
 * 6 or 9 people costs each person and the media server, peer to peer (mesh) beside the SFU (Janus).
 *
 * 1. Join → first frame. The demo HR is in a room (opened over the API with the demo seeker
 *    invited); the seeker's page shows the device check; the clock starts when the seeker clicks
 *    进入房间 (the accepting side) and stops at the first frame of the other person's picture
 *    (videoWidth > 0), on the seeker's page and on the HR's. Everything of the product is inside:
 *    joinRoom, camera and microphone, the signalling socket, ICE, DTLS, decoding. The seeker leaves
 *    between runs. Measured for a 1:1 call (peer to peer) and for a third person entering a room
 *    that goes through Janus. Peer figure in the same Chromium, same run: a bare RTCPeerConnection
 *    pair in one page (getUserMedia, offer/answer handed over directly, first frame received).
 * 2. Room sizes. n people (the HR, the seeker and HR colleagues) in one room, every picture
 *    playing, then over --seconds: each person's upload (all outbound RTP), the time their
 *    Chromium spent encoding video (outbound-rtp totalEncodeTime), the frames per second each
 *    remote picture arrives at, Chromium's CPU in all, the server's, and Janus's (CPU and memory).
 *    Once on a product with JANUS=off (a mesh: each person sends to n−1) and once with Janus
 *    (each sends once, in two simulcast layers; 2 people stay peer to peer in both).
 * 3. Recording: the HR asks, the seeker agrees, --record-seconds of call, both hang up; seconds
 *    from the hang-up until the file is ready, per minute of interview.
 *
 *   pnpm --filter @zp/bench bench:video [--runs 10] [--seconds 20] [--settle 15] [--sizes 3,6,9] [--record-seconds 60]
 *
 * It starts the built product (server/dist + site/dist + widgets/*\/dist/browser) with DEMO=1 on free
 * ports and fresh data directories, twice (JANUS=off, and JANUS=on which needs Debian's `janus`);
 * the demo enterprise is made a paying member first (rooms beyond two, no once-a-day rule). All
 * people run in one Debian Chromium with a fake camera (640×480), so CPU figures are everyone's
 * together. Results: printed, and written to bench/results/video-latest.md and a dated JSON file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
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

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '20' },
    sizes: { type: 'string', default: '3,6' },
    'record-seconds': { type: 'string', default: '60' },
    settle: { type: 'string', default: '15' },
  },
});
const RUNS = Math.max(3, Number(args.runs));
const SECONDS = Math.max(5, Number(args.seconds));
const SIZES = [...new Set(args.sizes.split(',').map(Number).filter((n) => n >= 3 && n <= 12))].sort((a, b) => a - b);
const RECORD_SECONDS = Math.max(10, Number(args['record-seconds']));
/** Seconds between every picture playing and the window: bandwidth estimation ramps up, layers settle. */
const SETTLE = Math.max(0, Number(args.settle));
/** A mesh takes at most this many people (RTC_MAX_MEMBERS). */
const MESH_MAX = 6;
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

interface Product { url: string; child: ChildProcess; dataDir: string }

/** The built product on a port and data directory of its own; `env` on top (JANUS on or off). */
async function startProduct(env: Record<string, string>): Promise<Product> {
  const main = path.join(root, 'server', 'dist', 'main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'widgets', 'video-room', 'dist', 'browser', 'video-room.js'))) {
    throw new Error('build first: npx pnpm@10.34.8 -r build');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zp-bench-video-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...process.env, DEMO: '1', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', ...env },
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
  await context.addInitScript({ content: NAME_SHIM + PC_COLLECTOR });
  // Only when absent: the site rotates the token on each page load and keeps the new one.
  await context.addInitScript((s: object) => {
    if (!localStorage.getItem('zp:session')) localStorage.setItem('zp:session', JSON.stringify(s));
  }, session);
  return context.newPage();
}

const room = (page: Page) => page.locator('zp-video-room');
/** tsx compiles with esbuild's keepNames: functions handed to page.evaluate call its __name helper. */
const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((f) => f);';
/** Keeps every RTCPeerConnection the page makes in window.__pcs, to read their stats. */
const PC_COLLECTOR = `{
  const Native = window.RTCPeerConnection;
  const list = (window.__pcs = []);
  window.RTCPeerConnection = class extends Native { constructor(c) { super(c); list.push(this); } };
}`;

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

/** RSS of a process in MB (0 once it is gone). */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The Janus the product started (its configuration lives in the product's data directory). */
function janusPid(dataDir: string): number {
  const out = execFileSync('pgrep', ['-f', `${dataDir}/janus/janus.jcfg`], { encoding: 'utf8' }).trim().split('\n').map(Number);
  // The shell that runs it matches too: Janus itself is the one whose command is the binary.
  for (const pid of out) if (execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' }).trim() === 'janus') return pid;
  throw new Error(`no janus among ${out.join(', ')}`);
}

// ---------------------------------------------------------------- rooms of n

/** What one page's peer connections have sent, encoded and decoded so far. */
interface Counters { at: number; sent: number; encodeSeconds: number; framesDecoded: number; remotes: number }
const counters = (page: Page) =>
  page.evaluate(async (): Promise<Counters> => {
    let sent = 0;
    let encodeSeconds = 0;
    let framesDecoded = 0;
    let remotes = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; bytesSent?: number; totalEncodeTime?: number; framesDecoded?: number }) => {
        if (s.type === 'outbound-rtp') {
          sent += s.bytesSent ?? 0;
          if (s.kind === 'video') encodeSeconds += s.totalEncodeTime ?? 0;
        }
        if (s.type === 'inbound-rtp' && s.kind === 'video' && (s.framesDecoded ?? 0) > 0) {
          framesDecoded += s.framesDecoded ?? 0;
          remotes++;
        }
      });
    }
    return { at: performance.now(), sent, encodeSeconds, framesDecoded, remotes };
  });

/** Per person over a window: upload kbit/s, % of a core spent encoding, frames/s per remote picture. */
const perPerson = (a: Counters, b: Counters, others: number) => {
  const s = (b.at - a.at) / 1000;
  return {
    uploadKbps: ((b.sent - a.sent) * 8) / 1000 / s,
    encodePct: ((b.encodeSeconds - a.encodeSeconds) / s) * 100,
    fpsPerPicture: (b.framesDecoded - a.framesDecoded) / s / others,
  };
};

/** Who can be put in rooms; each call logs in afresh (a token the site has rotated stops working a minute later). */
interface Cast { base: string; hr: () => Promise<Grant>; seeker: () => Promise<Grant>; colleagues: (() => Promise<Grant>)[] }

/** Logs in the demo HR, makes the enterprise a paying member and adds `colleagues` HR colleagues. */
async function castOf(base: string, colleagues: number): Promise<Cast> {
  const hr = await login(base, 'hr', DEMO.hr);
  const operator = await login(base, 'xs', DEMO.operator);
  const info = await api<{ qyDwhrxxEntity: { dwid: string } }>(base, '/api/hr/qydwhrxx/getHrInfo', { token: hr.token, method: 'GET' });
  const vipEnd = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
  await api(base, '/api/xs/admin/companies/vip', { token: operator.token, body: { dwid: info.qyDwhrxxEntity.dwid, vip: 1, vipEnd } });
  const mates: (() => Promise<Grant>)[] = [];
  for (let i = 0; i < colleagues; i++) {
    const phone = `137${String(Date.now() + i).slice(-8)}`;
    await api(base, '/api/hr/qyhrjrqysh/addSubAccount', { token: hr.token, body: { phone, pwd: md5(PASSWORD), xm: `面试官${i + 1}`, zw: '技术面试官' } });
    const g = await login(base, 'hr', phone);
    // A new account agrees to the platform's documents before anything else (the page would ask).
    const pending = await api<{ pending: { kind: string; version: number }[] }>(base, '/api/sec/pc/consent', { token: g.token, method: 'GET' });
    if (pending.pending.length) await api(base, '/api/sec/pc/consent', { token: g.token, body: Object.fromEntries(pending.pending.map((p) => [p.kind, p.version])) });
    mates.push(() => login(base, 'hr', phone));
  }
  return { base, hr: () => login(base, 'hr', DEMO.hr), seeker: () => login(base, 'qz', DEMO.seeker), colleagues: mates };
}

/** n people of the cast in a new room, every picture playing everywhere. */
async function fillRoom(browser: Browser, cast: Cast, n: number) {
  const hr = await cast.hr();
  const seeker = await cast.seeker();
  const opened = await api<{ data: number }>(cast.base, `/api/sec/trtc/hrOpenRoom?userId=${seeker.userId}`, { token: hr.token });
  const grants = [hr, seeker, ...(await Promise.all(cast.colleagues.slice(0, n - 2).map((g) => g())))];
  const pages: Page[] = [];
  for (const g of grants) {
    const p = await personPage(browser, cast.base, g);
    await p.goto(`/zppc/video?roomId=${opened.data}`);
    await room(p).getByLabel('摄像头画面预览').waitFor({ timeout: 60_000 });
    await enter(p);
    pages.push(p);
  }
  // Every remote picture decoding on every page (read from the stats: pictures on another page of
  // the tile pager are hidden, and a hidden <video> reports no size).
  // What does not come within 90 s is reported with the figures, with the state of that page.
  const missing: string[] = [];
  const t0 = Date.now();
  for (const [i, p] of pages.entries()) {
    while ((await counters(p)).remotes < n - 1 && Date.now() - t0 < 90_000) await new Promise((r) => setTimeout(r, 250));
    const got = (await counters(p)).remotes;
    if (got < n - 1) missing.push(`page ${i + 1} decoded ${got} of ${n - 1} pictures after 90 s; ${await pageState(p)}`);
  }
  const end = async () => {
    // A session of its own: the page has rotated the HR's token.
    await api(cast.base, `/api/sec/trtc/endRoom?channelId=${opened.data}`, { token: (await cast.hr()).token });
    for (const p of pages) await p.context().close();
  };
  return { pages, end, missing };
}

/** A page's tiles (person, video on, decoded width) and its connections' states, for a report. */
const pageState = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('zp-video-room')?.shadowRoot;
    const tiles = [...(root?.querySelectorAll<HTMLElement>('.tile') ?? [])].map((t) => `${t.dataset.user}:${t.dataset.video}:${t.querySelector('video')?.videoWidth ?? '-'}`);
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.map((pc) => pc.connectionState);
    return `tiles ${tiles.join(' ')}; connections ${pcs.join(' ')}`;
  });

interface SizeFigures {
  mode: 'mesh' | 'sfu';
  people: number;
  uploadKbps: number[];
  encodePct: number[];
  fpsPerPicture: number[];
  chromiumPct: number;
  serverPct: number;
  janusPct: number | null;
  janusMb: number | null;
  missing: string[];
}

async function measureRoom(browser: Browser, browserPid: number, product: Product, cast: Cast, mode: 'mesh' | 'sfu', n: number, janus: { pid: number; idleMb: number } | null): Promise<SizeFigures> {
  const filled = await fillRoom(browser, cast, n);
  try {
    await new Promise((r) => setTimeout(r, SETTLE * 1000));
    const before = await Promise.all(filled.pages.map(counters));
    const [chromiumPct, serverPct, janusPct] = await Promise.all([
      cpuOver([browserPid], SECONDS),
      cpuOver([product.child.pid!], SECONDS),
      janus ? cpuOver([janus.pid], SECONDS) : Promise.resolve(null),
    ]);
    const after = await Promise.all(filled.pages.map(counters));
    const each = before.map((b, i) => perPerson(b, after[i]!, n - 1));
    return {
      mode,
      people: n,
      uploadKbps: each.map((e) => e.uploadKbps),
      encodePct: each.map((e) => e.encodePct),
      fpsPerPicture: each.map((e) => e.fpsPerPicture),
      chromiumPct,
      serverPct,
      janusPct,
      janusMb: janus ? rssMb(janus.pid) - janus.idleMb : null,
      missing: filled.missing,
    };
  } finally {
    await filled.end();
  }
}

/** Hang-up → a playable file: the HR asks, the seeker agrees, RECORD_SECONDS of call, both leave. */
async function recordOnce(browser: Browser, cast: Cast) {
  const hr = await cast.hr();
  const seeker = await cast.seeker();
  const opened = await api<{ data: number }>(cast.base, `/api/sec/trtc/hrOpenRoom?userId=${seeker.userId}`, { token: hr.token });
  const pages: Page[] = [];
  for (const g of [hr, seeker]) {
    const p = await personPage(browser, cast.base, g);
    await p.goto(`/zppc/video?roomId=${opened.data}`);
    await room(p).getByLabel('摄像头画面预览').waitFor({ timeout: 60_000 });
    await enter(p);
    pages.push(p);
  }
  const [hrPage, seekerPage] = pages as [Page, Page];
  await room(hrPage).getByRole('button', { name: '录制', exact: true }).click();
  await seekerPage.getByRole('alertdialog').filter({ hasText: '是否同意录制本次面试？' }).getByRole('button', { name: '同意', exact: true }).click();
  for (const p of pages) await room(p).getByRole('status').filter({ hasText: '录制中' }).waitFor({ timeout: 30_000 });
  await new Promise((r) => setTimeout(r, RECORD_SECONDS * 1000));
  for (const p of pages) {
    await room(p).getByRole('button', { name: '离开', exact: true }).click();
    await p.getByRole('alertdialog').filter({ hasText: '确定要离开房间吗？' }).getByRole('button', { name: '离开' }).click();
  }
  const hungUp = Date.now();
  const reader = await cast.hr();
  for (;;) {
    const list = await api<{ list: { roomId: number; state: string; seconds: number | null }[] }>(cast.base, '/api/sec/trtc/recordings', { token: reader.token, method: 'GET' });
    const mine = list.list.find((r) => r.roomId === opened.data);
    if (mine?.state === 'ready') {
      for (const p of pages) await p.context().close();
      return { composeSeconds: (Date.now() - hungUp) / 1000, interviewSeconds: mine.seconds ?? RECORD_SECONDS };
    }
    if (mine?.state === 'failed' || Date.now() - hungUp > 300_000) throw new Error(`recording ${mine?.state ?? 'missing'}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// ---------------------------------------------------------------- run

const loadBefore = os.loadavg()[0];
const mesh = await startProduct({ JANUS: 'off' });
const sfu = await startProduct({ JANUS: 'on', JANUS_RTP_PORTS: '44000-44999' });
// A browser server: its process id is what the CPU figures read.
const server = await chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
const browser = await chromium.connect(server.wsEndpoint());
const browserPid = server.process().pid!;
const colleagues = Math.max(1, ...SIZES) - 2;
try {
  const meshCast = await castOf(mesh.url, Math.min(colleagues, MESH_MAX - 2));
  const sfuCast = await castOf(sfu.url, Math.max(1, colleagues));
  const janusAt = janusPid(sfu.dataDir);
  const janusIdleMb = rssMb(janusAt);

  // ---- 1. join → first frame: a 1:1 call (peer to peer), and a third person entering a room through Janus
  const joinSetup = async (cast: Cast, colleague: boolean) => {
    const hr = await cast.hr();
    const seeker = await cast.seeker();
    const opened = await api<{ data: number }>(cast.base, `/api/sec/trtc/hrOpenRoom?userId=${seeker.userId}`, { token: hr.token });
    const present: Page[] = [];
    for (const g of colleague ? [hr, await cast.colleagues[0]!()] : [hr]) {
      const p = await personPage(browser, cast.base, g);
      await p.goto(`/zppc/video?roomId=${opened.data}`);
      await room(p).getByLabel('摄像头画面预览').waitFor({ timeout: 30_000 });
      await enter(p);
      present.push(p);
    }
    return { roomId: opened.data, hrPage: present[0]!, hr, present };
  };
  const call = await joinSetup(meshCast, false);
  const third = await joinSetup(sfuCast, true);
  // Warm-up (first loads of the widget's chunks), then the measured runs, alternating with the peer.
  await productRun(browser, mesh.url, call.roomId, call.hrPage, call.hr);
  await productRun(browser, sfu.url, third.roomId, third.hrPage, third.hr);
  await bareRun(browser, mesh.url);
  const calls: { seekerFirstFrame: number; hrFirstFrame: number }[] = [];
  const thirds: { seekerFirstFrame: number; hrFirstFrame: number }[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    calls.push(await productRun(browser, mesh.url, call.roomId, call.hrPage, call.hr));
    thirds.push(await productRun(browser, sfu.url, third.roomId, third.hrPage, third.hr));
    bare.push(await bareRun(browser, mesh.url));
    process.stdout.write(`run ${i + 1}/${RUNS}: 1:1 ${calls[i]!.seekerFirstFrame} / ${calls[i]!.hrFirstFrame} ms, third through Janus ${thirds[i]!.seekerFirstFrame} / ${thirds[i]!.hrFirstFrame} ms, bare pair ${bare[i]!.toFixed(0)} ms\n`);
  }
  for (const p of [...call.present, ...third.present]) await p.context().close();

  // ---- 2. rooms of n: the site's idle cost first (the same Chromium, pages on the home page)
  const idlePages: Page[] = [];
  for (let i = 0; i < 3; i++) {
    const p = await personPage(browser, mesh.url, await meshCast.hr());
    await p.goto('/zppc/');
    idlePages.push(p);
  }
  await new Promise((r) => setTimeout(r, 3000));
  const idleChromium = await cpuOver([browserPid], SECONDS);
  for (const p of idlePages) await p.context().close();

  const sizes: SizeFigures[] = [];
  for (const n of [2, ...SIZES]) {
    for (const mode of ['mesh', 'sfu'] as const) {
      // Two people are peer to peer in both products: measured once.
      if ((n === 2 && mode === 'sfu') || (mode === 'mesh' && n > MESH_MAX)) continue;
      const product = mode === 'mesh' ? mesh : sfu;
      const figures = await measureRoom(browser, browserPid, product, mode === 'mesh' ? meshCast : sfuCast, mode, n, mode === 'sfu' ? { pid: janusAt, idleMb: janusIdleMb } : null);
      sizes.push(figures);
      process.stdout.write(`${n} people, ${mode}: upload ${median(figures.uploadKbps).toFixed(0)} kbit/s each, ${median(figures.fpsPerPicture).toFixed(1)} fps per picture, Chromium ${figures.chromiumPct.toFixed(0)} %\n`);
    }
  }

  // ---- 3. recording
  const recorded = await recordOnce(browser, sfuCast);

  const s1 = calls.map((r) => r.seekerFirstFrame);
  const h1 = calls.map((r) => r.hrFirstFrame);
  const s3 = thirds.map((r) => r.seekerFirstFrame);
  const h3 = thirds.map((r) => r.hrFirstFrame);
  const line = (xs: number[]) => `median ${formatMs(median(xs))} ms · p90 ${formatMs(percentile(xs, 90))} ms · min ${formatMs(Math.min(...xs))} ms`;
  const ratio = (xs: number[]) => `${(median(xs) / median(bare)).toFixed(1)}×`;
  const two = sizes.find((f) => f.people === 2)!;
  const perStream = (f: SizeFigures) => (f.janusPct === null ? '—' : `${(f.janusPct / (f.people * (f.people - 1))).toFixed(2)} %`);
  const sizeRow = (f: SizeFigures) =>
    `| ${f.people} | ${f.mode === 'mesh' ? (f.people === 2 ? 'peer to peer' : 'mesh') : 'SFU (Janus)'} | ${median(f.uploadKbps).toFixed(0)} kbit/s (${(median(f.uploadKbps) / median(two.uploadKbps)).toFixed(2)}×) | ${median(f.encodePct).toFixed(0)} % | ${median(f.fpsPerPicture).toFixed(1)} (min ${Math.min(...f.fpsPerPicture).toFixed(1)}) | ${f.chromiumPct.toFixed(0)} % (${(f.chromiumPct / f.people).toFixed(0)} % each) | ${f.serverPct.toFixed(1)} % | ${f.janusPct === null ? '—' : `${f.janusPct.toFixed(1)} %, ${perStream(f)} per stream, +${(f.janusMb ?? 0).toFixed(1)} MB`} |`;
  const meshBeyond = SIZES.filter((n) => n > MESH_MAX);
  const cores = os.cpus().length;
  const at = new Date().toISOString();
  const md = `# Video interviews: join to first frame, rooms of 2–${Math.max(...SIZES)} people mesh vs SFU, recording

${at} · ${cores} CPU · ${RUNS} runs · demo data on PGlite · Debian Chromium ${browser.version()} with a fake camera (640×480) · Janus from Debian
· 1-minute load average ${loadBefore.toFixed(2)} before the run, ${os.loadavg()[0].toFixed(2)} after (other work on the machine shows here)

## 进入房间 → first remote frame

| | median · p90 · min | median vs the peer |
|---|---|---|
| 1:1 call (peer to peer): the seeker clicks 进入房间 → the HR's picture on the seeker's page | ${line(s1)} | ${ratio(s1)} |
| 1:1 call: the same click → the seeker's picture on the HR's page | ${line(h1)} | ${ratio(h1)} |
| a third person enters a room through Janus → the HR's picture on their page | ${line(s3)} | ${ratio(s3)} |
| the same click → the newcomer's picture on the HR's page | ${line(h3)} | ${ratio(h3)} |
| peer: bare RTCPeerConnection pair in one page, getUserMedia → first frame | ${line(bare)} | 1× |

The product's figures hold joinRoom over HTTP, camera and microphone capture, the signalling
socket (auth, join, offer/answer, candidates through the server), ICE and DTLS (with Janus: the
newcomer's uplink and a subscription per person present, negotiated by the server through janode),
and the first decoded frame; the peer holds capture, one offer/answer handed over in memory, ICE
and DTLS inside one page, and the first frame.

## Rooms of n people (${SECONDS} s window, ${SETTLE} s after every picture plays)

| people | path | upload per person (vs 2 people) | encoding, % of a core per person | frames/s per remote picture | Chromium, all pages | server | Janus: CPU, per forwarded video stream, memory |
|---|---|---|---|---|---|---|---|
${sizes.map(sizeRow).join('\n')}

Chromium with the same pages on the home page and no room: ${idleChromium.toFixed(0)} % (3 pages).
${sizes.flatMap((f) => f.missing.map((m) => `\n- ${f.people} people, ${f.mode}: ${m}`)).join('')}
Upload is every outbound RTP byte of a person's connections (camera in all its layers and
microphone); the SFU's is the two simulcast layers (640×480 and 320×240) once, the mesh's one
picture per other person. Forwarded video streams through Janus: n × (n − 1). All people run in one
Chromium on this 2-core machine (software VP8, --disable-gpu), so above about 6 pages the pages
compete for the same two cores and frames per second fall for that reason too.${meshBeyond.length ? ` A mesh takes at most ${MESH_MAX} people: ${meshBeyond.join(', ')} only through Janus.` : ''}

## Recording

The HR asks, the seeker agrees, ${RECORD_SECONDS} s of call, both hang up: the file (both videos side by
side, both voices; janus-pp-rec + ffmpeg) was ready **${recorded.composeSeconds.toFixed(1)} s** after the
hang-up for a ${recorded.interviewSeconds} s interview: **${(recorded.composeSeconds / (recorded.interviewSeconds / 60)).toFixed(1)} s per minute** of interview.
`;
  console.log(`\n${md}`);
  writeResults(
    'video',
    md,
    { at, cores, load: [loadBefore, os.loadavg()[0]], runs: RUNS, seconds: SECONDS, chromium: browser.version(), calls, thirds, bare, idleChromium, sizes, recorded },
    at.replace(/[:.]/g, '-'),
  );
} finally {
  await browser.close().catch(() => {});
  await server.close().catch(() => {});
  for (const product of [mesh, sfu]) {
    const exited = new Promise((r) => product.child.once('exit', r));
    product.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    fs.rmSync(product.dataDir, { recursive: true, force: true });
  }
}
