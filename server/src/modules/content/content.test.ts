import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { contentApi, jobsApi } from '@zp/core/contract';
import { newPhone, type ApiReply, type TestServer } from '../../../test/helpers.js';
import { actor, codesByRole, expectedCodes, giveCompany, type Actor, type Actors, serverWithActors } from '../../../test/roles.js';
import { rows, sql } from '../../db/index.js';

let srv: TestServer;
let actors: Actors;
const changes: { kind: string; id: string }[] = [];
beforeAll(async () => {
  ({ srv, actors } = await serverWithActors());
  await srv.app.services.bus.subscribe('content.changed', (p) => changes.push(p as { kind: string; id: string }));
});
afterAll(() => srv?.close());

const op = () => actors.operator.token;

describe('banners', () => {
  it('the operator fills the slots; visitors get {url, tzlj} of the published ones in order', async () => {
    const save = (body: Record<string, unknown>) => srv.call('/api/xs/admin/banner/save', { token: op(), body });
    const a = await save({ zswz: 'b_01', bt: '2026届毕业生秋季双选会', fbt: '10月18日 线上开幕', ys: '#1f6feb', tzlj: '/public/meetingList?venue=1', px: 2 });
    const b = await save({ zswz: 'b_01', bt: '人社局政策解读', tzlj: 'https://www.mohrss.gov.cn/', px: 1 });
    const hidden = await save({ zswz: 'b_01', bt: '未发布的图', fbzt: 0 });
    const other = await save({ zswz: 'b_04', bt: '企业入驻', tpdz: '/api/files/banner/x.png' });
    for (const r of [a, b, hidden, other]) expect(r.body.code).toBe(0);
    expect(changes).toEqual(expect.arrayContaining([{ kind: 'banner', id: a.body.bsid }]));

    const list = await srv.call<ApiReply<typeof contentApi.banners>>('/api/system/system/syspcbanner/ApiList', { query: { zswz: 'b_01' } });
    expect(list.body.code).toBe(0);
    expect(list.body.list).toHaveLength(2);
    expect(list.body.list[0]).toEqual({ url: expect.stringMatching(new RegExp(`^${srv.url}/api/content/banners/${b.body.bsid}/image\\.svg\\?v=\\d+$`)), tzlj: 'https://www.mohrss.gov.cn/' });
    expect(list.body.list[1].tzlj).toBe('/public/meetingList?venue=1');
    expect((await srv.call('/api/system/system/syspcbanner/ApiList', { query: { zswz: 'b_04' } })).body.list).toEqual([
      { url: `${srv.url}/api/files/banner/x.png`, tzlj: '' },
    ]);
    expect((await srv.call('/api/system/system/syspcbanner/ApiList', { query: { zswz: 'b_03' } })).body.list).toEqual([]);

    // The generated picture is served by the server itself, sized for its slot.
    const img = await fetch(list.body.list[1].url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await img.text();
    expect(svg).toContain('height="212"');
    expect(svg).toContain('2026届毕业生秋季双选会');
    expect(svg).toContain('10月18日 线上开幕');
    const again = await fetch(list.body.list[1].url, { headers: { 'if-none-match': img.headers.get('etag')! } });
    expect(again.status).toBe(304);

    // Publishing and unpublishing, editing and deleting.
    expect((await srv.call('/api/xs/admin/banner/publish', { token: op(), body: { bsid: hidden.body.bsid, fbzt: 1 } })).body.code).toBe(0);
    expect((await srv.call('/api/system/system/syspcbanner/ApiList', { query: { zswz: 'b_01' } })).body.list).toHaveLength(3);
    const edited = await save({ bsid: a.body.bsid, zswz: 'b_02', bt: '秋季双选会<报名中>', ys: '#0b8457' });
    expect(edited.body.code).toBe(0);
    const b2 = (await srv.call<ApiReply<typeof contentApi.banners>>('/api/system/system/syspcbanner/ApiList', { query: { zswz: 'b_02' } })).body.list[0];
    const svg2 = await (await fetch(b2.url)).text();
    expect(svg2).toContain('height="285"');
    expect(svg2).toContain('秋季双选会&lt;报名中&gt;');
    expect((await srv.call('/api/xs/admin/banner/delete', { token: op(), body: { bsid: b.body.bsid } })).body.code).toBe(0);
    expect((await fetch(`${srv.url}/api/content/banners/${b.body.bsid}/image.svg`)).status).toBe(404);
    const admin = await srv.call<ApiReply<typeof contentApi.adminBanners>>('/api/xs/admin/banner/list', { token: op(), query: { zswz: 'b_01' } });
    expect(admin.body.list.map((x) => x.bt)).toEqual(['未发布的图']);

    const logged = await rows<{ action: string }>(srv.app.services.db, sql`select action from operator_log where operator_id = ${actors.operator.userId} and action like 'banner.%'`);
    expect(logged.map((x) => x.action)).toEqual(expect.arrayContaining(['banner.create', 'banner.update', 'banner.publish', 'banner.delete']));
  });

  it('refuses bad banners', async () => {
    for (const body of [
      { zswz: 'b_05', bt: '标题' },
      { zswz: 'b_01', bt: '' },
      { zswz: 'b_01', bt: '标题', ys: 'red' },
      { zswz: 'b_01', bt: '标题', tzlj: 'javascript:alert(1)' },
      { zswz: 'b_01', bt: '标题', tpdz: 'ftp://x/y.png' },
    ]) {
      const r = await srv.call('/api/xs/admin/banner/save', { token: op(), body });
      expect(r.body.code, JSON.stringify(body)).toBe(400);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await srv.call('/api/system/system/syspcbanner/ApiList', { query: { zswz: 'b_9' } })).body.code).toBe(400);
    expect((await srv.call('/api/system/system/syspcbanner/ApiList')).body.code).toBe(400);
    expect((await fetch(`${srv.url}/api/content/banners/abc/image.svg`).then((r) => r.json() as Promise<{ code: number }>)).code).toBe(400);
    expect((await srv.call('/api/xs/admin/banner/publish', { token: op(), body: { bsid: '999999999', fbzt: 1 } })).body.code).toBe(404);
  });
});

