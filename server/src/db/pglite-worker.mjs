// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs every
// statement synchronously, so on the main thread it stalled sockets and pages for as long as a
// statement ran. Plain JavaScript so that the sources (tests) and dist/ run the same file.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, types } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import pgUtils from 'pg/lib/utils.js';

const keep = (v) => v;
// Drizzle's PGlite driver keeps these as the text PostgreSQL sends; its parsers are functions,
// which cannot cross threads, so the same choice is made here for its queries.
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, keep]),
);

/** A database error as plain fields (code, detail, constraint, …): an Error's own fields do not survive postMessage. */
function plain(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const out = { message: err.message, name: err.name };
  for (const [k, v] of Object.entries(err)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

const db = await PGlite.create(workerData.dir);
// This database's pages are read from memory (its own buffers or the system's file cache), not
// sought on a disk: a page costs the planner a tenth of PostgreSQL's disk-minded defaults beside
// its CPU costs, as PostgreSQL's documentation advises for a cached database. Without it a search
// walked thousands of jobs in date order to find a page of title matches that the index of title
// words gives from a few hundred.
await db.exec('set seq_page_cost = 0.1; set random_page_cost = 0.1');
/** names of the statements parsed (and so planned once) on this connection */
const parsed = new Set();
const utf8 = new TextDecoder();

/**
 * Runs a statement kept under `name`: parsed once, then bound and executed (and planned once,
 * when PostgreSQL settles on its generic plan). PGlite's query() parses and plans the text every
 * time, which for a busy small write costs more than the write.
 */
function runPrepared(name, text, params) {
  // the parameters come as UTF-8 bytes, and go in as text
  const values = params.map((p) => utf8.decode(p));
  // under query()'s lock: the protocol calls are not, and a query's steps must not interleave with these
  return db.runExclusive(async () => {
    if (!parsed.has(name)) {
      await db.execProtocol(Buffer.concat([serialize.parse({ name, text, types: [] }), serialize.sync()]));
      parsed.add(name);
    }
    await db.execProtocol(Buffer.concat([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]));
  });
}

/**
 * A statement with parameters in one trip into the database: Parse, Bind, Describe, Execute and
 * Sync sent together. PGlite's query() makes six, asking first for the parameters' types to
 * serialise each value by its type; here the values are serialised as node-postgres serialises
 * them for PostgreSQL, so that both databases are sent the same text for the same call.
 */
function runQuery(text, params, options) {
  const values = params.map((v) => pgUtils.prepareValue(v));
  return db.runExclusive(async () => {
    const { messages } = await db.execProtocol(
      Buffer.concat([serialize.parse({ text, types: [] }), serialize.bind({ values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
    );
    return parse.parseResults(messages, db.parsers, options)[0];
  });
}

parentPort.on('message', async ({ id, op, name, text, params, rowMode, drizzle }) => {
  try {
    let result;
    if (op === 'query') {
      result = await runQuery(text, params ?? [], { rowMode, ...(drizzle && { parsers: DRIZZLE_PARSERS }) });
    } else if (op === 'prepared') {
      await runPrepared(name, text, params);
      result = null;
    } else if (op === 'exec') {
      result = await db.exec(text);
    } else if (op === 'close') {
      await db.close();
      result = null;
    }
    parentPort.postMessage({ id, result });
  } catch (err) {
    parentPort.postMessage({ id, error: plain(err) });
  }
});
parentPort.postMessage({ ready: true });
