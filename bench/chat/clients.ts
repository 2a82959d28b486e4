/**
 * A load-client process of the chat bench (forked by run.ts): it holds a share of the bench's
 * sockets, of our chat service (the raw protocol over `ws`) or of Socket.IO (socket.io-client),
 * sends when told and stamps every delivery. Both systems get the same client-side work: one JSON
 * encode per send, one JSON decode per frame received, one clock read at each end. Latency is
 * `epochNow() - stamp` with the stamp taken by the sender, possibly in another client process:
 * `performance.timeOrigin + performance.now()` reads the same machine clock in every process.
 *
 * Commands arrive over IPC ({cmd, ...}); every reply carries the command's `seq`.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { io as ioClient, type Socket } from 'socket.io-client';

export type System = 'ours' | 'socketio';
export interface Account {
  id: string;
  sig: string;
  url: string;
  group?: string;
}
export type Command =
  | { cmd: 'connect'; system: System; accounts: Account[]; instance: string }
  | { cmd: 'burst'; senders: { from: string; kind: 'c2c' | 'group'; to: string }[]; perSender: number; window: number }
  | { cmd: 'rate'; senders: { from: string; kind: 'c2c' | 'group'; to: string }[]; perSecond: number; seconds: number }
  | { cmd: 'reset' }
  | { cmd: 'count' }
  | { cmd: 'collect' }
  | { cmd: 'close' };

const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Client {
  id: string;
  send(kind: 'c2c' | 'group', to: string, data: string): Promise<void>;
  close(): void;
}

/** Deliveries seen by this process since the last reset. */
const seen = { latencies: [] as number[], last: 0, first: Infinity, sent: 0, errors: 0 };
const received = (from: string, me: string, data: string) => {
  if (from === me) return; // the sender's own echo (our C2C pushes reach both sides)
  const now = epochNow();
  seen.latencies.push(now - Number(data));
  seen.last = now;
};

class OurClient implements Client {
  private ws!: WebSocket;
  private next = 1;
  private waiting = new Map<number, (f: { code: number; message?: string; data?: unknown }) => void>();
  private counter = 0;
  private tag = crypto.randomBytes(3).toString('hex');
  constructor(readonly id: string) {}

  static async connect(a: Account, instance: string): Promise<OurClient> {
    const c = new OurClient(a.id);
    c.ws = new WebSocket(`${a.url.replace(/^http/, 'ws')}/api/chat/ws`, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      c.ws.once('open', () => resolve());
      c.ws.once('error', reject);
    });
    c.ws.on('message', (buf) => {
      const f = JSON.parse(String(buf));
      if (f.ev === 'msg') {
        if (f.m.type === 'TIMCustomElem') received(f.m.from, c.id, f.m.payload.data);
      } else if (typeof f.id === 'number') {
        const w = c.waiting.get(f.id);
        c.waiting.delete(f.id);
        w?.(f);
      }
    });
    c.ws.on('close', () => {
      for (const w of c.waiting.values()) w({ code: -1, message: 'closed' });
      c.waiting.clear();
    });
    await c.call('auth', { userID: a.id, userSig: a.sig, instance: `${instance}-${a.id}`, login: true });
    return c;
  }

  call(op: string, p: unknown): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (f) => (f.code === 0 ? resolve(f.data) : reject(new Error(`${op}: ${f.code} ${f.message}`))));
      this.ws.send(JSON.stringify({ id, op, p }));
    });
  }

  async send(kind: 'c2c' | 'group', to: string, data: string) {
    await this.call('send', {
      ID: `${this.id}-b${this.tag}${(++this.counter).toString(36)}`,
      conversationType: kind === 'c2c' ? 'C2C' : 'GROUP', to, type: 'TIMCustomElem', payload: { data },
    });
  }

  close() {
    this.ws.terminate();
  }
}

class SioClient implements Client {
  private s!: Socket;
  constructor(readonly id: string) {}

  static async connect(a: Account): Promise<SioClient> {
    const c = new SioClient(a.id);
    c.s = ioClient(a.url, { transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      c.s.once('connect', () => resolve());
      c.s.once('connect_error', reject);
    });
    c.s.on('msg', (m: { from: string; data: string }) => received(m.from, c.id, m.data));
    await c.s.emitWithAck('auth', a.id);
    if (a.group) await c.s.emitWithAck('join', a.group);
    return c;
  }

