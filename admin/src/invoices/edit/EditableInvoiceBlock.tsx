import { memo, useState } from 'react';
import { Box, Collapse, IconButton, Link, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { AppAlert } from '../../common/AppAlert';
import {
  additionalChargeLocked,
  canEditFloorPrices,
  canFileDispute,
  canToggleDelivery,
  canToggleHidden,
  deliveryToggleLabel,
  shippedWord,
} from '../shared/editingRules';
import type { EditableDetail, EditableInvoice } from '../shared/editingTypes';
import { setAdditionalHidden, setDeliveryMode, setLineHidden } from '../shared/editingApi';
import { InvoiceBlock } from '../shared/InvoiceBlock';
import type { OptionalColumns } from '../invoiceFormat';
import { NoteIcon } from '../shared/NoteIcon';
import type { EditorApi, EditorSettings } from './editorTypes';
import { HistoryList } from './HistoryList';
import { useAppDataProvider } from '../../api/dataProvider';
import { invoicePdfName, invoicePdfUrl } from '../pdf/invoicePdfApi';
import { PaymentsDialog } from '../payments/PaymentsDialog';

export interface EditableInvoiceBlockProps {
  invoice: EditableInvoice;
  settings: EditorSettings;
  api: EditorApi;
  selected: boolean;
  busy: boolean;
  error: string | null;
  onDismissError: (invoiceId: number) => void;
  /** The page's column template (every block lines up). */
  columns?: OptionalColumns;
}

/** The bidder record the name links to (this product's customer screen, by member id). */
export const bidderHref = (memberID: number) => `/your-customers?memberID=${memberID}`;

/**
 * One invoice of the editor: the read-only block (spec 000 section 2) with the selection, the
 * per-invoice links (Edit/Add charges, Contact, Add/Update internal note, Mark as Paid/Not Paid,
 * Mark as pickup/shipping when allowed, floor price edits, Payments for payment users, Print, Download PDF), the
 * per-item menu and the History.
 */
export const EditableInvoiceBlock = memo(function EditableInvoiceBlock({
  invoice: inv,
  settings,
  api,
  selected,
  busy,
  error,
  onDismissError,
  columns,
}: EditableInvoiceBlockProps) {
  const dp = useAppDataProvider();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [paymentsOpen, setPaymentsOpen] = useState(false);
  const paid = inv.allPaid || inv.invoiceStatus === 'Paid';
  const hasNote = !!inv.notes?.trim();
  const id = inv.invoiceID;

  const links: { label: string; testId: string; onClick: () => void; icon?: React.ReactNode }[] = [
    { label: 'Edit/Add charges', testId: 'edit-charges', onClick: () => api.open({ kind: 'charges', ids: [id], index: 0, bulk: false }) },
    { label: 'Contact', testId: 'contact', onClick: () => api.open({ kind: 'contact', invoiceId: id }) },
    {
      label: hasNote ? 'Update internal note' : 'Add internal note',
      testId: 'note',
      icon: <NoteIcon hasNote={hasNote} fontSize="inherit" />,
      onClick: () => api.open({ kind: 'note', invoiceId: id }),
    },
    paid
      ? { label: 'Mark as Not Paid', testId: 'mark-not-paid', onClick: () => api.open({ kind: 'undoPaid', invoiceId: id }) }
      : { label: 'Mark as Paid', testId: 'mark-paid', onClick: () => api.open({ kind: 'paid', invoiceId: id }) },
  ];
  if (canToggleDelivery(inv)) {
    links.push({
      label: deliveryToggleLabel(inv),
      testId: 'toggle-delivery',
      onClick: () =>
        void api.run(inv, (ref) => setDeliveryMode(dp, settings.houseRef, settings.groupId, ref, inv.pickup ? 'shipping' : 'pickup')),
    });
  }
  const own = inv.additionalPriceInfo;
  if (own && !additionalChargeLocked(own)) {
    links.push({
      label: own.hidden ? "Show Add'l charges" : "Hide Add'l charges",
      testId: 'toggle-additional',
      onClick: () => void api.run(inv, (ref) => setAdditionalHidden(dp, settings.houseRef, settings.groupId, ref, null, !own.hidden)),
    });
  }
  if (canEditFloorPrices(inv))
    links.push({ label: 'Edit hammer, BP & live fee', testId: 'edit-floor', onClick: () => api.open({ kind: 'floor', invoiceId: id }) });
  if (settings.paymentUser) links.push({ label: 'Payments', testId: 'payments', onClick: () => setPaymentsOpen(true) });
  links.push({ label: 'Print', testId: 'print-invoice', onClick: () => api.open({ kind: 'print', invoiceIds: [id] }) });

  const actions = (
    <Box data-testid="invoice-actions">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, alignItems: 'center' }}>
        {links.map((l) => (
          <Link
            key={l.testId}
            component="button"
            type="button"
            variant="body2"
            onClick={l.onClick}
            disabled={busy}
            data-testid={l.testId}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            {l.icon}
            {l.label}
          </Link>
        ))}
        <Link
          variant="body2"
          href={invoicePdfUrl(settings.houseRef, settings.groupId, id)}
          download={invoicePdfName(inv.invoiceNumber)}
          data-testid="download-pdf"
        >
          Download PDF
        </Link>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="delivery-mode">
        Delivery: {inv.pickup ? 'Pickup' : 'Shipping'} · Status: {inv.invoiceStatus}
        {inv.paidDateString ? ` ${inv.paidDateString}${inv.paymentMethod ? ` (${inv.paymentMethod})` : ''}` : ''} · {shippedWord(inv)}:{' '}
        {inv.shipStatus === 'Not'
          ? 'No'
          : inv.shipStatus === 'Partial'
            ? 'Partial'
            : `Yes${inv.shipDateString ? ` ${inv.shipDateString}` : ''}`}
      </Typography>
      {hasNote && (
        <Typography
          variant="body2"
          sx={{ mt: 0.5, whiteSpace: 'pre-wrap', bgcolor: 'action.hover', px: 1, py: 0.5, borderRadius: 0.5 }}
          data-testid="invoice-note"
        >
          Note: {inv.notes}
        </Typography>
      )}
      {error && (
        <Box sx={{ mt: 1 }}>
          <AppAlert message={error} onClose={() => onDismissError(id)} />
        </Box>
      )}
      {settings.paymentUser && (
        <PaymentsDialog
          open={paymentsOpen}
          invoiceId={id}
          invoiceNumber={inv.invoiceNumber}
          houseRef={settings.houseRef}
          symbol={settings.symbol}
          onChanged={() => api.refresh(id)}
          onClose={() => setPaymentsOpen(false)}
        />
      )}
    </Box>
  );

  const footer = (
    <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => setHistoryOpen((o) => !o)}
        aria-expanded={historyOpen}
        data-testid="history-toggle"
        sx={{ display: 'inline-flex', alignItems: 'center', px: 2, py: 0.75 }}
      >
        History
        <ExpandMoreIcon fontSize="small" sx={{ transform: historyOpen ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
      </Link>
      <Collapse in={historyOpen} unmountOnExit>
        <HistoryList invoice={inv} houseRef={settings.houseRef} symbol={settings.symbol} />
      </Collapse>
    </Box>
  );

  return (
    <InvoiceBlock
      invoice={inv}
      symbol={settings.symbol}
      applyCostPerLot={!settings.perLot}
      sessionTitles={settings.sessionTitles}
      selection={{ checked: selected, onChange: (c) => api.select(id, c) }}
      nameHref={bidderHref(inv.memberID)}
      actions={actions}
      lineActions={(l) => <LineMenu invoice={inv} line={l as EditableDetail} settings={settings} api={api} disabled={busy} />}
      footer={footer}
      busy={busy}
      columns={columns}
    />
  );
});

