/**
 * The built product for a bench: started on its embedded defaults (PGlite, no Redis, demo data)
 * in a fresh data directory on a free port, or an address given with --url.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Waits until /api/health answers; stops early when the child has exited. */
async function untilHealthy(url: string, child: ChildProcess | null) {
  for (let i = 0; i < 600; i++) {
    if (child && child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child?.kill();
  throw new Error('the product did not start');
}

/** `given`: the --url of the bench, used as it is; otherwise server/dist + site/dist are started. */
export async function startProduct(given: string | undefined, tag: string): Promise<{ url: string; child: ChildProcess | null }> {
  if (given) return { url: given.replace(/\/$/, ''), child: null };
  const main = path.join(root, 'server', 'dist', 'main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'site', 'dist', 'server', 'entry.mjs'))) {
    throw new Error('build first: (cd server && node build.mjs) and pnpm --filter @zp/site build');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `zp-bench-${tag}-`));
  const child = spawn(process.execPath, [main], {
    cwd: path.join(root, 'server'),
    env: { ...process.env, DEMO: '1', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', S3_ENDPOINT: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await untilHealthy(url, child);
  return { url, child };
}
