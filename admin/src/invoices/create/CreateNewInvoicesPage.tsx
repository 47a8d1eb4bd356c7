import { useMemo } from 'react';
import { Alert, Box, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { NotFoundPage } from '../../common/NotFoundPage';
import { PageTitle } from '../../common/PageTitle';
import { Pager } from '../../common/Pager';
import { pageCountOf, pageParam, rangeLabel } from '../../common/paginate';
import { ShellLoading } from '../../common/ShellLoading';
import { fetchApplyCostPerLot, fetchGroupDetailInfo } from '../invoiceApi';
import { DEFAULT_TABLE_PAGE_SIZE, INVOICE_TEXT, TABLE_PAGE_SIZES } from '../invoiceTexts';
import { InvoiceBlock } from '../shared/InvoiceBlock';
import { TotalsStrip } from '../shared/TotalsStrip';
import { groupIdParam, pageSizeParam } from '../routeParams';
import { INVOICE_KEYS, useHouseRef } from '../useHouseRef';

const IN_PROGRESS_REFRESH_MS = 2000;

/**
 * Create New Invoices (/invoices/CreateNewInvoices/{invoiceGroupID}, spec 000 section 2): where the
 * wait dialog lands. Lists the new invoices with the totals strip, in the per-lot-cost variant when
 * the first invoice's applyCostPerLot is false, else the invoice-level variant. The editing
 * controls (charges, marks, notes) come with Edit Invoices.
 */
export function CreateNewInvoicesPage() {
  const groupId = groupIdParam(useParams().invoiceGroupID);
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const size = pageSizeParam(params.get('size'));
  const dp = useAppDataProvider();
  const houseRef = useHouseRef();

  const details = useQuery({
    queryKey: INVOICE_KEYS.details(houseRef, groupId ?? 0, { view: 'create', page, size }),
    queryFn: () => fetchGroupDetailInfo(dp, houseRef, groupId!, { page, size }),
    enabled: houseRef !== '' && groupId !== null,
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (q) => (q.state.data && !q.state.data.invoiceGroup.invoiceCreated && !q.state.data.invoiceGroup.creationError ? IN_PROGRESS_REFRESH_MS : false),
  });
  const created = details.data?.invoiceGroup.invoiceCreated ?? false;
  const costPerLot = useQuery({
    queryKey: INVOICE_KEYS.costPerLot(houseRef, groupId ?? 0),
    queryFn: () => fetchApplyCostPerLot(dp, houseRef, groupId!),
    enabled: houseRef !== '' && groupId !== null && created,
  });
  const sessionTitles = useMemo(() => new Map((details.data?.catalogs ?? []).map((c) => [c.catalogID, c.title])), [details.data?.catalogs]);

  if (groupId === null) return <NotFoundPage />;

  const setQuery = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
    window.scrollTo({ top: 0 });
  };

  const d = details.data;
  const symbol = d?.totalPrice.currencySymbol ?? '$';
  const applyCostPerLot = costPerLot.data ?? d?.invoiceBidders[0]?.applyCostPerLot ?? true;
  const total = d?.totalRecords ?? 0;

  return (
    <Stack spacing={2} data-testid="create-new-invoices">
      <PageTitle title="Create New Invoices" />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={`/invoices/InvoiceGroupDetails/${groupId}`}>
          {'< Invoice Group Details'}
        </Link>
        {created && (
          <Link component={RouterLink} to={`/invoices/EditInvoices/${groupId}`}>
            Edit Invoices
          </Link>
        )}
      </Box>
      {details.isPending ? (
        <ShellLoading />
      ) : details.isError || !d ? (
        <AppAlert message={INVOICE_TEXT.loadError} />
      ) : (
        <>
          <Box>
            <Typography variant="h6" component="h2" data-testid="group-title">
              {d.invoiceGroup.invoiceGroupTitle}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {d.catalogs.map((c) => `Day ${c.dayNumber}: ${c.title} (${c.date})`).join(' · ')}
            </Typography>
          </Box>
          {!created ? (
            d.invoiceGroup.creationError ? (
              <AppAlert message={INVOICE_TEXT.createFailed} />
            ) : (
              <Alert severity="info" data-testid="creation-in-progress">
                {INVOICE_TEXT.creationInProgress}
              </Alert>
            )
          ) : (
            <>
              <TotalsStrip
                symbol={symbol}
                testId="totals-strip"
                items={[
                  { label: 'Total Invoices', value: d.totals.totalInvoices },
                  { label: 'Total Items', value: d.totals.totalItems },
                  { label: 'Total Hammer', value: d.totalsCents.totalHammer, money: true },
                  { label: 'Total BP', value: d.totalsCents.totalBP, money: true },
                  { label: 'Total Live Fee', value: d.totalsCents.totalLiveFee, money: true },
                  { label: 'Total Tax', value: d.totalsCents.totalTax, money: true },
                  { label: 'Total S/H', value: d.totalsCents.totalSH, money: true },
                  { label: 'Total Insurance', value: d.totalsCents.totalInsurance, money: true },
                  { label: 'Total Other', value: d.totalsCents.totalOther, money: true },
                  { label: 'Invoice Total', value: d.totalsCents.invoiceTotal, money: true },
                ]}
              />
              <Typography variant="body2" color="text.secondary" data-testid="cost-variant">
                {applyCostPerLot
                  ? 'Charges (shipping, insurance, other) are added per invoice with this template.'
                  : 'Charges (shipping, insurance, other) are added per lot with this template.'}
              </Typography>
              {d.invoiceBidders.length === 0 ? (
                <Alert severity="info">{INVOICE_TEXT.noInvoicesGenerated}</Alert>
              ) : (
                d.invoiceBidders.map((inv) => (
                  <InvoiceBlock key={inv.invoiceID} invoice={inv} symbol={symbol} applyCostPerLot={applyCostPerLot} sessionTitles={sessionTitles} />
                ))
              )}
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                  <TextField
                    select
                    label="Per page"
                    value={size}
                    onChange={(e) => setQuery({ size: e.target.value === String(DEFAULT_TABLE_PAGE_SIZE) ? null : e.target.value, page: null })}
                    sx={{ width: 110 }}
                  >
                    {TABLE_PAGE_SIZES.map((n) => (
                      <MenuItem key={n} value={n}>
                        {n}
                      </MenuItem>
                    ))}
                  </TextField>
                  <Typography variant="body2" color="text.secondary">
                    {rangeLabel(d.page, d.size ?? size, total)}
                  </Typography>
                </Box>
                <Pager page={page} pageCount={pageCountOf(total, size)} onPage={(p) => setQuery({ page: p <= 1 ? null : String(p) })} label="Invoice pages" />
              </Box>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
