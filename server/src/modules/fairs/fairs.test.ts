import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { fairsApi, identityApi, jobsApi, notifyApi } from '@zp/core/contract';
import { newPhone, type ApiReply, type TestServer } from '../../../test/helpers.js';
import { codesByRole, expectedCodes, type Actor, type Actors, serverWithActors } from '../../../test/roles.js';
import { openSocket, type ReminderFrame } from '../../../test/socket.js';
import { rows, sql } from '../../db/index.js';
import { sendFairReminders } from './reminders.js';
import { companiesAtFair, fairExists, fairState } from './public.js';
import { hrIdsOfCompany } from '../companies/public.js';

let srv: TestServer;
let actors: Actors;
/** content.changed events seen on the bus */
const changes: { kind: string; id: string }[] = [];

const fmt = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
const china = (offsetMinutes: number) => fmt.format(new Date(Date.now() + offsetMinutes * 60_000));
const H = 60;
const D = 24 * H;

async function createFair(body: Record<string, unknown>): Promise<string> {
  const r = await srv.call<ApiReply<typeof fairsApi.adminSave>>('/api/xs/admin/fair/save', { token: actors.operator.token, body: { sfgy: 1, ...body } });
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 0 });
  return r.body.hxid;
}

let future: string; // online, in two days
let running: string; // offline, now
let ended: string; // online, last week
let hidden: string; // unpublished

beforeAll(async () => {
  ({ srv, actors } = await serverWithActors());
  await srv.app.services.bus.subscribe('content.changed', (p) => changes.push(p as { kind: string; id: string }));
  future = await createFair({
    hymc: '2026年秋季高校毕业生网络双选会', sfxs: 1, hylx: 'yh_005', hykssj: china(2 * D), hyjssj: china(2 * D + 8 * H),
    zbdw: '省人力资源和社会保障厅', cbdw: '省高校毕业生就业指导中心', hyjs: '面向2026届毕业生的线上双选会。', sfgy: 2, zwf: 800,
  });
  running = await createFair({
    hymc: '深圳市南山区春风行动专场招聘会', sfxs: 2, hylx: 'yh_004', hykssj: china(-H), hyjssj: china(5 * H),
    sf: '440000', csdm: '440300', hydd: '深圳市南山区科技园人才市场三楼', zbdw: '南山区人力资源局',
  });
  ended = await createFair({ hymc: '长三角智能制造人才网络招聘会', sfxs: 1, hykssj: china(-8 * D), hyjssj: china(-7 * D) });
  hidden = await createFair({ hymc: '尚未发布的招聘会', sfxs: 1, hykssj: china(3 * D), hyjssj: china(3 * D + H), fbzt: 0 });
});
afterAll(() => srv?.close());

const list = (a: Actor | null, query: Record<string, string | number> = {}) =>
  srv.call<ApiReply<typeof fairsApi.list>>('/api/hr/bshxxx/findHxListByType', { token: a?.token, query: { page: 1, limit: 50, ...query } });
const find = <T extends { hxid: string }>(page: { list: T[] }, id: string) => page.list.find((f) => f.hxid === id);

describe('operator edits fairs', () => {
  it('creates, logs and announces each change; unpublished fairs stay out of sight', async () => {
    const logged = await rows<{ action: string; target: string }>(
      srv.app.services.db,
      sql`select action, target from operator_log where operator_id = ${actors.operator.userId} and action like 'fair.%'`,
    );
    expect(logged).toEqual(expect.arrayContaining([{ action: 'fair.create', target: future }, { action: 'fair.create', target: hidden }]));
    expect(changes).toEqual(expect.arrayContaining([{ kind: 'fair', id: future }, { kind: 'fair', id: running }]));

    expect(find((await list(null)).body.page, hidden)).toBeUndefined();
    expect((await srv.call('/api/hr/bshxxx/findHxInfo', { query: { hxid: hidden } })).body.code).toBe(404);
    expect(await fairExists(srv.app.services.db, hidden)).toBe(false);
    const admin = await srv.call<ApiReply<typeof fairsApi.adminList>>('/api/xs/admin/fair/list', { token: actors.operator.token, query: { hymc: '尚未发布' } });
    expect(admin.body.page.list).toHaveLength(1);
    expect(admin.body.page.list[0]).toMatchObject({ hxid: hidden, fbzt: 0 });

    const pub = await srv.call('/api/xs/admin/fair/publish', { token: actors.operator.token, body: { hxid: hidden, fbzt: 1 } });
    expect(pub.body.code).toBe(0);
    expect(find((await list(null)).body.page, hidden)).toBeDefined();
    await srv.call('/api/xs/admin/fair/publish', { token: actors.operator.token, body: { hxid: hidden, fbzt: 0 } });
    expect(find((await list(null)).body.page, hidden)).toBeUndefined();
  });

  it('edits a fair; a moved start gets a new reminder', async () => {
    const id = await createFair({ hymc: '临时修改测试会', sfxs: 1, hykssj: china(20), hyjssj: china(3 * H) });
    const seeker = actors.seeker;
    expect((await srv.call('/api/qz/bsrcbmxx/hxBmMore', { token: seeker.token, body: [id] })).body.code).toBe(0);
    expect(await sendFairReminders(srv.app.services)).toBeGreaterThanOrEqual(1);
    expect(await sendFairReminders(srv.app.services)).toBe(0);
    const moved = await srv.call('/api/xs/admin/fair/save', {
      token: actors.operator.token, body: { hxid: id, hymc: '临时修改测试会（改期）', sfxs: 1, sfgy: 1, hykssj: china(25), hyjssj: china(3 * H) },
    });
    expect(moved.body).toMatchObject({ code: 0, hxid: id });
    expect(await sendFairReminders(srv.app.services)).toBe(1);
    const detail = await srv.call<ApiReply<typeof fairsApi.detail>>('/api/hr/bshxxx/findHxInfo', { query: { hxid: id } });
    expect(detail.body.bsHxxx.hymc).toBe('临时修改测试会（改期）');
    await srv.call('/api/xs/admin/fair/publish', { token: actors.operator.token, body: { hxid: id, fbzt: 0 } });
  });

  it('refuses impossible fairs with a reason', async () => {
    const bad = async (body: Record<string, unknown>, msg: RegExp) => {
      const r = await srv.call('/api/xs/admin/fair/save', { token: actors.operator.token, body: { hymc: '无效的招聘会', sfxs: 1, sfgy: 1, hykssj: china(D), hyjssj: china(D + H), ...body } });
      expect(r.body.code, JSON.stringify(r.body)).toBe(400);
      expect(r.body.msg).toMatch(msg);
    };
    const before = (await srv.call<ApiReply<typeof fairsApi.adminList>>('/api/xs/admin/fair/list', { token: actors.operator.token })).body.page.totalCount;
    await bad({ hyjssj: china(D - H) }, /结束时间必须晚于开始时间/);
    await bad({ hykssj: '2026-02-30 09:00' }, /开始时间\(hykssj\) 不是有效的日期时间/);
    await bad({ hykssj: '明天上午' }, /开始时间/);
    await bad({ sfxs: 2 }, /会场地点/);
    await bad({ sfxs: 3 }, /会场类型/);
    await bad({ hylx: 'hykt_99' }, /会议类型无效/);
    await bad({ csdm: '999999' }, /城市无效/);
    await bad({ hymc: 'x' }, /会场名称/);
    await bad({ zwf: -1 }, /展位费/);
    expect((await srv.call<ApiReply<typeof fairsApi.adminList>>('/api/xs/admin/fair/list', { token: actors.operator.token })).body.page.totalCount).toBe(before);
    const missing = await srv.call('/api/xs/admin/fair/save', { token: actors.operator.token, body: { hxid: '99999999', hymc: '不存在的会', sfxs: 1, sfgy: 1, hykssj: china(D), hyjssj: china(D + H) } });
    expect(missing.body).toEqual({ code: 404, msg: '招聘会不存在' });
  });
});

