import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { InvoicePreview } from '@ar/rules';
import { renderInvoicesPdfStream } from '../../src/modules/invoicing/documents/invoice-pdf';
import { buildInvoicePreview, lots } from '../../packages/rules/src/invoice-preview.fixture';
import { defineBenchmark, type Probe } from '../harness';

const INVOICES = 1_000;
const LOTS_PER_INVOICE = 5;

interface State {
  previews: InvoicePreview[];
  /** Pages of one 1,000-invoice PDF. */
  pages: number;
  /** `doc.text` calls the renderer makes for those pages. */
  textCalls: number;
}

/** Discards the bytes (the bench measures drawing and serialising, not a disk). */
const sink = () =>
  new Writable({
    write(_chunk, _enc, done) {
      done();
    },
  });

/**
 * A batch timed as a whole, reported per page: each measured run adds `pages` latencies of
 * (run time / pages), so the rate is pages per second.
 */
function pagesProbe(label: string, pages: number, runs: number, op: () => Promise<unknown>): Probe {
  let done = 0;
  return {
    label,
    unit: 'pages/s',
    warmup: async () => void (await op()),
    measure: async (s) => {
      const share = Math.max(1, Math.ceil((runs - done) / (s.rounds - s.round)));
      const latencies: number[] = [];
      let seconds = 0;
      for (let i = 0; i < share; i++, done++) {
        const t0 = performance.now();
        await op();
        const ms = performance.now() - t0;
        seconds += ms / 1000;
        for (let p = 0; p < pages; p++) latencies.push(ms / pages);
      }
      return { latencies, seconds, errors: 0 };
    },
  };
}

/** pdfkit alone: the same pages and the same number of `text` calls, nothing laid out. */
async function bareText(pages: number, textCalls: number): Promise<void> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 40, autoFirstPage: false });
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.pipe(sink());
  const perPage = Math.ceil(textCalls / pages);
  let left = textCalls;
  for (let p = 0; p < pages; p++) {
    doc.addPage();
    doc.font('Helvetica').fontSize(8);
    for (let i = 0; i < perPage && left > 0; i++, left--) {
      doc.text('$1,234.56', 40 + (i % 8) * 60, 40 + Math.floor(i / 8) * 10, { lineBreak: false });
    }
  }
  doc.end();
  await ended;
}

/**
 * Issue 10: the PDF of 1,000 invoices of 5 lots (the fixture's realistic preview: letterhead,
 * billing address, items table, totals, payment lines, two messages), streamed to a discarding
 * writable, in pages per second. Floor: pdfkit drawing the same number of text calls on the same
 * number of pages, with no layout (no measuring, wrapping, tables or boxes).
 */
export default defineBenchmark<State>({
  name: 'invoice-pdf',
  title: 'Invoice PDF: 1,000 invoices of 5 lots',
  description: 'renderInvoicesPdfStream of 1,000 invoices against pdfkit drawing the same text calls alone',
  async setup() {
    const previews = Array.from({ length: INVOICES }, (_, i) =>
      buildInvoicePreview({ invoiceNumber: 10_000 + i, items: lots(LOTS_PER_INVOICE) }),
    );
    // Count the renderer's pages and text calls once, by watching pdfkit's prototype.
    const proto = PDFDocument.prototype as unknown as Record<'text' | 'addPage', (...a: unknown[]) => unknown>;
    const { text, addPage } = proto;
    let textCalls = 0;
    let pages = 0;
    proto.text = function (this: unknown, ...a: unknown[]) {
      textCalls++;
      return text.apply(this, a);
    };
    proto.addPage = function (this: unknown, ...a: unknown[]) {
      pages++;
      return addPage.apply(this, a);
    };
    try {
      await renderInvoicesPdfStream(previews, sink());
    } finally {
      proto.text = text;
      proto.addPage = addPage;
    }
    return { previews, pages, textCalls };
  },
  run(ctx, state) {
    const runs = Math.max(3, ctx.shape.rounds * 2);
    return {
      subject: pagesProbe(`renderInvoicesPdfStream, ${INVOICES} invoices`, state.pages, runs, () =>
        renderInvoicesPdfStream(state.previews, sink()),
      ),
      floors: [
        pagesProbe(`bare pdfkit: ${state.textCalls} text calls on ${state.pages} pages`, state.pages, runs, () =>
          bareText(state.pages, state.textCalls),
        ),
      ],
      notes: [
        `${INVOICES} invoices of ${LOTS_PER_INVOICE} lots = ${state.pages} pages, ${state.textCalls} text calls; each run renders the whole batch, reported per page`,
      ],
    };
  },
});
