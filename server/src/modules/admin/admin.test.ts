import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { adminApi, codesApi } from '@zp/core/contract';
import type { ApiReply, TestServer } from '../../../test/helpers.js';
import { actor, codesByRole, expectedCodes, giveCompany, operatorSession, type Actors, serverWithActors } from '../../../test/roles.js';
import { postJob } from '../../../test/recruit.js';
import { one, sql } from '../../db/index.js';

let srv: TestServer;
let actors: Actors;

beforeAll(async () => ({ srv, actors } = await serverWithActors()));
afterAll(() => srv?.close());

const op = () => actors.operator.token;
const publicEducation = async () => (await srv.call<ApiReply<typeof codesApi.generalLists>>('/api/hr/dm/findDmList')).body.dmMapList.m_xldm as { dm: string; name: string }[];
const logOf = async (query: Record<string, string | number> = {}) => (await srv.call<ApiReply<typeof adminApi.log>>('/api/xs/admin/log/list', { token: op(), query })).body.page;

describe('code tables', () => {
  it('lists the tables with their items, disabled ones included', async () => {
    const tables = (await srv.call<ApiReply<typeof adminApi.codeTables>>('/api/xs/admin/codes/tables', { token: op() })).body.list;
    expect(tables).toContainEqual(expect.objectContaining({ table: 'm_xldm', title: '学历', parent: '' }));
    expect(tables).toContainEqual(expect.objectContaining({ table: 'ss', title: '城市', parent: 'sf' }));
    expect(tables.find((t) => t.table === 'sf')!.count).toBe(31);
    const cities = (await srv.call<ApiReply<typeof adminApi.codeItems>>('/api/xs/admin/codes/list', { token: op(), query: { table: 'ss', sjdm: '440000' } })).body.list;
    expect(cities).toContainEqual({ dm: '440300', mc: '深圳市', sjdm: '440000', px: expect.any(Number), sfqy: 1 });
    expect(cities.every((c) => c.sjdm === '440000')).toBe(true);
  });

  it('adds, renames and withdraws an item; the public lists follow at once and each step is logged', async () => {
    const add = await srv.call('/api/xs/admin/codes/save', { token: op(), body: { table: 'm_xldm', dm: 'xl_07', mc: '博士后' } });
    expect(add.body).toMatchObject({ code: 0, msg: '新增成功', item: { dm: 'xl_07', mc: '博士后', sjdm: '', sfqy: 1 } });
    expect(await publicEducation()).toContainEqual({ dm: 'xl_07', name: '博士后' });

    const rename = await srv.call('/api/xs/admin/codes/save', { token: op(), body: { table: 'm_xldm', dm: 'xl_07', mc: '博士后研究人员', px: 99 } });
    expect(rename.body).toMatchObject({ code: 0, msg: '修改成功', item: { mc: '博士后研究人员', px: 99 } });
    expect(await publicEducation()).toContainEqual({ dm: 'xl_07', name: '博士后研究人员' });

    expect((await srv.call('/api/xs/admin/codes/enable', { token: op(), body: { table: 'm_xldm', dm: 'xl_07', sfqy: 0 } })).body).toEqual({ code: 0, msg: '已停用' });
    expect((await publicEducation()).some((x) => x.dm === 'xl_07')).toBe(false);
    const all = (await srv.call('/api/xs/admin/codes/list', { token: op(), query: { table: 'm_xldm' } })).body.list;
    expect(all).toContainEqual(expect.objectContaining({ dm: 'xl_07', sfqy: 0 }));

    const log = await logOf({ action: 'codes.' });
    expect(log.list.map((r) => r.action)).toEqual(['codes.disable', 'codes.update', 'codes.add']);
    expect(log.list[0]).toMatchObject({ czrid: actors.operator.userId, czrphone: actors.operator.phone, czrxm: '测试运营', target: 'm_xldm/xl_07' });
    expect(log.list[1].detail).toEqual({ before: expect.objectContaining({ mc: '博士后' }), after: expect.objectContaining({ mc: '博士后研究人员' }) });
    expect(log.list[0].czsj).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses bad items and changes nothing', async () => {
    const before = (await logOf()).totalCount;
    const cases: [Record<string, unknown>, string][] = [
      [{ table: 'nope', dm: 'x_01', mc: '某' }, '代码表不存在'],
      [{ table: 'ss', dm: '449900', mc: '新城' }, '请选择所属省份'],
      [{ table: 'ss', dm: '449900', mc: '新城', sjdm: '990000' }, '所属省份不存在'],
      [{ table: 'm_xldm', dm: '01', mc: '某' }, '学历代码格式不正确'],
      [{ table: 'gwlb2', dm: 'gwlb_9901', mc: '某类', sjdm: 'gwlb_01' }, '岗位类别代码须以上级类别代码开头'],
    ];
    for (const [body, msg] of cases) expect((await srv.call('/api/xs/admin/codes/save', { token: op(), body })).body, JSON.stringify(body)).toEqual({ code: 400, msg });
    for (const body of [{ table: 'm_xldm', dm: 'xl_08', mc: '' }, { table: 'm_xldm', dm: 'xl_08', mc: '   ' }, { table: 'M_XL', dm: 'xl_08', mc: '某' }, { table: 'm_xldm', dm: 'xl_08', mc: '某', px: -1 }]) {
      const r = await srv.call('/api/xs/admin/codes/save', { token: op(), body });
      expect(r.body.code, JSON.stringify(body)).toBe(400);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await srv.call('/api/xs/admin/codes/enable', { token: op(), body: { table: 'm_xldm', dm: 'xl_99', sfqy: 0 } })).body).toEqual({ code: 404, msg: '代码不存在' });
    expect((await srv.call('/api/xs/admin/codes/enable', { token: op(), body: { table: 'm_xldm', dm: 'xl_01', sfqy: 2 } })).body.code).toBe(400);
    expect((await srv.call('/api/xs/admin/codes/list', { token: op(), query: { table: 'nope' } })).body).toEqual({ code: 400, msg: '代码表不存在' });
    expect((await publicEducation()).some((x) => x.dm === 'xl_08')).toBe(false);
    expect((await logOf()).totalCount).toBe(before);
  });
});

