// A spreadsheet runs a cell that starts with one of these as a formula (OWASP's CSV injection list).
const formulaStart = /^[=+\-@\t\r]/;

/** One CSV cell: never read as a formula by a spreadsheet, quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const inert = formulaStart.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** Lines end in CRLF, as RFC 4180 says. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
