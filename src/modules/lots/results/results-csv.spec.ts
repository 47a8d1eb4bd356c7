import { decodeCsvText, detectDelimiter, normalizeLotNumber, parseResultsCsv, RESULTS_MAX_ROWS } from './results-csv';

const HEADER = 'lot,hammer,paddle,email,first_name,last_name,channel';
const csv = (...lines: string[]) => [HEADER, ...lines].join('\n') + '\n';
const errorsOf = (text: string) => parseResultsCsv(text).errors;

describe('results CSV: reading the file', () => {
  it('reads a sold lot, a passed lot (empty or zero hammer) and the bidder details', () => {
    const out = parseResultsCsv(csv('1,"1,250.50",101,,,,', '2,,,,,,', '3,0,,,,,', '4A,80,,Ann@Example.com,Ann,Lee,inv'));
    expect(out.errors).toEqual([]);
    expect(out.rowCount).toBe(4);
    expect(out.rows.map((r) => [r.line, r.lotLabel, r.hammerCents])).toEqual([
      [2, '1', 125050],
      [3, '2', null],
      [4, '3', null],
      [5, '4A', 8000],
    ]);
    expect(out.rows[0].bidder).toMatchObject({ line: 2, paddle: 101, email: null, channel: null });
    expect(out.rows[1].bidder).toBeNull();
    expect(out.rows[3]).toMatchObject({
      lotNumber: '4',
      lotExt: 'A',
      bidder: { email: 'Ann@Example.com', firstName: 'Ann', lastName: 'Lee', channel: 'INV' },
    });
  });

  it('tolerates a byte-order mark, CRLF, header spellings in any case, column order and blank rows', () => {
    const text = '\uFEFFLot Number;Hammer Price;Paddle #;E-mail\r\n\r\n;;;\r\n007;12;5;\r\n';
    expect(detectDelimiter(text.slice(1))).toBe(';');
    const out = parseResultsCsv(text);
    expect(out.errors).toEqual([]);
    expect(out.rows).toEqual([
      expect.objectContaining({ line: 4, lotNumber: '7', hammerCents: 1200, bidder: expect.objectContaining({ paddle: 5 }) }),
    ]);
  });

  it('takes the extension from its own column or from the lot number, upper-cased', () => {
    const out = parseResultsCsv('lot,ext,hammer,paddle\n12,b,10,1\n13c,,10,1\n14C,c,10,1\n');
    expect(out.errors).toEqual([]);
    expect(out.rows.map((r) => r.lotLabel)).toEqual(['12B', '13C', '14C']);
  });

  it('keeps formula-looking cells as plain text', () => {
    const out = parseResultsCsv(csv('1,10,,=cmd@x.com,=HYPERLINK("http://x"),+SUM(A1),'));
    expect(out.errors).toEqual([]);
    expect(out.rows[0].bidder).toMatchObject({ email: '=cmd@x.com', firstName: '=HYPERLINK("http://x")', lastName: '+SUM(A1)' });
  });

  it('reports a row spanning several lines (a quoted line break) at its first line', () => {
    const out = parseResultsCsv(csv('1,10,1,,"two\nlines",x,', '2,abc,1,,,,'));
    expect(out.rows[0]).toMatchObject({ line: 2, bidder: { firstName: 'two\nlines' } });
    expect(out.errors).toEqual([{ line: 4, column: 'hammer', reason: 'Hammer must be a numerical value (got "abc").' }]);
  });

  it('normalizes lot numbers: leading zeros do not matter', () => {
    expect(normalizeLotNumber('0012')).toBe('12');
    expect(normalizeLotNumber('000')).toBe('0');
  });
});

