import { useState } from 'react';
import { Box, Button, Grid } from '@mui/material';
import { Datagrid, FunctionField, List, ReferenceInput, SearchInput, SelectInput, TextField, TextInput, useRefresh } from 'react-admin';
import { useAppDataProvider } from '../../api/dataProvider';
import { saveFailure } from '../../invoices/shared/saveFailure';
import { FormDialog } from '../../kit/FormDialog';
import { PageHeader } from '../../kit/PageHeader';
import { PAYOUT_METHODS } from '../settlementsApi';

/** A consignor as `/api/consignors` answers it. */
export interface ConsignorRecord {
  id: number;
  name: string;
  company: string | null;
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  countryCode: string | null;
  email: string | null;
  phone: string | null;
  taxId: string | null;
  payoutMethod: string;
  commissionPlanId: number | null;
  version: number;
}

const TEXT_FIELDS = [
  'name',
  'company',
  'email',
  'phone',
  'taxId',
  'street1',
  'street2',
  'city',
  'state',
  'postalCode',
  'countryCode',
] as const;
type ConsignorValues = Record<(typeof TEXT_FIELDS)[number], string> & { payoutMethod: string; commissionPlanId: number | '' };

const LABELS: Record<(typeof TEXT_FIELDS)[number], string> = {
  name: 'Name',
  company: 'Company',
  email: 'Email',
  phone: 'Phone',
  taxId: 'Tax id',
  street1: 'Street',
  street2: 'Street (line 2)',
  city: 'City',
  state: 'State',
  postalCode: 'Postal code',
  countryCode: 'Country (2 letters)',
};

const draftOf = (c: ConsignorRecord | null): ConsignorValues => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, c?.[f] ?? ''])) as Record<(typeof TEXT_FIELDS)[number], string>),
  payoutMethod: c?.payoutMethod ?? 'check',
  commissionPlanId: c?.commissionPlanId ?? '',
});

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Name, company or email" />];

/**
 * Consignors (`/settlements/consignors`, settlement access): react-admin's list over
 * `/api/consignors` with a search; "New consignor" and a row click open the same form in a dialog,
 * whose refusals show the server's messages beside the fields.
 */
export function ConsignorsPage() {
  const [editing, setEditing] = useState<ConsignorRecord | 'new' | null>(null);
  return (
    <>
      <PageHeader
        title="Consignors"
        back={{ to: '/settlements', label: '< Settlements' }}
        actions={
          <Button variant="contained" onClick={() => setEditing('new')} data-testid="new-consignor">
            New consignor
          </Button>
        }
      />
      <List
        resource="consignors"
        title={false}
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        exporter={false}
        storeKey="consignors"
        disableSyncWithLocation
        actions={false}
      >
        <Datagrid
          bulkActionButtons={false}
          rowClick={(_id, _r, record) => (setEditing(record as ConsignorRecord), false)}
          data-testid="consignors-table"
        >
          <TextField source="name" label="Name" />
          <TextField source="company" label="Company" emptyText="—" />
          <TextField source="email" label="Email" emptyText="—" sortable={false} />
          <TextField source="phone" label="Phone" emptyText="—" sortable={false} />
          <FunctionField
            label="Payout"
            sortable={false}
            render={(r: ConsignorRecord) => PAYOUT_METHODS.find((m) => m.id === r.payoutMethod)?.name ?? r.payoutMethod}
          />
        </Datagrid>
      </List>
      <ConsignorDialog consignor={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function ConsignorDialog({ consignor, onClose }: { consignor: ConsignorRecord | 'new' | null; onClose: () => void }) {
  const dp = useAppDataProvider();
  const refresh = useRefresh();
  const record = consignor === 'new' ? null : consignor;
  return (
    <FormDialog<ConsignorValues>
      key={record?.id ?? 'new'}
      open={consignor !== null}
      onClose={onClose}
      name="consignor"
      title={record ? `Edit ${record.name}` : 'New consignor'}
      submitLabel="Save"
      unsavedText="The consignor has not been saved."
      maxWidth="md"
      initialValues={() => draftOf(record)}
      isDirty={(v, initial) => JSON.stringify(v) !== JSON.stringify(initial)}
      onSubmit={async (v) => {
        const body = {
          ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, (v[f] ?? '').trim() || null])),
          name: (v.name ?? '').trim(),
          payoutMethod: v.payoutMethod,
          commissionPlanId: v.commissionPlanId ? Number(v.commissionPlanId) : null,
          ...(record ? { version: record.version } : {}),
        };
        if (record) await dp.call('PUT', `/api/consignors/${record.id}`, body);
        else await dp.call('POST', '/api/consignors', body);
        refresh();
        onClose();
      }}
      describeFailure={saveFailure}
      serverFields={Object.fromEntries([...TEXT_FIELDS, 'payoutMethod', 'commissionPlanId'].map((f) => [f, f]))}
    >
      <Grid container columnSpacing={2}>
        {TEXT_FIELDS.map((f) => (
          <Grid key={f} size={{ xs: 12, sm: f === 'name' || f === 'company' ? 6 : f === 'street1' || f === 'street2' ? 6 : 4 }}>
            <TextInput
              source={f}
              label={LABELS[f]}
              fullWidth
              parse={(t: string) => t}
              validate={f === 'name' ? (v: unknown) => (String(v ?? '').trim() ? undefined : 'Name is required.') : undefined}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectInput source="payoutMethod" label="Payout method" choices={PAYOUT_METHODS} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Box>
            <ReferenceInput source="commissionPlanId" reference="commission-plans" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
              <SelectInput
                label="Commission plan"
                optionText="name"
                fullWidth
                emptyText="The sale's plan, else the house default"
                parse={(v) => v}
              />
            </ReferenceInput>
          </Box>
        </Grid>
      </Grid>
    </FormDialog>
  );
}
