/**
 * Job search benchmark: p50/p95 of the server's search (jieba words in a GIN-indexed tsvector) for
 * 2-character, 4-character and multi-word keywords, with and without filters, beside a plain
 * ILIKE scan of titles and enterprise names with the same filters, in the same run, on the same
 * data: 1,000,000 jobs on PostgreSQL (DATABASE_URL) and 100,000 on PGlite.
 *
 *   pnpm --filter @zp/bench bench:search [--pg-jobs 1000000] [--pglite-jobs 100000] [--runs 10] [--fresh]
 *
 * The data is made by the same generator as `pnpm zp seed --jobs N` and kept between runs
 * (PostgreSQL schema bench_search_<N>, PGlite under bench/.data/) unless --fresh.
 * Results: printed, and written to bench/results/search-latest.md and a dated JSON file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase, one, rows, sql, type Database } from '../../server/src/db/index.js';
import { migrate } from '../../server/src/db/migrate.js';
import { seedVolume } from '../../server/src/modules/jobs/volume.js';
import { FILTERED_TOTAL_CAP, JOB_TOTAL_CAP, scanJobs, searchJobs, totalCapOf, type JobSearch } from '../../server/src/modules/search/jobs.js';
import { keywordQuery } from '../../server/src/text/segment.js';
import { formatMs, percentile } from '../lib/stats.js';
import { writeResults } from '../lib/results.js';

const here = import.meta.dirname;
// pino and pg are the server's dependencies; load them from there
const serverRequire = createRequire(path.join(here, '..', '..', 'server', 'package.json'));
const pino = serverRequire('pino') as typeof import('pino').default;
const { values: args } = parseArgs({
  options: {
    'pg-jobs': { type: 'string', default: '1000000' },
    'pglite-jobs': { type: 'string', default: '100000' },
    runs: { type: 'string', default: '10' },
    fresh: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const log = pino({ level: 'warn' });

const QUERIES: Record<string, string[]> = {
  '2字': ['会计', '司机', '前端', '护士', '销售'],
  '4字': ['数据分析', '产品经理', '销售经理', '人力资源', '机械工程'],
  多词: ['Java 开发', '前端 工程师', '会计 主管', '销售 经理', '护士 医院'],
};
const FILTERS: Record<string, Partial<JobSearch>> = {
  无筛选: {},
  '城市+学历+薪资': { sbcs: '440300', xlyq: 'xl_04', gwyx: 'xzfw_05' },
};

interface Cell {
  kind: string;
  filter: string;
  /** avgHits: the average total answered; hitsCapped: for how many keywords that total was capped (at capOf) */
  fts: { p50: number; p95: number; avgHits: number; hitsCapped: number; usesIndex: boolean };
  ilike: { p50: number; p95: number; avgHits: number };
}
interface Target {
  db: string;
  jobs: number;
  seedSeconds: number | null;
  /** 1-minute load average before and after measuring (the machine is shared) */
  load: [number, number];
  cells: Cell[];
}

const pct = percentile;
/** where a cell's totals stop being counted, as the search decides it (the same for every keyword of a cell) */
/** The search the page makes for a keyword and filters: the first page of 20. */
const searchOf = (key: string, f: Partial<JobSearch>) => ({ key, page: 1, limit: 20, ...f }) as JobSearch;
const capOf = (c: Pick<Cell, 'kind' | 'filter'>) => totalCapOf(searchOf(QUERIES[c.kind][0], FILTERS[c.filter]));
/** the average total, and how many keywords' totals were capped (their total counts as the cap) */
const hits = (c: Cell) => `${c.fts.avgHits}${c.fts.hitsCapped ? `（${c.fts.hitsCapped} 个计到 ${capOf(c).toLocaleString('en')}+）` : ''}`;
const ms = formatMs;

async function prepare(database: Database, jobs: number): Promise<number | null> {
  await migrate(database, log);
  const have = (await one<{ n: number }>(database.db, sql`select count(*)::int as n from jobs`))!.n;
  if (have >= jobs) {
    console.log(`  已有 ${have} 个岗位，直接使用（--fresh 重新生成）`);
    // statistics for whatever a migration just filled
    await database.exec('vacuum analyze job_search');
    return null;
  }
  console.log(`  生成 ${jobs - have} 个岗位…`);
  let last = 0;
  const r = await seedVolume(database, log, {
    jobs: jobs - have,
    onProgress: (what, done, total) => {
      if (what !== 'jobs' || Date.now() - last < 10_000) return;
      last = Date.now();
      console.log(`    ${done}/${total}`);
    },
  });
  console.log(`  生成完毕：${r.seconds.toFixed(0)} 秒`);
  return r.seconds;
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = process.hrtime.bigint();
  const r = await fn();
  return [Number(process.hrtime.bigint() - t) / 1e6, r];
}

