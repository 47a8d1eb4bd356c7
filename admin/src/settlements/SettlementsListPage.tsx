import { useEffect, useState } from 'react';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { Datagrid, FunctionField, List, ReferenceInput, SelectInput, TextField, DateInput, useListContext, useRefresh } from 'react-admin';
import { AppAlert } from '../common/AppAlert';
import { useAppDataProvider } from '../api/dataProvider';
import { currencySymbolOf } from '../home/currency';
import { formatMoney } from '../invoices/money';
import { saveFailure } from '../invoices/shared/saveFailure';
import { FormDialog } from '../kit/FormDialog';
import { PageHeader } from '../kit/PageHeader';
import { StatusChip } from '../kit/StatusChip';
import { TotalsStrip } from '../kit/TotalsStrip';
import {
  SETTLEMENT_STATUSES,
  settlementPath,
  sourceLabel,
  useSettlementTotals,
  type SettlementJob,
  statusLabel,
  statusTone,
  useSettlementSales,
  type SettlementRecord,
  type SettlementRun,
} from './settlementsApi';

const money = (field: keyof SettlementRecord) => (r: SettlementRecord) => formatMoney(r[field] as number, currencySymbolOf(r.currencyCode));

function useFilters() {
  const sales = useSettlementSales().data ?? [];
  return [
    <SelectInput key="saleId" source="saleId" label="Sale" choices={sales} alwaysOn />,
    <ReferenceInput key="consignorId" source="consignorId" reference="consignors" sort={{ field: 'name', order: 'ASC' }} alwaysOn>
      <SelectInput label="Consignor" optionText="name" />
    </ReferenceInput>,
    <SelectInput key="status" source="status" label="Status" choices={SETTLEMENT_STATUSES} alwaysOn />,
  ];
}

/**
 * Totals of the whole filtered list (every page, not only the rows shown): the server sums what the
 * filter matches, per currency (two currencies never add up: one strip each).
 */
function FilteredTotals() {
  const { filterValues } = useListContext<SettlementRecord>();
  const rows = useSettlementTotals(filterValues ?? {}).data ?? [];
  if (!rows.length) return null;
  return (
    <Box sx={{ mb: 2, display: 'grid', gap: 1 }}>
      {rows.map((t, i) => (
        <TotalsStrip
          key={t.currencyCode}
          testId={i === 0 ? 'settlement-totals' : `settlement-totals-${t.currencyCode}`}
          symbol={currencySymbolOf(t.currencyCode)}
          items={[
            {
              label: rows.length > 1 ? `Settlements (${t.currencyCode})` : 'Settlements',
              value: t.count,
              testId: i ? undefined : 'total-count',
            },
            { label: 'Hammer', value: t.hammerCents, money: true },
            { label: 'Commission', value: t.commissionCents, money: true },
            { label: 'Net due', value: t.netDueCents, money: true, testId: i ? undefined : 'total-net-due' },
            { label: 'Paid', value: t.paidCents, money: true },
            { label: 'Balance', value: t.balanceCents, money: true, testId: i ? undefined : 'total-balance' },
          ]}
        />
      ))}
    </Box>
  );
}

/**
 * Consignor settlements (`/settlements`, settlement access): react-admin's list over
 * `/api/settlements` with the sale, consignor and status filters and the page's totals;
 * "Create for sale" settles every consignor of a sale at once; a row opens its detail.
 */
