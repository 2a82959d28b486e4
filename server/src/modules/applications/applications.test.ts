import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import type { applicationsApi, fairsApi, identityApi, notifyApi, relationsApi } from '@zp/core/contract';
import type { ApiReply, TestServer } from '../../../test/helpers.js';
import { actor, codesByRole, completeResume, expectedCodes, type Actor, type Actors, serverWithActors } from '../../../test/roles.js';
import { fairWithSignup, postJob } from '../../../test/recruit.js';
import { one, sql } from '../../db/index.js';
import { beijingTime } from './invite-to-interview.js';
import { TALENT_DOWNLOADS_PER_DAY } from './downloads.js';

let srv: TestServer;
let actors: Actors;
/** A second approved enterprise, whose HR must never see the first one's applications. */
let otherHr: Actor;

beforeAll(async () => {
  ({ srv, actors } = await serverWithActors());
  otherHr = await actor(srv, 'hrApproved');
});
afterAll(() => srv?.close());

const db = () => srv.app.services.db;

async function newSeeker(wsd = 100): Promise<Actor> {
  const a = await actor(srv, 'seeker');
  if (wsd !== 100) await completeResume(srv, a.userId!, wsd);
  return a;
}

const apply = (seeker: Actor, query: Record<string, string | undefined>) => srv.call<ApiReply<typeof applicationsApi.apply>>('/api/qz/qyhxrxx/td', { method: 'POST', token: seeker.token, query });

/** An attachment résumé record of the seeker, as the upload flow leaves it (private). */
async function resumeFile(ownerId: string, name = '我的简历.pdf'): Promise<string> {
  const key = `resume/${ownerId}/202501/${crypto.randomBytes(16).toString('hex')}/cv.pdf`;
  const r = await one<{ id: string }>(
    db(),
    sql`insert into files (owner_id, kind, name, ext, size, mime, storage_key, private)
        values (${ownerId}, 10, ${name}, 'pdf', 4096, 'application/pdf', ${key}, true) returning id::text as id`,
  );
  return r!.id;
}

async function unread(a: Actor, who: 'qz' | 'hr') {
  // one of the two counters, as `who` asks
  type Counters = Partial<ApiReply<typeof identityApi.seekerReminders> & ApiReply<typeof identityApi.hrReminders>>;
  const r = await srv.call<Counters>(who === 'qz' ? '/api/qz/qzxxtx/baseInfo' : '/api/hr/qyxxtx/baseInfo', { token: a.token });
  return (who === 'qz' ? r.body.qzXxtx : r.body.hrXxtx)!.wjxx.count as number;
}

async function latestReminder(a: Actor, who: 'qz' | 'hr') {
  // the newest reminder of the applications-and-invitations counter (wjxx), whatever its list category
  const r = await srv.call<ApiReply<typeof notifyApi.seekerList | typeof notifyApi.hrList>>(`/api/${who}/${who === 'qz' ? 'qzxxtx' : 'qyxxtx'}/list/all/1/20`, { token: a.token });
  return r.body.page.list.find((x: { lb: string }) => x.lb === 'wjxx') as { bt: string; nr: string; tzlj: string };
}

const received = async (hr: Actor, query: Record<string, string | number> = {}) =>
  (await srv.call<ApiReply<typeof applicationsApi.received>>('/api/hr/qyhxrxx/findAllHxrList', { token: hr.token, query: { limit: 100, ...query } })).body;

/** 'YYYY-MM-DD HH:mm' Beijing time, `days` from now. */
function beijing(days: number): string {
  const d = new Date(Date.now() + days * 86400_000 + 8 * 3600_000);
  return d.toISOString().slice(0, 16).replace('T', ' ');
}

const inviteBody = (extra: Record<string, string>) => ({
  mymc: '技术初试', mssj: beijing(3), mssf: '440000', mscs: '440300', msxxdz: '深圳市南山区科苑路 15 号 8 楼', lxr: '陈经理', sjhm: '13912345678',
  smxx: '请带上身份证。', ...extra,
});

