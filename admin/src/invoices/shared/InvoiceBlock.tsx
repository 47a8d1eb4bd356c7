import { Fragment, memo, type ReactNode } from 'react';
import { Box, Card, Checkbox, LinearProgress, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { Invoice, InvoiceDetail } from '../invoiceApi';
import { optionalColumns, placeText, type OptionalColumns } from '../invoiceFormat';
import { formatMoney } from '../money';
import { additionalCents, additionalStatusText, hasAdditional } from './editingRules';
import type { AdditionalPriceInfo } from './editingTypes';
import { PlatformTag } from './PlatformTag';
import { MoneyCell } from '../../kit/MoneyCell';

export interface InvoiceBlockProps {
  invoice: Invoice;
  symbol: string;
  /** false: charges per lot (per-lot-cost variant); true: charges per invoice (invoice-level variant). */
  applyCostPerLot: boolean;
  /** Session titles by catalog id (the Session column's tooltip). */
  sessionTitles: ReadonlyMap<number, string>;
  // The editing screens' additions (all optional: without them the block is read-only).
  /** A selection checkbox before the name. */
  selection?: { checked: boolean; onChange: (checked: boolean) => void };
  /** The bidder record the name links to. */
  nameHref?: string;
  /** The per-invoice links, under the bidder. */
  actions?: ReactNode;
  /** A last cell per lot (the per-item menu). */
  lineActions?: (line: InvoiceDetail) => ReactNode;
  /** Under the item table (the History list). */
  footer?: ReactNode;
  /** A save of this invoice is in flight. */
  busy?: boolean;
  /**
   * The optional columns of every block on the page (`pageColumns`): with them all blocks share one
   * column template, so Hammer and Total line up from invoice to invoice. Default: this block's own.
   */
  columns?: OptionalColumns;
}

/** Spec 000 section 5, quoted. */
export const RESTRICTED_TEXT = '*this item is restricted and cannot be paid for online';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type WithAdditional = { additionalPriceInfo?: AdditionalPriceInfo | null };
const additionalOf = (x: unknown): AdditionalPriceInfo | null => {
  const info = (x as WithAdditional).additionalPriceInfo;
  return hasAdditional(info) ? info : null;
};

/** The optional columns, also shown when an additional charge has an amount there. */
export function columnsOf(lines: readonly InvoiceDetail[], invoiceAdditional: AdditionalPriceInfo | null): OptionalColumns {
  const cols = { ...optionalColumns(lines) };
  for (const info of [invoiceAdditional, ...lines.map(additionalOf)]) {
    if (!info) continue;
    const c = additionalCents(info);
    cols.tax ||= c.tax !== 0;
    cols.shipping ||= c.shipping !== 0;
    cols.insurance ||= c.insurance !== 0;
    cols.other ||= c.other !== 0;
  }
  return cols;
}

/** The union of the blocks' optional columns: one column template for a page of blocks. */
export function pageColumns(invoices: readonly Invoice[]): OptionalColumns {
  const out: OptionalColumns = { tax: false, shipping: false, insurance: false, other: false, disputes: false };
  for (const inv of invoices) {
    const c = columnsOf(inv.invoiceDetails ?? [], additionalOf(inv));
    for (const k of Object.keys(out) as (keyof OptionalColumns)[]) out[k] ||= c[k];
  }
  return out;
}

/** Fixed widths (px) of the item table; Lot takes the rest. Same for every block with the same columns. */
const COL_WIDTH = { session: 96, money: 88, disputes: 88, status: 96, actions: 40 } as const;

/**
 * One invoice as the Create/Edit Invoices screens show it (spec 000 section 2): the bidder, the
 * invoice's place and channel, its balance, payments and total, and the item table whose Tax,
 * S/H, Insurance, Other and Disputes columns appear only when some line has them, additional-charge
 * rows (Add'l) with their statuses, and the restricted-lot note. The editing screens add the
 * selection, the per-invoice links, the per-item menu and the History list through the optional props.
 */
export const InvoiceBlock = memo(function InvoiceBlock({
  invoice: inv,
  symbol,
  applyCostPerLot,
  sessionTitles,
  selection,
  nameHref,
  actions,
  lineActions,
  footer,
  busy,
  columns,
}: InvoiceBlockProps) {
  const lines = inv.invoiceDetails ?? [];
  const invoiceAdditional = additionalOf(inv);
  // What this block shows (spec 000 section 2: a column appears when this invoice has amounts there) ...
  const cols = columnsOf(lines, invoiceAdditional);
  // ... and the room the page reserves (an empty cell where another block has the column).
  const layout = columns ?? cols;
  const restricted = lines.some((l) => l.restricted && !l.suppress);
  const money = (c: number) => formatMoney(c, symbol);
  const charges = inv.invoiceChargesCents;
  const hasInvoiceCharges = charges.tax !== 0 || charges.shipping !== 0 || charges.insurance !== 0 || charges.other !== 0;
  const colCount =
    6 +
    Number(layout.tax) +
    Number(layout.shipping) +
    Number(layout.insurance) +
    Number(layout.other) +
    Number(layout.disputes) +
    1 +
    Number(!!lineActions);
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={`Invoice ${inv.invoiceNumber}`}
      data-testid={`invoice-block-${inv.invoiceID}`}
      sx={{ position: 'relative' }}
    >
      {busy && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} aria-label="Saving" />}
      <Box
        sx={{
          p: 2,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {selection && (
              <Checkbox
                size="small"
                checked={selection.checked}
                onChange={(e) => selection.onChange(e.target.checked)}
                sx={{ p: 0.5, ml: -0.75, mr: 0.5 }}
                slotProps={{ input: { 'aria-label': `Select invoice ${inv.invoiceNumber}` } }}
              />
            )}
            {nameHref ? (
              <Link component={RouterLink} to={nameHref} data-testid="bidder-link">
                {inv.name}
              </Link>
            ) : (
              inv.name
            )}
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
          <Typography variant="body2" data-testid="invoice-number">
            Invoice #{inv.invoiceNumber}
          </Typography>
          {actions && <Box sx={{ mt: 1 }}>{actions}</Box>}
        </Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'auto auto',
            columnGap: 2,
            alignContent: 'start',
            '& dd': { m: 0, textAlign: 'right', ...num },
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            Outstanding Balance
          </Typography>
          <Typography component="dd" variant="body2" data-testid="invoice-balance">
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
        <Table
          size="small"
          aria-label={`Items of invoice ${inv.invoiceNumber}`}
          // A fixed layout from the colgroup: widths do not depend on this block's contents.
          sx={{ tableLayout: 'fixed', minWidth: 720, '& td, & th': { px: 0.75 } }}
        >
          <colgroup>
            <col style={{ width: COL_WIDTH.session }} />
            <col />
            {Array.from(
              { length: 3 + Number(layout.tax) + Number(layout.shipping) + Number(layout.insurance) + Number(layout.other) + 1 },
              (_, i) => (
                <col key={i} style={{ width: COL_WIDTH.money }} />
              ),
            )}
            {layout.disputes && <col style={{ width: COL_WIDTH.disputes }} />}
            <col style={{ width: COL_WIDTH.status }} />
            {lineActions && <col style={{ width: COL_WIDTH.actions }} />}
          </colgroup>
          <TableHead>
            <TableRow>
              <TableCell>Session</TableCell>
              <TableCell>Lot</TableCell>
              <TableCell align="right">Hammer</TableCell>
              <TableCell align="right">BP</TableCell>
              <TableCell align="right">Live Fee</TableCell>
              {layout.tax && !cols.tax ? <TableCell component="td" /> : cols.tax && <TableCell align="right">Tax</TableCell>}
              {layout.shipping && !cols.shipping ? <TableCell component="td" /> : cols.shipping && <TableCell align="right">S/H</TableCell>}
              {layout.insurance && !cols.insurance ? (
                <TableCell component="td" />
              ) : (
                cols.insurance && <TableCell align="right">Insurance</TableCell>
              )}
              {layout.other && !cols.other ? <TableCell component="td" /> : cols.other && <TableCell align="right">Other</TableCell>}
              <TableCell align="right">Total</TableCell>
              {layout.disputes && !cols.disputes ? <TableCell component="td" /> : cols.disputes && <TableCell>Disputes</TableCell>}
              <TableCell>Status</TableCell>
              {lineActions && (
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l) => {
              const extra = additionalOf(l);
              return (
                <Fragment key={l.invoiceDetailID}>
                  <LineRow
                    line={l}
                    cols={cols}
                    layout={layout}
                    money={money}
                    symbol={symbol}
                    sessionTitle={sessionTitles.get(l.catalogID)}
                    actions={lineActions?.(l)}
                    withActions={!!lineActions}
                  />
                  {extra && (
                    <AdditionalRow
                      info={extra}
                      cols={cols}
                      layout={layout}
                      symbol={symbol}
                      withActions={!!lineActions}
                      label={`Add'l`}
                      testId={`additional-${l.invoiceDetailID}`}
                    />
                  )}
                </Fragment>
              );
            })}
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
            {invoiceAdditional && (
              <AdditionalRow
                info={invoiceAdditional}
                cols={cols}
                layout={layout}
                symbol={symbol}
                withActions={!!lineActions}
                label="Add'l (invoice)"
                testId="additional-invoice"
              />
            )}
          </TableBody>
        </Table>
      </Box>
      {restricted && (
        <Typography variant="body2" sx={{ px: 2, py: 1 }} data-testid="restricted-note">
          {RESTRICTED_TEXT}
        </Typography>
      )}
      {footer}
    </Card>
  );
});

