import { createContext, useContext, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CircularProgress, Stack, Typography } from '@mui/material';
import { Datagrid, FunctionField, ListContextProvider, NumberField, ResourceContextProvider, TextField, useList } from 'react-admin';
import { AUTO_CHARGE_TEXT, type AutoChargeEligibleInvoice } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { ShellLoading } from '../../common/ShellLoading';
import { EmptyState } from '../../kit/EmptyState';
import { errorText, NOT_FOUND_TEXT } from '../../kit/ErrorAlert';
import { Money } from '../../kit/MoneyCell';
import { PageHeader } from '../../kit/PageHeader';
import { UnsavedChangesGuard } from '../../kit/UnsavedChangesGuard';
import { usDate } from '../dates';
import { retryUnlessRefused } from '../preview/previewNav';
import { previewPath } from '../routeParams';
import { fieldError, saveFailure } from '../shared/saveFailure';
import { INVOICE_KEYS, useHouseRef } from '../useHouseRef';
import { AutoChargeDateField } from './AutoChargeDateField';
import { fetchEligibleInvoices, setAutoChargeDate } from './autoChargeApi';
import { commonWindow, dateRowOf, pageState, rowState, type DateRow } from './autoChargeRules';
import { useInvoiceListRoute } from '../preview/useInvoiceListRoute';

type Row = AutoChargeEligibleInvoice & { id: number; date: DateRow };

/**
 * The pickers' values reach the rows through a context, not the records: react-admin's in-memory
 * list copies its records in an effect, a render late, which would reset a date field being typed in.
 */
const DatesContext = createContext<{ values: Readonly<Record<number, string>>; onChange: (id: number, value: string) => void }>({
  values: {},
  onChange: () => undefined,
});

function DateCell({ row }: { row: Row }) {
  const { values, onChange } = useContext(DatesContext);
  const value = values[row.id] ?? '';
  const state = rowState(row.date, value);
  return (
    <AutoChargeDateField
      label={`Auto-charge date of invoice ${row.invoiceNumber}`}
      value={value}
      min={row.date.first}
      max={row.date.last}
      invalid={state.invalid}
      missing={state.missing}
      onChange={(v) => onChange(row.id, v)}
      testId={`auto-charge-row-${row.invoiceNumber}`}
    />
  );
}

const UNSAVED_TEXT = 'The auto-charge dates you changed are not saved yet.';

/**
 * Auto-charge (spec 000 sections 2 and 5; issue 11): opened by Edit Invoices' Preview & Send when
 * the house has auto-charge (processor p). The invoices of the URL that an auto-charge could charge,
 * each with a clearable date picker (two to seven days ahead in the house's time zone) and a picker
 * for all of them; 'Continue With No Changes' goes on to the preview, 'Save & Continue' sets the
 * changed dates first (one `setAutoCharge` a date). A failed save keeps every date and shows why.
 */
