import { memo } from 'react';
import { Box, Checkbox, IconButton, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import MailIcon from '@mui/icons-material/EmailOutlined';
import { Link as RouterLink } from 'react-router-dom';
import type { Invoice } from '../invoiceApi';
import { shownName } from '../invoiceFormat';
import { formatMoney } from '../money';
import { editInvoicesPath, previewPath } from '../routeParams';
import { NoteIcon } from '../shared/NoteIcon';
import { PlatformTag } from '../shared/PlatformTag';
import { shipStatusText } from './shipStatusText';

export interface InvoiceTableProps {
  groupId: number;
  invoices: Invoice[];
  /** Spec: the paddle column only when some invoice of the group has a paddle number. */
  hasPaddle: boolean;
  symbol: string;
  selected: ReadonlySet<number>;
  onSelect: (next: ReadonlySet<number>) => void;
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

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The server answers `notes` (and `hasNote`) with every invoice. */
const hasNote = (inv: Invoice) => {
  const i = inv as Invoice & { notes?: string | null; hasNote?: boolean };
  return i.hasNote ?? !!i.notes?.trim();
};

/**
 * The invoice table of Invoice Group Details (spec 000 section 2): checkbox, actions (edit,
 * contact, internal note: highlighted when the invoice has one), invoice number linking to the preview, paddle
 * when any, name (cut over 25 characters) with the platform tag, invoice total, balance,
 * invoice status and ship/pickup status.
 */
export const InvoiceTable = memo(function InvoiceTable({
  groupId,
  invoices,
  hasPaddle,
  symbol,
  selected,
  onSelect,
  onContact,
  onNote,
}: InvoiceTableProps) {
  const onPage = invoices.filter((i) => selected.has(i.invoiceID)).length;
  const togglePage = () => {
    const next = new Set(selected);
    if (onPage === invoices.length) for (const i of invoices) next.delete(i.invoiceID);
    else for (const i of invoices) next.add(i.invoiceID);
    onSelect(next);
  };
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
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
            <TableRow key={inv.invoiceID} hover selected={selected.has(inv.invoiceID)} data-testid="invoice-row">
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.has(inv.invoiceID)}
                  onChange={() => toggle(inv.invoiceID)}
                  slotProps={{ input: { 'aria-label': `Select invoice ${inv.invoiceNumber}` } }}
                />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', py: 0 }}>
                <Tooltip title="Edit invoice">
                  <IconButton
                    size="small"
                    component={RouterLink}
                    to={editInvoicesPath(groupId, [inv.invoiceID])}
                    aria-label={`Edit invoice ${inv.invoiceNumber}`}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Contact">
                  <IconButton
                    size="small"
                    onClick={() => onContact(inv)}
                    aria-label={`Contact the bidder of invoice ${inv.invoiceNumber}`}
                    data-testid="row-contact"
                  >
                    <MailIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={hasNote(inv) ? 'Update internal note' : 'Add internal note'}>
                  <IconButton
                    size="small"
                    onClick={() => onNote(inv)}
                    aria-label={`Internal note of invoice ${inv.invoiceNumber}`}
                    data-testid="row-note"
                  >
                    <NoteIcon hasNote={hasNote(inv)} />
                  </IconButton>
                </Tooltip>
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
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
});
