import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Card, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useQueryClient } from '@tanstack/react-query';
import { ListPaginationContext, useNotify, type ListPaginationContextValue } from 'react-admin';
import { canAccess } from '../../access/canAccess';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { AppAlert } from '../../common/AppAlert';
import { pageParam } from '../../common/paginate';
import { ShellLoading } from '../../common/ShellLoading';
import { PrintView } from '../details/PrintView';
import { DEFAULT_TABLE_PAGE_SIZE, INVOICE_TEXT, TABLE_PAGE_SIZES } from '../invoiceTexts';
import { pageSizeParam } from '../routeParams';
import { ContactDialog } from '../shared/ContactDialog';
import { editFloorPrices, markPaid, markShipped, saveCharges, saveNote, sendInvoiceMessage, type InvoiceRef } from '../shared/editingApi';
import { isSuperUser, previewAndSendPath, shippedWord, shortUsDate, type HouseSettings } from '../shared/editingRules';
import { EDIT_TEXT } from '../shared/editingTexts';
import type { EditableInvoice } from '../shared/editingTypes';
import { NoteDialog } from '../shared/NoteDialog';
import { saveFailure } from '../shared/saveFailure';
import { ListPager } from '../../kit/ListPager';
import { TotalsStrip } from '../../kit/TotalsStrip';
import { stripItems } from './editorTotals';
import { ChargesDialog } from './ChargesDialog';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { EditableInvoiceBlock } from './EditableInvoiceBlock';
import { pageColumns } from '../shared/InvoiceBlock';
import type { EditorApi, EditorDialog, EditorSettings } from './editorTypes';
import { FloorPricesDialog } from './FloorPricesDialog';
import { MarkDialog } from './MarkDialog';
import { EDIT_KEYS, useEditorData } from './useEditorData';

export interface InvoiceEditorProps {
  groupId: number;
  /** The `?id=` list, or null for the whole group. */
  ids: number[] | null;
  /** Show the group's title and sessions (Create New Invoices shows its own). */
  showGroupHeader?: boolean;
}

const refOf = (i: EditableInvoice): InvoiceRef => ({ invoiceID: i.invoiceID, version: i.version });

/**
 * The invoice editor of Edit Invoices and Create New Invoices (spec 000 section 2): the per-lot-cost
 * or the invoice-level editor, chosen from the first invoice's applyCostPerLot once it is fetched;
 * the ten totals; Select All Invoices / Deselect all; Edit/Add Charges to All/Selected; Preview &
 * Send; and the invoices a page at a time (50, 100 or 200), each with its links, item menu and
 * History. Every write carries the invoice's version; a 409 shows the server's message and reloads
 * that invoice.
 */
