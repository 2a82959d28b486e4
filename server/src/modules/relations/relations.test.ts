import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { applicationsApi, relationsApi } from '@zp/core/contract';
import type { ApiReply, TestServer } from '../../../test/helpers.js';
import { actor, codesByRole, expectedCodes, type Actor, type Actors, serverWithActors } from '../../../test/roles.js';
import { postJob } from '../../../test/recruit.js';
import { one, sql } from '../../db/index.js';

let srv: TestServer;
let actors: Actors;
let otherHr: Actor;

beforeAll(async () => {
  ({ srv, actors } = await serverWithActors());
  otherHr = await actor(srv, 'hrApproved');
});
afterAll(() => srv?.close());

const db = () => srv.app.services.db;
const seekerNow = () => actor(srv, 'seeker');

describe('saved jobs', () => {
  it('saves, lists with my application state, and unsaves', async () => {
    const me = await seekerNow();
    const dwid = actors.hrApproved.companyId!;
    const [a, b] = [await postJob(srv, actors.hrApproved, { gwmc: '会计' }), await postJob(srv, actors.hrApproved, { gwmc: '出纳' })];
    expect((await srv.call(`/api/qz/qzgwsc/sc/${dwid}/${a}`, { method: 'POST', token: me.token })).body).toEqual({ code: 0, msg: '收藏成功' });
    // saving twice is fine and keeps one entry
    expect((await srv.call(`/api/qz/qzgwsc/sc/${dwid}/${a}`, { method: 'POST', token: me.token })).body.code).toBe(0);
    await db().execute(sql`update saved_jobs set created_at = created_at - interval '1 minute' where seeker_id = ${me.userId}`);
    expect((await srv.call('/api/qz/qzgwsc/plsc', { token: me.token, body: [b, { gwid: a, dwid }] })).body).toMatchObject({ code: 0, saved: 1 });
    await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: me.token, query: { gwid: a } });

    const page = (await srv.call<ApiReply<typeof relationsApi.savedJobs>>('/api/qz/qzgwsc/list/1/10', { method: 'POST', token: me.token })).body.page;
    expect(page.totalCount).toBe(2);
    expect(page.list.map((x) => [x.gwmc, x.yyzt, x.gwzt, x.dwid])).toEqual([['出纳', 0, '2', dwid], ['会计', 1, '2', dwid]]);
    // the contract's row (§2.7): gwyx beside the exact range, the enterprise's ownership and size, qdid
    expect(page.list[0]).toMatchObject({ qdid: page.list[0].gwid, gwyx: expect.stringMatching(/^xzfw_0\d$/), dwxz: expect.any(String), dwgm: expect.any(String) });
    expect(page.list[0].gwfbsj).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the previous client's 我的收藏 dates a row by sxsj
    expect(page.list[0].sxsj).toBe(page.list[0].gwfbsj);

    const flags = await srv.call('/api/qz/qzgwsc/sczt', { token: me.token, body: [a, b, '123456789'] });
    expect(flags.body.sczt).toEqual({ [a]: 1, [b]: 1, '123456789': 0 });

    expect((await srv.call(`/api/qz/qzgwsc/qxsc/${dwid}/${a}`, { method: 'POST', token: me.token })).body.code).toBe(0);
    expect((await srv.call<ApiReply<typeof relationsApi.savedJobs>>('/api/qz/qzgwsc/list/1/10', { token: me.token })).body.page.list.map((x) => x.gwid)).toEqual([b]);
  });

  it('refuses jobs that are not taking applications, all or nothing', async () => {
    const me = await seekerNow();
    const dwid = actors.hrApproved.companyId!;
    const ok = await postJob(srv, actors.hrApproved);
    const draft = await postJob(srv, actors.hrApproved, { fb: 0, gwmc: '草稿岗位' });
    expect((await srv.call(`/api/qz/qzgwsc/sc/${dwid}/${draft}`, { method: 'POST', token: me.token })).body).toEqual({ code: 400, msg: '岗位「草稿岗位」已停止招聘，不能收藏' });
    expect((await srv.call(`/api/qz/qzgwsc/sc/${otherHr.companyId}/${ok}`, { method: 'POST', token: me.token })).body).toEqual({ code: 400, msg: '单位与岗位不符' });
    expect((await srv.call(`/api/qz/qzgwsc/sc/${dwid}/987654321`, { method: 'POST', token: me.token })).body).toEqual({ code: 404, msg: '岗位不存在' });
    expect((await srv.call('/api/qz/qzgwsc/plsc', { token: me.token, body: [ok, draft] })).body.code).toBe(400);
    for (const bad of [[], ['x'], [{ gwid: '1', dwid: 'y' }], {}]) {
      expect((await srv.call('/api/qz/qzgwsc/plsc', { token: me.token, body: bad })).body.code, JSON.stringify(bad)).toBe(400);
    }
    expect((await srv.call<ApiReply<typeof relationsApi.savedJobs>>('/api/qz/qzgwsc/list/1/10', { token: me.token })).body.page.totalCount).toBe(0);
    expect((await srv.call('/api/qz/qzgwsc/list/0/10', { token: me.token })).body.code).toBe(400);
  });
});

