import { stringify } from 'csv-stringify/sync';

export type CsvValue = string | number | null | undefined;

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP's CSV injection list).
const formulaStart = /^[=+\-@\t\r]/;
// A spreadsheet that splits on `;` or `,` (its locale's separator, or "text to columns") starts a cell after each.
const formulaAfterSeparator = /([;,]\s*)(?=[=+\-@\t\r])/g;

/** A value no spreadsheet reads as a formula, at its start or after a `;` or `,` that a spreadsheet may split on. */
export function inertCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  return (formulaStart.test(text) ? `'${text}` : text).replace(formulaAfterSeparator, "$1'");
}

/** A cell as it was before inertCell: what an import of our own export reads back. */
export const restoredCell = (cell: string): string =>
  cell.replace(/^'(?=[=+\-@\t\r])/, '').replace(/([;,]\s*)'(?=[=+\-@\t\r])/g, '$1');

const options = {
  // RFC 4180's line ends; a cell holding a break or a `;` is quoted too, for Excel set to split on `;`.
  record_delimiter: 'windows',
  quoted_match: /[;\r\n]/,
} as const;

/** One CSV line (CRLF-ended) of inert cells, quoted where they hold a separator, a quote or a line break. */
export const csvLine = (cells: readonly CsvValue[]): string => stringify([cells.map(inertCell)], options);

/**
 * The first line of a CSV file: its column names after UTF-8's byte order mark, without which Excel reads the file in
 * the machine's code page and garbles "₹" or "–".
 */
export const csvHeader = (names: readonly string[]): string => `\ufeff${csvLine(names)}`;

/**
 * `2025-11-28 09:30:00`, in UTC (the column's name says so): what a spreadsheet reads as a date and time, where an
 * ISO 8601 timestamp with milliseconds and a Z stays text. An import reads it back.
 */
export const csvDateTime = (iso: string | null | undefined): string =>
  iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : '';
