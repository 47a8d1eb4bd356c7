import { PassThrough, Writable } from 'node:stream';
import { formatPreviewMoney, PREVIEW_TEXT, type InvoicePreview } from '@ar/rules';
import { renderInvoicesPdf, renderInvoicesPdfStream } from './invoice-pdf';
import { buildInvoicePreview, lots } from '../../../../packages/rules/src/invoice-preview.fixture';
import { readPdfText } from './pdf-text.testing';

async function pdfText(pdf: Buffer): Promise<{ total: number; pages: string[]; text: string }> {
  const r = await readPdfText(pdf);
  return { ...r, text: r.pages.join('\n') };
}

/** Whitespace-free, so wrapped lines and column gaps do not matter. */
const squash = (s: string) => s.replace(/\s+/g, '');

describe('renderInvoicesPdf', () => {
  jest.setTimeout(30_000);

  it('is a PDF with the invoice number, each lot, the amounts and the total due', async () => {
    const p = buildInvoicePreview({
      invoiceNumber: 5071,
      items: [
        { lotNumber: '12A', lotTitle: 'Georgian silver <candlesticks> & snuffer', hammerCents: 123_400, restricted: true },
        { lotNumber: '14', lotTitle: 'Harbour at dusk' },
      ],
      paymentsMadeCents: 1_000,
    });
    const pdf = await renderInvoicesPdf([p]);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await pdfText(pdf);
    expect(text).toContain('Invoice #');
    expect(text).toContain('5071');
    expect(text).toContain('12A*');
    expect(text).toContain('14');
    expect(squash(text)).toContain(squash('Georgian silver <candlesticks> & snuffer'));
    expect(text).toContain(formatPreviewMoney(p.totalDueCents, '$'));
    expect(text).toContain('$1,234.00');
    expect(text).toContain(PREVIEW_TEXT.restrictedNote);
    expect(text).toContain('Harbor & Vine Auctioneers');
    expect(text).toContain('Margaret Holloway');
  });

  it('starts each invoice on its own page', async () => {
    const previews = [1101, 1102, 1103].map((n) => buildInvoicePreview({ invoiceNumber: n, items: lots(2) }));
    const { total, pages } = await pdfText(await renderInvoicesPdf(previews));
    expect(total).toBeGreaterThanOrEqual(3);
    const starts = pages.map((t) => /Invoice #\s*(\d+)/.exec(t)?.[1]);
    expect(starts).toEqual(['1101', '1102', '1103']);
  });

  it('breaks a 120-lot table across pages, header repeated, every lot kept', async () => {
    const p = buildInvoicePreview({ invoiceNumber: 2200, items: lots(120, { lotTitle: 'A long lot title that wraps: '.repeat(4) }) });
    const { total, pages } = await pdfText(await renderInvoicesPdf([p]));
    expect(total).toBeGreaterThan(2);
    for (const page of pages.slice(1, -1)) {
      expect(page).toContain('Invoice #2200 (continued)');
      expect(page).toMatch(/Lot\s+Item\s+Hammer\s+Premium\s+Total/);
    }
    // Each lot's row starts with its number, then its hammer; every one of the 120 is there once.
    const rows = pages.join('\n').match(/^\d+\s+A long lot title/gm) ?? [];
    expect(rows.map((r) => Number(/^\d+/.exec(r)?.[0]))).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    for (const item of p.items) expect(pages.join('\n')).toContain(formatPreviewMoney(item.totalCents, '$'));
    expect(pages[pages.length - 1]).toContain(formatPreviewMoney(p.totalDueCents, '$'));
  });

  it('streams to a writable, waiting for it to drain, from an async iterable', async () => {
    async function* previews(): AsyncGenerator<InvoicePreview> {
      for (let i = 0; i < 20; i++) yield buildInvoicePreview({ invoiceNumber: 3000 + i, items: lots(5) });
    }
    const chunks: Buffer[] = [];
    let writes = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        writes++;
        setImmediate(done);
      },
    });
    await renderInvoicesPdfStream(previews(), slow);
    expect(writes).toBeGreaterThan(20);
    const { total, pages } = await pdfText(Buffer.concat(chunks));
    expect(total).toBe(20);
    expect(pages[19]).toContain('3019');
  });

  it('rejects when the output fails', async () => {
    const out = new PassThrough();
    out.on('data', () => out.destroy(new Error('disk full')));
    await expect(renderInvoicesPdfStream([buildInvoicePreview(), buildInvoicePreview()], out)).rejects.toThrow('disk full');
  });
});
