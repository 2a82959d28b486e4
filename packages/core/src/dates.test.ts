import { expect, test } from 'vitest';
import { beijingToday } from './dates.js';

test("Beijing's date turns at 16:00 UTC", () => {
  expect(beijingToday(Date.parse('2026-11-23T15:59:59Z'))).toBe('2026-11-23');
  expect(beijingToday(Date.parse('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
});
