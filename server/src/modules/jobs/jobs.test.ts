import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { companiesApi, jobsApi, notifyApi, searchApi } from '@zp/core/contract';
import type { TestServer, ApiReply } from '../../../test/helpers.js';
import { actor, codesByRole, expectedCodes, type Actors, serverWithActors } from '../../../test/roles.js';
import { fairWithSignup, jobBody, postJob } from '../../../test/recruit.js';
import { rows, sql } from '../../db/index.js';
import { companyJobCounts, jobSummary, jobsAtFair } from './public.js';

let srv: TestServer;
let actors: Actors;

beforeAll(async () => ({ srv, actors } = await serverWithActors()));
afterAll(() => srv?.close());

const everyone = ['anonymous', 'seekerIncomplete', 'seeker', 'hrUnapproved', 'hrApproved', 'operator'] as const;

describe('who may call the job routes', () => {
  it('only HR of an approved enterprise write jobs', async () => {
    const add = await codesByRole(actors, (a) => srv.call('/api/hr/qydwgwfbxx/addGw', { token: a.token, body: { fb: 0, ...jobBody() } }));
    expect(add).toEqual(expectedCodes(['hrApproved']));
    const gwid = await postJob(srv, actors.hrApproved);
    const writes: [string, Parameters<TestServer['call']>[1]][] = [
      ['/api/hr/qydwgwfbxx/updateGw', { body: { gwid, ...jobBody() } }],
      [`/api/hr/qydwgwfbxx/refreshGW/${gwid}`, { method: 'POST' }],
      [`/api/hr/qydwgwfbxx/gwcgfb/${gwid}`, { method: 'POST' }],
      ['/api/hr/qydwgwfbxx/auditGW', { query: { gwid, type: 2 } }],
      ['/api/hr/qydwgwfbxx/updateHxsByGwid', { body: { gwid, hxids: [] } }],
      [`/api/hr/qydwgwfbxx/deleteGW/${gwid}`, { method: 'POST' }],
    ];
    for (const [path, opts] of writes) {
      expect(await codesByRole(actors, (a) => srv.call(path, { ...opts, token: a.token })), path).toEqual(
        // a job posted today counts as refreshed today: the approved HR gets past the gate to that rule
        { ...expectedCodes(['hrApproved']), ...(path.includes('refreshGW') ? { hrApproved: 409 } : {}) },
      );
    }
  });

  it('HR of any enterprise read their lists; the unapproved one has nothing of another enterprise', async () => {
    const list = await codesByRole(actors, (a) => srv.call('/api/hr/qydwgwfbxx/findGwListHr', { token: a.token }));
    expect(list).toEqual(expectedCodes(['hrUnapproved', 'hrApproved']));
    const gwid = await postJob(srv, actors.hrApproved);
    const detail = await codesByRole(actors, (a) => srv.call(`/api/hr/qydwgwfbxx/findGwInfoHrById/${gwid}`, { token: a.token }));
    expect(detail).toEqual({ ...expectedCodes(['hrUnapproved', 'hrApproved']), hrUnapproved: 404 });
    const fairs = await codesByRole(actors, (a) => srv.call('/api/hr/qydwgwfbxx/getHxsByGwid', { token: a.token, query: { gwid } }));
    expect(fairs).toEqual({ ...expectedCodes(['hrUnapproved', 'hrApproved']), hrUnapproved: 404 });
  });

  it('everyone sees a published job with its enterprise and HR', async () => {
    const gwid = await postJob(srv, actors.hrApproved, { gwmc: '公开岗位' });
    for (const [path, opts] of [
      [`/api/hr/qydwgwfbxx/findGwInfoQzById/${gwid}`, { method: 'POST' }],
      ['/api/qz/qydwgwfbxx/findGwInfoQzById', { query: { gwid } }],
      ['/api/qz/qzgrjbxx/getGwInfo', { method: 'POST', body: { gwid } }],
      ['/api/qz/qzgrjbxx/getHrInfoByGw', { query: { gwid } }],
    ] as const) {
      expect(await codesByRole(actors, (a) => srv.call(path, { ...opts, token: a.token })), path).toEqual(expectedCodes([...everyone]));
    }
  });

  it('taking a post down is the operator’s', async () => {
    const gwid = await postJob(srv, actors.hrApproved);
    const down = await codesByRole(actors, (a) => srv.call('/api/xs/admin/jobs/takeDown', { token: a.token, body: { gwid, xjyy: '岗位信息含歧视性要求' } }));
    expect(down).toEqual(expectedCodes(['operator']));
    expect(await codesByRole(actors, (a) => srv.call('/api/xs/admin/jobs', { token: a.token }))).toEqual(expectedCodes(['operator']));
  });
});

