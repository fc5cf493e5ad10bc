import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvDateTime, csvHeader, csvLine, inertCell, restoredCell } from './csv-write.ts';

const cell = (value: string) => csvLine([value]).slice(0, -2);

describe('CSV cells', () => {
  it.each(['=1+1', '+1', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])('make %j inert with a leading quote', (value) => {
    expect(cell(value).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('quote commas, semicolons, quotes and line breaks, doubling the quotes inside', () => {
    expect(cell('Smith, Jo')).toBe('"Smith, Jo"');
    expect(cell('Smith; Jo')).toBe('"Smith; Jo"');
    expect(cell('say "hi"')).toBe('"say ""hi"""');
    expect(cell('two\nlines')).toBe('"two\nlines"');
    expect(cell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('escape and quote a formula that also holds a comma', () => {
    expect(cell('=HYPERLINK("http://x.example","a")')).toBe('"\'=HYPERLINK(""http://x.example"",""a"")"');
  });

  it.each([
    ['x;=1+1', '"x;\'=1+1"'],
    ['a, +1', '"a, \'+1"'],
    ['ok;-cmd|calc', '"ok;\'-cmd|calc"'],
    ['=1;@SUM(A1)', '"\'=1;\'@SUM(A1)"'],
  ])('quote %j and make a formula after a ; or , inert too', (value, quoted) => {
    expect(cell(value)).toBe(quoted);
  });

  it.each(['=1+1', 'x;=1+1', 'a, +1', '=1;@SUM(A1)', 'plain, text; here', "it's"])(
    'restore %j as it was once read back',
    (value) => {
      expect(restoredCell(inertCell(value))).toBe(value);
    },
  );

  it('leave ordinary text, numbers and empties alone, and end the line with CRLF', () => {
    expect(csvLine(['Ada', 42, null, undefined, 'a-b'])).toBe('Ada,42,,,a-b\r\n');
  });

  it('write what a CSV reader reads back cell for cell', () => {
    const cells = ['Smith, Jo', 'two\r\nlines', 'say "hi"', 'a;b', '₹1–3 lakh'];
    expect(parse(csvLine(cells))).toEqual([cells]);
  });
});

describe('CSV headers and dates', () => {
  it('start the file with a byte order mark', () => {
    expect(Buffer.from(csvHeader(['email', 'name'])).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvHeader(['email', 'name'])).toBe('\ufeffemail,name\r\n');
  });

  it('write a time as a spreadsheet reads it, to the second, and nothing for none', () => {
    expect(csvDateTime('2026-11-07T14:30:05.123Z')).toBe('2026-11-07 14:30:05');
    expect(csvDateTime(null)).toBe('');
  });
});
