import { afterAll, beforeAll, expect, it } from 'vitest';
import type { contentApi, fairsApi, jobsApi } from '@zp/core/contract';
import { startServer, type ApiReply, type TestServer } from '../../../test/helpers.js';
import { sql } from '../../db/index.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({ demo: true });
});
afterAll(() => srv?.close());

it('demo: fairs online and offline, ended, running and upcoming; the demo accounts signed up', async () => {
  for (const type of [1, 2]) {
    const r = await srv.call<ApiReply<typeof fairsApi.list>>('/api/hr/bshxxx/findHxListByType', { query: { type, page: 1, limit: 50 } });
    const states = new Set(r.body.page.list.map((f) => f.ifks));
    expect([...states].sort()).toEqual([1, 2, 3]);
    expect(r.body.page.list.every((f) => f.hymc.length > 4 && f.zbdw)).toBe(true);
    if (type === 2) expect(r.body.page.list.every((f) => f.hydd && f.csdm)).toBe(true);
  }
  const hr = await srv.login('hr', '13800000002');
  const mine = await srv.call<ApiReply<typeof fairsApi.companyFairs>>('/api/hr/bshxxx/findYdHxPageAllListByDw', { token: hr.token, query: { page: 1, limit: 20 } });
  expect(mine.body.page.totalCount).toBeGreaterThanOrEqual(3);
  const qz = await srv.login('qz', '13800000001');
  const seekerFairs = await srv.call<ApiReply<typeof fairsApi.seekerFairs>>('/api/qz/bsrcbmxx/list', { method: 'POST', token: qz.token });
  expect(seekerFairs.body.hxList.length).toBeGreaterThanOrEqual(3);
  const running = seekerFairs.body.hxList.find((f) => f.ifks === 2 && f.sfxs === 1)!;
  const zones = await srv.call<ApiReply<typeof fairsApi.hallZones>>('/api/qz/bsdwbmxx/ztListByHx', { query: { hxid: running.hxid } });
  expect(zones.body.list.map((z) => z.tmc)).toEqual(['名企专区', '高校专区', '科研院所专区']);
  const hall = await srv.call<ApiReply<typeof fairsApi.hallCompanies>>('/api/qz/bskhgl/list', { query: { hxid: running.hxid } });
  expect(hall.body.page.totalCount).toBeGreaterThanOrEqual(5);
  // The jobs step shows jobs of the signed-up enterprises at the fairs still open.
  expect(hall.body.page.list.some((c) => c.hxfbgws > 0 && c.gwfblist.length > 0)).toBe(true);
  expect(running.gwfbs).toBeGreaterThan(0);
});