describe('a job’s life', () => {
  it('draft → published → closed → reopened → deleted, as visitors see it', async () => {
    const hr = await actor(srv, 'hrApproved');
    const gwid = await postJob(srv, hr, { fb: 0, gwmc: '数据分析师' });
    const visitor = () => srv.call<ApiReply<typeof jobsApi.detail>>('/api/qz/qydwgwfbxx/findGwInfoQzById', { query: { gwid } });
    expect((await visitor()).body.code).toBe(404);
    // the enterprise's HR sees the draft
    const own = await srv.call(`/api/hr/qydwgwfbxx/findGwInfoHrById/${gwid}`, { token: hr.token });
    expect(own.body.gwxxxqHrVO).toMatchObject({
      gwid, gwmc: '数据分析师', gwzt: '0', hrid: hr.userId, hrxm: '张审核', gwgzxz: 'gx_001', sbxxdz: '深圳市南山区',
      gwlbo: 'gwlb_01', gwlbt: 'gwlb_0101', gwlb: 'gwlb_010101', gwyx: 'xzfw_06', fllist: [], hxid: [], hxlist: [],
    });
    // the HR's list: gwzt a string, gwfbsj a full time, the counts of résumés and fairs
    const drafts = await srv.call<ApiReply<typeof jobsApi.listHr>>('/api/hr/qydwgwfbxx/findGwListHr', { token: hr.token, method: 'POST', query: { gwzt: '0' } });
    expect(drafts.body.page.list).toEqual([
      expect.objectContaining({ gwid, gwzt: '0', gwyx: 'xzfw_06', sbsf: '440000', sbcs: '440300', gwlbt: 'gwlb_0101', gwlb: 'gwlb_010101', sdjlcount: 0, chcscount: 0 }),
    ]);
    expect(drafts.body.page.list[0].gwfbsj).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const today = drafts.body.page.list[0].gwfbsj.slice(0, 10);
    const inRange = async (q: Record<string, string>) => (await srv.call<ApiReply<typeof jobsApi.listHr>>('/api/hr/qydwgwfbxx/findGwListHr', { token: hr.token, query: q })).body.page.totalCount;
    expect(await inRange({ startTime: today, endTime: today })).toBe(1);
    expect(await inRange({ endTime: '2000-01-01' })).toBe(0);
    expect((await srv.call('/api/hr/qydwgwfbxx/findGwListHr', { token: hr.token, query: { gwzt: '9' } })).body.code).toBe(400);

    expect((await srv.call(`/api/hr/qydwgwfbxx/gwcgfb/${gwid}`, { token: hr.token, method: 'POST' })).body.code).toBe(0);
    const pub = await visitor();
    expect(pub.body.gwxxxqQzVO).toMatchObject({
      gwid, gwzt: '2', gwyx: 'xzfw_06', zdyx: 15000, zgyx: 25000, dwid: hr.companyId, bsid: hr.companyId, hrxm: '张审核',
      fldy: '五险一金,带薪年假', fllist: [], sfsc: 0, llcs: 1, sbxxdz: '深圳市南山区', sbxq: '', ssbm: '', jnyq: '',
    });
    expect(pub.body.gwxxxqQzVO.sxsj).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the job page's reply is qyDwgwfbxx only, with updateTime
    const page = await srv.call<ApiReply<typeof jobsApi.info>>('/api/qz/qzgrjbxx/getGwInfo', { method: 'POST', query: { gwid } });
    expect((page.body as Record<string, unknown>).gwxxxqQzVO).toBeUndefined();
    expect(page.body.qyDwgwfbxx).toMatchObject({ gwid, gwyx: 'xzfw_06', gwlbo: 'gwlb_01', gwlbt: 'gwlb_0101', fllist: [] });
    expect(page.body.qyDwgwfbxx.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the same visitor reading again is not another view (one a day each)
    expect((await visitor()).body.gwxxxqQzVO.llcs).toBe(1);
    const hrInfo = await srv.call('/api/qz/qzgrjbxx/getHrInfoByGw', { query: { gwid } });
    expect(hrInfo.body.hrInfo).toMatchObject({ hrid: hr.userId, xm: '张审核', zw: '招聘专员', dwid: hr.companyId });

    await srv.call('/api/hr/qydwgwfbxx/updateGw', { token: hr.token, body: { gwid, ...jobBody({ gwmc: '高级数据分析师', zdyx: 20000, zgyx: 30000 }) } });
    expect((await visitor()).body.gwxxxqQzVO).toMatchObject({ gwmc: '高级数据分析师', zdyx: 20000, gwyx: 'xzfw_06' });

    // auditGW type=4 takes it offline (gwzt '4'), type=2 opens it again
    expect((await srv.call('/api/hr/qydwgwfbxx/auditGW', { token: hr.token, query: { gwid, type: 4 } })).body.code).toBe(0);
    // a closed job still opens (the page says it stopped) but is no longer in the enterprise's list
    expect((await visitor()).body.gwxxxqQzVO.gwzt).toBe('4');
    expect((await companyJobCounts(srv.app.services.db, [hr.companyId!]))[hr.companyId!]).toBe(0);
    expect((await srv.call(`/api/hr/qydwgwfbxx/refreshGW/${gwid}`, { token: hr.token, method: 'POST' })).body.code).toBe(400);

    expect((await srv.call('/api/hr/qydwgwfbxx/auditGW', { token: hr.token, query: { gwid, type: 1 } })).body.code).toBe(400);
    await srv.call('/api/hr/qydwgwfbxx/auditGW', { token: hr.token, method: 'POST', query: { gwid, type: 2 } });
    expect((await visitor()).body.gwxxxqQzVO.gwzt).toBe('2');
    expect(await jobSummary(srv.app.services.db, gwid)).toMatchObject({ title: '高级数据分析师', companyId: hr.companyId, hrId: hr.userId, status: 1 });

    const mine = await srv.call<ApiReply<typeof jobsApi.listHr>>('/api/hr/qydwgwfbxx/findGwListHr', { token: hr.token, query: { gwzt: '2' } });
    expect(mine.body.page.list.map((j: { gwid: string }) => j.gwid)).toEqual([gwid]);

    expect((await srv.call(`/api/hr/qydwgwfbxx/deleteGW/${gwid}`, { token: hr.token, method: 'POST' })).body.code).toBe(0);
    expect((await visitor()).body.code).toBe(404);
    expect(await jobSummary(srv.app.services.db, gwid)).toBeNull();
    expect((await srv.call<ApiReply<typeof jobsApi.listHr>>('/api/hr/qydwgwfbxx/findGwListHr', { token: hr.token })).body.page.totalCount).toBe(0);
  });

  it('a job can be refreshed once a day', async () => {
    const gwid = await postJob(srv, actors.hrApproved);
    // posted today counts as fresh; move it to yesterday to allow a refresh
    await srv.app.services.db.execute(sql`update jobs set refreshed_at = now() - interval '1 day' where id = ${gwid}`);
    expect((await srv.call(`/api/hr/qydwgwfbxx/refreshGW/${gwid}`, { token: actors.hrApproved.token, method: 'POST' })).body.code).toBe(0);
    const again = await srv.call(`/api/hr/qydwgwfbxx/refreshGW/${gwid}`, { token: actors.hrApproved.token, method: 'POST' });
    expect(again.body).toMatchObject({ code: 409, msg: '该岗位今天已刷新过，请明天再来' });
  });

  it('HR of another enterprise cannot touch it', async () => {
    const gwid = await postJob(srv, actors.hrApproved);
    const other = await actor(srv, 'hrApproved');
    for (const [path, opts] of [
      ['/api/hr/qydwgwfbxx/updateGw', { body: { gwid, ...jobBody({ gwmc: '被改了' }) } }],
      [`/api/hr/qydwgwfbxx/deleteGW/${gwid}`, { method: 'POST' }],
      ['/api/hr/qydwgwfbxx/auditGW', { query: { gwid, type: 2 } }],
      ['/api/hr/qydwgwfbxx/getHxsByGwid', { query: { gwid } }],
    ] as const) {
      expect((await srv.call(path, { ...opts, token: other.token })).body.code, path).toBe(404);
    }
    expect((await jobSummary(srv.app.services.db, gwid))?.status).toBe(1);
  });

  it('keeps perk codes of m_gwfldm, department and skills, and answers them as gwfl / fllist', async () => {
    const hr = await actor(srv, 'hrApproved');
    const db = srv.app.services.db;
    await db.execute(sql`insert into code_items (table_name, code, name, sort) values ('m_gwfldm', 'gwfl_t1', '五险一金', 1), ('m_gwfldm', 'gwfl_t2', '双休', 2)
                         on conflict do nothing`);
    const bad = await srv.call('/api/hr/qydwgwfbxx/addGw', { token: hr.token, body: { fb: 1, ...jobBody({ gwfl: ['gwfl_nope'] }) } });
    expect(bad.body).toMatchObject({ code: 400, msg: '职位亮点无效，请重新选择' });
    const gwid = await postJob(srv, hr, { gwmc: '带亮点的岗位', gwfl: ['gwfl_t2', 'gwfl_t1'], ssbm: '技术部', jnyq: '熟悉 SQL' });
    const d = (await srv.call('/api/qz/qydwgwfbxx/findGwInfoQzById', { query: { gwid } })).body.gwxxxqQzVO;
    expect(d).toMatchObject({ fllist: [{ dm: 'gwfl_t2' }, { dm: 'gwfl_t1' }], ssbm: '技术部', jnyq: '熟悉 SQL' });
    const found = await srv.call<ApiReply<typeof searchApi.jobs>>('/api/xs/app/search/gwpc', { method: 'POST', query: { key: '带亮点的岗位', page: 1, limit: 10 } });
    expect(found.body.page.list.find((j: { gwid: string }) => j.gwid === gwid)?.gwfl).toEqual(['gwfl_t2', 'gwfl_t1']);
    await srv.call('/api/hr/qydwgwfbxx/updateGw', { token: hr.token, body: { gwid, ...jobBody({ gwfl: [] }) } });
    expect((await srv.call(`/api/hr/qydwgwfbxx/findGwInfoHrById/${gwid}`, { token: hr.token })).body.gwxxxqHrVO).toMatchObject({ fllist: [], ssbm: '' });
  });

  it('refuses invalid codes and salaries, changing nothing', async () => {
    const hr = await actor(srv, 'hrApproved');
    for (const [over, text] of [
      [{ gwlb: 'gwlb_01' }, '岗位类别'],
      [{ sbcs: '110100' }, '不属于所选省份'],
      [{ zdyx: 30000, zgyx: 10000 }, '最高月薪'],
      [{ zdyx: '8000' }, '最低月薪'],
      [{ gwmc: 'x'.repeat(41) }, '岗位名称'],
      [{ zprs: 0 }, '招聘人数'],
    ] as const) {
      const r = await srv.call('/api/hr/qydwgwfbxx/addGw', { token: hr.token, body: { fb: 1, ...jobBody(over) } });
      expect(r.body.code, JSON.stringify(over)).toBe(400);
      expect(r.body.msg).toContain(text);
    }
    expect((await srv.call('/api/hr/qydwgwfbxx/deleteGW/abc', { token: hr.token, method: 'POST' })).body.code).toBe(400);
    expect((await srv.call<ApiReply<typeof jobsApi.listHr>>('/api/hr/qydwgwfbxx/findGwListHr', { token: hr.token })).body.page.totalCount).toBe(0);
  });
});

describe('the previous client’s job form (Enter_postcreate, Enter_updatePost)', () => {
  /** The body its 发布 / 保存草稿 sends: salary as a range code, perks as gwfls, fairs as hxids. */
  const clientBody = (over: Record<string, unknown> = {}) => ({
    hxids: [] as string[] | string, gwfls: ['gwfl_t1'], gwmc: '旧版表单岗位', gwlbo: 'gwlb_01', gwlbt: 'gwlb_0101', gwlb: 'gwlb_010101',
    gwgzxz: 'gx_001', sbsf: '440000', sbcs: '440300', sbxxdz: '深圳市南山区科技园', gwyx: 'xzfw_04', xlyq: 'xl_04', jyyq: 'gzjy_03',
    gwms: '负责后端服务。', jnyq: '', zprs: 3, ssbm: '技术部', fbsc: 30, jljsyx: 'jobs@example.com', sfzd: '1', ...over,
  });

  it('publishes (type=1) or drafts (type=0) its body, the bounds taken from the range code, and edits it back', async () => {
    const hr = await actor(srv, 'hrApproved');
    await srv.app.services.db.execute(sql`insert into code_items (table_name, code, name, sort) values ('m_gwfldm', 'gwfl_t1', '五险一金', 1) on conflict do nothing`);
    const fair = await fairWithSignup(srv, { companyId: hr.companyId!, hrId: hr.userId!, name: '旧版表单的招聘会' });
    const added = await srv.call('/api/hr/qydwgwfbxx/addGw', { token: hr.token, query: { type: 1 }, body: clientBody({ hxids: [fair] }) });
    expect(added).toMatchObject({ status: 200, body: { code: 0, gwid: expect.any(String) } });
    const gwid = added.body.gwid;
    const detail = async () => (await srv.call<ApiReply<typeof jobsApi.detailHr>>(`/api/hr/qydwgwfbxx/findGwInfoHrById/${gwid}`, { token: hr.token, method: 'POST' })).body.gwxxxqHrVO;
    const d = await detail();
    expect(d).toMatchObject({
      gwmc: '旧版表单岗位', gwzt: '2', gwyx: 'xzfw_04', zdyx: 8000, zgyx: 12000, gwlbo: 'gwlb_01', gwlbt: 'gwlb_0101', gwlb: 'gwlb_010101',
      fllist: [{ dm: 'gwfl_t1' }], hxid: [fair], zprs: 3, ssbm: '技术部', fbsc: 30, jljsyx: 'jobs@example.com', sfzd: '1', zwpx: 0,
    });
    expect((await jobsAtFair(srv.app.services.db, fair, { page: 1, limit: 10 })).list.map((j) => j.gwid)).toEqual([gwid]);
    // 置顶: first on the enterprise's page before a fresher job
    const later = await postJob(srv, hr, { gwmc: '后发布的岗位' });
    const page = await srv.call<ApiReply<typeof companiesApi.jobs>>('/api/hr/bskhgl/getGwListByDwId', { method: 'POST', query: { dwid: hr.companyId! } });
    expect(page.body.gwList.map((j: { gwid: string }) => j.gwid)).toEqual([gwid, later]);

    const draft = await srv.call('/api/hr/qydwgwfbxx/addGw', { token: hr.token, query: { type: 0 }, body: clientBody({ gwmc: '旧版草稿', hxids: '' }) });
    expect((await srv.call(`/api/hr/qydwgwfbxx/findGwInfoHrById/${draft.body.gwid}`, { token: hr.token })).body.gwxxxqHrVO).toMatchObject({ gwzt: '0', hxid: [] });

    // 更新: the form copies the detail back (hxid → hxids, jljsyx, fbsc, sfzd as they came) with save=true
    const edited = await srv.call('/api/hr/qydwgwfbxx/updateGw', {
      token: hr.token,
      query: { save: true },
      body: { ...clientBody({ hxids: d.hxid, gwyx: 'xzfw_09', fbsc: d.fbsc, sfzd: 0, gwfls: [] }), gwid, dwid: hr.companyId, gwmc: '旧版表单岗位（已改）' },
    });
    expect(edited.body).toMatchObject({ code: 0 });
    expect(await detail()).toMatchObject({ gwmc: '旧版表单岗位（已改）', gwyx: 'xzfw_09', zdyx: 0, zgyx: 0, fllist: [], hxid: [fair], sfzd: '0' });

    // exact bounds, when sent (our own form), win over the range code
    await srv.call('/api/hr/qydwgwfbxx/updateGw', { token: hr.token, body: { ...clientBody({ gwyx: 'xzfw_01', zdyx: 20000, zgyx: 26000 }), gwid } });
    expect(await detail()).toMatchObject({ zdyx: 20000, zgyx: 26000, gwyx: 'xzfw_06' });
  });

  it('refuses what is wrong in its body with HTTP 200 and a reason the page shows, changing nothing', async () => {
    const hr = await actor(srv, 'hrApproved');
    const other = await actor(srv, 'hrApproved');
    const unsigned = await fairWithSignup(srv, { name: '未报名的会' });
    for (const [over, code, msg] of [
      [{ gwyx: 'xzfw_99' }, 400, '薪资范围无效，请重新选择'],
      [{ gwyx: undefined }, 400, '请选择薪资范围'],
      [{ gwlbt: 'gwlb_0102' }, 400, '岗位类别无效，请重新选择'],
      [{ jljsyx: 'not-an-email' }, 400, '简历接收邮箱(jljsyx) 格式不正确'],
      [{ fbsc: -1 }, 400, '发布时长(fbsc) 不能小于 0'],
      [{ hxids: [unsigned] }, 400, '本单位尚未报名该招聘会，请先报名'],
      [{ dwid: other.companyId }, 403, '只能为本单位发布岗位'],
    ] as const) {
      const r = await srv.call('/api/hr/qydwgwfbxx/addGw', { token: hr.token, query: { type: 1 }, body: clientBody(over) });
      expect(r, JSON.stringify(over)).toEqual({ status: 200, body: { code, msg } });
    }
    const none = await srv.call('/api/hr/qydwgwfbxx/addGw', { token: hr.token, body: clientBody() });
    expect(none.body).toEqual({ code: 400, msg: '缺少必填参数：是否发布(type)' });
    expect((await srv.call<ApiReply<typeof jobsApi.listHr>>('/api/hr/qydwgwfbxx/findGwListHr', { token: hr.token })).body.page.totalCount).toBe(0);
  });
});

describe('fairs and the operator', () => {
  it('a job is shown only at fairs its enterprise signed up for', async () => {
    const hr = await actor(srv, 'hrApproved');
    const gwid = await postJob(srv, hr, { gwmc: '招聘会岗位' });
    const signed = await fairWithSignup(srv, { companyId: hr.companyId!, hrId: hr.userId!, name: '秋季线上双选会' });
    const other = await fairWithSignup(srv, { name: '未报名的招聘会' });
    const list = await srv.call('/api/hr/qydwgwfbxx/getHxsByGwid', { token: hr.token, query: { gwid } });
    expect(list.body.hxlist).toEqual([{ hxid: signed, hymc: '秋季线上双选会', ifks: 1, sfxz: 0 }]);

    const bad = await srv.call('/api/hr/qydwgwfbxx/updateHxsByGwid', { token: hr.token, body: { gwid, hxids: [other] } });
    expect(bad.body).toMatchObject({ code: 400, msg: '本单位尚未报名该招聘会，请先报名' });
    const ok = await srv.call('/api/hr/qydwgwfbxx/updateHxsByGwid', { token: hr.token, body: { gwid, hxids: [signed] } });
    expect(ok.body.code).toBe(0);
    const atFair = await jobsAtFair(srv.app.services.db, signed, { page: 1, limit: 10 });
    expect(atFair).toMatchObject({ total: 1, list: [{ gwid, gwmc: '招聘会岗位', dwid: hr.companyId }] });
    const detail = await srv.call<ApiReply<typeof jobsApi.detailHr>>(`/api/hr/qydwgwfbxx/findGwInfoHrById/${gwid}`, { token: hr.token });
    expect(detail.body.gwxxxqHrVO.hxlist).toEqual([{ hxid: signed, hymc: '秋季线上双选会', ifks: 1, sfxz: 1 }]);

    await srv.call('/api/hr/qydwgwfbxx/updateHxsByGwid', { token: hr.token, body: { gwid, hxids: [] } });
    expect((await jobsAtFair(srv.app.services.db, signed, { page: 1, limit: 10 })).total).toBe(0);
  });

  it('the operator takes a post down: visitors lose it, the HR is told why and cannot republish', async () => {
    const hr = await actor(srv, 'hrApproved');
    const gwid = await postJob(srv, hr, { gwmc: '高薪日结' });
    const op = actors.operator;
    const found = await srv.call<ApiReply<typeof jobsApi.adminList>>('/api/xs/admin/jobs', { token: op.token, query: { key: '高薪日结' } });
    expect(found.body.page.list).toEqual([expect.objectContaining({ gwid, zt: 1, dwid: hr.companyId })]);
    const short = await srv.call('/api/xs/admin/jobs/takeDown', { token: op.token, body: { gwid, xjyy: '' } });
    expect(short.body.code).toBe(400);
    expect((await srv.call('/api/xs/admin/jobs/takeDown', { token: op.token, body: { gwid, xjyy: '涉嫌虚假招聘' } })).body.code).toBe(0);
    expect((await srv.call('/api/xs/admin/jobs/takeDown', { token: op.token, body: { gwid, xjyy: '涉嫌虚假招聘' } })).body.code).toBe(409);

    expect((await srv.call('/api/qz/qydwgwfbxx/findGwInfoQzById', { query: { gwid } })).body.code).toBe(404);
    const msgs = await srv.call<ApiReply<typeof notifyApi.hrList>>('/api/hr/qyxxtx/list/xx_001/1/10', { token: hr.token });
    expect(msgs.body.page.list[0]).toMatchObject({ bt: '岗位已被平台下架' });
    expect(msgs.body.page.list[0].nr).toContain('涉嫌虚假招聘');
    const republish = await srv.call(`/api/hr/qydwgwfbxx/gwcgfb/${gwid}`, { token: hr.token, method: 'POST' });
    expect(republish.body.code).toBe(403);
    expect(republish.body.msg).toContain('涉嫌虚假招聘');
    const own = await srv.call(`/api/hr/qydwgwfbxx/findGwInfoHrById/${gwid}`, { token: hr.token });
    expect(own.body.gwxxxqHrVO).toMatchObject({ gwzt: '3', xjyy: '涉嫌虚假招聘' });

    const log = await rows<{ action: string; operator_id: string }>(
      srv.app.services.db,
      sql`select action, operator_id::text as operator_id from operator_log where target = ${gwid}`,
    );
    expect(log).toEqual([{ action: 'job.takedown', operator_id: op.userId }]);
  });
});
