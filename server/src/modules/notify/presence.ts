/**
 * Who is online: a user with at least one notification socket open on any node, or one who made a
 * verified presence call (the previous web client's hall pings, which open no socket we can
 * authenticate) within the last LEASE_MS; the last socket of a user closing ends the lease too. Each node knows its own sockets; through the bus it
 * tells the others when a user comes or goes here, and of each lease; every SNAPSHOT_MS it sends
 * which users it holds and the leases it knows, so a node that starts late (or missed a message)
 * catches up and a node that died drops out after STALE_MS.
 */
import crypto from 'node:crypto';
import type { Bus } from '../../bus/index.js';
import type { Logger } from 'pino';

const TOPIC = 'presence';
const SNAPSHOT_MS = 15_000;
const STALE_MS = 3 * SNAPSHOT_MS;
/** How long a presence call counts: longer than the hall's 3-minute ping. */
const LEASE_MS = 5 * 60_000;

type PresenceEvent =
  | { kind: 'change'; node: string; userId: string; online: boolean }
  | { kind: 'snapshot'; node: string; users: string[]; leases?: [string, number][] }
  | { kind: 'lease'; node: string; userId: string; until: number }
  | { kind: 'hello'; node: string }
  | { kind: 'bye'; node: string };

export interface Presence {
  readonly node: string;
  /** A socket of this user opened on this node. */
  add(userId: string): void;
  /** A socket of this user closed on this node. */
  remove(userId: string): void;
  /** A verified presence call of this user: online for the lease, on every node. */
  touch(userId: string): void;
  isOnline(userId: string): boolean;
  onlineOf(userIds: string[]): Set<string>;
  close(): Promise<void>;
}

export async function startPresence(bus: Bus, log: Logger, opts: { leaseMs?: number } = {}): Promise<Presence> {
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const node = crypto.randomBytes(8).toString('hex');
  /** userId → sockets open here */
  const local = new Map<string, number>();
  /** other nodes: node → users online there and when we last heard */
  const remote = new Map<string, { users: Set<string>; seen: number }>();
  /** userId → until when a presence call (made on any node) counts */
  const leases = new Map<string, number>();
  const lease = (userId: string, until: number) => {
    if (typeof userId === 'string' && Number.isFinite(until) && until > (leases.get(userId) ?? 0)) leases.set(userId, until);
  };

  const publish = (e: PresenceEvent) => bus.publish(TOPIC, e).catch((err) => log.warn({ err: String(err) }, 'presence publish failed'));
  const snapshot = () => publish({ kind: 'snapshot', node, users: [...local.keys()], leases: [...leases] });

  const unsubscribe = await bus.subscribe(TOPIC, (payload) => {
    const e = payload as PresenceEvent;
    if (!e || typeof e !== 'object' || e.node === node) return;
    switch (e.kind) {
      case 'change': {
        const r = remote.get(e.node) ?? { users: new Set<string>(), seen: Date.now() };
        if (e.online) r.users.add(e.userId);
        else {
          r.users.delete(e.userId);
          leases.delete(e.userId);
        }
        r.seen = Date.now();
        remote.set(e.node, r);
        break;
      }
      case 'snapshot':
        remote.set(e.node, { users: new Set(e.users), seen: Date.now() });
        if (Array.isArray(e.leases)) for (const [u, until] of e.leases) lease(u, until);
        break;
      case 'lease':
        lease(e.userId, e.until);
        break;
      case 'hello':
        void snapshot();
        break;
      case 'bye':
        remote.delete(e.node);
        break;
    }
  });
  const timer = setInterval(() => {
    void snapshot();
    const cutoff = Date.now() - STALE_MS;
    for (const [n, r] of remote) if (r.seen < cutoff) remote.delete(n);
    for (const [u, until] of leases) if (until <= Date.now()) leases.delete(u);
  }, SNAPSHOT_MS);
  timer.unref();
  void publish({ kind: 'hello', node });

  const fresh = (r: { seen: number }) => r.seen >= Date.now() - STALE_MS;
  const isOnline = (userId: string) => {
    if (local.has(userId) || (leases.get(userId) ?? 0) > Date.now()) return true;
    for (const r of remote.values()) if (fresh(r) && r.users.has(userId)) return true;
    return false;
  };

  return {
    node,
    add(userId) {
      const n = local.get(userId) ?? 0;
      local.set(userId, n + 1);
      if (n === 0) void publish({ kind: 'change', node, userId, online: true });
    },
    remove(userId) {
      const n = local.get(userId) ?? 0;
      if (n <= 1) {
        local.delete(userId);
        // A user with a socket is online while it is open: its closing also ends a lease.
        leases.delete(userId);
        if (n === 1) void publish({ kind: 'change', node, userId, online: false });
      } else local.set(userId, n - 1);
    },
    touch(userId) {
      const until = Date.now() + leaseMs;
      lease(userId, until);
      void publish({ kind: 'lease', node, userId, until });
    },
    isOnline,
    onlineOf(userIds) {
      return new Set(userIds.filter(isOnline));
    },
    async close() {
      clearInterval(timer);
      local.clear();
      leases.clear();
      await publish({ kind: 'bye', node });
      await unsubscribe();
    },
  };
}