export function AutoChargePage() {
  const { groupId, ids, from, back } = useInvoiceListRoute();
  const houseRef = useHouseRef();
  const dp = useAppDataProvider();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const list = useQuery({
    queryKey: [...INVOICE_KEYS.all, 'autoCharge', houseRef, groupId, ids],
    queryFn: () => fetchEligibleInvoices(dp, houseRef, groupId!, ids),
    enabled: !!houseRef && groupId !== null && ids.length > 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: retryUnlessRefused,
  });

  // What the clerk picked, by invoice id (absent: the saved date).
  const [edits, setEdits] = useState<Record<number, string>>({});
  const [allDate, setAllDate] = useState('');
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // Where to go once the guard is off (set after a save, or to continue).
  const [leaving, setLeaving] = useState<string | null>(null);

  const dates = useMemo(() => (list.data ?? []).map(dateRowOf), [list.data]);
  const values = useMemo(() => Object.fromEntries(dates.map((d) => [d.id, edits[d.id] ?? d.saved ?? ''])), [dates, edits]);
  const state = pageState(dates, values);
  const rows = useMemo<Row[]>(() => (list.data ?? []).map((inv, i) => ({ ...inv, id: inv.invoiceID, date: dates[i] })), [list.data, dates]);
  const listContext = useList<Row>({
    data: rows,
    isPending: list.isPending,
    resource: 'auto-charge',
    // One page: the ids of the URL (at most 5,000, idListParam).
    perPage: 5000,
    sort: { field: 'invoiceNumber', order: 'ASC' },
  });
  const all = commonWindow(dates);

  useEffect(() => {
    if (leaving) void navigate(leaving, { state: from ? { from } : undefined });
  }, [leaving, navigate, from]);

  const datesContext = useMemo(
    () => ({
      values,
      onChange: (id: number, value: string) => {
        setEdits((e) => ({ ...e, [id]: value }));
        setSaveError(null);
      },
    }),
    [values],
  );
  const applyToAll = () => {
    if (!all || allDate < all.first || allDate > all.last) return;
    setEdits(Object.fromEntries(dates.map((d) => [d.id, allDate])));
    setSaveError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (groupId === null || saving || !state.canContinue) return;
    const next = previewPath(groupId, ids);
    if (!state.changes.length) {
      setLeaving(next);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      // Sequential: a refusal stops the rest; every date stays on screen, and saving again repeats the calls (the same dates).
      for (const c of state.changes) await setAutoChargeDate(dp, c.autoChargeDate, c.invoiceIDs);
      await queryClient.invalidateQueries({ queryKey: INVOICE_KEYS.all, refetchType: 'none' });
      setLeaving(next);
    } catch (error) {
      const f = saveFailure(error);
      setSaveError(fieldError(f.errors, 'autoChargeDate') ?? f.message);
    } finally {
      setSaving(false);
    }
  };

  if (groupId === null || ids.length === 0) {
    return (
      <Stack spacing={2}>
        <PageHeader title={AUTO_CHARGE_TEXT.title} back={back} />
        <AppAlert severity="warning" message={NOT_FOUND_TEXT} />
      </Stack>
    );
  }

  const loadFailed = list.isError ? readApiError(list.error) : null;
  const first = all ? usDate(all.first) : null;
  const last = all ? usDate(all.last) : null;

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="auto-charge-page">
      <UnsavedChangesGuard when={state.changes.length > 0 && !leaving} text={UNSAVED_TEXT} />
      <Stack spacing={2}>
        <PageHeader title={AUTO_CHARGE_TEXT.title} back={back} />
        {list.isPending ? (
          <ShellLoading />
        ) : loadFailed ? (
          <AppAlert
            severity={loadFailed.status === 404 ? 'warning' : 'error'}
            message={
              loadFailed.status === 403 && loadFailed.message ? loadFailed.message : errorText(list.error, 'These invoices were not found.')
            }
          />
        ) : !rows.length ? (
          <Card variant="outlined">
            <EmptyState message={AUTO_CHARGE_TEXT.noneEligible} data-testid="auto-charge-empty" />
          </Card>
        ) : (
          <>
            <Typography data-testid="auto-charge-intro">
              {first && last
                ? `Choose the day each invoice's eligible amount is charged to the buyer's card on file: from ${first} to ${last} (two to seven days from today). Clear a date to not charge that invoice automatically.`
                : 'Choose the day each invoice is charged to the buyer\u2019s card on file, two to seven days from today.'}
            </Typography>
            {all && rows.length > 1 && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }} data-testid="auto-charge-all">
                <Typography component="span" variant="body2" color="text.secondary">
                  Date for all invoices
                </Typography>
                <AutoChargeDateField
                  label="Auto-charge date for all invoices"
                  value={allDate}
                  min={all.first}
                  max={all.last}
                  invalid={allDate !== '' && (allDate < all.first || allDate > all.last)}
                  onChange={setAllDate}
                  onEnter={applyToAll}
                />
                <Button
                  variant="outlined"
                  onClick={applyToAll}
                  disabled={!allDate || allDate < all.first || allDate > all.last}
                  sx={{ height: 40 }}
                  data-testid="auto-charge-apply-all"
                >
                  Apply to all
                </Button>
              </Box>
            )}
            <Card variant="outlined" sx={{ overflowX: 'auto' }}>
              <DatesContext.Provider value={datesContext}>
                <ResourceContextProvider value="auto-charge">
                  <ListContextProvider value={listContext}>
                    <Datagrid bulkActionButtons={false} rowClick={false} data-testid="auto-charge-table">
                      <NumberField source="invoiceNumber" label="Invoice #" options={{ useGrouping: false }} textAlign="left" />
                      <FunctionField<Row> source="lastName" label="Name" render={(r) => `${r.firstName} ${r.lastName}`.trim()} />
                      <TextField source="channel" label="Channel" />
                      <NumberField source="approvalID" label="Approval ID" options={{ useGrouping: false }} textAlign="left" />
                      <FunctionField<Row>
                        source="totalCents"
                        label="Invoice Total"
                        textAlign="right"
                        render={(r) => <Money cents={r.totalCents} symbol={r.currencySymbol} />}
                      />
                      <FunctionField<Row>
                        source="eligibleAmountCents"
                        label="Eligible Amount"
                        textAlign="right"
                        render={(r) => <Money cents={r.eligibleAmountCents} symbol={r.currencySymbol} />}
                      />
                      <FunctionField<Row> label="Auto-charge Date" sortable={false} render={(r) => <DateCell row={r} />} />
                    </Datagrid>
                  </ListContextProvider>
                </ResourceContextProvider>
              </DatesContext.Provider>
            </Card>
          </>
        )}
        {saveError && <AppAlert message={saveError} onClose={() => setSaveError(null)} />}
        {!list.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Box role="status" aria-live="polite">
              {state.message && (
                <Typography color="error" data-testid="auto-charge-message">
                  {state.message}
                </Typography>
              )}
            </Box>
            <Button
              type="submit"
              variant="contained"
              disabled={!state.canContinue || saving}
              startIcon={saving ? <CircularProgress size={16} color="inherit" aria-label="Saving" /> : undefined}
              data-testid="auto-charge-continue"
            >
              {state.label}
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