  async send(kind: 'c2c' | 'group', to: string, data: string) {
    await this.s.emitWithAck(kind, { to, data });
  }

  close() {
    this.s.disconnect();
  }
}

let clients = new Map<string, Client>();

async function connectAll(c: Extract<Command, { cmd: 'connect' }>) {
  for (const old of clients.values()) old.close();
  clients = new Map();
  // 50 at a time: a burst of thousands of handshakes measures the accept queue, not the chat.
  for (let i = 0; i < c.accounts.length; i += 50) {
    const batch = await Promise.all(
      c.accounts.slice(i, i + 50).map((a) => (c.system === 'ours' ? OurClient.connect(a, c.instance) : SioClient.connect(a))),
    );
    for (const cl of batch) clients.set(cl.id, cl);
  }
  return { connected: clients.size };
}

/** Each sender keeps `window` sends in flight until it has sent `perSender` (a closed loop). */
async function burst(c: Extract<Command, { cmd: 'burst' }>) {
  await Promise.all(
    c.senders.map(async (s) => {
      const client = clients.get(s.from);
      if (!client) throw new Error(`no client ${s.from} here`);
      let sent = 0;
      const lane = async () => {
        while (sent < c.perSender) {
          sent++;
          const t = epochNow();
          seen.first = Math.min(seen.first, t);
          seen.sent++;
          await client.send(s.kind, s.to, String(t)).catch(() => seen.errors++);
        }
      };
      await Promise.all(Array.from({ length: c.window }, lane));
    }),
  );
  return {};
}

/**
 * An open loop at a fixed rate: every few milliseconds, as many sends as the schedule says are
 * due by now, round-robin over the senders, without waiting for acks (a slow server does not slow
 * the offered load down). Bounded: exactly perSecond × seconds sends, and acks waited for at most
 * 30 s after the last one.
 */
async function rate(c: Extract<Command, { cmd: 'rate' }>) {
  const total = Math.round(c.perSecond * c.seconds);
  const senders = c.senders.map((s) => ({ ...s, client: clients.get(s.from)! }));
  if (senders.some((s) => !s.client)) throw new Error('a sender is not connected here');
  const start = epochNow();
  const pending: Promise<void>[] = [];
  let done = 0;
  let next = 0;
  while (done < total && epochNow() - start < c.seconds * 1000 + 10_000) {
    const due = Math.min(total, Math.floor(((epochNow() - start) / 1000) * c.perSecond));
    for (; done < due; done++) {
      const s = senders[next++ % senders.length];
      const t = epochNow();
      seen.first = Math.min(seen.first, t);
      seen.sent++;
      pending.push(s.client.send(s.kind, s.to, String(t)).catch(() => void seen.errors++));
    }
    await sleep(2);
  }
  const sentIn = (epochNow() - start) / 1000;
  await Promise.race([Promise.all(pending), sleep(30_000)]);
  return { offered: done, sentIn };
}

process.on('message', (raw: Command & { seq: number }) => {
  const answer = (r: Promise<unknown>) =>
    r.then(
      (data) => process.send!({ seq: raw.seq, ok: true, data }),
      (err) => process.send!({ seq: raw.seq, ok: false, error: String(err?.stack ?? err) }),
    );
  switch (raw.cmd) {
    case 'connect':
      return answer(connectAll(raw));
    case 'burst':
      return answer(burst(raw));
    case 'rate':
      return answer(rate(raw));
    case 'reset':
      Object.assign(seen, { latencies: [], last: 0, first: Infinity, sent: 0, errors: 0 });
      return answer(Promise.resolve({}));
    case 'count':
      return answer(Promise.resolve({ deliveries: seen.latencies.length, sent: seen.sent, errors: seen.errors }));
    case 'collect':
      return answer(Promise.resolve({ latencies: seen.latencies, first: seen.first, last: seen.last, sent: seen.sent, errors: seen.errors }));
    case 'close':
      for (const cl of clients.values()) cl.close();
      clients.clear();
      return answer(Promise.resolve({}));
  }
});
process.on('disconnect', () => process.exit(0));
process.send!({ seq: 0, ok: true, data: 'ready' });
