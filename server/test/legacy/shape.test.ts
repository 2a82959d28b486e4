/** The checker behind the inventory suite: what it accepts, and how it names the first difference. */
import { describe, expect, it } from 'vitest';
import { S, differences, envelope, firstDifference, shapeOfFieldsRead } from './shape.js';

describe('legacy shape checker', () => {
  it('needs code to be the number 0 and names the field that differs', () => {
    const shape = envelope({ page: S.obj({ list: S.arr(S.obj({ gwzt: S.lit('0', '1', '2', '3', '4') })), totalCount: S.num }) });
    expect(firstDifference(shape, { code: 0, page: { list: [{ gwzt: '2' }], totalCount: 1 } })).toBeNull();
    expect(firstDifference(shape, { code: '0', page: { list: [], totalCount: 0 } })).toBe('code: expected the number 0, got string "0"');
    expect(firstDifference(shape, { code: 0, page: { list: [{ gwzt: '1' }, { gwzt: 2 }], totalCount: 2 } })).toBe('page.list[1].gwzt: expected one of ["0","1","2","3","4"], got number 2');
    expect(firstDifference(shape, { code: 0, page: { list: null, totalCount: 0 } })).toBe('page.list: expected array, got null');
  });

  it('wants times as YYYY-MM-DD HH:mm:ss strings', () => {
    const shape = envelope({ bsHxxx: S.obj({ hykssj: S.dateTime }) });
    expect(firstDifference(shape, { code: 0, bsHxxx: { hykssj: '2026-11-25 09:00:00' } })).toBeNull();
    expect(firstDifference(shape, { code: 0, bsHxxx: { hykssj: '2026-11-25T01:00:00.000Z' } })).toBe('bsHxxx.hykssj: expected a YYYY-MM-DD HH:mm:ss string, got string "2026-11-25T01:00:00.000Z"');
  });

  it('checks grouped and nested code tables', () => {
    const ssList = envelope({ ssList: S.rec(S.arr(S.obj({ dm: S.str, name: S.str })), true) });
    expect(firstDifference(ssList, { code: 0, ssList: { '440000': [{ dm: '440300', name: '深圳市' }] } })).toBeNull();
    expect(firstDifference(ssList, { code: 0, ssList: [{ dm: '440300', mc: '深圳市', sfdm: '440000' }] })).toBe('ssList: expected a non-empty object map, got array(1)');
    expect(firstDifference(ssList, { code: 0, ssList: {} })).toBe('ssList: expected a non-empty object map, got {}');
    const ssMap = envelope({ ssMap: S.rec(S.rec(S.str)) });
    expect(firstDifference(ssMap, { code: 0, ssMap: { '440000': '广东省' } })).toBe('ssMap["440000"]: expected an object map, got string "广东省"');
  });

  it('lists every field that differs, of the first row that differs', () => {
    const shape = envelope({ list: S.rows(S.obj({ a: S.any, b: S.str, c: S.num })) });
    expect(differences(shape, { code: 0, list: [{ a: 1, b: 'x', c: 1 }, { b: 2 }, { a: 1 }] })).toEqual([
      'list[1].a: expected a value, got missing',
      'list[1].b: expected string, got number 2',
      'list[1].c: expected number, got missing',
    ]);
    expect(differences(shape, { code: 0, list: [] })).toEqual(['list: expected at least 1 row(s) (the demo data has some), got array(0)']);
  });

  it('reads the inventory column: lists, counts, nesting, method calls', () => {
    const shape = shapeOfFieldsRead(['fileUrl', 'fileUrl.replace', 'gwList', 'page.list', 'page.list.forEach', 'page.totalCount', 'qzinfo.xm']);
    expect(firstDifference(shape, { code: 0, fileUrl: 'https://x/y.pdf', gwList: [], page: { list: [], totalCount: 0 }, qzinfo: { xm: '李明' } })).toBeNull();
    expect(firstDifference(shape, { code: 0, fileUrl: null, gwList: [], page: { list: [], totalCount: 0 }, qzinfo: { xm: '' } })).toBe('fileUrl: expected string, got null');
    expect(firstDifference(shape, { code: 0, fileUrl: '', gwList: null, page: { list: [], totalCount: 0 }, qzinfo: {} })).toBe('gwList: expected array, got null');
    expect(firstDifference(shape, { code: 0, fileUrl: '', gwList: [], page: { list: [], totalCount: '0' }, qzinfo: {} })).toBe('page.totalCount: expected number, got string "0"');
  });
});