it("demo: the hall answers the previous client's calls in its order and shapes (Meetinghall.vue)", async () => {
  const qz = await srv.login('qz', '13800000001');
  const hr = await srv.login('hr', '13800000002');
  const running = (await srv.call<ApiReply<typeof fairsApi.seekerFairs>>('/api/qz/bsrcbmxx/list', { method: 'POST', token: qz.token })).body.hxList.find((f) => f.ifks === 2)!;
  const hxid = running.hxid;
  expect(running).toMatchObject({ hxid, hymc: expect.any(String), cbdw: expect.any(String) });
  const info = (await srv.call<ApiReply<typeof fairsApi.detail>>('/api/hr/bshxxx/findHxInfo', { method: 'POST', query: { hxid } })).body.bsHxxx;
  expect(info).toMatchObject({ hxid, hymc: running.hymc, hylx: expect.any(String) });
  expect(info.hykssj.replace('-', '年').replace('-', '月')).toMatch(/^\d{4}年\d\d月\d\d \d\d:\d\d:\d\d$/);
  const stats = (await srv.call<ApiReply<typeof fairsApi.stats>>('/api/qz/bshxxx/hxdttj', { method: 'POST', query: { hxid } })).body.hxdttj;
  for (const k of ['chqys', 'chgxs', 'gwfbs', 'jltds', 'mys', 'jxzhxs', 'hyzrs', 'hxrcs'] as const) expect(Number.isInteger(stats[k])).toBe(true);
  const industries = (await srv.call<ApiReply<typeof fairsApi.hallIndustries>>('/api/qz/bskhgl/queryHylxList', { query: { hxid } })).body.list;
  expect(industries.length).toBeGreaterThan(0);
  for (const i of industries) expect(i).toEqual({ hydm: expect.any(String), hymc: expect.any(String) });
  const zones = (await srv.call<ApiReply<typeof fairsApi.hallZones>>('/api/qz/bsdwbmxx/ztListByHx', { query: { hxid } })).body.list;
  for (const z of zones) expect(z).toEqual({ tbsid: expect.any(String), tmc: expect.any(String) });
  // The client sends every filter, empty ones as '' (ztid too on /list).
  const page = (await srv.call<ApiReply<typeof fairsApi.hallCompanies>>('/api/qz/bskhgl/list', { token: qz.token, query: { hxid, ztid: '', sshy: '', dwmc: '', gwmc: '', page: 1, limit: 30 } })).body.page;
  expect(page).toMatchObject({ totalCount: expect.any(Number), totalPage: expect.any(Number), currPage: 1 });
  for (const c of page.list) {
    expect(c).toMatchObject({ dwid: expect.any(String), dwmc: expect.any(String), dwxz: expect.any(String) });
    expect([0, 1]).toContain(c.sfsc);
    expect(c.hxzzgws).toBeLessThanOrEqual(c.hxfbgws);
    expect(c.gwfblist.length).toBeLessThanOrEqual(5);
    for (const j of c.gwfblist) expect(j).toMatchObject({ gwid: expect.any(String), dwid: c.dwid, gwmc: expect.any(String), gwyx: expect.any(String) });
  }
  const withJobs = page.list.find((c) => c.gwfblist.length)!;
  const title = withJobs.gwfblist[0].gwmc as string;
  const byTitle = (await srv.call<ApiReply<typeof fairsApi.hallCompanies>>('/api/qz/bskhgl/list', { query: { hxid, gwmc: title, page: 1, limit: 30 } })).body.page.list;
  expect(byTitle.map((c) => c.dwid)).toContain(withJobs.dwid);
  expect(byTitle.length).toBeLessThanOrEqual(page.list.length);
  const byZone = (await srv.call('/api/qz/bskhgl/listByZt', { query: { hxid, ztid: zones[0].tbsid, sshy: '', dwmc: '', gwmc: '', page: 1, limit: 30 } })).body;
  expect(byZone.code).toBe(0);
  // The talent hall, for HR only: gender as text, applied jobs as text.
  const talents = (await srv.call<ApiReply<typeof fairsApi.hallTalents>>('/api/hr/qzgrjbxx/selectHxrcPageList', { token: hr.token, query: { hxid, xxmc: '', zymc: '', userId: hr.userId, page: 1, limit: 30 } })).body.page;
  expect(talents.list.length).toBeGreaterThan(0);
  for (const t of talents.list) {
    expect(['男', '女']).toContain(t.xb);
    expect(t).toMatchObject({ qzbsid: expect.any(String), xm: expect.any(String), zgxl: expect.any(String), gznx: expect.any(Number), zgzy: expect.any(String), ypgw: expect.any(String) });
    expect([0, 1]).toContain(t.sfsc);
  }
  expect((await srv.call('/api/hr/qzgrjbxx/selectHxrcPageList', { token: qz.token, query: { hxid } })).body.code).toBe(403);
  const logos = (await srv.call('/api/hr/qydwhrxx/getDwLogos', { method: 'POST', body: page.list.map((c) => c.dwid) })).body;
  expect(typeof logos.urls).toBe('object');
  const avatars = (await srv.call('/api/qz/qzFile/getUserLogos', { method: 'POST', token: hr.token, body: talents.list.map((t) => t.qzbsid) })).body;
  expect(typeof avatars.urls).toBe('object');
  const hrs = (await srv.call<ApiReply<typeof fairsApi.onlineHr>>('/api/qz/im/getOnlineHr', { token: qz.token, query: { dwid: withJobs.dwid } })).body;
  expect(Array.isArray(hrs.onlineHrs)).toBe(true);
  for (const h of hrs.page.list) expect(h).toMatchObject({ hrid: expect.any(String), zw: expect.any(String), dwmc: withJobs.dwmc });
  expect(Number.isInteger((await srv.call('/imapi/api/meet/onlineCount', { method: 'POST', query: { hxid, type: 1 } })).body.data)).toBe(true);
  expect(Array.isArray((await srv.call('/imapi/api/meet/onlineDw', { method: 'POST', body: [withJobs.dwid] })).body.data)).toBe(true);
  expect(Array.isArray((await srv.call('/imapi/api/users/online', { method: 'POST', token: hr.token, body: [talents.list[0].qzbsid] })).body.data)).toBe(true);
  // The ticker: no token, lines with a time and a text naming no job seeker.
  const ticker = (await srv.call<ApiReply<typeof fairsApi.hallTicker>>('/api/qz/systemhxlogs/list', { query: { page: 1, limit: 30 } })).body.page.list;
  expect(ticker.length).toBeGreaterThan(0);
  for (const l of ticker) {
    expect(Number.isNaN(new Date(l.createTime.replace(' ', 'T')).getTime())).toBe(false);
    expect(l.lgnr).not.toContain('李明');
  }
});