export function SettlementsListPage() {
  const filters = useFilters();
  const [creating, setCreating] = useState<'sale' | 'range' | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [run, setRun] = useState<SettlementRun | null>(null);
  return (
    <>
      <PageHeader
        title="Settlements"
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/settlements/consignors" data-testid="open-consignors">
              Consignors
            </Button>
            <Button component={RouterLink} to="/settlements/plans" data-testid="open-plans">
              Commission plans
            </Button>
            <Button variant="outlined" onClick={() => setCreating('range')} data-testid="create-for-consignor">
              Settle a consignor
            </Button>
            <Button variant="contained" onClick={() => setCreating('sale')} data-testid="create-for-sale">
              Create for sale
            </Button>
          </Box>
        }
      />
      {jobId && <RunProgress jobId={jobId} onDone={(r) => (setJobId(null), setRun(r))} onClose={() => setJobId(null)} />}
      {run && <RunResult run={run} onClose={() => setRun(null)} />}
      <List
        resource="settlements"
        title={false}
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={25}
        exporter={false}
        storeKey="settlements"
        disableSyncWithLocation
        actions={false}
        empty={false}
      >
        <FilteredTotals />
        <Datagrid bulkActionButtons={false} rowClick={(id) => settlementPath(id)} data-testid="settlements-table">
          <TextField source="id" label="#" />
          <TextField source="consignorName" label="Consignor" />
          <FunctionField source="saleName" label="Sale or period" render={(r: SettlementRecord) => sourceLabel(r) || '—'} />
          <FunctionField
            source="status"
            label="Status"
            render={(r: SettlementRecord) => <StatusChip label={statusLabel(r.status)} tone={statusTone(r.status)} />}
          />
          <FunctionField
            label="Lots"
            textAlign="right"
            render={(r: SettlementRecord) => `${r.lotCount}${r.heldCount ? ` (${r.heldCount} held)` : ''}`}
          />
          <FunctionField label="Hammer" textAlign="right" render={money('hammerCents')} />
          <FunctionField source="netDueCents" label="Net due" textAlign="right" render={money('netDueCents')} />
          <FunctionField label="Balance" textAlign="right" render={money('balanceCents')} />
        </Datagrid>
      </List>
      <CreateForSaleDialog
        open={creating === 'sale'}
        onClose={() => setCreating(null)}
        onQueued={(id) => (setRun(null), setJobId(id), setCreating(null))}
      />
      <CreateForConsignorDialog
        open={creating === 'range'}
        onClose={() => setCreating(null)}
        onDone={(r) => (setRun(r), setCreating(null))}
      />
    </>
  );
}

/** Queues "create for a sale" (every consignor at once) as a job; RunProgress follows it. */
function CreateForSaleDialog({ open, onClose, onQueued }: { open: boolean; onClose: () => void; onQueued: (jobId: string) => void }) {
  const dp = useAppDataProvider();
  const sales = useSettlementSales().data ?? [];
  return (
    <FormDialog<{ saleId: number | '' }>
      open={open}
      onClose={onClose}
      name="for-sale"
      title="Create settlements for a sale"
      submitLabel="Create"
      unsavedText="The settlements have not been created."
      initialValues={() => ({ saleId: '' })}
      isDirty={(v) => v.saleId !== ''}
      onSubmit={async (v) => {
        const job = await dp.call<SettlementJob>('POST', '/api/settlements/for-sale/jobs', { saleId: Number(v.saleId) });
        onQueued(job.id);
      }}
      describeFailure={saveFailure}
      serverFields={{ saleId: 'saleId' }}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Every consignor of the sale gets a draft settlement; drafts already there are rebuilt, ready and paid ones are kept.
        </Typography>
      }
    >
      <SelectInput
        source="saleId"
        label="Sale"
        choices={sales}
        fullWidth
        validate={(v: unknown) => (v ? undefined : 'Choose a sale.')}
        emptyText={sales.length ? '' : 'No sale has consigned lots'}
      />
    </FormDialog>
  );
}

