import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { feedbackApi, identityApi } from '@zp/core/contract';
import { newPhone, startServer, type TestServer, type ApiReply } from '../../../test/helpers.js';
import { allActors, codesByRole, expectedCodes, ROLES, type Actors } from '../../../test/roles.js';
import { postForm, samples, uploadAndSave, type UploadInfo } from '../../../test/uploads.js';
import { one, sql } from '../../db/index.js';

describe('feedback', () => {
  let srv: TestServer;
  let actors: Actors;
  let ipSeq = 0;
  /** each anonymous visitor comes from an address of its own (the limit is per address) */
  const visitor = () => ({ 'x-forwarded-for': `203.0.113.${++ipSeq}` });

  beforeAll(async () => {
    // behind a proxy, as in production, so that tests can stand for visitors from different addresses
    srv = await startServer({ env: { TRUST_PROXY: '1' } });
    actors = await allActors(srv);
  });
  afterAll(() => srv.close());
  afterEach((ctx) => {
    if (ctx.task.result?.state === 'fail') console.log(srv.logs.slice(-10).join('\n'));
  });

  const image = (token: string | null, name = 'shot.png', bytes = samples.png()) =>
    uploadAndSave(srv, { token, ossKey: '/api/qz/qzfkbz/getOssKey', save: '/api/qz/qzfkbz/saveImg', name, bytes });

  it('takes anonymous feedback with a contact phone and one image', async () => {
    const img = await image(null);
    expect(img.info.maxSize).toBe(2 * 1024 * 1024);
    expect(img.info.accept).toEqual(['jpg', 'jpeg', 'png']);
    expect(img.saved.body.code).toBe(0);
    const headers = visitor();
    const noPhone = await srv.call('/api/qz/qzfkbz/addFk', { headers, body: { wtlx: 10, wtms: '首页加载有点慢', dm: 'yk' } });
    expect(noPhone.body).toMatchObject({ code: 400, msg: '请输入联系方式' });
    const ok = await srv.call('/api/qz/qzfkbz/addFk', {
      headers, body: { wtlx: '20', wtms: '首页加载有点慢', phone: '13912345678', dm: 'yk', imgUrl: img.saved.body.fileUrl },
    });
    expect(ok.body).toMatchObject({ code: 0, msg: '提交成功' });
    const row = await one<{ author_kind: string; category: number; phone: string; image_file_id: string }>(
      srv.app.services.db,
      sql`select author_kind, category::int as category, phone, image_file_id::text as image_file_id from feedback where id = ${ok.body.bsid}`,
    );
    expect(row).toEqual({ author_kind: 'yk', category: 20, phone: '13912345678', image_file_id: img.saved.body.wjid });
    // an image serves one feedback only
    const again = await srv.call('/api/qz/qzfkbz/addFk', { headers, body: { wtlx: 30, wtms: '再来一次', phone: '13912345678', imgUrl: img.saved.body.fileUrl } });
    expect(again.body.code).toBe(409);
    // anonymous visitors have no history
    expect((await srv.call('/api/qz/qzfkbz/findAll/1/10')).body.page).toMatchObject({ list: [], totalCount: 0 });
  });

  it('refuses bad feedback input with the dialog’s messages', async () => {
    const t = actors.seeker.token!;
    const cases: [unknown, RegExp][] = [
      [{ wtms: '没有选类型' }, /问题类型/],
      [{ wtlx: 40, wtms: '类型不对' }, /问题类型/],
      [{ wtlx: 10 }, /问题内容/],
      [{ wtlx: 10, wtms: '   ' }, /问题内容/],
      [{ wtlx: 10, wtms: '字'.repeat(501) }, /问题内容.*500/],
      [{ wtlx: 10, wtms: '电话不对', phone: '12345' }, /联系方式/],
      [{ wtlx: 10, wtms: '图片不是本站的', imgUrl: 'https://example.com/a.png' }, /图片无效/],
    ];
    for (const [body, msg] of cases) {
      const r = await srv.call('/api/qz/qzfkbz/addFk', { token: t, body });
      expect(r.body.code, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(r.body.msg).toMatch(msg);
    }
    expect((await srv.call('/api/qz/qzfkbz/addFk', { token: t, raw: '{"wtlx":' })).body.code).toBe(400);
    expect((await srv.call('/api/qz/qzfkbz/findAll/0/10', { token: t })).body.code).toBe(400);
    expect((await srv.call('/api/qz/qzfkbz/findAll/1/500', { token: t })).body.code).toBe(400);
    expect((await srv.call<ApiReply<typeof feedbackApi.history>>('/api/qz/qzfkbz/findAll/1/10', { token: t })).body.page.totalCount).toBe(0);
  });

  it("keeps feedback images to jpeg/png under 2 MB, of the submitter's own", async () => {
    const t = actors.seeker.token!;
    const key = await srv.call<{ info: UploadInfo }>('/api/qz/qzfkbz/getOssKey', { token: t });
    const info = key.body.info;
    expect((await postForm(info.host, info.fields, `${info.dir}big.png`, samples.png(2 * 1024 * 1024))).body.msg).toContain('2MB');
    expect((await postForm(info.host, info.fields, `${info.dir}anim.gif`, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).body.msg).toContain('不支持的文件格式');
    expect((await postForm(info.host, info.fields, `${info.dir}fake.png`, samples.exe())).body.msg).toContain('不符');
    const jpg = await image(t, 'screen.jpg', samples.jpg());
    expect(jpg.saved.body.code).toBe(0);
    // someone else may not attach it
    const other = await srv.call('/api/qz/qzfkbz/addFk', { token: actors.hrApproved.token, body: { wtlx: 10, wtms: '借用图片', imgUrl: jpg.saved.body.fileUrl } });
    expect(other.body).toMatchObject({ code: 400, msg: '图片无效，请重新上传' });
    // a logged-in person's upload is not an anonymous one either
    const anon = await srv.call('/api/qz/qzfkbz/addFk', { headers: visitor(), body: { wtlx: 10, wtms: '借用图片', phone: '13912345678', imgUrl: jpg.saved.body.fileUrl } });
    expect(anon.body.code).toBe(400);
  });

  it('shows the history with the operator’s answer, logs the answer and tells the author', async () => {
    const author = await srv.registerSeeker(newPhone());
    const img = await image(author.token);
    const sent = await srv.call('/api/qz/qzfkbz/addFk', { token: author.token, body: { wtlx: 10, wtms: '希望职位搜索能按地铁线路筛选', dm: 'qz', imgUrl: img.saved.body.fileUrl } });
    expect(sent.body.code).toBe(0);
    let h = (await srv.call<ApiReply<typeof feedbackApi.history>>('/api/qz/qzfkbz/findAll/1/10', { token: author.token })).body.page;
    expect(h.list).toEqual([expect.objectContaining({ wtlx: 10, wtms: '希望职位搜索能按地铁线路筛选', cljg: '', zt: 0, imgUrl: img.saved.body.fileUrl })]);

    const op = actors.operator.token!;
    const waiting = (await srv.call<ApiReply<typeof feedbackApi.adminList>>('/api/xs/feedback/list', { token: op, query: { zt: 0 } })).body.page.list;
    expect(waiting.find((r: { bsid: string }) => r.bsid === sent.body.bsid)).toMatchObject({ dm: 'qz', userId: author.userId, zt: 0 });

    const before = (await srv.call<ApiReply<typeof identityApi.seekerReminders>>('/api/qz/qzxxtx/baseInfo', { token: author.token })).body.qzXxtx.xtxx.count;
    const ans = await srv.call('/api/xs/feedback/answer', { token: op, body: { bsid: sent.body.bsid, cljg: '感谢建议，已排入下个版本。' } });
    expect(ans.body.code).toBe(0);
    h = (await srv.call<ApiReply<typeof feedbackApi.history>>('/api/qz/qzfkbz/findAll/1/10', { token: author.token })).body.page;
    expect(h.list[0]).toMatchObject({ cljg: '感谢建议，已排入下个版本。', zt: 1 });
    expect(h.list[0].clsj).not.toBe('');
    expect((await srv.call<ApiReply<typeof identityApi.seekerReminders>>('/api/qz/qzxxtx/baseInfo', { token: author.token })).body.qzXxtx.xtxx.count).toBe(before + 1);
    const log = await one<{ n: number }>(
      srv.app.services.db,
      sql`select count(*)::int as n from operator_log where action = 'feedback.answer' and target = ${sent.body.bsid} and operator_id = ${actors.operator.userId}`,
    );
    expect(log!.n).toBe(1);
    const answered = (await srv.call<ApiReply<typeof feedbackApi.adminList>>('/api/xs/feedback/list', { token: op, query: { zt: 1 } })).body.page.list;
    expect(answered.find((r: { bsid: string }) => r.bsid === sent.body.bsid)).toMatchObject({ zt: 1, cljg: '感谢建议，已排入下个版本。' });

    expect((await srv.call('/api/xs/feedback/answer', { token: op, body: { bsid: '999999999', cljg: '回复' } })).body.code).toBe(404);
    expect((await srv.call('/api/xs/feedback/answer', { token: op, body: { bsid: sent.body.bsid, cljg: ' ' } })).body.code).toBe(400);
  });

  it('limits anonymous submissions per address', async () => {
    const headers = visitor();
    for (let i = 0; i < 5; i++) {
      expect((await srv.call('/api/qz/qzfkbz/addFk', { headers, body: { wtlx: 30, wtms: `第${i}条`, phone: '13912345678' } })).body.code).toBe(0);
    }
    const sixth = await srv.call('/api/qz/qzfkbz/addFk', { headers, body: { wtlx: 30, wtms: '第6条', phone: '13912345678' } });
    expect(sixth.body).toMatchObject({ code: 429, msg: '提交过于频繁，请稍后再试' });
    expect((await srv.call('/api/qz/qzfkbz/addFk', { headers: visitor(), body: { wtlx: 30, wtms: '换个地址', phone: '13912345678' } })).body.code).toBe(0);
  });

  it('role × endpoint matrix', async () => {
    const body = { wtlx: 30, wtms: '矩阵测试', phone: '13912345678' };
    const add = await codesByRole(actors, (a) => srv.call('/api/qz/qzfkbz/addFk', { token: a.token, headers: visitor(), body }));
    expect(add).toEqual({ ...Object.fromEntries(ROLES.map((r) => [r, 0])), operator: 400 });
    expect(await codesByRole(actors, (a) => srv.call('/api/qz/qzfkbz/findAll/1/10', { token: a.token }))).toEqual(Object.fromEntries(ROLES.map((r) => [r, 0])));
    expect(await codesByRole(actors, (a) => srv.call('/api/qz/qzfkbz/getOssKey', { token: a.token }))).toEqual(Object.fromEntries(ROLES.map((r) => [r, 0])));
    expect(await codesByRole(actors, (a) => srv.call('/api/xs/feedback/list', { token: a.token }))).toEqual(expectedCodes(['operator']));
    expect(await codesByRole(actors, (a) => srv.call('/api/xs/feedback/answer', { token: a.token, body: { bsid: '999999999', cljg: '回复' } }))).toEqual(
      expectedCodes(['operator'], 404),
    );
  });
});
