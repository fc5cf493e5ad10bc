/** How the Stats page writes its figures and their change against the previous period. */
import { formatDate } from '@/ui/format-date.ts';

const numberFormat = new Intl.NumberFormat('en-GB');

export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** A share between 0 and 1 as a whole percentage under 10 % and above, one decimal below ("2.5 %"). */
export function formatShare(share: number): string {
  const percent = share * 100;
  const rounded = percent > 0 && percent < 10 ? Math.round(percent * 10) / 10 : Math.round(percent);
  return `${rounded} %`;
}

/** "45 s", "3 min 05 s", "1 h 02 min". */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A change against the previous period: what is shown, what a screen reader hears, and which way it went. */
export interface Change {
  /** "+12 %", "−3 %", "+4 pts", "0 %", "new". */
  text: string;
  /** "up 12 %", "down 3 percentage points", "unchanged", "none in the previous period". */
  words: string;
  /** "none" when the periods cannot be compared. */
  direction: 'up' | 'down' | 'same' | 'none';
}

const minus = '\u2212';

function signed(value: number, unit: string, unitWords: string): Change {
  if (value === 0) return { text: `0 ${unit}`, words: 'unchanged', direction: 'same' };
  const magnitude = Math.abs(value);
  return value > 0
    ? { text: `+${magnitude} ${unit}`, words: `up ${magnitude} ${unitWords}`, direction: 'up' }
    : { text: `${minus}${magnitude} ${unit}`, words: `down ${magnitude} ${unitWords}`, direction: 'down' };
}

/** The relative change of a count or a duration, rounded to a whole percent. */
export function relativeChange(current: number, previous: number): Change {
  if (previous === 0) {
    return current === 0
      ? { text: '0 %', words: 'unchanged', direction: 'same' }
      : { text: 'new', words: 'none in the previous period', direction: 'up' };
  }
  return signed(Math.round(((current - previous) / previous) * 100), '%', '%');
}

/** The change of a share (bounce rate) in percentage points: a relative change of a rate misleads. */
export function pointsChange(current: number, previous: number): Change {
  return signed(Math.round((current - previous) * 100), 'pts', 'percentage points');
}

/** No change to show: a rate or a duration of a period without visits is no figure to compare with. */
export function notComparable(period: 'previous' | 'current'): Change {
  return {
    text: '–',
    words: `not comparable, no visits in the ${period} period`,
    direction: 'none',
  };
}

/**
 * The chart's day axis: "05 Dec" for each tick (UTC seconds), with the year on the first tick and wherever it
 * changes ("05 Dec 2025", "01 Jan 2026"), so that a year's range says which year each month is.
 */
export function dayAxisLabels(ticks: number[]): string[] {
  let year: string | undefined;
  return ticks.map((tick) => {
    const date = formatDate(new Date(tick * 1000));
    const tickYear = date.slice(-4);
    const label = tickYear === year ? date.slice(0, -5) : date;
    year = tickYear;
    return label;
  });
}

/** A day of the series in words, as the chart's readout says it. */
export function dayInWords(day: { day: string; visitors: number; visits: number; pageViews: number }): string {
  const count = (value: number, one: string, many: string) => `${formatCount(value)} ${value === 1 ? one : many}`;
  return (
    `${formatDate(day.day)}: ${count(day.visitors, 'visitor', 'visitors')}, ${count(day.visits, 'visit', 'visits')}, ` +
    count(day.pageViews, 'page view', 'page views')
  );
}
