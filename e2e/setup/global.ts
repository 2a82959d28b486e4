/**
 * Starts the built product (`node server/dist/main.js`, DEMO=1, a fresh DATA_DIR, a free port)
 * and one Chromium for every test file. Builds nothing: `npm test` builds first; for a local run
 * build with `npx pnpm@10.34.8 -r build`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ARTIFACTS_DIR, CHROMIUM_ARGS, CHROMIUM_PATH, ROOT_DIR, freePort } from '../lib/env.js';


const tail = (file: string) => fs.readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');

async function waitForHealth(url: string, child: ChildProcess, log: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode} before it was ready:\n${tail(log)}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url}/api/health within ${timeoutMs / 1000} s:\n${tail(log)}`);
}

export default async function setup(project: TestProject) {
  const main = path.join(ROOT_DIR, 'server', 'dist', 'main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: build first (npx pnpm@10.34.8 -r build)`);
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);

  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zp-e2e-'));
  const serverLog = path.join(ARTIFACTS_DIR, 'server.log');
  const out = fs.openSync(serverLog, 'w');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  // The product on its embedded defaults with a fresh data dir: CI exports DATABASE_URL and
  // REDIS_URL for the server suites, and a shared database would carry one run's data into the next.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [main], {
    cwd: ROOT_DIR,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'info',
      // The shared product keeps rooms peer to peer (the mesh journeys); video-sfu starts a
      // product of its own with Janus on.
      // Every journey's visitor posts feedback, registers accounts and opens its pages' sockets
      // from the one loopback address, and several journeys type wrong passwords at their own accounts.
      JANUS: 'off', FEEDBACK_ANON_PER_HOUR: '1000', LOGIN_ACCOUNTS_PER_ADDRESS: '1000', LOGIN_ACCOUNTS_PER_ADDRESS_DAY: '1000', SMS_PER_ADDRESS_PER_HOUR: '100000', SOCKETS_PER_ADDRESS: '100000', PUBLIC_URL: baseUrl },
    stdio: ['ignore', out, out],
  });

  let browser: BrowserServer | null = null;
  const teardown = async () => {
    await browser?.close().catch(() => {});
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.closeSync(out);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, serverLog);
    const home = await fetch(`${baseUrl}/zppc/`);
    await home.arrayBuffer(); // read it all, so the connection is free again
    if (!(home.headers.get('content-type') ?? '').includes('text/html')) {
      throw new Error(`${baseUrl}/zppc/ is not the site (${home.status}): build the site first (npx pnpm@10.34.8 --filter @zp/site build)`);
    }
    browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  } catch (err) {
    await teardown();
    throw err;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('serverLog', serverLog);
  return teardown;
}
