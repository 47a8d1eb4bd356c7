import { memo } from 'react';
import { Box, Card, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { Invoice, InvoiceDetail } from '../invoiceApi';
import { optionalColumns, placeText } from '../invoiceFormat';
import { formatMoney } from '../money';
import { PlatformTag } from './PlatformTag';

export interface InvoiceBlockProps {
  invoice: Invoice;
  symbol: string;
  /** false: charges per lot (per-lot-cost variant); true: charges per invoice (invoice-level variant). */
  applyCostPerLot: boolean;
  /** Session titles by catalog id (the Session column's tooltip). */
  sessionTitles: ReadonlyMap<number, string>;
}

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * One invoice as the Create/Edit Invoices screens show it (spec 000 section 2): the bidder, the
 * invoice's place and channel, its balance, payments and total, and the item table whose Tax,
 * S/H, Insurance, Other and Disputes columns appear only when some line has them. The editing
 * links of the next issue hang off this block.
 */
export const InvoiceBlock = memo(function InvoiceBlock({ invoice: inv, symbol, applyCostPerLot, sessionTitles }: InvoiceBlockProps) {
  const lines = inv.invoiceDetails ?? [];
  const cols = optionalColumns(lines);
  const money = (c: number) => formatMoney(c, symbol);
  const charges = inv.invoiceChargesCents;
  const hasInvoiceCharges = charges.tax !== 0 || charges.shipping !== 0 || charges.insurance !== 0 || charges.other !== 0;
  const colCount = 6 + Number(cols.tax) + Number(cols.shipping) + Number(cols.insurance) + Number(cols.other) + Number(cols.disputes) + 1;
  return (
    <Card variant="outlined" component="section" aria-label={`Invoice ${inv.invoiceNumber}`} data-testid={`invoice-block-${inv.invoiceID}`}>
      <Box sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' }, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {inv.name}
            <PlatformTag platform={inv.platform} />
            {inv.paddleNumber !== 0 && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                Paddle #{inv.paddleNumber}
              </Typography>
            )}
          </Typography>
          {inv.companyName && <Typography variant="body2">{inv.companyName}</Typography>}
          <Typography variant="body2" color="text.secondary">
            {[inv.email, placeText(inv), inv.channel].filter(Boolean).join(' · ')}
          </Typography>
          <Typography variant="body2">Invoice #{inv.invoiceNumber}</Typography>
        </Box>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, alignContent: 'start', '& dd': { m: 0, textAlign: 'right', ...num } }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            Outstanding Balance
          </Typography>
          <Typography component="dd" variant="body2">
            {money(inv.outStandingBalanceCents)}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Payments Made
          </Typography>
          <Typography component="dd" variant="body2">
            {money(inv.invoicePaidCents)}
          </Typography>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            Invoice Total
          </Typography>
          <Typography component="dd" variant="body2" sx={{ fontWeight: 600 }} data-testid="invoice-total">
            {money(inv.invoiceTotalCents)}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={`Items of invoice ${inv.invoiceNumber}`}>
          <TableHead>
            <TableRow>
              <TableCell>Session</TableCell>
              <TableCell>Lot</TableCell>
              <TableCell align="right">Hammer</TableCell>
              <TableCell align="right">BP</TableCell>
              <TableCell align="right">Live Fee</TableCell>
              {cols.tax && <TableCell align="right">Tax</TableCell>}
              {cols.shipping && <TableCell align="right">S/H</TableCell>}
              {cols.insurance && <TableCell align="right">Insurance</TableCell>}
              {cols.other && <TableCell align="right">Other</TableCell>}
              <TableCell align="right">Total</TableCell>
              {cols.disputes && <TableCell>Disputes</TableCell>}
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l) => (
              <LineRow key={l.invoiceDetailID} line={l} cols={cols} money={money} sessionTitle={sessionTitles.get(l.catalogID)} />
            ))}
            {(applyCostPerLot || hasInvoiceCharges) && (
              <TableRow>
                <TableCell colSpan={colCount} sx={{ color: 'text.secondary' }}>
                  Invoice charges:{' '}
                  {[
                    ['Tax', charges.tax],
                    ['S/H', charges.shipping],
                    ['Insurance', charges.insurance],
                    ['Other', charges.other],
                  ]
                    // The invoice-level variant shows every charge (they are entered per invoice).
                    .filter(([, c]) => applyCostPerLot || c !== 0)
                    .map(([label, c]) => `${label} ${money(c as number)}`)
                    .join(' · ')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
    </Card>
  );
});

function LineRow({ line: l, cols, money, sessionTitle }: { line: InvoiceDetail; cols: ReturnType<typeof optionalColumns>; money: (c: number) => string; sessionTitle?: string }) {
  const p = l.priceInfoCents;
  return (
    <TableRow sx={l.suppress ? { '& td': { color: 'text.disabled' } } : undefined}>
      <TableCell title={sessionTitle} sx={{ whiteSpace: 'nowrap' }}>
        {l.saleIdentifier}
      </TableCell>
      <TableCell>
        <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
          {l.lotNumber}
          {l.restricted && '*'}
        </Box>
        {l.lotTitle}
        {l.suppress && (
          <Typography component="span" variant="caption" sx={{ ml: 1 }}>
            (hidden from invoice)
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={num}>
        {money(p.hammer)}
      </TableCell>
      <TableCell align="right" sx={num}>
        {money(p.premium)}
      </TableCell>
      <TableCell align="right" sx={num}>
        {money(p.livefee)}
      </TableCell>
      {cols.tax && (
        <TableCell align="right" sx={num}>
          {money(p.tax)}
        </TableCell>
      )}
      {cols.shipping && (
        <TableCell align="right" sx={num}>
          {money(p.shipping)}
        </TableCell>
      )}
      {cols.insurance && (
        <TableCell align="right" sx={num}>
          {money(p.insurance)}
        </TableCell>
      )}
      {cols.other && (
        <TableCell align="right" sx={num} title={l.fees?.map((f) => `${f.label} ${money(f.amountCents)}`).join(', ')}>
          {money(p.other)}
        </TableCell>
      )}
      <TableCell align="right" sx={{ ...num, fontWeight: 600 }}>
        {money(l.totalAmountCents)}
      </TableCell>
      {cols.disputes && <TableCell>{l.disputeRef ?? ''}</TableCell>}
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.itemStatus}</TableCell>
    </TableRow>
  );
}
