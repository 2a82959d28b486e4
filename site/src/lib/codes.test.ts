import { describe, expect, it } from 'vitest';
import { placeQuery, type Places } from './codes';

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
