/**
 * Every route of /api/openapi.json, driven with malformed values in its body, query and path:
 * wrong types, null, NUL and other control characters, 1 MB strings, RTL text and emoji, SQL and
 * HTML payloads, negative and huge numbers. No answer may be a 500 (by status or by code), the
 * server must keep answering, and a refused request (non-zero code) must leave the row count of
 * every table as it was. Values are sampled per field (rotating through the lists), not crossed,
 * so the run stays short.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@zp/core/contract';
import type { RouteSpec } from '@zp/core/contract';
import { rows, sql } from '../db/index.js';
import { startServer, type TestServer } from '../../test/helpers.js';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  default?: unknown;
};
interface Param {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Param[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
}

/** Just under the 1 MB body limit, so it reaches validation rather than the size check. */
const MB = 'x'.repeat(1000 * 1000);
/** Text that is hostile whatever field it lands in. */
const STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u0008\u001b[31m\u007f',
  '\u202e\u0645\u0631\u062d\u0628\u0627 😀👨‍👩‍👧 \u200f',
  "' OR 1=1 --",
  "1'); drop table users; --",
  '<script>alert(1)</script><img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  MB,
  '',
  '   ',
  '%00%27',
  '../../../../etc/passwd',
  '${7*7}{{7*7}}',
  '\ud800',
  '-1',
  '99999999999999999999999',
  '1e309',
  'NaN',
];
/** Values of the wrong JSON type, and numbers at the edges. */
const VALUES: unknown[] = [null, -1, 0, -2147483649, 2 ** 63, 1e308, 1.5, true, [], {}, [null], { $gt: '' }, [[[[[]]]]], 'abc', -999999999];
/** Whole bodies that are not what any route takes. */
const deep = (n: number): unknown => (n ? { a: deep(n - 1) } : 1);
const BODIES: unknown[] = [null, [], 'text', 123, true, [{}], { [MB.slice(0, 1000)]: 1 }, deep(500), Array.from({ length: 5000 }, (_, i) => i)];
/** Path parameter values (already URL-encoded where needed). */
const PATH_VALUES = ['%00', '-1', '0', '99999999999999999999', '1%27%20or%201%3D1', '%3Cscript%3E', 'abc', '%E2%80%AE%F0%9F%98%80', encodeURIComponent('x'.repeat(5000)), '1.5'];

/** Candidate texts for a pattern; the first that matches is the plausible value. */
const PATTERN_CANDIDATES = ['1', '13800000001', '2024-01-01', '2024-01', '2024-01-01 10:00:00', '10:00', '0'.repeat(32), '123456', 'hy_01', 'C2C100001', 'a', 'abc-12345678', 'xb_001', 'https://a.example/x.png', '/a.png', 'a@b.cn'];

function typeOf(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  return s.type;
}

/** A value the schema accepts (as far as a short search can tell), so one hostile field is the only fault. */
function plausible(s: Schema | undefined): unknown {
  if (!s) return 'a';
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return plausible(alt[0]);
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => plausible(s.items));
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const k of s.required ?? []) o[k] = plausible(s.properties?.[k]);
      return o;
    }
    default: {
      if (s.format === 'email') return 'a@b.cn';
      if (s.format === 'date') return '2024-01-01';
      if (s.format === 'date-time') return '2024-01-01T00:00:00Z';
      if (s.pattern) {
        const re = new RegExp(s.pattern, 'u');
        const hit = PATTERN_CANDIDATES.find((c) => re.test(c));
        if (hit) return hit;
      }
      return '测'.repeat(Math.max(1, s.minLength ?? 1));
    }
  }
}

let turn = 0;
/** The next sample of a list, rotating across calls so every value gets its turns. */
const pick = <T,>(list: T[]): T => list[turn++ % list.length];
const hostileFor = (s: Schema | undefined): unknown => (s && typeOf(s) === 'string' && turn % 3 !== 0 ? pick(STRINGS) : pick(VALUES));

interface Case {
  method: string;
  url: string;
  token: string | null;
  body?: unknown;
  raw?: string;
  what: string;
}

const contractSpecs: RouteSpec[] = [];
for (const [group, value] of Object.entries(contract)) {
  if (!group.endsWith('Api') || typeof value !== 'object') continue;
  for (const spec of Object.values(value as Record<string, RouteSpec>)) contractSpecs.push(spec);
}
const accessOf = (path: string): string | null => contractSpecs.find((s) => s.url.replace(/:(\w+)/g, '{$1}') === path)?.access ?? null;
const isDual = (path: string) => {
  const s = contractSpecs.find((c) => c.url.replace(/:(\w+)/g, '{$1}') === path);
  return !!s && Array.isArray(s.method) && s.method.includes('GET') && s.method.includes('POST');
};

