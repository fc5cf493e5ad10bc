import { describe, expect, it } from 'vitest';
import { csvHeader, csvLine } from './csv-write.ts';
import { CsvReadError, decodeCsv, detectDelimiter, readCsv } from './csv-read.ts';

const bom = Buffer.from([0xef, 0xbb, 0xbf]);
const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('reading a CSV file', () => {
  it('reads what Excel saves in India and most of Europe: a BOM, semicolons, CRLF', () => {
    const file = Buffer.concat([bom, utf8('email;name;consented_at\r\nasha@example.in;Asha Rao;07/11/2026 14:30\r\n')]);
    expect(readCsv(file)).toEqual({
      delimiter: ';',
      encoding: 'utf-8',
      header: ['email', 'name', 'consented_at'],
      rows: [{ line: 2, cells: ['asha@example.in', 'Asha Rao', '07/11/2026 14:30'] }],
    });
  });

  it('keeps quoted commas, semicolons, quotes and line breaks in their cell, and counts lines as the file does', () => {
    const table = readCsv(
      utf8(
        'email,note\n\n"a@example.com","one, two; three"\r\n' +
          'b@example.com,"said ""hi""\r\nthen left"\n\n\nc@example.com, spaced \n,\n;;\n',
      ),
    );
    expect(table.delimiter).toBe(',');
    expect(table.rows).toEqual([
      { line: 3, cells: ['a@example.com', 'one, two; three'] },
      { line: 4, cells: ['b@example.com', 'said "hi"\nthen left'] },
      { line: 8, cells: ['c@example.com', 'spaced'] },
      { line: 10, cells: [';;'] },
    ]);
  });

  it('reads tab-separated text, and a quoted header that holds another separator', () => {
    expect(readCsv(utf8('email\tname\nd@example.com\tDi, the second\n'))).toMatchObject({
      delimiter: '\t',
      rows: [{ line: 2, cells: ['d@example.com', 'Di, the second'] }],
    });
    expect(detectDelimiter('"a,b,c";d;e\n1,2,3,4')).toBe(';');
    expect(detectDelimiter('email\nx;y;z')).toBe(',');
  });

  it('reads Excel’s "Unicode text" (UTF-16 with a BOM) and Windows’ code page', () => {
    const unicode = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('email\tname\r\nz@example.com\tZoë\r\n', 'utf16le'),
    ]);
    expect(readCsv(unicode)).toMatchObject({
      delimiter: '\t',
      encoding: 'utf-16le',
      rows: [{ cells: ['z@example.com', 'Zoë'] }],
    });
    const ansi = Buffer.concat([utf8('email;name\r\nj@example.com;Jos'), Buffer.from([0xe9]), utf8('\r\n')]);
    expect(readCsv(ansi)).toMatchObject({ encoding: 'windows-1252', rows: [{ cells: ['j@example.com', 'José'] }] });
  });

  it('reads back what the CSV writer wrote, formulas made inert included', () => {
    const written = csvHeader(['email', 'basis']) + csvLine(['e@example.com', '=1+1; two\nlines']);
    expect(readCsv(utf8(written)).rows).toEqual([{ line: 2, cells: ['e@example.com', "'=1+1; two\nlines"] }]);
  });

  it('refuses a workbook, a binary file and an unclosed quote in words, naming the line', () => {
    expect(() => decodeCsv(Buffer.from('PK\u0003\u0004rest', 'latin1'))).toThrow(/workbook, not CSV/);
    expect(() => decodeCsv(Buffer.from([0x61, 0x00, 0x62, 0x0a]))).toThrow(/not a text file/);
    let error: unknown;
    try {
      readCsv(utf8('email,name\nf@example.com,"Fay\ng@example.com,Gil\n'));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CsvReadError);
    expect((error as CsvReadError).message).toMatch(/quote \(".+never closed/);
    expect((error as CsvReadError).line).toBe(2);
    expect(() => readCsv(utf8('email,name\n\n"h@example.com"x,Hal\n'))).toThrow(
      /^Line 3 has text after a cell's closing quote/,
    );
  });

  it('reads an empty file as no header and no rows', () => {
    expect(readCsv(Buffer.concat([bom, utf8('\r\n\r\n')]))).toMatchObject({ header: [], rows: [] });
  });
});
