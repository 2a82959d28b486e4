import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesApi, GENERAL_CODE_TABLES } from '@zp/core/contract';
import { startServer, type ApiReply, type TestServer } from '../../../test/helpers.js';
import { sql } from '../../db/index.js';
import { CODES_CHANGED, codeName, disableCodeItem, invalidateCodes, isValidCode, listCodeTable, upsertCodeItem } from './store.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv?.close();
});

const get = (name: string, headers: Record<string, string> = {}) => srv.call(`/api/hr/dm/${name}`, { headers });
/** The reply of each code call, by the last part of its url. */
interface CodeReplies {
  findSfList: ApiReply<typeof codesApi.provinceList>;
  findSfMap: ApiReply<typeof codesApi.provinceMap>;
  findSsList: ApiReply<typeof codesApi.cityList>;
  findSsMap: ApiReply<typeof codesApi.cityMap>;
  findSqListAll: ApiReply<typeof codesApi.districtList>;
  findSqMapAll: ApiReply<typeof codesApi.districtMap>;
  findGwlbOneList: ApiReply<typeof codesApi.categoryOneList>;
  findGwlbOneMap: ApiReply<typeof codesApi.categoryOneMap>;
  findGwlbOtList: ApiReply<typeof codesApi.categoryTwoList>;
  findGwlbOtMap: ApiReply<typeof codesApi.categoryTwoMap>;
  findGwlbThListAll: ApiReply<typeof codesApi.categoryThreeList>;
  findGwlbThMapAll: ApiReply<typeof codesApi.categoryThreeMap>;
  findDmList: ApiReply<typeof codesApi.generalLists>;
  findDmMap: ApiReply<typeof codesApi.generalMaps>;
}
/** A call named by a variable gets a reply of fields to look up. */
type CodeReply<N extends string> = N extends keyof CodeReplies ? CodeReplies[N] : Record<string, unknown>;