it('demo: a place filter takes a city or a whole province (offline fairs, and the home page companies)', async () => {
  const all = (await srv.call<ApiReply<typeof fairsApi.list>>('/api/hr/bshxxx/findHxListByType', { query: { type: 2, page: 1, limit: 50 } })).body.page.list as { csdm: string }[];
  const city = all[0]!.csdm;
  const province = `${city.slice(0, 2)}0000`;
  const byCity = (await srv.call<ApiReply<typeof fairsApi.list>>('/api/hr/bshxxx/findHxListByType', { query: { type: 2, page: 1, limit: 50, csdm: city } })).body.page.list as { csdm: string }[];
  const byProvince = (await srv.call<ApiReply<typeof fairsApi.list>>('/api/hr/bshxxx/findHxListByType', { query: { type: 2, page: 1, limit: 50, csdm: province } })).body.page.list as { csdm: string }[];
  expect(byCity.length).toBeGreaterThan(0);
  expect(byCity.every((f) => f.csdm === city)).toBe(true);
  expect(byProvince.length).toBe(all.filter((f) => f.csdm.startsWith(city.slice(0, 2))).length);
  expect(byProvince.length).toBeGreaterThanOrEqual(byCity.length);
  const companies = (await srv.call<ApiReply<typeof contentApi.companiesByType>>('/api/hr/bskhgl/findDwListByType', { query: { page: 1, limit: 12, type: 1, csdm: province } })).body;
  expect(companies.code).toBe(0);
  // The home page's company cards: 热招岗位 and BOSS在线 counts beside the name, nature, industry and job titles.
  for (const c of companies.page.list) {
    expect(c).toMatchObject({ dwid: expect.any(String), dwmc: expect.any(String), dwxz: expect.any(String), dwsshy: expect.any(String), gwmc: expect.any(String) });
    expect(Number.isInteger(c.rzgws) && Number.isInteger(c.booszxs)).toBe(true);
  }
});

