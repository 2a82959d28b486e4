/**
 * The site's time words in a browser abroad: the API's times are Beijing wall-clock strings, and
 * a page in New York must read them as the same Beijing times (issue 27, item 9).
 */
import { beforeAll, describe, expect, it } from 'vitest';

beforeAll(() => {
  process.env.TZ = 'America/New_York';
  // The zone really is New York's here (UTC-5 in winter), or these tests prove nothing.
  expect(new Date(Date.UTC(2026, 11, 31, 20)).getTimezoneOffset()).toBe(300);
});

describe('in a browser set to America/New_York', () => {
  it("writes the year only when it differs from Beijing's year", async () => {
    const { shortTime } = await import('./format');
    // 2026-12-31 15:00 in New York is already 2027-01-01 04:00 in Beijing.
    const now = Date.UTC(2026, 11, 31, 20);
    expect(shortTime('2027-01-01 09:00:00', now)).toBe('1月1日 09:00');
    expect(shortTime('2026-12-31 09:00:00', now)).toBe('2026年12月31日 09:00');
  });
});
