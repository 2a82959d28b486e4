/**
 * Chat fan-out benchmark: delivered messages per second and send→receive latency (p50/p99) for
 * one-to-one chats and for a 500-member group, on the self-hosted chat service (every message
 * stored with its sequence number, group-committed, before the sender's ack) and, in the same
 * run and on the same machine, on Socket.IO doing the same fan-out (rooms per user and group, an
 * ack to the sender; a relay that stores nothing). Then idle sockets per GiB of server memory.
 *
 *   pnpm --filter @zp/bench bench:chat [--pairs 50] [--per-sender 200] [--window 20]
 *        [--group 500] [--group-senders 5] [--group-per-sender 100] [--idle 2000] [--nodes 1|2]
 *
 * One process per server (the chat service bundled from server/src, Socket.IO from
 * chat/socketio-server.mjs); the clients run in this process on the same clock, so latency is
 * measured end to end. Storage: PostgreSQL when DATABASE_URL is set, else PGlite. With --nodes 2
 * (needs DATABASE_URL and REDIS_URL) each system runs two processes, clients split between them,
 * fan-out crossing through Redis (our bus; @socket.io/redis-adapter).
 * Send rate limits are raised for the run (CHAT_RATE_USER/GROUP): this measures delivery.
 * Results: printed, and written to bench/results/chat-latest.md and a dated JSON file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { io as ioClient, type Socket } from 'socket.io-client';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase, one, rows, sql } from '../../server/src/db/index.js';
import { migrate } from '../../server/src/db/migrate.js';
import { selfUserSig } from '../../server/src/modules/chat/usersig.js';
import { bundleServer, freePort, startProcess, type ServerProcess } from '../../server/src/modules/chat/processes.js';
import { percentile } from '../lib/stats.js';

const here = import.meta.dirname;
const serverRequire = createRequire(path.join(here, '..', '..', 'server', 'package.json'));
const pino = serverRequire('pino') as typeof import('pino').default;

const { values: args } = parseArgs({
  options: {
    pairs: { type: 'string', default: '50' },
    'per-sender': { type: 'string', default: '200' },
    window: { type: 'string', default: '20' },
    group: { type: 'string', default: '500' },
    'group-senders': { type: 'string', default: '5' },
    'group-per-sender': { type: 'string', default: '100' },
    idle: { type: 'string', default: '2000' },
    nodes: { type: 'string', default: '1' },
  },
});
const PAIRS = Number(args.pairs);
const PER_SENDER = Number(args['per-sender']);
const WINDOW = Number(args.window);
const GROUP = Number(args.group);
const GROUP_SENDERS = Number(args['group-senders']);
const GROUP_PER_SENDER = Number(args['group-per-sender']);
const IDLE = Number(args.idle);
const NODES = Number(args.nodes);
if (NODES > 1 && !(process.env.DATABASE_URL && process.env.REDIS_URL)) {
  console.error('--nodes 2 需要 DATABASE_URL 和 REDIS_URL');
  process.exit(2);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = percentile;
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** What a scenario needs from a client of either system. */
interface BenchClient {
  userId: string;
  send(kind: 'c2c' | 'group', to: string, data: string): Promise<void>;
  onReceive: (from: string, data: string) => void;
  close(): void;
}

// ---------- our chat service ----------

class ZpClient implements BenchClient {
  private ws!: WebSocket;
  private next = 1;
  private waiting = new Map<number, (f: any) => void>();
  private counter = 0;
  onReceive: (from: string, data: string) => void = () => undefined;
  constructor(readonly userId: string) {}