it("demo: the previous client's fair search (queryHxListJs) filters by province, venue, kind, months and name", async () => {
  const search = (query: Record<string, string | number>) => srv.call<ApiReply<typeof fairsApi.search>>('/api/xs/business/hxxx/queryHxListJs', { method: 'POST', query: { page: 1, limit: 27, ...query } }).then((r) => r.body);
  const all = await search({ sfxs: 3, pxfs: '', hysf: '', hylx: '', kssj: '', jssj: '', hymc: '', userId: '123', roleId: '' });
  expect(all.code).toBe(0);
  const rows = all.page.list as { hxid: string; hymc: string; hylx: string; sfxs: number; csdm: string; hykssj: string; hyjssj: string; hydd: string }[];
  // Exactly the fields the previous client reads: hylx is the kind (m_hyktdm), times 'YYYY-MM-DD HH:mm:ss'.
  for (const f of rows) {
    expect(f).toMatchObject({ hxid: expect.any(String), hymc: expect.any(String), hylx: expect.any(String), hydd: expect.any(String) });
    expect(f.hykssj).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(f.hyjssj).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  }
  expect(all.page.totalCount).toBeGreaterThanOrEqual(rows.length);
  expect(rows.length).toBeGreaterThan(3);
  const offline = rows.find((f) => f.sfxs === 2)!;
  const province = `${offline.csdm.slice(0, 2)}0000`;
  const inProvince = (await search({ sfxs: 2, hysf: province })).page.list as typeof rows;
  expect(inProvince.length).toBeGreaterThan(0);
  expect(inProvince.every((f) => f.sfxs === 2 && f.csdm.startsWith(province.slice(0, 2)))).toBe(true);
  const online = (await search({ sfxs: 1 })).page.list as typeof rows;
  expect(online.every((f) => f.sfxs === 1 && f.hydd === '')).toBe(true);
  const kind = rows.find((f) => f.hylx)!.hylx;
  const ofKind = (await search({ hylx: kind })).page.list as typeof rows;
  expect(ofKind.length).toBeGreaterThan(0);
  expect(ofKind.every((f) => f.hylx === kind)).toBe(true);
  const month = offline.hykssj.slice(0, 7);
  const inMonth = (await search({ kssj: `${month}-01 00:00:00`, jssj: `${month}-01 00:00:00` })).page.list as typeof rows;
  expect(inMonth.length).toBeGreaterThan(0);
  expect(inMonth.every((f) => f.hykssj.startsWith(month))).toBe(true);
  expect(((await search({ hymc: offline.hymc.slice(0, 4) })).page.list as typeof rows).some((f) => f.hxid === offline.hxid)).toBe(true);
  expect((await search({ sfxs: 9 })).code).toBe(400);
});

