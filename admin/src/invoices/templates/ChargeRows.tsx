import { Box, Button, Checkbox, FormControlLabel, FormGroup, FormHelperText, IconButton, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useInput } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useCountries, useStates, type CountryList } from '../../common/geo';
import { useShownMessage } from '../../kit/formErrors';
import { FormTextField } from '../../kit/FormTextField';
import { CHARGE_LIST, feeNameHasTax, newCharge, rateOnFocus, stateFieldOf, type ChargeDraft, type ChargeKind } from './templateForm';

const GRID = {
  display: 'grid',
  gap: 1.5,
  alignItems: 'start',
  gridTemplateColumns: { xs: '1fr', md: '200px 170px minmax(150px, 1fr) 110px auto 40px' },
} as const;

export interface ChargeRowsProps {
  kind: ChargeKind;
  /** Which country list the rows pick from (card-processor tax rows: without the US). */
  countryList: CountryList;
  disabled: boolean;
}

/**
 * The tax rows or the fee rows (the form's `taxes` / `fees`, a react-hook-form field array): country,
 * state/province (US and Canada), name, rate, Hammer / Live Fee / BP.
 */
export function ChargeRows({ kind, countryList, disabled }: ChargeRowsProps) {
  const list = CHARGE_LIST[kind];
  const { fields, append, remove } = useFieldArray<Record<string, ChargeDraft[]>, string, 'id'>({ name: list });
  const countries = useCountries(countryList);
  const title = kind === 'tax' ? 'Taxes' : 'Fees';
  return (
    <Box component="section" aria-label={title} data-testid={`${kind}-rows`}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {kind === 'tax' ? 'No taxes on this template.' : 'No fees on this template.'}
        </Typography>
      )}
      {fields.map((row, index) => (
        <ChargeRow
          key={row.key}
          kind={kind}
          index={index}
          rowKey={row.key}
          countryList={countryList}
          countries={countries.data ?? []}
          countriesLoading={countries.isPending}
          disabled={disabled}
          onDelete={() => remove(index)}
        />
      ))}
      {!disabled && (
        <Button startIcon={<AddIcon />} onClick={() => append(newCharge())} data-testid={`add-${kind}`}>
          {kind === 'tax' ? 'Add Tax' : 'Add Fee'}
        </Button>
      )}
    </Box>
  );
}

interface ChargeRowProps {
  kind: ChargeKind;
  index: number;
  /** The row's stable key (its fields' ids). */
  rowKey: number;
  countryList: CountryList;
  countries: { countryCode: string; countryName: string }[];
  countriesLoading: boolean;
  disabled: boolean;
  onDelete: () => void;
}

function ChargeRow({ kind, index, rowKey, countryList, countries, countriesLoading, disabled, onDelete }: ChargeRowProps) {
  const path = `${CHARGE_LIST[kind]}.${index}`;
  const { setValue, getValues } = useFormContext();
  const row = (useWatch({ name: path }) ?? {}) as Partial<ChargeDraft>;
  const country = row.country ?? '';
  const state = row.state ?? '';
  const stateField = stateFieldOf(country);
  const states = useStates(stateField ? country : null, countryList);
  const boxesError = useShownMessage(`${path}.hammer`);
  const id = (f: string) => `${kind}-${rowKey}-${f}`;
  const noun = kind === 'tax' ? 'Tax' : 'Fee';
  const native = { select: { native: true }, inputLabel: { shrink: true } } as const;
  return (
    <Box sx={{ ...GRID, py: 1, borderBottom: 1, borderColor: 'divider' }} data-testid={`${kind}-row-${index}`}>
      <FormTextField
        source={`${path}.country`}
        id={id('country')}
        showErrors="submitted"
        select
        label="Country"
        // A new country: the state chosen for the old one no longer applies.
        onChange={() => setValue(`${path}.state`, '')}
        disabled={disabled}
        fullWidth
        slotProps={native}
      >
        <option value="">{countriesLoading ? 'Loading…' : 'Select a country'}</option>
        {country && !countriesLoading && !countries.some((c) => c.countryCode === country) && <option value={country}>{country}</option>}
        {countries.map((c) => (
          <option key={c.countryCode} value={c.countryCode}>
            {c.countryName}
          </option>
        ))}
      </FormTextField>
      {stateField ? (
        <FormTextField
          source={`${path}.state`}
          id={id('state')}
          showErrors="submitted"
          select
          label={stateField.label}
          disabled={disabled}
          fullWidth
          slotProps={native}
        >
          <option value="">{states.isPending ? 'Loading…' : `Select a ${stateField.label.toLowerCase()}`}</option>
          {state && states.data && !states.data.some((s) => s.stateCode === state) && <option value={state}>{state}</option>}
          {states.data?.map((s) => (
            <option key={s.stateCode} value={s.stateCode}>
              {s.stateName}
            </option>
          ))}
        </FormTextField>
      ) : (
        <Box sx={{ display: { xs: 'none', md: 'block' } }} aria-hidden />
      )}
      <FormTextField
        source={`${path}.name`}
        id={id('name')}
        showErrors="submitted"
        // A fee named like a tax is said at once (it also disables Save).
        live={kind === 'fee' && feeNameHasTax(row.name ?? '')}
        label="Charge Type"
        disabled={disabled}
        fullWidth
        placeholder={kind === 'tax' ? 'e.g. Sales Tax' : 'e.g. Handling'}
        slotProps={{ htmlInput: { maxLength: 50 }, inputLabel: { shrink: true } }}
      />
      <FormTextField
        source={`${path}.rate`}
        id={id('rate')}
        showErrors="submitted"
        label="Rate %"
        type="number"
        onFocus={() => {
          const rate = String(getValues(`${path}.rate`) ?? '');
          const cleared = rateOnFocus(rate);
          if (cleared !== rate) setValue(`${path}.rate`, cleared);
        }}
        disabled={disabled}
        fullWidth
        slotProps={{ htmlInput: { min: 0, max: 100, step: 0.001, inputMode: 'decimal' }, inputLabel: { shrink: true } }}
      />
      <Box>
        <FormGroup row aria-label={`${noun} Type`} sx={{ flexWrap: 'nowrap' }}>
          <RowCheckbox source={`${path}.hammer`} label="Hammer" disabled={disabled} />
          <RowCheckbox source={`${path}.liveFee`} label="Live Fee" disabled={disabled} />
          <RowCheckbox source={`${path}.premium`} label="BP" disabled={disabled} />
        </FormGroup>
        {boxesError && (
          <FormHelperText error sx={{ maxWidth: 260 }}>
            {boxesError}
          </FormHelperText>
        )}
      </Box>
      {disabled ? (
        <span />
      ) : (
        <Tooltip title={`Delete this ${noun.toLowerCase()}`}>
          <IconButton aria-label={`Delete ${noun.toLowerCase()} ${index + 1}`} onClick={onDelete} size="small" sx={{ mt: 0.5 }}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

const asIs = (v: unknown) => v;
const checked = (v: unknown) => v === true;

/** One of a row's check boxes (react-admin's useInput; `disabled` on the control only, so its value is still saved). */
export function RowCheckbox({ source, label, disabled }: { source: string; label: string; disabled: boolean }) {
  const { field } = useInput({ source, parse: asIs, format: checked });
  return (
    <FormControlLabel
      control={
        <Checkbox size="small" checked={field.value as boolean} onChange={(e) => field.onChange(e.target.checked)} disabled={disabled} />
      }
      label={label}
    />
  );
}
