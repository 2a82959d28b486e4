import type { Logger } from 'pino';
import type { Database } from '../../db/index.js';
import { seedCodeTables } from '../codes/public.js';
import { companyCount, insertCompanies, makeCompany, random } from '../companies/public.js';
import { md5 } from '../../db/seed.js';
import { generateJobs } from './generate.js';

export interface VolumeResult {
  companies: number;
  jobs: number;
  seconds: number;
}

/**
 * `pnpm zp seed --jobs N`: N realistic job posts over about N/50 new enterprises (each with one HR
 * account, password 'zp123456'), for benchmarks and load tests. Adds to what is there; numbering
 * continues after the existing enterprises, so running it twice doubles the volume.
 */
export async function seedVolume(
  database: Database,
  log: Logger,
  opts: { jobs: number; seed?: number; onProgress?: (what: string, done: number, total: number) => void },
): Promise<VolumeResult> {
  const started = Date.now();
  const db = database.db;
  await seedCodeTables(db, log);
  const r = random(opts.seed ?? 1);
  const existing = await companyCount(db);
  const n = Math.max(20, Math.ceil(opts.jobs / 50));
  const companies = [];
  for (let i = 0; i < n; i += 5000) {
    const part = Array.from({ length: Math.min(5000, n - i) }, (_, j) => makeCompany(r, existing + i + j));
    companies.push(...(await insertCompanies(db, part, { phoneBase: 16000000000 + existing + i, md5Password: md5('zp123456') })));
    opts.onProgress?.('companies', companies.length, n);
  }
  // For the load only, new index entries gather in GIN's pending list; the vacuum below merges
  // them in one pass (much faster than row by row) before the index goes back to direct updates.
  await database.exec('alter index job_search_doc set (fastupdate = on)');
  try {
    await generateJobs(db, r, companies, opts.jobs, (done) => opts.onProgress?.('jobs', done, opts.jobs));
  } finally {
    // Fresh statistics so the planner sees the new volume at once (autovacuum would, later).
    await database.exec('vacuum analyze job_search');
    await database.exec('alter index job_search_doc set (fastupdate = off)');
  }
  await database.exec('vacuum analyze jobs');
  await database.exec('analyze companies');
  return { companies: n, jobs: opts.jobs, seconds: (Date.now() - started) / 1000 };
}
