import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Box, Button, CircularProgress, GlobalStyles, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import type { Invoice } from '../invoiceApi';
import { INVOICE_TEXT } from '../invoiceTexts';
import { addressText } from '../csv';
import { optionalColumns } from '../invoiceFormat';
import { formatMoney } from '../money';

export interface PrintViewProps {
  houseName: string;
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
export function PrintView({ houseName, groupTitle, symbol, invoices, error, onClose }: PrintViewProps) {
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
        invoices.map((inv) => <PrintedInvoice key={inv.invoiceID} invoice={inv} houseName={houseName} symbol={symbol} />)
      )}
    </Box>,
    document.body,
  );
}

const cell = { padding: '4px 6px', borderBottom: '1px solid #ddd', textAlign: 'right' as const, whiteSpace: 'nowrap' as const };
const head = { ...cell, borderBottom: '2px solid #000', fontWeight: 600 };

function PrintedInvoice({ invoice: inv, houseName, symbol }: { invoice: Invoice; houseName: string; symbol: string }) {
  const lines = (inv.invoiceDetails ?? []).filter((l) => !l.suppress);
  const money = (c: number) => formatMoney(c, symbol);
  const restricted = lines.some((l) => l.restricted);
  const cols = optionalColumns(lines);
  const t = inv.totalPriceCents;
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
        <Box>
          <Typography sx={{ fontSize: 20, fontWeight: 700 }}>{houseName}</Typography>
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography sx={{ fontSize: 20, fontWeight: 700 }}>Invoice #{inv.invoiceNumber}</Typography>
          {inv.invoiceSentDateString && <div>Sent {inv.invoiceSentDateString}</div>}
          {inv.paddleNumber !== 0 && <div>Paddle #{inv.paddleNumber}</div>}
        </Box>
      </Box>
      <Box sx={{ mb: 3 }}>
        <Typography sx={{ fontWeight: 600, fontSize: 13 }}>Bill to</Typography>
        <div>{inv.name}</div>
        {inv.companyName && <div>{inv.companyName}</div>}
        <div>{addressText(inv)}</div>
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
    </Box>
  );
}
