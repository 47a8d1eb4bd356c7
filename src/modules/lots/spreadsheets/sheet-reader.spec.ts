import ExcelJS from 'exceljs';
import { SHEET_CODES } from '@ar/rules';
import { STANDARD_DOCUMENTED_HEADERS } from '../../../../test/support/standard-headers';
import { mapSheet, normalizeAmount, normalizeHeader } from './sheet-columns';
import { readSheet, SHEET_MAX_ROWS, SHEET_READ_TEXT, type Sheet } from './sheet-reader';
import { detectDelimiter, detectEncoding } from './sheet-text';

const TITLE = 'Bol « Décor » 12" – Ärger, “quoted”';
const csv = `Lot Number,Title,Description\r\n1,"${TITLE.replace(/"/g, '""')}","two\nlines"\r\n`;

function utf16(text: string, bigEndian: boolean, bom = true): Buffer {
  const le = Buffer.from((bom ? '\uFEFF' : '') + text, 'utf16le');
  if (!bigEndian) return le;
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1], le[i]];
  return be;
}

async function read(name: string, data: Buffer): Promise<Sheet> {
  const r = await readSheet(name, data);
  if (!r.ok) throw new Error(r.message);
  return r.sheet;
}

describe('reading spreadsheet files', () => {
  it.each([
    ['UTF-8 without BOM', Buffer.from(csv, 'utf8'), 'utf-8'],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]), 'utf-8'],
    ['UTF-16 LE with BOM', utf16(csv, false), 'utf-16le'],
    ['UTF-16 BE with BOM', utf16(csv, true), 'utf-16be'],
    ['UTF-16 LE without BOM', utf16(csv, false, false), 'utf-16le'],
  ])('%s: every character back, quoted newline kept', async (_n, data, encoding) => {
    const s = await read('lots.csv', data);
    expect(s.encoding).toBe(encoding);
    expect(s.header).toEqual(['Lot Number', 'Title', 'Description']);
    expect(s.rows).toEqual([{ row: 2, cells: ['1', TITLE, 'two\nlines'] }]);
  });

  it('Windows-1252 is detected (bytes that are not UTF-8), not assumed', async () => {
    // "Café “12”" in Windows-1252: é = E9, curly quotes 93/94.
    const bytes = Buffer.concat([
      Buffer.from('Lot Number,Title\r\n1,Caf'),
      Buffer.from([0xe9, 0x20, 0x93]),
      Buffer.from('12'),
      Buffer.from([0x94]),
    ]);
    expect(detectEncoding(bytes).encoding).toBe('windows-1252');
    expect((await read('lots.csv', bytes)).rows[0].cells).toEqual(['1', 'Café “12”']);
    expect(detectEncoding(Buffer.from('Café', 'utf8')).encoding).toBe('utf-8');
  });

  it.each([
    ['comma', 'a,b;c\n', ','],
    ['semicolon', 'Lot;Title;Description\n', ';'],
    ['tab', 'Lot\tTitle\tDescription\n', '\t'],
    ['quoted delimiters do not count', '"a;b;c",x,y\n', ','],
  ])('delimiter: %s', (_n, text, d) => expect(detectDelimiter(text)).toBe(d));

  it('a semicolon file with quoted semicolons reads as one', async () => {
    const s = await read('lots.csv', Buffer.from('Lot;Title;Description\n1;"a; b";"c"\n', 'utf8'));
    expect(s.rows[0].cells).toEqual(['1', 'a; b', 'c']);
  });

  it('skips blank rows, keeping spreadsheet row numbers', async () => {
    const s = await read('lots.csv', Buffer.from('Lot,Title\n\n1,A\n,\n2,B\n'));
    expect(s.rows.map((r) => r.row)).toEqual([3, 5]);
  });

  it('.xlsx: text, numbers, rich text and formula results', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Lots');
    ws.addRow(['Lot Number', 'Title', 'Low Estimate', 'Description']);
    ws.addRow([1, TITLE, 1250, { richText: [{ text: 'Bold ' }, { text: 'and plain' }] }]);
    ws.addRow([2, 'Formula', { formula: '100*2', result: 200 }, 'D']);
    const s = await read('lots.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(s.rows).toEqual([
      { row: 2, cells: ['1', TITLE, '1250', 'Bold and plain'] },
      { row: 3, cells: ['2', 'Formula', '200', 'D'] },
    ]);
  });

  it('refuses a broken .xlsx, binary text and too many rows, with messages', async () => {
    expect(await readSheet('bad.xlsx', Buffer.from('not a zip'))).toEqual({ ok: false, message: SHEET_READ_TEXT.notXlsx });
    expect(await readSheet('bad.csv', Buffer.from([0x41, 0, 0, 0x42, 0, 0, 0, 0]))).toEqual({
      ok: false,
      message: SHEET_READ_TEXT.notText,
    });
    const big = `Lot,Title\n${Array.from({ length: SHEET_MAX_ROWS + 1 }, (_, i) => `${i},t`).join('\n')}`;
    expect(await readSheet('big.csv', Buffer.from(big))).toEqual({ ok: false, message: SHEET_READ_TEXT.tooManyRows });
    expect(await readSheet('open.csv', Buffer.from('Lot,Title\n1,"never closed\n'))).toEqual({
      ok: false,
      message: SHEET_READ_TEXT.unclosedQuote,
    });
  });
});

