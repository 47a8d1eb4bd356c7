import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Card, CardContent, Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { Datagrid, FunctionField, ListContextProvider, ResourceContextProvider, TextField, useListController } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  SALES_TAX_CSV_NAME,
  SALES_TAX_MONTHS,
  SALES_TAX_PAGE_SIZES,
  SALES_TAX_TEXT,
  salesTaxYears,
  type SalesTaxReportRow,
  type SalesTaxReportTotals,
} from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { readApiError } from '../../common/apiError';
import { downloadText } from '../../common/downloadFile';
import { ShellLoading } from '../../common/ShellLoading';
import { AppSelect } from '../../kit/AppSelect';
import { EmptyState } from '../../kit/EmptyState';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { ListPager } from '../../kit/ListPager';
import { Money } from '../../kit/MoneyCell';
import { PageHeader } from '../../kit/PageHeader';
import { Toolbar } from '../../kit/Toolbar';
import { ToolbarButton } from '../../kit/ToolbarButton';
import { TotalsStrip } from '../../kit/TotalsStrip';
import { useHouseRef } from '../../invoices/useHouseRef';
import { fetchAllSalesTaxRows, SALES_TAX_REPORT, salesTaxCsv, type SalesTaxFilter } from './salesTaxApi';

const NEWEST_FIRST = { field: 'startDate', order: 'DESC' } as const;
const SYMBOL = '$';
type Meta = { totals: SalesTaxReportTotals; currencyCode: string } | undefined;

const yearOptions = () => salesTaxYears(new Date().getFullYear()).map((y) => ({ value: String(y), label: String(y) }));
const monthOptions = SALES_TAX_MONTHS.map((m, i) => ({ value: String(i + 1), label: m }));

/**
 * Sales Tax Reports (/reports/salesTaxReports; spec 001 "Sales Tax Reports"): year, month and state
 * filters applied by View Report (kept in the URL: year, month, state), the totals of gross sales and
 * tax, and react-admin's Datagrid sorted and paged by the server (50/100/200). Download .CSV writes
 * every row of the report through the kit's CSV writer as tax-report.csv; it is disabled with no rows.
 */
