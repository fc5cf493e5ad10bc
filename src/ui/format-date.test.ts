import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate', () => {
  it('writes a two-digit day, short month and year, en-GB', () => {
    expect(formatDate('2025-03-05T10:00:00.000Z')).toBe('05 Mar 2025');
    expect(formatDate('2025-12-31')).toBe('31 Dec 2025');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});