describe('lists and detail', () => {
  it('lists by venue type with the state of each fair and counts by state', async () => {
    const online = await list(null, { type: 1 });
    expect(online.body.code).toBe(0);
    expect(online.body.page.list.every((f) => f.sfxs === 1)).toBe(true);
    expect(find(online.body.page, future)).toMatchObject({ ifks: 1, hymc: '2026年秋季高校毕业生网络双选会', hylx: 'yh_005', sfsc: 0, sfbm: 0 });
    // Saved without a kind: the general fair of its venue (m_hyktdm yh_001 线上综合招聘会).
    expect(find(online.body.page, ended)).toMatchObject({ ifks: 3, hylx: 'yh_001' });
    expect(find(online.body.page, running)).toBeUndefined();
    const offline = await list(null, { type: 2 });
    expect(find(offline.body.page, running)).toMatchObject({ ifks: 2, hydd: '深圳市南山区科技园人才市场三楼', csdm: '440300' });
    expect(offline.body.hxdttj).toMatchObject({ jxzhxs: 1 });
    expect(online.body.hxdttj.yjshxs).toBeGreaterThanOrEqual(1);
    expect(online.body.hxdttj.hxzs).toBe(online.body.hxdttj.wkshxs + online.body.hxdttj.jxzhxs + online.body.hxdttj.yjshxs);
  });

  it('orders running and upcoming before ended (px 1), newest start first (px 2)', async () => {
    const ids = (await list(null, { px: 1 })).body.page.list.map((f) => f.hxid);
    expect(ids.indexOf(running)).toBeLessThan(ids.indexOf(future));
    expect(ids.indexOf(future)).toBeLessThan(ids.indexOf(ended));
    const newest = (await list(null, { px: 2 })).body.page.list.map((f) => f.hxid);
    expect(newest.indexOf(future)).toBeLessThan(newest.indexOf(running));
  });

  it('filters by city, start month and name', async () => {
    expect((await list(null, { csdm: '440300' })).body.page.list.map((f) => f.hxid)).toEqual([running]);
    const month = china(-8 * D).slice(0, 7);
    expect((await list(null, { ksny: month })).body.page.list.map((f) => f.hxid)).toContain(ended);
    expect((await list(null, { hymc: '春风行动' })).body.page.list.map((f) => f.hxid)).toEqual([running]);
    expect((await list(null, { hymc: '100%_' })).body.page.totalCount).toBe(0);
    // The older client sends empty filters.
    expect((await list(null, { csdm: '', ksny: '' })).body.code).toBe(0);
  });

  it('shows the session type and booth fee to HR only', async () => {
    for (const who of [null, actors.seeker, actors.operator]) {
      const f = find((await list(who, { type: 1 })).body.page, future);
      expect(f).not.toHaveProperty('sfgy');
      expect(f).not.toHaveProperty('zwf');
    }
    for (const who of [actors.hrApproved, actors.hrUnapproved]) {
      expect(find((await list(who, { type: 1 })).body.page, future)).toMatchObject({ sfgy: 2, zwf: 800 });
      const d = await srv.call('/api/hr/bshxxx/findHxInfo', { method: 'POST', token: who.token, query: { hxid: future } });
      expect(d.body.bsHxxx).toMatchObject({ sfgy: 2, zwf: 800 });
    }
    const d = await srv.call('/api/hr/bshxxx/findHxInfo', { query: { hxid: future } });
    expect(d.body.bsHxxx).toMatchObject({ hxid: future, hyjs: '面向2026届毕业生的线上双选会。', cbdw: '省高校毕业生就业指导中心', ifks: 1 });
    expect(d.body.bsHxxx).not.toHaveProperty('zwf');
  });

  it('exports the state to other modules', async () => {
    const db = srv.app.services.db;
    expect(await fairState(db, future)).toBe(1);
    expect(await fairState(db, running)).toBe(2);
    expect(await fairState(db, ended)).toBe(3);
    expect(await fairState(db, hidden)).toBeNull();
  });
});

