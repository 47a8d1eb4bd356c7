/**
 * Invoice PDFs with pdfkit and its built-in Helvetica (no browser, no font files): the same
 * document model, so the same lines and amounts, as the emailed HTML (@ar/rules invoice-document.ts).
 * Letter size; each invoice starts on a new page; the items table breaks across pages with its
 * header repeated; long titles wrap; lot images are drawn as placeholder boxes (the renderer is
 * pure: it fetches nothing).
 *
 * Large batches stream: `renderInvoicesPdfStream` draws one invoice at a time, pdfkit writes each
 * finished page out when the next one starts, and the loop waits for `out` to drain, so 1,000
 * invoices are never held in memory as previews and as PDF bytes at once.
 */
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { buildInvoiceDocument, DOCUMENT_TEXT, type InvoiceDocument, type InvoicePreview } from '@ar/rules';
import {
  BOTTOM,
  bufferSink,
  CONTENT,
  drawAddressBlock,
  drawLetterhead,
  ensure,
  INK as ink,
  labelledLines as lines,
  MARGIN,
  MUTED as muted,
  newDocument,
  newPage,
} from '../../../core/pdf/pdf-page';
import { drawTable, textWidth, type TableColumn } from '../../../core/pdf/pdf-table';

const PAD = 4;
const BOX = 24;

/** The items table's columns, sized to their widest cell; the title takes what is left. */
function tableColumns(doc: PDFKit.PDFDocument, d: InvoiceDocument, fontSize: number): TableColumn[] {
  const widest = (texts: string[], bold = false) => Math.ceil(Math.max(...texts.map((t) => textWidth(doc, t, fontSize, bold)))) + 2 * PAD;
  const lot: TableColumn = {
    header: DOCUMENT_TEXT.lot,
    width: widest([DOCUMENT_TEXT.lot, ...d.items.map((i) => i.lotNumber)], true),
    bold: true,
  };
  const image: TableColumn = { header: '', width: BOX + 2 * PAD, box: BOX };
  const money: TableColumn[] = d.columns.map((c, k) => ({
    header: c.label,
    width: widest([c.label, ...d.items.map((i) => i.amounts[k])], true),
    align: 'right',
  }));
  const used = lot.width + image.width + money.reduce((a, c) => a + c.width, 0);
  return [lot, image, { header: DOCUMENT_TEXT.item, width: CONTENT - used, wrap: true }, ...money];
}

function drawInvoice(doc: PDFKit.PDFDocument, p: InvoicePreview): void {
  const d = buildInvoiceDocument(p);
  let y = newPage(doc);
  doc.outline.addItem(d.title);

  // Letterhead (left) and the invoice's number, date and paddle (right); the billing address.
  y = drawLetterhead(doc, y, d.letterhead, DOCUMENT_TEXT.invoice, d.meta);
  y = drawAddressBlock(doc, y, d.billTo.heading, d.billTo.lines);

  // Items.
  let fontSize = 8;
  let cols = tableColumns(doc, d, fontSize);
  if (cols[2].width < 110) cols = tableColumns(doc, d, (fontSize = 7));
  y = drawTable(
    doc,
    cols,
    d.items.map((i) => [i.lotNumber, '', i.title, ...i.amounts]),
    y,
    {
      x: MARGIN,
      fontSize,
      padding: PAD,
      bottom: BOTTOM,
      newPage: () => {
        const top = newPage(doc);
        doc.font('Helvetica').fontSize(8).fillColor(muted).text(`${d.title} (continued)`, MARGIN, top, { width: CONTENT, align: 'right' });
        return top + 16;
      },
    },
  );
  if (d.restrictedNote) {
    y = ensure(doc, y + 6, 12);
    doc.font('Helvetica-Oblique').fontSize(8).fillColor('#aa0000').text(d.restrictedNote, MARGIN, y, { width: CONTENT });
    y = doc.y;
  }

  // Totals, right-aligned.
  const totalsWidth = 240;
  const totalsX = MARGIN + CONTENT - totalsWidth;
  y = ensure(doc, y + 12, d.totals.length * 15 + 16);
  y = lines(doc, totalsX, y, totalsWidth, d.totals, 10);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#777777')
    .text(d.currencyNote, totalsX, y + 2, { width: totalsWidth, align: 'right' });
  y = doc.y + 14;

  // How to pay.
  const pay = [d.payment.cards, d.payment.ach].filter((l): l is string => !!l);
  if (pay.length || d.payment.paypal) {
    y = ensure(doc, y, (pay.length + 2) * 14);
    doc.font('Helvetica').fontSize(9).fillColor(ink);
    for (const l of pay) {
      doc.text(l, MARGIN, y, { width: CONTENT });
      y = doc.y + 3;
    }
    if (d.payment.paypal) {
      doc
        .font('Helvetica-Bold')
        .fillColor('#0b5cad')
        .text(d.payment.paypal.label, MARGIN, y, { width: CONTENT, link: d.payment.paypal.url, underline: true });
      doc
        .font('Helvetica')
        .fontSize(7)
        .fillColor(muted)
        .text(d.payment.paypal.url, MARGIN, doc.y + 1, { width: CONTENT, link: d.payment.paypal.url });
      y = doc.y + 3;
    }
    y += 8;
  }

  // Messages: header bold, the detail's line breaks kept.
  for (const m of d.messages) {
    const detailHeight = doc.font('Helvetica').fontSize(9).heightOfString(m.detail, { width: CONTENT });
    y = ensure(doc, y, Math.min(detailHeight + 14, BOTTOM - MARGIN));
    doc.font('Helvetica-Bold').fontSize(9).fillColor(ink).text(m.header, MARGIN, y, { width: CONTENT });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(ink)
      .text(m.detail, MARGIN, doc.y + 1, { width: CONTENT });
    y = doc.y + 10;
  }
}

/**
 * Writes one PDF of `previews` to `out`, an invoice at a time (each on a new page), waiting for
 * `out` to drain between invoices; resolves once `out` has finished.
 */
export async function renderInvoicesPdfStream(
  previews: Iterable<InvoicePreview> | AsyncIterable<InvoicePreview>,
  out: Writable,
): Promise<void> {
  const doc = newDocument('Invoices');
  // Settles when `out` has finished, rejects when it fails or is destroyed (also before this call).
  const outDone = finished(out);
  outDone.catch(() => undefined);
  doc.on('data', (chunk: Buffer) => {
    if (!out.destroyed) out.write(chunk);
  });
  const docEnded = once(doc, 'end');
  let count = 0;
  for await (const p of previews) {
    if (out.destroyed) break;
    drawInvoice(doc, p);
    count++;
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), outDone]);
  }
  if (count === 0) newPage(doc); // a PDF has at least one page
  doc.end();
  await docEnded;
  if (!out.destroyed) out.end();
  await outDone;
}

/** The PDF of `previews` as one buffer (each invoice on a new page). */
export async function renderInvoicesPdf(previews: readonly InvoicePreview[]): Promise<Buffer> {
  const { sink, bytes } = bufferSink();
  await renderInvoicesPdfStream(previews, sink);
  return bytes();
}
