import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETENESS_WEIGHTS, SECTIONS, SECTION_KEYS, type authApi, type Envelope, type filesApi, type identityApi, type resumesApi, type SectionKey } from '@zp/core/contract';
import { DEMO_PWD, newPhone, startServer, type ApiReply, type ReplyBody, type TestServer } from '../../../test/helpers.js';
import { allActors, codesByRole, expectedCodes, giveCompany, type Actors } from '../../../test/roles.js';
import { samples, uploadAndSave } from '../../../test/uploads.js';
import { sql } from '../../db/index.js';
import { bumpResumeCounter, resumeHidden, seekerCard, seekerCompleteness } from './public.js';

/** A section's list or preview reply, read by the names SECTIONS gives it: each a list of rows. */
type SectionLists = Envelope & { [name: string]: Record<string, unknown>[] };

/** A realistic entry for each section (what a person would type). */
const SAMPLE: Record<SectionKey, Record<string, unknown>> = {
  gzjl: { dwmc: '深圳市云帆网络科技有限公司', hy: 'hy_01', zwmc: '前端工程师', rzsj: '2021-08', lzsj: '', yx: 'xzfw_05', ys: 13, sfyc: '0', gzms: '负责招聘平台前端开发' },
  jyjl: { xxmc: '华中科技大学', xl: 'xl_04', zy: '计算机科学与技术', sftz: '1', rxsj: '2015-09', bysj: '2019-06' },
  kyjl: { kyxmmc: '网页可访问性检测', xmlb: '大创项目', ksrq: '2017-09', jsrq: '2018-09', cypm: '2', sfjx: 1, xmms: '负责标注工具' },
  lwxx: { lwmc: '基于视觉模型的网页可访问性评估', kwmc: '计算机应用与软件', fbrq: '2019-03-01', slqk: '中文核心', kwyxyz: '0.8', cypm: 2, lwms: '' },
  pxjl: { pxmc: '前端架构训练营', pxdw: '极客学院', pxnr: '微前端与性能治理', kssj: '2022-05', jssj: '2022-07' },
  qzyx: { gzxzm: 'gx_001', sjm: '440000', cjm: '440300', hym: 'hy_01', zwmo: 'gwlb_01', zwmt: 'gwlb_0102', zwm: 'gwlb_010201', yx: 'xzfw_06', ys: 1, dgsj: 'dg_001' },
  ryjl: { jlmc: '年度优秀员工', jldw: '云帆科技', jljb: '公司级', jljs: '主导前端重构', jlrq: '2022-12', rych: '优秀员工' },
  shhd: { hdmc: '技术沙龙分享', hdsj: '2023-04', hdnr: '分享性能优化实践', hdcg: '听众 200 余人' },
  xmjy: { xmmc: '招聘会在线会场', kssj: '2022-03', jssj: '2022-10', gsmc: '云帆科技', zw: '前端负责人', xmms: '在线会场', zrms: '会场页面与消息提醒' },
  yjfx: { yjfx: 'Web 前端性能', bskt: '', zxkc: '人机交互', kcms: '可用性评估' },
  yynl: { yymc: '英语', djzs: 'CET-6', tsnl: 'yysp_03', dxnl: 'yysp_04' },
  zlxx: { zlmc: '一种页面渲染优化方法', zlbh: 'CN202210000000.1', pzrq: '2023-06-01', zllx: '发明专利', zlwczt: '1', brpm: '1', zlms: '' },
  zsxx: { zsmc: '软件设计师', zslb: '软考', hdrq: '2020-11' },
  zyjn: { jnmc: 'React', sysc: '4年', slcd: 'yysp_05' },
};