  static async connect(url: string, userId: string, userSig: string): Promise<ZpClient> {
    const c = new ZpClient(userId);
    c.ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/chat/ws`, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      c.ws.once('open', () => resolve());
      c.ws.once('error', reject);
    });
    c.ws.on('message', (buf) => {
      const f = JSON.parse(String(buf));
      if (f.ev === 'msg') {
        if (f.m.type === 'TIMCustomElem') c.onReceive(f.m.from, f.m.payload.data);
      } else if (typeof f.id === 'number') {
        const w = c.waiting.get(f.id);
        c.waiting.delete(f.id);
        w?.(f);
      }
    });
    await c.call('auth', { userID: userId, userSig, instance: `bench-${userId}-x`, login: true });
    return c;
  }

  call(op: string, p: unknown): Promise<any> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (f) => (f.code === 0 ? resolve(f.data) : reject(new Error(`${op}: ${f.code} ${f.message}`))));
      this.ws.send(JSON.stringify({ id, op, p }));
    });
  }

  async send(kind: 'c2c' | 'group', to: string, data: string) {
    await this.call('send', {
      ID: `${this.userId}-b${(++this.counter).toString(36)}x${crypto.randomBytes(3).toString('hex')}`,
      conversationType: kind === 'c2c' ? 'C2C' : 'GROUP', to, type: 'TIMCustomElem', payload: { data },
    });
  }

  close() {
    this.ws.terminate();
  }
}

// ---------- Socket.IO ----------

class SioClient implements BenchClient {
  private s!: Socket;
  onReceive: (from: string, data: string) => void = () => undefined;
  constructor(readonly userId: string) {}

  static async connect(url: string, userId: string): Promise<SioClient> {
    const c = new SioClient(userId);
    c.s = ioClient(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      c.s.once('connect', () => resolve());
      c.s.once('connect_error', reject);
    });
    c.s.on('msg', (m: { from: string; data: string }) => c.onReceive(m.from, m.data));
    await c.s.emitWithAck('auth', userId);
    return c;
  }

  join(group: string) {
    return this.s.emitWithAck('join', group);
  }

  async send(kind: 'c2c' | 'group', to: string, data: string) {
    await this.s.emitWithAck(kind, { to, data });
  }

  close() {
    this.s.disconnect();
  }
}

async function startSocketIo(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(here, 'socketio-server.mjs')], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (b) => String(b).includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`socket.io server exited ${code}`)));
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// ---------- scenarios ----------

interface Result {
  scenario: string;
  system: string;
  messages: number;
  deliveries: number;
  seconds: number;
  deliveredPerSecond: number;
  p50ms: number;
  p99ms: number;
}

/**
 * Each sender keeps `window` sends in flight until it has sent `perSender`; receivers stamp each
 * delivery (the sender's own echo is not counted). Throughput is deliveries over the time from
 * the first send to the last delivery.
 */
async function run(system: string, scenario: string, senders: { c: BenchClient; kind: 'c2c' | 'group'; to: string }[], receivers: BenchClient[], perSender: number, expectedPerMessage: number): Promise<Result> {
  const latencies: number[] = [];
  let last = 0;
  for (const r of receivers) {
    r.onReceive = (from, data) => {
      if (from === r.userId) return;
      const now = performance.now();
      latencies.push(now - Number(data));
      last = now;
    };
  }
  const expected = senders.length * perSender * expectedPerMessage;
  const start = performance.now();
  await Promise.all(
    senders.map(async (s) => {
      let sent = 0;
      const lane = async () => {
        while (sent < perSender) {
          sent++;
          await s.c.send(s.kind, s.to, String(performance.now()));
        }
      };
      await Promise.all(Array.from({ length: WINDOW }, lane));
    }),
  );
  const deadline = Date.now() + 120_000;
  while (latencies.length < expected && Date.now() < deadline) await sleep(20);
  if (latencies.length < expected) console.warn(`  ${system} ${scenario}: only ${latencies.length}/${expected} deliveries within 120 s`);
  const seconds = (last - start) / 1000;
  return {
    scenario, system, messages: senders.length * perSender, deliveries: latencies.length, seconds,
    deliveredPerSecond: latencies.length / seconds, p50ms: pct(latencies, 50), p99ms: pct(latencies, 99),
  };
}

// ---------- storage and accounts ----------

async function prepareStorage(total: number): Promise<{ env: Record<string, string>; secret: string; ids: string[]; cleanup(): Promise<void> }> {
  const log = pino({ level: 'warn' });
  const env: Record<string, string> = {};
  let cleanup = async () => undefined as void;
  if (process.env.DATABASE_URL) {
    const schema = `bench_chat_${crypto.randomBytes(4).toString('hex')}`;
    Object.assign(env, { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema });
    cleanup = async () => {
      const pg = serverRequire('pg');
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zp-bench-chat-'));
    env.DATA_DIR = dir;
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const database = await openDatabase(loadConfig({ ...env, DEMO: '0', LOG_LEVEL: 'warn' }));
  await migrate(database, log);
  const ids = (
    await rows<{ id: string }>(
      database.db,
      sql`insert into users (role, phone, password_hash, name)
          select 'qz', '16' || lpad(g::text, 9, '0'), 'unused', '压测' || g from generate_series(1, ${total}) g
          returning id::text as id`,
    )
  ).map((r) => r.id);
  const secret = (await one<{ value: string }>(database.db, sql`select value from app_secrets where name = 'main'`))!.value;
  await database.close();
  return { env, secret, ids, cleanup };
}

async function inBatches<T, R>(items: T[], size: number, fn: (t: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map((t, j) => fn(t, i + j)))));
  return out;
}

// ---------- main ----------

async function main() {
  const total = PAIRS * 2 + GROUP + IDLE;
  const storageKind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`聊天扇出压测：${storageKind}，${NODES} 个节点，${os.cpus().length} 核，Node ${process.version}`);
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

  console.log('  构建并启动聊天服务…');
  const bundle = await bundleServer();
  const chatEnv = {
    ...store.env, DEMO: '0', LOG_LEVEL: 'info', CHAT_RATE_USER: '1000000', CHAT_RATE_GROUP: '1000000', CHAT_MAX_INSTANCES: '0',
    REDIS_URL: NODES > 1 ? process.env.REDIS_URL! : '',
  };
  const zpNodes: ServerProcess[] = [];
  for (let n = 0; n < NODES; n++) zpNodes.push(await startProcess(bundle, chatEnv));
  const sioNodes = [];
  for (let n = 0; n < NODES; n++) sioNodes.push(await startSocketIo(NODES > 1 ? { REDIS_URL: process.env.REDIS_URL!, BENCH_RUN: runTag } : {}));
  const zpUrl = (i: number) => zpNodes[i % NODES].url;
  const sioUrl = (i: number) => sioNodes[i % NODES].url;

  try {
    // One-to-one: PAIRS senders, each to its own receiver.
    for (const system of ['自建聊天服务', 'Socket.IO'] as const) {
      const clients: BenchClient[] = await inBatches(pairIds, 50, (id, i) =>
        system === 'Socket.IO' ? SioClient.connect(sioUrl(i), id) : ZpClient.connect(zpUrl(i), id, sig(id)),
      );
      const senders = Array.from({ length: PAIRS }, (_, p) => ({ c: clients[2 * p], kind: 'c2c' as const, to: clients[2 * p + 1].userId }));
      // a short warm-up (connections, caches, JIT) before the measured run
      await run(system, 'warm-up', senders.slice(0, 5), clients, 10, 1);
      const r = await run(system, `一对一（${PAIRS} 对）`, senders, clients, PER_SENDER, 1);
      results.push(r);
      console.log(`  ${system} ${r.scenario}: ${r.deliveredPerSecond.toFixed(0)} 条/秒，p50 ${r.p50ms.toFixed(1)} ms，p99 ${r.p99ms.toFixed(1)} ms`);
      for (const c of clients) c.close();
    }

    // A GROUP-member group: every member online, GROUP_SENDERS of them sending.
    for (const system of ['自建聊天服务', 'Socket.IO'] as const) {
      const clients: BenchClient[] = await inBatches(groupIds, 50, (id, i) =>
        system === 'Socket.IO' ? SioClient.connect(sioUrl(i), id) : ZpClient.connect(zpUrl(i), id, sig(id)),
      );
      let groupID = `bench-${runTag}`;
      if (system === 'Socket.IO') {
        await Promise.all(clients.map((c) => (c as SioClient).join(groupID)));
      } else {
        const owner = clients[0] as ZpClient;
        const r = await owner.call('createGroup', { name: '压测大群', type: 'Public', groupID, memberList: groupIds.slice(1, 500).map((userID) => ({ userID })) });
        groupID = r.group.groupID;
        if (groupIds.length > 500) await owner.call('addMembers', { groupID, userIDList: groupIds.slice(500) });
        await sleep(500);
      }
      const senders = clients.slice(0, GROUP_SENDERS).map((c) => ({ c, kind: 'group' as const, to: groupID }));
      await run(system, 'warm-up', senders.slice(0, 1), clients, 5, GROUP - 1);
      const r = await run(system, `${GROUP} 人群（${GROUP_SENDERS} 人发言）`, senders, clients, GROUP_PER_SENDER, GROUP - 1);
      results.push(r);
      console.log(`  ${system} ${r.scenario}: ${r.deliveredPerSecond.toFixed(0)} 条/秒，p50 ${r.p50ms.toFixed(1)} ms，p99 ${r.p99ms.toFixed(1)} ms`);
      for (const c of clients) c.close();
    }

    // The measured processes go first: a PGlite directory takes one process at a time.
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
    for (const system of ['自建聊天服务', 'Socket.IO'] as const) {
      const fresh = system === 'Socket.IO' ? await startSocketIo({}) : await startProcess(bundle, { ...chatEnv, REDIS_URL: '' });
      try {
        const pid = fresh.child.pid!;
        await sleep(3000);
        const before = rssOf(pid);
        const clients: BenchClient[] = await inBatches(idleIds, 100, (id) =>
          system === 'Socket.IO' ? SioClient.connect(fresh.url, id) : ZpClient.connect(fresh.url, id, sig(id)),
        );
        await sleep(3000);
        const after = rssOf(pid);
        const bytesPerSocket = Math.max(1, (after - before) / clients.length);
        idleRows.push({ system, sockets: clients.length, bytesPerSocket, socketsPerGiB: Math.floor(2 ** 30 / bytesPerSocket) });
        console.log(`  ${system} 空闲连接：每个 ${(bytesPerSocket / 1024).toFixed(1)} KiB，每 GiB 约 ${Math.floor(2 ** 30 / bytesPerSocket)} 个`);
        for (const c of clients) c.close();
      } finally {
        await fresh.stop();
      }
    }
  } finally {
    for (const n of zpNodes) await n.stop();
    for (const n of sioNodes) await n.stop();
    fs.rmSync(bundle, { recursive: true, force: true });
    await store.cleanup();
  }

  const when = new Date().toISOString();
  const load = os.loadavg().map((x) => x.toFixed(1)).join(' / ');
  const md = [
    `# 聊天扇出压测 (${when.slice(0, 10)})`,
    '',
    `存储 ${storageKind}，${NODES} 个节点${NODES > 1 ? '（经 Redis 互通）' : ''}；${os.cpus().length} 核 ${os.cpus()[0]?.model ?? ''}，Node ${process.version}；运行时负载 ${load}（1/5/15 分钟）。`,
    `自建聊天服务：每条消息先写入数据库并取得会话内序号（并发发送合并为一条多行插入），再回执发送方并经消息总线投递；Socket.IO：同样的房间扇出与回执，不存储。`,
    `客户端与计时在同一进程；每个发送方同时保持 ${WINDOW} 条在途；限流在压测时调高。`,
    '',
    '| 场景 | 系统 | 消息数 | 投递数 | 用时 (s) | 投递/秒 | p50 (ms) | p99 (ms) |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...results.map((r) => `| ${r.scenario} | ${r.system} | ${r.messages} | ${r.deliveries} | ${r.seconds.toFixed(2)} | ${r.deliveredPerSecond.toFixed(0)} | ${r.p50ms.toFixed(1)} | ${r.p99ms.toFixed(1)} |`),
    '',
    writer.batches ? `自建聊天服务共写入 ${writer.rows} 条消息（含预热与群提示），用了 ${writer.batches} 条插入语句，平均每条 ${(writer.rows / writer.batches).toFixed(1)} 行。` : '',
    '',
    '| 空闲连接 | 连接数 | 每连接内存 (KiB) | 每 GiB 连接数 |',
    '|---|---:|---:|---:|',
    ...idleRows.map((r) => `| ${r.system} | ${r.sockets} | ${(r.bytesPerSocket / 1024).toFixed(1)} | ${r.socketsPerGiB} |`),
    '',
    `命令：\`pnpm --filter @zp/bench bench:chat --pairs ${PAIRS} --per-sender ${PER_SENDER} --window ${WINDOW} --group ${GROUP} --group-senders ${GROUP_SENDERS} --group-per-sender ${GROUP_PER_SENDER} --idle ${IDLE} --nodes ${NODES}\``,
    '',
  ].join('\n');
  const outDir = path.join(here, '..', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const suffix = `${storageKind.toLowerCase()}${NODES > 1 ? `-${NODES}nodes` : ''}`;
  fs.writeFileSync(path.join(outDir, `chat-${suffix}-latest.md`), md);
  fs.writeFileSync(path.join(outDir, `chat-${suffix}-${when.replace(/[:.]/g, '-')}.json`), JSON.stringify({ when, storage: storageKind, nodes: NODES, load: os.loadavg(), args, results, idle: idleRows, writer }, null, 2));
  console.log(`\n${md}`);
}

await main();