describe('operator log', () => {
  it('shows every operator action with who and when, filtered by action, operator and day', async () => {
    const other = await operatorSession(srv);
    const hr = await actor(srv, 'hrUnapproved');
    const pending = await giveCompany(srv, hr.userId!, 0);
    const review = await srv.call('/api/xs/admin/companies/review', { token: other.token, body: { dwid: pending, shzt: 1 } });
    expect(review.body.code).toBe(0);

    const byOther = await logOf({ czrid: other.userId });
    expect(byOther.totalCount).toBe(1);
    expect(byOther.list[0]).toMatchObject({ czrid: other.userId, target: pending });
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await logOf({ from: today, to: today })).totalCount).toBeGreaterThanOrEqual(1);
    expect((await logOf({ to: '2000-01-01' })).totalCount).toBe(0);
    expect((await logOf({ action: 'no.such.action' })).totalCount).toBe(0);

    for (const query of [{ from: '2024-02-30' }, { from: '2024-03-02', to: '2024-03-01' }, { czrid: 'x' }, { action: 'a b' }, { limit: 0 }]) {
      const r = await srv.call('/api/xs/admin/log/list', { token: op(), query });
      expect(r.body.code, JSON.stringify(query)).toBe(400);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('dashboard', () => {
  it('counts users, enterprises waiting, jobs and today’s applications as they change', async () => {
    const get = async () => (await srv.call<ApiReply<typeof adminApi.dashboard>>('/api/xs/admin/dashboard', { token: op() })).body.summary;
    const before = await get();
    const users = await one<{ qz: number; hr: number; xs: number }>(
      srv.app.services.db,
      sql`select count(*) filter (where role = 'qz')::int as qz, count(*) filter (where role = 'hr')::int as hr, count(*) filter (where role = 'xs')::int as xs from users`,
    );
    expect(before.users).toEqual(users);

    const seeker = await actor(srv, 'seeker');
    const hr = await actor(srv, 'hrUnapproved');
    await postJob(srv, actors.hrApproved);
    const gwid = await postJob(srv, actors.hrApproved);
    await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: seeker.token, query: { gwid } });
    const fk = await srv.call('/api/qz/qzfkbz/addFk', { body: { wtlx: 10, wtms: '希望增加夜间模式', phone: '13912345678' } });
    expect(fk.body.code).toBe(0);
    const after = await get();
    expect(after.users.qz).toBe(before.users.qz + 1);
    expect(after.users.hr).toBe(before.users.hr + 1);
    expect(after.companiesPending).toBe(before.companiesPending + 1);
    expect(after.jobsPublished).toBe(before.jobsPublished + 2);
    expect(after.applicationsToday).toBe(before.applicationsToday + 1);
    expect(after.applicationsTotal).toBe(before.applicationsTotal + 1);
    expect(after.feedbackUnanswered).toBe(before.feedbackUnanswered + 1);
    await srv.call('/api/xs/feedback/answer', { token: op(), body: { bsid: fk.body.bsid, cljg: '已记录，感谢建议' } });
    expect((await get()).feedbackUnanswered).toBe(before.feedbackUnanswered);
    expect(hr.companyId).toBeTruthy();
  });
});

describe('who may call the operator routes', () => {
  it('only the operator', async () => {
    const calls: [string, Parameters<TestServer['call']>[1]][] = [
      ['/api/xs/admin/codes/tables', {}],
      ['/api/xs/admin/codes/list', { query: { table: 'm_xldm' } }],
      ['/api/xs/admin/codes/save', { body: { table: 'm_xldm', dm: 'xl_00', mc: '不限' } }],
      ['/api/xs/admin/codes/enable', { body: { table: 'm_xldm', dm: 'xl_00', sfqy: 1 } }],
      ['/api/xs/admin/log/list', {}],
      ['/api/xs/admin/dashboard', {}],
    ];
    for (const [path, opts] of calls) {
      expect(await codesByRole(actors, (a) => srv.call(path, { ...opts, token: a.token })), path).toEqual(expectedCodes(['operator']));
    }
  });
});
