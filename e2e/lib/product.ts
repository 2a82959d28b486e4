/**
 * A product process of a journey's own (the built `server/dist/main.js`, DEMO=1, its own port and
 * DATA_DIR), for journeys that stop and start the server: the shared one of the global setup
 * stays up for the other journeys.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARTIFACTS_DIR, ROOT_DIR, freePort } from './env.js';

export interface Product {
  url: string;
  /** the process's stdout and stderr (pino JSON lines) */
  log: string;
  /** Stops the process (SIGKILL: as a crash would) and waits until it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and data, and waits until it answers. */
  start(): Promise<void>;
  /** Stops it and removes its data. */
  dispose(): Promise<void>;
}


export async function startProduct(name: string, env: Record<string, string> = {}): Promise<Product> {
  const main = path.join(ROOT_DIR, 'server', 'dist', 'main.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `zp-e2e-${name}-`));
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const log = path.join(ARTIFACTS_DIR, `${name}-server.log`);
  fs.writeFileSync(log, '');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The embedded defaults, as the global setup starts the product (no shared database or Redis).
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  let child: ChildProcess | null = null;

  const start = async () => {
    const out = fs.openSync(log, 'a');
    const c = spawn(process.execPath, [main], {
      cwd: ROOT_DIR,
      env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'info', PUBLIC_URL: url, ...env },
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    child = c;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (c.exitCode !== null) throw new Error(`the product exited with ${c.exitCode}:\n${fs.readFileSync(log, 'utf8').split('\n').slice(-30).join('\n')}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`no answer from ${url}/api/health within 120 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    await exited;
  };

  await start();
  return {
    url,
    log,
    stop,
    start,
    async dispose() {
      await stop('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
