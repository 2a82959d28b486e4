import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';

/**
 * Fan-out between server processes. PostgreSQL stays the source of truth; the bus only tells
 * every node that something happened so it can push to the sockets it holds.
 */
export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(topic: string, payload: unknown): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(topic: string, handler: (payload: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function memoryBus(): Bus {
  const ee = new EventEmitter();
  ee.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(topic, payload) {
      // Serialise like Redis does so that both buses hand handlers the same plain data.
      const copy = JSON.parse(JSON.stringify(payload ?? null));
      queueMicrotask(() => ee.emit(topic, copy));
    },
    async subscribe(topic, handler) {
      ee.on(topic, handler);
      return async () => {
        ee.off(topic, handler);
      };
    },
    async close() {
      ee.removeAllListeners();
    },
  };
}

export async function redisBus(url: string, log: Logger, prefix = 'zp:'): Promise<Bus> {
  const { Redis } = await import('ioredis');
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true });
  for (const c of [pub, sub]) c.on('error', (err) => log.warn({ err: err.message }, 'redis error'));
  await Promise.all([pub.connect(), sub.connect()]);
  // This node's own messages reach its own subscribers at once, as on the in-process bus (a
  // node that has just written reads its own write: a cache cleared, a socket pushed to); the
  // copy Redis brings back is recognised by the node tag and skipped.
  const node = randomUUID();
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const deliver = (topic: string, payload: unknown) => {
    for (const h of handlers.get(topic) ?? []) h(payload);
  };
  sub.on('message', (channel: string, message: string) => {
    let envelope: { n?: string; p?: unknown };
    try {
      envelope = JSON.parse(message);
    } catch {
      return;
    }
    if (envelope?.n === node) return;
    deliver(channel.slice(prefix.length), envelope?.p ?? null);
  });
  return {
    kind: 'redis',
    async publish(topic, payload) {
      const text = JSON.stringify(payload ?? null);
      const copy = JSON.parse(text);
      queueMicrotask(() => deliver(topic, copy));
      await pub.publish(prefix + topic, `{"n":"${node}","p":${text}}`);
    },
    async subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
        await sub.subscribe(prefix + topic);
      }
      set.add(handler);
      return async () => {
        const s = handlers.get(topic);
        if (!s) return;
        s.delete(handler);
        if (s.size === 0) {
          handlers.delete(topic);
          await sub.unsubscribe(prefix + topic);
        }
      };
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
