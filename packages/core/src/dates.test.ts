import { beforeAll, expect, test } from 'vitest';
import { agoText, beijingDateTime, beijingInputValue, beijingToday, beijingYear, chinaTime, chinaTimeText } from './dates.js';

// A browser abroad: each helper must answer as in Beijing whatever the zone it runs in.
beforeAll(() => {
  process.env.TZ = 'America/New_York';
  expect(new Date(Date.UTC(2026, 10, 23)).getTimezoneOffset()).toBe(300);
});

test("Beijing's date turns at 16:00 UTC", () => {
  expect(beijingToday(Date.parse('2026-11-23T15:59:59Z'))).toBe('2026-11-23');
  expect(beijingToday(Date.parse('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
  expect(beijingYear(Date.parse('2026-12-31T16:00:00Z'))).toBe(2027);
});

test('a moment reads as the date and time on a Beijing clock', () => {
  expect(beijingDateTime(Date.parse('2026-11-23T16:05:00Z'))).toEqual({ date: '2026-11-24', time: '00:05' });
  expect(beijingDateTime(Date.parse('2026-01-01T03:30:59Z'))).toEqual({ date: '2026-01-01', time: '11:30' });
});

test("the API's zone-less strings are Beijing wall-clock times", () => {
  expect(chinaTime('2026-11-22 09:00:00')).toBe(Date.parse('2026-11-22T01:00:00Z'));
  expect(chinaTime('2026-11-22T09:00')).toBe(Date.parse('2026-11-22T01:00:00Z'));
  expect(chinaTime('2026-11-22')).toBeNaN();
  expect(chinaTime('not a time')).toBeNaN();
  expect(chinaTimeText(Date.parse('2026-11-22T17:30:05Z'))).toBe('2026-11-23 01:30:05');
  expect(chinaTimeText(chinaTime('2026-03-08 02:30:00'))).toBe('2026-03-08 02:30:00');
});

test('a datetime-local input labelled 北京时间 is filled with the Beijing time', () => {
  expect(beijingInputValue(Date.parse('2026-11-22T17:30:59Z'))).toBe('2026-11-23T01:30');
  expect(chinaTime(beijingInputValue(Date.parse('2026-11-22T17:30:00Z')))).toBe(Date.parse('2026-11-22T17:30:00Z'));
});

test('how long ago, in words', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  expect(agoText(now - 30_000, now)).toBe('刚刚');
  expect(agoText(now + 60_000, now)).toBe('刚刚');
  expect(agoText(now - 5 * 60_000, now)).toBe('5分钟前');
  expect(agoText(now - 3 * 3600_000, now)).toBe('3小时前');
  expect(agoText(now - 2 * 86400_000, now)).toBe('2天前');
});