describe('sign-up', () => {
  it('needs a resume at least 60% complete', async () => {
    const r = await srv.call('/api/qz/bsrcbmxx/hxBmMore', { token: actors.seekerIncomplete.token, body: [future] });
    expect(r.body).toEqual({ code: 403, msg: '简历完成度不足60%,请先完善简历' });
    expect(find((await list(actors.seekerIncomplete, { type: 1 })).body.page, future)!.sfbm).toBe(0);
  });

  it('signs a seeker up once, however often asked, and sends a confirmation', async () => {
    const { token, userId } = await srv.registerSeeker(newPhone());
    await srv.app.services.db.execute(sql`update seeker_profiles set completeness = 60 where user_id = ${userId}`);
    const sock = await openSocket(srv.url, token);
    const seen = changes.filter((c) => c.id === running).length;
    const r = await srv.call('/api/qz/bsrcbmxx/hxBmMore', { token, body: [future, running] });
    expect(r.body).toEqual({ code: 0, msg: '报名成功' });
    // Cached pages hear that the fair's figures changed.
    while (changes.filter((c) => c.id === running).length === seen) await new Promise((res) => setTimeout(res, 10));
    const first = await sock.next();
    expect(first).toMatchObject({ type: 1, message: { lb: 'hxxx', bt: '报名成功' } });
    expect((await srv.call('/api/qz/bsrcbmxx/hxBmMore', { token, body: [future] })).body.code).toBe(0);
    expect((await srv.call('/api/hr/bshxxx/findHxInfo', { token, query: { hxid: future } })).body.bsHxxx).toMatchObject({ sfbm: 1, bmrs: 1 });
    const mine = await srv.call<ApiReply<typeof fairsApi.seekerFairs>>('/api/qz/bsrcbmxx/list', { method: 'POST', token });
    expect(mine.body.hxList.map((f) => f.hxid).sort()).toEqual([future, running].sort());
    // Two sign-ups, two confirmations; the repeat added none.
    expect((await srv.call<ApiReply<typeof identityApi.seekerReminders>>('/api/qz/qzxxtx/baseInfo', { token })).body.qzXxtx.hxxx.count).toBe(2);
    sock.close();
  });

  it('refuses a fair that has ended, storing nothing of the request', async () => {
    const { token, userId } = await srv.registerSeeker(newPhone());
    await srv.app.services.db.execute(sql`update seeker_profiles set completeness = 90 where user_id = ${userId}`);
    const r = await srv.call('/api/qz/bsrcbmxx/hxBmMore', { token, body: [future, ended] });
    expect(r.body).toEqual({ code: 400, msg: '「长三角智能制造人才网络招聘会」已结束，无法报名' });
    expect((await srv.call('/api/qz/bsrcbmxx/list', { method: 'POST', token })).body.hxList).toEqual([]);
    const hr = await srv.call('/api/hr/bsdwbmxx/addBmhxxMore', { token: actors.hrApproved.token, body: [ended] });
    expect(hr.body.code).toBe(400);
    expect((await srv.call('/api/qz/bsrcbmxx/hxBmMore', { token, body: [hidden] })).body.code).toBe(404);
    expect((await srv.call('/api/qz/bsrcbmxx/hxBmMore', { token, body: ['999999999'] })).body.code).toBe(404);
  });

  it('signs an approved enterprise up; its other HR see it signed up; unapproved ones are refused', async () => {
    const hr = actors.hrApproved;
    expect((await srv.call('/api/hr/bsdwbmxx/addBmhxxMore', { token: actors.hrUnapproved.token, body: [future] })).body).toEqual({
      code: 403, msg: '单位信息未审核或审核不通过,请修改单位信息!',
    });
    // Only the code tells the previous client whether the enterprise is at the fair (its HR may chat there).
    expect((await srv.call('/api/hr/bsdwbmxx/findDwBmzt', { token: hr.token, query: { hxid: running } })).body).toEqual({ code: 403, msg: '贵单位未报名本场招聘会' });
    const before = find((await list(null, { type: 2 })).body.page, running)!.chqys;
    expect((await srv.call('/api/hr/bsdwbmxx/addBmhxxMore', { token: hr.token, body: [running, future] })).body.code).toBe(0);
    expect((await srv.call('/api/hr/bsdwbmxx/addBmhxxMore', { token: hr.token, body: [running] })).body.code).toBe(0);
    expect(find((await list(null, { type: 2 })).body.page, running)!.chqys).toBe(before + 1);
    expect((await srv.call('/api/hr/bsdwbmxx/findDwBmzt', { method: 'POST', token: hr.token, query: { hxid: running } })).body.bmzt).toBe(1);
    expect(await companiesAtFair(srv.app.services.db, running)).toContain(hr.companyId);

    // A colleague in the same enterprise: already signed up, and signing again changes nothing.
    const colleague = await srv.registerHr(newPhone(), 'secret123', { xm: '同事', zw: 'HR' });
    await srv.app.services.db.execute(sql`update hr_profiles set company_id = ${hr.companyId}, join_state = 2 where user_id = ${colleague.userId}`);
    expect(find((await list({ ...hr, token: colleague.token }, { type: 2 })).body.page, running)!.sfbm).toBe(1);
    expect((await srv.call('/api/hr/bsdwbmxx/addBmhxxMore', { token: colleague.token, body: [running] })).body.code).toBe(0);
    expect(find((await list(null, { type: 2 })).body.page, running)!.chqys).toBe(before + 1);

    const mine = await srv.call<ApiReply<typeof fairsApi.companyFairs>>('/api/hr/bshxxx/findYdHxPageAllListByDw', { token: colleague.token, query: { page: 1, limit: 10 } });
    expect(mine.body.page.list.map((f) => f.hxid).sort()).toEqual([future, running].sort());
    // type is the fair's state, as the HR centre's tabs send it: 1 booked and not started, 2 running, 3 past.
    const byState = async (type: number) =>
      (await srv.call<ApiReply<typeof fairsApi.companyFairs>>('/api/hr/bshxxx/findYdHxPageAllListByDw', { method: 'POST', token: hr.token, query: { page: 1, limit: 10, type } })).body.page.list;
    expect((await byState(2)).map((f) => f.hxid)).toEqual([running]);
    const upcoming = await byState(1);
    expect(upcoming.map((f) => f.hxid)).toEqual([future]);
    expect(upcoming[0]).toMatchObject({ hymc: '2026年秋季高校毕业生网络双选会', cjqys: upcoming[0].chqys, hyfbgws: upcoming[0].gwfbs });
    expect(await byState(3)).toEqual([]);
    expect((await srv.call('/api/hr/bshxxx/findYdHxPageAllListByDw', { token: hr.token, query: { type: 4 } })).body.code).toBe(400);
  });

  it("lists fairs with the enterprise's booking state for 双选会管理 (findHxPageAllListBySelf)", async () => {
    const hr = actors.hrApproved;
    const all = async (query: Record<string, string | number>) =>
      (await srv.call<ApiReply<typeof fairsApi.bookableFairs>>('/api/hr/bshxxx/findHxPageAllListBySelf', { method: 'POST', token: hr.token, query: { page: 1, limit: 50, hymc: '', kssj: '', jssj: '', ...query } })).body.page;
    const everything = await all({ type: 1 });
    expect(find(everything, running)).toMatchObject({ shzt: '1', hylx: 'yh_004' });
    expect(find(everything, ended)).toMatchObject({ shzt: null });
    expect(find(everything, hidden)).toBeUndefined();
    expect((await all({ type: 2 })).list.every((f) => f.shzt === null)).toBe(true);
    expect((await all({ type: 3 })).list.map((f) => f.hxid).sort()).toEqual([future, running].sort());
    // Bookings are confirmed at once: none waits for review or was refused.
    expect((await all({ type: 4 })).totalCount).toBe(0);
    expect((await all({ type: 5 })).totalCount).toBe(0);
    const month = (await all({ type: 1 })).list.find((f) => f.hxid === ended)!.hykssj.slice(0, 7);
    expect((await all({ type: 1, kssj: month, jssj: month })).list.map((f) => f.hxid)).toContain(ended);
    expect((await all({ type: 1, hymc: '南山' })).list.map((f) => f.hxid)).toEqual([running]);
    const seeker = await srv.call('/api/hr/bshxxx/findHxPageAllListBySelf', { method: 'POST', token: actors.seeker.token, query: { page: 1, limit: 10 } });
    expect(seeker.body.code).toBe(403);
  });
});

