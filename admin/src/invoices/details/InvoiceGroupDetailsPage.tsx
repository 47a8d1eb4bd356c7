import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  IconButton,
  InputAdornment,
  Link,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import ClearIcon from '@mui/icons-material/Clear';
import DownloadIcon from '@mui/icons-material/Download';
import MailIcon from '@mui/icons-material/EmailOutlined';
import NoteAddIcon from '@mui/icons-material/NoteAddOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PrintIcon from '@mui/icons-material/Print';
import EventIcon from '@mui/icons-material/Event';
import ReplayIcon from '@mui/icons-material/Replay';
import SearchIcon from '@mui/icons-material/Search';
import SendIcon from '@mui/icons-material/SendOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ListContextProvider, useNotify } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { canAccess } from '../../access/canAccess';
import { AppAlert } from '../../common/AppAlert';
import { downloadText } from '../../common/downloadFile';
import { NotFoundPage } from '../../common/NotFoundPage';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { ListPager } from '../../kit/ListPager';
import { useUrlListController } from '../../kit/useUrlListController';
import { PageHeader } from '../../kit/PageHeader';
import { ShellLoading } from '../../common/ShellLoading';
import { csvFileName, invoicesCsv } from '../csv';
import { fetchAllInvoices, retryGroupCreation, type GroupDetailInfo, type Invoice, type StatusFilter } from '../invoiceApi';
import { DEFAULT_TABLE_PAGE_SIZE, INVOICE_TEXT, SEARCH_MAX, TABLE_PAGE_SIZES } from '../invoiceTexts';
import { autoChargePath, editInvoicesPath, groupIdParam, pageSizeParam, previewPath, searchParam, statusParam } from '../routeParams';
import { ContactDialog } from '../shared/ContactDialog';
import { addBulkNote, saveNote, sendBulkContact, sendInvoiceMessage } from '../shared/editingApi';
import { EDIT_TEXT } from '../shared/editingTexts';
import type { EditableInvoice } from '../shared/editingTypes';
import { NoteDialog } from '../shared/NoteDialog';
import { TotalsStrip } from '../../kit/TotalsStrip';
import { useHouseRef } from '../useHouseRef';
import { InvoiceTable, type InvoiceRecord } from './InvoiceTable';
import { BY_NUMBER, forgetPrefetched, refetchUnlessPrefetched, rowsFilter } from './detailsQueries';
import { headerQuery } from './prefetch';
import { PrintView } from './PrintView';
import { DownloadPdfButton } from '../pdf/DownloadPdfButton';
import { useChargeCards } from '../charging/useChargeCards';

const IN_PROGRESS_REFRESH_MS = 2000;
/** A missing group, or another house's (the server answers 404 for both). */
export const INVOICE_GROUP_NOT_FOUND = 'This invoice group was not found. It may have been deleted, or it belongs to another house.';

interface PrintState {
  /** The invoices to print; null while Print all gathers them. */
  ids: number[] | null;
  error: string | null;
}

/** The Contact and Note modals of the table's actions and of the selection's bulk actions. */
type RowDialog = { kind: 'contact' | 'note'; invoiceId: number } | { kind: 'bulkContact' | 'bulkNote'; invoiceIds: number[] };

/** The list records carry the bidder, the note and the version the writes send back. */
const editable = (i: Invoice) => i as unknown as EditableInvoice;

/**
 * Invoice Group Details (/invoices/InvoiceGroupDetails/{invoiceGroupID}, spec 000 section 2): the
 * group's sessions with day numbers, its totals, and its invoices 50/100/200 a page, filtered
 * ALL/UNPAID/PAID and searched by name or invoice number in the database; Print all/selected,
 * Download as CSV. Page, size, filter and search live in the URL, so Back and links keep them.
 *
 * Two reads start together: the group's header (groupDetailInfo with size=1: group, sessions,
 * totals) and the page of rows through react-admin's list machinery (`/api/invoices`, rows
 * without lots); a row's lots are read when it is opened.
 */
