import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  IconButton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useCountries, useStates, type CountryList } from '../../common/geo';
import { chargeErrorKey, newCharge, rateOnFocus, stateFieldOf, type ChargeDraft, type ChargeKind } from './templateForm';

const GRID = {
  display: 'grid',
  gap: 1.5,
  alignItems: 'start',
  gridTemplateColumns: { xs: '1fr', md: '200px 170px minmax(150px, 1fr) 110px auto 40px' },
} as const;

export interface ChargeRowsProps {
  kind: ChargeKind;
  rows: ChargeDraft[];
  /** Which country list the rows pick from (card-processor tax rows: without the US). */
  countryList: CountryList;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (rows: ChargeDraft[]) => void;
}

/** The tax rows or the fee rows: country, state/province (US and Canada), name, rate, Hammer / Live Fee / BP. */
export function ChargeRows({ kind, rows, countryList, errors, disabled, onChange }: ChargeRowsProps) {
  const countries = useCountries(countryList);
  const title = kind === 'tax' ? 'Taxes' : 'Fees';
  const update = (index: number, patch: Partial<ChargeDraft>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <Box component="section" aria-label={title} data-testid={`${kind}-rows`}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {kind === 'tax' ? 'No taxes on this template.' : 'No fees on this template.'}
        </Typography>
      )}
      {rows.map((row, index) => (
        <ChargeRow
          key={row.key}
          kind={kind}
          index={index}
          row={row}
          countryList={countryList}
          countries={countries.data ?? []}
          countriesLoading={countries.isPending}
          errors={errors}
          disabled={disabled}
          onChange={(patch) => update(index, patch)}
          onDelete={() => onChange(rows.filter((_, i) => i !== index))}
        />
      ))}
      {!disabled && (
        <Button startIcon={<AddIcon />} onClick={() => onChange([...rows, newCharge()])} data-testid={`add-${kind}`}>
          {kind === 'tax' ? 'Add Tax' : 'Add Fee'}
        </Button>
      )}
    </Box>
  );
}

interface ChargeRowProps {
  kind: ChargeKind;
  index: number;
  row: ChargeDraft;
  countryList: CountryList;
  countries: { countryCode: string; countryName: string }[];
  countriesLoading: boolean;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (patch: Partial<ChargeDraft>) => void;
  onDelete: () => void;
}

function ChargeRow({ kind, index, row, countryList, countries, countriesLoading, errors, disabled, onChange, onDelete }: ChargeRowProps) {
  const stateField = stateFieldOf(row.country);
  const states = useStates(stateField ? row.country : null, countryList);
  const err = (f: 'country' | 'state' | 'name' | 'rate' | 'boxes') => errors[chargeErrorKey(kind, index, f)];
  const id = (f: string) => `${kind}-${row.key}-${f}`;
  const noun = kind === 'tax' ? 'Tax' : 'Fee';
  const boxesError = err('boxes');
  return (
    <Box sx={{ ...GRID, py: 1, borderBottom: 1, borderColor: 'divider' }} data-testid={`${kind}-row-${index}`}>
      <TextField
        id={id('country')}
        select
        label="Country"
        value={row.country}
        onChange={(e) => onChange({ country: e.target.value, state: '' })}
        error={!!err('country')}
        helperText={err('country')}
        disabled={disabled}
        fullWidth
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{countriesLoading ? 'Loading…' : 'Select a country'}</option>
        {row.country && !countriesLoading && !countries.some((c) => c.countryCode === row.country) && (
          <option value={row.country}>{row.country}</option>
        )}
        {countries.map((c) => (
          <option key={c.countryCode} value={c.countryCode}>
            {c.countryName}
          </option>
        ))}
      </TextField>
      {stateField ? (
        <TextField
          id={id('state')}
          select
          label={stateField.label}
          value={row.state}
          onChange={(e) => onChange({ state: e.target.value })}
          error={!!err('state')}
          helperText={err('state')}
          disabled={disabled}
          fullWidth
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{states.isPending ? 'Loading…' : `Select a ${stateField.label.toLowerCase()}`}</option>
          {row.state && states.data && !states.data.some((s) => s.stateCode === row.state) && (
            <option value={row.state}>{row.state}</option>
          )}
          {states.data?.map((s) => (
            <option key={s.stateCode} value={s.stateCode}>
              {s.stateName}
            </option>
          ))}
        </TextField>
      ) : (
        <Box sx={{ display: { xs: 'none', md: 'block' } }} aria-hidden />
      )}
      <TextField
        id={id('name')}
        label="Charge Type"
        value={row.name}
        onChange={(e) => onChange({ name: e.target.value })}
        error={!!err('name')}
        helperText={err('name')}
        disabled={disabled}
        fullWidth
        placeholder={kind === 'tax' ? 'e.g. Sales Tax' : 'e.g. Handling'}
        slotProps={{ htmlInput: { maxLength: 50 }, inputLabel: { shrink: true } }}
      />
      <TextField
        id={id('rate')}
        label="Rate %"
        type="number"
        value={row.rate}
        onFocus={() => {
          const cleared = rateOnFocus(row.rate);
          if (cleared !== row.rate) onChange({ rate: cleared });
        }}
        onChange={(e) => onChange({ rate: e.target.value })}
        error={!!err('rate')}
        helperText={err('rate')}
        disabled={disabled}
        fullWidth
        slotProps={{ htmlInput: { min: 0, max: 100, step: 0.001, inputMode: 'decimal' }, inputLabel: { shrink: true } }}
      />
      <Box>
        <FormGroup row aria-label={`${noun} Type`} sx={{ flexWrap: 'nowrap' }}>
          <FormControlLabel
            control={
              <Checkbox size="small" checked={row.hammer} onChange={(e) => onChange({ hammer: e.target.checked })} disabled={disabled} />
            }
            label="Hammer"
          />
          <FormControlLabel
            control={
              <Checkbox size="small" checked={row.liveFee} onChange={(e) => onChange({ liveFee: e.target.checked })} disabled={disabled} />
            }
            label="Live Fee"
          />
          <FormControlLabel
            control={
              <Checkbox size="small" checked={row.premium} onChange={(e) => onChange({ premium: e.target.checked })} disabled={disabled} />
            }
            label="BP"
          />
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
