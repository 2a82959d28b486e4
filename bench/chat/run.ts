/**
 * Chat fan-out benchmark: delivered messages per second and send→receive latency (p50/p99) on the
 * self-hosted chat service (every message stored with its sequence number, group-committed,
 * before the sender's ack) and, in the same run and on the same machine, on Socket.IO doing the
 * same fan-out (rooms per user and group, an ack to the sender; a relay that stores nothing).
 *
 *   pnpm --filter @zp/bench bench:chat [--pairs 50] [--per-sender 200] [--window 20]
 *        [--group 500] [--group-senders 5] [--group-per-sender 100] [--rate 5000] [--rate-seconds 20]
 *        [--idle 2000] [--clients 2] [--nodes 1|2] [--pg] [--only burst,group,rate,idle,sdk]
 *        [--profile DIR]
 *
 * What is measured is the server: each server under test runs in its own process (ours: the built
 * product, server/dist/main.js, on a fresh PGlite directory, or on DATABASE_URL with --pg; the peer:
 * chat/socketio-server.mjs), and the load clients run in `--clients` other processes
 * (chat/clients.ts), never in the server's. Both systems get the same clients doing the same work
 * per message (one JSON encode per send, one decode per frame, a clock read at each end); ours
 * speak the raw protocol, so the SDK's own cost per message is measured apart (the `sdk` line).
 * Two client processes by default: one would be the first thing to saturate when a server
 * pushes 100k+ frames a second, and more than the machine's cores only adds scheduling noise. On
 * a 2-core machine the clients and the server still share the cores: figures are lower bounds for
 * both systems alike, and only figures from the same run compare.
 *
 * Scenarios: one-to-one (PAIRS senders, each to its own receiver; a closed loop of WINDOW sends in
 * flight each), a GROUP-member group (every member online, GROUP_SENDERS of them sending), and a
 * fixed rate (RATE msg/s over the pairs for RATE_SECONDS, an open loop: `恒定 5000 条/秒`).
 * With --nodes 2 (needs DATABASE_URL and REDIS_URL) each system runs two processes, clients split
 * between them, fan-out crossing through Redis (our bus; @socket.io/redis-adapter). Send rate
 * limits are raised for the run (CHAT_RATE_USER/GROUP): this measures delivery. --profile DIR
 * starts our server with --cpu-prof into DIR (see chat/profile.ts). Traffic stays on 127.0.0.1;
 * every wait is bounded. Results: printed, and written to bench/results/chat-<storage>-latest.md
 * and a dated JSON file (fields scenario, system, deliveredPerSecond, p50ms, p99ms per result).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase, one, rows, sql } from '../../server/src/db/index.js';
import { migrate } from '../../server/src/db/migrate.js';
import { selfUserSig } from '../../server/src/modules/chat/usersig.js';
import { freePort, startProcess, type ServerProcess } from '../../server/src/modules/chat/processes.js';
import { toMessage } from '../../packages/chat-sdk/src/convert.js';
import { Ordering } from '../../packages/chat-sdk/src/ordering.js';
import type { WireMessage } from '../../packages/core/src/contract/chat.js';
import { percentile } from '../lib/stats.js';
import { writeResults } from '../lib/results.js';
import type { Account, Command, System } from './clients.js';

const here = import.meta.dirname;
const root = path.resolve(here, '..', '..');
const serverRequire = createRequire(path.join(root, 'server', 'package.json'));
const pino = serverRequire('pino') as typeof import('pino').default;

const { values: args } = parseArgs({
  options: {
    pairs: { type: 'string', default: '50' },
    'per-sender': { type: 'string', default: '200' },
    window: { type: 'string', default: '20' },
    group: { type: 'string', default: '500' },
    'group-senders': { type: 'string', default: '5' },
    'group-per-sender': { type: 'string', default: '100' },
    rate: { type: 'string', default: '5000' },
    'rate-seconds': { type: 'string', default: '20' },
    idle: { type: 'string', default: '2000' },
    clients: { type: 'string', default: '2' },
    nodes: { type: 'string', default: '1' },
    pg: { type: 'boolean', default: false },
    only: { type: 'string', default: 'burst,group,rate,idle,sdk' },
    profile: { type: 'string', default: '' },
    'no-write': { type: 'boolean', default: false },
  },
});
const PAIRS = Number(args.pairs);
const PER_SENDER = Number(args['per-sender']);
const WINDOW = Number(args.window);
const GROUP = Number(args.group);
const GROUP_SENDERS = Number(args['group-senders']);
const GROUP_PER_SENDER = Number(args['group-per-sender']);
const RATE = Number(args.rate);
const RATE_SECONDS = Number(args['rate-seconds']);
const IDLE = Number(args.idle);
const CLIENTS = Math.max(1, Math.min(8, Number(args.clients)));
const NODES = Number(args.nodes);
const ONLY = new Set(args.only.split(','));
if (args.pg && !process.env.DATABASE_URL) {
  console.error('--pg 需要 DATABASE_URL');
  process.exit(2);
}
if (NODES > 1 && !(process.env.DATABASE_URL && process.env.REDIS_URL)) {
  console.error('--nodes 2 需要 DATABASE_URL 和 REDIS_URL');
  process.exit(2);
}
const onPg = !!process.env.DATABASE_URL;
const RATE_SCENARIO = `恒定 ${RATE} 条/秒`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const loadNow = () => os.loadavg().map((x) => x.toFixed(1)).join(' / ');

// ---------- client processes ----------

/** One forked client process, driven by numbered commands. */
class ClientProcess {
  private seq = 0;
  private waiting = new Map<number, { resolve: (d: unknown) => void; reject: (e: Error) => void }>();
  readonly ready: Promise<void>;
  constructor(readonly child: ChildProcess) {
    this.ready = new Promise((resolve, reject) => {
      this.waiting.set(0, { resolve: () => resolve(), reject });
    });
    child.on('message', (m: { seq: number; ok: boolean; data?: unknown; error?: string }) => {
      const w = this.waiting.get(m.seq);
      this.waiting.delete(m.seq);
      if (m.ok) w?.resolve(m.data);
      else w?.reject(new Error(m.error));
    });
    child.once('exit', (code) => {
      for (const w of this.waiting.values()) w.reject(new Error(`client process exited ${code}`));
      this.waiting.clear();
    });
  }

