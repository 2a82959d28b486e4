/**
 * Every route of /api/openapi.json, driven with malformed values in its body, query and path:
 * wrong types, null, NUL and other control characters, 1 MB strings, RTL text and emoji, SQL and
 * HTML payloads, negative and huge numbers. No answer may be a 500 (by status or by code), the
 * server must keep answering, and a refused request (non-zero code) must leave the row count of
 * every table as it was. Values are sampled per field (rotating through the lists), not crossed,
 * so the run stays short. Two faults are sent to every field they fit and must be refused: a NUL
 * in each query parameter alone (the others plausible), and a day or time that does not exist
 * ('2023-02-30', '2023-13') in each date field of the query and the body. Then every id field of
 * every route (path, query, body, and the hidden routes that take an id) gets ids beyond the bigint
 * column: each must be refused with a `{code ≠ 0, msg}` in Chinese, never reach the database as an
 * internal error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@zp/core/contract';
import { DATE_FORMAT, type RouteSpec } from '@zp/core/contract';
import { rows, sql } from '../db/index.js';
import { startServer, type TestServer } from '../../test/helpers.js';
import { fileOf } from '../modules/files/public.js';
import { seekerCard, seekerCards } from '../modules/resumes/public.js';
import { candidateAccess, resumeFileAccess } from '../modules/applications/public.js';

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
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as typed
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

/** Days and times that do not exist, one per shape a date field takes (the first its pattern takes is sent). */
const IMPOSSIBLE_DATES = ['2023-02-30', '2023-02-30 10:00:00', '2023-02-30 10:00', '2023-13', '2024-01-01,2023-02-30', '2023-04-31T24:00'];
const impossibleDate = (s: Schema): string | null => (s.pattern ? (IMPOSSIBLE_DATES.find((d) => new RegExp(s.pattern!, 'u').test(d)) ?? null) : null);

/** Candidate texts for a pattern; the first that matches is the plausible value. */
const PATTERN_CANDIDATES = ['1', '13800000001', '2024-01-01', '2024-01', '2024-01-01 10:00:00', '2024-01-01 10:00', '10:00', '0'.repeat(32), '123456', 'hy_01', 'C2C100001', 'a', 'abc-12345678', 'xb_001', 'https://a.example/x.png', '/a.png', 'a@b.cn', '91110000600037341L'];

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
  /** the id field the case puts a long id in ('' for the items of a body that is a list) */
  field?: string;
  /** the input is wrong for this route whatever else holds: the answer must be a refusal */
  refuse?: boolean;
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
    // Each parameter alone, so that an earlier parameter's refusal does not hide a later one.
    for (const p of queryParams) {
      out.push({ method: upper, url: fill() + queryString(queryParams, { [p.name]: 'a\u0000b' }), token, what: `query ${p.name} NUL`, refuse: true });
      const day = p.schema.format === DATE_FORMAT ? impossibleDate(p.schema) : null;
      if (day) out.push({ method: upper, url: fill() + queryString(queryParams, { [p.name]: day }), token, what: `query ${p.name}=${day}`, refuse: true });
    }
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
        const day = prop.format === DATE_FORMAT ? impossibleDate(prop) : null;
        if (day) out.push({ method: upper, url, token, body: { ...(base as object), [k]: day }, what: `body ${k}=${day}`, refuse: true });
      }
    } else if (typeOf(schema) === 'array') {
      out.push({ method: upper, url, token, body: [hostileFor(schema.items), hostileFor(schema.items)], what: 'body items' });
    }
  }
  if (!out.length) out.push({ method: upper, url: fill(), token, body: method === 'get' ? undefined : pick(BODIES), what: 'no input' });
  return out;
}

/** 19 digits (past bigint's 9223372036854775807) and 23 digits. */
const LONG_IDS = ['9999999999999999999', '99999999999999999999999'];
/** The id pattern without its anchors: any field whose pattern holds it takes ids (alone, optional, comma-separated). */
const ID_BODY = contract.ID_PATTERN.replace(/^\^|\$$/g, '');
/** Fields named like ids that are not ids: roleId is a role the previous client echoes, upid an upload's random key. */
const NOT_IDS = new Set(['roleId', 'upid']);
/** Routes outside the OpenAPI document (not JSON) that take an id. */
const HIDDEN_ID_ROUTES: { method: string; path: string; param: string }[] = [{ method: 'get', path: '/api/content/banners/{id}/image.svg', param: 'id' }];

