// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatTime } from './dates.ts';

const moment = '2026-11-28T21:45:00Z';

describe('the admin’s dates', () => {
  it('are written in the reader’s zone, not in UTC', () => {
    expect(formatTime(moment, 'Asia/Kolkata')).toBe('29 Nov 2026, 03:15');
    expect(formatDate(moment, 'Asia/Kolkata')).toBe('29 Nov 2026');
    expect(formatClock(moment, 'America/New_York')).toBe('16:45');
    expect(formatDate(moment, 'America/New_York')).toBe('28 Nov 2026');
  });

  it('take the browser’s zone when none is named', () => {
    const before = process.env.TZ;
    // Node follows a change of TZ at once, as a browser in that zone would be.
    process.env.TZ = 'Asia/Kolkata';
    try {
      expect(formatTime(moment)).toBe('29 Nov 2026, 03:15');
      expect(formatDate(new Date(moment))).toBe('29 Nov 2026');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('have one format: two-digit day, short month, year, and a 24-hour clock', () => {
    expect(formatDate('2026-12-05T10:00:00Z', 'UTC')).toBe('05 Dec 2026');
    expect(formatDate('2026-09-05T10:00:00Z', 'UTC')).toBe('05 Sept 2026');
    expect(formatTime('2026-12-05T00:07:00Z', 'UTC')).toBe('05 Dec 2026, 00:07');
  });

  it('write nothing for what is no date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatTime('')).toBe('');
  });
});
