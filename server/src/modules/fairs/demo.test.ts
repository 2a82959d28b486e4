import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/helpers.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({ demo: true });
});
afterAll(() => srv?.close());

it('demo: fairs online and offline, ended, running and upcoming; the demo accounts signed up', async () => {
  for (const type of [1, 2]) {
    const r = await srv.call('/api/hr/bshxxx/findHxListByType', { query: { type, page: 1, limit: 50 } });
    const states = new Set(r.body.page.list.map((f: any) => f.ifks));
    expect([...states].sort()).toEqual([1, 2, 3]);
    expect(r.body.page.list.every((f: any) => f.hymc.length > 4 && f.zbdw)).toBe(true);
    if (type === 2) expect(r.body.page.list.every((f: any) => f.hydd && f.csdm)).toBe(true);
  }
  const hr = await srv.login('hr', '13800000002');
  const mine = await srv.call('/api/hr/bshxxx/findYdHxPageAllListByDw', { token: hr.token, query: { page: 1, limit: 20 } });
  expect(mine.body.page.totalCount).toBeGreaterThanOrEqual(3);
  const qz = await srv.login('qz', '13800000001');
  const seekerFairs = await srv.call('/api/qz/bsrcbmxx/list', { method: 'POST', token: qz.token });
  expect(seekerFairs.body.hxList.length).toBeGreaterThanOrEqual(3);
  const running = seekerFairs.body.hxList.find((f: any) => f.ifks === 2 && f.hylx === 1);
  const zones = await srv.call('/api/qz/bsdwbmxx/ztListByHx', { query: { hxid: running.hxid } });
  expect(zones.body.list.map((z: any) => z.tmc)).toEqual(['名企专区', '高校专区', '科研院所专区']);
  const hall = await srv.call('/api/qz/bskhgl/list', { query: { hxid: running.hxid } });
  expect(hall.body.page.totalCount).toBeGreaterThanOrEqual(5);
  // The jobs step shows jobs of the signed-up enterprises at the fairs still open.
  expect(hall.body.page.list.some((c: any) => c.hxfbgws > 0 && c.gwfblist.length > 0)).toBe(true);
  expect(running.gwfbs).toBeGreaterThan(0);
});

it('demo: a place filter takes a city or a whole province (offline fairs, and the home page companies)', async () => {
  const all = (await srv.call('/api/hr/bshxxx/findHxListByType', { query: { type: 2, page: 1, limit: 50 } })).body.page.list as { csdm: string }[];
  const city = all[0]!.csdm;
  const province = `${city.slice(0, 2)}0000`;
  const byCity = (await srv.call('/api/hr/bshxxx/findHxListByType', { query: { type: 2, page: 1, limit: 50, csdm: city } })).body.page.list as { csdm: string }[];
  const byProvince = (await srv.call('/api/hr/bshxxx/findHxListByType', { query: { type: 2, page: 1, limit: 50, csdm: province } })).body.page.list as { csdm: string }[];
  expect(byCity.length).toBeGreaterThan(0);
  expect(byCity.every((f) => f.csdm === city)).toBe(true);
  expect(byProvince.length).toBe(all.filter((f) => f.csdm.startsWith(city.slice(0, 2))).length);
  expect(byProvince.length).toBeGreaterThanOrEqual(byCity.length);
  const companies = (await srv.call('/api/hr/bskhgl/findDwListByType', { query: { page: 1, limit: 12, type: 1, csdm: province } })).body;
  expect(companies.code).toBe(0);
});

it('demo: banners in all four slots drawn by the server, and a dozen notices', async () => {
  for (const zswz of ['b_01', 'b_02', 'b_03', 'b_04']) {
    const r = await srv.call('/api/system/system/syspcbanner/ApiList', { query: { zswz } });
    expect(r.body.list.length).toBeGreaterThanOrEqual(1);
    for (const b of r.body.list) {
      expect(b.url.startsWith(srv.url)).toBe(true);
      const img = await fetch(b.url);
      expect(img.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    }
  }
  const notices = await srv.call('/api/xs/notice/getNoticeMsgWeb', { body: { page: 1, limit: 20 } });
  expect(notices.body.page.totalCount).toBe(12);
  const b1 = await srv.call('/api/system/system/syspcbanner/ApiList', { query: { zswz: 'b_01' } });
  const noticeLink = b1.body.list.find((b: any) => b.tzlj.startsWith('/public/noticedetail?noticeid='));
  const id = noticeLink.tzlj.split('=')[1];
  expect((await srv.call('/api/xs/notice/getNoticeDetails', { query: { bsid: id } })).body.data.title).toBe('高校毕业生一次性求职创业补贴申领指南');
});