async function usesIndex(database: Database, key: string): Promise<boolean> {
  const plan = await rows<{ 'QUERY PLAN': string }>(
    database.db,
    sql`explain select s.job_id from job_search s where s.doc @@ (${keywordQuery(key)!})`,
  );
  return plan.some((p) => p['QUERY PLAN'].includes('job_search_doc'));
}

/** Passes of every search before any is measured (besides each query's own warm-up below). */
const WARM_PASSES = 10;

async function measure(database: Database): Promise<Cell[]> {
  const cells: Cell[] = [];
  // A new process runs the embedded database's WebAssembly in its baseline code until its hot
  // functions are compiled again, optimised, over the first few hundred statements: without these
  // passes that start-up cost fell on whichever cell came first. A running server has paid it.
  for (let pass = 0; pass < WARM_PASSES; pass++)
    for (const keys of Object.values(QUERIES))
      for (const f of Object.values(FILTERS)) for (const key of keys) await searchJobs(database.db, searchOf(key, f));
  for (const [kind, keys] of Object.entries(QUERIES)) {
    for (const [filter, f] of Object.entries(FILTERS)) {
      const fts: number[] = [];
      const scan: number[] = [];
      let ftsHits = 0;
      let ftsCapped = 0;
      let scanHits = 0;
      let indexed = true;
      for (const key of keys) {
        const q = searchOf(key, f);
        indexed &&= await usesIndex(database, key);
        await searchJobs(database.db, q); // warm-up
        await scanJobs(database.db, q);
        for (let i = 0; i < RUNS; i++) {
          // alternate, so that neither side always runs on a warmer cache
          const [a, ra] = await time(() => searchJobs(database.db, q));
          const [b, rb] = await time(() => scanJobs(database.db, q));
          fts.push(a);
          scan.push(b);
          if (i === 0) {
            ftsHits += ra.total;
            if (ra.totalCapped) ftsCapped++;
            scanHits += rb.total;
          }
        }
      }
      const cell: Cell = {
        kind,
        filter,
        fts: { p50: pct(fts, 50), p95: pct(fts, 95), avgHits: Math.round(ftsHits / keys.length), hitsCapped: ftsCapped, usesIndex: indexed },
        ilike: { p50: pct(scan, 50), p95: pct(scan, 95), avgHits: Math.round(scanHits / keys.length) },
      };
      console.log(
        `  ${kind.padEnd(3)} ${filter.padEnd(10)} 分词索引 p50 ${ms(cell.fts.p50)} ms p95 ${ms(cell.fts.p95)} ms (命中 ${hits(cell)}${indexed ? '，用 GIN 索引' : ''})` +
          ` | ILIKE p50 ${ms(cell.ilike.p50)} ms p95 ${ms(cell.ilike.p95)} ms (命中 ${cell.ilike.avgHits})`,
      );
      cells.push(cell);
    }
  }
  return cells;
}

async function runTarget(kind: 'postgres' | 'pglite', jobs: number): Promise<Target> {
  console.log(`\n== ${kind}，${jobs} 个岗位 ==`);
  const env: Record<string, string> = { DEMO: '0', LOG_LEVEL: 'warn', PORT: '0' };
  if (kind === 'postgres') {
    env.DATABASE_URL = process.env.DATABASE_URL!;
    env.DATABASE_SCHEMA = `bench_search_${jobs}`;
  } else {
    env.DATA_DIR = path.join(here, '..', '.data', `pglite-${jobs}`);
  }
  if (args.fresh) {
    if (kind === 'pglite') fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    else {
      const pg = serverRequire('pg') as typeof import('pg');
      const c = new pg.Client({ connectionString: env.DATABASE_URL });
      await c.connect();
      await c.query(`drop schema if exists ${env.DATABASE_SCHEMA} cascade`);
      await c.end();
    }
  }
  const database = await openDatabase(loadConfig(env));
  try {
    const seedSeconds = await prepare(database, jobs);
    const before = os.loadavg()[0];
    const cells = await measure(database);
    return { db: kind, jobs, seedSeconds, load: [before, os.loadavg()[0]], cells };
  } finally {
    await database.close();
  }
}

