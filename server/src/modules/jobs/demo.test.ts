import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { companiesApi, jobsApi, searchApi } from '@zp/core/contract';
import { startServer, type TestServer, type ApiReply } from '../../../test/helpers.js';
import { one, sql } from '../../db/index.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({ demo: true });
});
afterAll(() => srv?.close());

describe('demo enterprises and jobs', () => {
  it('fill the company tabs and give hundreds of searchable jobs', async () => {
    const db = srv.app.services.db;
    const byType = await one<{ t1: number; t2: number; t3: number; t4: number; pending: number }>(
      db,
      sql`select count(*) filter (where list_type = 1 and status = 1)::int as t1, count(*) filter (where list_type = 2 and status = 1)::int as t2,
                 count(*) filter (where list_type = 3 and status = 1)::int as t3, count(*) filter (where list_type = 4 and status = 1)::int as t4,
                 count(*) filter (where status <> 1)::int as pending
          from companies`,
    );
    expect(byType).toEqual({ t1: 11, t2: 8, t3: 8, t4: 8, pending: 3 });
    const all = await srv.call<ApiReply<typeof searchApi.jobs>>('/api/xs/app/search/gwpc', { query: { limit: 1 } });
    expect(all.body.page.totalCount).toBeGreaterThan(250);
    // universities hire teachers, hospitals nurses
    const teachers = await srv.call<ApiReply<typeof searchApi.jobs>>('/api/xs/app/search/gwpc', { query: { key: '教师' } });
    expect(teachers.body.page.list.some((j: { dwmc: string }) => /大学|学院/.test(j.dwmc))).toBe(true);
    const hr = await srv.login('hr', '13800000002');
    const own = await srv.call<ApiReply<typeof jobsApi.listHr>>('/api/hr/qydwgwfbxx/findGwListHr', { token: hr.token, query: { limit: 1 } });
    expect(own.body.page.totalCount).toBe(16);
    // HR of the demo enterprises can log in with the demo password
    const other = await srv.login('hr', '13810000001');
    expect((await srv.call('/api/hr/qydwhrxx/getDwShzt', { token: other.token })).body.shzt).toBe(1);
    const op = await srv.login('xs', '13800000003');
    const queue = await srv.call<ApiReply<typeof companiesApi.adminList>>('/api/xs/admin/companies', { token: op.token });
    expect(queue.body.page.totalCount).toBe(2);
  });
});
