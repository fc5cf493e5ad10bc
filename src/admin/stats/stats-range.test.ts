// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { customRangeProblem, daysIn, describeRange, isDay, presetRange, rangeFromSearch } from './stats-range.ts';

const today = '2026-11-27';
const search = (query: string) => new URLSearchParams(query);

describe('the range of the Stats page', () => {
  it('ends each preset today and counts both ends', () => {
    expect(presetRange('7d', today)).toEqual({ from: '2026-11-21', to: today });
    expect(presetRange('30d', today)).toEqual({ from: '2026-10-29', to: today });
    expect(presetRange('12m', today)).toEqual({ from: '2025-11-28', to: today });
    expect(daysIn(presetRange('7d', today))).toBe(7);
    expect(daysIn(presetRange('12m', today))).toBe(365);
    expect(presetRange('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('reads a preset or two days from the address, and 30 days when it names none or an unknown one', () => {
    expect(rangeFromSearch(search('range=7d'), today)).toEqual({
      preset: '7d',
      from: '2026-11-21',
      to: today,
      problem: null,
    });
    expect(rangeFromSearch(search(''), today).preset).toBe('30d');
    expect(rangeFromSearch(search('range=5y'), today).preset).toBe('30d');
    expect(rangeFromSearch(search('from=2026-02-01&to=2026-02-28'), today)).toEqual({
      preset: 'custom',
      from: '2026-02-01',
      to: '2026-02-28',
      problem: null,
    });
    expect(rangeFromSearch(search('from=2026-02-01'), today).problem).toBe(
      'Choose both the first and the last day of the range.',
    );
  });

  it('says in a sentence why two days cannot be shown', () => {
    expect(customRangeProblem('2026-02-30', '2026-03-01', today)).toMatch(/^The first day is not a date/);
    expect(customRangeProblem('2026-02-01', 'tomorrow', today)).toMatch(/^The last day is not a date/);
    expect(customRangeProblem('2026-03-02', '2026-03-01', today)).toBe(
      'The first day must come before the last day, or be the same day.',
    );
    expect(customRangeProblem('2026-11-01', '2026-11-28', today)).toBe(
      'The last day cannot be after today (27 Nov 2026): nothing is counted yet.',
    );
    expect(customRangeProblem('2025-10-22', today, today)).toBe(
      'A range can span at most 400 days; this one spans 402.',
    );
    expect(customRangeProblem('2025-10-24', today, today)).toBeNull();
    expect(customRangeProblem(today, today, today)).toBeNull();
  });

  it('tells a real calendar day from a look-alike', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-1-05')).toBe(false);
  });

  it('describes a range, or its one day', () => {
    expect(describeRange({ from: '2026-11-01', to: '2026-11-30' })).toBe('01 Nov 2026 to 30 Nov 2026');
    expect(describeRange({ from: today, to: today })).toBe('27 Nov 2026');
  });
});
