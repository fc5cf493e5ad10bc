import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('CSV cells', () => {
  it.each(['=1+1', '+1', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])('make %j inert with a leading quote', (value) => {
    expect(csvCell(value).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('quote commas, quotes and line breaks, doubling the quotes inside', () => {
    expect(csvCell('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('escape and quote a formula that also holds a comma', () => {
    expect(csvCell('=HYPERLINK("http://x.example","a")')).toBe('"\'=HYPERLINK(""http://x.example"",""a"")"');
  });

  it.each([
    ['x;=1+1', '"x;\'=1+1"'],
    ['a, +1', '"a, \'+1"'],
    ['ok;-cmd|calc', '"ok;\'-cmd|calc"'],
    ['=1;@SUM(A1)', '"\'=1;\'@SUM(A1)"'],
  ])('quote %j and make a formula after a ; or , inert too', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leave ordinary text, numbers and empties alone', () => {
    expect(csvLine(['Ada', 42, null, undefined, 'a-b'])).toBe('Ada,42,,,a-b\r\n');
  });
});