  static start(): ClientProcess {
    // fork() keeps this process's execArgv, so the tsx loader that runs this file runs clients.ts.
    return new ClientProcess(fork(path.join(here, 'clients.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  }

  /** Resolves with the command's answer; `T` is the shape clients.ts answers it with. */
  call<T = unknown>(c: Command, timeoutMs = 180_000): Promise<T> {
    const seq = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      const t = setTimeout(() => {
        this.waiting.delete(seq);
        reject(new Error(`client command ${c.cmd} timed out`));
      }, timeoutMs);
      this.waiting.set(seq, {
        resolve: (d) => {
          clearTimeout(t);
          resolve(d as T);
        },
        reject: (e) => {
          clearTimeout(t);
          reject(e);
        },
      });
      this.child.send({ ...c, seq });
    });
  }

  stop() {
    if (this.child.exitCode === null) this.child.kill('SIGTERM');
  }
}

// ---------- servers under test ----------

interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
  logs?: string[];
}

async function startSocketIo(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(here, 'socketio-server.mjs')], {
    env: { ...process.env, NODE_OPTIONS: '', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('socket.io server did not start')), 60_000);
    child.stdout!.on('data', (b) => {
      if (!String(b).includes('listening')) return;
      clearTimeout(t);
      resolve();
    });
    child.once('exit', (code) => reject(new Error(`socket.io server exited ${code}`)));
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
    },
  };
}

/** The built product (server/dist), started as its own process. */
async function startOurs(env: Record<string, string>, profile = false): Promise<ServerProcess> {
  const dist = path.join(root, 'server', 'dist');
  if (!fs.existsSync(path.join(dist, 'main.js'))) throw new Error('build the server first: (cd server && node build.mjs)');
  return startProcess(dist, env, undefined, profile && args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : []);
}

// ---------- scenarios ----------

interface Result {
  scenario: string;
  system: string;
  messages: number;
  deliveries: number;
  expected: number;
  seconds: number;
  deliveredPerSecond: number;
  p50ms: number;
  p99ms: number;
  /** for the fixed rate: messages offered per second as achieved by the clients */
  offeredPerSecond?: number;
  errors: number;
  load: string;
}

type Sender = { from: string; kind: 'c2c' | 'group'; to: string };

/** Which client process holds a user's socket (set when the sockets are connected). */
let holder = new Map<string, ClientProcess>();

