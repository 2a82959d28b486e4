import { afterAll, beforeAll, expect, it } from 'vitest';
import type { completenessApi } from '@zp/core/contract';
import { startServer, type TestServer, type ApiReply } from '../../../test/helpers.js';
import { actor } from '../../../test/roles.js';
import { sql } from '../../db/index.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv?.close());

it('says what the résumé still lacks, with the points each adds and where to fill it in; the points add up to what is missing', async () => {
  const seeker = await actor(srv, 'seeker');
  const gaps = async () => (await srv.call<ApiReply<typeof completenessApi.gaps>>('/api/qz/qzgrjbxx/completeness', { token: seeker.token })).body;
  // the base information without city and job-seeking state
  const base = { xm: '李明', xbm: 'xb_001', csrq: '1996-05-01', yx: 'liming@example.com', zwpj: '踏实肯干' };
  expect((await srv.call('/api/qz/qzgrjbxx/update', { token: seeker.token, body: base })).body.code).toBe(0);

  const r = await gaps();
  expect(r.code).toBe(0);
  expect(r.missing.slice(0, 3)).toEqual([
    { part: 'qzyx', points: 15, action: '添加求职意向', anchor: 'section-qzyx' },
    { part: 'jyjl', points: 15, action: '添加教育经历', anchor: 'section-jyjl' },
    { part: 'gzjl', points: 10, action: '添加工作经历', anchor: 'section-gzjl' },
  ]);
  expect(r.missing).toContainEqual({ part: 'dqszcs', points: 5, action: '填写现居城市', anchor: 'section-base' });
  expect(r.missing).toContainEqual({ part: 'qzzt', points: 5, action: '选择求职状态', anchor: 'section-base' });
  expect(r.missing.map((m: { part: string }) => m.part)).not.toContain('xm');
  const missingPoints = r.missing.reduce((n: number, m: { points: number }) => n + m.points, 0);
  expect(r.wsd + missingPoints).toBe(100);

  // a graduate-to-be owes no work experience; filled parts leave the list
  expect((await srv.call('/api/qz/qzgrjbxx/updateQzzt/zt_005', { token: seeker.token })).body.code).toBe(0);
  await srv.app.services.db.execute(sql`insert into resume_education (user_id, school, degree, major, start_date) values (${seeker.userId}, '武汉大学', 'xl_05', '计算机', '2016-09')`);
  await srv.call('/api/qz/qzgrjbxx/update', { token: seeker.token, body: { dqszs: '440000', dqszcs: '440300' } });
  const after = await gaps();
  const parts = after.missing.map((m: { part: string }) => m.part);
  expect(parts).not.toContain('gzjl');
  expect(parts).not.toContain('jyjl');
  expect(parts).not.toContain('dqszcs');
  expect(after.wsd + after.missing.reduce((n: number, m: { points: number }) => n + m.points, 0)).toBe(100);
});