function holdsIdPattern(s: Schema | undefined): boolean {
  if (!s) return false;
  if (s.pattern?.includes(ID_BODY)) return true;
  return [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(holdsIdPattern) || (typeOf(s) === 'array' && holdsIdPattern(s.items));
}
const idLike = (name: string, s: Schema | undefined): boolean => !NOT_IDS.has(name) && (holdsIdPattern(s) || /(id|ids)$/i.test(name));
const asValue = (s: Schema | undefined, id: string): unknown => (s && (typeOf(s) === 'integer' || typeOf(s) === 'number') ? Number(id) : id);

/**
 * The body of `s` with `id` in one id field, once per id field at any depth (the rest plausible);
 * `where` names the field as a path ('gwid', 'hxids[]', '[].gwid', '[]' for a list of ids).
 */
function bodiesWithId(s: Schema, name: string, id: string): { where: string; body: unknown }[] {
  if (typeOf(s) === 'object' && s.properties) {
    const base = plausible(s) as Record<string, unknown>;
    return Object.entries(s.properties).flatMap(([k, prop]) =>
      bodiesWithId(prop, k, id).map((v) => ({ where: `${k}${v.where && !v.where.startsWith('[') ? '.' : ''}${v.where}`, body: { ...base, [k]: v.body } })),
    );
  }
  if (typeOf(s) === 'array' && s.items) {
    if (idLike(name, s)) return [{ where: '[]', body: [asValue(s.items, id)] }];
    return bodiesWithId(s.items, name, id).map((v) => ({ where: `[].${v.where}`, body: [v.body] }));
  }
  return idLike(name, s) ? [{ where: '', body: asValue(s, id) }] : [];
}

/** One request per id field of the route and per long id. */
function longIdCases(path: string, method: string, op: Operation, token: string | null): Case[] {
  const params = op.parameters ?? [];
  const queryParams = params.filter((p) => p.in === 'query');
  const fill = (values: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? String(plausible(params.find((p) => p.in === 'path' && p.name === name)?.schema)));
  const upper = method.toUpperCase();
  const schema = op.requestBody?.content?.['application/json']?.schema;
  const body = schema ? plausible(schema) : undefined;
  const out: Case[] = [];
  for (const id of LONG_IDS) {
    for (const p of params) {
      if (!idLike(p.name, p.schema)) continue;
      if (p.in === 'path') out.push({ method: upper, url: fill({ [p.name]: id }) + queryString(queryParams, {}), token, body, what: `path ${p.name}=${id}`, field: p.name });
      if (p.in === 'query') out.push({ method: upper, url: fill() + queryString(queryParams, { [p.name]: id }), token, body, what: `query ${p.name}=${id}`, field: p.name });
    }
    if (schema) {
      for (const v of bodiesWithId(schema, '', id)) {
        const field = v.where.replace(/\[\]/g, '').split('.').pop() ?? '';
        out.push({ method: upper, url: fill() + queryString(queryParams, {}), token, body: v.body, what: `body ${v.where}=${id}`, field });
      }
    }
  }
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
        else if (c.refuse && (body.code === 0 || typeof body.msg !== 'string')) failures.push(`${where}: accepted (${r.statusCode} ${r.body.slice(0, 200)})`);
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

  it('refuses an id beyond bigint (19 and 23 digits) in every id field with a Chinese {code, msg}, never a 500', async () => {
    const doc = (await srv.app.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const routes = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))
      .filter(({ path }) => !/logout/.test(path));
    for (const h of HIDDEN_ID_ROUTES) routes.push({ path: h.path, method: h.method, op: { parameters: [{ in: 'path', name: h.param, required: true, schema: { type: 'string' } }] } });
    // A refusal must change nothing: the login this run uses is taken afresh (the first test may have ended its session).
    const fresh = { qz: (await srv.login('qz', '13800000001')).token, hr: (await srv.login('hr', '13800000002')).token, xs: (await srv.login('xs', '13800000003')).token };

    const failures: string[] = [];
    const reached = new Set<string>();
    let before = await counts();
    for (const { path, method, op } of routes) {
      const access = accessOf(path);
      const token = access === 'xs' ? fresh.xs : access === 'hr' || access === 'hrApproved' ? fresh.hr : access === 'public' ? null : fresh.qz;
      for (const c of longIdCases(path, method, op, token)) {
        const headers: Record<string, string> = {};
        if (c.token) headers.token = c.token;
        if (c.body !== undefined) headers['content-type'] = 'application/json';
        const r = await srv.app.app.inject({ method: c.method as 'GET', url: c.url, headers, payload: c.body === undefined ? undefined : JSON.stringify(c.body) });
        reached.add(`${c.method} ${path}`);
        const where = `${c.method} ${path} (${c.what})`;
        let body: { code?: unknown; msg?: unknown } = {};
        try {
          body = r.json();
        } catch {
          /* checked below */
        }
        const after = await counts();
        const changed = Object.keys(after)
          .filter((t) => after[t] !== before[t])
          .map((t) => `${t} ${before[t]}→${after[t]}`);
        before = after;
        if (r.statusCode >= 500 || typeof body.code !== 'number' || body.code === 0 || body.code === 500 || typeof body.msg !== 'string' || !/[\u4e00-\u9fff]/.test(body.msg)) {
          failures.push(`${where}: ${r.statusCode} ${r.body.slice(0, 160)}`);
        } else if (!(c.field ? body.msg.includes(c.field) : /\(\d+\)/.test(body.msg))) {
          // Refused for another reason (another field, a missing row): the id itself must be what is refused.
          failures.push(`${where}: refused without naming the id: ${body.msg}`);
        } else if (changed.length) {
          failures.push(`${where} → refused but ${changed.join(', ')}`);
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    // The id fields were found: the routes named in issue 27 and the hidden banner picture among them.
    expect(reached.size).toBeGreaterThan(120);
    for (const r of ['GET /api/content/banners/{id}/image.svg', 'GET /api/hr/qydwhrxx/getFile/{id}', 'POST /api/qz/bsrcbmxx/hxBmMore', 'POST /api/qz/qyhxrxx/pltd']) expect(reached).toContain(r);
  }, 240_000);

  it('the lookups other modules call with an id from elsewhere answer "none" for an id beyond bigint', async () => {
    const { db, config } = srv.app.services;
    for (const id of LONG_IDS) {
      expect(await fileOf(db, id)).toBeNull();
      expect(await seekerCard(db, config, id)).toBeNull();
      expect(await seekerCards(db, config, [id])).toEqual([]);
      expect(await candidateAccess(db, '1', id)).toBeNull();
      expect(await resumeFileAccess(db, '1', id)).toBeNull();
    }
  });
});
