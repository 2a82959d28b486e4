/**
 * Hostile frames on the chat socket: whatever a visitor sends, before or after login, is refused
 * and the server keeps serving everyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { startServer, type TestServer } from '../../../test/helpers.js';
import { chatUsers, RawClient, type ChatAnswer, type ChatUser } from '../../../test/chat.js';

let srv: TestServer;
let a: ChatUser;
/** probes log in as someone else, so their logins never kick out the socket under test */
let probe: ChatUser;
let seq = 0;
const clients: RawClient[] = [];

/** Frames that are not a request object, each sent as the socket would carry it. */
const hostile: [string, (ws: WebSocket) => void][] = [
  ['null', (ws) => ws.send('null')],
  ['a number', (ws) => ws.send('42')],
  ['an array', (ws) => ws.send('[1,{"op":"auth"}]')],
  ['a string', (ws) => ws.send('"auth"')],
  ['true', (ws) => ws.send('true')],
  ['not JSON', (ws) => ws.send('{op:')],
  ['an object with odd fields', (ws) => ws.send('{"id":{"x":1},"op":["send"],"p":null}')],
  ['binary', (ws) => ws.send(Buffer.from([0, 1, 2, 3]), { binary: true })],
];

async function serverStillAnswers() {
  const r = await fetch(`${srv.url}/api/health`);
  expect(r.status).toBe(200);
  const c = new RawClient(srv.url);
  clients.push(c);
  const auth = await c.call('auth', { userID: probe.userId, userSig: probe.userSig, instance: `probe-instance-${++seq}`, login: true });
  expect(auth.code).toBe(0);
}

function answersOf(ws: WebSocket): ChatAnswer[] {
  const got: ChatAnswer[] = [];
  ws.on('message', (d) => got.push(JSON.parse(String(d)) as ChatAnswer));
  return got;
}

beforeAll(async () => {
  srv = await startServer();
  [a, probe] = await chatUsers(srv, 2);
}, 180_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await srv?.close();
});

describe('chat socket under hostile frames', () => {
  it('refuses each malformed frame before login with an error answer and stays up', async () => {
    for (const [name, sendIt] of hostile) {
      const c = new RawClient(srv.url);
      clients.push(c);
      await c.call('no-op-before-login');
      const got = answersOf(c.ws);
      sendIt(c.ws);
      await expect.poll(() => got.length, { message: name }).toBeGreaterThan(0);
      expect(got[0].code, name).not.toBe(0);
      expect(got[0].message, name).toMatch(/[\u4e00-\u9fa5]/);
      await serverStillAnswers();
    }
  });

  it('refuses each malformed frame after login and the connection keeps working', async () => {
    const c = new RawClient(srv.url);
    clients.push(c);
    expect((await c.call('auth', { userID: a.userId, userSig: a.userSig, instance: `under-test-${++seq}`, login: true })).code).toBe(0);
    for (const [name, sendIt] of hostile) {
      const got = answersOf(c.ws);
      sendIt(c.ws);
      await expect.poll(() => got.length, { message: name }).toBeGreaterThan(0);
      expect(got[0].code, name).not.toBe(0);
      // The same socket still serves well-formed operations.
      expect((await c.call('convs', {})).code, name).toBe(0);
    }
    await serverStillAnswers();
  });

  it('closes a socket that sends an oversize frame or invalid UTF-8, logs it as a warning without a stack, and stays up', async () => {
    for (const [name, payload, close, code] of [
      ['1 MB of JSON', JSON.stringify({ id: 1, op: 'auth', p: { userID: 'x'.repeat(1024 * 1024) } }), 1009, 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH'],
      ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 1007, 'WS_ERR_INVALID_UTF8'],
    ] as const) {
      const c = new RawClient(srv.url);
      clients.push(c);
      await c.call('no-op-before-login');
      const closed = c.closed();
      const logged = srv.logs.length;
      c.ws.send(payload, { binary: false });
      expect(await closed, name).toBe(close);
      // A client's bad frame is the client's fault: one warning line naming it, no stack trace, no error.
      await expect.poll(() => srv.logs.slice(logged).some((l) => l.includes(code)), { message: name }).toBe(true);
      const lines = srv.logs.slice(logged).map((l) => JSON.parse(l) as { level: number; err?: unknown; stack?: unknown });
      expect(lines.filter((l) => l.level >= 50), name).toEqual([]);
      expect(lines.filter((l) => JSON.stringify(l).includes(code)).map((l) => [l.level, 'err' in l || 'stack' in l]), name).toEqual([[40, false]]);
      await serverStillAnswers();
    }
  });
});