describe('followed and shielded enterprises', () => {
  it('follows approved enterprises only and lists them with their open jobs', async () => {
    const me = await seekerNow();
    const dwid = otherHr.companyId!;
    await postJob(srv, otherHr);
    expect((await srv.call(`/api/qz/qzgssc/sc/${dwid}`, { method: 'POST', token: me.token })).body).toEqual({ code: 0, msg: '关注成功' });
    expect((await srv.call(`/api/qz/qzgssc/sc/${dwid}`, { method: 'POST', token: me.token })).body.code).toBe(0);
    expect((await srv.call(`/api/qz/qzgssc/sc/${actors.hrUnapproved.companyId}`, { method: 'POST', token: me.token })).body).toEqual({ code: 404, msg: '单位不存在' });
    const page = (await srv.call<ApiReply<typeof relationsApi.followed>>('/api/qz/qzgssc/list/1/10', { method: 'POST', token: me.token })).body.page;
    expect(page.totalCount).toBe(1);
    expect(page.list[0]).toMatchObject({ dwid, dwszcs: '440300', sshy: 'hy_01' });
    expect(page.list[0].rzgws).toBeGreaterThanOrEqual(1);
    const flags = (await srv.call('/api/qz/qzgssc/sczt', { token: me.token, body: [dwid, actors.hrApproved.companyId] })).body;
    expect(flags.sczt).toEqual({ [dwid]: 1, [actors.hrApproved.companyId!]: 0 });
    expect((await srv.call(`/api/qz/qzgssc/qxsc/${dwid}`, { method: 'POST', token: me.token })).body.code).toBe(0);
    expect((await srv.call<ApiReply<typeof relationsApi.followed>>('/api/qz/qzgssc/list/1/10', { token: me.token })).body.page.totalCount).toBe(0);
  });

  it('shields an enterprise: its HR lose sight of me until I lift it', async () => {
    const me = await seekerNow();
    const hr = await actor(srv, 'hrApproved');
    const read = () => srv.call(`/api/hr/qyhxrxx/findQzxxInfo/${me.userId}`, { token: hr.token });
    const fav = () => srv.call('/api/hr/qyjlsc/addJlsc', { method: 'POST', token: hr.token, query: { qzzid: me.userId! } });
    expect((await read()).body.code).toBe(0);

    expect((await srv.call(`/api/qz/qzpbdw/save/${hr.companyId}`, { token: me.token })).body.code).toBe(0);
    expect((await srv.call(`/api/qz/qzpbdw/save/${hr.companyId}`, { method: 'POST', token: me.token })).body.code).toBe(0);
    const list = (await srv.call('/api/qz/qzpbdw/list', { token: me.token })).body.pbdwList;
    expect(list).toEqual([{ dwid: hr.companyId, dwmc: `测试企业${hr.userId}`, dwszcs: '440300' }]);
    expect((await srv.call('/api/qz/qzgssc/sczt', { token: me.token, body: [hr.companyId] })).body.pbzt).toEqual({ [hr.companyId!]: 1 });
    expect((await read()).body.code).toBe(404);
    expect((await fav()).body.code).toBe(404);

    expect((await srv.call(`/api/qz/qzpbdw/delete/${hr.companyId}`, { token: me.token })).body.code).toBe(0);
    expect((await srv.call('/api/qz/qzpbdw/list', { token: me.token })).body.pbdwList).toEqual([]);
    expect((await read()).body.code).toBe(0);
    expect((await srv.call('/api/qz/qzpbdw/save/987654321', { token: me.token })).body).toEqual({ code: 404, msg: '单位不存在' });
    expect((await srv.call('/api/qz/qzpbdw/save/abc', { token: me.token })).body.code).toBe(400);
  });
});

