import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startServer, newPhone, type TestServer } from '../../../test/helpers.js';
import { openSocket } from '../../../test/socket.js';
import { isUserOnline } from './socket.js';
import { sql } from '../../db/index.js';

// Only the interval timers are under the test's control, so the server's ping rounds run on demand.
let srv: TestServer;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  srv = await startServer();
});
afterAll(async () => {
  await srv?.close();
  vi.useRealTimers();
});

it('drops a client that stops answering pings and keeps one that answers', async () => {
  const dead = await srv.registerSeeker(newPhone());
  const live = await srv.registerSeeker(newPhone());
  const gone = await openSocket(srv.url, dead.token, { autoPong: false });
  const here = await openSocket(srv.url, live.token);
  expect(await isUserOnline(srv.app.services, dead.userId)).toBe(true);

  const pinged = new Promise((r) => here.ws.once('ping', r));
  vi.advanceTimersByTime(30_000);
  await pinged;
  // The automatic pong was sent before this text, so the server has it by the time it answers.
  here.ws.send('ping');
  await here.next();

  vi.advanceTimersByTime(30_000);
  expect(await gone.closed).toBe(1006);
  expect(await isUserOnline(srv.app.services, dead.userId)).toBe(false);
  here.ws.send('ping');
  expect(await here.next()).toEqual({ type: 0, message: 'pong' });
  expect(await isUserOnline(srv.app.services, live.userId)).toBe(true);
  here.close();
});

it('closes the socket of a session that logged out at once', async () => {
  const phone = newPhone();
  const u = await srv.registerSeeker(phone);
  const sock = await openSocket(srv.url, u.token);
  const other = await openSocket(srv.url, (await srv.login('qz', phone, 'secret123')).token);
  expect((await srv.call('/api/sec/pc/logout', { method: 'POST', token: u.token })).body.code).toBe(0);
  expect(await sock.closed).toBe(4401);
  // The same person's other session keeps its socket.
  other.ws.send('ping');
  expect(await other.next()).toEqual({ type: 0, message: 'pong' });
  other.close();
});

it('closes the socket of a session that ended otherwise (expired) within a few ping rounds', async () => {
  const u = await srv.registerSeeker(newPhone());
  const sock = await openSocket(srv.url, u.token);
  await srv.app.services.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${u.userId}`);
  let code: number | null = null;
  void sock.closed.then((c) => (code = c));
  for (let round = 0; round < 10 && code === null; round++) {
    const pinged = new Promise((r) => sock.ws.once('ping', r));
    vi.advanceTimersByTime(30_000);
    await pinged;
    // Flush the automatic pong before the next round (unless the server closed meanwhile).
    sock.ws.send('ping');
    await Promise.race([sock.next(), sock.closed]);
  }
  expect(await sock.closed).toBe(4401);
});
