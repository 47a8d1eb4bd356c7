import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { attachmentDisposition, centsText, tableDownload } from './file-download';

const text = async (r: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of r) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts).toString('utf8');
};

describe('file downloads', () => {
  it('writes cents exactly as decimals', () => {
    expect([0, 5, 100, 123456, -5, -123456].map(centsText)).toEqual(['0.00', '0.05', '1.00', '1234.56', '-0.05', '-1234.56']);
  });

  it('names the attachment in ASCII and exactly in UTF-8', () => {
    expect(attachmentDisposition('Sale Results - Café "A".csv')).toBe(
      `attachment; filename="Sale Results - Caf_ _A_.csv"; filename*=UTF-8''Sale%20Results%20-%20Caf%C3%A9%20%22A%22.csv`,
    );
  });

  it('streams CSV with a BOM, CRLF lines and formula-safe cells', async () => {
    const file = tableDownload('csv', 'r', {
      sheetName: 'R',
      header: ['Name', 'Amount'],
      rows: [
        ['=HYPERLINK("x")', { cents: -1050 }],
        [null, 7],
      ],
    });
    expect(await text(file.getStream())).toBe('\uFEFFName,Amount\r\n"\'=HYPERLINK(""x"")",-10.50\r\n,7\r\n');
  });

  it('pulls an async source only as fast as the XLSX is read, and writes it whole', async () => {
    const total = 20_000;
    let pulled = 0;
    async function* source() {
      for (let i = 0; i < total; i++) {
        pulled++;
        yield [`Row ${i} with some text to fill the sheet`, { cents: i }] as const;
      }
    }
    const stream = tableDownload('xlsx', 'r', { sheetName: 'R', header: ['Name', 'Amount'], rows: source() }).getStream();
    // Nobody reads yet: the writer stops once the pipe is full, long before the end.
    await new Promise((r) => setTimeout(r, 300));
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(total);
    const parts: Buffer[] = [];
    for await (const c of stream) parts.push(Buffer.from(c as Buffer));
    expect(pulled).toBe(total);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('R')!;
    expect(ws.rowCount).toBe(total + 1);
    expect(ws.getRow(total + 1).getCell(2).value).toBe((total - 1) / 100);
  });

  it('streams CSV rows from an async source', async () => {
    async function* source() {
      yield ['a', { cents: 1 }] as const;
      yield ['+b', null] as const;
    }
    const file = tableDownload('csv', 'r', { sheetName: 'R', header: ['X', 'Y'], rows: source() });
    expect(await text(file.getStream())).toBe("\uFEFFX,Y\r\na,0.01\r\n'+b,\r\n");
  });
});
