import { useState } from 'react';
import { Button, Grid, Typography } from '@mui/material';
import {
  ArrayInput,
  Datagrid,
  FunctionField,
  List,
  RadioButtonGroupInput,
  SelectInput,
  SimpleFormIterator,
  TextField,
  TextInput,
  useRefresh,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useAppDataProvider } from '../../api/dataProvider';
import { formatAmount } from '../../invoices/money';
import { saveFailure } from '../../invoices/shared/saveFailure';
import { nestErrors } from '../../kit/formErrors';
import { FormDialog } from '../../kit/FormDialog';
import { PageHeader } from '../../kit/PageHeader';
import { useSettlementSales } from '../settlementsApi';
import {
  PLAN_SERVER_FIELDS,
  planDraft,
  planPayload,
  rateText,
  tiersSummary,
  validatePlan,
  type CommissionPlanRecord,
  type PlanValues,
} from './planForm';

const SCOPES = [
  { id: 'consignor', name: "Consignors' plan (chosen on each consignor)" },
  { id: 'house', name: 'House default' },
  { id: 'sale', name: "A sale's plan" },
];
const BASES = [
  { id: 'paid', name: 'Pay when the buyer has paid' },
  { id: 'hammer', name: 'Pay on hammer' },
];

const scopeOf = (p: CommissionPlanRecord) => (p.isHouseDefault ? 'House default' : p.auctionGroupId ? 'Sale' : 'Consignors');

/**
 * Commission plans (`/settlements/plans`, settlement access): react-admin's list over
 * `/api/commission-plans`; "New plan" and a row click open the plan form (marginal tiers, minimum,
 * buy-in fee, fixed fees, tax on commission, settlement basis) in a dialog. Per-lot overrides are
 * set on the consignor's lots (Consignors screen).
 */
export function CommissionPlansPage() {
  const [editing, setEditing] = useState<CommissionPlanRecord | 'new' | null>(null);
  return (
    <>
      <PageHeader
        title="Commission Plans"
        back={{ to: '/settlements', label: '< Settlements' }}
        actions={
          <Button variant="contained" onClick={() => setEditing('new')} data-testid="new-plan">
            New plan
          </Button>
        }
      />
      <List
        resource="commission-plans"
        title={false}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        exporter={false}
        storeKey="commission-plans"
        disableSyncWithLocation
        actions={false}
      >
        <Datagrid
          bulkActionButtons={false}
          rowClick={(_id, _r, record) => (setEditing(record as CommissionPlanRecord), false)}
          data-testid="plans-table"
        >
          <TextField source="name" label="Name" />
          <FunctionField label="Applies to" render={scopeOf} />
          <FunctionField label="Commission" sortable={false} render={(p: CommissionPlanRecord) => tiersSummary(p.tiers, formatAmount)} />
          <FunctionField label="Minimum" textAlign="right" render={(p: CommissionPlanRecord) => formatAmount(p.minimumCommissionCents)} />
          <FunctionField
            label="Fees per lot"
            textAlign="right"
            render={(p: CommissionPlanRecord) => formatAmount(p.photographyFeeCents + p.insuranceFeeCents + p.lottingFeeCents)}
          />
          <FunctionField label="Tax" textAlign="right" render={(p: CommissionPlanRecord) => `${rateText(p.commissionTaxRate)} %`} />
        </Datagrid>
      </List>
      <PlanDialog plan={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function PlanDialog({ plan, onClose }: { plan: CommissionPlanRecord | 'new' | null; onClose: () => void }) {
  const dp = useAppDataProvider();
  const refresh = useRefresh();
  const record = plan === 'new' ? null : plan;
  return (
    <FormDialog<PlanValues>
      key={record?.id ?? 'new'}
      open={plan !== null}
      onClose={onClose}
      name="plan"
      title={record ? `Edit ${record.name}` : 'New commission plan'}
      submitLabel="Save"
      unsavedText="The commission plan has not been saved."
      maxWidth="md"
      initialValues={() => planDraft(record)}
      isDirty={(v, initial) => JSON.stringify(v) !== JSON.stringify(initial)}
      validate={(v) => nestErrors(validatePlan(v))}
      onSubmit={async (v) => {
        const body = planPayload(v, record?.version);
        if (record) await dp.call('PUT', `/api/commission-plans/${record.id}`, body);
        else await dp.call('POST', '/api/commission-plans', body);
        refresh();
        onClose();
      }}
      describeFailure={saveFailure}
      serverFields={PLAN_SERVER_FIELDS}
    >
      <PlanInputs />
    </FormDialog>
  );
}

const text = (source: string, label: string, helperText?: string) => (
  <TextInput source={source} label={label} fullWidth parse={(t: string) => t} helperText={helperText ?? false} />
);

function PlanInputs() {
  const scope = useWatch({ name: 'scope' });
  const sales = useSettlementSales().data ?? [];
  return (
    <Grid container columnSpacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>{text('name', 'Name')}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectInput source="scope" label="Applies to" choices={SCOPES} fullWidth />
      </Grid>
      {scope === 'sale' && (
        <Grid size={{ xs: 12 }}>
          <SelectInput source="auctionGroupId" label="Sale" choices={sales} fullWidth />
        </Grid>
      )}
      <Grid size={{ xs: 12 }}>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          Commission tiers (marginal: each slice of the hammer at its tier&apos;s rate; one tier is a flat rate)
        </Typography>
        <ArrayInput source="tiers" label={false}>
          <SimpleFormIterator inline disableReordering resource="commission-plans">
            <TextInput source="upTo" label="Up to (blank: and above)" parse={(t: string) => t} helperText={false} />
            <TextInput source="rate" label="Rate %" parse={(t: string) => t} helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{text('minimumCommission', 'Minimum commission per lot')}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{text('buyInFee', 'Unsold (buy-in) fee')}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{text('buyInRate', 'Buy-in % of the reserve')}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{text('photographyFee', 'Photography fee per lot')}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{text('insuranceFee', 'Insurance fee per lot')}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{text('lottingFee', 'Lotting fee per lot')}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{text('commissionTaxRate', 'Tax on commission %', '0: none')}</Grid>
      <Grid size={{ xs: 12, sm: 8 }}>
        <RadioButtonGroupInput source="settlementBasis" label="Settle a sold lot" choices={BASES} />
      </Grid>
    </Grid>
  );
}
