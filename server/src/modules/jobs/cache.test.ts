import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/helpers.js';
import { actor } from '../../../test/roles.js';
import { postJob } from '../../../test/recruit.js';

let srv: TestServer;
const changes: { kind: string; id: string }[] = [];
beforeAll(async () => {
  srv = await startServer();
  await srv.app.services.bus.subscribe('content.changed', (p) => changes.push(p as { kind: string; id: string }));
});
afterAll(() => srv?.close());

const settle = () => new Promise((r) => setTimeout(r, 50));

it('posting and closing a job tell the page caches, so visitors see it on the next load', async () => {
  const hr = await actor(srv, 'hrApproved');
  const gwid = await postJob(srv, hr);
  await settle();
  expect(changes).toContainEqual({ kind: 'job', id: gwid });

  changes.length = 0;
  const closed = await srv.call('/api/hr/qydwgwfbxx/auditGW', { method: 'POST', token: hr.token, query: { gwid, type: 2 } });
  expect(closed.body.code).toBe(0);
  await settle();
  expect(changes).toContainEqual({ kind: 'job', id: gwid });
});
