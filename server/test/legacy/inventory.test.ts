/**
 * Issue 13's judgement: every call of the previous web client's inventory, sent as that client
 * sends it, must answer in the shape it reads (legacy-response-shapes.md, else the inventory's
 * "response fields read"). Prints "N of M inventory calls answer in the previous client's shape".
 *
 * One case per call. Calls in KNOWN_GAPS are expected to fail (`it.fails`), so the suite stays
 * green while they are being fixed, and a fixed gap fails until it is taken off the list.
 * LEGACY_DUMP=<file> appends each request and reply there (one JSON line a call) for debugging.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, startServer, type TestServer } from '../helpers.js';
import { buildRequest, CASES, type Request } from './cases.js';
import { makeCtx, type Ctx } from './fixtures.js';
import { KNOWN_GAPS, LEFT_OUT } from './gaps.js';
import { INVENTORY, keyOf, type InventoryCall } from './inventory.js';
import { differences, shapeOfFieldsRead } from './shape.js';

let srv: TestServer;
let ctx: Ctx;
/** key → first difference ('' when the call answers in shape) */
const results = new Map<string, string>();

beforeAll(async () => {
  srv = await startServer({ demo: true });
  ctx = await makeCtx(srv);
});

afterAll(async () => {
  const m = INVENTORY.length;
  const n = [...results.values()].filter((d) => d === '').length;
  const failing = [...results.entries()].filter(([, d]) => d !== '');
  const lines = [
    `[${dbKind}] ${n} of ${m} inventory calls answer in the previous client's shape`,
    ...Object.entries(LEFT_OUT).map(([k, why]) => `  left out  ${k} — ${why}`),
    ...failing.map(([k, d]) => `  differs   ${k} — ${d}`),
    ...[...results.entries()].filter(([k, d]) => d === '' && KNOWN_GAPS[k]).map(([k]) => `  gap now passes (remove it from KNOWN_GAPS): ${k}`),
  ];
  console.log(lines.join('\n'));
  await srv?.close();
});

/** The first difference between what the call answers and what the previous client reads, or ''. */
async function judge(call: InventoryCall): Promise<string> {
  const key = keyOf(call);
  const k = CASES[key] ?? {};
  let req: Request;
  try {
    req = await buildRequest(ctx, call, k);
  } catch (e) {
    return `fixture failed: ${(e as Error).message.slice(0, 300)}`;
  }
  const r = await srv.call(req.path, { method: call.method, token: req.token, query: req.query as Record<string, string>, body: req.body, headers: req.headers });
  if (process.env.LEGACY_DUMP) fs.appendFileSync(process.env.LEGACY_DUMP, `${JSON.stringify({ key, req, status: r.status, body: r.body })}\n`);
  const shape = k.shape ?? shapeOfFieldsRead(call.fields);
  const where = `${call.method} ${req.path}`;
  if (r.status !== 200) return `HTTP ${r.status} (${where}): ${JSON.stringify(r.body).slice(0, 200)}`;
  const all = differences(shape, r.body);
  if (!all.length) return (await k.extra?.(ctx, r.body)) ?? '';
  const b = r.body as { code?: unknown; msg?: unknown };
  const first = b && typeof b === 'object' && b.code !== 0 ? `${all[0]} (msg: ${String(b.msg)})` : all[0];
  // the other fields that differ too, by name, so that one run shows all a call lacks
  const more = all.slice(1).map((x) => x.split(':')[0]);
  return more.length ? `${first}; also ${more.join(', ')}` : first;
}

describe("the previous client's inventory", () => {
  it('lists only inventory calls as gaps, left-outs and cases', () => {
    const keys = new Set(INVENTORY.map(keyOf));
    expect(keys.size).toBe(INVENTORY.length);
    const stray = [...Object.keys(KNOWN_GAPS), ...Object.keys(LEFT_OUT), ...Object.keys(CASES)].filter((k) => !keys.has(k));
    expect(stray).toEqual([]);
    expect(Object.keys(KNOWN_GAPS).filter((k) => LEFT_OUT[k])).toEqual([]);
  });

  for (const call of INVENTORY) {
    const key = keyOf(call);
    if (LEFT_OUT[key]) {
      it.skip(`${key} (left out: ${LEFT_OUT[key]})`, () => {});
      continue;
    }
    const gap = KNOWN_GAPS[key];
    (gap ? it.fails : it)(gap ? `${key} [known gap: ${gap}]` : key, async () => {
      const d = await judge(call);
      results.set(key, d);
      if (d) throw new Error(`${key}: ${d}`);
    });
  }
});