async function connect(procs: ClientProcess[], system: System, accounts: Account[]) {
  holder = new Map();
  const shares = procs.map(() => [] as Account[]);
  accounts.forEach((a, i) => {
    shares[i % procs.length].push(a);
    holder.set(a.id, procs[i % procs.length]);
  });
  const instance = `bench${crypto.randomBytes(3).toString('hex')}`;
  await Promise.all(procs.map((p, i) => p.call({ cmd: 'connect', system, accounts: shares[i], instance }, 300_000)));
}

function bySender(procs: ClientProcess[], senders: Sender[]) {
  return procs.map((p) => senders.filter((s) => holder.get(s.from) === p));
}

/** Runs one load on every client process, then waits (bounded) for the expected deliveries. */
async function measure(
  procs: ClientProcess[], system: string, scenario: string, senders: Sender[], expected: number, messages: number,
  drive: (p: ClientProcess, mine: Sender[]) => Promise<unknown>, waitMs = 120_000,
): Promise<Result> {
  await Promise.all(procs.map((p) => p.call({ cmd: 'reset' })));
  const shares = bySender(procs, senders);
  const driven = await Promise.all(procs.map((p, i) => (shares[i].length ? drive(p, shares[i]) : Promise.resolve(null))));
  const deadline = Date.now() + waitMs;
  let got = 0;
  for (;;) {
    got = (await Promise.all(procs.map((p) => p.call<{ deliveries: number }>({ cmd: 'count' })))).reduce((n, c) => n + c.deliveries, 0);
    if (got >= expected || Date.now() > deadline) break;
    await sleep(100);
  }
  if (got < expected) console.warn(`  ${system} ${scenario}: only ${got}/${expected} deliveries within ${waitMs / 1000} s`);
  await sleep(200); // late duplicates would show up as deliveries beyond the expected
  const parts = await Promise.all(procs.map((p) => p.call<{ latencies: number[]; first: number | null; last: number; errors: number }>({ cmd: 'collect' })));
  const latencies = parts.flatMap((p) => p.latencies);
  // A process that only received has no first send (null: JSON has no Infinity).
  const first = Math.min(...parts.map((p) => p.first ?? Infinity));
  const last = Math.max(...parts.map((p) => p.last));
  const seconds = (last - first) / 1000;
  const offered = driven.filter(Boolean) as { offered?: number; sentIn?: number }[];
  const offeredPerSecond = offered.length && offered[0].offered !== undefined
    ? offered.reduce((n, o) => n + (o.offered ?? 0), 0) / Math.max(...offered.map((o) => o.sentIn ?? 1))
    : undefined;
  return {
    scenario, system, messages, deliveries: latencies.length, expected, seconds,
    deliveredPerSecond: latencies.length / seconds, p50ms: percentile(latencies, 50), p99ms: percentile(latencies, 99),
    offeredPerSecond, errors: parts.reduce((n, p) => n + p.errors, 0), load: loadNow(),
  };
}

const burst = (perSender: number, window: number) => (p: ClientProcess, mine: Sender[]) => p.call({ cmd: 'burst', senders: mine, perSender, window }, 300_000);

// ---------- storage and accounts ----------

