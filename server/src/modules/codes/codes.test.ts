import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesApi, GENERAL_CODE_TABLES } from '@zp/core/contract';
import { startServer, type TestServer } from '../../../test/helpers.js';
import { sql } from '../../db/index.js';
import { CODES_CHANGED, codeName, disableCodeItem, isValidCode, listCodeTable, upsertCodeItem } from './store.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv?.close();
});

const get = (name: string, headers: Record<string, string> = {}) => srv.call(`/api/hr/dm/${name}`, { headers });
const fresh = async <T = any>(name: string): Promise<T> => {
  const r = await get(name);
  expect(r.status).toBe(200);
  expect(r.body.code).toBe(0);
  return r.body;
};

describe('code tables', () => {
  it('answers every call with its documented field', async () => {
    const expected: Record<string, string> = {
      findSfList: 'sfList', findSfMap: 'sfMap', findSsList: 'ssList', findSsMap: 'ssMap',
      findSqListAll: 'sqList', findSqMapAll: 'sqMap', findGwlbOneList: 'gwlbList', findGwlbOneMap: 'gwlbMap',
      findGwlbOtList: 'gwlbotList', findGwlbOtMap: 'gwlbotMap', findGwlbThListAll: 'gwlbthList', findGwlbThMapAll: 'gwlbthMap',
      findDmList: 'dmMapList', findDmMap: 'dmMap',
    };
    expect(Object.values(codesApi).map((r) => r.url.split('/').pop()).sort()).toEqual(Object.keys(expected).sort());
    for (const [call, field] of Object.entries(expected)) {
      const body = await fresh(call);
      expect(body.msg).toBe('success');
      expect(Object.keys(body[field] ?? {}).length, `${call}.${field}`).toBeGreaterThan(0);
    }
  });

  it('links provinces, cities and districts by their GB/T 2260 codes', async () => {
    const { sfList } = await fresh('findSfList');
    const { ssList } = await fresh('findSsList');
    const { sqList } = await fresh('findSqListAll');
    const { sfMap } = await fresh('findSfMap');
    const { ssMap } = await fresh('findSsMap');
    const { sqMap } = await fresh('findSqMapAll');

    expect(sfList).toContainEqual({ dm: '440000', mc: '广东省' });
    expect(ssList).toContainEqual({ dm: '440300', mc: '深圳市', sfdm: '440000' });
    expect(sqList).toContainEqual({ dm: '440305', mc: '南山区', ssdm: '440300' });
    expect([sfMap['440000'], ssMap['440300'], sqMap['440305']]).toEqual(['广东省', '深圳市', '南山区']);

    // All of mainland China, every item linked to an existing parent.
    expect(sfList).toHaveLength(31);
    expect(ssList.length).toBeGreaterThan(330);
    expect(sqList.length).toBeGreaterThan(2800);
    for (const c of ssList) expect(sfMap[c.sfdm], c.dm).toBeTruthy();
    for (const d of sqList) expect(ssMap[d.ssdm], d.dm).toBeTruthy();
  });

  it('gives each municipality one city named after it', async () => {
    const { ssList } = await fresh('findSsList');
    const { sqList } = await fresh('findSqListAll');
    for (const [p, name] of [['11', '北京市'], ['12', '天津市'], ['31', '上海市'], ['50', '重庆市']]) {
      expect(ssList.filter((c: any) => c.sfdm === `${p}0000`)).toEqual([{ dm: `${p}0100`, mc: name, sfdm: `${p}0000` }]);
    }
    expect(sqList).toContainEqual({ dm: '110105', mc: '朝阳区', ssdm: '110100' });
    expect(sqList).toContainEqual({ dm: '310115', mc: '浦东新区', ssdm: '310100' });
    // Chongqing's counties sit under the same city as its districts.
    expect(sqList).toContainEqual({ dm: '500229', mc: '城口县', ssdm: '500100' });
    expect(ssList.some((c: any) => c.mc === '市辖区' || c.mc === '县')).toBe(false);
  });

  it('has at least 12 first-level job categories, each with second and third levels', async () => {
    const { gwlbList } = await fresh('findGwlbOneList');
    const { gwlbotList } = await fresh('findGwlbOtList');
    const { gwlbthList } = await fresh('findGwlbThListAll');
    const { gwlbthMap } = await fresh('findGwlbThMapAll');
    expect(gwlbList.length).toBeGreaterThanOrEqual(12);
    for (const one of gwlbList) {
      const twos = gwlbotList.filter((x: any) => x.sjdm === one.dm);
      expect(twos.length, one.mc).toBeGreaterThanOrEqual(2);
      for (const two of twos) expect(gwlbthList.filter((x: any) => x.sjdm === two.dm).length, two.mc).toBeGreaterThanOrEqual(2);
    }
    const it = gwlbList.find((x: any) => x.mc === '互联网/IT');
    const backend = gwlbotList.find((x: any) => x.sjdm === it.dm && x.mc === '后端开发');
    expect(gwlbthList.filter((x: any) => x.sjdm === backend.dm).map((x: any) => x.mc)).toEqual(expect.arrayContaining(['Java', 'Go']));
    expect(it.dm).toBe('gwlb_01');
    expect(gwlbthMap[`${backend.dm}01`]).toBe('Java');
    for (const name of ['财务/审计/税务', '教育培训', '医疗健康', '销售', '行政/人事', '生产制造', '交通/物流', '设计', '法律', '科研']) {
      expect(gwlbList.map((x: any) => x.mc)).toContain(name);
    }
  });

  it('serves the general tables with the codes the demo data uses', async () => {
    const { dmMapList } = await fresh('findDmList');
    const { dmMap } = await fresh('findDmMap');
    expect(Object.keys(dmMapList).sort()).toEqual([...GENERAL_CODE_TABLES].sort());
    expect(Object.keys(dmMap).sort()).toEqual([...GENERAL_CODE_TABLES].sort());
    expect(dmMapList.m_xbdm).toEqual([{ dm: 'xb_001', mc: '男' }, { dm: 'xb_002', mc: '女' }]);
    expect(dmMapList.m_gwgzxzdm.map((x: any) => x.mc)).toEqual(['全职', '兼职', '实习']);
    expect(dmMap.m_qzzt.zt_004).toBe('离职-随时到岗');
    for (const [table, code] of [['m_dwxzdm', 'dwxz_03'], ['m_dwsshydm', 'hy_01'], ['m_dwgmdm', 'gm_04'], ['m_qzzt', 'zt_004'], ['m_xbdm', 'xb_001']]) {
      expect(dmMap[table][code], `${table} ${code}`).toBeTruthy();
    }
    for (const table of ['m_xldm', 'm_jyyqdm', 'm_xzdydm', 'm_hyktdm', 'm_zxlbdm', 'm_zzmm', 'm_yzdm', 'm_hyzkdm']) {
      expect(dmMapList[table].length, table).toBeGreaterThanOrEqual(2);
    }
  });

  it('sends ETag and Cache-Control and answers a matching If-None-Match with 304', async () => {
    const u = new URL('/api/hr/dm/findSfList', srv.url);
    const first = await fetch(u);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toContain('max-age');
    expect(((await first.json()) as { sfList: unknown[] }).sfList.length).toBe(31);

    const again = await fetch(u, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    const weakInList = await fetch(u, { headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(weakInList.status).toBe(304);
    const other = await fetch(u, { headers: { 'if-none-match': '"not-this-one"' } });
    expect(other.status).toBe(200);
    // Each table has its own tag.
    const cities = await fetch(new URL('/api/hr/dm/findSsList', srv.url), { headers: { 'if-none-match': etag! } });
    expect(cities.status).toBe(200);
  });

  it('shows an edit made through the store in the next reply and changes the ETag', async () => {
    const s = srv.app.services;
    const oldTag = (await fetch(new URL('/api/hr/dm/findDmList', srv.url))).headers.get('etag');

    await upsertCodeItem(s, 'm_dwsshydm', { code: 'hy_01', name: '互联网/软件/信息技术' });
    const after = await fresh('findDmList');
    expect(after.dmMapList.m_dwsshydm[0]).toEqual({ dm: 'hy_01', mc: '互联网/软件/信息技术' });
    expect((await fresh('findDmMap')).dmMap.m_dwsshydm.hy_01).toBe('互联网/软件/信息技术');
    const stale = await fetch(new URL('/api/hr/dm/findDmList', srv.url), { headers: { 'if-none-match': oldTag! } });
    expect(stale.status).toBe(200);

    await upsertCodeItem(s, 'm_dwsshydm', { code: 'hy_17', name: '航空航天' });
    const added = (await fresh('findDmList')).dmMapList.m_dwsshydm;
    expect(added[added.length - 1]).toEqual({ dm: 'hy_17', mc: '航空航天' });
    expect(await isValidCode(s.db, 'm_dwsshydm', 'hy_17')).toBe(true);

    // Disabled: gone from the list and from validation, but old records still find its name.
    await disableCodeItem(s, 'm_dwsshydm', 'hy_17');
    expect((await fresh('findDmList')).dmMapList.m_dwsshydm.map((x: any) => x.dm)).not.toContain('hy_17');
    expect((await fresh('findDmMap')).dmMap.m_dwsshydm.hy_17).toBe('航空航天');
    expect(await isValidCode(s.db, 'm_dwsshydm', 'hy_17')).toBe(false);
    expect(await codeName(s.db, 'm_dwsshydm', 'hy_17')).toBe('航空航天');
    expect((await listCodeTable(s.db, 'm_dwsshydm')).find((r) => r.code === 'hy_17')?.enabled).toBe(false);
    await disableCodeItem(s, 'm_dwsshydm', 'hy_17', false);
    expect(await isValidCode(s.db, 'm_dwsshydm', 'hy_17')).toBe(true);
  });

  it('hides the children of a disabled category and adds a new district under its city', async () => {
    const s = srv.app.services;
    const { gwlbotList } = await fresh('findGwlbOtList');
    const parent = gwlbotList[0];
    const childCount = (await fresh('findGwlbThListAll')).gwlbthList.filter((x: any) => x.sjdm === parent.dm).length;
    expect(childCount).toBeGreaterThan(0);
    await disableCodeItem(s, 'gwlb2', parent.dm);
    expect((await fresh('findGwlbThListAll')).gwlbthList.filter((x: any) => x.sjdm === parent.dm)).toEqual([]);
    expect(await isValidCode(s.db, 'gwlb3', `${parent.dm}01`)).toBe(false);
    await disableCodeItem(s, 'gwlb2', parent.dm, false);
    expect((await fresh('findGwlbThListAll')).gwlbthList.filter((x: any) => x.sjdm === parent.dm)).toHaveLength(childCount);

    await upsertCodeItem(s, 'sq', { code: '440399', name: '深汕特别合作区', parent: '440300' });
    expect((await fresh('findSqListAll')).sqList).toContainEqual({ dm: '440399', mc: '深汕特别合作区', ssdm: '440300' });
  });

  it('refuses bad edits with a Chinese message and changes nothing', async () => {
    const s = srv.app.services;
    await expect(upsertCodeItem(s, 'sq', { code: '440398', name: '无上级', parent: '999900' })).rejects.toThrow('所属城市不存在');
    await expect(upsertCodeItem(s, 'gwlb2', { code: 'gwlb_0299', name: '错位', parent: 'gwlb_01' })).rejects.toThrow('岗位类别代码须以上级类别代码开头');
    await expect(upsertCodeItem(s, 'm_xbdm', { code: 'xb_003', name: '  ' })).rejects.toThrow('名称不能为空');
    await expect(upsertCodeItem(s, 'no_such', { code: 'x_01', name: 'x' })).rejects.toThrow('代码表不存在');
    await expect(disableCodeItem(s, 'm_xbdm', 'xb_999')).rejects.toThrow('代码不存在');
    expect((await fresh('findSqMapAll')).sqMap['440398']).toBeUndefined();
    expect((await fresh('findDmList')).dmMapList.m_xbdm).toHaveLength(2);
  });

  it("picks up another node's edit when the bus says codes.changed", async () => {
    const s = srv.app.services;
    expect((await fresh('findSfMap')).sfMap['460000']).toBe('海南省');
    // Another node wrote the row and announced it; this node must not keep serving its cache.
    await s.db.execute(sql`update code_items set name = '海南省（测试）' where table_name = 'sf' and code = '460000'`);
    await s.bus.publish(CODES_CHANGED, { table: 'sf' });
    // On Redis the announcement comes back over the network: in a moment, not at once.
    await expect.poll(async () => (await fresh('findSfMap')).sfMap['460000']).toBe('海南省（测试）');
  });

  it('fills the tables only once: a restart keeps the edits', async () => {
    const s = srv.app.services;
    const { seedCodeTables } = await import('./store.js');
    expect(await seedCodeTables(s.db, s.log)).toBe(0);
    expect((await fresh('findDmMap')).dmMap.m_dwsshydm.hy_01).toBe('互联网/软件/信息技术');
  });
});
