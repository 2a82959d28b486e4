import { describe, expect, it } from 'vitest';
import { salaryText } from './format.js';

describe('salaryText', () => {
  it('reads 面议 when nothing is given', () => {
    expect(salaryText(0, 0)).toBe('面议');
    expect(salaryText(NaN, -1)).toBe('面议');
  });
  it('gives a range in thousands, whole numbers without .0', () => {
    expect(salaryText(8000, 12000)).toBe('8K-12K');
    expect(salaryText(11500, 19500)).toBe('11.5K-19.5K');
    expect(salaryText(12000, 8000)).toBe('8K-12K');
  });
  it('rounds half up to one decimal, also where binary fractions would round down', () => {
    expect(salaryText(11550, 19950)).toBe('11.6K-20K');
    expect(salaryText(1150, 1950)).toBe('1.2K-2K');
    expect(salaryText(8049, 8051)).toBe('8K-8.1K');
  });
  it('keeps thousands at and above 10,000 (no switch to 万 inside one range)', () => {
    expect(salaryText(10000, 10000)).toBe('10K');
    expect(salaryText(9500, 15000)).toBe('9.5K-15K');
    expect(salaryText(100000, 150000)).toBe('100K-150K');
  });
  it('shows equal bounds once, and one bound as 以上 / 以下', () => {
    expect(salaryText(6000, 6000)).toBe('6K');
    expect(salaryText(6000, 0)).toBe('6K以上');
    expect(salaryText(0, 6000)).toBe('6K以下');
  });
  it('says yuan under a thousand', () => {
    expect(salaryText(800, 999)).toBe('800元-999元');
    expect(salaryText(500, 1500)).toBe('500元-1.5K');
  });
});
