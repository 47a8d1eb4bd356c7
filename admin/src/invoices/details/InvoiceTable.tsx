import { memo, useCallback, useRef, useState } from 'react';
import { Table, TableCell, TableContainer, TableHead, TableRow, type Theme } from '@mui/material';
import { useListContext, type Identifier } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Invoice } from '../invoiceApi';
import { shownName } from '../invoiceFormat';
import { formatMoney } from '../money';
import { editInvoicesPath, previewPath } from '../routeParams';
import { useDelayed } from '../shared/NoteIcon';
import { PLATFORM_TAG_SX } from '../shared/PlatformTag';
import { invoicePdfName, invoicePdfUrl } from '../pdf/invoicePdfApi';
import { InvoiceLines } from './InvoiceLines';
import { shipStatusText } from './shipStatusText';

/** A row of `/api/invoices`: the invoice without its lines. */
export type InvoiceRecord = Invoice & { id: number };

export interface InvoiceTableProps {
  houseRef: string;
  groupId: number;
  /** Spec: the paddle column only when some invoice of the group has a paddle number. */
  hasPaddle: boolean;
  symbol: string;
  /** Opens the Contact modal for the invoice's bidder. */
  onContact: (invoice: Invoice) => void;
  /** Opens the Add/Update internal note modal. */
  onNote: (invoice: Invoice) => void;
}

const STATUS_CLASS: Record<string, string> = {
  Paid: 'st-paid',
  'Partial Paid': 'st-pending',
  'Payment Pending': 'st-pending',
  'Payment Failed': 'st-failed',
  Sent: 'st-sent',
};

// Material icons' paths (EditOutlined, EmailOutlined, KeyboardArrowRight/Down, PictureAsPdfOutlined,
// StickyNote2 and StickyNote2Outlined), drawn as plain SVG.
const ICON = {
  edit: 'm14.06 9.02.92.92L5.92 19H5v-.92zM17.66 3c-.25 0-.51.1-.7.29l-1.83 1.83 3.75 3.75 1.83-1.83c.39-.39.39-1.02 0-1.41l-2.34-2.34c-.2-.2-.45-.29-.71-.29m-3.6 3.19L3 17.25V21h3.75L17.81 9.94z',
  mail: 'M22 6c0-1.1-.9-2-2-2H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2zm-2 0-8 5-8-5zm0 12H4V8l8 5 8-5z',
  expand: 'M8.59 16.59 13.17 12 8.59 7.41 10 6l6 6-6 6z',
  collapse: 'M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z',
  note: 'M19 3H4.99C3.89 3 3 3.9 3 5l.01 14c0 1.1.89 2 1.99 2h10l6-6V5c0-1.1-.9-2-2-2M7 8h10v2H7zm5 6H7v-2h5zm2 5.5V14h5.5z',
  pdf: 'M20 2H8c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m0 14H8V4h12zM4 6H2v14c0 1.1.9 2 2 2h14v-2H4zm12 6V9c0-.55-.45-1-1-1h-2v5h2c.55 0 1-.45 1-1m-2-3h1v3h-1zm4 2h1v-1h-1V9h1V8h-2v5h1zm-8 0h1c.55 0 1-.45 1-1V9c0-.55-.45-1-1-1H9v5h1zm0-2h1v1h-1z',
  noNote: 'M19 5v9h-5v5H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h10l6-6V5c0-1.1-.9-2-2-2m-7 11H7v-2h5zm5-4H7V8h10z',
};
const Icon = ({ d, className, testId }: { d: string; className?: string; testId?: string }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className} data-testid={testId}>
    <path d={d} />
  </svg>
);

/** The shared NoteIcon's look and test ids, as plain SVG: highlighted 500 ms after a note appears. */
function RowNoteIcon({ hasNote }: { hasNote: boolean }) {
  return useDelayed(hasNote) ? (
    <Icon d={ICON.note} className="noted" testId="note-icon-highlighted" />
  ) : (
    <Icon d={ICON.noNote} testId="note-icon" />
  );
}

/**
 * The body rows are plain `tr`/`td`/`button`/`input` elements styled once here, at the table:
 * MUI's TableRow, TableCell, Checkbox and IconButton cost a styled component each, and a page of
 * 50 rows had about 750 of them (docs/performance.md, Group Details rows). The header keeps MUI's
 * cells. These rules copy MUI's small-table look (cells, hover, selected row, focus ring).
 */