describe('applying', () => {
  it('sends the application once, tells the job’s HR and shows it to that enterprise only', async () => {
    const seeker = await newSeeker();
    const gwid = await postJob(srv, actors.hrApproved, { gwmc: '前端开发工程师' });
    const before = await unread(actors.hrApproved, 'hr');

    const r = await apply(seeker, { gwid, dwid: actors.hrApproved.companyId!, channel: 'search' });
    expect(r.body).toMatchObject({ code: 0, msg: '投递成功' });
    expect(r.body.bsid).toMatch(/^\d+$/);

    expect(await unread(actors.hrApproved, 'hr')).toBe(before + 1);
    expect((await latestReminder(actors.hrApproved, 'hr')).nr).toContain('前端开发工程师');

    const again = await apply(seeker, { gwid });
    expect(again.body).toEqual({ code: 409, msg: '您已投递过该岗位，请勿重复投递' });

    const mine = (await srv.call<ApiReply<typeof applicationsApi.listAll>>('/api/qz/qyhxrxx/listAll/1/10', { token: seeker.token })).body.page;
    expect(mine.total).toBe(1);
    expect(mine.gwtdlist[0]).toMatchObject({ bsid: r.body.bsid, gwid, gwmc: '前端开发工程师', yyzt: 1, dwid: actors.hrApproved.companyId, fjjlid: '' });
    // the row of §2.7: gwzt a string, gwyx beside the exact range, the enterprise's codes, gznx, ckcs
    expect(mine.gwtdlist[0]).toMatchObject({
      gwzt: '2', gwyx: 'xzfw_06', gznx: 'gzjy_03', ckcs: 0, dwxz: expect.any(String), dwgm: expect.any(String),
      dwszsf: expect.any(String), dwszcs: expect.any(String),
    });
    expect(mine.gwtdlist[0].tdsj).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/);

    const list = await received(actors.hrApproved);
    const row = list.page.list.find((x) => x.bsid === r.body.bsid);
    expect(row).toMatchObject({ qzbsid: seeker.userId, xm: '测试求职者', phone: seeker.phone, gwid, yyzt: 1, channel: 'search', sfsc: 0 });
    expect((await received(otherHr)).page.list.some((x) => x.bsid === r.body.bsid)).toBe(false);

    const tdzt = await srv.call('/api/qz/qyhxrxx/tdzt', { token: seeker.token, body: [gwid, '999999999'] });
    expect(tdzt.body.tdzt).toEqual({ [gwid]: 1, '999999999': 0 });
  });

  it('accepts the older client’s GET and JSON-body forms alike', async () => {
    const seeker = await newSeeker();
    const [a, b] = [await postJob(srv, actors.hrApproved), await postJob(srv, actors.hrApproved)];
    expect((await srv.call('/api/qz/qyhxrxx/td', { token: seeker.token, query: { gwid: a } })).body.code).toBe(0);
    expect((await srv.call('/api/qz/qyhxrxx/td', { token: seeker.token, body: { gwid: b, fjjlid: '', hxid: '' } })).body.code).toBe(0);
  });

  it('refuses what the rules forbid and changes nothing', async () => {
    const seeker = await newSeeker();
    const weak = await newSeeker(40);
    const gwid = await postJob(srv, actors.hrApproved);
    const draft = await postJob(srv, actors.hrApproved, { fb: 0 });
    const closed = await postJob(srv, actors.hrApproved);
    await srv.call('/api/hr/qydwgwfbxx/auditGW', { token: actors.hrApproved.token, query: { gwid: closed, type: 4 } });
    const ended = await fairWithSignup(srv, { companyId: actors.hrApproved.companyId!, hrId: actors.hrApproved.userId!, startsInHours: -48 });
    const notThere = await fairWithSignup(srv, {});
    const othersFile = await resumeFile(actors.seeker.userId!);
    const logo = await one<{ id: string }>(
      db(),
      sql`insert into files (owner_id, kind, name, ext, size, mime, storage_key) values (${seeker.userId}, 40, 'a.png', 'png', 10, 'image/png', ${`avatar/${seeker.userId}/x.png`}) returning id::text as id`,
    );

    const cases: [Actor, Record<string, string>, number, string][] = [
      [weak, { gwid }, 403, '简历完成度不足60%,请先完善简历'],
      [seeker, { gwid: draft }, 400, '该岗位已停止招聘，不能投递'],
      [seeker, { gwid: closed }, 400, '该岗位已停止招聘，不能投递'],
      [seeker, { gwid: '987654321' }, 404, '岗位不存在'],
      [seeker, { gwid, dwid: otherHr.companyId! }, 400, '单位与岗位不符'],
      [seeker, { gwid, hxid: ended }, 400, '该招聘会已结束，请直接投递岗位'],
      [seeker, { gwid, hxid: notThere }, 400, '该单位未参加此招聘会'],
      [seeker, { gwid, hxid: '987654321' }, 400, '招聘会不存在'],
      [seeker, { gwid, fjjlid: othersFile }, 400, '文件不存在或不属于当前用户'],
      [seeker, { gwid, fjjlid: logo!.id }, 400, '文件类型不符：需要附件简历'],
    ];
    for (const [who, q, code, msg] of cases) {
      const r = await apply(who, q);
      expect(r.body, JSON.stringify(q)).toEqual({ code, msg });
    }
    for (const bad of [{}, { gwid: 'abc' }, { gwid: '0' }, { gwid, channel: '<script>' }, { gwid, fjjlid: '1x' }]) {
      const r = await apply(seeker, bad as Record<string, string>);
      expect(r.body.code, JSON.stringify(bad)).toBe(400);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const n = await one<{ n: number }>(db(), sql`select count(*)::int as n from applications where seeker_id in (${seeker.userId}, ${weak.userId})`);
    expect(n!.n).toBe(0);
  });

  it('applies at a fair, with an attachment résumé, and lists it under 双选会', async () => {
    const seeker = await newSeeker();
    const gwid = await postJob(srv, actors.hrApproved, { gwmc: '会计' });
    const other = await postJob(srv, actors.hrApproved);
    const fair = await fairWithSignup(srv, { companyId: actors.hrApproved.companyId!, hrId: actors.hrApproved.userId!, name: '春季双选会' });
    const file = await resumeFile(seeker.userId!, '李明-会计.pdf');
    expect((await apply(seeker, { gwid, hxid: fair, fjjlid: file })).body.code).toBe(0);
    expect((await apply(seeker, { gwid: other })).body.code).toBe(0);
    const fairList = (await srv.call<ApiReply<typeof applicationsApi.listFair>>('/api/qz/qyhxrxx/listSxh/1/10', { token: seeker.token })).body.page;
    expect(fairList.total).toBe(1);
    expect(fairList.gwtdlist[0]).toMatchObject({ gwid, hxid: fair, hymc: '春季双选会', fjjlid: file, fjjlmc: '李明-会计.pdf' });
    expect((await srv.call<ApiReply<typeof applicationsApi.listAll>>('/api/qz/qyhxrxx/listAll/1/10', { token: seeker.token })).body.page.total).toBe(2);
    // the HR's list as the previous client's 简历管理 prints it: education, school, 已投递单位数, 简历ID
    const mineReceived = (await received(actors.hrApproved)).page.list.filter((x) => x.qzbsid === seeker.userId);
    const withFile = mineReceived.find((x) => x.gwid === gwid);
    expect(withFile).toMatchObject({ xl: withFile!.zgxl, xxmc: expect.any(String), tdcs: 1, dzjlid: file });
    expect(mineReceived.find((x) => x.gwid === other)).toMatchObject({ tdcs: 1, dzjlid: '' });
    const hall = (await srv.call<ApiReply<typeof fairsApi.stats>>('/api/qz/bshxxx/hxdttj', { query: { hxid: fair } })).body.hxdttj;
    expect([hall.jltds, hall.mys]).toEqual([1, 0]);
    const bsid = fairList.gwtdlist[0].bsid;
    await srv.call('/api/hr/qyhxrxx/updateHxrYyzt', { token: actors.hrApproved.token, query: { bsid, type: 6 } });
    expect((await srv.call<ApiReply<typeof fairsApi.stats>>('/api/qz/bshxxx/hxdttj', { query: { hxid: fair } })).body.hxdttj.mys).toBe(1);

    // The enterprise's HR may now read that private attachment; another enterprise's may not.
    const mine = await srv.call(`/api/qz/qzFile/getFile/${file}`, { token: actors.hrApproved.token });
    expect(mine.body.code).toBe(0);
    expect(mine.body.fileUrl).toContain('/api/files/');
    expect((await srv.call(`/api/qz/qzFile/getFile/${file}`, { token: otherHr.token })).body.code).toBe(403);
  });

  it('applies to several jobs at once, reporting the ones it could not', async () => {
    const seeker = await newSeeker();
    const [a, b] = [await postJob(srv, actors.hrApproved), await postJob(srv, otherHr)];
    const draft = await postJob(srv, actors.hrApproved, { fb: 0 });
    expect((await apply(seeker, { gwid: a })).body.code).toBe(0);
    const r = await srv.call<ApiReply<typeof applicationsApi.applyMany>>('/api/qz/qyhxrxx/pltd', { token: seeker.token, body: [{ gwid: a }, { gwid: b, dwid: otherHr.companyId }, { gwid: draft }] });
    expect(r.body.code).toBe(0);
    expect(r.body.msg).toBe('成功投递 1 个岗位，2 个未投递');
    expect(Object.keys(r.body.applied)).toEqual([b]);
    expect(r.body.failed).toEqual([
      { gwid: a, msg: '您已投递过该岗位，请勿重复投递' },
      { gwid: draft, msg: '该岗位已停止招聘，不能投递' },
    ]);
    const none = await srv.call('/api/qz/qyhxrxx/pltd', { token: seeker.token, body: [{ gwid: a }] });
    expect(none.body).toEqual({ code: 400, msg: '您已投递过该岗位，请勿重复投递' });
    const weak = await newSeeker(30);
    expect((await srv.call('/api/qz/qyhxrxx/pltd', { token: weak.token, body: [{ gwid: b }] })).body.code).toBe(403);
    for (const bad of [[], {}, [{}], [{ gwid: 'x' }], 'a']) {
      expect((await srv.call('/api/qz/qyhxrxx/pltd', { token: seeker.token, body: bad })).body.code, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('recommended jobs', () => {
  it('follows the category and city asked, or the résumé’s intention, and leaves out jobs applied to', async () => {
    const hr = await actor(srv, 'hrApproved');
    const seeker = await newSeeker();
    // 测试 (gwlb_0103) in 深圳 and in 广州, one 电子工程师 (gwlb_020101) in 深圳
    const test1 = await postJob(srv, hr, { gwmc: '功能测试工程师', gwlb: 'gwlb_010301' });
    const test2 = await postJob(srv, hr, { gwmc: '自动化测试工程师', gwlb: 'gwlb_010302', sbcs: '440100' });
    const hw = await postJob(srv, hr, { gwmc: '电子工程师', gwlb: 'gwlb_020101' });
    const ids = async (query: Record<string, string | number>) =>
      (await srv.call<ApiReply<typeof applicationsApi.recommended>>('/api/qz/qyhxrxx/tjList', { token: seeker.token, query: { limit: 100, ...query } })).body.page.list.map((x) => x.gwid);
    expect(await ids({ gwlbt: 'gwlb_0103' })).toEqual(expect.arrayContaining([test1, test2]));
    expect(await ids({ gwlbt: 'gwlb_0103' })).not.toContain(hw);
    expect(await ids({ gwlbt: 'gwlb_0103', sbcs: '440100' })).toEqual(expect.arrayContaining([test2]));
    expect(await ids({ gwlbt: 'gwlb_0103', sbcs: '440100' })).not.toContain(test1);
    expect(await ids({ gwlb: 'gwlb_020101', gwlbo: 'gwlb_01' })).toContain(hw);

    // the résumé's first intention: 自动化测试 in 广州
    await db().execute(sql`insert into resume_intentions (user_id, city, category3) values (${seeker.userId}, '440100', 'gwlb_010302')`);
    expect(await ids({})).toEqual(expect.arrayContaining([test2]));
    expect(await ids({})).not.toContain(test1);
    await apply(seeker, { gwid: test2 });
    expect(await ids({})).not.toContain(test2);
    for (const bad of [{ gwlbo: 'gwlb_0101' }, { sbcs: 'abc' }, { gwlbt: 'x' }]) {
      expect((await srv.call('/api/qz/qyhxrxx/tjList', { token: seeker.token, query: bad })).body.code, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('states', () => {
  it('HR moves an application along; the seeker is told each time and sees it in the right list', async () => {
    const seeker = await newSeeker();
    const gwid = await postJob(srv, actors.hrApproved, { gwmc: '司机' });
    const bsid = (await apply(seeker, { gwid })).body.bsid;
    const set = (hr: Actor, type: number) => srv.call('/api/hr/qyhxrxx/updateHxrYyzt', { method: 'POST', token: hr.token, query: { bsid, type } });
    const lists = async () => {
      const get = async (name: string) => (await srv.call<ApiReply<typeof applicationsApi.listAll>>(`/api/qz/qyhxrxx/${name}/1/10`, { token: seeker.token })).body.page.gwtdlist.map((x) => x.yyzt);
      return { all: await get('listAll'), looked: await get('listLooked'), denied: await get('listDenied') };
    };
    expect(await lists()).toEqual({ all: [1], looked: [], denied: [] });

    let count = await unread(seeker, 'qz');
    expect((await set(actors.hrApproved, 3)).body).toMatchObject({ code: 0, yyzt: 3 });
    expect(await unread(seeker, 'qz')).toBe(++count);
    expect((await latestReminder(seeker, 'qz')).bt).toBe('简历通过初筛');
    expect(await lists()).toEqual({ all: [3], looked: [3], denied: [] });

    // "viewed" after shortlisting changes nothing, and says so by the state it returns
    expect((await set(actors.hrApproved, 2)).body.yyzt).toBe(3);
    expect(await unread(seeker, 'qz')).toBe(count);

    // another enterprise's HR can neither change nor see it
    expect((await set(otherHr, 5)).body).toEqual({ code: 404, msg: '投递记录不存在' });
    expect(await lists()).toEqual({ all: [3], looked: [3], denied: [] });

    expect((await set(actors.hrApproved, 5)).body.yyzt).toBe(5);
    expect((await latestReminder(seeker, 'qz')).bt).toBe('投递结果');
    expect(await lists()).toEqual({ all: [5], looked: [], denied: [5] });

    expect((await set(actors.hrApproved, 6)).body).toEqual({ code: 400, msg: '该投递已标记为「不合适」，不能再更改状态' });
    expect(await lists()).toEqual({ all: [5], looked: [], denied: [5] });

    for (const bad of [{ bsid, type: 1 }, { bsid, type: 7 }, { bsid: 'x', type: 3 }, { type: 3 }]) {
      const r = await srv.call('/api/hr/qyhxrxx/updateHxrYyzt', { method: 'POST', token: actors.hrApproved.token, query: bad });
      expect(r.body.code, JSON.stringify(bad)).toBe(400);
    }
  });

  it('filters the received list by job, state, day, degree and name, and lists the selected', async () => {
    const hr = await actor(srv, 'hrApproved');
    const [j1, j2] = [await postJob(srv, hr, { gwmc: '出纳' }), await postJob(srv, hr, { gwmc: '会计主管' })];
    const s1 = await newSeeker();
    const s2 = await newSeeker();
    await db().execute(sql`update seeker_profiles set name = '王小红' where user_id = ${s1.userId}`);
    await db().execute(sql`insert into resume_education (user_id, school, degree, major, start_date) values (${s1.userId}, '深圳大学', 'xl_04', '会计学', '2015-09')`);
    const b1 = (await apply(s1, { gwid: j1 })).body.bsid;
    const b2 = (await apply(s2, { gwid: j2 })).body.bsid;
    await apply(s1, { gwid: j2 });
    await db().execute(sql`update applications set created_at = '2024-03-05 10:00:00+08' where id = ${b2}`);
    await srv.call('/api/hr/qyhxrxx/updateHxrYyzt', { token: hr.token, query: { bsid: b1, type: 4 } });

    const ids = async (q: Record<string, string | number>) => (await received(hr, q)).page.list.map((x) => x.bsid).sort();
    expect((await received(hr)).page.totalCount).toBe(3);
    expect(await ids({ gwids: j1 })).toEqual([b1]);
    expect((await ids({ gwids: `${j1},${j2}` })).length).toBe(3);
    expect(await ids({ jlzt: 4 })).toEqual([b1]);
    expect((await ids({ jlzt: '' })).length).toBe(3);
    expect(await ids({ tdsj: '2024-03-05' })).toEqual([b2]);
    expect(await ids({ tdsj: '2024-03-01,2024-03-31' })).toEqual([b2]);
    expect((await ids({ xl: 'xl_04' })).length).toBe(2);
    expect((await ids({ xm: '小红' })).length).toBe(2);
    expect(await ids({ xm: '%' })).toEqual([]);
    const row = (await received(hr, { gwids: j1 })).page.list[0];
    expect(row).toMatchObject({ xm: '王小红', zgxl: 'xl_04', yyzt: 4 });

    const sel = (await srv.call<ApiReply<typeof applicationsApi.selected>>('/api/hr/qyhxrxx/findYxzHxrList', { token: hr.token, query: { page: 1, limit: 10 } })).body.page;
    expect(sel.list.map((x) => x.bsid)).toEqual([b1]);

    const jobs = (await srv.call<ApiReply<typeof applicationsApi.jobsOfHr>>('/api/hr/qyhxrxx/getGwByHr', { token: hr.token })).body.list;
    expect(jobs.find((x) => x.gwid === j2)).toMatchObject({ gwmc: '会计主管', tdrs: 2, wcks: 2 });
    expect(jobs.find((x) => x.gwid === j1)).toMatchObject({ tdrs: 1, wcks: 0 });

    for (const q of [{ tdsj: '2024-02-30' }, { tdsj: '2024-03-05,2024-03-01' }, { gwids: '1,,2' }, { jlzt: 9 }, { page: 0 }, { limit: 1000 }]) {
      const r = await srv.call('/api/hr/qyhxrxx/findAllHxrList', { token: hr.token, query: q });
      expect(r.body.code, JSON.stringify(q)).toBe(400);
    }
  });
});

describe('interview invitations', () => {
  it('goes from invitation to answer to result, each side told', async () => {
    const seeker = await newSeeker();
    const gwid = await postJob(srv, actors.hrApproved, { gwmc: '测试工程师' });
    const bsid = (await apply(seeker, { gwid })).body.bsid;
    const mssj = beijing(3);

    const inv = await srv.call<ApiReply<typeof applicationsApi.invite>>('/api/hr/qyhxrxx/addHrMy', { token: actors.hrApproved.token, body: inviteBody({ hxrbsid: bsid, mssj }) });
    expect(inv.body).toMatchObject({ code: 0, msg: '面试邀请已发送' });
    const msid = inv.body.msid;
    expect((await latestReminder(seeker, 'qz')).bt).toBe('面试邀请');
    expect((await srv.call<ApiReply<typeof applicationsApi.listAll>>('/api/qz/qyhxrxx/listAll/1/10', { token: seeker.token })).body.page.gwtdlist[0].yyzt).toBe(4);

    const dup = await srv.call('/api/hr/qyhxrxx/addHrMy', { token: actors.hrApproved.token, body: inviteBody({ hxrbsid: bsid }) });
    expect(dup.body).toEqual({ code: 409, msg: '已向该求职者发出该岗位的面试邀请，请等待对方答复' });

    const wait = (await srv.call<ApiReply<typeof applicationsApi.invitationsWaiting>>('/api/qz/qymyxx/listWait', { token: seeker.token })).body;
    expect(wait.page.total).toBe(1);
    expect(wait.listWait[0]).toMatchObject({ msid, bsid, gwid, gwmc: '测试工程师', mymc: '技术初试', mssj, msxxdz: '深圳市南山区科苑路 15 号 8 楼', lxr: '陈经理', sjhm: '13912345678', zt: 0 });

    // nobody else answers it
    const stranger = await newSeeker();
    expect((await srv.call('/api/qz/qymyxx/answer', { token: stranger.token, body: { msid, type: 1 } })).body).toEqual({ code: 404, msg: '面试邀请不存在' });
    // no result before the seeker accepted
    expect((await srv.call('/api/hr/qyhxrxx/updateMsjgsm', { token: actors.hrApproved.token, query: { msid, msjg: 1 } })).body.msg).toBe('求职者尚未接受该面试邀请');

    const hrBefore = await unread(actors.hrApproved, 'hr');
    const ok = await srv.call('/api/qz/qymyxx/answer', { token: seeker.token, body: { msid, type: 1, hfsm: '准时到' } });
    expect(ok.body).toEqual({ code: 0, msg: '已接受面试邀请' });
    expect(await unread(actors.hrApproved, 'hr')).toBe(hrBefore + 1);
    expect((await latestReminder(actors.hrApproved, 'hr')).nr).toContain('准时到');
    expect((await srv.call('/api/qz/qymyxx/answer', { token: seeker.token, body: { msid, type: 2 } })).body.msg).toBe('您已接受该面试邀请，不能重复答复');
    expect((await srv.call<ApiReply<typeof applicationsApi.invitationsWaiting>>('/api/qz/qymyxx/listWait', { token: seeker.token })).body.page.total).toBe(0);
    expect((await srv.call<ApiReply<typeof applicationsApi.invitationsAccepted>>('/api/qz/qymyxx/listAccepted', { token: seeker.token })).body.listAccepted[0]).toMatchObject({ msid, zt: 1, hfsm: '准时到' });

    const sent = (await srv.call<ApiReply<typeof applicationsApi.sentInvitations>>('/api/hr/qyhxrxx/findMsjgList', { token: actors.hrApproved.token, query: { zt: 1, gwid } })).body.page;
    expect(sent.list[0]).toMatchObject({ msid, qzbsid: seeker.userId, phone: seeker.phone, zt: 1, hrid: actors.hrApproved.userId });
    expect((await srv.call<ApiReply<typeof applicationsApi.sentInvitations>>('/api/hr/qyhxrxx/findMsjgList', { token: otherHr.token })).body.page.list.some((x) => x.msid === msid)).toBe(false);
    expect((await srv.call('/api/hr/qyhxrxx/updateMsjgsm', { token: otherHr.token, query: { msid, msjg: 2 } })).body.code).toBe(404);

    const res = await srv.call('/api/hr/qyhxrxx/updateMsjgsm', { method: 'POST', token: actors.hrApproved.token, query: { msid }, body: { msjg: 1, msjgsm: '请等待录用通知' } });
    expect(res.body.code).toBe(0);
    expect(await latestReminder(seeker, 'qz')).toMatchObject({ bt: '面试结果' });
    expect((await latestReminder(seeker, 'qz')).nr).toContain('请等待录用通知');
    expect((await srv.call<ApiReply<typeof applicationsApi.invitationsAccepted>>('/api/qz/qymyxx/listAccepted', { token: seeker.token })).body.listAccepted[0]).toMatchObject({ msjg: 1, msjgsm: '请等待录用通知' });

    const counts = await srv.call('/api/hr/bskhgl/getGwYyCount', { query: { dwid: actors.hrApproved.companyId! } });
    expect(counts.body.msCount).toBeGreaterThanOrEqual(1);
  });

  it('declines, and refuses bad invitations', async () => {
    const seeker = await newSeeker();
    const gwid = await postJob(srv, actors.hrApproved);
    const bsid = (await apply(seeker, { gwid })).body.bsid;
    const send = (hr: Actor, extra: Record<string, string>) => srv.call<ApiReply<typeof applicationsApi.invite>>('/api/hr/qyhxrxx/addHrMy', { token: hr.token, body: inviteBody(extra) });
    const cases: [Actor, Record<string, string>, number, string][] = [
      [actors.hrApproved, { hxrbsid: bsid, mssj: beijing(-1) }, 400, '面试时间须晚于当前时间'],
      [actors.hrApproved, { hxrbsid: bsid, mssj: '2031-02-30 10:00' }, 400, '面试时间(mssj) 不是有效的日期时间'],
      [actors.hrApproved, { hxrbsid: bsid, mssj: beijing(400) }, 400, '面试时间不能晚于一年以后'],
      [actors.hrApproved, { hxrbsid: bsid, mscs: '999999' }, 400, '面试城市无效，请重新选择'],
      [actors.hrApproved, { hxrbsid: bsid, qzzid: actors.seeker.userId! }, 400, '邀请信息与投递记录不符'],
      [otherHr, { hxrbsid: bsid }, 404, '投递记录不存在'],
      [actors.hrApproved, {}, 400, '请选择要邀请的求职者和岗位'],
    ];
    for (const [hr, extra, code, msg] of cases) expect((await send(hr, extra)).body, JSON.stringify(extra)).toEqual({ code, msg });
    for (const bad of [{ hxrbsid: bsid, mssj: 'tomorrow' }, { hxrbsid: bsid, sjhm: '123' }, { hxrbsid: bsid, mymc: '' }, { hxrbsid: bsid, msxxdz: '' }] as Record<string, string>[]) {
      expect((await send(actors.hrApproved, bad)).body.code, JSON.stringify(bad)).toBe(400);
    }
    expect((await srv.call<ApiReply<typeof applicationsApi.invitationsWaiting>>('/api/qz/qymyxx/listWait', { token: seeker.token })).body.page.total).toBe(0);

    const msid = (await send(actors.hrApproved, { hxrbsid: bsid })).body.msid;
    const no = await srv.call('/api/qz/qymyxx/answer', { token: seeker.token, body: { msid, type: 2, hfsm: '已找到工作' } });
    expect(no.body).toEqual({ code: 0, msg: '已拒绝面试邀请' });
    expect((await srv.call<ApiReply<typeof applicationsApi.invitationsDeclined>>('/api/qz/qymyxx/listDenied', { token: seeker.token })).body.listDenied[0]).toMatchObject({ msid, zt: 2, hfsm: '已找到工作' });
    expect((await srv.call('/api/hr/qyhxrxx/updateMsjgsm', { token: actors.hrApproved.token, query: { msid, msjg: 1 } })).body.msg).toBe('求职者已拒绝该面试邀请，无需填写结果');
    // after a decline a new invitation may go out
    expect((await send(actors.hrApproved, { hxrbsid: bsid, mymc: '复试' })).body.code).toBe(0);
    for (const bad of [{ msid, type: 3 }, { msid: 'x', type: 1 }, { type: 1 }, { msid, type: '1' }]) {
      expect((await srv.call('/api/qz/qymyxx/answer', { token: seeker.token, body: bad })).body.code, JSON.stringify(bad)).toBe(400);
    }
  });

  it('invites a seeker found in talent search, but never one who hides the résumé or shields the enterprise', async () => {
    const open = await newSeeker();
    const hidden = await newSeeker();
    const shielding = await newSeeker();
    await db().execute(sql`update seeker_profiles set hidden = true where user_id = ${hidden.userId}`);
    await srv.call(`/api/qz/qzpbdw/save/${actors.hrApproved.companyId}`, { token: shielding.token });
    const gwid = await postJob(srv, actors.hrApproved);
    const send = (who: Actor) => srv.call('/api/hr/qyhxrxx/addHrMy', { token: actors.hrApproved.token, body: inviteBody({ qzzid: who.userId!, gwid }) });
    const ok = await send(open);
    expect(ok.body.code).toBe(0);
    expect((await srv.call<ApiReply<typeof applicationsApi.invitationsWaiting>>('/api/qz/qymyxx/listWait', { token: open.token })).body.listWait[0]).toMatchObject({ bsid: '', gwid });
    // the phone stays private until the seeker accepts
    const row = (await srv.call<ApiReply<typeof applicationsApi.sentInvitations>>('/api/hr/qyhxrxx/findMsjgList', { token: actors.hrApproved.token, query: { gwid } })).body.page.list[0];
    expect(row.phone).toBe('');
    expect((await send(hidden)).body).toEqual({ code: 404, msg: '该求职者不存在或已隐藏简历' });
    expect((await send(shielding)).body).toEqual({ code: 404, msg: '该求职者不存在或已隐藏简历' });
    const otherJob = await postJob(srv, otherHr);
    const foreign = await srv.call('/api/hr/qyhxrxx/addHrMy', { token: actors.hrApproved.token, body: inviteBody({ qzzid: open.userId!, gwid: otherJob }) });
    expect(foreign.body).toEqual({ code: 400, msg: '只能邀请参加本单位在招岗位的面试' });
  });
});

describe('résumé reads and downloads by HR', () => {
  it('records who viewed, marks fresh applications viewed and shows contact details to the enterprise applied to', async () => {
    const seeker = await newSeeker();
    await db().execute(sql`update seeker_profiles set email = 'liming@example.com', self_intro = '踏实肯干' where user_id = ${seeker.userId}`);
    await db().execute(sql`insert into resume_education (user_id, school, degree, major, start_date) values (${seeker.userId}, '武汉大学', 'xl_05', '计算机', '2016-09')`);
    const gwid = await postJob(srv, actors.hrApproved, { gwmc: '数据分析师' });
    await apply(seeker, { gwid });

    const r = await srv.call<ApiReply<typeof applicationsApi.candidate>>(`/api/hr/qyhxrxx/findQzxxInfo/${seeker.userId}`, { token: actors.hrApproved.token });
    expect(r.body.code).toBe(0);
    expect(r.body.qzinfo).toMatchObject({ qzbsid: seeker.userId, xm: '测试求职者', phone: seeker.phone, email: 'liming@example.com', zwpj: '踏实肯干', zgxl: 'xl_05', sftd: 1 });
    expect(r.body.qzinfo.qzjyjllist[0]).toMatchObject({ xxmc: '武汉大学', xl: 'xl_05' });
    expect(r.body.gwList).toEqual([expect.objectContaining({ gwid, gwmc: '数据分析师', yyzt: 2 })]);
    expect((await latestReminder(seeker, 'qz')).bt).toBe('简历被查看');
    // the previous client's 谁看过我 tab (xx_004) lists it
    const viewedTab = await srv.call<ApiReply<typeof notifyApi.seekerList>>('/api/qz/qzxxtx/list/xx_004/1/10', { token: seeker.token });
    expect(viewedTab.body.page.list.map((x: { bt: string }) => x.bt)).toContain('简历被查看');

    // reading the rest of the page is the same visit
    const gz = await srv.call(`/api/hr/qyhxrxx/findQzxxGzjyInfo/${seeker.userId}`, { token: actors.hrApproved.token });
    expect(gz.body).toMatchObject({ code: 0, qzinfo: { gzjl: [] } });
    await srv.call('/api/hr/qyhxrxx/findQzxxInfoZjcs', { token: actors.hrApproved.token, query: { qzbsid: seeker.userId!, gwid } });

    const viewers = (await srv.call<ApiReply<typeof relationsApi.viewers>>('/api/qz/qyckjljl/hrDetail', { method: 'POST', token: seeker.token })).body.page;
    expect(viewers.list).toEqual([expect.objectContaining({ hrid: actors.hrApproved.userId, dwid: actors.hrApproved.companyId, hrxm: '张审核', ckcs: 1 })]);

    // a view outside the window is a new one
    await db().execute(sql`update resume_views set viewed_at = viewed_at - interval '1 hour' where seeker_id = ${seeker.userId}`);
    await srv.call(`/api/hr/qyhxrxx/findQzxxInfo/${seeker.userId}`, { token: actors.hrApproved.token });
    expect((await srv.call<ApiReply<typeof relationsApi.viewers>>('/api/qz/qyckjljl/hrDetail', { token: seeker.token })).body.page.list[0].ckcs).toBe(2);

    // another enterprise finds them through talent search: masked phone, no e-mail, no applications
    const other = await srv.call(`/api/hr/qyhxrxx/findQzxxInfo/${seeker.userId}`, { token: otherHr.token });
    expect(other.body.qzinfo).toMatchObject({ phone: `${seeker.phone!.slice(0, 3)}****${seeker.phone!.slice(7)}`, email: '', sftd: 0 });
    expect(other.body.gwList).toEqual([]);
    expect((await srv.call<ApiReply<typeof relationsApi.viewers>>('/api/qz/qyckjljl/hrDetail', { token: seeker.token })).body.page.totalCount).toBe(2);

    // once shielded, that enterprise no longer reads it; the one applied to still does
    await srv.call(`/api/qz/qzpbdw/save/${otherHr.companyId}`, { token: seeker.token });
    expect((await srv.call(`/api/hr/qyhxrxx/findQzxxInfo/${seeker.userId}`, { token: otherHr.token })).body).toEqual({ code: 404, msg: '该求职者不存在或已隐藏简历' });
    expect((await srv.call(`/api/hr/qyhxrxx/findQzxxZyjnInfo/${seeker.userId}`, { token: otherHr.token })).body.code).toBe(404);
    expect((await srv.call(`/api/hr/qyhxrxx/findQzxxInfo/${seeker.userId}`, { token: actors.hrApproved.token })).body.code).toBe(0);

    for (const bad of ['x', '0', '99999999999999999999']) {
      expect((await srv.call(`/api/hr/qyhxrxx/findQzxxInfo/${bad}`, { token: actors.hrApproved.token })).body.code).toBe(400);
    }
    expect((await srv.call(`/api/hr/qyhxrxx/findQzxxInfo/${actors.hrApproved.userId}`, { token: actors.hrApproved.token })).body.code).toBe(404);
  });

  it('downloads only résumés the enterprise may have, and logs each download', async () => {
    const seeker = await newSeeker();
    const file = await resumeFile(seeker.userId!, '简历-张三.pdf');
    const gwid = await postJob(srv, actors.hrApproved);
    await apply(seeker, { gwid, fjjlid: file });
    const count = async () => (await one<{ n: number }>(db(), sql`select count(*)::int as n from resume_downloads where seeker_id = ${seeker.userId}`))!.n;

    const r = await srv.call<ApiReply<typeof applicationsApi.downloadApplied>>('/api/hr/qydwjlgl/tdDownloadJl', { method: 'POST', token: actors.hrApproved.token, query: { qzid: seeker.userId! } });
    expect(r.body).toMatchObject({ code: 0, jlmc: '简历-张三.pdf' });
    // a short-lived download link; the download counts when it is fetched (downloads.test.ts)
    expect(r.body.qzJldz).toMatch(/\/api\/hr\/jlxz\/file\/[\w-]{43}$/);
    const fetched = async (url: string) => (await fetch(url)).arrayBuffer();
    await fetched(r.body.qzJldz);
    expect(await count()).toBe(1);

    const foreign = await srv.call('/api/hr/qydwjlgl/tdDownloadJl', { token: otherHr.token, query: { qzid: seeker.userId! } });
    expect(foreign.body).toEqual({ code: 403, msg: '只能下载投递到本单位或已接受本单位面试邀请的求职者的简历' });
    const notHis = await srv.call('/api/hr/qydwjlgl/tdDownloadJl', { token: actors.hrApproved.token, query: { qzid: seeker.userId!, jlid: await resumeFile(actors.seeker.userId!) } });
    expect(notHis.body).toEqual({ code: 404, msg: '简历文件不存在' });

    // from talent search, the enterprise applied to gets the newest attachment…
    const mine = await srv.call<ApiReply<typeof applicationsApi.downloadTalent>>('/api/hr/hr/qyjlxz/downloadJlByRcList', { token: actors.hrApproved.token, query: { qzbsid: seeker.userId! } });
    expect(mine.body).toMatchObject({ code: 0, jlmc: '简历-张三.pdf' });
    // …any other only what the seeker made public: the online résumé, never the private attachment
    const t = await srv.call<ApiReply<typeof applicationsApi.downloadTalent>>('/api/hr/hr/qyjlxz/downloadJlByRcList', { token: otherHr.token, query: { qzbsid: seeker.userId! } });
    expect(t.body).toMatchObject({ code: 0, jlmc: '测试求职者的简历.pdf' });
    await fetched(t.body.qzJldz);
    const bare = await newSeeker();
    const online = await srv.call('/api/hr/hr/qyjlxz/downloadJlByRcList', { token: otherHr.token, query: { qzbsid: bare.userId! } });
    expect(online.body).toMatchObject({ code: 0, jlmc: '测试求职者的简历.pdf' });
    await fetched(mine.body.qzJldz);
    expect(await count()).toBe(3);
    const logged = await one<{ n: number }>(db(), sql`select count(*)::int as n from resume_downloads where seeker_id = ${seeker.userId} and company_id = ${otherHr.companyId} and source = 'talent' and file_id is null`);
    expect(logged!.n).toBe(1);

    await db().execute(sql`update seeker_profiles set hidden = true where user_id = ${bare.userId}`);
    expect((await srv.call('/api/hr/hr/qyjlxz/downloadJlByRcList', { token: otherHr.token, query: { qzbsid: bare.userId! } })).body.code).toBe(404);
    const downloads = await one<{ n: number }>(db(), sql`select download_count::int as n from seeker_profiles where user_id = ${seeker.userId}`);
    expect(downloads!.n).toBe(3);
  });

  it('opens a private attachment résumé only to an enterprise the seeker applied to or accepted an invitation from, on every route', async () => {
    const seeker = await newSeeker();
    const file = await resumeFile(seeker.userId!, '简历-李四.pdf');
    const key = (await one<{ k: string }>(db(), sql`select storage_key as k from files where id = ${file}`))!.k;
    const hr = await actor(srv, 'hrApproved');
    const gwid = await postJob(srv, hr, { gwmc: '前端工程师' });

    /** Each way an HR may ask for the attachment: true where it is handed out. */
    const routes = async (who: Actor) => {
      const byId = await srv.call(`/api/qz/qzFile/getFile/${file}`, { token: who.token });
      const byKey = await fetch(`${srv.url}/api/files/${key}`, { headers: { token: who.token! } });
      await byKey.body?.cancel();
      const applied = await srv.call('/api/hr/qydwjlgl/tdDownloadJl', { token: who.token, query: { qzid: seeker.userId!, jlid: file } });
      const talent = await srv.call('/api/hr/hr/qyjlxz/downloadJlByRcList', { token: who.token, query: { qzbsid: seeker.userId! } });
      return {
        getFile: byId.body.code === 0 && String(byId.body.fileUrl).includes('/api/files/resume/'),
        // (the bytes are not on disk in this test: past the check the route answers 404, before it 403)
        filesRoute: byKey.status !== 403,
        tdDownloadJl: applied.body.code === 0 && applied.body.jlmc === '简历-李四.pdf',
        talent: talent.body.code === 0 && talent.body.jlmc === '简历-李四.pdf',
      };
    };
    const none = { getFile: false, filesRoute: false, tdDownloadJl: false, talent: false };
    const all = { getFile: true, filesRoute: true, tdDownloadJl: true, talent: true };

    // found in talent search, never applied: nothing private
    expect(await routes(hr)).toEqual(none);

    // invited from talent search: still nothing until the seeker accepts
    const inv = await srv.call('/api/hr/qyhxrxx/addHrMy', { token: hr.token, body: inviteBody({ qzzid: seeker.userId!, gwid }) });
    expect(inv.body.code).toBe(0);
    expect(await routes(hr)).toEqual(none);
    // a declined invitation opens nothing either
    expect((await srv.call('/api/qz/qymyxx/answer', { token: seeker.token, body: { msid: inv.body.msid, type: 2 } })).body.code).toBe(0);
    expect(await routes(hr)).toEqual(none);
    const again = await srv.call('/api/hr/qyhxrxx/addHrMy', { token: hr.token, body: inviteBody({ qzzid: seeker.userId!, gwid, mymc: '复试' }) });
    expect((await srv.call('/api/qz/qymyxx/answer', { token: seeker.token, body: { msid: again.body.msid, type: 1 } })).body.code).toBe(0);
    // accepted: the enterprise may have it, on every route
    expect(await routes(hr)).toEqual(all);
    // and no other enterprise, nor an HR whose enterprise is not approved, nor another seeker
    expect(await routes(otherHr)).toEqual(none);
    expect(await routes(actors.hrUnapproved)).toEqual(none);
    expect((await srv.call(`/api/qz/qzFile/getFile/${file}`, { token: actors.seeker.token })).body.code).toBe(403);
    // a colleague in the same enterprise may
    const colleague = await srv.call(`/api/qz/qzFile/getFile/${file}`, { token: hr.token });
    expect(colleague.body.code).toBe(0);
  });

  it('holds talent-search downloads to a daily number of seekers per enterprise', async () => {
    const hr = await actor(srv, 'hrApproved');
    // the day's quota already taken: a real seeker and (TALENT_DOWNLOADS_PER_DAY - 1) others downloaded today
    const known = await newSeeker();
    const stamp = Date.now().toString().slice(-6);
    await db().execute(sql`insert into users (role, phone, password_hash)
      select 'qz', ${`170${stamp}`} || lpad(g::text, 2, '0'), 'x' from generate_series(1, ${TALENT_DOWNLOADS_PER_DAY - 1}) g`);
    await db().execute(sql`insert into resume_downloads (hr_id, company_id, seeker_id, source)
      select ${hr.userId}, ${hr.companyId}, id, 'talent' from users where phone like ${`170${stamp}%`} or id = ${known.userId}`);
    // downloads of earlier days do not count
    const earlier = await newSeeker();
    await db().execute(sql`insert into resume_downloads (hr_id, company_id, seeker_id, source, created_at) values (${hr.userId}, ${hr.companyId}, ${earlier.userId}, 'talent', now() - interval '2 days')`);

    const seeker = await newSeeker();
    const over = await srv.call('/api/hr/hr/qyjlxz/downloadJlByRcList', { token: hr.token, query: { qzbsid: seeker.userId! } });
    expect(over.body).toEqual({ code: 429, msg: `今日从人才搜索下载的简历已达 ${TALENT_DOWNLOADS_PER_DAY} 份上限，请明天再试` });
    const logged = await one<{ n: number }>(db(), sql`select count(*)::int as n from resume_downloads where seeker_id = ${seeker.userId}`);
    expect(logged!.n).toBe(0);
    // a seeker already downloaded today is not a new one
    expect((await srv.call('/api/hr/hr/qyjlxz/downloadJlByRcList', { token: hr.token, query: { qzbsid: known.userId! } })).body.code).toBe(0);
    // another enterprise has its own count
    expect((await srv.call('/api/hr/hr/qyjlxz/downloadJlByRcList', { token: otherHr.token, query: { qzbsid: seeker.userId! } })).body.code).toBe(0);
  });
});

describe('offers', () => {
  it('sends an offer to a shortlisted seeker, who is told; 已发 offer lists it until hired', async () => {
    const seeker = await newSeeker();
    const gwid = await postJob(srv, actors.hrApproved, { gwmc: '数据分析师' });
    const bsid = String((await apply(seeker, { gwid })).body.bsid);
    const offer = () => srv.call<ApiReply<typeof applicationsApi.sendOffer>>('/api/hr/applications/offer', { token: actors.hrApproved.token, body: { bsid } });
    expect((await offer()).body).toEqual({ code: 400, msg: '请先通过初筛或面试，再发 offer' });
    await srv.call('/api/hr/qyhxrxx/updateHxrYyzt', { method: 'POST', token: actors.hrApproved.token, query: { bsid, type: 3 } });
    const sent = await offer();
    expect(sent.body).toMatchObject({ code: 0, msg: '已发 offer，求职者已收到通知' });
    expect(await latestReminder(seeker, 'qz')).toMatchObject({ bt: '收到 offer', nr: expect.stringContaining('「数据分析师」的录用意向（offer）') });
    expect((await offer()).body).toEqual({ code: 409, msg: '已向该求职者发出 offer' });
    expect((await srv.call('/api/hr/applications/offer', { token: otherHr.token, body: { bsid } })).body).toEqual({ code: 404, msg: '投递记录不存在' });

    const offered = await received(actors.hrApproved, { offer: '1' });
    expect(offered.page.list.find((a) => a.bsid === bsid)).toMatchObject({ yyzt: 3, offerAt: sent.body.offerAt });
    expect(offered.page.list.every((a) => a.offerAt)).toBe(true);
    // hired: out of 已发 offer, into 已录用
    await srv.call('/api/hr/qyhxrxx/updateHxrYyzt', { method: 'POST', token: actors.hrApproved.token, query: { bsid, type: 6 } });
    expect((await received(actors.hrApproved, { offer: '1' })).page.list.some((a) => a.bsid === bsid)).toBe(false);
  });
});

describe('who may call the application routes', () => {
  it('matches the role matrix', async () => {
    const gwid = await postJob(srv, actors.hrApproved);
    const seekerOnly: [string, Parameters<TestServer['call']>[1]][] = [
      ['/api/qz/qyhxrxx/td', { method: 'POST', query: { gwid } }],
      ['/api/qz/qyhxrxx/pltd', { body: [{ gwid: await postJob(srv, actors.hrApproved) }] }],
    ];
    for (const [path, opts] of seekerOnly) {
      // the incomplete résumé gets past the role gate to the 60 % rule
      expect(await codesByRole(actors, (a) => srv.call(path, { ...opts, token: a.token })), path).toEqual({ ...expectedCodes(['seeker']), seekerIncomplete: 403 });
    }
    const seekerReads = ['/api/qz/qyhxrxx/listAll/1/10', '/api/qz/qyhxrxx/listLooked/1/10', '/api/qz/qyhxrxx/listDenied/1/10', '/api/qz/qyhxrxx/listSxh/1/10',
      '/api/qz/qymyxx/listWait', '/api/qz/qymyxx/listAccepted', '/api/qz/qymyxx/listDenied'];
    for (const path of seekerReads) {
      expect(await codesByRole(actors, (a) => srv.call(path, { token: a.token })), path).toEqual(expectedCodes(['seeker', 'seekerIncomplete']));
    }
    // recommended jobs double as the job page's 相似职位, which the previous client asks without a token
    expect(await codesByRole(actors, (a) => srv.call('/api/qz/qyhxrxx/tjList', { token: a.token }))).toEqual(
      expectedCodes(['anonymous', 'seekerIncomplete', 'seeker', 'hrUnapproved', 'hrApproved', 'operator']),
    );
    expect(await codesByRole(actors, (a) => srv.call('/api/qz/qyhxrxx/tdzt', { token: a.token, body: [gwid] }))).toEqual(expectedCodes(['seeker', 'seekerIncomplete']));
    expect(await codesByRole(actors, (a) => srv.call('/api/qz/qymyxx/answer', { token: a.token, body: { msid: '123', type: 1 } }))).toEqual({
      ...expectedCodes(['seeker', 'seekerIncomplete']), seeker: 404, seekerIncomplete: 404,
    });

    const bsid = (await one<{ id: string }>(db(), sql`select id::text as id from applications where seeker_id = ${actors.seeker.userId} and job_id = ${gwid}`))!.id;
    const hrRoutes: [string, Parameters<TestServer['call']>[1], number][] = [
      ['/api/hr/qyhxrxx/findAllHxrList', {}, 0],
      ['/api/hr/qyhxrxx/findYxzHxrList', {}, 0],
      ['/api/hr/qyhxrxx/getGwByHr', {}, 0],
      ['/api/hr/qyhxrxx/findMsjgList', {}, 0],
      ['/api/hr/qyhxrxx/updateHxrYyzt', { query: { bsid, type: 3 } }, 0],
      ['/api/hr/qyhxrxx/addHrMy', { body: inviteBody({ hxrbsid: bsid }) }, 0],
      ['/api/hr/qyhxrxx/updateMsjgsm', { query: { msid: '123', msjg: 1 } }, 404],
      ['/api/hr/applications/offer', { body: { bsid: '123' } }, 404],
      [`/api/hr/qyhxrxx/findQzxxInfo/${actors.seeker.userId}`, {}, 0],
      [`/api/hr/qyhxrxx/findQzxxPxjlInfo/${actors.seeker.userId}`, {}, 0],
      ['/api/hr/qyhxrxx/findQzxxInfoZjcs', { query: { qzbsid: actors.seeker.userId! } }, 0],
      ['/api/hr/qydwjlgl/tdDownloadJl', { query: { qzid: actors.seeker.userId! } }, 0],
      ['/api/hr/hr/qyjlxz/downloadJlByRcList', { query: { qzbsid: actors.seeker.userId! } }, 0],
    ];
    for (const [path, opts, ok] of hrRoutes) {
      expect(await codesByRole(actors, (a) => srv.call(path, { ...opts, token: a.token })), path).toEqual(expectedCodes(['hrApproved'], ok));
    }
  });

  it('answers malformed input with a Chinese message, never a 500', async () => {
    const probes: [string, Actor, Parameters<TestServer['call']>[1]][] = [
      ['/api/qz/qyhxrxx/listAll/0/10', actors.seeker, {}],
      ['/api/qz/qyhxrxx/listAll/1/1000', actors.seeker, {}],
      ['/api/qz/qyhxrxx/listAll/a/b', actors.seeker, {}],
      ['/api/qz/qyhxrxx/td', actors.seeker, { raw: '{"gwid":', method: 'POST' }],
      ['/api/qz/qyhxrxx/tdzt', actors.seeker, { body: ['x'] }],
      ['/api/qz/qymyxx/listWait', actors.seeker, { query: { page: -1 } }],
      ['/api/hr/qyhxrxx/findMsjgList', actors.hrApproved, { query: { zt: 5 } }],
      ['/api/hr/qyhxrxx/findYxzHxrList', actors.hrApproved, { query: { yyzt: 5 } }],
      ['/api/hr/qydwjlgl/tdDownloadJl', actors.hrApproved, { query: { qzid: 'x' } }],
      ['/api/hr/qyhxrxx/addHrMy', actors.hrApproved, { body: { mymc: 'x' } }],
    ];
    for (const [path, who, opts] of probes) {
      const r = await srv.call(path, { ...opts, token: who.token });
      expect(r.body.code, path).toBe(400);
      expect(r.body.msg, path).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('beijingTime', () => {
  it('reads Beijing wall-clock time and refuses days that do not exist', () => {
    expect(beijingTime('2030-01-02 09:30')?.toISOString()).toBe('2030-01-02T01:30:00.000Z');
    expect(beijingTime('2030-01-02T09:30:15')?.toISOString()).toBe('2030-01-02T01:30:15.000Z');
    expect(beijingTime('2030-02-29 09:30')).toBeNull();
    expect(beijingTime('2028-02-29 09:30')).not.toBeNull();
  });
});