/** The per-item menu: Mark as shipped, Mark as paid/not paid, Show on invoice/Hide from invoice, File as dispute. */
function LineMenu({
  invoice: inv,
  line: l,
  settings,
  api,
  disabled,
}: {
  invoice: EditableInvoice;
  line: EditableDetail;
  settings: EditorSettings;
  api: EditorApi;
  disabled: boolean;
}) {
  const dp = useAppDataProvider();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const word = shippedWord(inv);
  const id = inv.invoiceID;
  const lineId = l.invoiceDetailID;
  const items: { label: string; testId: string; onClick: () => void }[] = [];
  if (!l.suppress) {
    items.push(
      l.shipped
        ? {
            label: `Mark as not ${word.toLowerCase()}`,
            testId: 'line-unship',
            onClick: () => api.open({ kind: 'undoShipped', invoiceId: id, lineId }),
          }
        : {
            label: `Mark as ${word.toLowerCase()}`,
            testId: 'line-ship',
            onClick: () => api.open({ kind: 'shipped', invoiceId: id, lineId }),
          },
    );
    items.push(
      l.paid
        ? { label: 'Mark as not paid', testId: 'line-unpay', onClick: () => api.open({ kind: 'undoPaid', invoiceId: id, lineId }) }
        : { label: 'Mark as paid', testId: 'line-pay', onClick: () => api.open({ kind: 'paid', invoiceId: id, lineId }) },
    );
  }
  if (canToggleHidden(l, inv)) {
    items.push({
      label: l.suppress ? 'Show on invoice' : 'Hide from invoice',
      testId: l.suppress ? 'line-show' : 'line-hide',
      onClick: () => void api.run(inv, (ref) => setLineHidden(dp, settings.houseRef, settings.groupId, ref, lineId, !l.suppress)),
    });
  }
  const extra = l.additionalPriceInfo;
  if (extra && !l.suppress && !additionalChargeLocked(extra)) {
    items.push({
      label: extra.hidden ? "Show Add'l charge on invoice" : "Hide Add'l charge from invoice",
      testId: extra.hidden ? 'additional-show' : 'additional-hide',
      onClick: () => void api.run(inv, (ref) => setAdditionalHidden(dp, settings.houseRef, settings.groupId, ref, lineId, !extra.hidden)),
    });
  }
  if (canFileDispute(l, inv, settings.superUser))
    items.push({ label: 'File as dispute', testId: 'line-dispute', onClick: () => api.fileDispute(inv, l) });
  if (!items.length) return null;
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for lot ${l.lotNumber}`}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={disabled}
        data-testid="line-menu"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close}>
        {items.map((it) => (
          <MenuItem
            key={it.testId}
            data-testid={it.testId}
            onClick={() => {
              close();
              it.onClick();
            }}
          >
            <ListItemText>{it.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