describe('notices', () => {
  it('lists published notices newest first and counts a visit per opening', async () => {
    const save = (body: Record<string, unknown>) => srv.call<ApiReply<typeof contentApi.adminNoticeSave>>('/api/xs/admin/notice/save', { token: op(), body });
    // the source is a code of m_zxlydm (the previous client decodes it); a typed text is refused
    for (const zxly of ['市人社局', 'zxly_999']) {
      expect((await save({ title: '来源不对的公告', types: 'zxlb_01', zxly, content: '内容' })).body.code, zxly).toBe(400);
    }
    const first = await save({ title: '关于举办2026年春季网络招聘会的通知', types: 'zxlb_01', zxly: 'zxly_002', content: '各用人单位：\n\n现将有关事项通知如下。' });
    const second = await save({ title: '高校毕业生就业补贴政策解读', types: 'zxlb_02', content: '一、补贴对象……' });
    const draft = await save({ title: '草稿：尚未发布', types: 'zxlb_05', content: '内容', fbzt: 0 });
    for (const r of [first, second, draft]) expect(r.body.code).toBe(0);

    const list = await srv.call<ApiReply<typeof contentApi.notices>>('/api/xs/notice/getNoticeMsgWeb', { body: { page: 1, limit: 10 } });
    expect(list.body.page.list.map((n) => n.bsid)).toEqual([second.body.bsid, first.body.bsid]);
    expect(list.body.page.list[1]).toMatchObject({ title: '关于举办2026年春季网络招聘会的通知', types: 'zxlb_01', zxly: 'zxly_002', visits: 0 });
    expect(list.body.page.list[1].releaseTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await srv.call<ApiReply<typeof contentApi.notices>>('/api/xs/notice/getNoticeMsgWeb', { body: { page: 1, limit: 10, types: 'zxlb_02' } })).body.page.totalCount).toBe(1);

    const open = () => srv.call<ApiReply<typeof contentApi.notice>>('/api/xs/notice/getNoticeDetails', { method: 'POST', query: { bsid: first.body.bsid } });
    expect((await open()).body.data).toMatchObject({ visits: 1, content: '各用人单位：\n\n现将有关事项通知如下。' });
    // the same reader again is not another visit (one a day each); another reader is
    expect((await open()).body.data.visits).toBe(1);
    expect((await srv.call<ApiReply<typeof contentApi.notice>>('/api/xs/notice/getNoticeDetails', { query: { bsid: first.body.bsid }, headers: { 'user-agent': 'Another-Browser' } })).body.data.visits).toBe(2);
    expect((await srv.call('/api/xs/notice/getNoticeDetails', { query: { bsid: draft.body.bsid } })).body.code).toBe(404);

    // Publishing the draft puts it on top; unpublishing hides it again.
    expect((await srv.call('/api/xs/admin/notice/publish', { token: op(), body: { bsid: draft.body.bsid, fbzt: 1 } })).body.code).toBe(0);
    expect((await srv.call('/api/xs/notice/getNoticeMsgWeb', { body: { page: 1, limit: 1 } })).body.page).toMatchObject({ totalCount: 3, totalPage: 3 });
    expect((await srv.call<ApiReply<typeof contentApi.notices>>('/api/xs/notice/getNoticeMsgWeb', { body: { page: 1, limit: 1 } })).body.page.list[0].bsid).toBe(draft.body.bsid);
    expect((await srv.call('/api/xs/admin/notice/publish', { token: op(), body: { bsid: draft.body.bsid, fbzt: 0 } })).body.code).toBe(0);
    expect((await srv.call('/api/xs/admin/notice/save', { token: op(), body: { bsid: second.body.bsid, title: '高校毕业生就业补贴政策解读（修订）', types: 'zxlb_02', content: '修订后的内容' } })).body.code).toBe(0);
    expect((await srv.call<ApiReply<typeof contentApi.notice>>('/api/xs/notice/getNoticeDetails', { query: { bsid: second.body.bsid } })).body.data.title).toBe('高校毕业生就业补贴政策解读（修订）');
    expect((await srv.call('/api/xs/admin/notice/delete', { token: op(), body: { bsid: second.body.bsid } })).body.code).toBe(0);
    expect((await srv.call<ApiReply<typeof contentApi.notices>>('/api/xs/notice/getNoticeMsgWeb', { body: { page: 1, limit: 10 } })).body.page.list.map((n) => n.bsid)).toEqual([first.body.bsid]);
    const admin = await srv.call<ApiReply<typeof contentApi.adminNotices>>('/api/xs/admin/notice/list', { token: op(), query: { title: '草稿' } });
    expect(admin.body.page.list).toEqual([expect.objectContaining({ bsid: draft.body.bsid, fbzt: 0 })]);
    expect(changes).toEqual(expect.arrayContaining([{ kind: 'notice', id: draft.body.bsid }, { kind: 'notice', id: second.body.bsid }]));
  });

  it('refuses bad notices and bad paging', async () => {
    for (const body of [
      { title: '标', types: 'zxlb_01', content: '内容' },
      { title: '标题正常', types: 'zxlb_99', content: '内容' },
      { title: '标题正常', types: 'zxlb_01', content: '   ' },
      { title: '标题正常', types: 'zxlb_01', content: 'x'.repeat(20001) },
      { title: '标题正常', types: 'zxlb_01', content: '内容', bsid: '999999999' },
    ]) {
      const r = await srv.call('/api/xs/admin/notice/save', { token: op(), body });
      expect([400, 404], JSON.stringify(r.body)).toContain(r.body.code);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const body of [{ page: 0, limit: 10 }, { page: '1', limit: 10 }, { page: 1, limit: 101 }]) {
      expect((await srv.call('/api/xs/notice/getNoticeMsgWeb', { body })).body.code).toBe(400);
    }
    expect((await srv.call('/api/xs/notice/getNoticeDetails', { query: { bsid: 'x' } })).body.code).toBe(400);
  });
});

