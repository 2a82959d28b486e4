import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import pairs from './emoji.json';
import { EMOJI_NAMES, emojiCode, textParts } from './emoji.js';

test('the picker offers 142 distinct codes, each with an image the build can ship', () => {
  const fluent = createRequire(import.meta.url)('@iconify-json/fluent-emoji-flat/icons.json') as { icons: Record<string, unknown> };
  expect(EMOJI_NAMES).toHaveLength(142);
  expect(new Set(EMOJI_NAMES).size).toBe(142);
  expect(new Set(pairs.map(([, icon]) => icon)).size).toBe(142);
  expect(pairs.filter(([, icon]) => !fluent.icons[icon!])).toEqual([]);
  expect(emojiCode(0)).toBe('[微笑]');
});

test('known codes in square brackets become emoji, anything else stays text', () => {
  const smile = EMOJI_NAMES.indexOf('微笑');
  const ok = EMOJI_NAMES.indexOf('OK');
  expect(textParts('你好[微笑]，面试[OK]了[不存在][')).toEqual([
    { text: '你好' }, { emoji: smile, code: '[微笑]' }, { text: '，面试' }, { emoji: ok, code: '[OK]' }, { text: '了[不存在][' },
  ]);
  expect(textParts('[微笑][微笑]')).toEqual([{ emoji: smile, code: '[微笑]' }, { emoji: smile, code: '[微笑]' }]);
  expect(textParts('没有表情')).toEqual([{ text: '没有表情' }]);
});