const tableSx = (theme: Theme) => {
  const { palette } = theme;
  return {
    '& > tbody > tr > td': {
      ...theme.typography.body2,
      borderBottom: `1px solid ${theme.lighten(theme.alpha(palette.divider, 1), 0.88)}`,
      padding: '6px 16px',
      verticalAlign: 'middle',
    },
    '& > tbody > tr.row:hover': { bgcolor: 'action.hover' },
    '& > tbody > tr.row.selected': { bgcolor: theme.alpha(palette.primary.main, palette.action.selectedOpacity) },
    '& > tbody > tr > td.check': { width: 24, padding: '0 12px 0 16px' },
    '& > tbody > tr > td.acts': { whiteSpace: 'nowrap', py: 0 },
    '& > tbody > tr > td.num': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
    '& > tbody > tr > td.right': { textAlign: 'right' },
    '& > tbody > tr > td.nowrap': { whiteSpace: 'nowrap' },
    '& > tbody > tr > td.lines': { bgcolor: 'action.hover', py: 1 },
    '& input[type="checkbox"]': {
      width: 18,
      height: 18,
      m: 0,
      verticalAlign: 'middle',
      cursor: 'pointer',
      accentColor: palette.primary.main,
    },
    '& .act': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: 30,
      height: 30,
      p: 0,
      border: 0,
      borderRadius: '50%',
      bgcolor: 'transparent',
      color: 'action.active',
      cursor: 'pointer',
      verticalAlign: 'middle',
      '&:hover': { bgcolor: 'action.hover' },
      '& svg': { width: 20, height: 20, fill: 'currentColor' },
      '& svg.noted': { fill: palette.secondary.main },
    },
    '& a.number': {
      color: 'primary.main',
      textDecorationColor: theme.alpha(palette.primary.main, 0.4),
      '&:hover': { textDecorationColor: 'inherit' },
    },
    '& :is(button, a, input):focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
    '& .tag': PLATFORM_TAG_SX,
    '& .st-paid': { color: 'success.main' },
    '& .st-pending': { color: 'warning.dark' },
    '& .st-failed': { color: 'error.main' },
    '& .st-sent': { color: 'info.main' },
  };
};

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
 * Rows are memoised: ticking a box or opening a row draws that row again, not the page.
 */
