import { Fragment, memo, useState } from 'react';
import { Box, Checkbox, IconButton, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import MailIcon from '@mui/icons-material/EmailOutlined';
import ExpandIcon from '@mui/icons-material/KeyboardArrowRight';
import CollapseIcon from '@mui/icons-material/KeyboardArrowDown';
import { useListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Invoice } from '../invoiceApi';
import { shownName } from '../invoiceFormat';
import { formatMoney } from '../money';
import { editInvoicesPath, previewPath } from '../routeParams';
import { NoteIcon } from '../shared/NoteIcon';
import { PlatformTag } from '../shared/PlatformTag';
import { InvoiceLines } from './InvoiceLines';
import { shipStatusText } from './shipStatusText';

/** A row of `/api/invoices`: the invoice without its lines. */
export type InvoiceRecord = Invoice & { id: number };

export interface InvoiceTableProps {
  groupId: number;
  /** Spec: the paddle column only when some invoice of the group has a paddle number. */
  hasPaddle: boolean;
  symbol: string;
  /** Opens the Contact modal for the invoice's bidder. */
  onContact: (invoice: Invoice) => void;
  /** Opens the Add/Update internal note modal. */
  onNote: (invoice: Invoice) => void;
}

const STATUS_COLOR: Record<string, string> = {
  Paid: 'success.main',
  'Partial Paid': 'warning.dark',
  'Payment Pending': 'warning.dark',
  'Payment Failed': 'error.main',
  Sent: 'info.main',
};

// Row actions carry a native `title`, not MUI's Tooltip: four Tooltips a row are 800 components on a
// page of 200 for a hover hint (docs/performance.md, Invoice Group Details).
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The server answers `notes` (and `hasNote`) with every invoice. */
const hasNote = (inv: Invoice) => {
  const i = inv as Invoice & { notes?: string | null; hasNote?: boolean };
  return i.hasNote ?? !!i.notes?.trim();
};

/**
 * The invoice table of Invoice Group Details (spec 000 section 2), Datagrid-style over the list in
 * context (rows and selection from `useListContext`): checkbox, actions (edit, contact, internal
 * note: highlighted when the invoice has one), invoice number linking to the preview, paddle when
 * any, name (cut over 25 characters) with the platform tag, invoice total, balance, invoice status
 * and ship/pickup status. A row opens to its lots, read then (`GET /api/invoices/:id`).
 */
export const InvoiceTable = memo(function InvoiceTable({ groupId, hasPaddle, symbol, onContact, onNote }: InvoiceTableProps) {
  const { data: invoices = [], selectedIds, onSelect } = useListContext<InvoiceRecord>();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const selected = new Set(selectedIds);
  const onPage = invoices.filter((i) => selected.has(i.id)).length;
  const togglePage = () => {
    const next = new Set(selected);
    if (onPage === invoices.length) for (const i of invoices) next.delete(i.id);
    else for (const i of invoices) next.add(i.id);
    onSelect([...next]);
  };
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect([...next]);
  };
  const toggleOpen = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const columns = hasPaddle ? 9 : 8;
  return (
    <TableContainer>
      <Table size="small" aria-label="Invoices" data-testid="invoice-table">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={onPage > 0 && onPage === invoices.length}
                indeterminate={onPage > 0 && onPage < invoices.length}
                onChange={togglePage}
                slotProps={{ input: { 'aria-label': 'Select the invoices of this page' } }}
              />
            </TableCell>
            <TableCell>Actions</TableCell>
            <TableCell>Invoice #</TableCell>
            {hasPaddle && <TableCell>Paddle</TableCell>}
            <TableCell>Name</TableCell>
            <TableCell align="right">Invoice Total</TableCell>
            <TableCell align="right">Balance</TableCell>
            <TableCell>Invoice Status</TableCell>
            <TableCell>Ship/Pickup Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((inv) => (
            <Fragment key={inv.id}>
              <TableRow hover selected={selected.has(inv.id)} data-testid="invoice-row">
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.has(inv.id)}
                    onChange={() => toggle(inv.id)}
                    slotProps={{ input: { 'aria-label': `Select invoice ${inv.invoiceNumber}` } }}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', py: 0 }}>
                  <IconButton
                    title={open.has(inv.id) ? 'Hide lots' : 'Show lots'}
                    size="small"
                    onClick={() => toggleOpen(inv.id)}
                    aria-expanded={open.has(inv.id)}
                    aria-label={`Lots of invoice ${inv.invoiceNumber}`}
                    data-testid="row-expand"
                  >
                    {open.has(inv.id) ? <CollapseIcon fontSize="small" /> : <ExpandIcon fontSize="small" />}
                  </IconButton>
                  <IconButton
                    title="Edit invoice"
                    size="small"
                    component={RouterLink}
                    to={editInvoicesPath(groupId, [inv.invoiceID])}
                    aria-label={`Edit invoice ${inv.invoiceNumber}`}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    title="Contact"
                    size="small"
                    onClick={() => onContact(inv)}
                    aria-label={`Contact the bidder of invoice ${inv.invoiceNumber}`}
                    data-testid="row-contact"
                  >
                    <MailIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    title={hasNote(inv) ? 'Update internal note' : 'Add internal note'}
                    size="small"
                    onClick={() => onNote(inv)}
                    aria-label={`Internal note of invoice ${inv.invoiceNumber}`}
                    data-testid="row-note"
                  >
                    <NoteIcon hasNote={hasNote(inv)} />
                  </IconButton>
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={previewPath(groupId, [inv.invoiceID])} data-testid="invoice-number">
                    {inv.invoiceNumber}
                  </Link>
                </TableCell>
                {hasPaddle && <TableCell sx={num}>{inv.paddleNumber || ''}</TableCell>}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Box component="span" title={inv.name} data-testid="invoice-name">
                    {shownName(inv)}
                  </Box>
                  <PlatformTag platform={inv.platform} />
                </TableCell>
                <TableCell align="right" sx={num}>
                  {formatMoney(inv.invoiceTotalCents, symbol)}
                </TableCell>
                <TableCell align="right" sx={num}>
                  {formatMoney(inv.outStandingBalanceCents, symbol)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', color: STATUS_COLOR[inv.invoiceStatus] }} data-testid="invoice-status">
                  {inv.invoiceStatus}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="ship-status">
                  {shipStatusText(inv)}
                </TableCell>
              </TableRow>
              {open.has(inv.id) && (
                <TableRow data-testid="invoice-lines-row">
                  <TableCell colSpan={columns} sx={{ bgcolor: 'action.hover', py: 1 }}>
                    <InvoiceLines id={inv.id} invoiceNumber={inv.invoiceNumber} symbol={symbol} />
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
});
