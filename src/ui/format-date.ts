// en-GB's month names, long and short, as Intl writes them ("Sept" included).
const longMonths = [
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
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

const toDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/**
 * The specification's date format: two-digit day, short month, year, en-GB, in UTC ("05 Mar 2025"). Written out
 * rather than through Intl.DateTimeFormat, whose first formatter costs a phone about 70 ms of main thread (the
 * locale's data loads): the largest single task of the home page's start, for three dates.
 */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getUTCDate()).padStart(2, '0')} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A comment's date: day, long month and year, en-GB, in UTC ("5 March 2025"), written out for the same reason. */
export function formatLongDate(value: string | Date): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCDate()} ${longMonths[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
