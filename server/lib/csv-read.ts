import { CsvError, parse, type Info } from 'csv-parse/sync';

/** The separators a spreadsheet writes: `,`, `;` (Excel where the decimal mark is a comma, India's included), tab. */
export const csvDelimiters = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof csvDelimiters)[number];

/** How the bytes were read: a byte order mark says UTF-8 or UTF-16; bytes that are not UTF-8 are Windows' code page. */
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface CsvRow {
  /** The line of the file the row starts on, the header being line 1, blank lines counted. */
  line: number;
  cells: string[];
}

export interface CsvTable {
  delimiter: CsvDelimiter;
  encoding: CsvEncoding;
  /** The first row's cells, trimmed. */
  header: string[];
  /** Every other row but the blank ones (no cell holding more than spaces). */
  rows: CsvRow[];
}

/** A file that cannot be read as CSV, with what to do in words; `line` when one line is at fault. */
export class CsvReadError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'CsvReadError';
  }
}

// Files that are no text: a workbook saved as .xlsx (a ZIP) or .xls (an OLE compound file).
const workbookStarts = [Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.from([0xd0, 0xcf, 0x11, 0xe0])];

const byteOrderMarks: [mark: Buffer, encoding: CsvEncoding][] = [
  [Buffer.from([0xef, 0xbb, 0xbf]), 'utf-8'],
  [Buffer.from([0xff, 0xfe]), 'utf-16le'],
  [Buffer.from([0xfe, 0xff]), 'utf-16be'],
];

/** The file's text: by its byte order mark (Excel's "CSV UTF-8" and "Unicode text"), else UTF-8, else Windows-1252. */
export function decodeCsv(bytes: Buffer): { text: string; encoding: CsvEncoding } {
  if (workbookStarts.some((start) => bytes.subarray(0, start.length).equals(start))) {
    throw new CsvReadError('This is a spreadsheet workbook, not CSV: in Excel choose Save As, then "CSV UTF-8".');
  }
  const marked = byteOrderMarks.find(([mark]) => bytes.subarray(0, mark.length).equals(mark));
  let text: string;
  let encoding: CsvEncoding;
  if (marked) {
    [, encoding] = marked;
    text = new TextDecoder(encoding).decode(bytes.subarray(marked[0].length));
  } else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      encoding = 'utf-8';
    } catch {
      // Excel's plain "CSV" on Windows writes the machine's code page; WHATWG's latin1 is Windows-1252.
      text = new TextDecoder('latin1').decode(bytes);
      encoding = 'windows-1252';
    }
  }
  if (text.includes('\u0000')) {
    throw new CsvReadError('This is not a text file: save the sheet as CSV (CSV UTF-8 in Excel), then try again.');
  }
  return { text, encoding };
}

/** The separator the header line uses most, counting outside quotes; a header of one column is comma-separated. */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<string, number>(csvDelimiters.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && counts.has(character)) counts.set(character, counts.get(character)! + 1);
  }
  return csvDelimiters.reduce((best, delimiter) => (counts.get(delimiter)! > counts.get(best)! ? delimiter : best));
}

interface ParsedRecord {
  record: string[];
  info: Info;
}

const lineBreaks = (cell: string) => cell.split('\n').length - 1;

/**
 * Why csv-parse stopped, in words a person can act on. A quote never closed runs to the end of the file, so the line
 * named is where its record starts: the first line holding anything after the last record read whole.
 */
function readError(error: CsvError, text: string, lastRecordEnd: number): CsvReadError {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    const lines = text.split('\n');
    let line = lastRecordEnd + 1;
    while (line < lines.length && lines[line - 1]!.trim() === '') line += 1;
    return new CsvReadError(`Line ${line} opens a quote (") that is never closed: close it or remove it.`, line);
  }
  const line = typeof error.lines === 'number' ? error.lines : undefined;
  const where = line === undefined ? 'The file' : `Line ${line}`;
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE' || error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE') {
    return new CsvReadError(
      `${where} has text after a cell's closing quote: quote the whole cell and double each quote inside it ("").`,
      line,
    );
  }
  return new CsvReadError(`${where} cannot be read as CSV (${error.message}).`, line);
}

/**
 * Reads a CSV file as spreadsheets write it (RFC 4180 and its variants): the delimiter found on the header line,
 * quoted cells holding separators, quotes and line breaks, CRLF, LF or CR line ends, rows of any length. Cells are
 * trimmed; nothing is read as a formula or a number.
 */
export function readCsv(bytes: Buffer): CsvTable {
  const decoded = decodeCsv(bytes);
  // One line end: csv-parse counts lines wrongly past a blank CRLF line, and a cell's own break is a break either way.
  const text = decoded.text.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  const delimiter = detectDelimiter(text);
  let records: ParsedRecord[];
  let lastRecordEnd = 0;
  try {
    // With `info`, each record comes with where it ends (csv-parse's types give the records alone).
    records = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      on_record: (record, { lines }) => {
        lastRecordEnd = lines;
        return record;
      },
    }) as unknown as ParsedRecord[];
  } catch (error) {
    if (error instanceof CsvError) throw readError(error, text, lastRecordEnd);
    throw error;
  }
  const rows = records
    .filter(({ record }) => record.some((cell) => cell !== ''))
    .map(({ record, info }) => ({
      // csv-parse counts the line a record ends on; its cells' own line breaks lie before that.
      line: info.lines - record.reduce((breaks, cell) => breaks + lineBreaks(cell), 0),
      cells: record,
    }));
  const [header, ...rest] = rows;
  return { delimiter, encoding: decoded.encoding, header: header?.cells ?? [], rows: rest };
}