/** Follows the for-sale job (`/api/jobs/{id}`): a bar of consignors settled, then the run or its refusal. */
function RunProgress({ jobId, onDone, onClose }: { jobId: string; onDone: (r: SettlementRun) => void; onClose: () => void }) {
  const dp = useAppDataProvider();
  const refresh = useRefresh();
  const qc = useQueryClient();
  const { data: job } = useQuery({
    queryKey: ['settlement-job', jobId],
    queryFn: () => dp.call<SettlementJob>('GET', `/api/jobs/${encodeURIComponent(jobId)}`),
    refetchInterval: (q) => (q.state.data && ['completed', 'failed'].includes(q.state.data.status) ? false : 500),
  });
  const run = job?.status === 'completed' ? job.result?.run : null;
  useEffect(() => {
    if (!run) return;
    void qc.invalidateQueries({ queryKey: ['settlements'] });
    refresh();
    onDone(run);
  }, [run]); // eslint-disable-line react-hooks/exhaustive-deps
  const failure = job?.status === 'failed' ? (job.error ?? 'The settlements could not be created.') : (job?.result?.error ?? null);
  if (failure)
    return (
      <Box sx={{ mb: 2 }} data-testid="run-failed">
        <AppAlert message={failure} onClose={onClose} />
      </Box>
    );
  const { done = 0, total = 0, message = null } = job?.progress ?? {};
  return (
    <Box data-testid="run-progress" sx={{ mb: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Creating settlements{total ? `: ${done} of ${total} consignors` : '...'}
        {message ? ` (${message})` : ''}
      </Typography>
      <LinearProgress variant={total ? 'determinate' : 'indeterminate'} value={total ? (100 * done) / total : undefined} />
    </Box>
  );
}

/** One consignor's settlement over a date range, across sales (`POST /api/settlements/for-consignor`). */
function CreateForConsignorDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (r: SettlementRun) => void }) {
  const dp = useAppDataProvider();
  const refresh = useRefresh();
  const qc = useQueryClient();
  return (
    <FormDialog<{ consignorId: number | ''; from: string; to: string }>
      open={open}
      onClose={onClose}
      name="for-consignor"
      title="Settle a consignor over a date range"
      submitLabel="Create"
      unsavedText="The settlement has not been created."
      initialValues={() => ({ consignorId: '', from: '', to: '' })}
      isDirty={(v) => Boolean(v.consignorId || v.from || v.to)}
      onSubmit={async (v) => {
        const r = await dp.call<SettlementRun>('POST', '/api/settlements/for-consignor', {
          consignorId: Number(v.consignorId) || 0,
          from: v.from ?? '',
          to: v.to ?? '',
        });
        await qc.invalidateQueries({ queryKey: ['settlements'] });
        refresh();
        onDone(r);
      }}
      describeFailure={saveFailure}
      serverFields={{ consignorId: 'consignorId', from: 'from', to: 'to' }}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Every lot of the consignor in a sale held between these dates (inclusive) that is not already on another settlement.
        </Typography>
      }
    >
      <ReferenceInput source="consignorId" reference="consignors" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
        <SelectInput label="Consignor" optionText="name" fullWidth validate={(v: unknown) => (v ? undefined : 'Choose a consignor.')} />
      </ReferenceInput>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <DateInput source="from" label="From" fullWidth />
        <DateInput source="to" label="To" fullWidth />
      </Box>
    </FormDialog>
  );
}

function RunResult({ run, onClose }: { run: SettlementRun; onClose: () => void }) {
  const rows = run.settlements;
  return (
    <Box data-testid="run-result" sx={{ mb: 2, p: 1.5, border: 1, borderColor: 'success.light', borderRadius: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {sourceLabel(run)}: {rows.length} settlement{rows.length === 1 ? '' : 's'} created or rebuilt
        </Typography>
        <Button size="small" onClick={onClose}>
          Close
        </Button>
      </Box>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {rows.map((s) => (
          <li key={s.consignorId}>
            {s.consignorName}: net due {formatMoney(s.netDueCents, currencySymbolOf(run.currencyCode))}
            {s.heldCount ? `, ${s.heldCount} lot${s.heldCount === 1 ? '' : 's'} held back` : ''}
          </li>
        ))}
      </Box>
    </Box>
  );
}
