/**
 * The cap on open sockets per address (SOCKETS_PER_ADDRESS): the chat, notification and video
 * signalling sockets share one upgrade path and count together; the address is the proxy's
 * X-Forwarded-For with TRUST_PROXY, and an IPv6 /64 counts as one address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type TestServer } from '../../test/helpers.js';

const CAP = 4;
const PATHS = ['/api/chat/ws', '/wss/ws', '/api/rtc/ws'];
let srv: TestServer;
const sockets: WebSocket[] = [];

/** Opens a socket on `path` as a client at `from` (X-Forwarded-For); the HTTP status when the upgrade is refused. */
function connect(path: string, from?: string): Promise<{ ws: WebSocket } | { status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${srv.url.replace(/^http/, 'ws')}${path}`, from ? { headers: { 'x-forwarded-for': from } } : {});
    ws.once('open', () => {
      sockets.push(ws);
      resolve({ ws });
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', (err) => reject(err));
  });
}

const opened = async (path: string, from?: string) => {
  const r = await connect(path, from);
  if (!('ws' in r)) throw new Error(`${path} from ${from ?? 'loopback'} refused: ${r.status} ${r.body}`);
  return r.ws;
};

beforeAll(async () => {
  srv = await startServer({ env: { SOCKETS_PER_ADDRESS: String(CAP), TRUST_PROXY: '1' } });
}, 120_000);
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await srv?.close();
});

describe('sockets per address', () => {
  it('one address holds at most the cap over the chat, notification and video sockets; a closed one frees its place', async () => {
    const mine = [await opened(PATHS[0]), await opened(PATHS[1]), await opened(PATHS[2]), await opened(PATHS[0])];
    for (const path of PATHS) {
      const refused = await connect(path);
      expect(refused, path).toMatchObject({ status: 429 });
      expect(JSON.parse((refused as { body: string }).body)).toEqual({ code: 429, msg: '同一网络地址打开的连接过多，请关闭部分页面后重试' });
    }
    // Told once in the log, however many were refused.
    expect(srv.logs.filter((l) => l.includes('too many open sockets from one address'))).toHaveLength(1);
    mine[1]!.close();
    // Its place is free once the server has seen it close.
    await expect.poll(async () => {
      const r = await connect(PATHS[1]);
      return 'ws' in r;
    }).toBe(true);
    expect(await connect(PATHS[2])).toMatchObject({ status: 429 });
    for (const ws of sockets.splice(0)) ws.terminate();
  });

  it('counts the forwarded address behind a proxy, and an IPv6 /64 as one address', async () => {
    for (let i = 1; i <= CAP; i++) await opened(PATHS[i % 3]!, `2001:db8:5:6::${i}`);
    // Another address in the same /64 is the same household.
    expect(await connect(PATHS[0], '2001:db8:5:6:ffff:1:2:3')).toMatchObject({ status: 429 });
    // The next /64, another IPv4 address and loopback itself are others.
    await opened(PATHS[0], '2001:db8:5:7::1');
    await opened(PATHS[1], '203.0.113.7');
    await opened(PATHS[2]);
    for (const ws of sockets.splice(0)) ws.terminate();
  });
});