describe('company tabs', () => {
  it('lists approved enterprises of a tab, most open jobs first, with their newest job titles', async () => {
    const db = srv.app.services.db;
    const hr = actors.hrApproved;
    await db.execute(sql`update companies set list_type = 1 where id = ${hr.companyId}`);
    // Another enterprise on the same tab without jobs, and a pending one that must not show.
    const quiet = await srv.registerHr(newPhone(), 'secret123', { xm: '赵', zw: 'HR' });
    const quietId = await giveCompany(srv, quiet.userId, 1, '宁静科技有限公司');
    await db.execute(sql`update companies set list_type = 1 where id in (${quietId}, ${actors.hrUnapproved.companyId})`);
    for (const gwmc of ['前端开发工程师', '测试工程师']) {
      const r = await srv.call('/api/hr/qydwgwfbxx/addGw', {
        token: hr.token,
        body: { gwmc, gwlb: 'gwlb_010201', gwgzxz: 'gx_001', sbsf: '440000', sbcs: '440300', sbxxdz: '深圳', zdyx: 10000, zgyx: 20000, xlyq: 'xl_00', jyyq: 'gzjy_00', zprs: 1, gwms: '岗位描述', fb: 1 },
      });
      expect(r.body.code, JSON.stringify(r.body)).toBe(0);
    }
    const r = await srv.call<ApiReply<typeof contentApi.companiesByType>>('/api/hr/bskhgl/findDwListByType', { query: { type: 1, page: 1, limit: 12 } });
    expect(r.body.code).toBe(0);
    expect(r.body.page.list.map((c) => c.dwid)).toEqual([hr.companyId, quietId]);
    expect(r.body.page.list[0]).toMatchObject({ rzgws: 2, jsjls: 0, dwxz: 'dwxz_03', dwsshy: 'hy_01' });
    expect(r.body.page.list[0].gwmc.split('、').sort()).toEqual(['前端开发工程师', '测试工程师'].sort());
    expect(r.body.page.list[1]).toMatchObject({ dwmc: '宁静科技有限公司', rzgws: 0, gwmc: '' });
    expect((await srv.call<ApiReply<typeof contentApi.companiesByType>>('/api/hr/bskhgl/findDwListByType', { query: { type: 1, csdm: '110100' } })).body.page.totalCount).toBe(0);
    expect((await srv.call<ApiReply<typeof contentApi.companiesByType>>('/api/hr/bskhgl/findDwListByType', { query: { type: 2 } })).body.page.totalCount).toBe(0);
    expect((await srv.call('/api/hr/bskhgl/findDwListByType', { query: { type: 5 } })).body.code).toBe(400);
    expect((await srv.call('/api/hr/bskhgl/findDwListByType', { query: {} })).body.code).toBe(400);
  });

  it('收到简历 counts the résumés each enterprise received, and an application tells the page caches', async () => {
    const db = srv.app.services.db;
    const hr = actors.hrApproved;
    await db.execute(sql`update companies set list_type = 3 where id = ${hr.companyId}`);
    const card = async () => (await srv.call<ApiReply<typeof contentApi.companiesByType>>('/api/hr/bskhgl/findDwListByType', { query: { type: 3 } })).body.page.list.find((c) => c.dwid === hr.companyId);
    const before = (await card())!.jsjls;
    const job = await srv.call<ApiReply<typeof jobsApi.add>>('/api/hr/qydwgwfbxx/addGw', {
      token: hr.token,
      body: { gwmc: '运营专员', gwlb: 'gwlb_010201', gwgzxz: 'gx_001', sbsf: '440000', sbcs: '440300', sbxxdz: '深圳', zdyx: 8000, zgyx: 12000, xlyq: 'xl_00', jyyq: 'gzjy_00', zprs: 1, gwms: '岗位描述', fb: 1 },
    });
    for (const seeker of [actors.seeker, await actor(srv, 'seeker')]) {
      const applied = await srv.call('/api/qz/qyhxrxx/td', { token: seeker.token, query: { gwid: job.body.gwid, dwid: hr.companyId! } });
      expect(applied.body.code, JSON.stringify(applied.body)).toBe(0);
    }
    expect((await card())!.jsjls).toBe(before + 2);
    // the cached pages (home tabs, /public/rpo, /public/schoollist, /public/yczq) are dropped on this topic
    await vi.waitFor(() => expect(changes).toContainEqual({ kind: 'application', id: hr.companyId }));
  });
});