export function SalesTaxReportsPage() {
  const houseRef = useHouseRef();
  const dp = useAppDataProvider();
  const [params, setParams] = useSearchParams();
  const applied = { year: params.get('year') ?? '', month: params.get('month') ?? '', state: params.get('state') ?? '' };

  // What the pickers hold until View Report.
  const [year, setYear] = useState(applied.year);
  const [month, setMonth] = useState(applied.month);
  const [state, setState] = useState(applied.state);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const states = useQuery({
    queryKey: ['app', 'states', 'US'],
    queryFn: async () =>
      (await dp.call<{ data: { states: { stateCode: string; stateName: string }[] } }>('GET', '/app/states?country=US')).data.states,
    staleTime: Infinity,
  });
  const stateOptions = useMemo(() => (states.data ?? []).map((s) => ({ value: s.stateCode, label: s.stateName })), [states.data]);

  const filter = useMemo<SalesTaxFilter>(
    () => ({ houseRef, year: applied.year, month: applied.month, state: applied.state }),
    [houseRef, applied.year, applied.month, applied.state],
  );
  const list = useListController<SalesTaxReportRow>({
    resource: SALES_TAX_REPORT,
    filter,
    perPage: SALES_TAX_PAGE_SIZES[0],
    sort: NEWEST_FIRST,
    disableSyncWithLocation: true,
    queryOptions: { enabled: !!houseRef, placeholderData: (prev) => prev },
  });
  const meta = (list as { meta?: Meta }).meta;
  const rows = list.data ?? [];
  const noRows = !list.isPending && list.total === 0;

  const view = () => {
    const next = new URLSearchParams(params);
    for (const [k, v] of [
      ['year', year],
      ['month', month],
      ['state', state],
    ] as const) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
    list.setPage(1);
    void list.refetch();
  };

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const all = await fetchAllSalesTaxRows(dp.call, filter, list.sort);
      downloadText(SALES_TAX_CSV_NAME, salesTaxCsv(all));
    } catch (err) {
      setDownloadError(readApiError(err).message ?? 'The report could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack spacing={2} data-testid="sales-tax-reports">
      <PageHeader title="Sales Tax Reports" />
      <Card variant="outlined">
        <CardContent>
          <Box
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              view();
            }}
            sx={{
              display: 'grid',
              gap: 2,
              alignItems: 'center',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 200px)) auto' },
            }}
          >
            <AppSelect
              label="Year"
              value={year}
              onChange={setYear}
              options={yearOptions()}
              placeholder={SALES_TAX_TEXT.allYears}
              size="small"
              slotProps={{ htmlInput: { 'data-testid': 'tax-year' } }}
            />
            <AppSelect
              label="Month"
              value={month}
              onChange={setMonth}
              options={monthOptions}
              placeholder={SALES_TAX_TEXT.allMonths}
              size="small"
              slotProps={{ htmlInput: { 'data-testid': 'tax-month' } }}
            />
            <AppSelect
              label="State"
              value={state}
              onChange={setState}
              options={stateOptions}
              placeholder={SALES_TAX_TEXT.allStates}
              size="small"
              slotProps={{ htmlInput: { 'data-testid': 'tax-state' } }}
            />
            <Toolbar label="Report actions">
              <ToolbarButton type="submit" variant="contained" icon={<AssessmentIcon />} data-testid="tax-view">
                {SALES_TAX_TEXT.viewReport}
              </ToolbarButton>
              <ToolbarButton
                icon={<DownloadIcon />}
                disabled={noRows || list.isPending || rows.length === 0 || downloading}
                onClick={() => void download()}
                data-testid="tax-download"
              >
                {SALES_TAX_TEXT.download}
              </ToolbarButton>
            </Toolbar>
          </Box>
        </CardContent>
      </Card>
      {downloadError && (
        <Alert severity="error" onClose={() => setDownloadError(null)}>
          {downloadError}
        </Alert>
      )}

      {list.isPending ? (
        <ShellLoading />
      ) : list.error ? (
        <ErrorAlert error={list.error} />
      ) : (
        <>
          <Box sx={{ maxWidth: 560 }}>
            <TotalsStrip
              testId="tax-totals"
              symbol={SYMBOL}
              items={[
                { label: SALES_TAX_TEXT.grossSales, value: meta?.totals.salesAmountCents ?? 0, money: true, testId: 'tax-total-sales' },
                { label: SALES_TAX_TEXT.taxCollected, value: meta?.totals.taxAmountCents ?? 0, money: true, testId: 'tax-total-tax' },
              ]}
            />
          </Box>
          <ResourceContextProvider value={SALES_TAX_REPORT}>
            <ListContextProvider value={list}>
              {noRows ? (
                <Card variant="outlined">
                  <EmptyState message={SALES_TAX_TEXT.empty} data-testid="tax-empty" />
                </Card>
              ) : (
                <>
                  <ListPager sizes={SALES_TAX_PAGE_SIZES} position="top" label="Report pages" testIds={{ size: 'tax-page-size' }} />
                  <Card variant="outlined" sx={{ overflowX: 'auto' }}>
                    <Datagrid bulkActionButtons={false} rowClick={false} data-testid="tax-table">
                      <TextField source="startDate" label="Start Date" />
                      <TextField source="maxDate" label="End Date" />
                      <TextField source="stateName" label="State" />
                      <FunctionField<SalesTaxReportRow>
                        source="salesAmount"
                        label={SALES_TAX_TEXT.grossSales}
                        textAlign="right"
                        render={(r) => <Money cents={r.salesAmountCents} symbol={SYMBOL} />}
                      />
                      <FunctionField<SalesTaxReportRow>
                        source="taxAmount"
                        label={SALES_TAX_TEXT.taxCollected}
                        textAlign="right"
                        render={(r) => <Money cents={r.taxAmountCents} symbol={SYMBOL} />}
                      />
                    </Datagrid>
                  </Card>
                  <ListPager sizes={SALES_TAX_PAGE_SIZES} position="bottom" label="Report pages" />
                </>
              )}
            </ListContextProvider>
          </ResourceContextProvider>
        </>
      )}
    </Stack>
  );
}