export function InvoiceEditor({ groupId, ids, showGroupHeader = true }: InvoiceEditorProps) {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const size = pageSizeParam(params.get('size'));
  const data = useEditorData(groupId, ids, page, size);
  const dp = useAppDataProvider();
  const qc = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useShellUser();
  const houseRef = data.houseRef;

  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [errors, setErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const [controlsBusy, setControlsBusy] = useState(false);
  const [controlsError, setControlsError] = useState<string | null>(null);

  const house: HouseSettings = useMemo(
    () => ({
      processorType: user?.houseInfo.processorType ?? null,
      paymentProcessingEnabled: !!user?.houseInfo.paymentProcessingEnabled,
      autoChargeEnabled: !!user?.houseInfo.autoChargeEnabled,
      countryCode: user?.houseInfo.countryCode ?? '',
    }),
    [user],
  );
  const perLot = data.costPerLot.data === false;
  const symbol = data.header?.symbol ?? '$';
  const sessionTitles = useMemo(() => new Map((data.header?.catalogs ?? []).map((c) => [c.catalogID, c.title])), [data.header?.catalogs]);
  const settings: EditorSettings = useMemo(
    () => ({
      groupId,
      houseRef,
      perLot,
      symbol,
      house,
      superUser: isSuperUser(user?.isSuperUser),
      paymentUser: !!user?.accessInvoices && !!user?.accessSettlement,
      sessionTitles,
    }),
    [groupId, houseRef, perLot, symbol, house, user?.isSuperUser, user?.accessInvoices, user?.accessSettlement, sessionTitles],
  );

  // The latest values for the stable callbacks below.
  const latest = useRef({ data, invoices: data.invoices });
  latest.current = { data, invoices: data.invoices };
  /** The invoice as last loaded (the page, or the dialogs' cache for invoices of other pages). */
  const current = useCallback(
    (id: number): EditableInvoice | undefined =>
      latest.current.invoices.find((i) => i.invoiceID === id) ??
      (qc.getQueryData(EDIT_KEYS.one(houseRef, groupId, id)) as EditableInvoice | undefined),
    [qc, houseRef, groupId],
  );

  const mark = (set: typeof setBusy, id: number, on: boolean) =>
    set((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Runs a write of one invoice: its answer (or, after a refusal, a fresh copy) replaces the invoice shown. */
  const write = useCallback(async (invoiceId: number, call: () => Promise<unknown>) => {
    mark(setBusy, invoiceId, true);
    setErrors((m) => {
      if (!m.has(invoiceId)) return m;
      const next = new Map(m);
      next.delete(invoiceId);
      return next;
    });
    try {
      const answer = await call();
      await latest.current.data.refreshInvoice(invoiceId, answer);
    } catch (err) {
      const f = saveFailure(err);
      // 409: someone else changed it; 4xx refusals may follow a change we did not see either.
      if (f.status >= 400 && f.status < 500) await latest.current.data.refreshInvoice(invoiceId).catch(() => undefined);
      throw err;
    } finally {
      mark(setBusy, invoiceId, false);
    }
  }, []);

  const api: EditorApi = useMemo(
    () => ({
      open: (d) => setDialog(d),
      select: (id, checked) =>
        setSelected((s) => {
          const next = new Set(s);
          if (checked) next.add(id);
          else next.delete(id);
          return next;
        }),
      run: async (inv, change) => {
        try {
          await write(inv.invoiceID, () => change(refOf(current(inv.invoiceID) ?? inv)));
        } catch (err) {
          const message = saveFailure(err).message;
          setErrors((m) => new Map(m).set(inv.invoiceID, message));
        }
      },
      refresh: (id) => void latest.current.data.refreshInvoice(id).catch(() => undefined),
      fileDispute: (inv, line) =>
        navigate('/reports/openDisputes', {
          state: {
            action: 'open',
            lots: [
              {
                lotID: line.lotID,
                lotRef: line.lotRef,
                lotNumber: line.lotNumber,
                lotTitle: line.lotTitle,
                invoiceID: inv.invoiceID,
                invoiceNumber: inv.invoiceNumber,
                memberID: inv.memberID,
                approvalID: inv.approvalID,
              },
            ],
          },
        }),
    }),
    [write, current, navigate],
  );
  const dismissError = useCallback((id: number) => setErrors((m) => (m.has(id) ? new Map([...m].filter(([k]) => k !== id)) : m)), []);

  // A new page or list starts without a stale per-invoice message.
  useEffect(() => setErrors(new Map()), [page, size, groupId]);

  const setQuery = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
    window.scrollTo({ top: 0 });
  };

  /** The selected ids in screen order (or every id of the screen when none is selected). */
  const scopeIds = async (): Promise<number[]> => {
    const all = await data.allIds();
    return selected.size ? all.filter((id) => selected.has(id)) : all;
  };

  const selectAll = async () => {
    setControlsBusy(true);
    setControlsError(null);
    try {
      setSelected(new Set(await data.allIds()));
    } catch {
      setControlsError(INVOICE_TEXT.loadError);
    } finally {
      setControlsBusy(false);
    }
  };

  const openBulkCharges = async () => {
    setControlsBusy(true);
    setControlsError(null);
    try {
      const list = await scopeIds();
      if (list.length) setDialog({ kind: 'charges', ids: list, index: 0, bulk: true });
    } catch {
      setControlsError(INVOICE_TEXT.loadError);
    } finally {
      setControlsBusy(false);
    }
  };

  const previewAndSend = async () => {
    if (!selected.size) return;
    const all = await data.allIds().catch(() => [...selected]);
    const path = previewAndSendPath(
      groupId,
      all.filter((id) => selected.has(id)),
      canAccess(user, 'manageAutoCharge'),
    );
    // The preview's back link returns here (Create New Invoices or Edit Invoices, with the page's query).
    if (path) void navigate(path, { state: { from: `${location.pathname}${location.search}` } });
  };

  if (data.isError) return <AppAlert message={INVOICE_TEXT.loadError} />;
  if (data.isPending || !data.header) return <ShellLoading />;
  if (!data.header.invoiceCreated) {
    return (
      <Alert severity="info" data-testid="creation-in-progress">
        {INVOICE_TEXT.creationInProgress}
      </Alert>
    );
  }

  const t = data.totals;
  const total = data.totalRecords;
  const columns = pageColumns(data.invoices);
  const scope = selected.size ? 'Selected' : 'All';
  const dialogInvoice = dialog && 'invoiceId' in dialog ? current(dialog.invoiceId) : undefined;
  const close = () => setDialog(null);
  // The kit's pager (react-admin's Pagination) over the editor's page: page and size stay in the URL.
  const pagination: ListPaginationContextValue = {
    resource: 'invoices',
    page,
    perPage: size,
    total,
    isPending: false,
    isLoading: false,
    hasPreviousPage: page > 1,
    hasNextPage: page * size < total,
    setPage: (p) => setQuery({ page: p <= 1 ? null : String(p) }),
    // The native size select answers a string.
    setPerPage: (n) => setQuery({ size: Number(n) === DEFAULT_TABLE_PAGE_SIZE ? null : String(n), page: null }),
  };
  const pager = (position: 'top' | 'bottom') =>
    total > 0 && (
      <ListPaginationContext.Provider value={pagination}>
        <ListPager
          sizes={TABLE_PAGE_SIZES}
          position={position}
          label="Invoice pages"
          testIds={
            position === 'top' ? { size: 'page-size-top', range: 'invoice-range-top' } : { size: 'page-size', range: 'invoice-range' }
          }
        />
      </ListPaginationContext.Provider>
    );

  return (
    <Stack spacing={2} data-testid="invoice-editor" data-editor={perLot ? 'per-lot' : 'invoice-level'}>
      {showGroupHeader && (
        <Box>
          <Typography variant="h6" component="h2" data-testid="group-title">
            {data.header.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {data.header.catalogs.map((c) => `Day ${c.dayNumber}: ${c.title} (${c.date})`).join(' · ')}
          </Typography>
        </Box>
      )}
      {t && <TotalsStrip symbol={symbol} testId="totals-strip" items={stripItems(t)} />}
      {/* Stays in reach under the app's sticky header (88 px) while the invoices scroll by. */}
      <Card
        variant="outlined"
        sx={{
          p: 1.5,
          display: 'flex',
          gap: 1,
          flexWrap: 'wrap',
          alignItems: 'center',
          position: { xs: 'static', md: 'sticky' },
          top: 88,
          zIndex: 3,
          boxShadow: '0 2px 4px rgba(0,0,0,0.06)',
        }}
        data-testid="editor-controls"
      >
        <Button variant="outlined" onClick={() => void selectAll()} disabled={controlsBusy || total === 0} data-testid="select-all">
          Select All Invoices
        </Button>
        <Button variant="outlined" onClick={() => setSelected(new Set())} disabled={selected.size === 0} data-testid="deselect-all">
          Deselect all
        </Button>
        <Button variant="outlined" onClick={() => void openBulkCharges()} disabled={controlsBusy || total === 0} data-testid="bulk-charges">
          Edit/Add Charges to {scope}
        </Button>
        <Button
          variant="contained"
          startIcon={<SendIcon />}
          onClick={() => void previewAndSend()}
          disabled={selected.size === 0}
          data-testid="preview-send"
        >
          Preview &amp; Send
        </Button>
        <Box sx={{ flex: 1 }} />
        <Typography variant="body2" color="text.secondary" data-testid="selected-count">
          {selected.size ? `${selected.size} selected` : 'No invoice selected'}
        </Typography>
      </Card>
      {controlsError && <AppAlert message={controlsError} onClose={() => setControlsError(null)} />}
      <Typography variant="body2" color="text.secondary" data-testid="cost-variant">
        {perLot
          ? 'Charges (tax, shipping, insurance, other) are added per lot with this template.'
          : 'Charges (tax, shipping, insurance, other) are added per invoice with this template.'}
      </Typography>
      {pager('top')}
      {data.invoices.length === 0 ? (
        <Alert severity="info" data-testid="no-invoices">
          {ids === null ? INVOICE_TEXT.noInvoicesGenerated : 'None of the invoices asked for is in this group.'}
        </Alert>
      ) : (
        data.invoices.map((inv) => (
          // The browser skips laying out blocks far off screen (200 invoices a page stay smooth).
          <Box key={inv.invoiceID} sx={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 360px' }}>
            <EditableInvoiceBlock
              invoice={inv}
              settings={settings}
              api={api}
              selected={selected.has(inv.invoiceID)}
              busy={busy.has(inv.invoiceID)}
              error={errors.get(inv.invoiceID) ?? null}
              onDismissError={dismissError}
              columns={columns}
            />
          </Box>
        ))
      )}
      {pager('bottom')}

      {dialog?.kind === 'charges' && (
        <ChargesDialog
          open
          ids={dialog.ids}
          startIndex={dialog.index}
          bulk={dialog.bulk}
          settings={settings}
          lookup={current}
          onSave={(inv, body) => write(inv.invoiceID, () => saveCharges(dp, houseRef, body))}
          onClose={close}
        />
      )}
      {dialog?.kind === 'note' && dialogInvoice && (
        <NoteDialog
          open
          title={dialogInvoice.notes?.trim() ? 'Update internal note' : 'Add internal note'}
          subtitle={`Invoice #${dialogInvoice.invoiceNumber} · ${dialogInvoice.name}`}
          initial={dialogInvoice.notes ?? ''}
          onSave={async (notes) => {
            await write(dialogInvoice.invoiceID, () =>
              saveNote(dp, houseRef, groupId, refOf(current(dialogInvoice.invoiceID) ?? dialogInvoice), notes),
            );
            close();
            notify(EDIT_TEXT.noteSaved, { type: 'success' });
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'contact' && dialogInvoice && (
        <ContactDialog
          open
          recipients={`${dialogInvoice.name}${dialogInvoice.email ? ` <${dialogInvoice.email}>` : ''} · Invoice #${dialogInvoice.invoiceNumber}`}
          onSend={async (subject, message) => {
            await write(dialogInvoice.invoiceID, () =>
              sendInvoiceMessage(dp, houseRef, {
                subject,
                message,
                houseUserRef: user?.userRef ?? '',
                bidderID: dialogInvoice.memberID,
                invoiceID: dialogInvoice.invoiceID,
              }),
            );
            close();
            notify(EDIT_TEXT.messageSent, { type: 'success' });
          }}
          onClose={close}
        />
      )}
      {(dialog?.kind === 'paid' || dialog?.kind === 'shipped') && dialogInvoice && (
        <MarkDialog
          open
          kind={dialog.kind}
          shippedWord={shippedWord(dialogInvoice)}
          target={targetText(dialogInvoice, dialog.lineId)}
          groupId={groupId}
          houseRef={houseRef}
          onSubmit={async ({ date, paymentMethodID }) => {
            const id = dialogInvoice.invoiceID;
            const ref = () => refOf(current(id) ?? dialogInvoice);
            await write(id, () =>
              dialog.kind === 'paid'
                ? markPaid(dp, houseRef, ref(), { paid: true, paidDate: shortUsDate(date), paymentMethodID }, dialog.lineId)
                : markShipped(dp, houseRef, ref(), { shipped: true, shippedDate: shortUsDate(date) }, dialog.lineId),
            );
            close();
          }}
          onClose={close}
        />
      )}
      {(dialog?.kind === 'undoPaid' || dialog?.kind === 'undoShipped') && dialogInvoice && (
        <UndoMark
          dialog={dialog}
          invoice={dialogInvoice}
          onConfirm={async () => {
            const id = dialogInvoice.invoiceID;
            const ref = () => refOf(current(id) ?? dialogInvoice);
            await write(id, () =>
              dialog.kind === 'undoPaid'
                ? markPaid(dp, houseRef, ref(), { paid: false, paidDate: null, paymentMethodID: null }, dialog.lineId)
                : markShipped(dp, houseRef, ref(), { shipped: false, shippedDate: null }, dialog.lineId),
            );
            close();
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'floor' && (
        <FloorPricesDialog
          open
          invoice={dialogInvoice ?? null}
          onSubmit={async (edits) => {
            const id = dialog.invoiceId;
            await write(id, () => editFloorPrices(dp, houseRef, refOf(current(id)!), edits));
            close();
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'print' && (
        <PrintView groupId={groupId} groupTitle={data.header.title} invoiceIds={dialog.invoiceIds} onClose={close} />
      )}
    </Stack>
  );
}

function targetText(inv: EditableInvoice, lineId?: number): string {
  const line = lineId === undefined ? undefined : inv.invoiceDetails?.find((l) => l.invoiceDetailID === lineId);
  return line ? `Lot ${line.lotNumber} · ${line.lotTitle} (invoice #${inv.invoiceNumber})` : `Invoice #${inv.invoiceNumber} · ${inv.name}`;
}

/** The confirm dialogs that undo a mark, clearing its date (and method); Picked Up wording on pickup invoices. */
function UndoMark({
  dialog,
  invoice,
  onConfirm,
  onClose,
}: {
  dialog: Extract<EditorDialog, { kind: 'undoPaid' | 'undoShipped' }>;
  invoice: EditableInvoice;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const what = targetText(invoice, dialog.lineId);
  if (dialog.kind === 'undoPaid') {
    return (
      <ConfirmDialog
        open
        title="Mark as Not Paid"
        text={`${what}: mark as not paid? The paid date and payment method will be cleared.`}
        confirmLabel="Mark as Not Paid"
        onConfirm={onConfirm}
        onClose={onClose}
      />
    );
  }
  const word = shippedWord(invoice);
  return (
    <ConfirmDialog
      open
      title={`Mark as Not ${word}`}
      text={`${what}: mark as not ${word.toLowerCase()}? The ${word === 'Shipped' ? 'shipped' : 'picked up'} date will be cleared.`}
      confirmLabel={`Mark as Not ${word}`}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
