import fs from 'node:fs';
import path from 'node:path';
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
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = path.join(config.dataDir, 'pg');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (text) => {
      await client.exec(text);
    },
    exclusive: async (fn) =>
      fn(async (text) => {
        const r = await client.exec(text);
        return (r[r.length - 1]?.rows ?? []) as Record<string, unknown>[];
      }),
    close: () => client.close(),
  };
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
