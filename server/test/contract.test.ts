/**
 * Every route of the contract, whoever wrote it: malformed JSON, wrong types, missing fields,
 * overlong strings and unknown enum values are refused with a precise Chinese msg, never a 500;
 * and every route is documented in the served OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@zp/core/contract';
import type { Envelope, RouteSpec } from '@zp/core/contract';
import { startServer, type Reply, type TestServer } from './helpers.js';

type AnySchema = { type?: string; default?: unknown; properties?: Record<string, AnySchema>; required?: string[]; maxLength?: number; enum?: unknown[]; pattern?: string; items?: AnySchema };

const specs: [string, RouteSpec][] = [];
for (const [group, value] of Object.entries(contract)) {
  if (!group.endsWith('Api') || typeof value !== 'object') continue;
  for (const [name, spec] of Object.entries(value as Record<string, RouteSpec>)) specs.push([`${group}.${name}`, spec]);
}

const chinese = /[\u4e00-\u9fa5]/;
let srv: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  srv = await startServer({ demo: true });
  tokens.qz = (await srv.login('qz', '13800000001')).token;
  tokens.hr = (await srv.login('hr', '13800000002')).token;
  tokens.xs = (await srv.login('xs', '13800000003')).token;
});
afterAll(() => srv?.close());

const methodsOf = (s: RouteSpec) => (Array.isArray(s.method) ? s.method : [s.method]);
/** A path with every :param filled by a syntactically valid id. */
const pathOf = (s: RouteSpec, value = '999999999') => s.url.replace(/:(\w+)/g, () => value);
const tokenFor = (s: RouteSpec) => (s.access === 'qz' ? tokens.qz : s.access === 'hr' || s.access === 'hrApproved' ? tokens.hr : s.access === 'xs' ? tokens.xs : tokens.qz);

function expectRefusal(r: Reply<Envelope>, where: string) {
  // A refusal is a 4xx code; the previous back end's paths send it with HTTP 200, as that back end did.
  expect(r.body.code, `${where}: ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
  expect(r.body.code, `${where}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
  expect([200, r.body.code], `${where}: HTTP ${r.status}`).toContain(r.status);
  expect(r.body.msg, where).toMatch(chinese);
  expect(JSON.stringify(r.body), where).not.toMatch(/at .*\.(ts|js):\d+/);
}

/** Inputs that are wrong in exactly one way, derived from the schema. */
function badInputs(schema: AnySchema): { what: string; value: unknown }[] {
  const out: { what: string; value: unknown }[] = [];
  if (schema.type === 'array') {
    out.push({ what: 'object instead of array', value: { a: 1 } });
    if (schema.items?.type === 'string') out.push({ what: 'array of objects', value: [{ a: 1 }] });
    return out;
  }
  if (schema.type !== 'object' || !schema.properties) return out;
  if (schema.required?.some((k) => schema.properties![k]?.default === undefined)) out.push({ what: 'missing fields', value: {} });
  for (const [key, prop] of Object.entries(schema.properties)) {
    if (prop.type === 'string') {
      out.push({ what: `${key} as object`, value: { [key]: { nested: true } } });
      if (prop.maxLength) out.push({ what: `${key} overlong`, value: { [key]: '长'.repeat(prop.maxLength + 1) } });
    }
    if (prop.type === 'integer' || prop.type === 'number') out.push({ what: `${key} as text`, value: { [key]: 'abc' } });
    if (prop.enum) out.push({ what: `${key} unknown enum`, value: { [key]: prop.type === 'integer' ? 987654 : 'no-such-value' } });
  }
  return out;
}

describe('bad input never yields a 500', () => {
  it('covers a meaningful number of routes', () => {
    expect(specs.length).toBeGreaterThan(20);
  });

  for (const [name, spec] of specs) {
    it(name, async () => {
      for (const method of methodsOf(spec)) {
        const token = tokenFor(spec);
        const url = pathOf(spec);
        if (method !== 'GET') {
          const r = await srv.call(url, { method, raw: '{"broken": ', token });
          expectRefusal(r, `${method} ${url} malformed JSON`);
        }
        if (spec.body) {
          for (const bad of badInputs(spec.body as AnySchema)) {
            expectRefusal(await srv.call(url, { method, body: bad.value, token }), `${method} ${url} body ${bad.what}`);
          }
        }
        if (spec.query) {
          for (const bad of badInputs(spec.query as AnySchema)) {
            const v = bad.value as Record<string, unknown>;
            if (Array.isArray(v) || Object.values(v).some((x) => typeof x === 'object')) continue; // not expressible in a query string
            expectRefusal(await srv.call(url, { method: 'GET', query: v as Record<string, string>, token }), `GET ${url} query ${bad.what}`);
          }
        }
        if (spec.params) {
          const r = await srv.call(pathOf(spec, 'not-an-id%20%3Cx%3E'), { method, token, body: method === 'GET' ? undefined : {} });
          expectRefusal(r, `${method} ${spec.url} bad path parameter`);
          // beyond a 64-bit integer: must be refused before it reaches the database
          const big = await srv.call(pathOf(spec, '99999999999999999999'), { method, token, body: method === 'GET' ? undefined : {} });
          expect(big.status, `${method} ${spec.url} oversized id: ${JSON.stringify(big.body)}`).toBeLessThan(500);
        }
      }
    });
  }
});

describe('partner pages', () => {
  it('may call the API from another origin with the token header', async () => {
    const pre = await fetch(new URL('/api/sec/pc/currentUser', srv.url), {
      method: 'OPTIONS',
      headers: { origin: 'http://partner.example:8000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'token' },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://partner.example:8000');
    expect(pre.headers.get('access-control-allow-headers')).toContain('token');
  });
});

describe('legacy clients', () => {
  it('may post an empty body with a JSON content type to a call that takes none', async () => {
    const r = await srv.call('/api/hr/qydwhrxx/getHrInfo', { method: 'POST', raw: '', token: tokens.hr });
    expect(r.body).toMatchObject({ code: 0, qyDwhrxxEntity: { xm: '王芳' } });
  });
});

/** The parts of the OpenAPI document the test below reads. */
interface OpenApiOperation {
  summary?: string;
  requestBody?: unknown;
  parameters?: { in: string; name: string }[];
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

describe('OpenAPI document', () => {
  it('documents every contract route with its parameters', async () => {
    const doc = (await srv.call<OpenApiDocument>('/api/openapi.json')).body;
    expect(doc.openapi).toMatch(/^3\./);
    for (const [name, spec] of specs) {
      const path = spec.url.replace(/:(\w+)/g, '{$1}');
      const entry = doc.paths[path];
      expect(entry, `${name} ${path}`).toBeDefined();
      const get = methodsOf(spec).includes('GET');
      const op = entry[get ? 'get' : methodsOf(spec)[0].toLowerCase()];
      expect(op.summary, name).toBe(spec.summary);
      if (spec.body) expect(op.requestBody, name).toBeDefined();
      if (spec.query && (get || !Array.isArray(spec.method))) {
        const names = (op.parameters ?? []).filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name);
        for (const k of Object.keys((spec.query as AnySchema).properties ?? {})) expect(names, `${name} query ${k}`).toContain(k);
      }
    }
  });
});
