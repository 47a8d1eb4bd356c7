import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Datagrid, FunctionField, ListContextProvider, ResourceContextProvider, TextField, useList } from 'react-admin';
import { ACCOUNTING_ACCOUNTS, EXPORT_FORMATS, type ExportFormat } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { downloadUrl } from '../../common/downloadFile';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { ShellLoading } from '../../common/ShellLoading';
import { localToday } from '../../invoices/dates';
import { formatMoney } from '../../invoices/money';
import { AppSelect } from '../../kit/AppSelect';
import { DateRange } from '../../kit/DateRange';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { PageHeader } from '../../kit/PageHeader';
import { TotalsStrip } from '../../kit/TotalsStrip';
import { AccountsDialog } from './AccountsDialog';
import {
  ACCOUNTS_PATH,
  EXPORTS_PATH,
  monthToDate,
  trialBalancePath,
  type AccountsRecord,
  type ExportResult,
  type TrialBalance,
  type TrialBalanceRow,
} from './accountingApi';

const SYMBOL = '$';
const money = (cents: number) => formatMoney(cents, SYMBOL);

/**
 * Accounting Export (`/settlements/accounting`, settlement access): the house's account mapping,
 * a date range (the month so far by default) and a format; the range's trial balance, and the
 * export's files, each streamed from the server as a CSV download (docs/accounting-export.md).
 */
export function AccountingExportPage() {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const [range, setRange] = useState(() => monthToDate(localToday()));
  const [format, setFormat] = useState<ExportFormat>('xero');
  const [includeExported, setIncludeExported] = useState(false);
  const [editing, setEditing] = useState(false);
  const [result, setResult] = useState<ExportResult | null>(null);

  const accounts = useQuery({ queryKey: ['accounting', 'accounts'], queryFn: () => dp.call<AccountsRecord>('GET', ACCOUNTS_PATH) });
  const rangeOk = !!range.from && !!range.to && range.from <= range.to;
  const balance = useQuery({
    queryKey: ['accounting', 'trial-balance', range.from, range.to],
    queryFn: () => dp.call<TrialBalance>('GET', trialBalancePath(range.from, range.to)),
    enabled: rangeOk,
  });
  const exporting = useMutation({
    mutationFn: () => dp.call<ExportResult>('POST', EXPORTS_PATH, { ...range, format, includeExported }),
    onSuccess: (r) => {
      setResult(r);
      // Each file streams from the server as an attachment (same origin: the session cookie goes along).
      for (const f of r.files) downloadUrl(f.url, f.name);
    },
  });

  return (
    <Stack spacing={2} data-testid="accounting-export">
      <PageHeader title="Accounting Export" />
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="h2">
              Accounts
            </Typography>
            <Button variant="outlined" size="small" onClick={() => setEditing(true)} disabled={!accounts.data} data-testid="edit-accounts">
              Edit accounts
            </Button>
          </Box>
          {accounts.isError ? (
            <ErrorAlert error={accounts.error} />
          ) : !accounts.data ? (
            <ShellLoading />
          ) : accounts.data.mapped ? (
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1, m: 0, mt: 1 }}
              data-testid="account-codes"
            >
              {ACCOUNTING_ACCOUNTS.map((a) => (
                <div key={a.key}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {a.label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {accounts.data[a.key]}
                  </Typography>
                </div>
              ))}
            </Box>
          ) : (
            <Alert severity="info" sx={{ mt: 1 }} data-testid="accounts-not-mapped">
              Map the house&apos;s accounts before exporting.
            </Alert>
          )}
        </CardContent>
      </Card>
      {accounts.data && editing && (
        <AccountsDialog
          open
          accounts={accounts.data}
          onClose={() => setEditing(false)}
          onSaved={(a) => {
            queryClient.setQueryData(['accounting', 'accounts'], a);
            void queryClient.invalidateQueries({ queryKey: ['accounting', 'trial-balance'] });
            setEditing(false);
          }}
        />
      )}

      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <DateRange
              from={range.from}
              to={range.to}
              onChange={(from, to) => setRange({ from, to })}
              error={range.from && range.to && range.from > range.to ? 'The start date must not be after the end date.' : null}
            />
            <AppSelect
              label="Format"
              value={format}
              onChange={(v) => setFormat(v as ExportFormat)}
              options={EXPORT_FORMATS.map((f) => ({ value: f.id, label: f.name }))}
              size="small"
              sx={{ minWidth: 200 }}
              slotProps={{ htmlInput: { 'data-testid': 'export-format' } }}
            />
            <FormControlLabel
              control={<Checkbox checked={includeExported} onChange={(e) => setIncludeExported(e.target.checked)} />}
              label="Include exported"
              data-testid="include-exported"
            />
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              onClick={() => exporting.mutate()}
              disabled={!rangeOk || !accounts.data?.mapped || exporting.isPending}
              data-testid="export-button"
            >
              Export
            </Button>
          </Box>
        </CardContent>
      </Card>

      {/* A refusal (not mapped, already exported, a bad range) says why; anything else the generic text. */}
      {exporting.isError && <ExportRefusal error={exporting.error} />}
      {result && !exporting.isError && <ExportFiles result={result} />}

      {balance.isError ? (
        <ErrorAlert error={balance.error} />
      ) : rangeOk && !balance.data ? (
        <ShellLoading />
      ) : balance.data ? (
        <TrialBalanceView tb={balance.data} />
      ) : null}
    </Stack>
  );
}

