/**
 * Dates and times as the admin shows them, one format everywhere: "28 Nov 2026" and "28 Nov 2026, 14:03", in the
 * reader's time zone (the browser's; the admin renders only in the browser). `timeZone` is for tests.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

type Shape = 'date' | 'time' | 'clock';

const shapes: Record<Shape, Intl.DateTimeFormatOptions> = {
  date: { day: '2-digit', month: 'short', year: 'numeric' },
  time: { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false },
  clock: { hour: '2-digit', minute: '2-digit', hour12: false },
};

function format(shape: Shape, value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const key = `${shape} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { ...shapes[shape], timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** The day of a moment: "05 Mar 2025". */
export const formatDate = (value: string | Date, timeZone?: string) => format('date', value, timeZone);

/** A moment: "05 Mar 2025, 14:03". */
export const formatTime = (value: string | Date, timeZone?: string) => format('time', value, timeZone);

/** The time of day of a moment, for one just now: "14:03". */
export const formatClock = (value: string | Date, timeZone?: string) => format('clock', value, timeZone);
