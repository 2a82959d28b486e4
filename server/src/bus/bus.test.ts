import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { jsonCopy, memoryBus, redisBus } from './index.js';

describe('in-process bus', () => {
  it('delivers to subscribers of the topic only, until they unsubscribe', async () => {
    const bus = memoryBus();
    const got: unknown[] = [];
    const off = await bus.subscribe('a', (p) => got.push(p));
    await bus.subscribe('b', () => got.push('wrong topic'));
    await bus.publish('a', { n: 1 });
    await new Promise((r) => setTimeout(r, 5));
    await off();
    await bus.publish('a', { n: 2 });
    await new Promise((r) => setTimeout(r, 5));
    expect(got).toEqual([{ n: 1 }]);
  });
});

describe('the in-process copy of a payload', () => {
  it('is what a JSON round trip (as through Redis) gives, and shares no object with the original', () => {
    const nested = { a: [1, 'x', null, undefined, () => 1, NaN, { b: Infinity, c: undefined }], s: '{"ev":"msg"}' };
    const values: unknown[] = [
      nested, [], {}, 'text', 0, -1.5, true, null, [[[]]], new Date(0), { d: new Date(0) }, { n: new Number(3) },
      JSON.parse('{"__proto__": {"x": 1}}'), Object.create(null), { toJSON: () => ({ y: 2 }) }, [undefined], { u: [undefined, 1] },
    ];
    for (const v of values) expect(jsonCopy(v)).toStrictEqual(JSON.parse(JSON.stringify(v)));
    const copy = jsonCopy(nested) as typeof nested;
    (copy.a[6] as { b: unknown }).b = 'changed';
    expect(nested.a[6]).toEqual({ b: Infinity, c: undefined });
    expect(() => jsonCopy({ big: 1n })).toThrow();
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('Redis bus between two server processes (REDIS_URL)', () => {
  it("delivers a node's own message to its own subscribers at once, and only once (Redis's echo is skipped)", async () => {
    const bus = await redisBus(redisUrl!, pino({ level: 'silent' }));
    const topic = `test.own.${process.pid}.${Date.now()}`;
    const got: unknown[] = [];
    await bus.subscribe(topic, (p) => got.push(p));
    await bus.publish(topic, { n: 1 });
    // Before any round trip: the cache of this node is cleared by the time publish returns.
    expect(got).toEqual([{ n: 1 }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual([{ n: 1 }]);
    await bus.close();
  });

  it('a message published in one process reaches a subscriber in another', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zp-bus-'));
    // The bus module as the server bundles it, loaded by two separate Node processes.
    await build({
      entryPoints: [path.join(import.meta.dirname, 'index.ts')],
      outfile: path.join(dir, 'bus.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      absWorkingDir: path.join(import.meta.dirname, '../..'),
    });
    fs.symlinkSync(path.join(import.meta.dirname, '../../node_modules'), path.join(dir, 'node_modules'));
    const topic = `test.${process.pid}.${Date.now()}`;
    fs.writeFileSync(
      path.join(dir, 'node.mjs'),
      `import { redisBus } from './bus.mjs';
       import pino from 'pino';
       const [role, url, topic] = process.argv.slice(2);
       const bus = await redisBus(url, pino({ level: 'silent' }));
       if (role === 'sub') {
         await bus.subscribe(topic, async (p) => { process.send({ got: p, pid: process.pid }); await bus.close(); process.exit(0); });
         process.send({ ready: true });
       } else {
         await bus.publish(topic, { hello: 'from ' + process.pid });
         await bus.close();
         process.exit(0);
       }`,
    );
    const sub = fork(path.join(dir, 'node.mjs'), ['sub', redisUrl!, topic], { stdio: 'inherit' });
    const got = await new Promise<{ got: { hello: string }; pid: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no message within 10 s')), 10_000);
      sub.on('message', (m: { ready?: boolean; got?: unknown; pid?: number }) => {
        if (m.ready) {
          const pub = fork(path.join(dir, 'node.mjs'), ['pub', redisUrl!, topic], { stdio: 'inherit' });
          pub.on('exit', (code) => code !== 0 && reject(new Error(`publisher exited ${code}`)));
          (sub as unknown as { pubPid: number }).pubPid = pub.pid!;
        } else if (m.got) {
          clearTimeout(timer);
          resolve(m as { got: { hello: string }; pid: number });
        }
      });
    });
    const pubPid = (sub as unknown as { pubPid: number }).pubPid;
    expect(got.got).toEqual({ hello: `from ${pubPid}` });
    expect(got.pid).not.toBe(pubPid);
    expect(got.pid).not.toBe(process.pid);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
