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
      // Handlers get the same plain data as through Redis, without their sharing an object with the publisher.
      const copy = jsonCopy(payload ?? null);
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

/**
 * What `JSON.parse(JSON.stringify(value))` gives, without writing and reading the text: arrays and
 * plain objects are copied, strings (immutable) are shared. A chat push carries its frame as a
 * string that the round trip would escape and unescape for every message. Anything else — a
 * toJSON, a class instance, a `__proto__` key, a value JSON cannot hold — goes through JSON itself.
 */
export function jsonCopy(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        const out = new Array(value.length);
        for (let i = 0; i < value.length; i++) {
          const v = value[i];
          out[i] = v === undefined || typeof v === 'function' || typeof v === 'symbol' ? null : jsonCopy(v);
        }
        return out;
      }
      const proto = Object.getPrototypeOf(value);
      if ((proto === Object.prototype || proto === null) && !('toJSON' in value) && !Object.hasOwn(value, '__proto__')) {
        const out: Record<string, unknown> = {};
        for (const k of Object.keys(value)) {
          const v = (value as Record<string, unknown>)[k];
          if (v !== undefined && typeof v !== 'function' && typeof v !== 'symbol') out[k] = jsonCopy(v);
        }
        return out;
      }
    }
  }
  return JSON.parse(JSON.stringify(value));
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