describe('resumes', () => {
  let srv: TestServer;
  let actors: Actors;
  let approvedCompany: string;
  let pendingCompany: string;

  beforeAll(async () => {
    srv = await startServer();
    actors = await allActors(srv);
    approvedCompany = actors.hrApproved.companyId!;
    pendingCompany = actors.hrUnapproved.companyId!;
  });
  afterAll(() => srv.close());
  afterEach((ctx) => {
    if (ctx.task.result?.state === 'fail') console.log(srv.logs.slice(-10).join('\n'));
  });

  const post = <T = ReplyBody>(path: string, token: string, body: unknown) => srv.call<T>(path, { token, body });

  it('computes completeness from the documented weights as the registration steps are done', async () => {
    const { token, userId } = await srv.registerSeeker(newPhone());
    expect((await srv.call<ApiReply<typeof identityApi.seekerBase>>('/api/qz/qzgrjbxx/myBaseInfo', { token })).body.qzGrjbxxBase!.wsd).toBe(0);

    const base = await post('/api/qz/qzgrjbxx/save', token, { xm: '王小红', xbm: 'xb_002', csrq: '1999-03-08', dqszs: '440000', dqszcs: '440300', yx: 'xiaohong@example.com', cjgzny: '' });
    expect(base.body.qzGrjbxxBase).toMatchObject({ xm: '王小红', xbm: 'xb_002', wsd: 25 });
    expect((await srv.call('/api/qz/qzgrjbxx/updateQzzt/zt_004', { token })).body).toMatchObject({ qzzt: 'zt_004', wsd: 30 });
    expect((await post('/api/qz/qzqzyx/save', token, SAMPLE.qzyx)).body.wsd).toBe(45);
    expect((await post('/api/qz/qzjyjl/save', token, SAMPLE.jyjl)).body.wsd).toBe(60); // enough for fair sign-up
    const work = await post('/api/qz/qzgzjl/save', token, SAMPLE.gzjl);
    expect(work.body.wsd).toBe(70);
    expect((await post<ApiReply<typeof resumesApi.update>>('/api/qz/qzgrjbxx/update', token, { zwpj: '认真负责' })).body.qzGrjbxxBase.wsd).toBe(75);
    let wsd = 75;
    for (const k of ['xmjy', 'zyjn', 'yynl', 'zsxx', 'ryjl', 'pxjl', 'shhd', 'kyjl', 'lwxx', 'zlxx', 'yjfx'] as const) {
      wsd += COMPLETENESS_WEIGHTS[k];
      expect((await post(`/api/qz/${SECTIONS[k].path}/save`, token, SAMPLE[k])).body.wsd).toBe(wsd);
    }
    expect(wsd).toBe(100);
    expect(await seekerCompleteness(srv.app.services.db, userId)).toBe(100);
    // removing the only work experience takes its 10 points back
    expect((await srv.call(`/api/qz/qzgzjl/delete/${work.body.gzjlid}`, { token })).body.wsd).toBe(90);
    // ...unless the person is a graduate-to-be, who has none to give yet
    expect((await srv.call('/api/qz/qzgrjbxx/updateQzzt/zt_005', { token })).body.wsd).toBe(100);
  });

  it('keeps each of the 14 sections with its legacy paths, id and list names', async () => {
    const { token } = await srv.registerSeeker(newPhone());
    for (const key of SECTION_KEYS) {
      const d = SECTIONS[key];
      const saved = await post(`/api/qz/${d.path}/save`, token, SAMPLE[key]);
      expect(saved.body.code, `${d.path}/save ${JSON.stringify(saved.body)}`).toBe(0);
      const id = saved.body[d.idField];
      expect(id).toMatch(/^\d+$/);

      const list = await srv.call<SectionLists>(`/api/qz/${d.path}/list`, { token });
      const rows = list.body[d.listField];
      expect(rows).toHaveLength(1);
      expect(rows[0][d.idField]).toBe(id);
      const first = d.required[0];
      expect(rows[0][first]).toBe(SAMPLE[key][first]);

      // change one field: a code field to another valid code, a text field by appending
      const next = first === 'cjm' ? '440100' : first === 'xl' ? 'xl_05' : `${SAMPLE[key][first]}（修改）`;
      const changed = await post(`/api/qz/${d.path}/update`, token, { [d.idField]: id, [first]: next });
      expect(changed.body.code, JSON.stringify(changed.body)).toBe(0);
      const preview = await srv.call<SectionLists>(`/api/qz/jlyl/${d.preview}`, { token });
      expect(preview.body[d.key][0][first]).toBe(next);
      // the fields not sent keep their values
      for (const [f, v] of Object.entries(SAMPLE[key])) if (f !== first) expect(String(preview.body[d.key][0][f])).toBe(String(v));

      expect((await srv.call(`/api/qz/${d.path}/delete/${id}`, { token })).body.code).toBe(0);
      expect((await srv.call(`/api/qz/${d.path}/list`, { token })).body[d.listField]).toEqual([]);
    }
  });

  it('refuses bad section input with a Chinese message and changes nothing', async () => {
    const { token } = await srv.registerSeeker(newPhone());
    const cases: [string, unknown, RegExp][] = [
      ['/api/qz/qzgzjl/save', { ...SAMPLE.gzjl, dwmc: undefined }, /单位名称/],
      ['/api/qz/qzgzjl/save', { ...SAMPLE.gzjl, dwmc: '   ' }, /单位名称/],
      ['/api/qz/qzgzjl/save', { ...SAMPLE.gzjl, rzsj: '2021/08/01' }, /入职时间/],
      ['/api/qz/qzgzjl/save', { ...SAMPLE.gzjl, rzsj: '2022-01', lzsj: '2021-01' }, /离职时间不能早于入职时间/],
      ['/api/qz/qzgzjl/save', { ...SAMPLE.gzjl, hy: 'hy_99' }, /所属行业/],
      // levels are m_slnldm codes and ranks numbers, as the previous client reads them
      ['/api/qz/qzyynl/save', { ...SAMPLE.yynl, tsnl: '良好' }, /听说能力/],
      ['/api/qz/qzzyjn/save', { ...SAMPLE.zyjn, slcd: 'yysp_99' }, /熟练程度/],
      ['/api/qz/qzlwxx/save', { ...SAMPLE.lwxx, cypm: '第二作者' }, /作者排名/],
      ['/api/qz/qzgzjl/save', { ...SAMPLE.gzjl, sfyc: 'yes' }, /隐藏薪资/],
      ['/api/qz/qzgzjl/save', { ...SAMPLE.gzjl, gzms: '字'.repeat(2001) }, /工作内容/],
      ['/api/qz/qzjyjl/save', { ...SAMPLE.jyjl, xl: 'xl_77' }, /学历/],
      ['/api/qz/qzqzyx/save', { ...SAMPLE.qzyx, cjm: '999999' }, /期望城市/],
      ['/api/qz/qzqzyx/save', { ...SAMPLE.qzyx, zwm: 42 }, /期望职类/],
      ['/api/qz/qzgrjbxx/save', { xm: '张三', xbm: 'xb_003' }, /性别/],
      ['/api/qz/qzgrjbxx/update', { yx: 'not-an-email' }, /邮箱/],
      ['/api/qz/qzgrjbxx/update', { csrq: '2999-01-01' }, /出生日期/],
    ];
    for (const [path, body, msg] of cases) {
      const r = await post(path, token, body);
      expect(r.body.code, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(r.body.msg).toMatch(msg);
    }
    expect((await srv.call('/api/qz/qzgzjl/list', { token })).body.gzjlList).toEqual([]);
    expect((await srv.call('/api/qz/qzqzyx/list', { token })).body.qzyxList).toEqual([]);
    const malformed = await srv.call('/api/qz/qzgzjl/save', { token, raw: '{"dwmc": ' });
    expect(malformed.body.code).toBe(400);
    expect((await srv.call('/api/qz/qzgzjl/delete/abc', { token })).body.code).toBe(400);
    expect((await srv.call('/api/qz/qzgrjbxx/updateQzzt/qzzt_99', { token })).body.code).toBe(400);
    expect((await srv.call('/api/qz/qzgrjbxx/updateJlyc/7', { token })).body.code).toBe(400);
  });

  it("will not let one job seeker change or delete another's entries", async () => {
    const a = await srv.registerSeeker(newPhone());
    const b = await srv.registerSeeker(newPhone());
    const saved = await post('/api/qz/qzxmjy/save', a.token, SAMPLE.xmjy);
    const id = saved.body.xmjyid;
    expect((await post('/api/qz/qzxmjy/update', b.token, { xmjyid: id, xmmc: '偷改' })).body.code).toBe(404);
    expect((await srv.call(`/api/qz/qzxmjy/delete/${id}`, { token: b.token })).body.code).toBe(404);
    expect((await srv.call<SectionLists>('/api/qz/qzxmjy/list', { token: a.token })).body.xmjyList[0].xmmc).toBe(SAMPLE.xmjy.xmmc);
    expect((await srv.call('/api/qz/qzxmjy/list', { token: b.token })).body.xmjyList).toEqual([]);
  });

  it('limits the number of entries (three job intentions)', async () => {
    const { token } = await srv.registerSeeker(newPhone());
    for (let i = 0; i < 3; i++) expect((await post('/api/qz/qzqzyx/save', token, SAMPLE.qzyx)).body.code).toBe(0);
    expect((await post('/api/qz/qzqzyx/save', token, SAMPLE.qzyx)).body).toMatchObject({ code: 409, msg: '求职意向最多填写 3 条' });
  });

  it('previews the résumé header: age, years of work, highest degree', async () => {
    const { token } = await srv.registerSeeker(newPhone());
    const year = new Date().getFullYear();
    await post('/api/qz/qzgrjbxx/save', token, { xm: '欧阳娜娜', xbm: 'xb_002', csrq: `${year - 30}-01-01`, cjgzny: `${year - 5}-01`, zwpj: '自我评价' });
    await post('/api/qz/qzjyjl/save', token, { ...SAMPLE.jyjl, xl: 'xl_04' });
    await post('/api/qz/qzjyjl/save', token, { ...SAMPLE.jyjl, xxmc: '北京大学', xl: 'xl_05', rxsj: '2019-09', bysj: '2022-06' });
    const r = await srv.call('/api/qz/jlyl/findQzxxInfo', { token });
    expect(r.body.qzinfo).toMatchObject({ xm: '欧阳娜娜', x: '欧', nl: 30, gznx: 5, zgxl: 'xl_05', zwpj: '自我评价' });
  });

  it("answers the previous client's centre: myBaseInfo counters, info's derived and stored fields, intention rows with yxm", async () => {
    const { token } = await srv.registerSeeker(newPhone());
    const year = new Date().getFullYear();
    const saved = await post('/api/qz/qzgrjbxx/save', token, {
      xm: '陈思远', xbm: 'xb_001', csrq: `${year - 25}-01-01`, cjgzny: `${year - 2}-01`, dqszs: '440000', dqszcs: '440300', dqszxq: '440305',
      jgdms: '420000', jgdmcs: '420100', mzdm: 'mz_01', hyzk: 'hy_001', sg: '175', sfzjh: '42010119990101123X', sfxs: 0, yx: 'chen@example.com',
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    await post('/api/qz/qzjyjl/save', token, SAMPLE.jyjl);
    const base = (await srv.call<ApiReply<typeof identityApi.seekerBase>>('/api/qz/qzgrjbxx/myBaseInfo', { token })).body.qzGrjbxxBase;
    expect(base).toMatchObject({ xm: '陈思远', xbm: 'xb_001', yx: 'chen@example.com', wx: '', tdjlCount: 0, gwscCount: 0, sxhscs: 0, txid: '' });
    const info = (await srv.call('/api/qz/qzgrjbxx/info', { token })).body.qzGrjbxx;
    expect(info).toMatchObject({
      xm: '陈思远', nl: 25, gznx: 2, zgxl: 'xl_04', zgxx: '华中科技大学', zgzy: '计算机科学与技术', sj: base!.phone, dqszxq: '440305', jgdmcs: '420100',
      mzdm: 'mz_01', hyzk: 'hy_001', sg: '175', sfzjh: '42010119990101123X', sfxs: 0, jlUpdateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect((await post('/api/qz/qzgrjbxx/update', token, { sfxs: '1' })).body.code).toBe(0);
    expect((await srv.call<ApiReply<typeof resumesApi.info>>('/api/qz/qzgrjbxx/info', { token })).body.qzGrjbxx!.sfxs).toBe(1);
    // Bad values change nothing.
    expect((await post('/api/qz/qzgrjbxx/update', token, { sfzjh: '1234' })).body.code).toBe(400);
    expect((await post('/api/qz/qzgrjbxx/update', token, { dqszxq: '999999' })).body.code).toBe(400);
    expect((await srv.call('/api/qz/qzgrjbxx/info', { token })).body.qzGrjbxx).toMatchObject({ sfzjh: '42010119990101123X', dqszxq: '440305' });
    await post('/api/qz/qzqzyx/save', token, SAMPLE.qzyx);
    const [intention] = (await srv.call<SectionLists>('/api/qz/qzqzyx/list', { token })).body.qzyxList;
    expect(intention).toMatchObject({ sjm: '440000', cjm: '440300', gzxzm: 'gx_001', zwmo: 'gwlb_01', zwmt: 'gwlb_0102', zwm: 'gwlb_010201', hym: 'hy_01', yx: 'xzfw_06', yxm: 'xzfw_06', dgsj: 'dg_001' });
    // Every section list is an array, [] when empty, under the key the previous client reads.
    for (const key of SECTION_KEYS) expect(Array.isArray((await srv.call(`/api/qz/${SECTIONS[key].path}/list`, { token })).body[SECTIONS[key].listField])).toBe(true);
    // None generated yet (qzjldz/save makes them): fileType 30 is an empty list, not an error.
    expect((await srv.call('/api/qz/qzFile/list', { token, query: { fileType: 30 } })).body).toEqual({ code: 0, msg: expect.any(String), fileList: [] });
    expect((await srv.call('/api/qz/qzFile/list', { token, query: { fileType: 10 } })).body.fileList).toEqual([]);
  });

  it('takes an uploaded avatar as txid only when it is the caller’s own', async () => {
    const a = await srv.registerSeeker(newPhone());
    const b = await srv.registerSeeker(newPhone());
    const up = await uploadAndSave<ApiReply<typeof filesApi.seekerSave>>(srv, {
      token: a.token, ossKey: '/api/qz/qzFile/getOssKey', query: { fileType: 40 }, save: '/api/qz/qzFile/save', name: 'me.png', bytes: samples.png(), saveBody: { wjlx: 40 },
    });
    const txid = up.saved.body.wjid;
    expect((await post('/api/qz/qzgrjbxx/update', b.token, { txid })).body.code).toBe(400);
    expect((await post<ApiReply<typeof resumesApi.update>>('/api/qz/qzgrjbxx/update', a.token, { txid })).body.qzGrjbxxBase.txid).toBe(txid);
    const info = (await srv.call('/api/qz/qzgrjbxx/info', { token: a.token })).body.qzGrjbxx;
    expect(info).toBeNull(); // no name yet: base information not given
    await post('/api/qz/qzgrjbxx/update', a.token, { xm: '头像测试', xbm: 'xb_001' });
    const after = (await srv.call<ApiReply<typeof resumesApi.info>>('/api/qz/qzgrjbxx/info', { token: a.token })).body.qzGrjbxx;
    expect(after!.txUrl).toBe(up.saved.body.fileUrl);
    // the account's display name follows the résumé
    expect((await srv.call('/api/sec/pc/currentUser', { token: a.token })).body.userName).toBe('头像测试');
  });

  it('hides the résumé from talent search on request', async () => {
    const { token, userId } = await srv.registerSeeker(newPhone());
    const db = srv.app.services.db;
    expect(await resumeHidden(db, userId)).toBe(false);
    expect((await srv.call('/api/qz/qzgrjbxx/updateJlyc/1', { token })).body.jlyc).toBe(1);
    expect(await resumeHidden(db, userId)).toBe(true);
    expect((await seekerCard(db, srv.app.services.config, userId))!.hidden).toBe(true);
    await srv.call('/api/qz/qzgrjbxx/updateJlyc/0', { token, method: 'POST' });
    expect(await resumeHidden(db, userId)).toBe(false);
  });

  it('refreshes once a day and shows the statistics HR actions move', async () => {
    const { token, userId } = await srv.registerSeeker(newPhone());
    const db = srv.app.services.db;
    // registered today: already fresh
    expect((await srv.call('/api/qz/qzgrjbxx/refreshDaily', { token })).body.code).toBe(409);
    await db.execute(sql`update seeker_profiles set refreshed_at = now() - interval '2 days' where user_id = ${userId}`);
    const r = await srv.call('/api/qz/qzgrjbxx/refreshDaily', { token, method: 'POST' });
    expect(r.body.code).toBe(0);
    expect((await srv.call('/api/qz/qzgrjbxx/refreshDaily', { token })).body).toMatchObject({ code: 409, msg: '今天已经刷新过简历了，明天再来吧' });

    await bumpResumeCounter(db, userId, 'viewed');
    await bumpResumeCounter(db, userId, 'viewed');
    await bumpResumeCounter(db, userId, 'favourited');
    await bumpResumeCounter(db, userId, 'favourited', -1);
    await bumpResumeCounter(db, userId, 'favourited', -1);
    await bumpResumeCounter(db, userId, 'downloaded');
    expect((await srv.call('/api/qz/qzgrjbxx/statistics', { token })).body).toMatchObject({ jlckcs: 2, jlsccs: 0, jlxzcs: 1 });
  });

  it('keeps intended employers (approved enterprises only, at most 20)', async () => {
    const a = await srv.registerSeeker(newPhone());
    const b = await srv.registerSeeker(newPhone());
    expect((await post('/api/qz/qzyxdw/save', a.token, [approvedCompany, approvedCompany])).body).toMatchObject({ code: 0, added: 1 });
    expect((await post('/api/qz/qzyxdw/save', a.token, [approvedCompany])).body.added).toBe(0);
    expect((await post('/api/qz/qzyxdw/save', a.token, [pendingCompany])).body.code).toBe(400);
    const list = (await srv.call<ApiReply<typeof resumesApi.targets>>('/api/qz/qzyxdw/list', { token: a.token })).body.yxdwList;
    expect(list).toEqual([expect.objectContaining({ dwid: approvedCompany })]);
    expect((await srv.call(`/api/qz/qzyxdw/delete/${list[0].bsid}`, { token: b.token })).body.code).toBe(404);
    expect((await srv.call(`/api/qz/qzyxdw/delete/${list[0].bsid}`, { token: a.token })).body.code).toBe(0);

    const ids: string[] = [];
    for (let i = 0; i < 21; i++) ids.push(await giveCompany(srv, actors.hrApproved.userId!, 1, `意向单位${i}`));
    await srv.app.services.db.execute(sql`update hr_profiles set company_id = ${approvedCompany} where user_id = ${actors.hrApproved.userId}`);
    expect((await post('/api/qz/qzyxdw/save', a.token, ids.slice(0, 20))).body.added).toBe(20);
    expect((await post('/api/qz/qzyxdw/save', a.token, [ids[20]])).body).toMatchObject({ code: 409, msg: '意向单位最多 20 个' });
  });

  it('role × endpoint matrix', async () => {
    const call = (path: string, o: Parameters<TestServer['call']>[1] = {}) => (x: Actors['seeker']) => srv.call(path, { ...o, token: x.token });
    const seekers = expectedCodes(['seekerIncomplete', 'seeker']);
    expect(await codesByRole(actors, call('/api/qz/qzgrjbxx/info'))).toEqual(seekers);
    expect(await codesByRole(actors, call('/api/qz/qzgzjl/list'))).toEqual(seekers);
    expect(await codesByRole(actors, call('/api/qz/jlyl/findQzxxJyjl'))).toEqual(seekers);
    expect(await codesByRole(actors, call('/api/qz/qzgrjbxx/statistics'))).toEqual(seekers);
    expect(await codesByRole(actors, call('/api/qz/qzyxdw/list'))).toEqual(seekers);
    // a seeker below 60 may (must) still fill in the résumé
    expect(await codesByRole(actors, call('/api/qz/qzzyjn/save', { body: SAMPLE.zyjn }))).toEqual(seekers);
    expect(await codesByRole(actors, call('/api/qz/qzgrjbxx/update', { body: { zwpj: '好' } }))).toEqual(seekers);
    expect(await codesByRole(actors, call('/api/qz/qzgrjbxx/updateJlyc/0'))).toEqual(seekers);
  });

  // It starts a server of its own with the demo data: a hook's time, not a request's.
  it('gives the demo job seeker a complete résumé', { timeout: 180_000 }, async () => {
    const demo = await startServer({ demo: true });
    try {
      const r = await demo.call<ApiReply<typeof authApi.loginSeeker>>('/api/sec/pc/logonQz', { body: { logintype: 0, phone: '13800000001', pwd: DEMO_PWD } });
      const token = r.body.token;
      const base = (await demo.call<ApiReply<typeof identityApi.seekerBase>>('/api/qz/qzgrjbxx/myBaseInfo', { token })).body.qzGrjbxxBase;
      expect(base!.wsd).toBeGreaterThanOrEqual(90);
      expect(base!.xm).toBe('李明');
      for (const key of SECTION_KEYS.filter((k) => k !== 'zlxx')) {
        const list = (await demo.call<SectionLists>(`/api/qz/jlyl/${SECTIONS[key].preview}`, { token })).body[key];
        expect(list.length, key).toBeGreaterThan(0);
      }
      expect((await demo.call('/api/qz/jlyl/findQzxxInfo', { token })).body.qzinfo).toMatchObject({ xm: '李明', zgxl: 'xl_04' });
    } finally {
      await demo.close();
    }
  });
});
