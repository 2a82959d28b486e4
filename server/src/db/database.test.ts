import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase, rows, sql, type Database } from './index.js';

// The embedded database runs in its own thread; on PostgreSQL there is nothing of ours to test here.
const onPglite = process.env.ZP_TEST_DB !== 'postgres';

describe.runIf(onPglite)('embedded database', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zp-db-'));
    database = await openDatabase(loadConfig({ DATA_DIR: dir, DEMO: '0' }));
    await database.exec('create table t (id int primary key, note text)');
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps serving while a statement runs: timers fire during a 400 ms query', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    await rows(database.db, sql`select pg_sleep(0.4)`);
    clearInterval(timer);
    // On the main thread PGlite would have held the event loop for the whole statement (0 ticks).
    expect(ticks).toBeGreaterThan(5);
  });

  it('answers database errors with their code, and a rolled back transaction leaves nothing', async () => {
    await rows(database.db, sql`insert into t values (1, 'a')`);
    const err = await rows(database.db, sql`insert into t values (1, 'b')`).catch((e: unknown) => e as { code?: string; cause?: { code?: string } });
    expect((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code).toBe('23505');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (2, 'c')`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await rows(database.db, sql`select id from t order by id`)).toEqual([{ id: 1 }]);
  });

  it('receives each kind of value as node-postgres sends it to PostgreSQL', async () => {
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    const [r] = await rows<Record<string, unknown>>(
      database.db,
      sql`select ${true}::boolean as yes, ${false}::boolean as no, ${42}::int as n, ${1.5}::float8 as x, ${null}::text as nothing,
                 ${"引号'与\\反斜杠"}::text as s, ${JSON.stringify({ k: ['值'] })}::jsonb as j, ${{ k: 1 }}::jsonb as o,
                 extract(epoch from ${at}::timestamptz)::float8 as epoch, ${'2026-01-02'}::date as day`,
    );
    expect(r).toEqual({ yes: true, no: false, n: 42, x: 1.5, nothing: null, s: "引号'与\\反斜杠", j: { k: ['值'] }, o: { k: 1 }, epoch: at.getTime() / 1000, day: '2026-01-02' });
  });

  it('runs a prepared write again and again among queries; a failing run changes nothing and the next one works', async () => {
    const text = 'insert into t (id, note) select (x->>0)::int, x->>1 from jsonb_array_elements($1::jsonb) x';
    const put = (list: [number, string][]) => database.prepared('t_put', text, [JSON.stringify(list)]);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => [put([[100 + i, `p${i}`]]), rows(database.db, sql`select count(*)::int as n from t where id < ${i}`)]).flat(),
    );
    const err = await put([[300, 'new'], [100, 'taken']]).catch((e: unknown) => e as { code?: string });
    expect((err as { code?: string }).code).toBe('23505');
    // the connection is not left waiting for the end of the failed run
    await put([[300, 'new']]);
    const r = await rows<{ id: number }>(database.db, sql`select id from t where id >= 100 order by id`);
    expect(r.map((x) => x.id)).toEqual([...Array.from({ length: 20 }, (_, i) => 100 + i), 300]);
  });

  it('lets nobody else in while a transaction is open', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`update t set note = 'in transaction' where id = 1`);
      await held;
      await t.execute(sql`update t set note = 'committed' where id = 1`);
    });
    // A reader outside the transaction waits for it instead of seeing its half-done work.
    const outside = rows<{ note: string }>(database.db, sql`select note from t where id = 1`);
    setTimeout(release, 50);
    await tx;
    expect((await outside)[0].note).toBe('committed');
  });
});
