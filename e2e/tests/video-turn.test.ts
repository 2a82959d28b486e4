/**
 * A video interview forced through TURN: coturn (Debian's turnserver) on loopback with the REST
 * secret scheme, a product of this journey's own started with TURN_SECRET and TURN_URLS (so every
 * join hands out credentials made for that user), and both pages allowed relay candidates only
 * (iceTransportPolicy 'relay'). The call connects, each side's picture plays and its bytes grow,
 * and the pair in use is a relay pair on both sides. Then the server restarts: both pages say
 * they are reconnecting, and the call goes on once their sockets are back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, ROOT_DIR, freePort } from '../lib/env.js';
import { demo, screenshot, useBrowser } from '../lib/harness.js';
import { enterFromDeviceCheck, receivesVideoFrom, room, selectedCandidateTypes, videoPerson } from '../lib/video.js';


async function waitFor(what: string, ok: () => Promise<boolean>, child: ChildProcess, log: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}:\n${fs.readFileSync(log, 'utf8').split('\n').slice(-30).join('\n')}`);
    if (await ok().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const tcpOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

describe('a video interview through TURN only', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });
  const secret = crypto.randomBytes(16).toString('hex');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zp-e2e-turn-'));
  let turn: ChildProcess | undefined;
  let product: ChildProcess | undefined;
  let url = '';
  let startProduct: () => Promise<void> = async () => {};

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const turnPort = await freePort();
    // A relay port range of its own, away from other runs on the machine.
    const minPort = 50_000 + Math.floor(Math.random() * 70) * 200;
    const turnLog = path.join(ARTIFACTS_DIR, 'turn.log');
    const turnOut = fs.openSync(turnLog, 'w');
    turn = spawn('turnserver', [
      '--listening-ip=127.0.0.1', '--relay-ip=127.0.0.1', `--listening-port=${turnPort}`, `--min-port=${minPort}`, `--max-port=${minPort + 199}`,
      '--allow-loopback-peers', '--use-auth-secret', `--static-auth-secret=${secret}`, '--realm=zp',
      '--no-cli', '--no-tls', '--no-dtls', '--log-file=stdout', '--simple-log', `--pidfile=${path.join(dataDir, 'turnserver.pid')}`,
    ], { stdio: ['ignore', turnOut, turnOut] });
    fs.closeSync(turnOut);
    await waitFor('turnserver', () => tcpOpen(turnPort), turn, turnLog, 20_000);

    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const log = path.join(ARTIFACTS_DIR, 'turn-server.log');
    fs.writeFileSync(log, '');
    // The embedded defaults with a fresh data dir, as the global setup starts the shared product.
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
    startProduct = async () => {
      const out = fs.openSync(log, 'a');
      product = spawn(process.execPath, [path.join(ROOT_DIR, 'server', 'dist', 'main.js')], {
        cwd: ROOT_DIR,
        env: {
          ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'info', PUBLIC_URL: url,
          TURN_SECRET: secret, TURN_URLS: `turn:127.0.0.1:${turnPort}?transport=udp`,
        },
        stdio: ['ignore', out, out],
      });
      fs.closeSync(out);
      await waitFor('the product', async () => (await fetch(`${url}/api/health`)).ok, product, log);
    };
    await startProduct();
  }, 180_000);

  afterAll(async () => {
    await stop(product);
    await stop(turn);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function call<T>(p: string, opts: { token?: string; body?: unknown } = {}): Promise<T> {
    const res = await fetch(new URL(p, url), {
      method: 'POST',
      headers: { ...(opts.token ? { token: opts.token } : {}), ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const data = (await res.json()) as T & { code: number; msg: string };
    if (data.code !== 0) throw new Error(`${p}: ${data.code} ${data.msg}`);
    return data;
  }

  it('connects with relay candidates only: pictures play both ways over a relay pair, and go on across a server restart', { timeout: 240_000 }, async () => {
    const hr = await videoPerson(browser(), 'hr', demo.hr.phone, 1280, { base: url, relay: true });
    const seeker = await videoPerson(browser(), 'qz', demo.seeker.phone, 375, { base: url, relay: true });
    try {
      // Arranged over the API: the HR opens a room with the seeker invited (the site's 发起视频面试 is the other journey's).
      const opened = await call<{ data: number }>(`/api/sec/trtc/hrOpenRoom?userId=${seeker.userId}`, { token: hr.token });
      for (const p of [hr, seeker]) {
        await p.page.goto(`/zppc/video?roomId=${opened.data}`);
        await enterFromDeviceCheck(p.page);
      }
      await receivesVideoFrom(hr.page, seeker.userId);
      await receivesVideoFrom(seeker.page, hr.userId);
      for (const p of [hr, seeker]) {
        const types = await selectedCandidateTypes(p.page);
        expect(types.length).toBeGreaterThan(0);
        expect(types.every((t) => t === 'relay')).toBe(true);
      }
      await room(hr.page).getByRole('button', { name: '离开', exact: true }).waitFor();
      await screenshot(hr.page, 'video-turn-hr-1280');

      // The server restarts (signalling sockets drop; media goes on peer to peer through TURN):
      // the pages say they are reconnecting, their sockets come back to the new process with the
      // same sessions, and the call goes on without anyone entering again.
      await stop(product);
      for (const p of [hr, seeker]) await room(p.page).getByText('网络连接中断，正在重新连接').waitFor({ timeout: 15_000 });
      await startProduct();
      for (const p of [hr, seeker]) await room(p.page).getByText('网络连接中断，正在重新连接').waitFor({ state: 'detached', timeout: 45_000 });
      await receivesVideoFrom(hr.page, seeker.userId);
      await receivesVideoFrom(seeker.page, hr.userId);
      expect(await room(seeker.page).getByLabel('摄像头画面预览').count()).toBe(0);
    } catch (err) {
      for (const [name, p] of [['hr', hr], ['seeker', seeker]] as const) await screenshot(p.page, `video-turn-failed-${name}`).catch(() => {});
      throw err;
    }
  });
});
