import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ListContextProvider } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { UNINVOICED_SALES, type UninvoicedSaleRecord } from '../../api/appListResources';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { ShellLoading } from '../../common/ShellLoading';
import { AppSelect } from '../../kit/AppSelect';
import { EmptyState } from '../../kit/EmptyState';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { ListPager } from '../../kit/ListPager';
import { useUrlListController } from '../../kit/useUrlListController';
import { createInvoiceGroup, fetchInvoiceSettings, fetchJob, type JobView, type UninvoicedAuctionGroup } from '../invoiceApi';
import { GROUP_NAME_MAX, INVOICE_TEXT, UNINVOICED_PAGE_SIZE } from '../invoiceTexts';
import { INVOICE_KEYS, useHouseRef } from '../useHouseRef';
import { CreatingDialog } from './CreatingDialog';
import {
  EMPTY_SELECTION,
  formErrors,
  isGroupDisabled,
  isSelected,
  mixesLocations,
  nameCounter,
  selectionOf,
  storedGroupName,
  toggleGroup,
  toggleSession,
  type Selection,
} from './uninvoicedSelection';

const POLL_MS = 1000;
/** After this long the wait dialog gives way to the create page, which keeps showing the progress. */
const MAX_WAIT_MS = 5 * 60_000;

const createPath = (id: number) => `/invoices/CreateNewInvoices/${id}`;
/** What a new group changes: these lists, and the screens' own queries. */
const CHANGED_BY_CREATION = [INVOICE_KEYS.all, [UNINVOICED_SALES], ['invoice-groups']] as const;

/**
 * Uninvoiced Sessions (/invoices/?page={n}): sales with sessions not yet invoiced, 25 a page, on
 * react-admin's list controller (`uninvoiced-sales`, the spec's `invoiceCatalogs` call) with the
 * kit's pager; the list's selection is the sessions (catalogRefs) of one sale, and the new group's
 * form (template, name) is its bulk action; the wait dialog while the invoices are created, then
 * the Create New Invoices page.
 */
