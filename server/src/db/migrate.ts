import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './index.js';
import type { Logger } from 'pino';

/**
 * One set of SQL migrations for PGlite and PostgreSQL alike. Each module keeps its files in
 * modules/<name>/sql/NNNN_what.sql, and the four-digit number alone orders them across all
 * modules (a number is used once; a repeat stops the start). The first modules took blocks in
 * the order they were built — auth 01xx, codes 02xx, companies 03xx, resumes 04xx, files 05xx,
 * notify 06xx, content 07xx, fairs 08xx, jobs 09xx (search 095x), applications 10xx (relations
 * 1050), feedback 11xx, admin 12xx, chat 13xx, rtc 14xx, partners 15xx; from 1600 a number
 * belongs to no module. A new file may take a free number in its module's block only if every
 * table it uses is made by a lower number; otherwise it takes one above the highest in use.
 * Applied files are recorded by name in schema_migrations, so one is never renamed or edited:
 * a change is a new file. The build copies them all to dist/sql.
 */
function migrationFiles(): { id: string; file: string }[] {
  const here = import.meta.dirname;
  const bundled = path.join(here, 'sql');
  const files: { id: string; file: string }[] = [];
  if (fs.existsSync(bundled)) {
    for (const f of fs.readdirSync(bundled)) if (f.endsWith('.sql')) files.push({ id: f, file: path.join(bundled, f) });
  } else {
    const modules = path.join(here, '..', 'modules');
    for (const m of fs.readdirSync(modules)) {
      const dir = path.join(modules, m, 'sql');
      if (!fs.existsSync(dir)) continue;
      for (const f of fs.readdirSync(dir)) if (f.endsWith('.sql')) files.push({ id: f, file: path.join(dir, f) });
    }
  }
  files.sort((a, b) => a.id.localeCompare(b.id));
  const seen = new Set<string>();
  for (const f of files) {
    const n = f.id.slice(0, 4);
    if (seen.has(n)) throw new Error(`两个迁移文件使用了同一个编号 ${n}：${f.id}`);
    seen.add(n);
  }
  return files;
}

export async function migrate(database: Database, log: Logger): Promise<number> {
  return database.exclusive(async (query) => {
    // The advisory lock keeps two nodes starting together from applying the same file twice.
    await query(`create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`);
    await query(`select pg_advisory_lock(77001)`);
    try {
      const done = new Set((await query(`select id from schema_migrations`)).map((r) => String(r.id)));
      let applied = 0;
      for (const m of migrationFiles()) {
        if (done.has(m.id)) continue;
        const text = fs.readFileSync(m.file, 'utf8');
        await query(`begin;\n${text}\n;\ninsert into schema_migrations (id) values ('${m.id.replace(/'/g, "''")}');\ncommit;`);
        log.info({ migration: m.id }, 'migration applied');
        applied++;
      }
      return applied;
    } catch (err) {
      await query('rollback').catch(() => undefined);
      throw err;
    } finally {
      await query(`select pg_advisory_unlock(77001)`);
    }
  });
}
