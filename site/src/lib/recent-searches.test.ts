import { describe, expect, it } from 'vitest';
import { RECENT_MAX, forgetSearches, matchingRecent, recentSearches, rememberSearch, rememberSearchCity, searchCity } from './recent-searches';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
};

describe('recent searches', () => {
  it('keeps the newest first, once each, at most RECENT_MAX', () => {
    const s = memory();
    rememberSearch('会计', s);
    rememberSearch(' 前端 ', s);
    rememberSearch('Java', s);
    rememberSearch('java', s);
    expect(recentSearches(s)).toEqual(['java', '前端', '会计']);
    for (let i = 0; i < 20; i++) rememberSearch(`词${i}`, s);
    expect(recentSearches(s)).toHaveLength(RECENT_MAX);
    expect(recentSearches(s)[0]).toBe('词19');
    rememberSearch('   ', s);
    expect(recentSearches(s)[0]).toBe('词19');
    forgetSearches(s);
    expect(recentSearches(s)).toEqual([]);
  });

  it('survives a broken or missing store', () => {
    const s = memory();
    s.setItem('zp:recent-searches', '{not json');
    expect(recentSearches(s)).toEqual([]);
    s.setItem('zp:recent-searches', JSON.stringify(['会计', 3, null, '']));
    expect(recentSearches(s)).toEqual(['会计']);
    rememberSearch('司机', null);
    expect(recentSearches(null)).toEqual([]);
  });

  it('offers the recent searches holding what is typed, not the typed text itself', () => {
    const recent = ['前端开发', '会计', '前端', 'Java后端'];
    expect(matchingRecent('', recent)).toEqual(recent);
    expect(matchingRecent('前端', recent)).toEqual(['前端开发']);
    expect(matchingRecent('JAVA', recent)).toEqual(['Java后端']);
  });

  it('remembers a city code, and 全国 as none', () => {
    const s = memory();
    rememberSearchCity('440300', s);
    expect(searchCity(s)).toBe('440300');
    rememberSearchCity('', s);
    expect(searchCity(s)).toBe('');
    rememberSearchCity('<script>', s);
    expect(searchCity(s)).toBe('');
  });
});
