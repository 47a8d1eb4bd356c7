/**
 * A small table layout for pdfkit: fixed column widths, wrapped text cells, an optional
 * placeholder-box column, and rows that break across pages with the header drawn again on each
 * new page. Rows are never split: a row that does not fit moves whole to the next page.
 */
import type PDFKit from 'pdfkit';

export interface TableColumn {
  header: string;
  width: number;
  align?: 'left' | 'right';
  bold?: boolean;
  /** Draw a square placeholder box of this size instead of the cell's text. */
  box?: number;
  /** Wrap long texts over several lines (else one line: the column must be wide enough). */
  wrap?: boolean;
}

export interface TableLayout {
  x: number;
  fontSize: number;
  /** Cell padding, in points. */
  padding: number;
  /** The lowest y a row may reach on a page. */
  bottom: number;
  /** Starts a new page and answers the y the table continues at. */
  newPage(): number;
}

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** The width of `text` in the table's font, for sizing columns. */
export function textWidth(doc: PDFKit.PDFDocument, text: string, fontSize: number, bold = false): number {
  return doc
    .font(bold ? BOLD : FONT)
    .fontSize(fontSize)
    .widthOfString(text);
}

/**
 * One line of text, left or right aligned in `width`, drawn without pdfkit's line wrapper (which
 * a `width` option always starts, even with `lineBreak: false`: the costliest part of a cell).
 */
export function lineText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'right' = 'left',
): void {
  const dx = align === 'right' ? Math.max(0, width - doc.widthOfString(text)) : 0;
  doc.text(text, x + dx, y, { lineBreak: false });
}

function cellHeight(doc: PDFKit.PDFDocument, col: TableColumn, text: string, layout: TableLayout): number {
  if (col.box) return col.box;
  doc.font(col.bold ? BOLD : FONT).fontSize(layout.fontSize);
  if (!col.wrap) return doc.currentLineHeight(true);
  return doc.heightOfString(text, { width: col.width - 2 * layout.padding });
}

function drawHeader(doc: PDFKit.PDFDocument, cols: TableColumn[], y: number, layout: TableLayout): number {
  const h = layout.fontSize + 2 * layout.padding + 2;
  const width = cols.reduce((a, c) => a + c.width, 0);
  doc.rect(layout.x, y, width, h).fill('#eeeeee');
  let x = layout.x;
  doc.fillColor('#333333').font(BOLD).fontSize(layout.fontSize);
  for (const c of cols) {
    doc.text(c.header, x + layout.padding, y + layout.padding + 1, {
      width: c.width - 2 * layout.padding,
      align: c.align ?? 'left',
      lineBreak: false,
    });
    x += c.width;
  }
  doc
    .moveTo(layout.x, y + h)
    .lineTo(layout.x + width, y + h)
    .lineWidth(0.8)
    .strokeColor('#333333')
    .stroke();
  return y + h;
}

/** Draws the table from `y`; answers the y below its last row. */
export function drawTable(doc: PDFKit.PDFDocument, cols: TableColumn[], rows: readonly string[][], y: number, layout: TableLayout): number {
  const width = cols.reduce((a, c) => a + c.width, 0);
  const headerHeight = layout.fontSize + 2 * layout.padding + 2;
  let first = true;
  for (const row of rows) {
    const h = Math.max(...cols.map((c, i) => cellHeight(doc, c, row[i] ?? '', layout))) + 2 * layout.padding;
    if (first || y + h > layout.bottom) {
      // The header and at least one row together, so a header never ends a page.
      if (!first || y + headerHeight + h > layout.bottom) y = layout.newPage();
      y = drawHeader(doc, cols, y, layout);
      first = false;
    }
    let x = layout.x;
    cols.forEach((c, i) => {
      if (c.box) {
        doc
          .rect(x + layout.padding, y + layout.padding, c.box, c.box)
          .lineWidth(0.5)
          .fillAndStroke('#f2f2f2', '#bbbbbb');
      } else {
        doc
          .fillColor('#222222')
          .font(c.bold ? BOLD : FONT)
          .fontSize(layout.fontSize);
        if (c.wrap)
          doc.text(row[i] ?? '', x + layout.padding, y + layout.padding, { width: c.width - 2 * layout.padding, align: c.align ?? 'left' });
        else lineText(doc, row[i] ?? '', x + layout.padding, y + layout.padding, c.width - 2 * layout.padding, c.align);
      }
      x += c.width;
    });
    y += h;
    doc
      .moveTo(layout.x, y)
      .lineTo(layout.x + width, y)
      .lineWidth(0.4)
      .strokeColor('#cccccc')
      .stroke();
  }
  if (first) y = drawHeader(doc, cols, y, layout);
  return y;
}
