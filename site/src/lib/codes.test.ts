import { describe, expect, it } from 'vitest';
import type { Client } from '@zp/core/client';
import { loadCategoryTree } from './categories';
import { flatten, loadPlaces, parentsOf, placeQuery, type Places } from './codes';

const places: Places = {
  provinces: [
    { value: '440000', label: '广东省', cities: [{ value: '440100', label: '广州市' }, { value: '440300', label: '深圳市' }] },
    { value: '420000', label: '湖北省', cities: [{ value: '420100', label: '武汉市' }, { value: '429000', label: '直辖县级市' }] },
  ],
  hot: [{ value: '440300', label: '深圳市' }],
  provinceOf: (city) => ({ '440100': '440000', '440300': '440000', '420100': '420000', '429000': '420000' })[city] ?? '',
};
const q = (search: string) => placeQuery(places, new URLSearchParams(search));

describe('place filters', () => {
  it('take a province alone, or a city with its province', () => {
    expect(q('prov=440000')).toEqual({ province: '440000', city: '' });
    expect(q('city=440300')).toEqual({ province: '440000', city: '440300' });
    expect(q('prov=440000&city=440300')).toEqual({ province: '440000', city: '440300' });
  });
  it('drop a city left over from another province, and codes nobody knows', () => {
    expect(q('prov=420000&city=440300')).toEqual({ province: '420000', city: '' });
    expect(q('city=999900')).toEqual({ province: '', city: '' });
    expect(q('prov=990000')).toEqual({ province: '', city: '' });
    expect(q('prov=x&city=<b>')).toEqual({ province: '', city: '' });
  });
});

describe('code tables as the server sends them', () => {
  // The replies of /api/hr/dm/*: children grouped under their parent's code, maps nested.
  const replies: Record<string, unknown> = {
    findSfList: { sfList: [{ dm: '440000', name: '广东省' }, { dm: '110000', name: '北京市' }, { dm: '710000', name: '台湾省' }] },
    findSsList: {
      ssList: {
        '440000': [{ dm: '440100', name: '广州市' }, { dm: '440300', name: '深圳市' }, { dm: '441900', name: '东莞市' }],
        '110000': [{ dm: '110100', name: '北京市' }],
        '710000': [],
      },
    },
    findGwlbOneList: { gwlbList: [{ dm: 'gwlb_01', name: '互联网/IT' }, { dm: 'gwlb_02', name: '销售' }] },
    findGwlbOtList: { gwlbotList: { gwlb_01: [{ dm: 'gwlb_0101', name: '后端开发' }], gwlb_02: [] } },
    findGwlbThListAll: { gwlbthList: { gwlb_0101: [{ dm: 'gwlb_010101', name: 'Java' }, { dm: 'gwlb_010102', name: 'Go' }] } },
  };
  const api = { call: async (route: { url: string }) => replies[route.url.split('/').pop()!] } as unknown as Client;

  it('build the province → city cascade from ssList as grouped, without a province that has no city', async () => {
    const got = await loadPlaces(api);
    expect(got.provinces).toEqual([
      { value: '440000', label: '广东省', cities: [{ value: '440100', label: '广州市' }, { value: '440300', label: '深圳市' }, { value: '441900', label: '东莞市' }] },
      { value: '110000', label: '北京市', cities: [{ value: '110100', label: '北京市' }] },
    ]);
    expect(got.hot.map((c) => c.value)).toEqual(['110100', '440100', '440300']);
    expect([got.provinceOf('441900'), got.provinceOf('999999')]).toEqual(['440000', '']);
  });

  it('build the category tree from gwlbotList and gwlbthList as grouped', async () => {
    expect(await loadCategoryTree(api)).toEqual([
      {
        code: 'gwlb_01',
        name: '互联网/IT',
        children: [{ code: 'gwlb_0101', name: '后端开发', children: [{ code: 'gwlb_010101', name: 'Java', children: [] }, { code: 'gwlb_010102', name: 'Go', children: [] }] }],
      },
      { code: 'gwlb_02', name: '销售', children: [] },
    ]);
  });

  it('name a code of a nested map and find the parent of a grouped child', () => {
    expect(flatten({ '440000': { '440300': '深圳市' }, '110000': { '110100': '北京市' }, '710000': {} })).toEqual({ '440300': '深圳市', '110100': '北京市' });
    expect(parentsOf({ gwlb_01: [{ dm: 'gwlb_0101', name: '后端开发' }] }).get('gwlb_0101')).toBe('gwlb_01');
  });
});
