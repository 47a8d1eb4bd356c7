import { describe, expect, it } from '@jest/globals';
import { csvDocument, csvFileName, csvLine, quoteCell, safeCell } from './csv';

describe('the CSV writer', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['\rCR', "'\rCR"],
    ['  =1+1', "'  =1+1"],
    ['\u00a0=1+1', "'\u00a0=1+1"],
    [' \u00a0 @x', "' \u00a0 @x"],
    ['\uff1d1+1', "'\uff1d1+1"],
    ['\uff0b1', "'\uff0b1"],
    ['\uff0d1', "'\uff0d1"],
    ['\uff20x', "'\uff20x"],
  ])('neutralises %j', (input, out) => {
    expect(safeCell(input)).toBe(out);
  });

  it('leaves plain text and the amounts we write alone', () => {
    for (const v of ['Mary Allen', '-12.50', '1684.38', '12', 'a=b', '', ' Smith']) expect(safeCell(v)).toBe(v);
  });

  it('quotes cells with the delimiter, a semicolon, quotes or line breaks', () => {
    expect(quoteCell('a,b')).toBe('"a,b"');
    expect(quoteCell('a;b')).toBe('"a;b"');
    expect(quoteCell('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCell('two\nlines')).toBe('"two\nlines"');
    expect(quoteCell('cr\rhere')).toBe('"cr\rhere"');
    expect(quoteCell('a|b', '|')).toBe('"a|b"');
    expect(quoteCell('plain')).toBe('plain');
  });

  it('neutralises before quoting, joins with the delimiter, BOM and CRLF', () => {
    expect(csvLine(['=1,2', 'x'])).toBe(`"'=1,2",x`);
    expect(csvLine(['a', 'b;c'], ';')).toBe('a;"b;c"');
    expect(csvDocument(['H1', 'H2'], [['1', '=x']])).toBe("\uFEFFH1,H2\r\n1,'=x\r\n");
  });

  it('names the file after a title', () => {
    expect(csvFileName('Autumn: Fine/Art')).toBe('Autumn_ Fine_Art.csv');
    expect(csvFileName('  ', 'invoices')).toBe('invoices.csv');
  });
});
