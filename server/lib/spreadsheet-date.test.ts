import { describe, expect, it } from 'vitest';
import { readSpreadsheetDate } from './spreadsheet-date.ts';

const iso = (text: string, order?: 'day-first' | 'month-first') => {
  const reading = readSpreadsheetDate(text, order);
  return 'iso' in reading ? reading.iso : reading.problem;
};

describe('reading a date from a spreadsheet cell', () => {
  it.each([
    ['2026-11-07', '2026-11-07T00:00:00.000Z'],
    ['2026-11-07 14:30', '2026-11-07T14:30:00.000Z'],
    ['2026-11-07 14:30:05', '2026-11-07T14:30:05.000Z'],
    ['2026-11-07T14:30:05.123Z', '2026-11-07T14:30:05.000Z'],
    ['2026-11-07T14:30+05:30', '2026-11-07T09:00:00.000Z'],
    ['2026-11-07T01:00:00-0200', '2026-11-07T03:00:00.000Z'],
    ['2026/11/07', '2026-11-07T00:00:00.000Z'],
  ])('reads year-first %j without being told an order', (text, expected) => {
    expect(iso(text)).toBe(expected);
    expect(iso(text, 'month-first')).toBe(expected);
  });

  it('reads 07/11/2026 14:30 as 7 November day first, and as 11 July month first', () => {
    expect(iso('07/11/2026 14:30', 'day-first')).toBe('2026-11-07T14:30:00.000Z');
    expect(iso('07/11/2026 14:30', 'month-first')).toBe('2026-07-11T14:30:00.000Z');
    expect(iso('7.11.2026', 'day-first')).toBe('2026-11-07T00:00:00.000Z');
    expect(iso('11-7-2026 2:30 PM', 'month-first')).toBe('2026-11-07T14:30:00.000Z');
    expect(iso('11/7/2026 12:05:09 am', 'month-first')).toBe('2026-11-07T00:05:09.000Z');
  });

  it('refuses a day-and-month date without an order, naming both readings when it has two', () => {
    expect(iso('07/11/2026 14:30')).toBe(
      '"07/11/2026 14:30" could be 7 November or 11 July, and does not say whether the day or the month comes ' +
        "first: choose the order of the file's dates and import it again, or write dates year first (YYYY-MM-DD).",
    );
    expect(iso('13/11/2026')).toMatch(/^"13\/11\/2026" does not say whether the day or the month comes first/);
  });

  it.each([
    ['13/11/2026', 'month-first', /no date and time with the month first: check it, and the order/],
    ['31/02/2026', 'day-first', /no date and time with the day first/],
    ['07/11/26', 'day-first', /year in two digits/],
    ['13/11/2026 13:00 PM', 'day-first', /no date and time with the day first/],
    ['2026-02-30', undefined, /no such day or time/],
    ['2026-11-07 24:00', undefined, /no such day or time/],
    ['last spring', undefined, /is not a date: write it as 2026-11-07/],
    ['46333.6', undefined, /is not a date/],
  ] as const)('refuses %j (%s) in words', (text, order, problem) => {
    expect(iso(text, order)).toMatch(problem);
  });
});
