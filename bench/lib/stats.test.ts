import { describe, expect, it } from 'vitest';
import { formatMs, median, percentile } from './stats.js';

describe('benchmark figures', () => {
  const samples = [15, 20, 35, 40, 50];

  it('takes percentiles by nearest rank, whatever the order of the samples', () => {
    expect(percentile([50, 15, 40, 20, 35], 30)).toBe(20);
    expect(percentile(samples, 40)).toBe(20);
    expect(percentile(samples, 50)).toBe(35);
    expect(percentile(samples, 100)).toBe(50);
    expect(percentile(samples, 0)).toBe(15);
  });

  it('p95 and p99 of 100 samples are the 95th and 99th', () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(xs, 95)).toBe(95);
    expect(percentile(xs, 99)).toBe(99);
    expect(median(xs)).toBe(50);
  });

  it('has no figure without samples', () => {
    expect(percentile([], 50)).toBeNaN();
  });

  it('prints milliseconds with sensible precision', () => {
    // biome-ignore lint/suspicious/noApproximativeNumericConstant: a figure to print, not π
    expect(formatMs(3.14159)).toBe('3.14');
    expect(formatMs(31.4159)).toBe('31.4');
    expect(formatMs(314.159)).toBe('314');
  });
});
