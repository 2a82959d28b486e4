/**
 * Starts the real server (PGlite in a temp dir, or PostgreSQL in a schema of its own when the
 * suite runs in the postgres project) and talks to it over HTTP.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { authApi, Reply as ContractReply, Envelope } from '@zp/core/contract';
import pino from 'pino';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedDemo } from '../src/demo.js';

export const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
export const DEMO_PWD = md5('zp123456');

interface CallOptions {
  method?: string;
  body?: unknown;
  /** raw text body (for malformed JSON tests) */
  raw?: string;
  query?: Record<string, string | number | boolean | undefined>;
  token?: string | null;
  headers?: Record<string, string>;
}

/** What a contract route answers on success, to type a call: `srv.call<ApiReply<typeof fairsApi.list>>(…)`. */
export type ApiReply<S> = ContractReply<S>;

/**
 * The body of a reply whose call names no reply type: the code and msg every reply carries, and
 * the route's own fields, unknown until the call names its type (ApiReply, or a local one).
 */
export type ReplyBody = Envelope & Record<string, unknown>;

export interface Reply<T = ReplyBody> {
  status: number;
  body: T;
}

export interface TestServer {
  url: string;
  app: App;
  logs: string[];
  call<T = ReplyBody>(path: string, opts?: CallOptions): Promise<Reply<T>>;
  /** The last SMS code the log sender printed for this phone. */
  smsCode(phone: string): string;
  /** Registers a job seeker through the API (code from the log) and returns the session. */
  registerSeeker(phone: string, password?: string): Promise<{ token: string; userId: string }>;
  registerHr(phone: string, password?: string, extra?: { xm?: string; zw?: string }): Promise<{ token: string; userId: string }>;
  login(role: 'qz' | 'hr' | 'xs', phone: string, password?: string): Promise<{ token: string; userId: string }>;
  close(): Promise<void>;
}

export const dbKind = (process.env.ZP_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

export async function startServer(opts: { demo?: boolean; env?: Record<string, string> } = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zp-test-'));
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const usePg = dbKind === 'postgres';
  if (usePg && !process.env.DATABASE_URL) throw new Error('the postgres project needs DATABASE_URL');
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: opts.demo ? '1' : '0',
    LOG_LEVEL: 'info',
    CHECK_REPLIES: '1',
    SITE_DIR: '',
    // Rooms peer to peer unless a suite asks for the media server (each would start a Janus).
    JANUS: 'off',
    // Every test account is registered from loopback; suites that test the limit set it lower.
    SMS_PER_ADDRESS_PER_HOUR: '1000000',
    ...(usePg ? { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema } : {}),
    // Servers of parallel suites share Redis and their ids overlap, so each hears only its own
    // channels: on PostgreSQL the prefix follows DATABASE_SCHEMA (two nodes of one schema share it).
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, ...(usePg ? {} : { REDIS_PREFIX: `zp:${schema}:` }) } : {}),
    ...opts.env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      if (logs.length > 5000) logs.splice(0, logs.length - 5000);
      cb();
    },
  });
  const app = await buildApp(config, { logger: pino({ level: config.logLevel }, sink) });
  if (opts.demo) await seedDemo(app.services.db, app.services.log, app.services);
  const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
  app.services.config.publicUrl = address;

  async function call<T = ReplyBody>(p: string, o: CallOptions = {}): Promise<Reply<T>> {
    const u = new URL(p, address);
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) u.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.token = o.token;
    let body: string | undefined;
    if (o.raw !== undefined) {
      body = o.raw;
      headers['content-type'] ??= 'application/json';
    } else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(u, { method: o.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T };
  }

  function smsCode(phone: string): string {
    for (let i = logs.length - 1; i >= 0; i--) {
      const line = logs[i];
      if (!line.includes('"sms"')) continue;
      const rec = JSON.parse(line);
      if (rec.sms?.phone === phone) return rec.sms.code;
    }
    throw new Error(`no SMS code logged for ${phone}`);
  }

  async function register(kind: 'Qz' | 'Hr', phone: string, password: string, extra: object) {
    const sent = await call('/api/sec/pc/registerValidateCode', { query: { phone } });
    if (sent.body.code !== 0) throw new Error(`code not sent: ${JSON.stringify(sent.body)}`);
    const r = await call(`/api/sec/pc/register${kind}`, { body: { phone, pwd: md5(password), validateCode: smsCode(phone), ...extra } });
    if (r.body.code !== 0) throw new Error(`register failed: ${JSON.stringify(r.body)}`);
    return { token: r.body.token as string, userId: r.body.userId as string };
  }

  return {
    url: address,
    app,
    logs,
    call,
    smsCode,
    registerSeeker: (phone, password = 'secret123') => register('Qz', phone, password, {}),
    registerHr: (phone, password = 'secret123', extra = {}) => register('Hr', phone, password, extra),
    async login(role, phone, password = 'zp123456') {
      const path = { qz: 'logonQz', hr: 'logonHr', xs: 'logonXs' }[role];
      // logonQz, logonHr and logonXs answer alike (SessionReply)
      const r = await call<ApiReply<typeof authApi.loginSeeker>>(`/api/sec/pc/${path}`, { body: { logintype: 0, phone, pwd: md5(password) } });
      if (r.body.code !== 0) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
      return { token: r.body.token, userId: r.body.userId };
    },
    async close() {
      await app.close();
      if (usePg) await dropSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropSchema(schema: string): Promise<void> {
  const pg = await import('pg');
  const c = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  await c.query(`drop schema if exists ${schema} cascade`);
  await c.end();
}

/** Suites of two nodes on one database and bus run in the postgres project with REDIS_URL set. */
export const twoNodes = dbKind === 'postgres' && !!process.env.REDIS_URL;
export const twoNodesTitle = (what: string) => `${what}${twoNodes ? '' : ' (skipped: runs in the postgres project with DATABASE_URL and REDIS_URL set)'}`;

/** Two servers on one fresh schema and the bus (`schema`, for a third); close() stops them and drops it. */
export async function startTwoNodes(prefix: string, env: Record<string, string> = {}) {
  const schema = `t_${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const a = await startServer({ env: { ...env, DATABASE_SCHEMA: schema } });
  const b = await startServer({ env: { ...env, DATABASE_SCHEMA: schema } });
  return {
    a,
    b,
    schema,
    async close() {
      await b.close();
      await a.close();
      await dropSchema(schema);
    },
  };
}

/** Phones unique within a run: each test process gets its own block of numbers. */
let phoneSeq = 0;
export function newPhone(): string {
  return String(13900000000 + (process.pid % 9000) * 10000 + (++phoneSeq % 10000));
}
