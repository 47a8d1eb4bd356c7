import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Box, Button, CircularProgress, GlobalStyles, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import type { Invoice } from '../invoiceApi';
import { INVOICE_TEXT } from '../invoiceTexts';
import { optionalColumns } from '../invoiceFormat';
import { formatMoney } from '../money';
import type { PrintLetterhead } from '../shared/printLetterhead';

export interface PrintViewProps {
  houseName: string;
  /** The template's location and messages (printLetterhead.ts); without it only the house name heads the page. */
  letterhead?: PrintLetterhead | null;
  /** MM/DD/YYYY: the invoice date of invoices not sent yet (they are issued when printed). */
  printedOn?: string;
  groupTitle: string;
  symbol: string;
  /** null while loading. */
  invoices: Invoice[] | null;
  error: string | null;
  onClose: () => void;
}

/**
 * The print-optimised invoice view (Print all / Print selected of Invoice Group Details): one
 * invoice per printed page, hidden lots left out (spec 000 section 4), restricted lots marked.
 * It covers the screen above the app; when printing, only it is printed.
 */
export function PrintView({ houseName, letterhead, printedOn, groupTitle, symbol, invoices, error, onClose }: PrintViewProps) {
  const head: PrintLetterhead = letterhead ?? { houseName, addressLines: [], messages: [] };
  const today = printedOn ?? usDate(new Date());
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  return createPortal(
    <Box
      className="ar-print-view"
      role="dialog"
      aria-modal="true"
      aria-label="Print invoices"
      data-testid="print-view"
      sx={{ position: 'fixed', inset: 0, zIndex: 1400, overflow: 'auto', bgcolor: '#e9ebef', color: '#000' }}
    >
      <GlobalStyles
        styles={{
          '@page': { margin: '12mm' },
          '@media print': {
            'body > *:not(.ar-print-view)': { display: 'none !important' },
            'body, html': { overflow: 'visible !important', background: '#fff !important' },
            '.ar-print-view': { position: 'static !important', overflow: 'visible !important', background: '#fff !important' },
            '.ar-print-toolbar': { display: 'none !important' },
            '.ar-print-page': {
              boxShadow: 'none !important',
              margin: '0 !important',
              padding: '0 !important',
              maxWidth: 'none !important',
              breakAfter: 'page',
            },
            '.ar-print-page:last-of-type': { breakAfter: 'auto' },
          },
        }}
      />
      <Box
        className="ar-print-toolbar"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 1,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 3,
          py: 1.5,
          bgcolor: '#fff',
          borderBottom: '1px solid #ccd',
        }}
      >
        <Typography sx={{ fontWeight: 600, flex: 1 }}>
          {invoices ? `${invoices.length} invoice${invoices.length === 1 ? '' : 's'} · ${groupTitle}` : groupTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' } }}>
          {INVOICE_TEXT.printNote}
        </Typography>
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          onClick={() => window.print()}
          disabled={!invoices?.length}
          data-testid="print-now"
        >
          Print
        </Button>
        <Button onClick={onClose} data-testid="print-close">
          Close
        </Button>
      </Box>
      {error ? (
        <Typography color="error" sx={{ p: 4 }}>
          {error}
        </Typography>
      ) : !invoices ? (
        <Box sx={{ p: 6, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress />
        </Box>
      ) : (
        invoices.map((inv) => <InvoiceDocument key={inv.invoiceID} invoice={inv} letterhead={head} printedOn={today} symbol={symbol} />)
      )}
    </Box>,
    document.body,
  );
}

const cell = { padding: '4px 6px', borderBottom: '1px solid #ddd', textAlign: 'right' as const, whiteSpace: 'nowrap' as const };
const head = { ...cell, borderBottom: '2px solid #000', fontWeight: 600 };

/** 'MM/DD/YYYY' of a date, in the browser's time zone. */
export const usDate = (d: Date) =>
  `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;

export interface InvoiceDocumentProps {
  invoice: Invoice;
  letterhead: PrintLetterhead;
  /** The invoice date of an invoice not sent yet. */
  printedOn: string;
  symbol: string;
}

/**
 * One printed invoice: a pure function of its data (no fetching, no state), the layout the PDF
 * will reuse. Letterhead (house name and the template's location), invoice number and date, the
 * billing address, the items (hidden lots left out), totals that add up (additional charges in
 * their columns) and the template's messages in sequence order.
 */
export function InvoiceDocument({ invoice: inv, letterhead, printedOn, symbol }: InvoiceDocumentProps) {
  const lines = (inv.invoiceDetails ?? []).filter((l) => !l.suppress);
  const money = (c: number) => formatMoney(c, symbol);
  const restricted = lines.some((l) => l.restricted);
  const cols = optionalColumns(lines);
  // With additional charges, so the rows add up to Invoice Total (older answers lack the field).
  const t = inv.totalPriceWithAdditionalChargesCents ?? inv.totalPriceCents;
  const totals: [string, number][] = [
    ['Hammer', t.hammer],
    ["Buyer's Premium", t.premium],
    ['Live Fee', t.livefee],
    ['Tax', t.tax],
    ['Shipping & Handling', t.shipping],
    ['Insurance', t.insurance],
    ['Other', t.other],
  ];
  return (
    <Box
      component="article"
      className="ar-print-page"
      data-testid={`printed-invoice-${inv.invoiceID}`}
      sx={{
        maxWidth: 820,
        mx: 'auto',
        my: 3,
        p: 5,
        bgcolor: '#fff',
        boxShadow: '0 1px 4px rgba(0,0,0,.2)',
        fontSize: 13,
        lineHeight: 1.45,
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <Box data-testid="print-letterhead">
          <Typography sx={{ fontSize: 20, fontWeight: 700 }}>{letterhead.houseName}</Typography>
          {letterhead.addressLines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography sx={{ fontSize: 20, fontWeight: 700 }}>Invoice #{inv.invoiceNumber}</Typography>
          <div data-testid="print-invoice-date">Invoice date {inv.invoiceSentDateString ?? printedOn}</div>
          {inv.paddleNumber !== 0 && <div>Paddle #{inv.paddleNumber}</div>}
        </Box>
      </Box>
      <Box sx={{ mb: 3 }} data-testid="print-bill-to">
        <Typography sx={{ fontWeight: 600, fontSize: 13 }}>Bill to</Typography>
        <div>{inv.name}</div>
        {inv.companyName && <div>{inv.companyName}</div>}
        {billingLines(inv).map((line) => (
          <div key={line}>{line}</div>
        ))}
        {inv.email && <div>{inv.email}</div>}
      </Box>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={{ ...head, textAlign: 'left' }}>Lot</th>
            <th style={{ ...head, textAlign: 'left', whiteSpace: 'normal' }}>Description</th>
            <th style={head}>Hammer</th>
            <th style={head}>BP</th>
            <th style={head}>Live Fee</th>
            {cols.tax && <th style={head}>Tax</th>}
            {cols.shipping && <th style={head}>S/H</th>}
            {cols.insurance && <th style={head}>Insurance</th>}
            {cols.other && <th style={head}>Other</th>}
            <th style={head}>Total</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.invoiceDetailID}>
              <td style={{ ...cell, textAlign: 'left' }}>
                {l.lotNumber}
                {l.restricted && '*'}
              </td>
              <td style={{ ...cell, textAlign: 'left', whiteSpace: 'normal' }}>{l.lotTitle}</td>
              <td style={cell}>{money(l.priceInfoCents.hammer)}</td>
              <td style={cell}>{money(l.priceInfoCents.premium)}</td>
              <td style={cell}>{money(l.priceInfoCents.livefee)}</td>
              {cols.tax && <td style={cell}>{money(l.priceInfoCents.tax)}</td>}
              {cols.shipping && <td style={cell}>{money(l.priceInfoCents.shipping)}</td>}
              {cols.insurance && <td style={cell}>{money(l.priceInfoCents.insurance)}</td>}
              {cols.other && <td style={cell}>{money(l.priceInfoCents.other)}</td>}
              <td style={{ ...cell, fontWeight: 600 }}>{money(l.totalAmountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {restricted && <p style={{ marginTop: 8 }}>*this item is restricted and cannot be paid for online</p>}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <table style={{ borderCollapse: 'collapse', minWidth: 300 }}>
          <tbody>
            {totals
              .filter(([label, v]) => v !== 0 || label === 'Hammer')
              .map(([label, v]) => (
                <tr key={label}>
                  <td style={{ ...cell, textAlign: 'left', borderBottom: 'none' }}>{label}</td>
                  <td style={{ ...cell, borderBottom: 'none' }}>{money(v)}</td>
                </tr>
              ))}
            <tr>
              <td style={{ ...cell, textAlign: 'left', fontWeight: 700, borderTop: '2px solid #000' }}>Invoice Total</td>
              <td style={{ ...cell, fontWeight: 700, borderTop: '2px solid #000' }}>{money(inv.invoiceTotalCents)}</td>
            </tr>
            <tr>
              <td style={{ ...cell, textAlign: 'left', borderBottom: 'none' }}>Payments Made</td>
              <td style={{ ...cell, borderBottom: 'none' }}>{money(inv.invoicePaidCents)}</td>
            </tr>
            <tr>
              <td style={{ ...cell, textAlign: 'left', fontWeight: 700 }}>Outstanding Balance</td>
              <td style={{ ...cell, fontWeight: 700 }}>{money(inv.outStandingBalanceCents)}</td>
            </tr>
          </tbody>
        </table>
      </Box>
      {letterhead.messages.length > 0 && (
        <Box sx={{ mt: 4, pt: 2, borderTop: '1px solid #ccc' }} data-testid="print-messages">
          {letterhead.messages.map((m, i) => (
            <Box key={i} sx={{ mb: 1.5, breakInside: 'avoid' }}>
              {m.header.trim() && <div style={{ fontWeight: 600 }}>{m.header}</div>}
              {m.detail.trim() && <div style={{ whiteSpace: 'pre-wrap' }}>{m.detail}</div>}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The billing address as the envelope writes it: streets, then city, region and postcode, then country. */
export function billingLines(i: Pick<Invoice, 'street1' | 'street2' | 'city' | 'state' | 'province' | 'postalCode' | 'country'>): string[] {
  const region = [i.state || i.province, i.postalCode].filter(Boolean).join(' ');
  return [i.street1, i.street2, [i.city, region].filter((p) => (p ?? '').trim()).join(', '), i.country]
    .map((p) => (p ?? '').trim())
    .filter(Boolean);
}
