import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, ApiReply } from '../../../test/helpers.js';
import { actor, codesByRole, expectedCodes, type Actors, serverWithActors } from '../../../test/roles.js';
import { postJob } from '../../../test/recruit.js';
import { REPORT_LIMITS, type complianceApi } from '@zp/core/contract';

let srv: TestServer;
let actors: Actors;
beforeAll(async () => ({ srv, actors } = await serverWithActors()));
afterAll(() => srv?.close());

describe("the footer's facts", () => {
  it('are set by the operator only, read by everyone, and refused in words when malformed', async () => {
    expect((await srv.call('/api/sec/site/info')).body.info).toEqual({ icp: '', gaba: '', rlzyxkz: '', fwdh: '', jbdh: '', jbyx: '' });
    const info = { icp: '京ICP备12345678号-1', gaba: '京公网安备 11010802012345号', rlzyxkz: '（京）人服证字〔2026〕第0101000001号', fwdh: '400-800-1234', jbdh: '010-12345678', jbyx: 'jubao@example.cn' };
    const codes = await codesByRole(actors, (a) => srv.call('/api/xs/admin/site/info', { token: a.token, body: info }));
    expect(codes).toEqual(expectedCodes(['operator']));
    expect((await srv.call('/api/sec/site/info')).body.info).toEqual(info);
    const bad = await srv.call('/api/xs/admin/site/info', { token: actors.operator.token, body: { ...info, jbyx: 'not-an-email' } });
    expect(bad.body).toMatchObject({ code: 400, msg: '举报邮箱格式不正确' });
    const nul = await srv.call('/api/xs/admin/site/info', { token: actors.operator.token, body: { ...info, icp: '京ICP\u0000备' } });
    expect(nul.body.code).not.toBe(0);
    expect((await srv.call('/api/sec/site/info')).body.info).toEqual(info);
  });
});