/** A floor edit replaced the computed amount (dotted underline, explained on hover). */
const EDITED_TITLE = 'Edited: replaces the computed amount';
const edited = (on: boolean | undefined) => (on ? { ...num, textDecoration: 'underline dotted' } : num);

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** An additional charge under its lot (or under the invoice charges): Add'l amounts and their status. */
function AdditionalRow({
  info,
  cols,
  layout,
  symbol,
  withActions,
  label,
  testId,
}: {
  info: AdditionalPriceInfo;
  cols: OptionalColumns;
  layout: OptionalColumns;
  symbol: string;
  withActions: boolean;
  label: string;
  testId: string;
}) {
  const c = additionalCents(info);
  const total = c.tax + c.shipping + c.insurance + c.other;
  const cell = { ...num, fontStyle: 'italic', color: 'text.secondary' } as const;
  return (
    <TableRow data-testid={testId} sx={{ '& td': { borderTop: 0 } }}>
      <TableCell />
      <TableCell sx={{ fontStyle: 'italic', color: 'text.secondary' }}>{label}</TableCell>
      <TableCell />
      <TableCell />
      <TableCell />
      {layout.tax && !cols.tax ? <TableCell /> : cols.tax && <MoneyCell cents={c.tax} symbol={symbol} sx={cell} />}
      {layout.shipping && !cols.shipping ? <TableCell /> : cols.shipping && <MoneyCell cents={c.shipping} symbol={symbol} sx={cell} />}
      {layout.insurance && !cols.insurance ? <TableCell /> : cols.insurance && <MoneyCell cents={c.insurance} symbol={symbol} sx={cell} />}
      {layout.other && !cols.other ? <TableCell /> : cols.other && <MoneyCell cents={c.other} symbol={symbol} sx={cell} />}
      <MoneyCell cents={total} symbol={symbol} sx={{ ...cell, fontWeight: 600 }} />
      {layout.disputes && !cols.disputes ? <TableCell /> : cols.disputes && <TableCell />}
      <TableCell sx={{ whiteSpace: 'nowrap', fontStyle: 'italic' }} data-testid="additional-status">
        {additionalStatusText(info)}
      </TableCell>
      {withActions && <TableCell />}
    </TableRow>
  );
}