/** A query string: plausible values for the required parameters, `over` on top (already strings). */
function queryString(params: Param[], over: Record<string, string>): string {
  const q = new URLSearchParams();
  for (const p of params) if (p.in === 'query' && p.required) q.set(p.name, String(plausible(p.schema)));
  for (const [k, v] of Object.entries(over)) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

function casesOf(path: string, method: string, op: Operation, token: string | null): Case[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const fill = (values: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? String(plausible(pathParams.find((p) => p.name === name)?.schema)));
  const out: Case[] = [];
  const upper = method.toUpperCase();

  for (const p of pathParams) {
    for (let i = 0; i < 2; i++) {
      const v = pick(PATH_VALUES);
      out.push({ method: upper, url: fill({ [p.name]: v }) + queryString(queryParams, {}), token, what: `path ${p.name}=${v.slice(0, 40)}` });
    }
  }
  for (const p of queryParams) {
    const v = String(hostileFor(p.schema) ?? 'null');
    out.push({ method: upper, url: fill() + queryString(queryParams, { [p.name]: v }), token, what: `query ${p.name}` });
  }
  if (queryParams.length) {
    // Negative and huge pages, and a NUL in every text parameter at once.
    const pages: Record<string, string> = {};
    for (const p of queryParams) if (/^(page|limit|currPage|pageSize)$/.test(p.name)) pages[p.name] = pick(['-1', '0', '999999999999', '1e9', '-2147483649']);
    if (Object.keys(pages).length) out.push({ method: upper, url: fill() + queryString(queryParams, pages), token, what: 'query pages' });
    const nul: Record<string, string> = {};
    for (const p of queryParams) nul[p.name] = '\u0000';
    out.push({ method: upper, url: fill() + queryString(queryParams, nul), token, what: 'query all NUL' });
    if (isDual(path)) {
      // The hidden POST form of a dual route takes the same fields from a JSON body.
      const body: Record<string, unknown> = {};
      for (const p of queryParams) body[p.name] = hostileFor(p.schema);
      out.push({ method: 'POST', url: fill(), token, body, what: 'dual POST body' });
    }
  }
  const schema = op.requestBody?.content?.['application/json']?.schema;
  if (schema) {
    const url = fill() + queryString(queryParams, {});
    for (let i = 0; i < 2; i++) out.push({ method: upper, url, token, body: pick(BODIES), what: 'whole body' });
    out.push({ method: upper, url, token, raw: '{"a":', what: 'broken JSON' });
    const base = plausible(schema);
    if (typeOf(schema) === 'object' && schema.properties) {
      for (const [k, prop] of Object.entries(schema.properties)) {
        out.push({ method: upper, url, token, body: { ...(base as object), [k]: hostileFor(prop) }, what: `body ${k}` });
      }
    } else if (typeOf(schema) === 'array') {
      out.push({ method: upper, url, token, body: [hostileFor(schema.items), hostileFor(schema.items)], what: 'body items' });
    }
  }
  if (!out.length) out.push({ method: upper, url: fill(), token, body: method === 'get' ? undefined : pick(BODIES), what: 'no input' });
  return out;
}

let srv: TestServer;
const tokens: Record<string, string> = {};
let tables: string[] = [];
/**
 * Tables written other than by the request: failed logins are recorded for throttling, and each
 * node marks itself alive in rtc_nodes every second (its first mark may fall inside the run).
 */
const AUDIT_TABLES = new Set(['login_attempts', 'schema_migrations', 'rtc_nodes']);

async function counts(): Promise<Record<string, number>> {
  const parts = tables.map((t) => sql`select ${t} as t, count(*)::int as n from ${sql.identifier(t)}`);
  const r = await rows<{ t: string; n: number }>(srv.app.services.db, sql.join(parts, sql` union all `));
  return Object.fromEntries(r.map((x) => [x.t, x.n]));
}

beforeAll(async () => {
  srv = await startServer({ demo: true });
  tokens.qz = (await srv.login('qz', '13800000001')).token;
  tokens.hr = (await srv.login('hr', '13800000002')).token;
  tokens.xs = (await srv.login('xs', '13800000003')).token;
  const t = await rows<{ name: string }>(
    srv.app.services.db,
    sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  tables = t.map((x) => x.name).filter((n) => !AUDIT_TABLES.has(n));
}, 120_000);
afterAll(() => srv?.close());

describe('fuzzing every documented route', () => {
  it('never answers 500, keeps answering, and refused requests change no row', async () => {
    const doc = (await srv.app.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(routes.length).toBeGreaterThan(150);
    // Ending a session last, so every other route is reached logged in.
    routes.sort((a, b) => Number(/logout/.test(a.path)) - Number(/logout/.test(b.path)));

    const failures: string[] = [];
    const writes: string[] = [];
    let sent = 0;
    let before = await counts();
    for (const { path, method, op } of routes) {
      const access = accessOf(path);
      const token = access === 'xs' ? tokens.xs : access === 'hr' || access === 'hrApproved' ? tokens.hr : access === 'public' ? null : tokens.qz;
      for (const c of casesOf(path, method, op, token)) {
        const headers: Record<string, string> = {};
        if (c.token) headers.token = c.token;
        let payload: string | undefined;
        if (c.raw !== undefined) payload = c.raw;
        else if (c.body !== undefined) payload = JSON.stringify(c.body);
        if (payload !== undefined) headers['content-type'] = 'application/json';
        const r = await srv.app.app.inject({ method: c.method as 'GET', url: c.url, headers, payload });
        sent++;
        let body: { code?: unknown; msg?: unknown } = {};
        try {
          body = r.json();
        } catch {
          /* not JSON (a page or a file): the status tells */
        }
        const where = `${c.method} ${path} (${c.what})`;
        if (r.statusCode >= 500 || body.code === 500) failures.push(`${where}: ${r.statusCode} ${r.body.slice(0, 200)}`);
        const after = await counts();
        if (body.code !== 0) {
          const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
          if (changed.length) writes.push(`${where} → code ${String(body.code)} but ${changed.map((t) => `${t} ${before[t]}→${after[t]}`).join(', ')}`);
        }
        before = after;
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(writes, writes.join('\n')).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length);
    // Still answering, over the network too.
    expect((await srv.call('/api/health')).body.code).toBe(0);
  }, 240_000);
});