export const InvoiceTable = memo(function InvoiceTable({ houseRef, groupId, hasPaddle, symbol, onContact, onNote }: InvoiceTableProps) {
  const { data: invoices = [], selectedIds, onSelect } = useListContext<InvoiceRecord>();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const selected = new Set(selectedIds);
  const onPage = invoices.filter((i) => selected.has(i.id)).length;
  // The latest selection, read by the rows' stable toggle.
  const selection = useRef({ selectedIds, onSelect });
  selection.current = { selectedIds, onSelect };
  const toggle = useCallback((id: number) => {
    const { selectedIds: ids, onSelect: select } = selection.current;
    select(ids.includes(id) ? ids.filter((x: Identifier) => x !== id) : [...ids, id]);
  }, []);
  const toggleOpen = useCallback(
    (id: number) =>
      setOpen((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const togglePage = () => {
    const next = new Set(selected);
    if (onPage === invoices.length) for (const i of invoices) next.delete(i.id);
    else for (const i of invoices) next.add(i.id);
    onSelect([...next]);
  };
  const all = onPage > 0 && onPage === invoices.length;
  const some = onPage > 0 && onPage < invoices.length;
  return (
    <TableContainer>
      <Table size="small" aria-label="Invoices" data-testid="invoice-table" sx={tableSx}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <input
                type="checkbox"
                checked={all}
                ref={(el) => {
                  if (el) el.indeterminate = some;
                }}
                onChange={togglePage}
                aria-label="Select the invoices of this page"
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
        <tbody>
          {invoices.map((inv) => (
            <InvoiceRow
              key={inv.id}
              inv={inv}
              selected={selected.has(inv.id)}
              open={open.has(inv.id)}
              houseRef={houseRef}
              groupId={groupId}
              hasPaddle={hasPaddle}
              symbol={symbol}
              onToggle={toggle}
              onToggleOpen={toggleOpen}
              onContact={onContact}
              onNote={onNote}
            />
          ))}
        </tbody>
      </Table>
    </TableContainer>
  );
});

interface InvoiceRowProps extends Omit<InvoiceTableProps, 'groupId'> {
  inv: InvoiceRecord;
  groupId: number;
  selected: boolean;
  open: boolean;
  onToggle: (id: number) => void;
  onToggleOpen: (id: number) => void;
}

// Row actions carry a native `title`, not MUI's Tooltip: four Tooltips a row are 800 components on a
// page of 200 for a hover hint (docs/performance.md, Invoice Group Details).
const InvoiceRow = memo(function InvoiceRow({
  inv,
  houseRef,
  groupId,
  hasPaddle,
  symbol,
  selected,
  open,
  onToggle,
  onToggleOpen,
  onContact,
  onNote,
}: InvoiceRowProps) {
  const noted = hasNote(inv);
  return (
    <>
      <tr className={selected ? 'row selected' : 'row'} data-testid="invoice-row">
        <td className="check">
          <input type="checkbox" checked={selected} onChange={() => onToggle(inv.id)} aria-label={`Select invoice ${inv.invoiceNumber}`} />
        </td>
        <td className="acts">
          <button
            type="button"
            className="act"
            title={open ? 'Hide lots' : 'Show lots'}
            onClick={() => onToggleOpen(inv.id)}
            aria-expanded={open}
            aria-label={`Lots of invoice ${inv.invoiceNumber}`}
            data-testid="row-expand"
          >
            <Icon d={open ? ICON.collapse : ICON.expand} />
          </button>
          <RouterLink
            className="act"
            title="Edit invoice"
            to={editInvoicesPath(groupId, [inv.invoiceID])}
            aria-label={`Edit invoice ${inv.invoiceNumber}`}
          >
            <Icon d={ICON.edit} />
          </RouterLink>
          <button
            type="button"
            className="act"
            title="Contact"
            onClick={() => onContact(inv)}
            aria-label={`Contact the bidder of invoice ${inv.invoiceNumber}`}
            data-testid="row-contact"
          >
            <Icon d={ICON.mail} />
          </button>
          <button
            type="button"
            className="act"
            title={noted ? 'Update internal note' : 'Add internal note'}
            onClick={() => onNote(inv)}
            aria-label={`Internal note of invoice ${inv.invoiceNumber}`}
            data-testid="row-note"
          >
            <RowNoteIcon hasNote={noted} />
          </button>
          <a
            className="act"
            title="Download PDF"
            href={invoicePdfUrl(houseRef, groupId, inv.invoiceID)}
            download={invoicePdfName(inv.invoiceNumber)}
            aria-label={`Download invoice ${inv.invoiceNumber} as PDF`}
            data-testid="row-pdf"
          >
            <Icon d={ICON.pdf} />
          </a>
        </td>
        <td>
          <RouterLink className="number" to={previewPath(groupId, [inv.invoiceID])} data-testid="invoice-number">
            {inv.invoiceNumber}
          </RouterLink>
        </td>
        {hasPaddle && <td className="num">{inv.paddleNumber || ''}</td>}
        <td className="nowrap">
          <span title={inv.name} data-testid="invoice-name">
            {shownName(inv)}
          </span>
          {inv.platform && (
            <span className="tag" data-testid="platform-tag">
              {inv.platform}
            </span>
          )}
        </td>
        <td className="num right">{formatMoney(inv.invoiceTotalCents, symbol)}</td>
        <td className="num right">{formatMoney(inv.outStandingBalanceCents, symbol)}</td>
        <td className={`nowrap ${STATUS_CLASS[inv.invoiceStatus] ?? ''}`} data-testid="invoice-status">
          {inv.invoiceStatus}
        </td>
        <td className="nowrap" data-testid="ship-status">
          {shipStatusText(inv)}
        </td>
      </tr>
      {open && (
        <tr data-testid="invoice-lines-row">
          <td colSpan={hasPaddle ? 9 : 8} className="lines">
            <InvoiceLines id={inv.id} invoiceNumber={inv.invoiceNumber} symbol={symbol} />
          </td>
        </tr>
      )}
    </>
  );
});
