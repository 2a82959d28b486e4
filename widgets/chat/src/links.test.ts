import { expect, test } from 'vitest';
import { expiredLink } from './logic.js';

test('a chat file link is renewed only once its signature has expired', () => {
  const url = 'https://zp.example.com/api/files/chat/100001/202611/0123456789abcdef0123456789abcdef/file.png?e=1764633600&s=ab12';
  expect(expiredLink(url, 1764633599)).toBe(false);
  expect(expiredLink(url, 1764633600)).toBe(true);
  // links without an expiry (a local preview, another service) are never "expired"
  expect(expiredLink('blob:https://zp.example.com/6c1d', 2e9)).toBe(false);
  expect(expiredLink('https://cos.example.com/x.png?sign=1', 2e9)).toBe(false);
  expect(expiredLink('https://x.example/a?type=1&e=5', 6)).toBe(true);
});