function report(targets: Target[]): string {
  const lines = [
    '# 岗位搜索基准（bench/search）',
    '',
    `运行于 ${new Date().toISOString()}，${os.cpus().length} 核 ${os.cpus()[0]?.model ?? ''}，Node ${process.version}。`,
    `每个关键词每种条件各测 ${RUNS} 次（先各预热一次；分词索引另在测量前把全部查询各跑 ${WARM_PASSES} 遍，新进程中 PGlite 的 WebAssembly 要在头几百条语句里分层编译优化，已运行的服务早已付过这笔启动成本），两种查询交替执行；耗时含总数统计与第一页 20 条，即接口所做的数据库工作。`,
    '“分词索引”是服务端的搜索（jieba 分词写入 tsvector，存于只含检索字段的窄表 job_search，GIN 索引；标题含全部关键词的岗位在前，其余在后，各按刷新时间；' +
      `总数最多数到 ${JOB_TOTAL_CAP.toLocaleString('en')} 个（有筛选时 ${FILTERED_TOTAL_CAP.toLocaleString('en')} 个），超过时答“${JOB_TOTAL_CAP.toLocaleString('en')}+”（“${FILTERED_TOTAL_CAP.toLocaleString('en')}+”）；筛选条件与关键词在同一 GIN 索引中求交；只读取当页岗位）；` +
      '“ILIKE”是同一条件下对岗位名称与单位名称做 `%关键词%` 扫描（按刷新时间排序，逐个计数）。',
    `命中数不同是意料之中：ILIKE 按字符匹配（“公司机关”也含“司机”），分词按词匹配；分词一列的命中是答给页面的总数，计到上限的按上限计入平均。`,
    '',
    `关键词：2字 ${QUERIES['2字'].join('、')}；4字 ${QUERIES['4字'].join('、')}；多词 ${QUERIES.多词.join('、')}。筛选：深圳 + 本科 + 月薪 12000-20000 元。`,
  ];
  for (const t of targets) {
    lines.push('', `## ${t.db === 'postgres' ? 'PostgreSQL' : 'PGlite'}，${t.jobs.toLocaleString('en')} 个岗位${t.seedSeconds !== null ? `（生成用时 ${t.seedSeconds.toFixed(0)} 秒）` : ''}`, '');
    lines.push(`测量时系统 1 分钟负载 ${t.load[0].toFixed(1)} → ${t.load[1].toFixed(1)}（${os.cpus().length} 核；负载高于核数时所有数字都按比例变慢，两列同样受影响）。`, '');
    lines.push('| 关键词 | 筛选 | 分词索引 p50 | p95 | 命中 | ILIKE p50 | p95 | 命中 | p50 加速 | p95 加速 |', '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const c of t.cells) {
      lines.push(
        `| ${c.kind} | ${c.filter} | ${ms(c.fts.p50)} ms | ${ms(c.fts.p95)} ms | ${hits(c)} | ${ms(c.ilike.p50)} ms | ${ms(c.ilike.p95)} ms | ${c.ilike.avgHits} | ${(c.ilike.p50 / c.fts.p50).toFixed(1)}× | ${(c.ilike.p95 / c.fts.p95).toFixed(1)}× |`,
      );
    }
    const all = t.cells.every((c) => c.fts.usesIndex);
    lines.push('', all ? '每个关键词的查询计划都使用 GIN 索引 job_search_doc。' : '注意：有关键词的查询计划没有使用 GIN 索引。');
  }
  return `${lines.join('\n')}\n`;
}

const targets: Target[] = [];
if (args.only !== 'pglite') {
  if (process.env.DATABASE_URL) targets.push(await runTarget('postgres', Number(args['pg-jobs'])));
  else console.log('\n未设置 DATABASE_URL，跳过 PostgreSQL（例如 DATABASE_URL=postgres://postgres@localhost/zp_bench）');
}
if (args.only !== 'postgres') targets.push(await runTarget('pglite', Number(args['pglite-jobs'])));

const md = report(targets);
writeResults('search', md, { runs: RUNS, queries: QUERIES, filters: FILTERS, targets });
console.log(`\n${md}\n已写入 bench/results/search-latest.md`);
