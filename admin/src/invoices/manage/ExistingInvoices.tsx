import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, Divider, Link, Stack, Typography } from '@mui/material';
import { ListContextProvider } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useAppDataProvider } from '../../api/dataProvider';
import { readApiError } from '../../common/apiError';
import { ShellLoading } from '../../common/ShellLoading';
import { DateRange } from '../../kit/DateRange';
import { EmptyState } from '../../kit/EmptyState';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { ListPager } from '../../kit/ListPager';
import { useUrlListController } from '../../kit/useUrlListController';
import { localToday, rangeError, rangeQuery } from '../dates';
import { retryGroupCreation, type InvoiceGroupSummary } from '../invoiceApi';
import { EXISTING_PAGE_SIZE, INVOICE_TEXT } from '../invoiceTexts';

/** While a group on the page is being created, the list refreshes itself this often. */
const IN_PROGRESS_REFRESH_MS = 3000;
const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;

/** A row of `/api/invoice-groups`. */
type InvoiceGroupRecord = InvoiceGroupSummary & { id: number };

/**
 * Existing Invoices (/invoices/ExistingInvoices, also /invoices with start/end): invoice groups
 * 10 a page, newest first, filtered by a From/To session date range kept in the URL
 * (`page`, `start`, `end` as YYYY-MM-DD).
 */
export function ExistingInvoices() {
  const [params, setParams] = useSearchParams();
  const start = params.get('start') ?? '';
  const end = params.get('end') ?? '';
  const today = localToday();

  // What the pickers hold; the URL follows whenever the pair is valid.
  const [from, setFrom] = useState(start);
  const [to, setTo] = useState(end);
  // The URL changed from outside (a link, Back): the pickers follow it.
  useEffect(() => {
    setFrom(start);
    setTo(end);
  }, [start, end]);
  const pickerError = rangeError(from, to, today);
  const urlError = rangeError(start, end, today);

  const setRange = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (rangeError(nextFrom, nextTo, today)) return;
    const next = new URLSearchParams(params);
    for (const [k, v] of [
      ['start', nextFrom],
      ['end', nextTo],
    ] as const) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    next.delete('page');
    setParams(next);
  };

  const filter = useMemo(() => rangeQuery(start, end), [start, end]);
  const list = useUrlListController<InvoiceGroupRecord>({
    resource: 'invoice-groups',
    perPage: EXISTING_PAGE_SIZE,
    sort: NEWEST_FIRST,
    filter,
    enabled: !urlError,
    refetchInterval: (rows) => (rows?.some((g) => !g.invoiceCreated && !g.creationError) ? IN_PROGRESS_REFRESH_MS : false),
  });
  const groups = list.data ?? [];

  return (
    <Stack spacing={2} data-testid="existing-invoices">
      <Card variant="outlined">
        <CardContent>
          <DateRange from={from} to={to} onChange={setRange} max={today} error={pickerError ?? urlError} />
        </CardContent>
      </Card>

      {urlError ? null : list.isPending ? (
        <ShellLoading />
      ) : list.error ? (
        <ErrorAlert error={list.error} fallback={INVOICE_TEXT.loadError} />
      ) : (
        <ListContextProvider value={list}>
          {groups.length === 0 && list.total === 0 ? (
            <Card variant="outlined">
              <EmptyState message={INVOICE_TEXT.noInvoicesAvailable} data-testid="existing-empty" />
            </Card>
          ) : (
            <>
              <ListPager sizes={[EXISTING_PAGE_SIZE]} position="top" label="Invoice group pages" />
              {groups.length > 0 && (
                <Card variant="outlined">
                  {groups.map((g, i) => (
                    <Box key={g.id}>
                      {i > 0 && <Divider />}
                      <GroupRow group={g} onRetried={() => void list.refetch()} />
                    </Box>
                  ))}
                </Card>
              )}
              {groups.length > 0 && <ListPager sizes={[EXISTING_PAGE_SIZE]} position="bottom" label="Invoice group pages" />}
            </>
          )}
        </ListContextProvider>
      )}
    </Stack>
  );
}

function GroupRow({ group, onRetried }: { group: InvoiceGroupSummary; onRetried: () => void }) {
  const dp = useAppDataProvider();
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);
  const inProgress = !group.invoiceCreated && !group.creationError;
  const failed = !group.invoiceCreated && !!group.creationError;
  const retry = async () => {
    setRetrying(true);
    setRetryError(null);
    try {
      await retryGroupCreation(dp, group.invoiceGroupID);
      onRetried();
    } catch (err) {
      setRetryError(readApiError(err).message ?? INVOICE_TEXT.loadError);
    } finally {
      setRetrying(false);
    }
  };
  return (
    <Box
      sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) auto' }, alignItems: 'start' }}
      data-testid={`invoice-group-${group.invoiceGroupID}`}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }} data-testid="invoice-group-title">
          {group.invoiceGroupTitle}
        </Typography>
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 0, listStyle: 'none' }}>
          {group.catalogs.map((c) => (
            <Typography component="li" variant="body2" color="text.secondary" key={c.catalogID}>
              {c.date} — {c.title}
            </Typography>
          ))}
        </Box>
        {inProgress && (
          <Typography variant="body2" color="warning.dark" sx={{ mt: 1 }} data-testid="creation-in-progress">
            {INVOICE_TEXT.creationInProgress}
          </Typography>
        )}
        {failed && (
          <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="error" data-testid="creation-failed">
              {INVOICE_TEXT.creationFailedGroup}
            </Typography>
            <Button size="small" variant="outlined" onClick={() => void retry()} disabled={retrying}>
              {INVOICE_TEXT.retryCreation}
            </Button>
            {retryError && (
              <Typography variant="body2" color="error">
                {retryError}
              </Typography>
            )}
          </Box>
        )}
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
        <Link component={RouterLink} to={`/invoices/invoiceTemplates/${group.invoiceGroupSettingsID}`}>
          Edit Template
        </Link>
        {group.invoiceCreated && (
          <>
            <Link component={RouterLink} to={`/invoices/InvoiceGroupDetails/${group.invoiceGroupID}`} data-testid="view-invoices">
              View Invoices
            </Link>
            <Link component={RouterLink} to={`/invoices/EditInvoices/${group.invoiceGroupID}`}>
              Edit Invoices
            </Link>
          </>
        )}
      </Stack>
    </Box>
  );
}
