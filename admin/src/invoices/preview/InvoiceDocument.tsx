import { Box, Typography } from '@mui/material';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { formatPreviewMoney, PREVIEW_TEXT, type AcceptedCard, type InvoicePreview, type PreviewAddress } from '@ar/rules';

const CARD_NAMES: Record<AcceptedCard, string> = { VISA: 'Visa', MC: 'MasterCard', DISC: 'Discover', AMEX: 'American Express' };

const cell = {
  padding: '5px 6px',
  borderBottom: '1px solid #ddd',
  textAlign: 'right' as const,
  whiteSpace: 'nowrap' as const,
  verticalAlign: 'top',
};
const head = { ...cell, borderBottom: '2px solid #000', fontWeight: 600 };
const left = { ...cell, textAlign: 'left' as const, whiteSpace: 'normal' as const };

/**
 * One invoice as the bidder gets it (the `InvoicePreview` the server also renders the mail and the
 * PDF from): a pure function of its data. Letterhead, invoice number and date, the billing address,
 * the items (image placeholder, restricted ones with '*' and the note), the totals, what is due and
 * what can be paid online, how to pay (cards, ACH, PayPal) and the template's messages. Every
 * amount is printed from its cents with `formatPreviewMoney`, never added up here.
 */
export function InvoiceDocument({ preview: p }: { preview: InvoicePreview }) {
  const money = (cents: number) => formatPreviewMoney(cents, p.currencySymbol);
  const withCode = (cents: number) => `${money(cents)} ${p.currencyCode}`;
  const restricted = p.items.some((i) => i.restricted);
  // The columns, totals and payment lines as the mail and the PDF have them (server documents/invoice-document.ts).
  const perItem = p.showCostsPerItem;
  const liveFee = p.items.some((i) => i.liveFeeCents !== 0);
  const t = p.totals;
  const totals: [string, number][] = [
    ['Hammer', t.hammerTotalCents],
    ["Buyer's Premium", t.premiumTotalCents],
    ['Live Fee', t.liveFeeCents],
    ['Shipping & Handling', t.shippingCents],
    ['Insurance', t.insuranceCents],
    ['Other', t.miscCents],
    ['Tax', t.taxCents],
  ];
  const online = p.acceptedCards.length > 0 || p.allowACHPayment || p.paypalUrl !== null;
  const messages = [...p.messages].sort((a, b) => a.sequence - b.sequence);
  return (
    <Box
      component="article"
      className="ar-preview-page"
      aria-label={`Invoice ${p.invoiceNumber}`}
      data-testid={`preview-invoice-${p.invoiceNumber}`}
      sx={{
        width: '100%',
        maxWidth: 860,
        mx: 'auto',
        boxSizing: 'border-box',
        p: { xs: 2, sm: 5 },
        bgcolor: '#fff',
        color: '#000',
        boxShadow: '0 1px 4px rgba(0,0,0,.2)',
        fontSize: 13,
        lineHeight: 1.45,
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <Box data-testid="preview-letterhead">
          <Typography sx={{ fontSize: 20, fontWeight: 700 }}>{p.house.name}</Typography>
          {p.house.company && p.house.company !== p.house.name && <div>{p.house.company}</div>}
          <AddressLines address={p.house} />
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography component="h2" sx={{ fontSize: 20, fontWeight: 700 }} data-testid="preview-invoice-number">
            Invoice #{p.invoiceNumber}
          </Typography>
          <div>Invoice date {p.invoiceDate}</div>
          {p.paddleNumber ? <div>Paddle #{p.paddleNumber}</div> : null}
          {p.needsResend && <div style={{ fontWeight: 600 }}>Edited since it was sent</div>}
        </Box>
      </Box>

      <Box sx={{ mb: 3 }} data-testid="preview-bill-to">
        <div style={{ fontWeight: 600 }}>Bill to</div>
        <div>{p.billingAddress.name}</div>
        {p.billingAddress.company && <div>{p.billingAddress.company}</div>}
        <AddressLines address={p.billingAddress} />
      </Box>

      <table style={{ width: '100%', borderCollapse: 'collapse' }} data-testid="preview-items">
        <thead>
          <tr>
            <th style={{ ...head, width: 56 }}>
              <span className="ar-sr-only" style={srOnly}>
                Image
              </span>
            </th>
            <th style={{ ...head, textAlign: 'left' }}>Lot</th>
            <th style={{ ...head, textAlign: 'left', whiteSpace: 'normal' }}>Description</th>
            <th style={head}>Hammer</th>
            <th style={head}>Premium</th>
            {liveFee && <th style={head}>Live Fee</th>}
            {perItem && <th style={head}>S/H</th>}
            {perItem && <th style={head}>Insurance</th>}
            {perItem && <th style={head}>Other</th>}
            {perItem && <th style={head}>Tax</th>}
            <th style={head}>Total</th>
          </tr>
        </thead>
        <tbody>
          {p.items.map((i) => (
            <tr key={i.invoiceDetailID} data-testid={`preview-item-${i.invoiceDetailID}`}>
              <td style={{ ...cell, textAlign: 'left' }}>
                {i.imageUrl ? (
                  <img src={i.imageUrl} alt="" width={44} height={44} style={{ objectFit: 'cover', display: 'block' }} />
                ) : (
                  <Box
                    aria-hidden
                    sx={{
                      width: 44,
                      height: 44,
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: '#f0f1f4',
                      color: '#9aa0ab',
                      borderRadius: 0.5,
                    }}
                  >
                    <ImageOutlinedIcon fontSize="small" />
                  </Box>
                )}
              </td>
              <td style={{ ...cell, textAlign: 'left' }}>
                {i.lotNumber}
                {i.restricted && '*'}
              </td>
              <td style={left}>
                {i.lotTitle}
                {i.saleIdentifier && <div style={{ color: '#555', fontSize: 12 }}>{i.saleIdentifier}</div>}
              </td>
              <td style={cell}>{money(i.hammerTotalCents)}</td>
              <td style={cell}>{money(i.premiumTotalCents)}</td>
              {liveFee && <td style={cell}>{money(i.liveFeeCents)}</td>}
              {perItem && <td style={cell}>{money(i.shippingCents)}</td>}
              {perItem && <td style={cell}>{money(i.insuranceCents)}</td>}
              {perItem && <td style={cell}>{money(i.miscCents)}</td>}
              {perItem && <td style={cell}>{money(i.taxCents)}</td>}
              <td style={{ ...cell, fontWeight: 600 }}>{money(i.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {restricted && (
        <p style={{ marginTop: 8 }} data-testid="preview-restricted-note">
          {PREVIEW_TEXT.restrictedNote}
        </p>
      )}

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <table style={{ borderCollapse: 'collapse', minWidth: 320 }} data-testid="preview-totals">
          <tbody>
            {totals
              .filter(([, v]) => v !== 0)
              .map(([label, v]) => (
                <Row key={label} label={label} value={money(v)} />
              ))}
            <Row label="Invoice Total" value={withCode(t.totalCents)} strong rule testId="preview-total" />
            <Row label="Payments Made" value={withCode(p.paymentsMadeCents)} testId="preview-payments" />
            <Row label="Total Due" value={withCode(p.totalDueCents)} strong testId="preview-total-due" />
            {restricted && (
              <Row label="Restricted Items Total" value={withCode(p.restrictedTotalCents)} testId="preview-restricted-total" />
            )}
            {restricted && <Row label="Payable Online" value={withCode(p.onlineTotalCents)} testId="preview-online-total" />}
          </tbody>
        </table>
      </Box>

      {online && (
        <Box sx={{ mt: 3, breakInside: 'avoid' }} data-testid="preview-payment">
          <div style={{ fontWeight: 600 }}>Ways to pay</div>
          {p.acceptedCards.length > 0 && <div>Cards accepted online: {p.acceptedCards.map((c) => CARD_NAMES[c]).join(', ')}</div>}
          {p.allowACHPayment && <div>ACH bank transfer is accepted online.</div>}
          {p.paypalUrl && (
            <div>
              <a href={p.paypalUrl} target="_blank" rel="noopener noreferrer" data-testid="preview-paypal">
                Pay with PayPal
              </a>
            </div>
          )}
        </Box>
      )}

      {messages.length > 0 && (
        <Box sx={{ mt: 4, pt: 2, borderTop: '1px solid #ccc' }} data-testid="preview-messages">
          {messages.map((m) => (
            <Box key={m.sequence} sx={{ mb: 1.5, breakInside: 'avoid' }}>
              {m.header.trim() && <div style={{ fontWeight: 600 }}>{m.header}</div>}
              {m.detail.trim() && <div style={{ whiteSpace: 'pre-wrap' }}>{m.detail}</div>}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

const srOnly = {
  position: 'absolute' as const,
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap' as const,
};

function AddressLines({ address }: { address: PreviewAddress }) {
  return (
    <>
      {address.lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
      {address.phone && <div>{address.phone}</div>}
      {address.email && <div>{address.email}</div>}
    </>
  );
}

function Row({ label, value, strong, rule, testId }: { label: string; value: string; strong?: boolean; rule?: boolean; testId?: string }) {
  const style = { ...cell, borderBottom: 'none', fontWeight: strong ? 700 : 400, borderTop: rule ? '2px solid #000' : undefined };
  return (
    <tr data-testid={testId}>
      <td style={{ ...style, textAlign: 'left' }}>{label}</td>
      <td style={style}>{value}</td>
    </tr>
  );
}
