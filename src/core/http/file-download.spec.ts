import { Readable } from 'node:stream';
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
});