describe('reports (举报)', () => {
  it('of a job keep what the job said, reach the console, and the reporter hears when handled', async () => {
    const hr = await actor(srv, 'hrApproved');
    const gwid = await postJob(srv, hr, { gwmc: '高薪轻松日结（需交培训费）', gwms: '先交 500 元培训费，包学包会。' });
    const r = await srv.call('/api/sec/report/add', { token: actors.seeker.token, body: { lx: 'job', dxid: gwid, yy: 2, sm: '面试时要求先交培训费' } });
    expect(r.body).toMatchObject({ code: 0, msg: '举报已提交，平台将尽快核实处理' });
    // The HR edits the job afterwards: the report keeps what it said.
    await srv.call(`/api/hr/qydwgwfbxx/deleteGW/${gwid}`, { method: 'POST', token: hr.token });

    const list = await srv.call<ApiReply<typeof complianceApi.adminReports>>('/api/xs/admin/report/list', { token: actors.operator.token, query: { zt: 0 } });
    const row = list.body.page.list.find((x: { bsid: string }) => x.bsid === r.body.bsid);
    expect(row).toMatchObject({ lx: 'job', dxid: gwid, yy: 2, sm: '面试时要求先交培训费', zt: 0, dxlj: `/zppc/public/postdetail?gwid=${gwid}`, phone: actors.seeker.phone });
    expect(row!.dxmc).toContain('高薪轻松日结（需交培训费）');
    expect(row!.zj).toContain('先交 500 元培训费，包学包会。');
    expect(row!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const handled = await srv.call('/api/xs/admin/report/handle', { token: actors.operator.token, body: { bsid: r.body.bsid, cljg: '已核实，岗位已下架并警告该单位' } });
    expect(handled.body.code).toBe(0);
    const after = (await srv.call<ApiReply<typeof complianceApi.adminReports>>('/api/xs/admin/report/list', { token: actors.operator.token, query: { zt: 1 } })).body.page.list[0];
    expect(after).toMatchObject({ bsid: r.body.bsid, zt: 1, cljg: '已核实，岗位已下架并警告该单位' });
    expect(after.clr).not.toBe('');
    const messages = await srv.call('/api/qz/qzxxtx/list/all/1/10', { token: actors.seeker.token });
    expect(JSON.stringify(messages.body)).toContain('您的举报已处理');
  });

  it('of a chat message carry the evidence the client sends (the chat engineer uses this route)', async () => {
    const evidence = '2026-11-23 10:05 对方：加我微信，先交 300 元押金';
    const r = await srv.call('/api/sec/report/add', { token: actors.seeker.token, body: { lx: 'chat', dxid: 'C2C100001-1795000000-42', yy: 2, sm: '聊天中索要押金', zj: evidence } });
    expect(r.body.code).toBe(0);
    const row = (await srv.call<ApiReply<typeof complianceApi.adminReports>>('/api/xs/admin/report/list', { token: actors.operator.token, query: { lx: 'chat' } })).body.page.list[0];
    expect(row).toMatchObject({ lx: 'chat', dxid: 'C2C100001-1795000000-42', zj: evidence, dxmc: '聊天消息' });
  });

  it('refuse in words what cannot be a report, changing nothing', async () => {
    const count = async () => (await srv.call<ApiReply<typeof complianceApi.adminReports>>('/api/xs/admin/report/list', { token: actors.operator.token })).body.page.totalCount;
    const before = await count();
    const cases: [object, string | null, RegExp][] = [
      [{ lx: 'job', dxid: '999999999', yy: 1, sm: '假的' }, actors.seeker.token, /举报的岗位不存在/],
      [{ lx: 'company', dxid: 'abc', yy: 1, sm: '假的' }, actors.seeker.token, /举报对象\(dxid\) 格式不正确/],
      [{ lx: 'company', dxid: '999999999', yy: 1, sm: '假的' }, actors.seeker.token, /举报的单位不存在/],
      [{ lx: 'job', dxid: '1', yy: 9, sm: '假的' }, actors.seeker.token, /举报原因/],
      [{ lx: 'planet', dxid: '1', yy: 1, sm: '假的' }, actors.seeker.token, /举报对象类型/],
      [{ lx: 'job', dxid: '1', yy: 1, sm: '   ' }, actors.seeker.token, /举报说明/],
      [{ lx: 'job', dxid: '1', yy: 1, sm: '假\u0000的' }, actors.seeker.token, /举报说明/],
      [{ lx: 'chat', dxid: 'x', yy: 1, sm: '无联系方式' }, null, /联系电话/],
      [{ lx: 'chat', dxid: 'x', yy: 1, sm: '运营' }, actors.operator.token, /运营账号/],
    ];
    for (const [body, token, msg] of cases) {
      const r = await srv.call('/api/sec/report/add', { token: token ?? undefined, body });
      expect(r.body.code, JSON.stringify(body)).not.toBe(0);
      expect(r.body.msg).toMatch(msg);
    }
    expect(await count()).toBe(before);
    const codes = await codesByRole(actors, (a) => srv.call('/api/xs/admin/report/list', { token: a.token }));
    expect(codes).toEqual(expectedCodes(['operator']));
  });

  it('from a visitor need a phone and are limited per address', async () => {
    const company = actors.hrApproved.companyId!;
    const send = () => srv.call('/api/sec/report/add', { body: { lx: 'company', dxid: company, yy: 1, sm: '单位信息不实', phone: '13912345678' } });
    for (let i = 0; i < REPORT_LIMITS.anonymousPerHour; i++) expect((await send()).body.code).toBe(0);
    expect((await send()).body).toMatchObject({ code: 429, msg: '举报过于频繁，请稍后再试' });
    const row = (await srv.call<ApiReply<typeof complianceApi.adminReports>>('/api/xs/admin/report/list', { token: actors.operator.token, query: { lx: 'company' } })).body.page.list[0];
    expect(row).toMatchObject({ jbr: '游客', phone: '13912345678', dxlj: `/zppc/public/enterdetail?dwid=${company}` });
  });
});
