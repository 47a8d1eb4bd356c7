import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Datagrid, FunctionField, List, ReferenceInput, SelectInput, TextField, useListContext, useRefresh } from 'react-admin';
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

/** The page's totals (the list is paged on the server, so these add up the rows shown). */
function PageTotals() {
  const { data } = useListContext<SettlementRecord>();
  if (!data?.length) return null;
  const sum = (f: keyof SettlementRecord) => data.reduce((a, r) => a + (r[f] as number), 0);
  return (
    <Box sx={{ mb: 2 }}>
      <TotalsStrip
        testId="settlement-totals"
        symbol={currencySymbolOf(data[0].currencyCode)}
        items={[
          { label: 'Settlements on this page', value: data.length },
          { label: 'Hammer', value: sum('hammerCents'), money: true },
          { label: 'Commission', value: sum('commissionCents'), money: true },
          { label: 'Net due', value: sum('netDueCents'), money: true, testId: 'total-net-due' },
          { label: 'Paid', value: sum('paidCents'), money: true },
          { label: 'Balance', value: sum('balanceCents'), money: true, testId: 'total-balance' },
        ]}
      />
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
  const [creating, setCreating] = useState(false);
  const [run, setRun] = useState<SettlementRun | null>(null);
  return (
    <>
      <PageHeader
        title="Settlements"
        actions={
          <Button variant="contained" onClick={() => setCreating(true)} data-testid="create-for-sale">
            Create for sale
          </Button>
        }
      />
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
        <PageTotals />
        <Datagrid bulkActionButtons={false} rowClick={(id) => settlementPath(id)} data-testid="settlements-table">
          <TextField source="id" label="#" />
          <TextField source="consignorName" label="Consignor" />
          <TextField source="saleName" label="Sale" emptyText="—" />
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
      <CreateForSaleDialog open={creating} onClose={() => setCreating(false)} onDone={(r) => (setRun(r), setCreating(false))} />
    </>
  );
}

function CreateForSaleDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (r: SettlementRun) => void }) {
  const dp = useAppDataProvider();
  const refresh = useRefresh();
  const qc = useQueryClient();
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
        const r = await dp.call<SettlementRun>('POST', '/api/settlements/for-sale', { saleId: Number(v.saleId) });
        await qc.invalidateQueries({ queryKey: ['settlements'] });
        refresh();
        onDone(r);
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

function RunResult({ run, onClose }: { run: SettlementRun; onClose: () => void }) {
  const rows = run.settlements;
  return (
    <Box data-testid="run-result" sx={{ mb: 2, p: 1.5, border: 1, borderColor: 'success.light', borderRadius: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {run.saleName}: {rows.length} settlement{rows.length === 1 ? '' : 's'} created or rebuilt
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
