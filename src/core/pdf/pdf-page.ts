/**
 * The page layout kit every printed document shares (invoices, consignor statements): Letter pages
 * with one margin, page breaks, the letterhead block with a title and labelled values on the right,
 * right-aligned label/value lines (totals), and a whole document as one buffer. Helvetica only (no
 * font files); the renderers stay pure: they fetch nothing.
 */
import { Writable } from 'node:stream';
import type PDFDocumentClass from 'pdfkit';
import type PDFKit from 'pdfkit';
import { lazyModule } from '../lazy-module';
import { lineText } from './pdf-table';

const PDFDocument = lazyModule<typeof PDFDocumentClass>('pdfkit');

export const MARGIN = 40;
export const PAGE = { width: 612, height: 792 };
export const CONTENT = PAGE.width - 2 * MARGIN;
export const BOTTOM = PAGE.height - MARGIN;

export const INK = '#222222';
export const MUTED = '#555555';

export interface LabelledLine {
  label: string;
  value: string;
  /** Printed bold (a total due). */
  strong?: boolean;
}

/** A new Letter document without a first page (each document part starts its own). */
export function newDocument(title: string): PDFKit.PDFDocument {
  return new (PDFDocument())({ size: 'LETTER', margin: MARGIN, autoFirstPage: false, bufferPages: false, info: { Title: title } });
}

export function newPage(doc: PDFKit.PDFDocument): number {
  doc.addPage({ size: 'LETTER', margin: MARGIN });
  return MARGIN;
}

/** Starts a new page when `height` does not fit below `y`; answers where to draw. */
export function ensure(doc: PDFKit.PDFDocument, y: number, height: number): number {
  return y + height > BOTTOM ? newPage(doc) : y;
}

/** Label (60 %) and value (40 %, right-aligned) lines from `y`; answers the y below them. */
export function labelledLines(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  rows: readonly LabelledLine[],
  size: number,
): number {
  for (const l of rows) {
    doc
      .font(l.strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(size)
      .fillColor(l.strong ? INK : MUTED);
    lineText(doc, l.label, x, y, width * 0.6);
    doc.fillColor(INK);
    lineText(doc, l.value, x + width * 0.6, y, width * 0.4, 'right');
    y += size + 5;
  }
  return y;
}

/**
 * The head of a document's first page: the house's name and address lines on the left, the
 * document's title and its labelled values (number, date...) on the right, then a rule. Answers
 * the y below the rule.
 */
export function drawLetterhead(
  doc: PDFKit.PDFDocument,
  y: number,
  letterhead: { name: string; lines: readonly string[] },
  title: string,
  meta: readonly LabelledLine[],
): number {
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('#111111')
    .text(letterhead.name, MARGIN, y, { width: CONTENT * 0.6 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(letterhead.lines.join('\n'), { width: CONTENT * 0.6, lineGap: 1 });
  const leftBottom = doc.y;
  const metaX = MARGIN + CONTENT * 0.6;
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor('#111111')
    .text(title.toUpperCase(), metaX, y, { width: CONTENT * 0.4, align: 'right' });
  const metaBottom = labelledLines(doc, metaX, y + 28, CONTENT * 0.4, meta, 10);
  y = Math.max(leftBottom, metaBottom) + 14;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT, y)
    .lineWidth(1)
    .strokeColor('#333333')
    .stroke();
  return y + 12;
}

/** A small capitalised heading and the address lines under it (Bill to, Consignor); answers the y below. */
export function drawAddressBlock(doc: PDFKit.PDFDocument, y: number, heading: string, lines: readonly string[]): number {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(heading.toUpperCase(), MARGIN, y);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(lines.join('\n'), MARGIN, doc.y + 2, { width: CONTENT / 2, lineGap: 1 });
  return doc.y + 16;
}

/** Collects a document's bytes into one buffer. */
export function bufferSink(): { sink: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks) };
}

/** Draws a whole document with `draw` and answers its bytes. */
export async function renderPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = newDocument(title);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