async function prepareStorage(total: number): Promise<{ env: Record<string, string>; secret: string; ids: string[]; cleanup(): Promise<void> }> {
  const log = pino({ level: 'warn' });
  const env: Record<string, string> = {};
  let cleanup: () => Promise<void> = async () => {};
  if (onPg) {
    const schema = `bench_chat_${crypto.randomBytes(4).toString('hex')}`;
    Object.assign(env, { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema });
    cleanup = async () => {
      const pg = serverRequire('pg');
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zp-bench-chat-'));
    Object.assign(env, { DATA_DIR: dir, DATABASE_URL: '' });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const database = await openDatabase(loadConfig({ ...env, DEMO: '0', LOG_LEVEL: 'warn' }));
  await migrate(database, log);
  // HR colleagues of one approved enterprise: people who may all write to each other (chat/starts.ts).
  const ids = (
    await rows<{ id: string }>(
      database.db,
      sql`insert into users (role, phone, password_hash, name)
          select 'hr', '16' || lpad(g::text, 9, '0'), 'unused', '压测' || g from generate_series(1, ${total}) g
          returning id::text as id`,
    )
  ).map((r) => r.id);
  await database.db.execute(sql`with c as (insert into companies (name, status) values ('压测科技有限公司', 1) returning id)
    insert into hr_profiles (user_id, company_id, name, join_state)
    select u.id, c.id, u.name, 2 from users u, c where u.phone like '16%' and u.role = 'hr'`);
  const secret = (await one<{ value: string }>(database.db, sql`select value from app_secrets where name = 'main'`))!.value;
  await database.close();
  return { env, secret, ids, cleanup };
}

/** The group for our system, created by its first member over a short-lived socket of this process (set-up, not measured). */
async function createOurGroup(url: string, owner: string, sig: string, members: string[], groupID: string): Promise<string> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/chat/ws`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let id = 0;
  // An answer of the chat socket: {id, code, message?, data?} (packages/core/src/contract/chat.ts).
  type Answer = { id: number; code: number; message?: string; data?: unknown };
  const waiting = new Map<number, (f: Answer) => void>();
  ws.on('message', (b) => {
    const f = JSON.parse(String(b)) as Partial<Answer>;
    if (typeof f.id === 'number') waiting.get(f.id)?.(f as Answer);
  });
  const call = <T = unknown>(op: string, p: unknown) =>
    new Promise<T>((resolve, reject) => {
      const n = ++id;
      const t = setTimeout(() => reject(new Error(`${op} timed out`)), 60_000);
      waiting.set(n, (f) => {
        clearTimeout(t);
        if (f.code === 0) resolve(f.data as T);
        else reject(new Error(`${op}: ${f.code} ${f.message}`));
      });
      ws.send(JSON.stringify({ id: n, op, p }));
    });
  await call('auth', { userID: owner, userSig: sig, instance: 'bench-setup', login: true });
  const r = await call<{ group: { groupID: string } }>('createGroup', { name: '压测大群', type: 'Public', groupID, memberList: members.slice(0, 499).map((userID) => ({ userID })) });
  if (members.length > 499) await call('addMembers', { groupID: r.group.groupID, userIDList: members.slice(499) });
  ws.terminate();
  return r.group.groupID;
}

// ---------- the SDK's own cost ----------

/**
 * What @zp/chat-sdk adds per received message on top of a raw client's decode: the ordering
 * (exactly once, in sequence) and the conversion to Tencent's Message shape. Measured in this
 * process on frames shaped like the bench's pushes.
 */
function sdkCost(n = 200_000) {
  const frame = (seq: number) =>
    JSON.stringify({
      ev: 'msg',
      m: {
        ID: `100001-b${seq}`, seq, conversationType: 'C2C', from: '100001', to: '100002', type: 'TIMCustomElem',
        payload: { data: String(performance.now()), description: '', extension: '' }, time: 1764000000, nick: '压测1', avatar: '',
        nameCard: '', priority: 'Normal', cloudCustomData: '', atUserList: [], isRevoked: false, revoker: '', countsUnread: true,
      },
    });
  const frames = Array.from({ length: 1000 }, (_, i) => frame(i + 1));
  const run = (k: number, sdk: boolean) => {
    let sink = 0;
    // kept, as an app would keep them: a message nobody holds may be optimised away
    const kept: unknown[] = new Array(1024);
    let at = 0;
    const ordering = new Ordering<WireMessage>((_cid, w) => void (kept[at++ & 1023] = toMessage(w, '100002')), async () => ({ messageList: [], upTo: 0, more: false }));
    ordering.baseline('C2C100001', 0);
    const t0 = performance.now();
    for (let i = 0; i < k; i++) {
      const f = JSON.parse(frames[i % 1000]);
      if (sdk) {
        f.m.seq = i + 1;
        ordering.receive('C2C100001', f.m);
      } else kept[i & 1023] = f;
    }
    sink += kept.length;
    return { perMessageUs: ((performance.now() - t0) * 1000) / k, sink };
  };
  // alternated and repeated, the best of three each: single runs of a few ms swing with the machine's load
  let raw = Infinity;
  let sdk = Infinity;
  for (let k = 0; k < 3; k++) {
    raw = Math.min(raw, run(n, false).perMessageUs);
    sdk = Math.min(sdk, run(n, true).perMessageUs);
  }
  return { messages: n, rawDecodeUs: raw, sdkUs: sdk, sdkExtraUs: Math.max(0, sdk - raw) };
}

// ---------- main ----------

async function main() {
  const total = PAIRS * 2 + GROUP + IDLE;
  const storageKind = onPg ? 'PostgreSQL' : 'PGlite';
  console.log(`聊天扇出压测：${storageKind}，${NODES} 个节点，${CLIENTS} 个客户端进程，${os.cpus().length} 核，Node ${process.version}，负载 ${loadNow()}`);
  console.log(`  准备 ${total} 个账号…`);
  const store = await prepareStorage(total);
  const sig = (id: string) => selfUserSig(store.secret, id, 86400);
  const pairIds = store.ids.slice(0, PAIRS * 2);
  const groupIds = store.ids.slice(PAIRS * 2, PAIRS * 2 + GROUP);
  const idleIds = store.ids.slice(PAIRS * 2 + GROUP);
  const runTag = crypto.randomBytes(3).toString('hex');
  const results: Result[] = [];
  const idleRows: { system: string; sockets: number; bytesPerSocket: number; socketsPerGiB: number }[] = [];
  const writer = { rows: 0, batches: 0 };
  const sdk = ONLY.has('sdk') ? sdkCost() : null;
  if (sdk) console.log(`  SDK 自身开销：每条 ${sdk.sdkUs.toFixed(2)} µs（裸解码 ${sdk.rawDecodeUs.toFixed(2)} µs）`);

  console.log('  启动聊天服务（server/dist）与 Socket.IO…');
  if (args.profile) fs.mkdirSync(args.profile, { recursive: true });
  const chatEnv: Record<string, string> = {
    ...store.env, DEMO: '0', LOG_LEVEL: 'info', CHAT_RATE_USER: '1000000', CHAT_RATE_GROUP: '1000000', CHAT_MAX_INSTANCES: '0',
    REDIS_URL: NODES > 1 ? process.env.REDIS_URL! : '', S3_ENDPOINT: '',
    // The tsx loader of this process must not load into the server.
    NODE_OPTIONS: '',
  };
  const zpNodes: ServerProcess[] = [];
  const sioNodes: Server[] = [];
  const procs = Array.from({ length: CLIENTS }, () => ClientProcess.start());
  try {
    await Promise.all(procs.map((p) => p.ready));
    for (let n = 0; n < NODES; n++) zpNodes.push(await startOurs(chatEnv, true));
    for (let n = 0; n < NODES; n++) sioNodes.push(await startSocketIo(NODES > 1 ? { REDIS_URL: process.env.REDIS_URL!, BENCH_RUN: runTag } : {}));
    const urlOf = (system: System, i: number) => (system === 'ours' ? zpNodes[i % NODES].url : sioNodes[i % NODES].url);
    const name = (system: System) => (system === 'ours' ? '自建聊天服务' : 'Socket.IO');
    const report = (r: Result) =>
      console.log(`  ${r.system} ${r.scenario}: ${r.deliveredPerSecond.toFixed(0)} 条/秒，p50 ${r.p50ms.toFixed(1)} ms，p99 ${r.p99ms.toFixed(1)} ms（负载 ${r.load}）`);

    // One-to-one and the fixed rate, on the same PAIRS sockets: sender 2p to receiver 2p+1.
    if (ONLY.has('burst') || ONLY.has('rate')) {
      for (const system of ['ours', 'socketio'] as const) {
        await connect(procs, system, pairIds.map((id, i) => ({ id, sig: sig(id), url: urlOf(system, i) })));
        const senders: Sender[] = Array.from({ length: PAIRS }, (_, p) => ({ from: pairIds[2 * p], kind: 'c2c', to: pairIds[2 * p + 1] }));
        // a short warm-up (connections, caches, JIT) before the measured runs
        await measure(procs, name(system), 'warm-up', senders, PAIRS * 20, PAIRS * 20, burst(20, 5), 60_000);
        if (ONLY.has('burst')) {
          const r = await measure(procs, name(system), `一对一（${PAIRS} 对）`, senders, PAIRS * PER_SENDER, PAIRS * PER_SENDER, burst(PER_SENDER, WINDOW));
          results.push(r);
          report(r);
        }
        if (ONLY.has('rate')) {
          const totalMessages = Math.round(RATE * RATE_SECONDS);
          const r = await measure(procs, name(system), RATE_SCENARIO, senders, totalMessages, totalMessages, (p, mine) =>
            p.call({ cmd: 'rate', senders: mine, perSecond: (RATE * mine.length) / senders.length, seconds: RATE_SECONDS }, (RATE_SECONDS + 60) * 1000),
          );
          results.push(r);
          report(r);
        }
        await Promise.all(procs.map((p) => p.call({ cmd: 'close' })));
      }
    }

    // A GROUP-member group: every member online, GROUP_SENDERS of them sending.
    if (ONLY.has('group')) {
      for (const system of ['ours', 'socketio'] as const) {
        let groupID = `bench-${runTag}`;
        if (system === 'ours') {
          groupID = await createOurGroup(urlOf('ours', 0), groupIds[0], sig(groupIds[0]), groupIds.slice(1), groupID);
          await sleep(500);
        }
        await connect(procs, system, groupIds.map((id, i) => ({ id, sig: sig(id), url: urlOf(system, i), group: groupID })));
        const senders: Sender[] = groupIds.slice(0, GROUP_SENDERS).map((from) => ({ from, kind: 'group', to: groupID }));
        await measure(procs, name(system), 'warm-up', senders.slice(0, 1), 5 * (GROUP - 1), 5, burst(5, 5), 60_000);
        const messages = GROUP_SENDERS * GROUP_PER_SENDER;
        const r = await measure(procs, name(system), `${GROUP} 人群（${GROUP_SENDERS} 人发言）`, senders, messages * (GROUP - 1), messages, burst(GROUP_PER_SENDER, WINDOW));
        results.push(r);
        report(r);
        await Promise.all(procs.map((p) => p.call({ cmd: 'close' })));
      }
    }

    // The measured processes stop first: a PGlite directory takes one process at a time.
    for (const n of zpNodes) {
      await n.stop();
      // How well concurrent sends were gathered: rows stored per insert statement.
      const line = n.logs.find((l) => l.includes('"chatWriter"'));
      if (line) {
        const { rows: stored, batches } = JSON.parse(line).chatWriter;
        writer.rows += stored;
        writer.batches += batches;
      }
    }
    for (const n of sioNodes) await n.stop();

    // Idle sockets: a fresh process of each (no heap left over from the runs above), its resident
    // memory before and after IDLE logged-in sockets.
    if (ONLY.has('idle') && IDLE > 0) {
      for (const system of ['ours', 'socketio'] as const) {
        const fresh: Server = system === 'socketio' ? await startSocketIo({}) : await startOurs({ ...chatEnv, REDIS_URL: '' });
        try {
          const pid = fresh.child.pid!;
          await sleep(3000);
          const before = rssOf(pid);
          await connect(procs, system, idleIds.map((id) => ({ id, sig: sig(id), url: fresh.url })));
          await sleep(3000);
          const after = rssOf(pid);
          const bytesPerSocket = Math.max(1, (after - before) / idleIds.length);
          idleRows.push({ system: name(system), sockets: idleIds.length, bytesPerSocket, socketsPerGiB: Math.floor(2 ** 30 / bytesPerSocket) });
          console.log(`  ${name(system)} 空闲连接：每个 ${(bytesPerSocket / 1024).toFixed(1)} KiB，每 GiB 约 ${Math.floor(2 ** 30 / bytesPerSocket)} 个`);
          await Promise.all(procs.map((p) => p.call({ cmd: 'close' })));
        } finally {
          await fresh.stop();
        }
      }
    }
  } finally {
    for (const p of procs) p.stop();
    for (const n of zpNodes) await n.stop();
    for (const n of sioNodes) await n.stop();
    await store.cleanup();
  }

  const when = new Date().toISOString();
  const load = loadNow();
  const scenarios = [...new Set(results.map((r) => r.scenario))];
  const pick = (scenario: string, system: string) => results.find((r) => r.scenario === scenario && r.system === system);
  const ratio = (a?: number, b?: number) => (a && b ? (a / b).toFixed(2) : '—');
  const cmd = `pnpm --filter @zp/bench bench:chat --pairs ${PAIRS} --per-sender ${PER_SENDER} --window ${WINDOW} --group ${GROUP} --group-senders ${GROUP_SENDERS} --group-per-sender ${GROUP_PER_SENDER} --rate ${RATE} --rate-seconds ${RATE_SECONDS} --idle ${IDLE} --clients ${CLIENTS} --nodes ${NODES}${args.pg ? ' --pg' : ''}`;
  const md = [
    `# 聊天扇出压测 (${when.slice(0, 10)})`,
    '',
    `存储 ${storageKind}，${NODES} 个节点${NODES > 1 ? '（经 Redis 互通）' : ''}；${os.cpus().length} 核 ${os.cpus()[0]?.model ?? ''}，Node ${process.version}；结束时负载 ${load}（1/5/15 分钟；每行另记该场景结束时的负载）。`,
    `被测服务各自独立进程（自建：构建产物 server/dist/main.js；Socket.IO：chat/socketio-server.mjs），压测客户端在另外 ${CLIENTS} 个进程中，两个系统的客户端工作相同（每次发送一次 JSON 编码、每帧一次解码、两端各读一次时钟）。`,
    `自建聊天服务：每条消息先写入数据库并取得会话内序号（并发发送合并为一条多行插入），再回执发送方并经消息总线投递；Socket.IO：同样的房间扇出与回执，不存储。`,
    `突发场景每个发送方同时保持 ${WINDOW} 条在途；${RATE_SCENARIO}：${PAIRS} 对一对一会话上共 ${RATE} 条/秒开环发送 ${RATE_SECONDS} 秒（不等回执）。限流在压测时调高。`,
    '',
    '| 场景 | 自建 投递/秒 | Socket.IO 投递/秒 | 比值 | 自建 p50 / p99 (ms) | Socket.IO p50 / p99 (ms) | 负载（自建 / Socket.IO） |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...scenarios.map((s) => {
      const a = pick(s, '自建聊天服务');
      const b = pick(s, 'Socket.IO');
      const f = (r?: Result) => (r ? `${r.p50ms.toFixed(1)} / ${r.p99ms.toFixed(1)}` : '—');
      return `| ${s} | ${a?.deliveredPerSecond.toFixed(0) ?? '—'} | ${b?.deliveredPerSecond.toFixed(0) ?? '—'} | ${ratio(a?.deliveredPerSecond, b?.deliveredPerSecond)} | ${f(a)} | ${f(b)} | ${a?.load ?? '—'} ／ ${b?.load ?? '—'} |`;
    }),
    '',
    '| 场景 | 系统 | 消息数 | 投递数 / 应投递 | 用时 (s) | 实际发送速率 (条/秒) | 发送失败 |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...results.map((r) => `| ${r.scenario} | ${r.system} | ${r.messages} | ${r.deliveries} / ${r.expected} | ${r.seconds.toFixed(2)} | ${r.offeredPerSecond?.toFixed(0) ?? '—'} | ${r.errors} |`),
    '',
    writer.batches ? `自建聊天服务共写入 ${writer.rows} 条消息（含预热与群提示），用了 ${writer.batches} 条插入语句，平均每条 ${(writer.rows / writer.batches).toFixed(1)} 行。` : '',
    '',
    sdk ? `SDK 自身开销（@zp/chat-sdk 收到一条消息：解码、排序去重、转换为 Tencent 的 Message）：每条 ${sdk.sdkUs.toFixed(2)} µs，比裸客户端只解码（${sdk.rawDecodeUs.toFixed(2)} µs）多 ${sdk.sdkExtraUs.toFixed(2)} µs（本进程内 ${sdk.messages} 条、三次取最好的微基准，不计入上表）。` : '',
    '',
    ...(idleRows.length
      ? ['| 空闲连接 | 连接数 | 每连接内存 (KiB) | 每 GiB 连接数 |', '|---|---:|---:|---:|', ...idleRows.map((r) => `| ${r.system} | ${r.sockets} | ${(r.bytesPerSocket / 1024).toFixed(1)} | ${r.socketsPerGiB} |`), '']
      : []),
    `命令：\`${cmd}\``,
    '',
  ].join('\n');
  console.log(`\n${md}`);
  if (args['no-write']) return;
  const suffix = `${storageKind.toLowerCase()}${NODES > 1 ? `-${NODES}nodes` : ''}`;
  writeResults(
    `chat-${suffix}`,
    md,
    { when, storage: storageKind, nodes: NODES, clientProcesses: CLIENTS, cores: os.cpus().length, load: os.loadavg(), args, results, sdk, idle: idleRows, writer },
    when.replace(/[:.]/g, '-'),
  );
}

await main();
process.exit(0);