describe('favourites', () => {
  it('favourites for each role apart, shows sfsc, lists and removes them', async () => {
    const s = actors.seeker;
    const h = actors.hrUnapproved;
    expect((await srv.call('/api/qz/jobFairFavorite/favoriteMore', { token: s.token, body: [future, ended] })).body).toEqual({ code: 0, msg: '收藏成功' });
    expect((await srv.call('/api/qz/jobFairFavorite/favoriteMore', { token: s.token, body: [future] })).body.code).toBe(0);
    expect((await srv.call('/api/hr/jobFairFavorite/favoriteMore', { token: h.token, body: [running] })).body.code).toBe(0);

    expect(find((await list(s, { type: 1 })).body.page, future)!.sfsc).toBe(1);
    expect(find((await list(null, { type: 1 })).body.page, future)!.sfsc).toBe(0);
    expect(find((await list(h, { type: 1 })).body.page, future)!.sfsc).toBe(0);
    expect(find((await list(h, { type: 2 })).body.page, running)!.sfsc).toBe(1);

    const mine = await srv.call<ApiReply<typeof fairsApi.seekerFavorites>>('/api/qz/jobFairFavorite/collectedList', { token: s.token, query: { page: 1, limit: 10 } });
    expect(mine.body.page.list.map((f) => f.HXID).sort()).toEqual([ended, future].sort());
    // The previous client's upper-case row keys (Hunter_delivery.vue).
    expect(mine.body.page.list.find((f) => f.HXID === future)).toEqual({
      HXID: future, HYMC: '2026年秋季高校毕业生网络双选会', HYKSSJ: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:00$/),
      HYJSSJ: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:00$/), HYLX: 'yh_005', QYCHRS: expect.any(Number), QYGWS: expect.any(Number),
      SCSJ: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), USERID: s.userId,
    });
    expect((await srv.call<ApiReply<typeof fairsApi.seekerFavorites>>('/api/qz/jobFairFavorite/collectedList', { token: s.token, query: { hymc: '长三角' } })).body.page.list.map((f) => f.HXID)).toEqual([ended]);
    expect((await srv.call<ApiReply<typeof fairsApi.hrFavorites>>('/api/hr/jobFairFavorite/collectedList', { token: h.token })).body.page.list.map((f) => f.HXID)).toEqual([running]);

    expect((await srv.call('/api/qz/jobFairFavorite/Unfavorite', { method: 'POST', token: s.token, query: { hxid: ended } })).body.code).toBe(0);
    expect((await srv.call('/api/qz/jobFairFavorite/Unfavorite', { method: 'POST', token: s.token, body: { hxid: ended } })).body.code).toBe(0);
    expect((await srv.call<ApiReply<typeof fairsApi.seekerFavorites>>('/api/qz/jobFairFavorite/collectedList', { token: s.token })).body.page.list.map((f) => f.HXID)).toEqual([future]);
    expect((await srv.call('/api/hr/jobFairFavorite/Unfavorite', { token: h.token, query: { hxid: running } })).body.code).toBe(0);
    expect((await srv.call<ApiReply<typeof fairsApi.hrFavorites>>('/api/hr/jobFairFavorite/collectedList', { token: h.token })).body.page.totalCount).toBe(0);
    expect((await srv.call('/api/qz/jobFairFavorite/favoriteMore', { token: s.token, body: [hidden] })).body.code).toBe(404);
  });
});