it("demo: the halls' ticker shows the latest sign-ups and hall applications, newest first, naming no job seeker", async () => {
  const r = await srv.call('/api/qz/systemhxlogs/list', { query: { page: 1, limit: 30 } });
  expect(r.body.code).toBe(0);
  const { list, totalCount } = r.body.page as { list: { createTime: string; lgnr: string }[]; totalCount: number };
  expect(list.length).toBeGreaterThan(0);
  expect(totalCount).toBeGreaterThanOrEqual(list.length);
  for (const line of list) {
    expect(line.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(line.lgnr).toMatch(/报名参加了「.+」|投递了「.+」/);
    expect(line.lgnr).not.toContain('李明'); // the demo seeker signed up, anonymously here
  }
  expect([...list].sort((a, b) => b.createTime.localeCompare(a.createTime))).toEqual(list);
  // A sign-up made now comes first.
  const qz = await srv.login('qz', '13800000001');
  const all = [
    ...(await srv.call<ApiReply<typeof fairsApi.list>>('/api/hr/bshxxx/findHxListByType', { token: qz.token, query: { type: 1, page: 1, limit: 50 } })).body.page.list,
    ...(await srv.call<ApiReply<typeof fairsApi.list>>('/api/hr/bshxxx/findHxListByType', { token: qz.token, query: { type: 2, page: 1, limit: 50 } })).body.page.list,
  ];
  const open = all.find((f) => f.ifks === 1 && !f.sfbm);
  expect(open, 'a fair the demo seeker has not signed up for').toBeTruthy();
  {
    expect((await srv.call('/api/qz/bsrcbmxx/hxBmMore', { method: 'POST', token: qz.token, body: [open!.hxid] })).body.code).toBe(0);
    const first = (await srv.call<ApiReply<typeof fairsApi.hallTicker>>('/api/qz/systemhxlogs/list', { query: { page: 1, limit: 1 } })).body.page.list[0];
    expect(first.lgnr).toBe(`一位求职者报名参加了「${open!.hymc}」`);
  }
});

it("demo: a hall's 会场动态 (hxid) holds only that fair's news; without hxid, no ended fair's", async () => {
  const list = async (type: number) => (await srv.call<ApiReply<typeof fairsApi.list>>('/api/hr/bshxxx/findHxListByType', { query: { type, page: 1, limit: 50 } })).body.page.list as { hxid: string; hymc: string; ifks: number }[];
  const fairs = [...(await list(1)), ...(await list(2))];
  const ticker = async (query: Record<string, string | number>) => (await srv.call<ApiReply<typeof fairsApi.hallTicker>>('/api/qz/systemhxlogs/list', { query: { page: 1, limit: 100, ...query } })).body.page.list as { lgnr: string }[];
  const named = (lines: { lgnr: string }[]) => new Set(lines.map((l) => /「([^」]+)」/.exec(l.lgnr)![1]));
  const running = fairs.filter((f) => f.ifks === 2);
  expect(running.length).toBeGreaterThan(1);
  for (const fair of running) {
    const lines = await ticker({ hxid: fair.hxid });
    expect(lines.length, fair.hymc).toBeGreaterThan(0);
    expect([...named(lines)]).toEqual([fair.hymc]);
  }
  const ended = fairs.filter((f) => f.ifks === 3).map((f) => f.hymc);
  expect(ended.length).toBeGreaterThan(0);
  const legacy = named(await ticker({}));
  expect(legacy.size).toBeGreaterThan(1);
  for (const name of ended) expect(legacy.has(name), name).toBe(false);
  expect((await srv.call('/api/qz/systemhxlogs/list', { query: { page: 1, limit: 30, hxid: 'x' } })).body.code).toBe(400);
});

it("demo: the HR centre's figures (hrInfoTj) count the enterprise's fairs, open jobs, received and downloaded résumés", async () => {
  const hr = await srv.login('hr', '13800000002');
  const r = await srv.call<ApiReply<typeof fairsApi.hrFigures>>('/api/hr/bshxxx/hrInfoTj', { method: 'POST', token: hr.token });
  expect(r.body.code).toBe(0);
  const f = r.body.qygrxxtjVO;
  const booked = (await srv.call<ApiReply<typeof fairsApi.companyFairs>>('/api/hr/bshxxx/findYdHxPageAllListByDw', { token: hr.token, query: { page: 1, limit: 100 } })).body.page.totalCount;
  const open = (await srv.call<ApiReply<typeof jobsApi.listHr>>('/api/hr/qydwgwfbxx/findGwListHr', { token: hr.token, query: { zt: 1, page: 1, limit: 1 } })).body.page.totalCount;
  expect(f).toMatchObject({ ydcgs: booked, hrzzzws: open });
  expect(f.ycjhxs).toBeLessThanOrEqual(f.ydcgs);
  expect(f.hrsdjls).toBeGreaterThan(0);
  expect(Number.isInteger(f.hrxzjls)).toBe(true);
  expect((await srv.call('/api/hr/bshxxx/hrInfoTj', { method: 'POST' })).body.code).toBe(401);
});

it('demo: banners in all four slots drawn by the server, and a dozen notices', async () => {
  for (const zswz of ['b_01', 'b_02', 'b_03', 'b_04']) {
    const r = await srv.call<ApiReply<typeof contentApi.banners>>('/api/system/system/syspcbanner/ApiList', { query: { zswz } });
    expect(r.body.list.length).toBeGreaterThanOrEqual(1);
    for (const b of r.body.list) {
      expect(b.url.startsWith(srv.url)).toBe(true);
      const img = await fetch(b.url);
      expect(img.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    }
  }
  const notices = await srv.call<ApiReply<typeof contentApi.notices>>('/api/xs/notice/getNoticeMsgWeb', { body: { page: 1, limit: 20 } });
  expect(notices.body.page.totalCount).toBe(12);
  const b1 = await srv.call<ApiReply<typeof contentApi.banners>>('/api/system/system/syspcbanner/ApiList', { query: { zswz: 'b_01' } });
  const noticeLink = b1.body.list.find((b) => b.tzlj.startsWith('/public/noticedetail?noticeid='))!;
  const id = noticeLink.tzlj.split('=')[1];
  expect((await srv.call<ApiReply<typeof contentApi.notice>>('/api/xs/notice/getNoticeDetails', { query: { bsid: id } })).body.data.title).toBe('高校毕业生一次性求职创业补贴申领指南');
});

it('demo: an ended fair keeps the count of jobs it showed (岗位), whatever became of the jobs since', async () => {
  const list = async (type: number) => (await srv.call<ApiReply<typeof fairsApi.list>>('/api/hr/bshxxx/findHxListByType', { query: { type, page: 1, limit: 50 } })).body.page.list as { hxid: string; ifks: number; gwfbs: number }[];
  const gwfbs = async (hxid: string) => [...(await list(1)), ...(await list(2))].find((f) => f.hxid === hxid)!.gwfbs;
  // The demo's ended fairs had jobs on show while they ran.
  for (const f of [...(await list(1)), ...(await list(2))].filter((x) => x.ifks === 3)) expect(f.gwfbs, f.hxid).toBeGreaterThan(0);

  // A running fair with the demo enterprise's jobs ends; afterwards the HR closes one of those
  // jobs, deletes another and takes a third off its fairs.
  const hr = await srv.login('hr', '13800000002');
  const mine = (await srv.call<ApiReply<typeof fairsApi.companyFairs>>('/api/hr/bshxxx/findYdHxPageAllListByDw', { token: hr.token, query: { page: 1, limit: 50 } })).body.page.list as { hxid: string; ifks: number }[];
  const running = mine.find((f) => f.ifks === 2)!;
  const before = await gwfbs(running.hxid);
  expect(before).toBeGreaterThan(2);
  await srv.app.services.db.execute(sql`update fairs set ends_at = now() - interval '1 minute' where id = ${running.hxid}`);
  const own = (await srv.call<ApiReply<typeof jobsApi.listHr>>('/api/hr/qydwgwfbxx/findGwListHr', { token: hr.token, query: { gwzt: '2', page: 1, limit: 100 } })).body.page.list as { gwid: string }[];
  const atFair = [];
  for (const j of own) {
    const fairs = (await srv.call('/api/hr/qydwgwfbxx/getHxsByGwid', { token: hr.token, query: { gwid: j.gwid } })).body.hxlist as { hxid: string; sfxz: number }[];
    if (fairs.some((f) => f.hxid === running.hxid && f.sfxz === 1)) atFair.push(j.gwid);
  }
  expect(atFair.length).toBeGreaterThanOrEqual(3);
  expect((await srv.call('/api/hr/qydwgwfbxx/auditGW', { token: hr.token, query: { gwid: atFair[0], type: 4 } })).body.code).toBe(0);
  expect((await srv.call(`/api/hr/qydwgwfbxx/deleteGW/${atFair[1]}`, { method: 'POST', token: hr.token })).body.code).toBe(0);
  expect((await srv.call('/api/hr/qydwgwfbxx/updateHxsByGwid', { token: hr.token, body: { gwid: atFair[2], hxids: [] } })).body.code).toBe(0);
  expect(await gwfbs(running.hxid)).toBe(before);
});
