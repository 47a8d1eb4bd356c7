import { Box, Typography } from '@mui/material';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { buildInvoiceDocument, DOCUMENT_TEXT, PREVIEW_TEXT, type DocumentTotalLine, type InvoicePreview, type TotalKey } from '@ar/rules';

const cell = {
  padding: '5px 6px',
  borderBottom: '1px solid #ddd',
  textAlign: 'right' as const,
  whiteSpace: 'nowrap' as const,
  verticalAlign: 'top',
};
const head = { ...cell, borderBottom: '2px solid #000', fontWeight: 600 };
const left = { ...cell, textAlign: 'left' as const, whiteSpace: 'normal' as const };

/** The totals lines the page's tests (and the reader's eye) pick out. */
const TOTAL_TEST_IDS: Partial<Record<TotalKey, string>> = {
  total: 'preview-total',
  paymentsMade: 'preview-payments',
  totalDue: 'preview-total-due',
  restrictedTotal: 'preview-restricted-total',
  onlineTotal: 'preview-online-total',
};

const META_TEST_IDS: Partial<Record<string, string>> = {
  [DOCUMENT_TEXT.invoiceNumber]: 'preview-invoice-number',
  [DOCUMENT_TEXT.invoiceDate]: 'preview-invoice-date',
};

/**
 * One invoice as the bidder gets it: the sections of `buildInvoiceDocument(preview)` (@ar/rules),
 * the model the server's mail, text and PDF are drawn from, so the columns, totals, labels,
 * amounts and texts shown here are the mail's. This component only lays them out.
 */
export function InvoiceDocument({ preview: p }: { preview: InvoicePreview }) {
  const d = buildInvoiceDocument(p);
  const pay = d.payment;
  const online = pay.cards !== null || pay.ach !== null || pay.paypal !== null;
  return (
    <Box
      component="article"
      className="ar-preview-page"
      aria-label={d.title}
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
          <Typography sx={{ fontSize: 20, fontWeight: 700 }}>{d.letterhead.name}</Typography>
          <Lines lines={d.letterhead.lines} />
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          {/* Headed as the mail and PDF are: INVOICE over the meta lines, whose first is "Invoice # N". */}
          <Typography component="h2" sx={{ fontSize: 20, fontWeight: 700 }} aria-label={d.title}>
            {DOCUMENT_TEXT.invoice.toUpperCase()}
          </Typography>
          {d.meta.map((m) => (
            <div key={m.label} data-testid={META_TEST_IDS[m.label]}>
              {m.label} {m.value}
            </div>
          ))}
          {/* The admin's note, never on paper (nor in the mail). */}
          {p.needsResend && <Box sx={{ fontWeight: 600, '@media print': { display: 'none' } }}>{PREVIEW_TEXT.editedSinceSent}</Box>}
        </Box>
      </Box>

      <Box sx={{ mb: 3 }} data-testid="preview-bill-to">
        <div style={{ fontWeight: 600 }}>{d.billTo.heading}</div>
        <Lines lines={d.billTo.lines} />
      </Box>

      <table style={{ width: '100%', borderCollapse: 'collapse' }} data-testid="preview-items">
        <thead>
          <tr>
            <th style={{ ...head, width: 56 }}>
              <span className="ar-sr-only" style={srOnly}>
                {DOCUMENT_TEXT.image}
              </span>
            </th>
            <th style={{ ...head, textAlign: 'left' }}>{DOCUMENT_TEXT.lot}</th>
            <th style={{ ...head, textAlign: 'left', whiteSpace: 'normal' }}>{DOCUMENT_TEXT.item}</th>
            {d.columns.map((c) => (
              <th key={c.key} style={head}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {d.items.map((i, n) => (
            <tr key={p.items[n].invoiceDetailID} data-testid={`preview-item-${p.items[n].invoiceDetailID}`}>
              <td style={{ ...cell, textAlign: 'left' }}>
                {i.imageUrl ? (
                  <img src={i.imageUrl} alt="" width={44} height={44} style={{ objectFit: 'cover', display: 'block' }} />
                ) : (
                  <Box
                    aria-hidden
                    title={DOCUMENT_TEXT.imagePlaceholder}
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
              <td style={{ ...cell, textAlign: 'left' }}>{i.lotNumber}</td>
              <td style={left}>
                {i.title}
                {i.saleIdentifier && <div style={{ color: '#555', fontSize: 12 }}>{i.saleIdentifier}</div>}
              </td>
              {i.amounts.map((a, k) => (
                <td key={d.columns[k].key} style={d.columns[k].key === 'total' ? { ...cell, fontWeight: 600 } : cell}>
                  {a}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {d.restrictedNote && (
        <p style={{ marginTop: 8 }} data-testid="preview-restricted-note">
          {d.restrictedNote}
        </p>
      )}

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Box sx={{ minWidth: 320 }}>
          <table style={{ borderCollapse: 'collapse', width: '100%' }} data-testid="preview-totals">
            <tbody>
              {d.totals.map((t) => (
                <Row key={t.key} line={t} />
              ))}
            </tbody>
          </table>
          <Box sx={{ textAlign: 'right', color: '#555', fontSize: 12, pt: 0.5 }} data-testid="preview-currency-note">
            {d.currencyNote}
          </Box>
        </Box>
      </Box>

      {online && (
        <Box sx={{ mt: 3, breakInside: 'avoid' }} data-testid="preview-payment">
          <div style={{ fontWeight: 600 }}>{pay.heading}</div>
          {pay.cards && <div>{pay.cards}</div>}
          {pay.ach && <div>{pay.ach}</div>}
          {pay.paypal && (
            <div>
              <a href={pay.paypal.url} target="_blank" rel="noopener noreferrer" data-testid="preview-paypal">
                {pay.paypal.label}
              </a>
            </div>
          )}
        </Box>
      )}

      {d.messages.length > 0 && (
        <Box sx={{ mt: 4, pt: 2, borderTop: '1px solid #ccc' }} data-testid="preview-messages">
          {d.messages.map((m, n) => (
            <Box key={n} sx={{ mb: 1.5, breakInside: 'avoid' }}>
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

function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line, n) => (
        <div key={n}>{line}</div>
      ))}
    </>
  );
}

function Row({ line }: { line: DocumentTotalLine }) {
  // The invoice total is ruled off above; it and the total due are bold (the model's `strong`).
  const strong = line.strong || line.key === 'total';
  const style = {
    ...cell,
    borderBottom: 'none',
    fontWeight: strong ? 700 : 400,
    borderTop: line.key === 'total' ? '2px solid #000' : undefined,
  };
  return (
    <tr data-testid={TOTAL_TEST_IDS[line.key]}>
      <td style={{ ...style, textAlign: 'left' }}>{line.label}</td>
      <td style={style}>{line.value}</td>
    </tr>
  );
}
