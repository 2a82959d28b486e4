/**
 * Sums a V8 CPU profile (.cpuprofile, as written by `node --cpu-prof`) by self time: per function
 * (name and file:line) and per file or package, and prints the top of each as markdown.
 *
 *   pnpm --filter @zp/bench exec tsx chat/profile.ts <file.cpuprofile> [--top 25] [--json out.json] [--from s] [--to s]
 *
 * run.ts --profile DIR writes such a file for our server under the bench.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's file belongs: a package under node_modules, node's own code, or our source. */
export function placeOf(url: string): string {
  if (!url) return '(native / VM)';
  if (url.startsWith('node:')) return url;
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  return path.basename(url.replace(/^file:\/\//, ''));
}

/** `fromS`/`toS`: only the samples of that window (seconds from the profile's start), e.g. the measured burst without the start-up. */
export function summarise(p: Profile, top = 25, fromS = 0, toS = Infinity) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // timeDeltas[i] is the time before sample i; the sample's node was running for the next delta.
  let at = 0;
  for (let i = 0; i < p.samples.length; i++) {
    at += p.timeDeltas[i];
    if (at < fromS * 1e6 || at > toS * 1e6) continue;
    const dt = p.timeDeltas[i + 1] ?? 0;
    self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + dt);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  // Shares are of busy time: the server waits for sockets between bursts, and waiting costs nothing.
  let idle = 0;
  for (const [id, us] of self) if (byId.get(id)!.callFrame.functionName === '(idle)') idle += us;
  const busy = total - idle;
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const [id, us] of self) {
    if (id === undefined) continue;
    const f = byId.get(id)!.callFrame;
    const name = f.functionName || '(anonymous)';
    const where = f.url ? `${placeOf(f.url)}:${f.lineNumber + 1}` : '';
    const key = where ? `${name} (${where})` : name;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    if (f.functionName === '(idle)') continue;
    const place = placeOf(f.url);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  byFunction.delete('(idle)');
  const rank = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, us]) => ({ what: k, ms: us / 1000, share: us / busy }));
  return { totalMs: total / 1000, busyMs: busy / 1000, wallMs: Math.min(toS * 1e6, p.endTime - p.startTime) / 1000 - fromS * 1000, byFunction: rank(byFunction), byPlace: rank(byPlace) };
}

export function markdown(s: ReturnType<typeof summarise>): string {
  const table = (title: string, list: { what: string; ms: number; share: number }[]) => [
    `| ${title} | self (ms) | share |`,
    '|---|---:|---:|',
    ...list.map((r) => `| ${r.what.replace(/\|/g, '\\|')} | ${r.ms.toFixed(0)} | ${(r.share * 100).toFixed(1)} % |`),
  ];
  return [
    `Sampled ${s.totalMs.toFixed(0)} ms of ${s.wallMs.toFixed(0)} ms wall time, ${s.busyMs.toFixed(0)} ms of it busy (not idle); shares are of busy time. An unnamed file of wasm-functions is PGlite's WebAssembly.`,
    '',
    ...table('file or package', s.byPlace),
    '',
    ...table('function', s.byFunction),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' }, json: { type: 'string' }, from: { type: 'string', default: '0' }, to: { type: 'string', default: 'Infinity' } } });
  if (!positionals[0]) {
    console.error('usage: tsx chat/profile.ts <file.cpuprofile> [--top 25] [--json out.json] [--from s] [--to s]');
    process.exit(2);
  }
  const s = summarise(JSON.parse(fs.readFileSync(positionals[0], 'utf8')), Number(values.top), Number(values.from), Number(values.to));
  if (values.json) fs.writeFileSync(values.json, JSON.stringify(s, null, 2));
  console.log(markdown(s));
}
