import { describe, expect, it } from 'vitest';
import { chinaTime, fairSpan, fairState, isExternalLink, isUsableImage, placeLine } from './format';
import { pageWindow } from '../components/common/Pagination';

describe('fair state computed in the browser (ifks)', () => {
  const fair = { hykssj: '2026-11-22 09:00:00', hyjssj: '2026-11-22 17:00:00', ifks: 1 };
  // Times are China time whatever the browser's zone: 09:00 in Shanghai is 01:00 UTC.
  it('is 1 before the start, 2 from the start to the end, 3 after', () => {
    expect(fairState(fair, Date.UTC(2026, 10, 22, 0, 59))).toBe(1);
    expect(fairState(fair, Date.UTC(2026, 10, 22, 1, 0))).toBe(2);
    expect(fairState(fair, Date.UTC(2026, 10, 22, 9, 0))).toBe(2);
    expect(fairState(fair, Date.UTC(2026, 10, 22, 9, 0, 1))).toBe(3);
  });
  it('falls back to the server value when a time is unreadable', () => {
    expect(fairState({ hykssj: '', hyjssj: '', ifks: 3 })).toBe(3);
    expect(chinaTime('not a time')).toBeNaN();
  });
});

describe('display helpers', () => {
  it('writes one day once', () => {
    expect(fairSpan('2026-11-22 08:00:00', '2026-11-22 17:00:00')).toMatch(/11月22日 08:00-17:00$/);
    expect(fairSpan('2026-11-20 11:00:00', '2026-11-27 11:00:00')).toMatch(/11月20日 11:00 至 .*11月27日 11:00$/);
  });
  it('treats banner links with http, https or www as other sites (spec section 2)', () => {
    expect(isExternalLink('https://www.12371.cn/')).toBe(true);
    expect(isExternalLink('www.example.cn')).toBe(true);
    expect(isExternalLink('/public/meetingList?venue=1')).toBe(false);
  });
  it('uses default avatars unless the url is http(s) or protocol-relative (spec section 5)', () => {
    expect(isUsableImage('https://cdn.example.cn/a.png')).toBe(true);
    expect(isUsableImage('//cdn.example.cn/a.png')).toBe(true);
    expect(isUsableImage('700001')).toBe(false);
    expect(isUsableImage('')).toBe(false);
  });
  it('pages: first, last and two around the current, gaps between', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 3, 4, 5, 6, 7, null, 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
  it('writes a place without repeating what a narrower part already says', () => {
    // a municipality is its own province and city, and the address often starts with it
    expect(placeLine(['上海市', '上海市', '上海市静安区南京西路 1266 号'])).toBe('上海市静安区南京西路 1266 号');
    expect(placeLine(['北京市', '北京市'])).toBe('北京市');
    expect(placeLine(['广东省', '深圳市', '南山区科技园'])).toBe('广东省 深圳市 南山区科技园');
    expect(placeLine(['广东省', '深圳市', '深圳市南山区科技园'])).toBe('广东省 深圳市南山区科技园');
    expect(placeLine(['广东省', '深圳市', '广东省深圳市南山区'])).toBe('广东省深圳市南山区');
    expect(placeLine(['深圳市', '深圳市南山区科技园人才市场'], ' · ')).toBe('深圳市南山区科技园人才市场');
    expect(placeLine(['', undefined, '线上'])).toBe('线上');
  });
});
