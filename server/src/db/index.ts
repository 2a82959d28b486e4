import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config.js';

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL text (several statements allowed); used by migrations and COPY-free bulk work. */
  exec(text: string): Promise<void>;
  /** Runs fn on one connection (advisory locks and multi-statement scripts need that). */
  exclusive<T>(fn: (query: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T>;
  /**
   * Runs a write kept prepared under `name` on its connection (parsed once, not every time); the
   * text must be the same for one name. Text parameters; nothing is returned.
   */
  prepared(name: string, text: string, params: string[]): Promise<void>;
  close(): Promise<void>;
}

export async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const pg = await import('pg');
    // 64-bit ids come back as strings, which is what the API sends anyway.
    const pool = new pg.default.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      options: config.databaseSchema ? `-c search_path=${config.databaseSchema}` : undefined,
    });
    if (config.databaseSchema) {
      const c = await pool.connect();
      try {
        await c.query(`create schema if not exists ${config.databaseSchema}`);
      } finally {
        c.release();
      }
    }
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      exec: async (text) => {
        await pool.query(text);
      },
      exclusive: async (fn) => {
        const c = await pool.connect();
        try {
          return await fn(async (text) => {
            const r = (await c.query(text)) as unknown as { rows?: Record<string, unknown>[] } | { rows?: Record<string, unknown>[] }[];
            return (Array.isArray(r) ? r[r.length - 1]?.rows : r.rows) ?? [];
          });
        } finally {
          c.release();
        }
      },
      prepared: async (name, text, params) => {
        await pool.query({ name, text, values: params });
      },
      close: () => pool.end(),
    };
  }
  const dir = path.join(config.dataDir, 'pg');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PgliteThread.open(dir);
  const db = drizzlePglite({ client: client as never }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (text) => {
      await client.exec(text);
    },
    exclusive: (fn) =>
      client.alone(() =>
        fn(async (text) => {
          const r = await client.execNow(text);
          return (r[r.length - 1]?.rows ?? []) as Record<string, unknown>[];
        }),
      ),
    prepared: (name, text, params) => client.prepared(name, text, params),
    close: () => client.close(),
  };
}

const utf8 = new TextEncoder();

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: unknown };
type Result = { rows: unknown[]; fields: unknown[]; affectedRows?: number };
type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Result>;

/**
 * PGlite in a worker thread (pglite-worker.mjs), with the part of PGlite's client that Drizzle
 * and this module use: query, exec, transaction, close. A statement no longer holds the event
 * loop: sockets and pages are served while the database works, on the second core when there is
 * one. PGlite has one connection, so a transaction (or `alone`) keeps every other caller waiting
 * until it ends.
 */
class PgliteThread {
  private next = 1;
  private pending = new Map<number, { resolve: (r: never) => void; reject: (e: unknown) => void }>();
  /** set while a transaction has the connection; others wait for it */
  private gate: Promise<void> | null = null;
  private failure: Error | null = null;

  private constructor(private worker: Worker) {
    worker.on('message', (m: { id?: number; result?: unknown; error?: Record<string, unknown> }) => {
      const p = m.id === undefined ? undefined : this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id!);
      if (m.error) p.reject(Object.assign(new Error(String(m.error.message)), m.error));
      else p.resolve(m.result as never);
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`数据库线程已退出（${code}）`)));
  }

  static open(dir: string): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir } });
    return new Promise((resolve, reject) => {
      const failed = (err: unknown) => reject(err instanceof Error ? err : new Error(`数据库线程未能启动（${String(err)}）`));
      worker.once('error', failed);
      worker.once('exit', failed);
      worker.once('message', () => {
        worker.off('error', failed);
        worker.off('exit', failed);
        resolve(new PgliteThread(worker));
      });
    });
  }

  private send<T>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...message }, transfer);
    });
  }

  private queryNow: Query = (text, params = [], options = {}) =>
    this.send({ op: 'query', text, params, rowMode: options.rowMode, drizzle: options.parsers !== undefined });

  execNow = (text: string) => this.send<Result[]>({ op: 'exec', text });

  // Each waits for an open transaction in its own loop: between an awaited helper's return and
  // the caller going on, another transaction could begin.
  query: Query = async (text, params, options) => {
    while (this.gate !== null) await this.gate;
    return this.queryNow(text, params, options);
  };

  exec = async (text: string) => {
    while (this.gate !== null) await this.gate;
    return this.execNow(text);
  };

  prepared = async (name: string, text: string, params: string[]) => {
    while (this.gate !== null) await this.gate;
    // A batch of messages is a few hundred KB of text: handed over as UTF-8 bytes whose memory
    // moves to the thread, rather than copied character by character into the message on this
    // thread, the busy one.
    const bytes = params.map((p) => utf8.encode(p));
    await this.send({ op: 'prepared', name, text, params: bytes }, bytes.map((b) => b.buffer));
  };

  /** Runs fn with the connection to itself. */
  async alone<T>(fn: () => Promise<T>): Promise<T> {
    while (this.gate !== null) await this.gate;
    let open!: () => void;
    this.gate = new Promise((r) => (open = r));
    try {
      return await fn();
    } finally {
      this.gate = null;
      open();
    }
  }

  /** Drizzle's driver asks only `query` of the transaction it is given. */
  transaction<T>(fn: (tx: { query: Query }) => Promise<T>): Promise<T> {
    return this.alone(async () => {
      await this.queryNow('begin');
      try {
        const out = await fn({ query: this.queryNow });
        await this.queryNow('commit');
        return out;
      } catch (err) {
        await this.queryNow('rollback').catch(() => {});
        throw err;
      }
    });
  }

  async close() {
    while (this.gate !== null) await this.gate;
    if (!this.failure) await this.send({ op: 'close' }).catch(() => {});
    this.failure ??= new Error('数据库已关闭');
    await this.worker.terminate();
  }
}

/** Rows of a raw query, the same on both drivers. */
export async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

export async function one<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T | undefined> {
  return (await rows<T>(db, query))[0];
}

export { sql };

/** A timestamp column as the API writes times: 'YYYY-MM-DD HH:mm:ss', China time (null stays null). */
export const chinaTime = (col: string) => sql.raw(`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`);

/** The same, '' for no time (an interview whose time is 待定): how every list shows times. */
export const timeText = (col: string) => sql.raw(`coalesce(to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'), '')`);
/** To the minute, '' for no time. */
export const minuteText = (col: string) => sql.raw(`coalesce(to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI'), '')`);

/** `ids` as the list inside `in (…)`, each a bound parameter (the list must not be empty). */
export const inList = (ids: readonly (string | number)[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/**
 * A figure per id for every id asked, `fallback` where the query has no row: `query` gets the ids
 * as the list inside `in (…)` and selects `id` (text) and `n`.
 */
export async function valuesById(db: Db, ids: readonly string[], query: (list: SQL) => SQL, fallback = 0): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(ids.map((id) => [id, fallback]));
  if (!ids.length) return out;
  for (const x of await rows<{ id: string; n: number }>(db, query(inList(ids)))) out[x.id] = x.n;
  return out;
}

/** `text` with LIKE's wildcards ('%', '_' and the escape '\\') taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** An (I)LIKE pattern finding what a person typed anywhere, spaces around it aside. */
export const likePattern = (text: string) => `%${escapeLike(text.trim())}%`;