describe('the hall', () => {
  let zone: string;
  let jobId: string;
  beforeAll(async () => {
    const hr = actors.hrApproved;
    // The enterprise was signed up above; it posts a job and shows it at the running fair.
    const job = await srv.call('/api/hr/qydwgwfbxx/addGw', {
      token: hr.token,
      body: {
        gwmc: 'Java开发工程师', gwlb: 'gwlb_010101', gwgzxz: 'gx_001', sbsf: '440000', sbcs: '440300', sbxxdz: '深圳市南山区',
        zdyx: 15000, zgyx: 25000, xlyq: 'xl_00', jyyq: 'gzjy_00', zprs: 3, gwms: '负责后端服务开发。', fb: 1,
      },
    });
    expect(job.body.code, JSON.stringify(job.body)).toBe(0);
    const list = await srv.call<ApiReply<typeof jobsApi.listHr>>('/api/hr/qydwgwfbxx/findGwListHr', { token: hr.token, query: { page: 1, limit: 10 } });
    jobId = list.body.page.list[0].gwid;
    expect((await srv.call('/api/hr/qydwgwfbxx/updateHxsByGwid', { token: hr.token, body: { gwid: jobId, hxids: [running] } })).body.code).toBe(0);
    const z = await srv.call<ApiReply<typeof fairsApi.adminZoneSave>>('/api/xs/admin/fair/zone/save', { token: actors.operator.token, body: { hxid: running, tmc: '名企专区', px: 1 } });
    zone = z.body.tbsid;
    expect((await srv.call('/api/xs/admin/fair/zone/assign', { token: actors.operator.token, body: { hxid: running, dwid: hr.companyId, tbsid: zone } })).body.code).toBe(0);
  });

  it('lists the enterprises with their jobs at the fair, zones and industries', async () => {
    const hr = actors.hrApproved;
    const page = (await srv.call<ApiReply<typeof fairsApi.hallCompanies>>('/api/qz/bskhgl/list', { query: { hxid: running } })).body.page;
    const c = page.list.find((x) => x.dwid === hr.companyId);
    expect(c).toMatchObject({ hxfbgws: 1, hxzzgws: 1, sfsc: 0, ztid: zone, tmc: '名企专区', online: 0, dwsshy: 'hy_01' });
    expect(c!.gwfblist).toEqual([{ gwid: jobId, dwid: hr.companyId, gwmc: 'Java开发工程师', gwyx: 'xzfw_06', zdyx: 15000, zgyx: 25000 }]);
    // gwmc: enterprises with an open job of that title at the fair.
    expect((await srv.call<ApiReply<typeof fairsApi.hallCompanies>>('/api/qz/bskhgl/list', { query: { hxid: running, gwmc: 'Java' } })).body.page.list.map((x) => x.dwid)).toEqual([hr.companyId]);
    expect((await srv.call<ApiReply<typeof fairsApi.hallCompanies>>('/api/qz/bskhgl/list', { query: { hxid: running, gwmc: '厨师' } })).body.page.totalCount).toBe(0);
    // sfsc: the seeker follows the enterprise.
    expect((await srv.call(`/api/qz/qzgssc/sc/${hr.companyId}`, { method: 'POST', token: actors.seeker.token })).body.code).toBe(0);
    const followed = (await srv.call<ApiReply<typeof fairsApi.hallCompanies>>('/api/qz/bskhgl/list', { token: actors.seeker.token, query: { hxid: running, ztid: '', sshy: '', dwmc: '', gwmc: '' } })).body.page;
    expect(followed.list.find((x) => x.dwid === hr.companyId)!.sfsc).toBe(1);
    expect((await srv.call(`/api/qz/qzgssc/qxsc/${hr.companyId}`, { method: 'POST', token: actors.seeker.token })).body.code).toBe(0);
    expect((await srv.call('/api/qz/bsdwbmxx/ztListByHx', { query: { hxid: running } })).body.list).toEqual([{ tbsid: zone, tmc: '名企专区' }]);
    expect((await srv.call<ApiReply<typeof fairsApi.hallCompaniesByZone>>('/api/qz/bskhgl/listByZt', { query: { hxid: running, ztid: zone } })).body.page.list.map((x) => x.dwid)).toEqual([hr.companyId]);
    expect((await srv.call('/api/qz/bskhgl/listByZt', { query: { hxid: running } })).body.code).toBe(400);
    expect((await srv.call<ApiReply<typeof fairsApi.hallCompanies>>('/api/qz/bskhgl/list', { query: { hxid: running, sshy: 'hy_05' } })).body.page.totalCount).toBe(0);
    expect((await srv.call('/api/qz/bskhgl/queryHylxList', { query: { hxid: running } })).body.list).toEqual([{ hydm: 'hy_01', hymc: '互联网/IT/软件' }]);

    const jobs = await srv.call<ApiReply<typeof fairsApi.companyJobs>>('/api/qz/bskhgl/queryHyDwGwList', { query: { hxid: running, dwid: hr.companyId!, page: 1, limit: 10, type: 1 } });
    expect(jobs.body.dwinfo).toMatchObject({ dwid: hr.companyId, sshy: 'hy_01', dwjs: expect.any(String) });
    // page.records, not list (§2.5): the job row with its description
    expect((jobs.body.page as Record<string, unknown>).list).toBeUndefined();
    expect(jobs.body.page.records).toEqual([
      expect.objectContaining({ gwmc: 'Java开发工程师', dwid: hr.companyId, sbsf: '440000', sbcs: '440300', gwyx: 'xzfw_06', gwms: expect.any(String) }),
    ]);
    expect(jobs.body.page.totalCount).toBe(1);
    expect((await srv.call('/api/qz/bskhgl/queryHyDwGwList', { query: { hxid: future, dwid: actors.hrUnapproved.companyId! } })).body.code).toBe(404);
    expect(find((await list(null, { type: 2 })).body.page, running)!.gwfbs).toBe(1);
  });

  it('shows which HR of a booth are online, and the hall figures', async () => {
    const hr = actors.hrApproved;
    const seeker = actors.seeker;
    const stats0 = (await srv.call('/api/qz/bshxxx/hxdttj', { method: 'POST', query: { hxid: running } })).body.hxdttj;
    expect(stats0).toMatchObject({ chqys: 1, chgxs: 0, gwfbs: 1, ifks: 2 });

    const hrSock = await openSocket(srv.url, hr.token!);
    const seekerSock = await openSocket(srv.url, seeker.token!);
    expect((await srv.call('/api/qz/qzjrhxdtjl/joinHxDt', { method: 'POST', token: seeker.token, query: { hxid: running } })).body.code).toBe(0);
    expect((await srv.call('/imapi/api/meet/online', { method: 'POST', token: hr.token, query: { hxid: running, type: 1 } })).body.code).toBe(0);

    const online = await srv.call<ApiReply<typeof fairsApi.onlineHr>>('/api/qz/im/getOnlineHr', { token: seeker.token, query: { dwid: hr.companyId! } });
    const dwmc = (await srv.call<ApiReply<typeof fairsApi.companyJobs>>('/api/qz/bskhgl/queryHyDwGwList', { query: { hxid: running, dwid: hr.companyId! } })).body.dwinfo.dwmc;
    expect(online.body.onlineHrs).toEqual([{ hrid: hr.userId, xm: '张审核', zw: '招聘专员', dwmc }]);
    // Every HR of the company, online first: the offline colleague is there to be left a message.
    expect(online.body.page.list[0]).toEqual({ hrid: hr.userId, xm: '张审核', zw: '招聘专员', dwmc, online: true });
    expect(online.body.page.list.slice(1).every((h: { online: boolean }) => !h.online)).toBe(true);
    expect(online.body.page.totalCount).toBe(online.body.page.list.length);
    expect((await srv.call<ApiReply<typeof fairsApi.hallCompanies>>('/api/qz/bskhgl/list', { query: { hxid: running } })).body.page.list.find((x) => x.dwid === hr.companyId)!.online).toBe(1);
    const count = (type: number) => srv.call('/imapi/api/meet/onlineCount', { method: 'POST', query: { hxid: running, type } }).then((r) => r.body.data);
    expect(await count(1)).toBe(1);
    expect(await count(2)).toBe(1);
    expect(await count(3)).toBe(1);
    expect((await srv.call('/imapi/api/meet/onlineDw', { body: [hr.companyId, actors.hrUnapproved.companyId] })).body.data).toEqual([hr.companyId]);
    expect((await srv.call('/imapi/api/users/online', { token: hr.token, body: [seeker.userId, actors.operator.userId] })).body.data).toEqual([seeker.userId]);
    expect((await srv.call('/imapi/api/user/online', { method: 'POST', token: hr.token, query: { userid: seeker.userId! } })).body.data).toBe(true);

    const stats = (await srv.call<ApiReply<typeof fairsApi.stats>>('/api/qz/bshxxx/hxdttj', { query: { hxid: running } })).body.hxdttj;
    expect(stats.hyzrs).toBe(2);
    expect(stats.hxrcs).toBeGreaterThanOrEqual(2); // signed-up seekers plus the one who walked in

    hrSock.close();
    await hrSock.closed;
    // Once the HR has gone, the booth shows offline.
    while ((await srv.call<ApiReply<typeof fairsApi.onlineHr>>('/api/qz/im/getOnlineHr', { token: seeker.token, query: { dwid: hr.companyId! } })).body.onlineHrs.length) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await count(3)).toBe(0);
    // Still listed, offline: the booth offers 留言.
    const after = (await srv.call<ApiReply<typeof fairsApi.onlineHr>>('/api/qz/im/getOnlineHr', { token: seeker.token, query: { dwid: hr.companyId! } })).body.page.list;
    expect(after).toContainEqual({ hrid: hr.userId, xm: '张审核', zw: '招聘专员', dwmc, online: false });
    seekerSock.close();
  });

  it("shows HR the talent hall: seekers who signed up or came in, gender as text, the jobs they applied to at this fair", async () => {
    const hr = actors.hrApproved;
    const seeker = actors.seeker;
    expect((await srv.call('/api/qz/qzjrhxdtjl/joinHxDt', { method: 'POST', token: seeker.token, query: { hxid: running } })).body.code).toBe(0);
    expect((await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: seeker.token, query: { gwid: jobId, hxid: running } })).body.code).toBe(0);
    const talents = async (query: Record<string, string> = {}) =>
      (await srv.call<ApiReply<typeof fairsApi.hallTalents>>('/api/hr/qzgrjbxx/selectHxrcPageList', { token: hr.token, query: { hxid: running, xxmc: '', zymc: '', userId: hr.userId!, page: 1, limit: 30, ...query } })).body.page;
    const me = (await talents()).list.find((t) => t.qzbsid === seeker.userId);
    expect(me).toMatchObject({ xm: '测先生', xb: '男', ypgw: 'Java开发工程师', sfsc: 0 });
    expect((await srv.call('/api/hr/qyjlsc/addJlsc', { token: hr.token, query: { qzzid: seeker.userId! } })).body.code).toBe(0);
    expect((await talents()).list.find((t) => t.qzbsid === seeker.userId)!.sfsc).toBe(1);
    // A résumé hidden from talent search is not in the hall either.
    expect((await srv.call('/api/qz/qzgrjbxx/updateJlyc/1', { token: seeker.token })).body.code).toBe(0);
    expect((await talents()).list.map((t) => t.qzbsid)).not.toContain(seeker.userId);
    expect((await srv.call('/api/qz/qzgrjbxx/updateJlyc/0', { token: seeker.token })).body.code).toBe(0);
    expect((await talents({ xxmc: '不存在的学校名' })).totalCount).toBe(0);
  });
});

