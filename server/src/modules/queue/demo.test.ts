import { afterAll, beforeAll, expect, it } from 'vitest';
import type { queueApi } from '@zp/core/contract';
import { startServer, type ApiReply, type TestServer } from '../../../test/helpers.js';
import { openSocket } from '../../../test/socket.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({ demo: true });
});
afterAll(() => srv?.close());

it('demo: the demo HR’s booth at the running online fair takes seekers whenever that HR is online', async () => {
  const hr = await srv.login('hr', '13800000002');
  const lines = (await srv.call<ApiReply<typeof queueApi.list>>('/api/hr/queue', { token: hr.token })).body.list;
  expect(lines.length).toBeGreaterThan(0);
  const hxid = lines[0]!.hxid;
  const info = await srv.call<{ qyDwhrxxEntity: { dwid: string } }>('/api/hr/qydwhrxx/getHrInfo', { token: hr.token });
  const dwid = info.body.qyDwhrxxEntity.dwid;
  const booth = async () => (await srv.call<ApiReply<typeof queueApi.booths>>('/api/pub/queue/booths', { body: { hxid, dwids: [dwid] } })).body.list[0]!;
  expect((await booth()).closed).toBe('offline');
  const socket = await openSocket(srv.url, hr.token);
  expect(await booth()).toMatchObject({ closed: '', waiting: 0, slots: 2 });
  // the demo seeker can join at once
  const qz = await srv.login('qz', '13800000001');
  const joined = await srv.call<ApiReply<typeof queueApi.join>>('/api/qz/queue/join', { token: qz.token, body: { hxid, dwid } });
  expect(joined.body).toMatchObject({ code: 0, entry: { position: 1 } });
  socket.close();
});
