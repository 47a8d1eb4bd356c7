/**
 * The emailed invoice: a complete, self-contained HTML document drawn from the invoice document
 * model (@ar/rules invoice-document.ts). Mail clients strip <style> blocks and ignore most CSS layout, so
 * it is tables with inline styles only, a fixed 680px width, web-safe fonts and no scripts; every
 * text is HTML-escaped.
 */
import { buildInvoiceDocument, DOCUMENT_TEXT, type DocumentLine, type InvoicePreview } from '@ar/rules';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML: the five special characters escaped. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Escaped, with its line breaks kept. */
const multiline = (text: string): string => escapeHtml(text).replace(/\r?\n/g, '<br>');

const FONT = 'font-family:Helvetica,Arial,sans-serif;';
const CELL = `${FONT}font-size:13px;color:#222;padding:6px 4px;border-bottom:1px solid #ddd;vertical-align:top;`;
const HEAD = `${FONT}font-size:12px;color:#555;font-weight:bold;padding:6px 4px;border-bottom:2px solid #333;text-align:left;`;
const NUM = 'text-align:right;white-space:nowrap;font-size:12px;';

function lineRows(lines: DocumentLine[], labelStyle: string): string {
  return lines
    .map((l) => {
      const weight = l.strong ? 'font-weight:bold;border-top:1px solid #333;' : '';
      return (
        `<tr><td style="${FONT}font-size:13px;color:#555;padding:3px 8px;${labelStyle}${weight}">${escapeHtml(l.label)}</td>` +
        `<td style="${FONT}font-size:13px;color:#222;padding:3px 8px;${NUM}${weight}">${escapeHtml(l.value)}</td></tr>`
      );
    })
    .join('');
}

export function renderInvoiceHtml(p: InvoicePreview): string {
  const d = buildInvoiceDocument(p);
  const image = (url: string | null) =>
    url
      ? `<img src="${escapeHtml(url)}" width="48" height="48" alt="" style="display:block;width:48px;height:48px;border:1px solid #ccc;object-fit:cover;">`
      : `<table role="presentation" width="48" cellpadding="0" cellspacing="0" border="0" style="width:48px;"><tr><td width="48" height="48" style="${FONT}width:48px;height:48px;border:1px solid #ccc;background:#f2f2f2;color:#999;font-size:9px;text-align:center;vertical-align:middle;">${escapeHtml(DOCUMENT_TEXT.imagePlaceholder)}</td></tr></table>`;

  const head =
    `<tr><th style="${HEAD}">${DOCUMENT_TEXT.lot}</th><th style="${HEAD}" colspan="2">${DOCUMENT_TEXT.item}</th>` +
    d.columns.map((c) => `<th style="${HEAD}${NUM}">${escapeHtml(c.label)}</th>`).join('') +
    '</tr>';
  const rows = d.items
    .map(
      (i) =>
        `<tr><td style="${CELL}white-space:nowrap;font-weight:bold;">${escapeHtml(i.lotNumber)}</td>` +
        `<td width="52" style="${CELL}width:52px;">${image(i.imageUrl)}</td>` +
        `<td style="${CELL}min-width:160px;">${escapeHtml(i.title)}</td>` +
        i.amounts.map((a) => `<td style="${CELL}${NUM}">${escapeHtml(a)}</td>`).join('') +
        '</tr>',
    )
    .join('');

  const payment = [
    d.payment.cards ? `<p style="${FONT}font-size:13px;color:#222;margin:0 0 6px;">${escapeHtml(d.payment.cards)}</p>` : '',
    d.payment.ach ? `<p style="${FONT}font-size:13px;color:#222;margin:0 0 6px;">${escapeHtml(d.payment.ach)}</p>` : '',
    d.payment.paypal
      ? `<p style="${FONT}font-size:13px;margin:0 0 6px;"><a href="${escapeHtml(d.payment.paypal.url)}" style="color:#0b5cad;font-weight:bold;">${escapeHtml(d.payment.paypal.label)}</a></p>`
      : '',
  ].join('');

  const messages = d.messages
    .map(
      (m) =>
        `<p style="${FONT}font-size:13px;color:#222;margin:0 0 12px;"><strong>${escapeHtml(m.header)}</strong><br>${multiline(m.detail)}</p>`,
    )
    .join('');

  const section = (inner: string, pad = '16px 24px') => `<tr><td style="padding:${pad};">${inner}</td></tr>`;

  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(d.title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f4f4f4;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f4f4;"><tr><td align="center" style="padding:24px 8px;">`,
    `<table role="presentation" width="680" cellpadding="0" cellspacing="0" border="0" style="width:680px;max-width:680px;background:#ffffff;border:1px solid #ddd;">`,
    // Letterhead and invoice meta.
    section(
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>` +
        `<td style="vertical-align:top;"><div style="${FONT}font-size:20px;font-weight:bold;color:#111;margin:0 0 4px;">${escapeHtml(d.letterhead.name)}</div>` +
        `<div style="${FONT}font-size:12px;color:#555;line-height:1.5;">${d.letterhead.lines.map(escapeHtml).join('<br>')}</div></td>` +
        `<td style="vertical-align:top;" align="right"><div style="${FONT}font-size:22px;font-weight:bold;color:#111;text-align:right;margin:0 0 4px;">${DOCUMENT_TEXT.invoice.toUpperCase()}</div>` +
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0">${lineRows(d.meta, 'text-align:right;')}</table></td>` +
        `</tr></table>`,
      '24px 24px 8px',
    ),
    // Billing address.
    section(
      `<div style="${FONT}font-size:12px;font-weight:bold;color:#555;text-transform:uppercase;margin:0 0 4px;">${escapeHtml(d.billTo.heading)}</div>` +
        `<div style="${FONT}font-size:13px;color:#222;line-height:1.5;">${d.billTo.lines.map(escapeHtml).join('<br>')}</div>`,
    ),
    // Items.
    section(
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">${head}${rows}</table>` +
        (d.restrictedNote ? `<p style="${FONT}font-size:12px;color:#a00;margin:8px 0 0;">${escapeHtml(d.restrictedNote)}</p>` : ''),
    ),
    // Totals.
    section(
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td>&nbsp;</td><td width="320" style="width:320px;">` +
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${lineRows(d.totals, '')}</table>` +
        `<div style="${FONT}font-size:11px;color:#777;text-align:right;padding:6px 8px 0;">${escapeHtml(d.currencyNote)}</div>` +
        `</td></tr></table>`,
    ),
    payment ? section(payment) : '',
    messages ? section(messages, '8px 24px 24px') : '',
    '</table></td></tr></table></body></html>',
  ].join('\n');
}
