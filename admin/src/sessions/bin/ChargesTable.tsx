import { useState } from 'react';
import { Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useController, useWatch } from 'react-hook-form';
import { BIN_FIELD_MAX, taxSettingErrors, type BinTaxSetting } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { FormDialog, type FormDialogFailure } from '../../kit/FormDialog';
import { FormTextField } from '../../kit/FormTextField';
import { fetchTaxStates, type Country } from './binApi';

const native = { select: { native: true }, inputLabel: { shrink: true } } as const;
/** Countries whose state is chosen from a list (the server's STATE_LIST_COUNTRIES). */
const WITH_STATES = ['US', 'CA', 'AU', 'UK'];

/** Additional Charges (Taxes & Fees): the rows, Add Charge Type and its modal (spec 001 "Bin step 1"). */
export function ChargesTable({ countries }: { countries: Country[] }) {
  const { field } = useController({ name: 'taxSettings' });
  const rows = (field.value ?? []) as BinTaxSetting[];
  const [open, setOpen] = useState(false);
  const name = (code: string) => countries.find((c) => c.countryCode === code)?.countryName ?? code;
  return (
    <Stack spacing={1}>
      <Table size="small" aria-label="Additional charges" data-testid="bin-charges">
        <TableHead>
          <TableRow>
            <TableCell>Tax Type</TableCell>
            <TableCell align="right">Rate %</TableCell>
            <TableCell>Country</TableCell>
            <TableCell>State</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>
                <Typography variant="body2" color="text.secondary">
                  No charges.
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map((r, i) => (
            <TableRow key={`${r.taxType}-${i}`}>
              <TableCell>{r.taxType}</TableCell>
              <TableCell align="right">{r.taxRate}</TableCell>
              <TableCell>{name(r.taxCountryID)}</TableCell>
              <TableCell>{r.taxStateID === 'ALL' ? 'All States' : r.taxStateID}</TableCell>
              <TableCell align="right">
                <IconButton size="small" aria-label={`Remove ${r.taxType}`} onClick={() => field.onChange(rows.filter((_, j) => j !== i))}>
                  ×
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div>
        <Button variant="outlined" size="small" onClick={() => setOpen(true)} data-testid="bin-add-charge">
          Add Charge Type
        </Button>
      </div>
      <FormDialog<BinTaxSetting>
        open={open}
        onClose={() => setOpen(false)}
        name="bin-charge"
        title="Add Charge Type"
        submitLabel="Save"
        unsavedText="Discard this charge?"
        initialValues={() => ({ taxType: '', taxRate: '', taxCountryID: '', taxStateID: '' })}
        isDirty={(v) => !!(v.taxType || v.taxRate || v.taxCountryID)}
        onSubmit={async (v) => {
          const row = { ...v, taxType: v.taxType.trim(), taxRate: v.taxRate.trim() };
          const errors = taxSettingErrors(row, WITH_STATES.includes(row.taxCountryID));
          if (Object.keys(errors).length) throw { message: Object.values(errors)[0], errors } satisfies FormDialogFailure;
          field.onChange([...rows, { ...row, taxStateID: row.taxStateID || 'ALL' }]);
          setOpen(false);
        }}
        describeFailure={(err) => err as FormDialogFailure}
        serverFields={{ taxType: 'taxType', taxRate: 'taxRate', taxCountryID: 'taxCountryID', taxStateID: 'taxStateID' }}
      >
        <ChargeFields countries={countries} />
      </FormDialog>
    </Stack>
  );
}

function ChargeFields({ countries }: { countries: Country[] }) {
  const dp = useAppDataProvider();
  const country = (useWatch({ name: 'taxCountryID' }) as string) ?? '';
  const hasStates = WITH_STATES.includes(country);
  const states = useQuery({ queryKey: ['tax-states', country], queryFn: () => fetchTaxStates(dp, country), enabled: hasStates });
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <FormTextField
        source="taxType"
        id="bin-charge-type"
        label="Tax Type"
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: BIN_FIELD_MAX } }}
      />
      <FormTextField
        source="taxRate"
        id="bin-charge-rate"
        label="Rate %"
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <FormTextField source="taxCountryID" id="bin-charge-country" label="Country" required select fullWidth slotProps={native}>
        <option value="">Select a country</option>
        {countries.map((c) => (
          <option key={c.countryCode} value={c.countryCode}>
            {c.countryName}
          </option>
        ))}
      </FormTextField>
      {hasStates && (
        <FormTextField source="taxStateID" id="bin-charge-state" label="State" required select fullWidth slotProps={native}>
          <option value="">Select a state</option>
          {(states.data ?? []).map((s) => (
            <option key={s.stateCode} value={s.stateCode}>
              {s.stateName}
            </option>
          ))}
        </FormTextField>
      )}
    </Stack>
  );
}
