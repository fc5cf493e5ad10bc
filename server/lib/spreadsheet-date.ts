/** Which comes first in a date written `07/11/2026`: India, Britain and most of the world write the day first. */
export type DateOrder = 'day-first' | 'month-first';

/** A date and time read from a cell, as an ISO 8601 instant; or why it cannot be read, in words. */
export type DateReading = { iso: string } | { problem: string };

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// Year first: ISO 8601 (`2026-11-07`, `2026-11-07T14:30:00.000Z`, `2026-11-07 14:30+05:30`), or `2026/11/07`.
const yearFirst =
  /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;
// Day and month first, in either order, as spreadsheets write them: `07/11/2026`, `7.11.2026 14:30`, `11-7-2026 2:30 PM`.
const dayOrMonthFirst = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{2,4})(?:[T ,]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?$/i;

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC; a time without a zone is UTC. */
  offset: number;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The instant, or undefined when a part is out of range (31 February, 25:00). */
function instant({ year, month, day, hour, minute, second, offset }: Parts): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (!(hour <= 23) || minute > 59 || second > 59) return undefined;
  return new Date(Date.UTC(year, month - 1, day, hour, minute - offset, second)).toISOString();
}

function zoneOffset(zone: string | undefined): number {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0;
  const [, sign, hours, minutes] = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/** A 12-hour clock's hour on the 24-hour clock, or NaN when there is no such hour (`13 PM`, `0 AM`). */
function hourOf(hour: string | undefined, meridiem: string | undefined): number {
  const value = Number(hour ?? 0);
  if (meridiem === undefined) return value;
  if (value < 1 || value > 12) return Number.NaN;
  return (value % 12) + (meridiem.toUpperCase() === 'PM' ? 12 : 0);
}

const named = (day: number, month: number) => `${day} ${monthNames[month - 1]}`;

/**
 * Reads a date (and time) as people and spreadsheets write it. Year first (ISO 8601) is always read. A date written
 * day and month first (`07/11/2026`) is read only in the order given: 7 November and 11 July look alike, and a guess
 * stores a wrong date without a word. A time without a zone is UTC.
 */
export function readSpreadsheetDate(text: string, order: DateOrder | undefined): DateReading {
  const value = text.trim();
  const iso = yearFirst.exec(value);
  if (iso) {
    const [, year, , month, day, hour, minute, second, zone] = iso;
    const at = instant({
      year: Number(year),
      month: Number(month),
      day: Number(day),
      hour: Number(hour ?? 0),
      minute: Number(minute ?? 0),
      second: Number(second ?? 0),
      offset: zoneOffset(zone),
    });
    return at === undefined ? { problem: `"${value}" is no date: there is no such day or time.` } : { iso: at };
  }
  const local = dayOrMonthFirst.exec(value);
  if (!local) {
    return { problem: `"${value}" is not a date: write it as 2026-11-07, or 2026-11-07 14:30 (UTC).` };
  }
  const [, first, , second, year, hour, minute, seconds, meridiem] = local;
  if (year!.length !== 4) {
    return { problem: `"${value}" gives the year in two digits: write all four (2026).` };
  }
  const [a, b] = [Number(first), Number(second)];
  if (order === undefined) {
    const [asDayFirst, asMonthFirst] = [b <= 12 && named(a, b), a <= 12 && named(b, a)];
    const could = asDayFirst && asMonthFirst && a !== b ? ` could be ${asDayFirst} or ${asMonthFirst}, and` : '';
    return {
      problem:
        `"${value}"${could} does not say whether the day or the month comes first: choose the order of the ` +
        `file's dates and import it again, or write dates year first (YYYY-MM-DD).`,
    };
  }
  const [day, month] = order === 'day-first' ? [a, b] : [b, a];
  const at = instant({
    year: Number(year),
    month,
    day,
    hour: hourOf(hour, meridiem),
    minute: Number(minute ?? 0),
    second: Number(seconds ?? 0),
    offset: 0,
  });
  if (at === undefined) {
    const firstPart = order === 'day-first' ? 'day' : 'month';
    return {
      problem: `"${value}" is no date and time with the ${firstPart} first: check it, and the order chosen for the file's dates.`,
    };
  }
  return { iso: at };
}
