import { afterAll, beforeAll, expect, it } from 'vitest';
import type { applicationsApi, relationsApi } from '@zp/core/contract';
import { startServer, type ApiReply, type TestServer } from '../../../test/helpers.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({ demo: true });
});
afterAll(() => srv?.close());

it('demo: the seeker’s applications in every state, invitations, saved jobs, followed enterprises and résumé views', async () => {
  const qz = await srv.login('qz', '13800000001');
  const all = (await srv.call<ApiReply<typeof applicationsApi.listAll>>('/api/qz/qyhxrxx/listAll/1/20', { token: qz.token })).body.page;
  expect(all.total).toBeGreaterThanOrEqual(7);
  expect(new Set(all.gwtdlist.map((a) => a.yyzt))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  expect((await srv.call<ApiReply<typeof applicationsApi.listFair>>('/api/qz/qyhxrxx/listSxh/1/10', { token: qz.token })).body.page.total).toBeGreaterThanOrEqual(1);
  const wait = (await srv.call<ApiReply<typeof applicationsApi.invitationsWaiting>>('/api/qz/qymyxx/listWait', { token: qz.token })).body;
  expect(wait.listWait[0]).toMatchObject({ zt: 0, mymc: '初试' });
  expect(wait.listWait[0].mssj).toMatch(/ 10:00$/);
  expect((await srv.call<ApiReply<typeof applicationsApi.invitationsAccepted>>('/api/qz/qymyxx/listAccepted', { token: qz.token })).body.page.total).toBe(1);
  expect((await srv.call<ApiReply<typeof relationsApi.savedJobs>>('/api/qz/qzgwsc/list/1/10', { token: qz.token })).body.page.totalCount).toBeGreaterThanOrEqual(3);
  expect((await srv.call<ApiReply<typeof relationsApi.followed>>('/api/qz/qzgssc/list/1/10', { token: qz.token })).body.page.totalCount).toBeGreaterThanOrEqual(2);
  expect((await srv.call<ApiReply<typeof relationsApi.shielded>>('/api/qz/qzpbdw/list', { token: qz.token })).body.pbdwList.length).toBe(1);
  const viewers = (await srv.call<ApiReply<typeof relationsApi.viewers>>('/api/qz/qyckjljl/hrDetail', { token: qz.token })).body.page;
  expect(viewers.totalCount).toBeGreaterThanOrEqual(3);

  // The demo HR has applications to handle and the waiting invitation in the interview list.
  const hr = await srv.login('hr', '13800000002');
  const got = (await srv.call<ApiReply<typeof applicationsApi.received>>('/api/hr/qyhxrxx/findAllHxrList', { token: hr.token })).body.page;
  expect(got.list.map((a) => a.yyzt).sort()).toEqual([1, 4]);
  expect(got.list.every((a) => a.xm === '李明' && a.sfsc === 1)).toBe(true);
  const sent = (await srv.call<ApiReply<typeof applicationsApi.sentInvitations>>('/api/hr/qyhxrxx/findMsjgList', { token: hr.token })).body.page;
  expect(sent.list[0]).toMatchObject({ zt: 0, xm: '李明' });
});