describe('start reminders', () => {
  it('reminds every signed-up person once, even with several nodes sending', async () => {
    const soon = await createFair({ hymc: '即将开始的网络招聘会', sfxs: 1, hykssj: china(15), hyjssj: china(4 * H) });
    const later = await createFair({ hymc: '三小时后开始的招聘会', sfxs: 1, hykssj: china(3 * H), hyjssj: china(5 * H) });
    const seeker = actors.seeker;
    const hr = actors.hrApproved;
    expect((await srv.call('/api/qz/bsrcbmxx/hxBmMore', { token: seeker.token, body: [soon, later] })).body.code).toBe(0);
    expect((await srv.call('/api/hr/bsdwbmxx/addBmhxxMore', { token: hr.token, body: [soon] })).body.code).toBe(0);
    const sock = await openSocket(srv.url, seeker.token!);

    const hrCount = (await hrIdsOfCompany(srv.app.services.db, hr.companyId!)).length;
    expect(hrCount).toBe(2); // a colleague joined the enterprise above
    const sent = await Promise.all([sendFairReminders(srv.app.services), sendFairReminders(srv.app.services)]);
    expect(sent[0] + sent[1]).toBe(1 + hrCount); // the seeker and every HR of the enterprise, each once
    const m = (await sock.next()) as ReminderFrame;
    expect(m).toMatchObject({ type: 1, message: { lb: 'hxxx', bt: '招聘会即将开始', tzlj: `/zppc/public/meetinghall/${soon}/1` } });
    expect(m.message.nr).toContain('即将开始的网络招聘会');
    expect(await sendFairReminders(srv.app.services)).toBe(0);
    const hrList = await srv.call<ApiReply<typeof notifyApi.hrList>>('/api/hr/qyxxtx/list/xx_002/1/20', { token: hr.token });
    expect(hrList.body.page.list.filter((x) => x.bt === '招聘会即将开始' && x.nr.includes('即将开始的网络招聘会'))).toHaveLength(1);
    sock.close();
  });
});

