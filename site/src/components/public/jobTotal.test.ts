import { describe, expect, it } from 'vitest';
import { jobTotalText } from './jobTotal';

describe('jobTotalText', () => {
  it('gives a counted total as it is, and a capped one as at least that many', () => {
    expect(jobTotalText({ totalCount: 0, totalCapped: false })).toBe('0');
    expect(jobTotalText({ totalCount: 999, totalCapped: false })).toBe('999');
    expect(jobTotalText({ totalCount: 1000, totalCapped: true })).toBe('1,000+');
    expect(jobTotalText({ totalCount: 10000, totalCapped: true })).toBe('10,000+');
  });
});
