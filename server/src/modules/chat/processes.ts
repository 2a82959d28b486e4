/**
 * Real server processes for the reliability suites and the bench: the server bundled once (as
 * build.mjs does) and started as child processes that can be killed and started again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '../../..');

/** Bundles src/main.ts with its migrations into a directory inside server/ (so npm dependencies resolve). */
export async function bundleServer(): Promise<string> {
  const { build } = await import('esbuild');
  const out = path.join(serverRoot, 'node_modules', '.cache', `zp-chat-${process.pid}-${Date.now().toString(36)}`);
  const pkg = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
  await build({
    entryPoints: [path.join(serverRoot, 'src/main.ts')],
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies ?? {}),
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
  const { copyRuntimeFiles } = (await import(path.join(serverRoot, 'assets.mjs'))) as { copyRuntimeFiles: (outDir: string) => void };
  copyRuntimeFiles(out);
  return out;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  /** every log line the process printed (pino JSON and the banner) */
  logs: string[];
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the bundled server and waits until it answers /api/health; `nodeArgs` go to node (the bench's --cpu-prof). */
export async function startProcess(bundle: string, env: Record<string, string>, port?: number, nodeArgs: string[] = []): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const logs: string[] = [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(bundle, 'main.js')], {
    // Every test account registers from loopback, and the database may be shared with earlier
    // runs within the hour: the per-address SMS limit is lifted as in the in-process test servers.
    // The bench's thousands of idle sockets all come from loopback too.
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', SITE_DIR: '', HOST: '127.0.0.1', PORT: String(p), SMS_PER_ADDRESS_PER_HOUR: '1000000', SOCKETS_PER_ADDRESS: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (b: Buffer) => {
    logs.push(...String(b).split('\n').filter(Boolean));
    if (logs.length > 20_000) logs.splice(0, logs.length - 20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${logs.slice(-20).join('\n')}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${logs.slice(-20).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port: p,
    logs,
    child,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/** Registers a job seeker through the API, reading the SMS code from the process log. */
export async function registerThrough(server: ServerProcess, phone: string): Promise<{ userId: string; token: string }> {
  const post = async (p: string, body?: unknown, query = '') => {
    const r = await fetch(`${server.url}${p}${query}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await r.json()) as { code: number; userId: string; token: string };
  };
  const sent = await post('/api/sec/pc/registerValidateCode', undefined, `?phone=${phone}`);
  if (sent.code !== 0) throw new Error(`code: ${JSON.stringify(sent)}`);
  let code = '';
  for (let i = 0; i < 50 && !code; i++) {
    for (const line of server.logs) if (line.includes('"sms"') && line.includes(phone)) code = JSON.parse(line).sms.code;
    if (!code) await new Promise((r) => setTimeout(r, 50));
  }
  const crypto = await import('node:crypto');
  const r = await post('/api/sec/pc/registerQz', { phone, pwd: crypto.createHash('md5').update('secret123').digest('hex'), validateCode: code });
  if (r.code !== 0) throw new Error(`register: ${JSON.stringify(r)}`);
  return { userId: r.userId, token: r.token };
}

/** Logs a demo account (DEMO=1, password zp123456) in through the API. */
export async function demoLoginThrough(server: { url: string }, role: 'hr' | 'xs', phone: string): Promise<{ userId: string; token: string }> {
  const crypto = await import('node:crypto');
  const path = role === 'hr' ? '/api/sec/pc/logonHr' : '/api/sec/pc/logonXs';
  const r = (await (await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ logintype: 0, phone, pwd: crypto.createHash('md5').update('zp123456').digest('hex') }),
  })).json()) as { code: number; userId: string; token: string };
  if (r.code !== 0) throw new Error(`login: ${JSON.stringify(r)}`);
  return { userId: String(r.userId), token: r.token };
}

export async function userSigThrough(server: { url: string }, token: string): Promise<string> {
  const r = (await (await fetch(`${server.url}/api/sec/trtc/userSig`, { headers: { token } })).json()) as { code: number; userSig: string };
  if (r.code !== 0) throw new Error(`userSig: ${JSON.stringify(r)}`);
  return r.userSig;
}