describe('mapping columns', () => {
  const sheet = (header: string[], ...rows: string[][]): Sheet => ({
    header,
    rows: rows.map((cells, i) => ({ row: i + 2, cells })),
    encoding: 'utf-8',
  });

  it('normalises headers: case, spaces and punctuation', () => {
    expect(['Lot #', 'LOT NUMBER', 'lot_number', ' Low Est. ', 'Élan'].map(normalizeHeader)).toEqual([
      'lot',
      'lotnumber',
      'lotnumber',
      'lowest',
      'elan',
    ]);
  });

  it('Standard: every documented header, case- and space-insensitive', () => {
    // The documented names with the first three re-cased and re-spaced.
    const header = STANDARD_DOCUMENTED_HEADERS.map((h, i) => [h.toLowerCase(), h.toUpperCase(), h.replace(' ', '  ')][i] ?? h);
    const values = header.map((_h, i) => `v${i}`);
    const m = mapSheet(sheet(header, values), 'standard');
    expect(Object.keys(m.columns)).toHaveLength(25);
    expect(m.lots[0]).toMatchObject({
      id: 2,
      lotNumber: 'v0',
      lotExt: 'v1',
      invNumber: 'v2',
      lotTitle: 'v3',
      notes: 'v24',
      itemPrice: 'v16',
    });
  });

  it('Standard: common aliases of other exports', () => {
    const m = mapSheet(
      sheet(
        ['Lot #', 'Lot Suffix', 'SKU', 'Name', 'Desc', 'Est. Low', 'Est High', 'Opening Bid', 'Buy Now Price', 'Maker'],
        ['1', 'A', 'S-1', 'N', 'D', '10', '20', '5', '30', 'M'],
      ),
      'standard',
    );
    expect(m.lots[0]).toEqual({
      id: 2,
      lotNumber: '1',
      lotExt: 'A',
      invNumber: 'S-1',
      lotTitle: 'N',
      lotDescription: 'D',
      loEst: '10',
      hiEst: '20',
      startingBid: '5',
      itemPrice: '30',
      artistName: 'M',
    });
  });

  it('Auction Flex: its export columns, unknown columns ignored', () => {
    const m = mapSheet(
      sheet(
        [
          'Lot#',
          'Lot Suffix',
          'Inv#',
          'Consignor',
          'Qty',
          'Lead',
          'Description',
          'Low Est',
          'High Est',
          'Starting Bid',
          'Reserve',
          'Category',
        ],
        ['12', 'b', 'AF-1', 'C100', '1', 'Lead line', 'Long', '$1,000.00', '2000', '500', '800', 'Silver'],
      ),
      'auctionflex',
    );
    expect(m.errors).toEqual([]);
    expect(m.lots[0]).toEqual({
      id: 2,
      lotNumber: '12',
      lotExt: 'b',
      invNumber: 'AF-1',
      lotTitle: 'Lead line',
      lotDescription: 'Long',
      loEst: '1000',
      hiEst: '2000',
      startingBid: '500',
      reserve: '800',
    });
  });

  it('166: a column with values but no header (breaking), naming the column letter', () => {
    const m = mapSheet(sheet(['Lot Number', '', 'Title'], ['1', 'stray', 'T']), 'standard');
    expect(m.errors).toMatchObject([{ errorCode: SHEET_CODES.unlabeledColumn, referenceMsg: 'B', row: 2 }]);
    expect(mapSheet(sheet(['Lot Number', '', 'Title'], ['1', '', 'T']), 'standard').errors).toEqual([]);
  });

  it.each([
    ['$1,250', '1250'],
    ['1,250.00', '1250'],
    ['1250.0', '1250'],
    ['1250.50', '1250.50'],
    ['12,5', '12,5'],
    [' € 300 ', '300'],
  ])('amount %j -> %j', (raw, out) => expect(normalizeAmount(raw)).toBe(out));
});