function LineRow({
  line: l,
  cols,
  layout,
  money,
  symbol,
  sessionTitle,
  actions,
  withActions,
}: {
  line: InvoiceDetail;
  cols: OptionalColumns;
  layout: OptionalColumns;
  money: (c: number) => string;
  symbol: string;
  sessionTitle?: string;
  actions?: ReactNode;
  withActions?: boolean;
}) {
  const p = l.priceInfoCents;
  const ov = (l as { overridden?: { hammer: boolean; premium: boolean; livefee: boolean } }).overridden;
  return (
    <TableRow sx={l.suppress ? { '& td': { color: 'text.disabled' } } : undefined} data-testid={`line-${l.invoiceDetailID}`}>
      <TableCell title={sessionTitle} sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {l.saleIdentifier}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
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
      <MoneyCell cents={p.hammer} symbol={symbol} sx={edited(ov?.hammer)} title={ov?.hammer ? EDITED_TITLE : undefined} />
      <MoneyCell cents={p.premium} symbol={symbol} sx={edited(ov?.premium)} title={ov?.premium ? EDITED_TITLE : undefined} />
      <MoneyCell cents={p.livefee} symbol={symbol} sx={edited(ov?.livefee)} title={ov?.livefee ? EDITED_TITLE : undefined} />
      {layout.tax && !cols.tax ? <TableCell /> : cols.tax && <MoneyCell cents={p.tax} symbol={symbol} />}
      {layout.shipping && !cols.shipping ? <TableCell /> : cols.shipping && <MoneyCell cents={p.shipping} symbol={symbol} />}
      {layout.insurance && !cols.insurance ? <TableCell /> : cols.insurance && <MoneyCell cents={p.insurance} symbol={symbol} />}
      {layout.other && !cols.other ? (
        <TableCell />
      ) : (
        cols.other && (
          <MoneyCell cents={p.other} symbol={symbol} title={l.fees?.map((f) => `${f.label} ${money(f.amountCents)}`).join(', ')} />
        )
      )}
      <MoneyCell cents={l.totalAmountCents} symbol={symbol} sx={{ ...num, fontWeight: 600 }} />
      {layout.disputes && !cols.disputes ? <TableCell /> : cols.disputes && <TableCell>{l.disputeRef ?? ''}</TableCell>}
      <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="item-status">
        {l.itemStatus}
      </TableCell>
      {withActions && (
        <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
          {actions}
        </TableCell>
      )}
    </TableRow>
  );
}
