import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { pageCountOf, pageParam, rangeLabel } from '../../common/paginate';
import { ShellLoading } from '../../common/ShellLoading';
import { EmptyState } from '../../kit/EmptyState';
import {
  createInvoiceGroup,
  fetchInvoiceSettings,
  fetchJob,
  fetchUninvoiced,
  type JobView,
  type UninvoicedAuctionGroup,
} from '../invoiceApi';
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
  storedGroupName,
  toggleGroup,
  toggleSession,
  type Selection,
} from './uninvoicedSelection';

const POLL_MS = 1000;
/** After this long the wait dialog gives way to the create page, which keeps showing the progress. */
const MAX_WAIT_MS = 5 * 60_000;

const createPath = (id: number) => `/invoices/CreateNewInvoices/${id}`;

/**
 * Uninvoiced Sessions (/invoices/?page={n}): sales with sessions not yet invoiced, 25 a page,
 * Previous/Next and the range label; the new group's template, name and sessions; the wait
 * dialog while the invoices are created, then the Create New Invoices page.
 */
export function UninvoicedSessions() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const dp = useAppDataProvider();
  const houseRef = useHouseRef();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const list = useQuery({
    queryKey: INVOICE_KEYS.uninvoiced(houseRef, page),
    queryFn: () => fetchUninvoiced(dp, houseRef, page, UNINVOICED_PAGE_SIZE),
    enabled: houseRef !== '',
    placeholderData: keepPreviousData,
  });
  const templates = useQuery({
    queryKey: INVOICE_KEYS.settings(houseRef),
    queryFn: () => fetchInvoiceSettings(dp, houseRef),
    enabled: houseRef !== '',
  });

  const [sel, setSel] = useState<Selection>(EMPTY_SELECTION);
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

  const groups = list.data?.auctionGroups ?? [];
  const total = list.data?.totalRecords ?? groups.length;
  const pageCount = pageCountOf(total, UNINVOICED_PAGE_SIZE);
  const activeTemplates = (templates.data ?? []).filter((t) => t.active !== false);
  const clientErrors = formErrors({ templateId, groupName }, sel) as Record<string, string>;
  const fieldError = (k: 'invoiceSettingsID' | 'groupTitle' | 'catalogRefs') =>
    serverErrors[k] ?? (submitted ? clientErrors[k] : undefined);
  const mixed = mixesLocations(sel.sessions);

  const goPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p <= 1) next.delete('page');
    else next.set('page', String(p));
    setParams(next);
    window.scrollTo({ top: 0 });
  };

  const changeSelection = (next: Selection) => {
    setSel(next);
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
        void queryClient.invalidateQueries({ queryKey: INVOICE_KEYS.all });
        return;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    if (!alive.current) return;
    void queryClient.invalidateQueries({ queryKey: INVOICE_KEYS.all });
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
      void queryClient.invalidateQueries({ queryKey: INVOICE_KEYS.all });
    }
  };

  const pager = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'flex-end' }}>
      <Typography variant="body2" color="text.secondary" data-testid="range-label">
        {rangeLabel(page, UNINVOICED_PAGE_SIZE, total)}
      </Typography>
      <Button disabled={page <= 1} onClick={() => goPage(page - 1)}>
        Previous
      </Button>
      <Button disabled={page >= pageCount} onClick={() => goPage(page + 1)}>
        Next
      </Button>
    </Box>
  );

  const nameError = fieldError('groupTitle');
  const overLimit = [...groupName].length > GROUP_NAME_MAX;

  // Nothing left to invoice: one clear message and the way on, not "0 of 0" beside an empty form.
  if (list.isSuccess && total === 0 && !locationBanner && !failure) {
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
        {pager}
        {list.isPending ? (
          <ShellLoading />
        ) : list.isError ? (
          <AppAlert message={INVOICE_TEXT.loadError} />
        ) : groups.length === 0 ? (
          <Alert severity="info" data-testid="uninvoiced-empty">
            {INVOICE_TEXT.noUninvoicedSessions}
          </Alert>
        ) : (
          groups.map((g) => <GroupCard key={g.groupID} group={g} sel={sel} onChange={changeSelection} />)
        )}
        {groups.length > 3 && pager}
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
            <TextField
              select
              fullWidth
              required
              label="Invoice Template"
              value={templateId}
              onChange={(e) => {
                setTemplateId(e.target.value);
                clearServerError('invoiceSettingsID');
              }}
              error={!!fieldError('invoiceSettingsID')}
              helperText={fieldError('invoiceSettingsID')}
              slotProps={{
                select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'group-template' } as object },
                inputLabel: { shrink: true },
              }}
            >
              <MenuItem value="">
                <em>Select Invoice Template</em>
              </MenuItem>
              {activeTemplates.map((t) => (
                <MenuItem key={t.id} value={String(t.id)}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
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

function GroupCard({ group, sel, onChange }: { group: UninvoicedAuctionGroup; sel: Selection; onChange: (s: Selection) => void }) {
  const disabled = isGroupDisabled(sel, group.groupID);
  const chosen = group.catalogs.filter((c) => isSelected(sel, c.catalogRef)).length;
  return (
    <Card variant="outlined" data-testid={`uninvoiced-group-${group.groupID}`} sx={{ opacity: disabled ? 0.6 : 1 }}>
      <Table size="small" aria-label={group.groupName}>
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
            <TableCell colSpan={4}>
              <Typography sx={{ fontWeight: 600 }}>{group.groupName}</Typography>
            </TableCell>
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
              <TableCell sx={{ width: 110, whiteSpace: 'nowrap' }}>{c.catalogDate}</TableCell>
              <TableCell>{c.catalogTitle}</TableCell>
              <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>
                {c.catalogRef}
              </TableCell>
              <TableCell align="right" sx={{ color: 'text.secondary', whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>
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
