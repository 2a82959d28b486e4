import { afterAll, beforeAll, expect, it } from 'vitest';
import type { slotsApi } from '@zp/core/contract';
import { startServer, type ApiReply, type TestServer } from '../../../test/helpers.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({ demo: true });
});
afterAll(() => srv?.close());

it('demo: the seeker has an invitation offering three slots of the coming days, which the demo HR published', async () => {
  const qz = await srv.login('qz', '13800000001');
  const offers = (await srv.call<ApiReply<typeof slotsApi.offers>>('/api/qz/slots/offers', { token: qz.token })).body.list;
  expect(offers).toHaveLength(1);
  expect(offers[0]!.booking).toBeNull();
  expect(offers[0]!.slots.map((x) => x.mode)).toEqual(['video', 'onsite', 'video']);
  const soonest = offers[0]!.slots[0]!.startsMs - Date.now();
  expect(soonest).toBeGreaterThan(0);
  expect(soonest).toBeLessThan(2 * 86_400_000);

  const hr = await srv.login('hr', '13800000002');
  const published = (await srv.call<ApiReply<typeof slotsApi.list>>('/api/hr/slots', { token: hr.token, query: { limit: 20 } })).body.page;
  expect(published.totalCount).toBe(5);
  // two of them are open at the demo enterprise's booths
  const info = await srv.call<{ qyDwhrxxEntity: { dwid: string } }>('/api/hr/qydwhrxx/getHrInfo', { token: hr.token });
  const booth = await srv.call<ApiReply<typeof slotsApi.booth>>('/api/qz/slots/booth', { token: qz.token, query: { dwid: info.body.qyDwhrxxEntity.dwid } });
  expect(booth.body.slots).toHaveLength(2);
  // the seeker can book one at once
  const booked = await srv.call<ApiReply<typeof slotsApi.book>>('/api/qz/slots/book', { token: qz.token, body: { msid: offers[0]!.msid, slotId: offers[0]!.slots[0]!.id } });
  expect(booked.body).toMatchObject({ code: 0, booking: { slotId: offers[0]!.slots[0]!.id } });
});
