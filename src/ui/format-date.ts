// en-GB's short month names, as Intl writes them ("Sept" included).
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * The specification's date format: two-digit day, short month, year, en-GB, in UTC ("05 Mar 2025"). Written out
 * rather than through Intl.DateTimeFormat, whose first formatter costs a phone about 70 ms of main thread (the
 * locale's data loads): the largest single task of the home page's start, for three dates.
 */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getUTCDate()).padStart(2, '0')} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