export function InvoiceGroupDetailsPage() {
  const groupId = groupIdParam(useParams().invoiceGroupID);
  const [params, setParams] = useSearchParams();
  const size = pageSizeParam(params.get('size'));
  const status = statusParam(params.get('status'));
  const search = searchParam(params.get('search'));
  const dp = useAppDataProvider();
  const houseRef = useHouseRef();
  const { user } = useShellUser();
  const mayManageAutoCharge = canAccess(user, 'manageAutoCharge');
  const navigate = useNavigate();
  const location = useLocation();

  const [searchText, setSearchText] = useState(search);
  useEffect(() => setSearchText(search), [search]);
  const [print, setPrint] = useState<PrintState | null>(null);
  const [csvBusy, setCsvBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [rowDialog, setRowDialog] = useState<RowDialog | null>(null);
  const qc = useQueryClient();
  const notify = useNotify();

  const details = useQuery({
    ...headerQuery(dp, houseRef, groupId ?? 0),
    enabled: houseRef !== '' && groupId !== null,
    retry: false,
    refetchOnMount: refetchUnlessPrefetched,
    refetchInterval: (q) =>
      q.state.data && !q.state.data.invoiceGroup.invoiceCreated && !q.state.data.invoiceGroup.creationError
        ? IN_PROGRESS_REFRESH_MS
        : false,
  });
  const filter = useMemo(() => rowsFilter(groupId, status, search), [groupId, status, search]);
  useEffect(() => forgetPrefetched, []);
  const setPerPage = useCallback(
    (n: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.delete('page');
        if (n === DEFAULT_TABLE_PAGE_SIZE) next.delete('size');
        else next.set('size', String(n));
        return next;
      }),
    [setParams],
  );
  const list = useUrlListController<InvoiceRecord>({
    resource: 'invoices',
    perPage: size,
    filter,
    sort: BY_NUMBER,
    setPerPage,
    enabled: groupId !== null,
    refetchOnMount: refetchUnlessPrefetched,
  });
  // Rows read while the group was still being created: read them again once it is.
  const created = details.data?.invoiceGroup.invoiceCreated;
  const { refetch: refetchRows } = list;
  const wasCreated = useRef(created);
  useEffect(() => {
    if (wasCreated.current === false && created) void refetchRows();
    wasCreated.current = created;
  }, [created, refetchRows]);
  const closePrint = useCallback(() => setPrint(null), []);
  const openContact = useCallback((inv: Invoice) => setRowDialog({ kind: 'contact', invoiceId: inv.invoiceID }), []);
  const openNote = useCallback((inv: Invoice) => setRowDialog({ kind: 'note', invoiceId: inv.invoiceID }), []);
  // The invoices as last loaded: a note saved after a refresh sends the version now shown.
  const shown = useRef<Invoice[]>([]);
  shown.current = list.data ?? [];

  const refreshAll = useCallback(
    () => Promise.all([qc.invalidateQueries({ queryKey: ['invoices', 'details', houseRef, groupId] }), refetchRows()]),
    [qc, houseRef, groupId, refetchRows],
  );
  const charging = useChargeCards({
    houseRef,
    groupId: groupId ?? 0,
    selectedIds: list.selectedIds as number[],
    symbol: details.data?.totalPrice.currencySymbol ?? '$',
    onCharged: refreshAll,
    onClearFilter: () =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const k of ['status', 'search', 'page']) next.delete(k);
        return next;
      }),
  });

  if (groupId === null) return <NotFoundPage />;

  const setQuery = (changes: Record<string, string | null>, resetPage = true) => {
    const next = new URLSearchParams(params);
    if (resetPage) next.delete('page');
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };

  const d = details.data;
  const symbol = d?.totalPrice.currencySymbol ?? '$';
  const title = d?.invoiceGroup.invoiceGroupTitle ?? '';
  const selectedIds = list.selectedIds;
  const selected = new Set(selectedIds);

  /** The selection, else every invoice of the group whatever the filter (the rows shown when they are the whole group). */
  const targetIds = async (): Promise<number[]> => {
    if (selectedIds.length) return selectedIds as number[];
    const rows = list.data ?? [];
    if (status === 'ALL' && !search && list.total !== undefined && rows.length >= list.total) return rows.map((r) => r.invoiceID);
    return (await fetchAllInvoices(dp, groupId, {})).map((i) => i.invoiceID);
  };

  /** Print selected: the selection. Print all: every invoice of the group. */
  const openPrint = async () => {
    setPrint({ ids: null, error: null });
    try {
      const ids = await targetIds();
      setPrint((p) => (p ? { ids, error: null } : p));
    } catch {
      setPrint((p) => (p ? { ids: null, error: INVOICE_TEXT.loadError } : p));
    }
  };

  /** Manage AutoCharge (spec 000 section 2): the Auto-charge page for the selection, else the whole group. */
  const manageAutoCharge = async () => {
    try {
      const ids = await targetIds();
      if (ids.length) void navigate(autoChargePath(groupId, ids), { state: { from: `${location.pathname}${location.search}` } });
    } catch {
      setActionError(INVOICE_TEXT.loadError);
    }
  };

  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['invoices', 'details', houseRef, groupId] }), list.refetch()]);
  const byId = (id: number) => shown.current.find((i) => i.invoiceID === id);
  const dialogInvoice = rowDialog && 'invoiceId' in rowDialog ? byId(rowDialog.invoiceId) : undefined;

  /** A write of the table's modals: the list is read again after it, and after a refusal (409: someone else's change). */
  const afterWrite = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (err) {
      await refresh();
      throw err;
    }
    await refresh();
  };

  const downloadCsv = async () => {
    setCsvBusy(true);
    setActionError(null);
    try {
      const invoices = await fetchAllInvoices(dp, groupId, selectedIds.length ? { id: selectedIds } : { status, q: search });
      downloadText(csvFileName(title), invoicesCsv(invoices));
    } catch {
      setActionError(INVOICE_TEXT.loadError);
    } finally {
      setCsvBusy(false);
    }
  };

  /** react-admin's pager (page size, range label, page links), at the top and at the bottom of the table. */
  const tablePager = (position: 'top' | 'bottom') => (
    <Box sx={{ px: 1.5, ...(position === 'top' ? { borderBottom: 1 } : { borderTop: 1 }), borderColor: 'divider' }}>
      <ListPager
        sizes={TABLE_PAGE_SIZES}
        position={position}
        label="Invoice pages"
        testIds={position === 'top' ? { size: 'page-size-top', range: 'invoice-range-top' } : { size: 'page-size', range: 'invoice-range' }}
      />
    </Box>
  );

  return (
    <Stack spacing={2} data-testid="invoice-group-details">
      <PageHeader title="Invoice Group Details" />
      <Link component={RouterLink} to="/invoices/ExistingInvoices" sx={{ alignSelf: 'flex-start' }} data-testid="back-to-existing">
        {'< Existing Invoices'}
      </Link>
      {details.isPending ? (
        <ShellLoading />
      ) : details.isError || !d ? (
        <ErrorAlert error={details.error} notFound={INVOICE_GROUP_NOT_FOUND} fallback={INVOICE_TEXT.loadError} />
      ) : (
        <>
          <GroupHeader d={d} symbol={symbol} />
          {!d.invoiceGroup.invoiceCreated ? (
            d.invoiceGroup.creationError ? (
              <RetryCreation groupId={groupId} onRetried={refresh} />
            ) : (
              <Alert severity="info" data-testid="creation-in-progress">
                {INVOICE_TEXT.creationInProgress}
              </Alert>
            )
          ) : d.totals.totalInvoices === 0 ? (
            <Alert severity="info" data-testid="no-invoices">
              {INVOICE_TEXT.noInvoicesGenerated}
            </Alert>
          ) : (
            <ListContextProvider value={list}>
              <Card variant="outlined">
                <Box
                  sx={{ p: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}
                >
                  <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => void openPrint()} data-testid="print">
                    {selected.size ? 'Print selected' : 'Print all'}
                  </Button>
                  <Button variant="outlined" startIcon={<EditIcon />} component={RouterLink} to={editInvoicesPath(groupId)}>
                    Edit all invoices
                  </Button>
                  {charging.button}
                  {mayManageAutoCharge && (
                    <Button
                      variant="outlined"
                      startIcon={<EventIcon />}
                      onClick={() => void manageAutoCharge()}
                      data-testid="manage-auto-charge"
                    >
                      Manage AutoCharge
                    </Button>
                  )}
                  <Button
                    variant="outlined"
                    startIcon={<DownloadIcon />}
                    onClick={() => void downloadCsv()}
                    disabled={csvBusy}
                    data-testid="download-csv"
                  >
                    Download as CSV
                  </Button>
                  <DownloadPdfButton houseRef={houseRef} groupId={groupId} selectedIds={selectedIds as number[]} onError={setActionError} />
                  <Button
                    variant="outlined"
                    startIcon={<MailIcon />}
                    onClick={() => setRowDialog({ kind: 'bulkContact', invoiceIds: selectedIds })}
                    disabled={!selected.size}
                    data-testid="bulk-contact"
                  >
                    Bulk contact
                  </Button>
                  <Button
                    variant="outlined"
                    startIcon={<NoteAddIcon />}
                    onClick={() => setRowDialog({ kind: 'bulkNote', invoiceIds: selectedIds })}
                    disabled={!selected.size}
                    data-testid="bulk-note"
                  >
                    Bulk add note
                  </Button>
                  <Button
                    variant="outlined"
                    startIcon={<SendIcon />}
                    component={RouterLink}
                    to={previewPath(groupId, selectedIds)}
                    disabled={!selected.size}
                    data-testid="preview-send-selected"
                  >
                    Preview and Send Selected
                  </Button>
                  <Box sx={{ flex: 1 }} />
                  {selected.size > 0 && (
                    <Typography variant="body2" color="text.secondary" data-testid="selected-count">
                      {selected.size} selected ·{' '}
                      <Link component="button" type="button" onClick={() => list.onUnselectItems()}>
                        Clear selection
                      </Link>
                    </Typography>
                  )}
                </Box>
                <Box sx={{ p: 1.5, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
                  <ToggleButtonGroup
                    size="small"
                    exclusive
                    value={status}
                    onChange={(_, v: StatusFilter | null) => v && setQuery({ status: v === 'ALL' ? null : v })}
                    aria-label="Invoice status filter"
                  >
                    {(['ALL', 'UNPAID', 'PAID'] as const).map((s) => (
                      <ToggleButton key={s} value={s} data-testid={`filter-${s}`} sx={{ px: 2 }}>
                        {s}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                  <Box
                    component="form"
                    role="search"
                    onSubmit={(e) => {
                      e.preventDefault();
                      setQuery({ search: searchText.trim() || null });
                    }}
                    sx={{ display: 'flex', gap: 1, flex: 1, minWidth: 260, maxWidth: 480, alignItems: 'center' }}
                  >
                    <TextField
                      fullWidth
                      placeholder="Search by name or invoice number"
                      value={searchText}
                      onChange={(e) => setSearchText(e.target.value)}
                      slotProps={{
                        htmlInput: {
                          maxLength: SEARCH_MAX,
                          'aria-label': 'Search by name or invoice number',
                          'data-testid': 'invoice-search',
                        },
                        input: {
                          endAdornment: searchText ? (
                            <InputAdornment position="end">
                              <IconButton
                                size="small"
                                aria-label="Clear search"
                                onClick={() => {
                                  setSearchText('');
                                  setQuery({ search: null });
                                }}
                              >
                                <ClearIcon fontSize="small" />
                              </IconButton>
                            </InputAdornment>
                          ) : undefined,
                        },
                      }}
                    />
                    <Button type="submit" variant="contained" startIcon={<SearchIcon />} data-testid="invoice-search-submit">
                      Search
                    </Button>
                  </Box>
                </Box>
                {charging.panel}
                {tablePager('top')}
                {actionError && (
                  <Box sx={{ px: 1.5, pb: 1.5 }}>
                    <AppAlert message={actionError} onClose={() => setActionError(null)} />
                  </Box>
                )}
                {list.isPending ? (
                  <ShellLoading />
                ) : list.error ? (
                  <Box sx={{ p: 2 }}>
                    <ErrorAlert error={list.error} fallback={INVOICE_TEXT.loadError} />
                  </Box>
                ) : list.data.length === 0 && list.page === 1 ? (
                  <Box sx={{ p: 2 }}>
                    <Alert severity="info" data-testid="no-results">
                      {search || status === 'ALL'
                        ? INVOICE_TEXT.noSearchResults
                        : `There are no ${status === 'PAID' ? 'paid' : 'unpaid'} invoices in this group.`}
                    </Alert>
                  </Box>
                ) : (
                  <InvoiceTable
                    houseRef={houseRef}
                    groupId={groupId}
                    hasPaddle={d.hasPaddleNumbers}
                    symbol={symbol}
                    onContact={openContact}
                    onNote={openNote}
                  />
                )}
                {tablePager('bottom')}
              </Card>
            </ListContextProvider>
          )}
        </>
      )}
      {rowDialog?.kind === 'contact' && dialogInvoice && (
        <ContactDialog
          open
          recipients={`${dialogInvoice.name}${dialogInvoice.email ? ` <${dialogInvoice.email}>` : ''} · Invoice #${dialogInvoice.invoiceNumber}`}
          onSend={async (subject, message) => {
            const inv = editable(dialogInvoice);
            await afterWrite(() =>
              sendInvoiceMessage(dp, houseRef, {
                subject,
                message,
                houseUserRef: user?.userRef ?? '',
                bidderID: inv.memberID,
                invoiceID: inv.invoiceID,
              }),
            );
            setRowDialog(null);
            notify(EDIT_TEXT.messageSent, { type: 'success' });
          }}
          onClose={() => setRowDialog(null)}
        />
      )}
      {rowDialog?.kind === 'note' && dialogInvoice && (
        <NoteDialog
          open
          title={editable(dialogInvoice).notes?.trim() ? 'Update internal note' : 'Add internal note'}
          subtitle={`Invoice #${dialogInvoice.invoiceNumber} · ${dialogInvoice.name}`}
          initial={editable(dialogInvoice).notes ?? ''}
          onSave={async (notes) => {
            const inv = editable(byId(dialogInvoice.invoiceID) ?? dialogInvoice);
            await afterWrite(() => saveNote(dp, houseRef, groupId, { invoiceID: inv.invoiceID, version: inv.version }, notes));
            setRowDialog(null);
            notify(EDIT_TEXT.noteSaved, { type: 'success' });
          }}
          onClose={() => setRowDialog(null)}
        />
      )}
      {rowDialog?.kind === 'bulkContact' && (
        <ContactDialog
          open
          recipients={`the bidders of ${rowDialog.invoiceIds.length} selected invoice${rowDialog.invoiceIds.length === 1 ? '' : 's'}`}
          onSend={async (subject, message) => {
            await afterWrite(() => sendBulkContact(dp, houseRef, groupId, rowDialog.invoiceIds, subject, message));
            setRowDialog(null);
            notify(rowDialog.invoiceIds.length === 1 ? EDIT_TEXT.messageSent : EDIT_TEXT.messagesSent(rowDialog.invoiceIds.length), {
              type: 'success',
            });
          }}
          onClose={() => setRowDialog(null)}
        />
      )}
      {rowDialog?.kind === 'bulkNote' && (
        <NoteDialog
          open
          title="Bulk add note"
          subtitle={`Added to the internal note of ${rowDialog.invoiceIds.length} selected invoice${rowDialog.invoiceIds.length === 1 ? '' : 's'} (after any note already there).`}
          initial=""
          onSave={async (notes) => {
            await afterWrite(() => addBulkNote(dp, houseRef, groupId, rowDialog.invoiceIds, notes));
            setRowDialog(null);
            notify(rowDialog.invoiceIds.length === 1 ? EDIT_TEXT.noteSaved : EDIT_TEXT.notesSaved(rowDialog.invoiceIds.length), {
              type: 'success',
            });
          }}
          onClose={() => setRowDialog(null)}
        />
      )}
      {print && <PrintView groupId={groupId} groupTitle={title} invoiceIds={print.ids} error={print.error} onClose={closePrint} />}
    </Stack>
  );
}

/** A group whose creation failed: the spec's text, and Retry (the creation job again). */
function RetryCreation({ groupId, onRetried }: { groupId: number; onRetried: () => Promise<unknown> }) {
  const dp = useAppDataProvider();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const retry = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await retryGroupCreation(dp, groupId);
      await onRetried();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} data-testid="creation-failed">
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            startIcon={<ReplayIcon />}
            onClick={() => void retry()}
            disabled={busy}
            data-testid="retry-creation"
          >
            Retry
          </Button>
        }
      >
        {INVOICE_TEXT.createFailed}
      </Alert>
      {failure !== null && <ErrorAlert error={failure} fallback={INVOICE_TEXT.loadError} onClose={() => setFailure(null)} />}
    </Stack>
  );
}

function GroupHeader({ d, symbol }: { d: GroupDetailInfo; symbol: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Card variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" data-testid="group-title" sx={{ mb: 1 }}>
          {d.invoiceGroup.invoiceGroupTitle}
        </Typography>
        <Box
          component="table"
          sx={{ borderCollapse: 'collapse', '& td': { py: 0.25, pr: 2, verticalAlign: 'top', fontSize: '0.875rem' } }}
          data-testid="group-sessions"
        >
          <tbody>
            {d.catalogs.map((c) => (
              <tr key={c.catalogID}>
                <Box component="td" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  Day {c.dayNumber}
                </Box>
                <Box component="td" sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                  {c.date}
                </Box>
                <Box component="td" sx={{ whiteSpace: 'nowrap', color: 'text.secondary', display: { xs: 'none', sm: 'table-cell' } }}>
                  {c.identifier}
                </Box>
                <td>{c.title}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </Card>
      <TotalsStrip
        symbol={symbol}
        testId="group-totals"
        items={[
          { label: 'Invoices', value: d.totals.totalInvoices, testId: 'total-invoices' },
          { label: 'Items', value: d.totals.totalItems, testId: 'total-items' },
          { label: 'Invoice Total', value: d.totalsCents.invoiceTotal, money: true, testId: 'total-amount' },
          { label: 'Pending Charges', value: d.totalsCents.pendingCharges, money: true, testId: 'total-pending' },
        ]}
      />
    </Box>
  );
}
