// A spreadsheet runs a cell that starts with one of these as a formula (OWASP's CSV injection list).
const formulaStart = /^[=+\-@\t\r]/;
// A spreadsheet that splits on `;` or `,` (its locale's separator, or "text to columns") starts a cell after each.
const formulaAfterSeparator = /([;,]\s*)(?=[=+\-@\t\r])/g;

/**
 * One CSV cell: never read as a formula by a spreadsheet, at its start or after a `;` or `,` that a spreadsheet may
 * split on; quoted when it holds a separator, a quote or a line break.
 */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const inert = (formulaStart.test(text) ? `'${text}` : text).replace(formulaAfterSeparator, "$1'");
  return /[",;\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** Lines end in CRLF, as RFC 4180 says. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** UTF-8's byte order mark: without it Excel reads the file in the machine's code page and garbles "₹" or "–". */
export const utf8Bom = '\ufeff';