describe('results CSV: every row error with its line and reason', () => {
  it.each([
    ['a missing lot number', ',10,1,,,,', 'lot', 'Item number is required.'],
    ['a lot number with letters', 'A12,10,1,,,,', 'lot', 'Item number must contain numerical values only.'],
    ['a lot number over 8 digits', '123456789,10,1,,,,', 'lot', 'Item number must be 8 characters or less.'],
    ['a hammer that is not a number', '1,ten,1,,,,', 'hammer', 'Hammer must be a numerical value (got "ten").'],
    ['a formula as hammer', '1,=1+2,1,,,,', 'hammer', 'Hammer must be a numerical value (got "=1+2").'],
    ['a hammer with three decimals', '1,10.005,1,,,,', 'hammer', 'Hammer must not have more than two digits after the decimal point.'],
    ['a negative hammer', '1,-5,1,,,,', 'hammer', 'Hammer must be greater or equal than 0.'],
    ['an absurd hammer', '1,1000000000,1,,,,', 'hammer', 'Hammer must be at most 999,999,999.99.'],
    [
      'a bidder without hammer',
      '1,,1,,,,',
      'hammer',
      'Hammer is required for a lot with a winning bidder. Leave the paddle and email empty for a passed lot.',
    ],
    [
      'a bidder with a zero hammer',
      '1,0,,a@b.co,,,',
      'hammer',
      'A hammer of 0 means the lot passed: leave the paddle and email empty, or give the hammer price.',
    ],
    ['a paddle that is not a whole number', '1,10,12.5,,,,', 'paddle', 'Paddle must be a whole number from 1 to 999999999 (got "12.5").'],
    ['a bad email', '1,10,,not-an-email,,,', 'email', 'Email "not-an-email" is not an e-mail address.'],
    ['an unknown channel', '1,10,1,,,,eBay', 'channel', 'Unknown channel "eBay": use INV, PL, AZ or Floor.'],
    ['a first name over 60 characters', `1,10,1,,${'x'.repeat(61)},,`, 'first_name', 'First name must be 60 characters or less.'],
  ])('%s', (_what, row, column, reason) => {
    expect(errorsOf(csv('9,1,1,,,,', row))).toEqual([{ line: 3, column, reason }]);
  });

  it('an extension that is not one letter, or contradicts the lot number', () => {
    expect(errorsOf('lot,ext,hammer,paddle\n1,AB,10,1\n2A,B,10,1\n')).toEqual([
      { line: 2, column: 'ext', reason: 'Item extension must be between A-Z.' },
      { line: 3, column: 'ext', reason: 'The extension "B" differs from the one in the lot number "2A".' },
    ]);
  });

  it('a bad country code for a new bidder', () => {
    expect(errorsOf('lot,hammer,paddle,last_name,country\n1,10,5,Lee,USA\n')).toEqual([
      { line: 2, column: 'country', reason: 'Country must be a two-letter code such as US (got "USA").' },
    ]);
  });

  it('a lot given twice, reported on the later line with the first', () => {
    expect(errorsOf(csv('5,10,1,,,,', '6,10,1,,,,', '005,20,2,,,,'))).toEqual([
      { line: 4, column: 'lot', reason: 'Lot 5 appears more than once in the file (first on line 2).' },
    ]);
    expect(errorsOf('lot,ext,hammer,paddle\n5,a,1,1\n5A,,2,1\n5,,3,1\n')).toEqual([
      { line: 3, column: 'lot', reason: 'Lot 5A appears more than once in the file (first on line 2).' },
    ]);
  });

  it('a row with more cells than the header, or a value under a column without header', () => {
    expect(errorsOf('lot,hammer,paddle\n1,10,1,extra\n')).toEqual([
      { line: 2, reason: 'This row has 4 cells but the header names 3 columns.' },
    ]);
    expect(errorsOf('lot,hammer,paddle,\n1,10,1,\n2,10,1,oops\n')).toEqual([{ line: 3, reason: 'Column 4 has a value but no header.' }]);
  });

  it('reports every bad row and every bad cell of a row, not just the first', () => {
    const errors = errorsOf(csv('x,ten,1,,,,', '2,10,1,,,,', '3,-1,1,,,,Nope'));
    expect(errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'lot'],
      [2, 'hammer'],
      [4, 'hammer'],
      [4, 'channel'],
    ]);
  });
});

describe('results CSV: file-level errors', () => {
  it('an empty file', () => {
    expect(errorsOf('')).toEqual([
      { line: 1, reason: 'The file is empty: the first row must name the columns (see docs/results-import.md).' },
    ]);
    expect(errorsOf('\uFEFF\n,,\n')).toHaveLength(1);
  });

  it('unknown, repeated and missing columns, all at once', () => {
    expect(errorsOf('lot,lot number,price\n1,1,1\n')).toEqual([
      { line: 1, reason: 'Column "lot" appears more than once.' },
      {
        line: 1,
        reason: expect.stringMatching(
          /^Unknown column "price"\. The columns are: lot, ext, hammer, paddle, email, first_name, last_name, phone, channel, company, street1, street2, city, state, province, postal_code, country\.$/,
        ),
      },
      { line: 1, reason: 'Missing column "hammer".' },
      { line: 1, reason: 'The file needs a "paddle" or an "email" column to name the winning bidders.' },
    ]);
  });

  it('more rows than the limit, reported at the first row over it', () => {
    const out = parseResultsCsv(csv('1,10,1,,,,', '2,10,1,,,,', '3,10,1,,,,'), 2);
    expect(out.errors).toEqual([{ line: 4, reason: 'The file has 3 rows; at most 2 are imported at once. Split it into several files.' }]);
    expect(out.rows).toEqual([]);
    expect(RESULTS_MAX_ROWS).toBe(20_000);
  });

  it('broken quoting, at its line', () => {
    expect(errorsOf(csv('1,10,1,,,,', '2,10,1,,"Ann"x,,'))).toEqual([
      {
        line: 3,
        reason:
          'The file is not valid CSV: a quoted cell has text after its closing quote (a quote inside a quoted cell must be doubled: "").',
      },
    ]);
    expect(errorsOf(csv('1,10,1,,"Ann,,'))).toEqual([
      { line: expect.any(Number), reason: 'The file is not valid CSV: a quoted cell is never closed.' },
    ]);
  });

  it('refuses bytes that are not UTF-8 text', () => {
    expect(decodeCsvText(Buffer.from('lot,hammer\n1,2\n'))).toBe('lot,hammer\n1,2\n');
    expect(decodeCsvText(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBeNull(); // a zip (xlsx)
    expect(decodeCsvText(Buffer.from('lot,last_name\n1,M\xfcller\n', 'latin1'))).toBeNull();
  });
});