describe('bad input', () => {
  it('answers with a Chinese message and changes nothing', async () => {
    const t = actors.seeker.token;
    const cases: [string, Parameters<TestServer['call']>[1]][] = [
      ['/api/hr/bshxxx/findHxListByType', { query: { type: 3 } }],
      ['/api/hr/bshxxx/findHxListByType', { query: { ksny: '2024-13' } }],
      ['/api/hr/bshxxx/findHxListByType', { query: { limit: 0 } }],
      ['/api/hr/bshxxx/findHxListByType', { query: { page: 'abc' } }],
      ['/api/hr/bshxxx/findHxListByType', { query: { csdm: "'; drop table fairs; --" } }],
      ['/api/hr/bshxxx/findHxInfo', { query: {} }],
      ['/api/hr/bshxxx/findHxInfo', { query: { hxid: '0' } }],
      ['/api/qz/bsrcbmxx/hxBmMore', { token: t, body: { hxid: future } }],
      ['/api/qz/bsrcbmxx/hxBmMore', { token: t, body: [] }],
      ['/api/qz/bsrcbmxx/hxBmMore', { token: t, body: ['abc'] }],
      ['/api/qz/bsrcbmxx/hxBmMore', { token: t, body: [Number(future)] }],
      ['/api/qz/bsrcbmxx/hxBmMore', { token: t, body: [future, future] }],
      ['/api/qz/bsrcbmxx/hxBmMore', { token: t, body: Array.from({ length: 51 }, (_, i) => String(i + 1)) }],
      ['/api/qz/bsrcbmxx/hxBmMore', { token: t, raw: '[' }],
      ['/api/qz/jobFairFavorite/Unfavorite', { method: 'POST', token: t, body: {} }],
      ['/api/qz/bskhgl/list', { query: { hxid: running, limit: 500 } }],
      ['/api/qz/bskhgl/queryHyDwGwList', { query: { hxid: running } }],
      ['/imapi/api/meet/onlineCount', { method: 'POST', query: { hxid: running, type: 4 } }],
      ['/imapi/api/meet/onlineDw', { body: 'abc' }],
      ['/api/xs/admin/fair/save', { token: actors.operator.token, body: { hymc: 123 } }],
      ['/api/xs/admin/fair/zone/save', { token: actors.operator.token, body: { hxid: running, tmc: '' } }],
      ['/api/xs/admin/fair/zone/assign', { token: actors.operator.token, body: { hxid: running, dwid: actors.hrApproved.companyId, tbsid: 'x' } }],
    ];
    const before = (await srv.call<ApiReply<typeof fairsApi.seekerFairs>>('/api/qz/bsrcbmxx/list', { method: 'POST', token: t })).body.hxList.length;
    for (const [path, opts] of cases) {
      const r = await srv.call(path, opts);
      expect(r.body.code, `${path} ${JSON.stringify(opts)} → ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await srv.call<ApiReply<typeof fairsApi.seekerFairs>>('/api/qz/bsrcbmxx/list', { method: 'POST', token: t })).body.hxList.length).toBe(before);
    expect((await srv.call('/api/hr/bshxxx/findHxInfo', { query: { hxid: '999999999' } })).body.code).toBe(404);
    expect((await srv.call('/api/qz/bsdwbmxx/ztListByHx', { query: { hxid: '999999999' } })).body.code).toBe(404);
  });
});

describe('role × endpoint', () => {
  it('lets each role do exactly what it may', async () => {
    const get = (path: string, query: Record<string, string | number> = {}) => (a: Actor) => srv.call(path, { token: a.token, query });
    const post = (path: string, body?: unknown, query?: Record<string, string>) => (a: Actor) => srv.call(path, { method: 'POST', token: a.token, body, query });
    const everyone = expectedCodes(['anonymous', 'seekerIncomplete', 'seeker', 'hrUnapproved', 'hrApproved', 'operator']);
    const loggedIn = expectedCodes(['seekerIncomplete', 'seeker', 'hrUnapproved', 'hrApproved', 'operator']);
    const seekers = expectedCodes(['seekerIncomplete', 'seeker']);
    const hrs = expectedCodes(['hrUnapproved', 'hrApproved']);
    const operator = expectedCodes(['operator']);

    expect(await codesByRole(actors, get('/api/hr/bshxxx/findHxListByType'))).toEqual(everyone);
    expect(await codesByRole(actors, get('/api/hr/bshxxx/findHxInfo', { hxid: future }))).toEqual(everyone);
    expect(await codesByRole(actors, get('/api/qz/bshxxx/hxdttj', { hxid: running }))).toEqual(everyone);
    expect(await codesByRole(actors, get('/api/qz/bskhgl/list', { hxid: running }))).toEqual(everyone);
    expect(await codesByRole(actors, get('/api/qz/bsdwbmxx/ztListByHx', { hxid: running }))).toEqual(everyone);
    expect(await codesByRole(actors, get('/api/qz/bskhgl/queryHylxList', { hxid: running }))).toEqual(everyone);
    expect(await codesByRole(actors, post('/imapi/api/meet/onlineCount', undefined, { hxid: running, type: '3' }))).toEqual(everyone);
    expect(await codesByRole(actors, post('/imapi/api/meet/onlineDw', [actors.hrApproved.companyId]))).toEqual(everyone);
    expect(await codesByRole(actors, post('/api/qz/qzjrhxdtjl/joinHxDt', undefined, { hxid: running }))).toEqual(everyone);

    expect(await codesByRole(actors, get('/api/qz/im/getOnlineHr', { dwid: actors.hrApproved.companyId! }))).toEqual(loggedIn);
    // the previous client's presence calls come without a token: served to all, recorded for the logged-in
    expect(await codesByRole(actors, post('/imapi/api/meet/online', undefined, { hxid: running }))).toEqual(everyone);
    expect(await codesByRole(actors, post('/imapi/api/users/online', [actors.seeker.userId]))).toEqual(everyone);
    expect(await codesByRole(actors, post('/imapi/api/user/online', undefined, { userid: actors.seeker.userId! }))).toEqual(everyone);

    // Sign-up: seekers need wsd ≥ 60, HR an approved enterprise.
    expect(await codesByRole(actors, post('/api/qz/bsrcbmxx/hxBmMore', [future]))).toEqual(expectedCodes(['seeker']));
    expect(await codesByRole(actors, post('/api/hr/bsdwbmxx/addBmhxxMore', [future]))).toEqual(expectedCodes(['hrApproved']));
    expect(await codesByRole(actors, post('/api/qz/bsrcbmxx/list'))).toEqual(seekers);
    expect(await codesByRole(actors, get('/api/hr/bshxxx/findYdHxPageAllListByDw'))).toEqual(hrs);
    // Signed up just above: only the approved enterprise's HR gets code 0.
    expect(await codesByRole(actors, get('/api/hr/bsdwbmxx/findDwBmzt', { hxid: future }))).toEqual(expectedCodes(['hrApproved']));
    expect(await codesByRole(actors, get('/api/hr/bshxxx/findHxPageAllListBySelf'))).toEqual(hrs);
    expect(await codesByRole(actors, get('/api/hr/qzgrjbxx/selectHxrcPageList', { hxid: running }))).toEqual(expectedCodes(['hrApproved']));
    expect(await codesByRole(actors, post('/api/hr/qyjrhxdtjl/joinHxDt', undefined, { hxid: running }))).toEqual(hrs);

    expect(await codesByRole(actors, post('/api/qz/jobFairFavorite/favoriteMore', [future]))).toEqual(seekers);
    expect(await codesByRole(actors, post('/api/hr/jobFairFavorite/favoriteMore', [future]))).toEqual(hrs);
    expect(await codesByRole(actors, post('/api/qz/jobFairFavorite/Unfavorite', undefined, { hxid: future }))).toEqual(seekers);
    expect(await codesByRole(actors, post('/api/hr/jobFairFavorite/Unfavorite', undefined, { hxid: future }))).toEqual(hrs);
    expect(await codesByRole(actors, get('/api/qz/jobFairFavorite/collectedList'))).toEqual(seekers);
    expect(await codesByRole(actors, get('/api/hr/jobFairFavorite/collectedList'))).toEqual(hrs);

    expect(await codesByRole(actors, get('/api/xs/admin/fair/list'))).toEqual(operator);
    expect(await codesByRole(actors, get('/api/xs/admin/fair/signups', { hxid: running }))).toEqual(operator);
    expect(await codesByRole(actors, post('/api/xs/admin/fair/publish', { hxid: future, fbzt: 1 }))).toEqual(operator);
    const zones = await codesByRole(actors, post('/api/xs/admin/fair/zone/save', { hxid: future, tmc: '高校专区' }));
    expect(zones).toEqual(operator);
    expect(await codesByRole(actors, post('/api/xs/admin/fair/zone/assign', { hxid: running, dwid: actors.hrApproved.companyId, tbsid: '' }))).toEqual(operator);
    expect(await codesByRole(actors, post('/api/xs/admin/fair/save', { hymc: '角色矩阵测试会', sfxs: 1, sfgy: 1, hykssj: china(D), hyjssj: china(D + H), fbzt: 0 }))).toEqual(operator);
  });

  it('the operator sees who signed up', async () => {
    const r = await srv.call<ApiReply<typeof fairsApi.adminSignups>>('/api/xs/admin/fair/signups', { token: actors.operator.token, query: { hxid: running } });
    expect(r.body.page.list.map((x) => x.dwid)).toContain(actors.hrApproved.companyId);
    expect(r.body.bmrs).toBeGreaterThanOrEqual(1);
  });
});