describe('who viewed my résumé', () => {
  it('lists each HR once with the count and latest time, newest first', async () => {
    const me = await seekerNow();
    const [h1, h2] = [await actor(srv, 'hrApproved'), await actor(srv, 'hrApproved')];
    await srv.call(`/api/hr/qyhxrxx/findQzxxInfo/${me.userId}`, { token: h1.token });
    await db().execute(sql`update resume_views set viewed_at = now() - interval '2 hours' where seeker_id = ${me.userId}`);
    await srv.call(`/api/hr/qyhxrxx/findQzxxInfo/${me.userId}`, { token: h1.token });
    await db().execute(sql`update resume_views set viewed_at = viewed_at - interval '1 hour' where seeker_id = ${me.userId}`);
    await srv.call(`/api/hr/qyhxrxx/findQzxxInfoZjcs`, { token: h2.token, query: { qzbsid: me.userId! } });
    const page = (await srv.call<ApiReply<typeof relationsApi.viewers>>('/api/qz/qyckjljl/hrDetail', { method: 'POST', token: me.token, body: { page: 1, limit: 10 } })).body.page;
    expect(page.list.map((x) => [x.hrid, x.ckcs, x.dwmc])).toEqual([
      [h2.userId, 1, `测试企业${h2.userId}`],
      [h1.userId, 2, `测试企业${h1.userId}`],
    ]);
    expect(page.list[0]).toMatchObject({ hrxm: '张审核', hrzw: '招聘专员', sshy: 'hy_01' });
    const views = await one<{ n: number }>(db(), sql`select view_count::int as n from seeker_profiles where user_id = ${me.userId}`);
    expect(views!.n).toBe(3);
  });
});