export function UninvoicedSessions() {
  const dp = useAppDataProvider();
  const houseRef = useHouseRef();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const filter = useMemo(() => ({ houseRef }), [houseRef]);
  const list = useUrlListController<UninvoicedSaleRecord>({
    resource: UNINVOICED_SALES,
    perPage: UNINVOICED_PAGE_SIZE,
    filter,
    enabled: houseRef !== '',
  });
  const templates = useQuery({
    queryKey: INVOICE_KEYS.settings(houseRef),
    queryFn: () => fetchInvoiceSettings(dp, houseRef),
    enabled: houseRef !== '',
  });

  // The selected sessions are the list's selected ids; their sale is kept for the form while another page shows.
  const [sale, setSale] = useState<UninvoicedAuctionGroup | null>(null);
  const { selectedIds, onSelect } = list;
  const sel = useMemo(() => selectionOf(sale, selectedIds), [sale, selectedIds]);
  const [templateId, setTemplateId] = useState('');
  const [groupName, setGroupName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [locationBanner, setLocationBanner] = useState(false);
  const [creating, setCreating] = useState(false);
  const [progress, setProgress] = useState<JobView['progress'] | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => void (alive.current = false);
  }, []);
  // One Idempotency-Key per distinct request: a resubmission of the same form reuses it.
  const keyRef = useRef<{ signature: string; key: string } | null>(null);
  const clearServerError = (k: string) =>
    setServerErrors((e) => {
      if (!(k in e)) return e;
      const { [k]: _drop, ...rest } = e;
      return rest;
    });

  const groups = list.data ?? [];
  const refresh = () => {
    for (const queryKey of CHANGED_BY_CREATION) void queryClient.invalidateQueries({ queryKey });
  };
  const activeTemplates = (templates.data ?? []).filter((t) => t.active !== false);
  const clientErrors = formErrors({ templateId, groupName }, sel) as Record<string, string>;
  const fieldError = (k: 'invoiceSettingsID' | 'groupTitle' | 'catalogRefs') =>
    serverErrors[k] ?? (submitted ? clientErrors[k] : undefined);
  const mixed = mixesLocations(sel.sessions);

  const changeSelection = (next: Selection) => {
    onSelect(next.sessions.map((s) => s.catalogRef));
    setSale(next.groupID === null ? null : (groups.find((g) => g.groupID === next.groupID) ?? sale));
    clearServerError('catalogRefs');
    setLocationBanner(false);
    // The sale's name is the natural group name until the user types one.
    if (!nameTouched && next.groupID !== null && next.groupID !== sel.groupID) setGroupName(next.groupName);
    if (!nameTouched && next.groupID === null) setGroupName('');
  };

  const waitForJob = async (groupId: number, jobId: string | null | undefined) => {
    const started = Date.now();
    while (jobId && alive.current && Date.now() - started < MAX_WAIT_MS) {
      let job: JobView;
      try {
        job = await fetchJob(dp, jobId);
      } catch {
        await new Promise((r) => setTimeout(r, POLL_MS));
        continue;
      }
      if (!alive.current) return;
      setProgress(job.progress);
      if (job.status === 'completed') break;
      if (job.status === 'failed') {
        // A new submission is a new request: the same key would answer this failed group again.
        keyRef.current = null;
        setCreating(false);
        setFailure(INVOICE_TEXT.createFailed);
        refresh();
        return;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    if (!alive.current) return;
    refresh();
    void navigate(createPath(groupId));
  };

  const submit = async () => {
    setSubmitted(true);
    setFailure(null);
    setServerErrors({});
    if (Object.keys(clientErrors).length) return;
    if (mixed) {
      setLocationBanner(true);
      return;
    }
    setCreating(true);
    setProgress(null);
    const body = {
      catalogRefs: sel.sessions.map((s) => s.catalogRef),
      groupTitle: groupName.trim(),
      invoiceSettingsID: Number(templateId),
    };
    const signature = JSON.stringify(body);
    if (keyRef.current?.signature !== signature) keyRef.current = { signature, key: idempotencyKey() };
    try {
      const created = await createInvoiceGroup(houseRef, body, keyRef.current.key);
      await waitForJob(created.invoiceGroupID, created.creationJobID);
    } catch (err) {
      if (!alive.current) return;
      setCreating(false);
      const f = readApiError(err);
      // Only a lost answer (no status) is retried with the same key.
      if (f.status !== 0) keyRef.current = null;
      if (f.code === 'MIXED_SALE_LOCATIONS') setLocationBanner(true);
      else if (f.status === 400 && Object.keys(f.errors).length) setServerErrors(f.errors);
      else
        setFailure(
          f.status >= 400 && f.status < 500 && f.message && f.message !== INVOICE_TEXT.createFailed
            ? `${INVOICE_TEXT.createFailed} ${f.message}`
            : INVOICE_TEXT.createFailed,
        );
      refresh();
    }
  };

  const nameError = fieldError('groupTitle');
  const overLimit = [...groupName].length > GROUP_NAME_MAX;

  // Nothing left to invoice: one clear message and the way on, not "0 of 0" beside an empty form.
  if (list.total === 0 && !locationBanner && !failure) {
    return (
      <Card variant="outlined" data-testid="uninvoiced-sessions">
        <EmptyState
          message={INVOICE_TEXT.noUninvoicedSessions}
          data-testid="uninvoiced-empty"
          action={
            <Button component={RouterLink} to="/invoices/ExistingInvoices" variant="outlined" size="small">
              View Existing Invoices
            </Button>
          }
        />
      </Card>
    );
  }

  return (
    <Box
      data-testid="uninvoiced-sessions"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        {locationBanner && (
          <Alert severity="error" data-testid="location-banner" onClose={() => setLocationBanner(false)}>
            {INVOICE_TEXT.mixedLocations}
          </Alert>
        )}
        {failure && <AppAlert message={failure} onClose={() => setFailure(null)} />}
        {list.isPending ? (
          <ShellLoading />
        ) : list.error ? (
          <ErrorAlert error={list.error} fallback={INVOICE_TEXT.loadError} />
        ) : (
          <ListContextProvider value={list}>
            <ListPager sizes={[UNINVOICED_PAGE_SIZE]} position="top" label="Sale pages" testIds={{ range: 'range-label' }} />
            {groups.length === 0 ? (
              <Alert severity="info" data-testid="uninvoiced-empty">
                {INVOICE_TEXT.noUninvoicedSessions}
              </Alert>
            ) : (
              groups.map((g) => <GroupCard key={g.groupID} group={g} sel={sel} onChange={changeSelection} />)
            )}
            {groups.length > 3 && (
              <ListPager sizes={[UNINVOICED_PAGE_SIZE]} position="bottom" label="Sale pages" testIds={{ range: 'range-label-bottom' }} />
            )}
          </ListContextProvider>
        )}
      </Stack>

      <Card variant="outlined" sx={{ position: { md: 'sticky' }, top: { md: 16 } }} data-testid="new-group-form">
        <CardContent>
          <Stack
            spacing={2}
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Typography variant="h6" component="h2">
              New Invoice Group
            </Typography>
            <AppSelect
              fullWidth
              required
              label="Invoice Template"
              value={templateId}
              onChange={(v) => {
                setTemplateId(v);
                clearServerError('invoiceSettingsID');
              }}
              error={!!fieldError('invoiceSettingsID')}
              helperText={fieldError('invoiceSettingsID')}
              placeholder="Select Invoice Template"
              options={activeTemplates.map((t) => ({ value: String(t.id), label: t.name }))}
              slotProps={{ htmlInput: { 'data-testid': 'group-template' } }}
            />
            <TextField
              label="Group Name"
              required
              fullWidth
              value={groupName}
              onChange={(e) => {
                setGroupName(e.target.value);
                setNameTouched(true);
                clearServerError('groupTitle');
              }}
              error={!!nameError}
              slotProps={{ htmlInput: { 'data-testid': 'group-name', maxLength: 200 } }}
              helperText={
                <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <span>{nameError ?? (overLimit ? `Will be saved as "${storedGroupName(groupName)}"` : '')}</span>
                  <Box
                    component="span"
                    sx={{ color: overLimit ? 'warning.main' : undefined, whiteSpace: 'nowrap' }}
                    data-testid="group-name-counter"
                  >
                    {nameCounter(groupName)}
                  </Box>
                </Box>
              }
            />
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Selected sessions
              </Typography>
              {sel.sessions.length ? (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="selected-sessions">
                  {sel.sessions.map((s) => (
                    <li key={s.catalogRef}>
                      <Typography variant="body2">
                        {s.catalogDate} {s.catalogTitle}
                      </Typography>
                    </li>
                  ))}
                </Box>
              ) : (
                <Typography variant="body2" color={fieldError('catalogRefs') ? 'error' : 'text.secondary'}>
                  {fieldError('catalogRefs') ?? 'Select the sessions to invoice from one sale.'}
                </Typography>
              )}
              {sel.sessions.length > 0 && fieldError('catalogRefs') && (
                <Typography variant="body2" color="error">
                  {fieldError('catalogRefs')}
                </Typography>
              )}
            </Box>
            {mixed && (
              <Alert severity="warning" data-testid="location-warning">
                {INVOICE_TEXT.mixedLocations}
              </Alert>
            )}
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button type="submit" variant="contained" disabled={creating} data-testid="create-group">
                Create Invoices
              </Button>
              <Button
                disabled={creating || (!sel.sessions.length && !groupName && !templateId)}
                onClick={() => {
                  changeSelection(EMPTY_SELECTION);
                  setGroupName('');
                  setNameTouched(false);
                  setTemplateId('');
                  setSubmitted(false);
                  setServerErrors({});
                }}
              >
                Clear
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      <CreatingDialog open={creating} progress={progress} />
    </Box>
  );
}

// The reference gives way below 1200 px (beside the form), the lot count on a phone: the title keeps its room.
// `revert` gives a <col> and a cell each their own table display.
const REF_SHOWN = { xs: 'none', lg: 'revert' } as const;
const LOTS_SHOWN = { xs: 'none', sm: 'revert' } as const;

function GroupCard({ group, sel, onChange }: { group: UninvoicedAuctionGroup; sel: Selection; onChange: (s: Selection) => void }) {
  const disabled = isGroupDisabled(sel, group.groupID);
  const chosen = group.catalogs.filter((c) => isSelected(sel, c.catalogRef)).length;
  return (
    <Card variant="outlined" data-testid={`uninvoiced-group-${group.groupID}`} sx={{ opacity: disabled ? 0.6 : 1 }}>
      <Table size="small" aria-label={group.groupName} sx={{ tableLayout: 'fixed' }}>
        {/* One column template for every sale, so dates, references and lot counts line up from card to card. */}
        <colgroup>
          <col style={{ width: 56 }} />
          <col style={{ width: 118 }} />
          <col />
          <Box component="col" sx={{ width: 150, display: REF_SHOWN }} />
          <Box component="col" sx={{ width: 150, display: LOTS_SHOWN }} />
        </colgroup>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                disabled={disabled}
                checked={chosen > 0 && chosen === group.catalogs.length}
                indeterminate={chosen > 0 && chosen < group.catalogs.length}
                onChange={() => onChange(toggleGroup(sel, group))}
                slotProps={{ input: { 'aria-label': `Select every session of ${group.groupName}` } }}
              />
            </TableCell>
            <TableCell colSpan={2}>
              <Typography sx={{ fontWeight: 600 }}>{group.groupName}</Typography>
            </TableCell>
            {/* A span over columns that may be hidden would add a column of its own: one (plain, unnamed) cell per column. */}
            <TableCell component="td" sx={{ display: REF_SHOWN }} />
            <TableCell component="td" sx={{ display: LOTS_SHOWN }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {group.catalogs.map((c) => (
            <TableRow key={c.catalogRef} hover={!disabled} selected={isSelected(sel, c.catalogRef)}>
              <TableCell padding="checkbox">
                <Checkbox
                  disabled={disabled}
                  checked={isSelected(sel, c.catalogRef)}
                  onChange={() => onChange(toggleSession(sel, group, c))}
                  slotProps={{ input: { 'aria-label': `${c.catalogTitle} (${c.catalogDate})` } }}
                />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.catalogDate}</TableCell>
              <TableCell>{c.catalogTitle}</TableCell>
              <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap', display: REF_SHOWN }}>{c.catalogRef}</TableCell>
              <TableCell align="right" sx={{ color: 'text.secondary', whiteSpace: 'nowrap', display: LOTS_SHOWN }}>
                {c.uninvoicedLots !== undefined ? `${c.uninvoicedLots} lot${c.uninvoicedLots === 1 ? '' : 's'} to invoice` : ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

function idempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
