/**
 * A closed-loop HTTP load generator: N readers, each on its own keep-alive connection, each
 * sending its next request when the last one answered (like N people or autocannon's N
 * connections, pipelining off), for a fixed time. A request unanswered after `timeoutMs` counts
 * as a timeout and its connection is replaced.
 */
import http from 'node:http';
import { percentile } from './stats.js';

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  timeouts: number;
  errors: number;
  non2xx: number;
  /** answers by their x-page-cache header (hit, stale, shared, miss; none for other routes) */
  cache: Record<string, number>;
}

export async function runLoad(o: { url: string; paths: string[]; readers: number; seconds: number; timeoutMs: number }): Promise<LoadResult> {
  const base = new URL(o.url);
  const latencies: number[] = [];
  const cache: Record<string, number> = {};
  let timeouts = 0;
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  const endAt = started + o.seconds * 1000;

  const one = (agent: http.Agent, p: string) =>
    new Promise<'ok' | 'timeout' | 'error'>((resolve) => {
      const t0 = performance.now();
      const req = http.get({ host: base.hostname, port: base.port, path: p, agent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          latencies.push(performance.now() - t0);
          if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++;
          const how = String(res.headers['x-page-cache'] ?? 'none');
          cache[how] = (cache[how] ?? 0) + 1;
          resolve('ok');
        });
        res.on('error', () => resolve('error'));
      });
      req.setTimeout(o.timeoutMs, () => {
        req.destroy();
        resolve('timeout');
      });
      req.on('error', () => resolve('error'));
    });

  const reader = async (n: number) => {
    let agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // readers start at different pages, then walk them all in turn
    for (let i = n; performance.now() < endAt; i++) {
      const r = await one(agent, o.paths[i % o.paths.length]);
      if (r === 'ok') continue;
      if (r === 'timeout') timeouts++;
      else errors++;
      agent.destroy();
      agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: o.readers }, (_, n) => reader(n)));
  const elapsed = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.length ? latencies.reduce((a, b) => Math.max(a, b)) : NaN,
    timeouts,
    errors,
    non2xx,
    cache,
  };
}
