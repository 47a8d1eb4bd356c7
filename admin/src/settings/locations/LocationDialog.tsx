import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Grid,
  TextField,
  Typography,
} from '@mui/material';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { useCountries, useStates } from '../../common/geo';
import {
  draftOf,
  FIELD_LABELS,
  hasStateList,
  LOCATION_LIMITS,
  LOCATION_TEXT,
  locationPayload,
  postalLabel,
  saveFailureText,
  stateLabel,
  validateLocation,
  withCountry,
  type HouseAddress,
  type LocationDraft,
  type LocationErrors,
  type LocationField,
} from './locationForm';

export interface LocationDialogProps {
  open: boolean;
  /** The location edited; null adds one (the spec's index -1). */
  address: HouseAddress | null;
  /** No location yet: the new one is the primary, whatever the checkbox says. */
  isFirst: boolean;
  onClose: () => void;
  onSaved: (saved: HouseAddress) => void;
}

/**
 * The Add/Edit Location modal: every field and limit of the Location form, the country's labels,
 * the state list refetched when the country changes, Save disabled until the rules pass, Enter
 * saves and Escape closes.
 */
export function LocationDialog({ open, address, isFirst, onClose, onSaved }: LocationDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="location-dialog-title">
      {/* Keyed so each opening starts from the location's own values. */}
      {open && <LocationForm key={address?.addressID ?? 'new'} address={address} isFirst={isFirst} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function LocationForm({ address, isFirst, onClose, onSaved }: Omit<LocationDialogProps, 'open'>) {
  const dp = useAppDataProvider();
  const { user } = useShellUser();
  const [draft, setDraft] = useState<LocationDraft>(() => draftOf(address, isFirst));
  const [touched, setTouched] = useState<Partial<Record<LocationField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<LocationErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const countries = useCountries('location');
  const listed = hasStateList(draft.countryCode);
  const states = useStates(listed ? draft.countryCode : null, 'location');

  const errors = useMemo(() => validateLocation(draft), [draft]);
  const valid = Object.keys(errors).length === 0;
  const editing = address !== null;
  const lockedPrimary = isFirst || (address?.primary ?? false);

  // A state code the list does not know (data from elsewhere) is kept visible as its own option.
  useEffect(() => {
    if (!listed || !states.data || !draft.stateCode) return;
    const found = states.data.find((s) => s.stateCode === draft.stateCode || s.stateName.toUpperCase() === draft.stateCode.toUpperCase());
    if (found && found.stateCode !== draft.stateCode) setDraft((d) => ({ ...d, stateCode: found.stateCode }));
  }, [listed, states.data, draft.stateCode]);

  const set = (field: LocationField) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setDraft((d) => (field === 'countryCode' ? withCountry(d, value) : { ...d, [field]: value }));
    // The server's message for a field goes once the field changes (a new country: its state and postal code too).
    const cleared: (LocationField | 'primary')[] = field === 'countryCode' ? [field, 'stateCode', 'province', 'postalCode'] : [field];
    setServerErrors((s) => Object.fromEntries(Object.entries(s).filter(([k]) => !cleared.includes(k as LocationField))) as LocationErrors);
    setAlert(null);
  };
  const touch = (field: LocationField) => () => setTouched((t) => ({ ...t, [field]: true }));

  /** A field's message: the server's after a refused save, else the rule's once the field was left. */
  const errorOf = (field: LocationField): string | undefined => serverErrors[field] ?? (touched[field] ? errors[field] : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || saving || !user) {
      setTouched(Object.fromEntries(Object.keys(errors).map((k) => [k, true])));
      return;
    }
    setSaving(true);
    setAlert(null);
    try {
      const res = await dp.call<{ data: { data: { status: string; houseAddress: HouseAddress } } }>(
        'POST',
        `/app/house/${encodeURIComponent(user.houseInfo.houseRef)}/location`,
        locationPayload(draft, address),
      );
      if (res.data.data.status !== 'success') throw new Error('Location not saved');
      onSaved(res.data.data.houseAddress);
    } catch (err) {
      const failure = readApiError(err);
      setServerErrors(failure.errors as LocationErrors);
      // 000 section 8: error code 302 (bad country or postal code) has its own text; other failures are logged.
      const text = saveFailureText(failure);
      if (!text) console.error('Location save failed', err);
      setAlert(text);
      setSaving(false);
    }
  };

  const text = (
    field: LocationField,
    label: string,
    opts: { required?: boolean; type?: string; autoFocus?: boolean; autoComplete?: string } = {},
  ) => (
    <TextField
      id={`location-${field}`}
      label={label}
      value={draft[field]}
      onChange={set(field)}
      onBlur={touch(field)}
      required={opts.required}
      type={opts.type}
      autoFocus={opts.autoFocus}
      autoComplete={opts.autoComplete ?? 'off'}
      error={!!errorOf(field)}
      helperText={errorOf(field)}
      fullWidth
      slotProps={{ htmlInput: { maxLength: LOCATION_LIMITS[field] } }}
    />
  );

  const sLabel = stateLabel(draft.countryCode);
  const pLabel = postalLabel(draft.countryCode);

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="location-form">
      <DialogTitle id="location-dialog-title">{editing ? 'Edit Location' : 'Add Location'}</DialogTitle>
      <DialogContent dividers>
        {alert !== null && (
          <Box sx={{ mb: 2 }} role="alert" data-testid="location-form-error">
            <AppAlert message={alert || null} />
          </Box>
        )}
        <Grid container spacing={2}>
          <Grid size={12}>{text('facilityName', FIELD_LABELS.facilityName, { autoFocus: true, autoComplete: 'organization' })}</Grid>
          <Grid size={12}>{text('addressStreet1', FIELD_LABELS.addressStreet1, { required: true, autoComplete: 'address-line1' })}</Grid>
          <Grid size={12}>{text('addressStreet2', FIELD_LABELS.addressStreet2, { autoComplete: 'address-line2' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              id="location-countryCode"
              select
              label={FIELD_LABELS.countryCode}
              required
              value={draft.countryCode}
              onChange={set('countryCode')}
              onBlur={touch('countryCode')}
              error={!!errorOf('countryCode')}
              helperText={errorOf('countryCode')}
              fullWidth
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{countries.isPending ? 'Loading…' : 'Select a country'}</option>
              {draft.countryCode && countries.data && !countries.data.some((c) => c.countryCode === draft.countryCode) && (
                <option value={draft.countryCode}>{draft.countryCode}</option>
              )}
              {countries.data?.map((c) => (
                <option key={c.countryCode} value={c.countryCode}>
                  {c.countryName}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {text('addressCity', FIELD_LABELS.addressCity, { required: true, autoComplete: 'address-level2' })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {listed ? (
              <TextField
                id="location-stateCode"
                select
                label={sLabel}
                required
                value={draft.stateCode}
                onChange={set('stateCode')}
                onBlur={touch('stateCode')}
                error={!!errorOf('stateCode')}
                helperText={errorOf('stateCode')}
                fullWidth
                disabled={states.isPending}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{states.isPending ? 'Loading…' : `Select a ${sLabel.toLowerCase()}`}</option>
                {draft.stateCode && states.data && !states.data.some((s) => s.stateCode === draft.stateCode) && (
                  <option value={draft.stateCode}>{draft.stateCode}</option>
                )}
                {states.data?.map((s) => (
                  <option key={s.stateCode} value={s.stateCode}>
                    {s.stateName}
                  </option>
                ))}
              </TextField>
            ) : (
              text('province', sLabel, { required: true, autoComplete: 'address-level1' })
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('postalCode', pLabel, { required: true, autoComplete: 'postal-code' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('addressPhone', FIELD_LABELS.addressPhone, { type: 'tel', autoComplete: 'tel' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('addressFax', FIELD_LABELS.addressFax, { type: 'tel' })}</Grid>
          <Grid size={12}>{text('email', FIELD_LABELS.email, { type: 'email', autoComplete: 'email' })}</Grid>
          <Grid size={12}>
            <FormControlLabel
              control={
                <Checkbox
                  id="location-primary"
                  checked={draft.primary || lockedPrimary}
                  disabled={lockedPrimary}
                  onChange={(e) => setDraft((d) => ({ ...d, primary: e.target.checked }))}
                />
              }
              label="Primary location"
            />
            <FormHelperText error={!!serverErrors.primary} sx={{ mt: 0 }}>
              {serverErrors.primary ??
                (isFirst
                  ? LOCATION_TEXT.firstIsPrimary
                  : address?.primary
                    ? LOCATION_TEXT.primaryCannotBeUnmarked
                    : 'Marking this location primary replaces the current primary location.')}
            </FormHelperText>
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        {!valid && (
          <Typography
            id="location-save-hint"
            variant="body2"
            color="text.secondary"
            sx={{ flex: 1, px: 1 }}
            aria-live="polite"
            data-testid="location-save-hint"
          >
            {saveHint(errors, draft.countryCode)}
          </Typography>
        )}
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          aria-describedby={valid ? undefined : 'location-save-hint'}
          disabled={!valid || saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="location-save"
        >
          Save
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Why Save is disabled: the fields still missing (or not valid), named as the form names them. */
function saveHint(errors: LocationErrors, countryCode: string): string {
  const label = (field: string) =>
    field === 'stateCode' || field === 'province'
      ? stateLabel(countryCode)
      : field === 'postalCode'
        ? postalLabel(countryCode)
        : (FIELD_LABELS[field as keyof typeof FIELD_LABELS] ?? field);
  const fields = Object.keys(errors).map(label);
  return `To save, complete: ${fields.join(', ')}.`;
}
