import type { StatsRange } from '@/api/stats/get-stats.ts';
import { formatDate } from '@/ui/format-date.ts';

export type RangePreset = '7d' | '30d' | '12m';

export const rangePresets: { id: RangePreset; label: string }[] = [
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
  { id: '12m', label: '12 months' },
];

export const defaultPreset: RangePreset = '30d';

/** The server's limit on a range (StatsQuery): a comparison doubles it, and rollups are read per day. */
export const maxRangeDays = 400;

/** What the address asks for: a preset, or custom days; `problem` says in a sentence why custom days cannot be shown. */
export interface RangeChoice {
  preset: RangePreset | 'custom';
  from: string;
  to: string;
  problem: string | null;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

function dayTime(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isDay(value: string): boolean {
  return dayPattern.test(value) && new Date(dayTime(value)).toISOString().slice(0, 10) === value;
}

export function addDays(day: string, days: number): string {
  return new Date(dayTime(day) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Both ends included: 1 for a single day. */
export function daysIn({ from, to }: StatsRange): number {
  return Math.round((dayTime(to) - dayTime(from)) / 86_400_000) + 1;
}

/** Today's date in UTC, the calendar the server counts in. */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The days of a preset, ending today. */
export function presetRange(preset: RangePreset, today: string): StatsRange {
  if (preset === '7d') return { from: addDays(today, -6), to: today };
  if (preset === '30d') return { from: addDays(today, -29), to: today };
  const yearAgo = new Date(dayTime(today));
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  return { from: addDays(yearAgo.toISOString().slice(0, 10), 1), to: today };
}

/** Why two typed days cannot be shown, in a sentence, or null when they can. */
export function customRangeProblem(from: string, to: string, today: string): string | null {
  if (from === '' || to === '') return 'Choose both the first and the last day of the range.';
  if (!isDay(from)) return 'The first day is not a date: write it as YYYY-MM-DD, e.g. 2026-01-31.';
  if (!isDay(to)) return 'The last day is not a date: write it as YYYY-MM-DD, e.g. 2026-01-31.';
  if (from > to) return 'The first day must come before the last day, or be the same day.';
  if (to > today) return `The last day cannot be after today (${formatDate(today)}): nothing is counted yet.`;
  const days = daysIn({ from, to });
  if (days > maxRangeDays) return `A range can span at most ${maxRangeDays} days; this one spans ${days}.`;
  return null;
}

/** The range the address asks for (`?range=7d`, or `?from=&to=`); 30 days when it names none or an unknown one. */
export function rangeFromSearch(search: URLSearchParams, today: string): RangeChoice {
  const from = search.get('from');
  const to = search.get('to');
  if (from !== null || to !== null) {
    const custom = { from: from ?? '', to: to ?? '' };
    return { preset: 'custom', ...custom, problem: customRangeProblem(custom.from, custom.to, today) };
  }
  const named = rangePresets.find((preset) => preset.id === search.get('range'))?.id ?? defaultPreset;
  return { preset: named, ...presetRange(named, today), problem: null };
}

/** "1 Nov 2026 to 30 Nov 2026", or the one day. */
export function describeRange({ from, to }: StatsRange): string {
  return from === to ? formatDate(from) : `${formatDate(from)} to ${formatDate(to)}`;
}