function ExportRefusal({ error }: { error: unknown }) {
  const f = readApiError(error);
  const refused = f.status >= 400 && f.status < 500 && f.status !== 404;
  return refused ? <AppAlert severity="warning" message={f.message ?? undefined} /> : <ErrorAlert error={error} />;
}

function ExportFiles({ result }: { result: ExportResult }) {
  return (
    <Alert severity="success" data-testid="export-result">
      <Typography variant="body2" sx={{ mb: 1 }}>
        Exported {result.documentCount} documents
        {result.alreadyExported ? ` (${result.alreadyExported} already exported were left out)` : ''}.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {result.files.map((f) => (
          <Button
            key={f.name}
            size="small"
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => downloadUrl(f.url, f.name)}
            data-testid="export-file"
          >
            {f.name}
          </Button>
        ))}
      </Box>
    </Alert>
  );
}

function TrialBalanceView({ tb }: { tb: TrialBalance }) {
  const rows = tb.accounts.map((a) => ({ ...a, id: a.account }));
  const list = useList({ data: rows, resource: 'trial-balance', perPage: 100 });
  return (
    <Card variant="outlined" data-testid="trial-balance">
      <CardContent>
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="h2">
              Trial balance, {tb.from} to {tb.to}
            </Typography>
            <Alert severity={tb.balanced ? 'success' : 'error'} sx={{ py: 0 }} data-testid="balanced">
              {tb.balanced ? 'Balanced' : 'Not balanced'}: debits {money(tb.debitCents)}, credits {money(tb.creditCents)}
            </Alert>
          </Box>
          <TotalsStrip
            testId="tb-identities"
            symbol={SYMBOL}
            items={[
              { label: 'Buyer receivables', value: tb.buyer.receivablesCents, money: true, testId: 'tb-receivables' },
              { label: 'Consignor payables', value: tb.consignor.payablesCents, money: true, testId: 'tb-payables' },
              { label: 'House revenue', value: tb.revenue.totalCents, money: true, testId: 'tb-revenue' },
            ]}
          />
          <Typography variant="body2" color="text.secondary" data-testid="tb-formulas">
            Receivables = invoices {money(tb.buyer.invoicesCents)} − payments {money(tb.buyer.paymentsCents)} + refunds{' '}
            {money(tb.buyer.refundsCents)}. Payables = settlements {money(tb.consignor.settlementsCents)} − payouts{' '}
            {money(tb.consignor.payoutsCents)}. Revenue = premium {money(tb.revenue.premiumCents)} + fees {money(tb.revenue.feesCents)} +
            commission {money(tb.revenue.commissionCents)}.
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <ResourceContextProvider value="trial-balance">
              <ListContextProvider value={list}>
                <Datagrid bulkActionButtons={false} rowClick={false} data-testid="tb-table">
                  <TextField source="label" label="Account" sortable={false} />
                  <FunctionField<TrialBalanceRow> label="Code" sortable={false} render={(r) => r.code ?? '(chosen on import)'} />
                  <FunctionField<TrialBalanceRow>
                    label="Debit"
                    textAlign="right"
                    sortable={false}
                    render={(r) => (r.debitCents ? money(r.debitCents) : '')}
                  />
                  <FunctionField<TrialBalanceRow>
                    label="Credit"
                    textAlign="right"
                    sortable={false}
                    render={(r) => (r.creditCents ? money(r.creditCents) : '')}
                  />
                </Datagrid>
              </ListContextProvider>
            </ResourceContextProvider>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
