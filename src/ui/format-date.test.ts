// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate } from './format-date.ts';

describe('formatDate', () => {
  it('writes a two-digit day, short month and year, en-GB', () => {
    expect(formatDate('2025-03-05T10:00:00.000Z')).toBe('05 Mar 2025');
    expect(formatDate('2025-12-31')).toBe('31 Dec 2025');
  });

  it('writes every month as Intl does for en-GB, whatever the time of day in UTC', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
    for (let month = 0; month < 12; month += 1) {
      for (const [day, hour] of [
        [1, 0],
        [9, 12],
        [28, 23],
      ]) {
        const date = new Date(Date.UTC(2026, month, day, hour, 59));
        expect(formatDate(date)).toBe(intl.format(date));
        expect(formatDate(date.toISOString())).toBe(intl.format(date));
      }
    }
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatLongDate', () => {
  it('writes the day, long month and year of every month as Intl does for en-GB, in UTC', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(formatLongDate('2025-03-05T23:30:00.000Z')).toBe('5 March 2025');
    for (let month = 0; month < 12; month += 1) {
      for (const [day, hour] of [
        [1, 0],
        [28, 23],
      ]) {
        const date = new Date(Date.UTC(2026, month, day, hour, 59));
        expect(formatLongDate(date.toISOString())).toBe(intl.format(date));
      }
    }
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatLongDate('not a date')).toBe('');
  });
});