describe('role × endpoint', () => {
  it('visitors read, only the operator edits', async () => {
    const get = (path: string, query: Record<string, string | number> = {}) => (a: Actor) => srv.call(path, { token: a.token, query });
    const post = (path: string, body?: unknown) => (a: Actor) => srv.call(path, { method: 'POST', token: a.token, body });
    const everyone = expectedCodes(['anonymous', 'seekerIncomplete', 'seeker', 'hrUnapproved', 'hrApproved', 'operator']);
    const operator = expectedCodes(['operator']);
    expect(await codesByRole(actors, get('/api/system/system/syspcbanner/ApiList', { zswz: 'b_01' }))).toEqual(everyone);
    expect(await codesByRole(actors, post('/api/xs/notice/getNoticeMsgWeb', { page: 1, limit: 10 }))).toEqual(everyone);
    expect(await codesByRole(actors, get('/api/hr/bskhgl/findDwListByType', { type: 3 }))).toEqual(everyone);
    expect(await codesByRole(actors, get('/api/xs/admin/banner/list'))).toEqual(operator);
    expect(await codesByRole(actors, get('/api/xs/admin/notice/list'))).toEqual(operator);
    expect(await codesByRole(actors, post('/api/xs/admin/banner/save', { zswz: 'b_03', bt: '矩阵测试', fbzt: 0 }))).toEqual(operator);
    expect(await codesByRole(actors, post('/api/xs/admin/notice/save', { title: '矩阵测试公告', types: 'zxlb_05', content: '内容', fbzt: 0 }))).toEqual(operator);
    const n = await srv.call<ApiReply<typeof contentApi.adminNoticeSave>>('/api/xs/admin/notice/save', { token: op(), body: { title: '矩阵测试公告二', types: 'zxlb_05', content: '内容' } });
    const open = (a: Actor) => srv.call('/api/xs/notice/getNoticeDetails', { token: a.token, query: { bsid: n.body.bsid } });
    expect(await codesByRole(actors, open)).toEqual(everyone);
    expect(await codesByRole(actors, post('/api/xs/admin/notice/publish', { bsid: n.body.bsid, fbzt: 1 }))).toEqual(operator);
    const notFoundForOperator = { ...expectedCodes([]), operator: 404 };
    expect(await codesByRole(actors, post('/api/xs/admin/notice/delete', { bsid: '999999999' }))).toEqual(notFoundForOperator);
    expect(await codesByRole(actors, post('/api/xs/admin/banner/delete', { bsid: '999999999' }))).toEqual(notFoundForOperator);
    expect(await codesByRole(actors, post('/api/xs/admin/banner/publish', { bsid: '999999999', fbzt: 0 }))).toEqual(notFoundForOperator);
  });
});