const fresh = async <N extends string>(name: N): Promise<CodeReply<N>> => {
  const r = await get(name);
  expect(r.status).toBe(200);
  expect(r.body.code).toBe(0);
  // the reply of the call named
  return r.body as CodeReply<N>;
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

  it('links provinces, cities and districts by their GB/T 2260 codes, children grouped under their parent', async () => {
    const { sfList } = await fresh('findSfList');
    const { ssList } = await fresh('findSsList');
    const { sqList } = await fresh('findSqListAll');
    const { sfMap } = await fresh('findSfMap');
    const { ssMap } = await fresh('findSsMap');
    const { sqMap } = await fresh('findSqMapAll');

    expect(sfList).toContainEqual({ dm: '440000', name: '广东省' });
    expect(ssList['440000']).toContainEqual({ dm: '440300', name: '深圳市' });
    expect(sqList['440300']).toContainEqual({ dm: '440305', name: '南山区' });
    // Maps: provinces flat, cities under their province, districts under their city.
    expect([sfMap['440000'], ssMap['440000']['440300'], sqMap['440300']['440305']]).toEqual(['广东省', '深圳市', '南山区']);

    // All of mainland China; every province has an entry in ssList and ssMap, every city in
    // sqList and sqMap (the previous client indexes CityMap[sbsf][sbcs] without a guard).
    expect(sfList).toHaveLength(31);
    const provinces = sfList.map((p) => p.dm).sort();
    expect(Object.keys(ssList).sort()).toEqual(provinces);
    expect(Object.keys(ssMap).sort()).toEqual(provinces);
    const cities = Object.values(ssList).flat() as { dm: string }[];
    expect(cities.length).toBeGreaterThan(330);
    for (const c of cities) {
      expect(Array.isArray(sqList[c.dm]), c.dm).toBe(true);
      expect(typeof sqMap[c.dm], c.dm).toBe('object');
    }
    expect((Object.values(sqList).flat() as unknown[]).length).toBeGreaterThan(2800);
    // Every item is {dm, name} and nothing else.
    for (const item of [...sfList, ...cities, ...(Object.values(sqList).flat() as object[])]) expect(Object.keys(item).sort()).toEqual(['dm', 'name']);
  });

  it('gives each municipality one city named after it', async () => {
    const { ssList } = await fresh('findSsList');
    const { sqList } = await fresh('findSqListAll');
    for (const [p, name] of [['11', '北京市'], ['12', '天津市'], ['31', '上海市'], ['50', '重庆市']]) {
      expect(ssList[`${p}0000`]).toEqual([{ dm: `${p}0100`, name }]);
    }
    expect(sqList['110100']).toContainEqual({ dm: '110105', name: '朝阳区' });
    expect(sqList['310100']).toContainEqual({ dm: '310115', name: '浦东新区' });
    // Chongqing's counties sit under the same city as its districts.
    expect(sqList['500100']).toContainEqual({ dm: '500229', name: '城口县' });
    expect(Object.values(ssList).flat().some((c) => c.name === '市辖区' || c.name === '县')).toBe(false);
  });

  it('has at least 12 first-level job categories, each with second and third levels grouped under it', async () => {
    const { gwlbList } = await fresh('findGwlbOneList');
    const { gwlbMap } = await fresh('findGwlbOneMap');
    const { gwlbotList } = await fresh('findGwlbOtList');
    const { gwlbotMap } = await fresh('findGwlbOtMap');
    const { gwlbthList } = await fresh('findGwlbThListAll');
    const { gwlbthMap } = await fresh('findGwlbThMapAll');
    expect(gwlbList.length).toBeGreaterThanOrEqual(12);
    expect(Object.keys(gwlbotList).sort()).toEqual(gwlbList.map((x) => x.dm).sort());
    for (const one of gwlbList) {
      expect(gwlbMap[one.dm]).toBe(one.name);
      const twos = gwlbotList[one.dm];
      expect(twos.length, one.name).toBeGreaterThanOrEqual(2);
      for (const two of twos) {
        expect(gwlbotMap[one.dm][two.dm]).toBe(two.name);
        expect(gwlbthList[two.dm].length, two.name).toBeGreaterThanOrEqual(2);
        for (const three of gwlbthList[two.dm]) expect(gwlbthMap[two.dm][three.dm]).toBe(three.name);
      }
    }
    const it = gwlbList.find((x) => x.name === '互联网/IT')!;
    const backend = gwlbotList[it.dm].find((x) => x.name === '后端开发')!;
    expect(gwlbthList[backend.dm].map((x) => x.name)).toEqual(expect.arrayContaining(['Java', 'Go']));
    expect(it.dm).toBe('gwlb_01');
    // As Enter_post.vue decodes a job's category: JobCategoryThirdMap[gwlbt][gwlb].
    expect(gwlbthMap[backend.dm][`${backend.dm}01`]).toBe('Java');
    for (const name of ['财务/审计/税务', '教育培训', '医疗健康', '销售', '行政/人事', '生产制造', '交通/物流', '设计', '法律', '科研']) {
      expect(gwlbList.map((x) => x.name)).toContain(name);
    }
  });

  it('serves every general table the previous client reads, under its key, in both the lists and the maps', async () => {
    const { dmMapList } = await fresh('findDmList');
    const { dmMap } = await fresh('findDmMap');
    const clientKeys = [
      'm_xbdm', 'm_xldm', 'm_xzdydm', 'm_jyyqdm', 'm_dwsshydm', 'm_dwxzdm', 'm_dwgmdm', 'm_gwgzxzdm', 'm_gwfldm', 'm_hyktdm',
      'm_qzzt', 'm_dgsjdm', 'm_slnldm', 'm_mzdm', 'm_hyzkdm', 'm_zzmm', 'm_sjfwdm', 'm_zxlbdm', 'm_zxlydm', 'm_gszwdm',
    ];
    expect(Object.keys(dmMapList).sort()).toEqual([...GENERAL_CODE_TABLES].sort());
    expect(Object.keys(dmMap).sort()).toEqual([...GENERAL_CODE_TABLES].sort());
    for (const key of [...clientKeys, 'm_yzdm', 'm_zcdm']) {
      expect(dmMapList[key]?.length, key).toBeGreaterThanOrEqual(2);
      for (const item of dmMapList[key]) expect(dmMap[key][item.dm], `${key} ${item.dm}`).toBe(item.name);
    }
    for (const gone of ['m_gzjydm', 'm_gzxzdm', 'm_xzfwdm', 'm_zzmmdm', 'm_qzztdm', 'm_yyspdm']) expect(dmMap[gone], gone).toBeUndefined();
    expect(dmMapList.m_xbdm).toEqual([{ dm: 'xb_001', name: '男' }, { dm: 'xb_002', name: '女' }]);
    expect(dmMapList.m_gwgzxzdm.map((x) => x.name)).toEqual(['全职', '兼职', '实习']);
    expect(dmMapList.m_gwfldm.map((x) => x.name)).toEqual(expect.arrayContaining(['五险一金', '带薪年假', '周末双休', '餐补']));
    expect(dmMapList.m_dgsjdm.map((x) => x.name)).toEqual(expect.arrayContaining(['随时到岗', '一周内', '一个月内']));
    expect(dmMapList.m_sjfwdm.map((x) => x.name)).toEqual(expect.arrayContaining(['三天内', '一周内', '一个月内']));
    // The values the client hard-codes (spec §1.2).
    expect(dmMap.m_qzzt.zt_004).toBe('离职-随时到岗'); // shown as 简历已公开
    expect(dmMap.m_gwgzxzdm.gx_001).toBe('全职'); // default work type of job and intention forms
    expect(dmMap.m_hyzkdm.hy_001).toBe('未婚'); // default marital requirement of a new job
    expect(Object.keys(dmMap.m_hyktdm)).toEqual(['yh_001', 'yh_002', 'yh_003', 'yh_004', 'yh_005', 'yh_006', 'yh_007']);
    for (const [table, code] of [['m_dwxzdm', 'dwxz_03'], ['m_dwsshydm', 'hy_01'], ['m_dwgmdm', 'gm_04'], ['m_xbdm', 'xb_001'], ['m_xzdydm', 'xzfw_06'], ['m_jyyqdm', 'gzjy_03']]) {
      expect(dmMap[table][code], `${table} ${code}`).toBeTruthy();
    }
  });

  it('never sends mc or a parent field: items are {dm, name}', async () => {
    for (const call of ['findSfList', 'findSsList', 'findSqListAll', 'findGwlbOneList', 'findGwlbOtList', 'findGwlbThListAll', 'findDmList']) {
      const text = JSON.stringify(await fresh(call));
      for (const field of ['"mc"', '"sfdm"', '"ssdm"', '"sjdm"']) expect(text.includes(field), `${call} ${field}`).toBe(false);
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
    expect(after.dmMapList.m_dwsshydm[0]).toEqual({ dm: 'hy_01', name: '互联网/软件/信息技术' });
    expect((await fresh('findDmMap')).dmMap.m_dwsshydm.hy_01).toBe('互联网/软件/信息技术');
    const stale = await fetch(new URL('/api/hr/dm/findDmList', srv.url), { headers: { 'if-none-match': oldTag! } });
    expect(stale.status).toBe(200);

    await upsertCodeItem(s, 'm_dwsshydm', { code: 'hy_17', name: '航空航天' });
    const added = (await fresh('findDmList')).dmMapList.m_dwsshydm;
    expect(added[added.length - 1]).toEqual({ dm: 'hy_17', name: '航空航天' });
    expect(await isValidCode(s.db, 'm_dwsshydm', 'hy_17')).toBe(true);

    // Disabled: gone from the list and from validation, but old records still find its name.
    await disableCodeItem(s, 'm_dwsshydm', 'hy_17');
    expect((await fresh('findDmList')).dmMapList.m_dwsshydm.map((x) => x.dm)).not.toContain('hy_17');
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
    const parent = gwlbotList.gwlb_01[0];
    const childCount = (await fresh('findGwlbThListAll')).gwlbthList[parent.dm].length;
    expect(childCount).toBeGreaterThan(0);
    await disableCodeItem(s, 'gwlb2', parent.dm);
    // Gone from the lists, but its entry stays ([] / the names of its children) for old records.
    expect((await fresh('findGwlbOtList')).gwlbotList.gwlb_01.map((x) => x.dm)).not.toContain(parent.dm);
    expect((await fresh('findGwlbThListAll')).gwlbthList[parent.dm]).toEqual([]);
    expect(Object.keys((await fresh('findGwlbThMapAll')).gwlbthMap[parent.dm])).toHaveLength(childCount);
    expect(await isValidCode(s.db, 'gwlb3', `${parent.dm}01`)).toBe(false);
    await disableCodeItem(s, 'gwlb2', parent.dm, false);
    expect((await fresh('findGwlbThListAll')).gwlbthList[parent.dm]).toHaveLength(childCount);

    await upsertCodeItem(s, 'sq', { code: '440399', name: '深汕特别合作区', parent: '440300' });
    expect((await fresh('findSqListAll')).sqList['440300']).toContainEqual({ dm: '440399', name: '深汕特别合作区' });
    expect((await fresh('findSqMapAll')).sqMap['440300']['440399']).toBe('深汕特别合作区');
  });

  it('refuses bad edits with a Chinese message and changes nothing', async () => {
    const s = srv.app.services;
    await expect(upsertCodeItem(s, 'sq', { code: '440398', name: '无上级', parent: '999900' })).rejects.toThrow('所属城市不存在');
    await expect(upsertCodeItem(s, 'gwlb2', { code: 'gwlb_0299', name: '错位', parent: 'gwlb_01' })).rejects.toThrow('岗位类别代码须以上级类别代码开头');
    await expect(upsertCodeItem(s, 'm_xbdm', { code: 'xb_003', name: '  ' })).rejects.toThrow('名称不能为空');
    await expect(upsertCodeItem(s, 'no_such', { code: 'x_01', name: 'x' })).rejects.toThrow('代码表不存在');
    await expect(disableCodeItem(s, 'm_xbdm', 'xb_999')).rejects.toThrow('代码不存在');
    expect((await fresh('findSqListAll')).sqList['999900']).toBeUndefined();
    expect(Object.values((await fresh('findSqMapAll')).sqMap).some((m) => '440398' in m)).toBe(false);
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

describe('migration 1600 on a database from before the rename', () => {
  let old: TestServer;
  beforeAll(async () => {
    old = await startServer({ demo: true });
  });
  afterAll(async () => {
    await old?.close();
  });

  const RENAMED: [string, string][] = [
    ['m_gzjydm', 'm_jyyqdm'], ['m_gzxzdm', 'm_gwgzxzdm'], ['m_xzfwdm', 'm_xzdydm'], ['m_zzmmdm', 'm_zzmm'], ['m_qzztdm', 'm_qzzt'], ['m_yyspdm', 'm_slnldm'],
  ];
  const QZZT: [string, string][] = [['qzzt_01', 'zt_004'], ['qzzt_02', 'zt_003'], ['qzzt_03', 'zt_002'], ['qzzt_04', 'zt_001'], ['qzzt_05', 'zt_005']];
  const numbered = (from: string, to: string, n: number): [string, string][] =>
    Array.from({ length: n }, (_, i) => [`${from}_0${i + 1}`, `${to}_00${i + 1}`]);
  const GZXZ = numbered('gzxz', 'gx', 3);
  const HYZK = numbered('hyzk', 'hy', 5);
  const HYKT = numbered('hykt', 'yh', 6);

  /** What the migration must keep: every affected code table and every row holding a moved code. */
  async function state() {
    const q = (text: string) => old.app.services.database.exclusive((query) => query(text));
    return {
      codes: await q(`select table_name, code, name, sort, enabled from code_items
                      where table_name in ('m_jyyqdm','m_gwgzxzdm','m_xzdydm','m_zzmm','m_qzzt','m_slnldm','m_hyzkdm','m_hyktdm')
                      order by table_name, code`),
      seekers: await q(`select user_id::text, seeking_state from seeker_profiles order by user_id`),
      jobs: await q(`select id::text, nature from jobs order by id`),
      searched: await q(`select job_id::text, nature from job_search order by job_id`),
      intentions: await q(`select id::text, nature from resume_intentions order by id`),
      fairs: await q(`select id::text, kind from fairs order by id`),
    };
  }

  it('moves the old keys and codes, and every row that holds them, back to what a fresh database has', async () => {
    const db = old.app.services.database;
    const before = await state();
    expect(before.seekers.some((r) => /^zt_00\d$/.test(String(r.seeking_state)))).toBe(true);
    expect(before.jobs.some((r) => r.nature === 'gx_001')).toBe(true);
    expect(before.intentions.some((r) => r.nature === 'gx_001')).toBe(true);
    expect(before.fairs.every((r) => /^yh_00[1-7]$/.test(String(r.kind)))).toBe(true);

    // Turn the demo database into one written before the rename: old keys, old codes.
    const back = (pairs: [string, string][]) => pairs.map(([o, n]) => `when '${n}' then '${o}'`).join(' ');
    const rows = (table: string, column: string, pairs: [string, string][]) =>
      `update ${table} set ${column} = case ${column} ${back(pairs)} else ${column} end;`;
    await db.exclusive((query) =>
      query(`begin;
        delete from code_items where table_name = 'm_hyktdm' and code = 'yh_007';
        update code_items set code = case code ${back(QZZT)} end where table_name = 'm_qzzt';
        update code_items set code = case code ${back(GZXZ)} end where table_name = 'm_gwgzxzdm';
        update code_items set code = case code ${back(HYZK)} end where table_name = 'm_hyzkdm';
        update code_items set code = case code ${back(HYKT)} end where table_name = 'm_hyktdm';
        update code_items set table_name = case table_name ${back(RENAMED)} else table_name end;
        ${rows('seeker_profiles', 'seeking_state', QZZT)}
        ${rows('jobs', 'nature', GZXZ)}
        ${rows('resume_intentions', 'nature', GZXZ)}
        ${rows('fairs', 'kind', HYKT)}
        commit;`),
    );
    const aged = await state();
    expect(aged.codes.map((r) => `${r.table_name} ${r.code}`)).toEqual(HYKT.map(([o]) => `m_hyktdm ${o}`).concat(HYZK.map(([o]) => `m_hyzkdm ${o}`)));
    expect(aged.jobs.some((r) => r.nature === 'gzxz_01')).toBe(true);
    expect(aged.searched.some((r) => r.nature === 'gzxz_01')).toBe(true);
    expect(aged.seekers.some((r) => /^qzzt_0\d$/.test(String(r.seeking_state)))).toBe(true);
    // A fair saved before kinds were required.
    const [{ id: kindless }] = await db.exclusive((query) => query(`update fairs set kind = '' where id = (select min(id) from fairs where venue_type = 2) returning id::text as id`));

    const sqlFile = fs.readFileSync(path.join(import.meta.dirname, 'sql', '1600_legacy_code_keys.sql'), 'utf8');
    await db.exclusive((query) => query(`begin;\n${sqlFile}\n;\ncommit;`));

    const after = await state();
    expect(after.codes).toEqual(before.codes);
    expect(after.seekers).toEqual(before.seekers);
    expect(after.jobs).toEqual(before.jobs);
    expect(after.searched).toEqual(before.searched);
    expect(after.intentions).toEqual(before.intentions);
    expect(after.fairs).toEqual(before.fairs.map((f) => (f.id === kindless ? { ...f, kind: 'yh_003' } : f)));

    // The replies name the moved codes again.
    invalidateCodes(old.app.services.db);
    const { dmMap } = (await old.call<ApiReply<typeof codesApi.generalMaps>>('/api/hr/dm/findDmMap')).body;
    expect([dmMap.m_qzzt.zt_004, dmMap.m_gwgzxzdm.gx_001, dmMap.m_hyzkdm.hy_001, dmMap.m_hyktdm.yh_007]).toEqual(['离职-随时到岗', '全职', '未婚', '高层次人才洽谈会']);
  });
});