describe('favourite talents', () => {
  it('keeps talents the enterprise may see, per HR, and counts them for the seeker', async () => {
    const me = await seekerNow();
    const hr = await actor(srv, 'hrApproved');
    const colleague = await actor(srv, 'hrApproved');
    const add = (who: Actor, qzzid: string) => srv.call('/api/hr/qyjlsc/addJlsc', { method: 'POST', token: who.token, query: { qzzid } });
    expect((await add(hr, me.userId!)).body).toEqual({ code: 0, msg: '收藏成功' });
    expect((await add(hr, me.userId!)).body.code).toBe(0);
    const list = (await srv.call<ApiReply<typeof relationsApi.favourites>>('/api/hr/qyjlsc/list', { token: hr.token })).body.page;
    expect(list.totalCount).toBe(1);
    expect(list.list[0]).toMatchObject({ qzbsid: me.userId, xm: '测试求职者', sftd: 0, sfyy: 0 });
    expect((await srv.call<ApiReply<typeof relationsApi.favourites>>('/api/hr/qyjlsc/list', { token: hr.token, query: { xm: '不存在的名字' } })).body.page.totalCount).toBe(0);
    expect((await srv.call<ApiReply<typeof relationsApi.favourites>>('/api/hr/qyjlsc/list', { token: colleague.token })).body.page.totalCount).toBe(0);

    // the received list marks a favourite
    const gwid = await postJob(srv, hr);
    await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: me.token, query: { gwid } });
    const row = (await srv.call<ApiReply<typeof applicationsApi.received>>('/api/hr/qyhxrxx/findAllHxrList', { token: hr.token })).body.page.list[0];
    expect(row).toMatchObject({ qzbsid: me.userId, sfsc: 1 });
    expect((await srv.call<ApiReply<typeof relationsApi.favourites>>('/api/hr/qyjlsc/list', { token: hr.token })).body.page.list[0].sftd).toBe(1);

    const favs = async () => (await one<{ n: number }>(db(), sql`select favourite_count::int as n from seeker_profiles where user_id = ${me.userId}`))!.n;
    expect(await favs()).toBe(1);
    expect((await srv.call(`/api/hr/qyjlsc/cancelJlsc/${me.userId}`, { method: 'POST', token: hr.token })).body.code).toBe(0);
    expect((await srv.call(`/api/hr/qyjlsc/cancelJlsc/${me.userId}`, { method: 'POST', token: hr.token })).body.code).toBe(0);
    expect(await favs()).toBe(0);
    expect((await srv.call<ApiReply<typeof relationsApi.favourites>>('/api/hr/qyjlsc/list', { token: hr.token })).body.page.totalCount).toBe(0);

    const hidden = await seekerNow();
    await db().execute(sql`update seeker_profiles set hidden = true where user_id = ${hidden.userId}`);
    expect((await add(hr, hidden.userId!)).body).toEqual({ code: 404, msg: '该求职者不存在或已隐藏简历' });
    expect((await add(hr, hr.userId!)).body.code).toBe(404);
    expect((await add(hr, 'x')).body.code).toBe(400);
  });
});

describe('who may call the relation routes', () => {
  it('matches the role matrix', async () => {
    const gwid = await postJob(srv, actors.hrApproved);
    const dwid = actors.hrApproved.companyId!;
    const seekerRoutes: [string, Parameters<TestServer['call']>[1]][] = [
      ['/api/qz/qzgwsc/list/1/10', { method: 'POST' }],
      [`/api/qz/qzgwsc/sc/${dwid}/${gwid}`, { method: 'POST' }],
      ['/api/qz/qzgwsc/plsc', { body: [gwid] }],
      [`/api/qz/qzgwsc/qxsc/${dwid}/${gwid}`, { method: 'POST' }],
      ['/api/qz/qzgwsc/sczt', { body: [gwid] }],
      ['/api/qz/qzgssc/list/1/10', { method: 'POST' }],
      [`/api/qz/qzgssc/sc/${dwid}`, { method: 'POST' }],
      [`/api/qz/qzgssc/qxsc/${dwid}`, { method: 'POST' }],
      ['/api/qz/qzgssc/sczt', { body: [dwid] }],
      ['/api/qz/qzpbdw/list', {}],
      [`/api/qz/qzpbdw/save/${otherHr.companyId}`, {}],
      [`/api/qz/qzpbdw/delete/${otherHr.companyId}`, {}],
      ['/api/qz/qyckjljl/hrDetail', { method: 'POST' }],
    ];
    for (const [path, opts] of seekerRoutes) {
      expect(await codesByRole(actors, (a) => srv.call(path, { ...opts, token: a.token })), path).toEqual(expectedCodes(['seeker', 'seekerIncomplete']));
    }
    const hrRoutes: [string, Parameters<TestServer['call']>[1]][] = [
      ['/api/hr/qyjlsc/addJlsc', { method: 'POST', query: { qzzid: actors.seeker.userId! } }],
      ['/api/hr/qyjlsc/list', {}],
      [`/api/hr/qyjlsc/cancelJlsc/${actors.seeker.userId}`, { method: 'POST' }],
    ];
    for (const [path, opts] of hrRoutes) {
      expect(await codesByRole(actors, (a) => srv.call(path, { ...opts, token: a.token })), path).toEqual(expectedCodes(['hrApproved']));
    }
  });
});
