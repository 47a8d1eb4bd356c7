/**
 * The consignor statement PDF, drawn with the same layout kit as invoices (core/pdf): letterhead,
 * consignor block, the lot table (header repeated on each page, long titles and held reasons
 * wrapped), expenses and advances, totals, and the payouts so far.
 */
import type PDFKit from 'pdfkit';
import {
  BOTTOM,
  CONTENT,
  drawAddressBlock,
  drawLetterhead,
  ensure,
  INK,
  labelledLines,
  MARGIN,
  MUTED,
  newPage,
  renderPdf,
} from '../../../core/pdf/pdf-page';
import { drawTable, textWidth, type TableColumn } from '../../../core/pdf/pdf-table';
import { STATEMENT_TEXT, type StatementDocument, type StatementTable } from './statement-document';

const PAD = 4;
const FONT_SIZE = 8;

/** Columns sized to their widest cell; the wrapping ones share what is left. */
function columnsOf(doc: PDFKit.PDFDocument, t: StatementTable): TableColumn[] {
  const fixed = t.columns.map((c, i) =>
    c.wrap
      ? 0
      : Math.ceil(Math.max(textWidth(doc, c.header, FONT_SIZE, true), ...t.rows.map((r) => textWidth(doc, r[i] ?? '', FONT_SIZE)))) +
        2 * PAD,
  );
  const wraps = t.columns.filter((c) => c.wrap).length;
  const left = Math.max(60, (CONTENT - fixed.reduce((a, w) => a + w, 0)) / Math.max(1, wraps));
  return t.columns.map((c, i) => ({ header: c.header, width: c.wrap ? left : fixed[i], align: c.align, wrap: c.wrap, bold: i === 0 }));
}

function heading(doc: PDFKit.PDFDocument, y: number, text: string): number {
  y = ensure(doc, y, 40);
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(text, MARGIN, y, { width: CONTENT });
  return doc.y + 4;
}

function table(doc: PDFKit.PDFDocument, d: StatementDocument, t: StatementTable, y: number): number {
  return drawTable(doc, columnsOf(doc, t), t.rows, y, {
    x: MARGIN,
    fontSize: FONT_SIZE,
    padding: PAD,
    bottom: BOTTOM,
    newPage: () => {
      const top = newPage(doc);
      doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(`${d.title} (continued)`, MARGIN, top, { width: CONTENT, align: 'right' });
      return top + 16;
    },
  });
}

function drawStatement(doc: PDFKit.PDFDocument, d: StatementDocument): void {
  let y = newPage(doc);
  doc.outline.addItem(d.title);
  y = drawLetterhead(doc, y, d.letterhead, STATEMENT_TEXT.statement, d.meta);
  y = drawAddressBlock(doc, y, d.consignor.heading, d.consignor.lines);

  y = heading(doc, y, STATEMENT_TEXT.lots);
  y = table(doc, d, d.lines, y);
  if (d.adjustments) {
    y = heading(doc, y + 12, STATEMENT_TEXT.adjustments);
    y = table(doc, d, d.adjustments, y);
  }

  const width = 260;
  const x = MARGIN + CONTENT - width;
  y = ensure(doc, y + 12, d.totals.length * 15 + 16);
  y = labelledLines(doc, x, y, width, d.totals, 10);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#777777')
    .text(d.currencyNote, x, y + 2, { width, align: 'right' });
  y = doc.y + 14;

  y = heading(doc, y, STATEMENT_TEXT.payouts);
  if (d.payouts) table(doc, d, d.payouts, y);
  else doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(STATEMENT_TEXT.noPayouts, MARGIN, y, { width: CONTENT });
}

export function renderStatementPdf(d: StatementDocument): Promise<Buffer> {
  return renderPdf(d.title, (doc) => drawStatement(doc, d));
}
