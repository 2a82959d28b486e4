import { expect, test } from 'vitest';
import { beijingDateTime, beijingToday } from './dates.js';

test("Beijing's date turns at 16:00 UTC", () => {
  expect(beijingToday(Date.parse('2026-11-23T15:59:59Z'))).toBe('2026-11-23');
  expect(beijingToday(Date.parse('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
});

test('a moment reads as the date and time on a Beijing clock', () => {
  expect(beijingDateTime(Date.parse('2026-11-23T16:05:00Z'))).toEqual({ date: '2026-11-24', time: '00:05' });
  expect(beijingDateTime(Date.parse('2026-01-01T03:30:59Z'))).toEqual({ date: '2026-01-01', time: '11:30' });
});
