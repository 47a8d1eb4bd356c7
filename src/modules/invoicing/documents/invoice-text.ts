/**
 * The plain-text alternative of the emailed invoice: the same document model as the HTML and the
 * PDF (@ar/rules invoice-document.ts), so the same lines and the same amounts, laid out for a fixed-width
 * reader: one block per lot, the totals right-aligned.
 */
import { buildInvoiceDocument, DOCUMENT_TEXT, type DocumentLine, type InvoicePreview } from '@ar/rules';

const RULE = '-'.repeat(60);

function aligned(lines: DocumentLine[]): string[] {
  const labelWidth = Math.max(0, ...lines.map((l) => l.label.length));
  const valueWidth = Math.max(0, ...lines.map((l) => l.value.length));
  return lines.map((l) => `${(l.label + ':').padEnd(labelWidth + 1)}  ${l.value.padStart(valueWidth)}`);
}

export function renderInvoiceText(p: InvoicePreview): string {
  const d = buildInvoiceDocument(p);
  const out: string[] = [d.letterhead.name, ...d.letterhead.lines, '', DOCUMENT_TEXT.invoice.toUpperCase(), ...aligned(d.meta), ''];
  out.push(`${d.billTo.heading}:`, ...d.billTo.lines, '', RULE);

  for (const item of d.items) {
    out.push(`${DOCUMENT_TEXT.lot} ${item.lotNumber}: ${item.title}`);
    out.push('  ' + d.columns.map((c, i) => `${c.label} ${item.amounts[i]}`).join('  |  '));
  }
  out.push(RULE);
  if (d.restrictedNote) out.push(d.restrictedNote);
  out.push('', ...aligned(d.totals), d.currencyNote);

  const payment = [d.payment.cards, d.payment.ach, d.payment.paypal && `${d.payment.paypal.label}: ${d.payment.paypal.url}`].filter(
    (l): l is string => !!l,
  );
  if (payment.length) out.push('', ...payment);
  for (const m of d.messages) out.push('', m.header, ...m.detail.split(/\r?\n/));
  return out.join('\n') + '\n';
}
