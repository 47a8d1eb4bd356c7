import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Grid,
  Typography,
} from '@mui/material';
import { Form, useInput } from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { useCountries, useStates } from '../../common/geo';
import { GuardedDialog, useReportBusy, useReportDirty } from '../../kit/GuardedDialog';
import { UnsavedChangesGuard } from '../../kit/UnsavedChangesGuard';
import { errorText, nestErrors, useRulesInSync } from '../../kit/formErrors';
import { FormTextField } from '../../kit/FormTextField';
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
  type HouseAddress,
  type LocationDraft,
  type LocationErrors,
  type LocationField,
} from './locationForm';
import { SubmitButton } from '../../kit/SubmitButton';

export interface LocationDialogProps {
  open: boolean;
  /** The location edited; null adds one (the spec's index -1). */
  address: HouseAddress | null;
  /** No location yet: the new one is the primary, whatever the checkbox says. */
  isFirst: boolean;
  onClose: () => void;
  onSaved: (saved: HouseAddress) => void;
}

const UNSAVED = 'The location you entered has not been saved.';

/**
 * The Add/Edit Location modal: every field and limit of the Location form, the country's labels,
 * the state list refetched when the country changes, Save disabled until the rules pass, Enter
 * saves; Escape closes, asking first when something was changed.
 */
export function LocationDialog({ open, address, isFirst, onClose, onSaved }: LocationDialogProps) {
  return (
    <GuardedDialog open={open} onClose={onClose} discardText={UNSAVED} fullWidth maxWidth="sm" aria-labelledby="location-dialog-title">
      {/* Keyed so each opening starts from the location's own values. */}
      {open && <LocationForm key={address?.addressID ?? 'new'} address={address} isFirst={isFirst} onClose={onClose} onSaved={onSaved} />}
    </GuardedDialog>
  );
}

/** The form's rules are the server's (@ar/rules via validateLocation), run as the Form's whole-form `validate`. */
const validate = (values: FieldValues) => nestErrors(validateLocation(values as LocationDraft));
const rules = (values: FieldValues) => validateLocation(values as LocationDraft);

/**
 * react-admin's Form: a rule's message shows once its field was left; a refused save's
 * `{ errors: { field } }` shows beside each field, and its message above the fields.
 */
function LocationForm({ address, isFirst, onClose, onSaved }: Omit<LocationDialogProps, 'open'>) {
  const dp = useAppDataProvider();
  const { user } = useShellUser();
  const [alert, setAlert] = useState<string | null>(null);
  // Fixed at opening: a reload of the list behind the dialog must not reset what was typed.
  const [defaults] = useState(() => draftOf(address, isFirst));

  const submit = async (values: FieldValues) => {
    if (!user) return undefined;
    setAlert(null);
    try {
      const res = await dp.call<{ data: { data: { status: string; houseAddress: HouseAddress } } }>(
        'POST',
        `/app/house/${encodeURIComponent(user.houseInfo.houseRef)}/location`,
        locationPayload(values as LocationDraft, address),
      );
      if (res.data.data.status !== 'success') throw new Error('Location not saved');
      onSaved(res.data.data.houseAddress);
      return undefined;
    } catch (err) {
      const failure = readApiError(err);
      // 000 section 8: error code 302 (bad country or postal code) has its own text; other failures are logged.
      const text = saveFailureText(failure);
      if (!text) console.error('Location save failed', err);
      setAlert(text);
      return Object.keys(failure.errors).length > 0 ? failure.errors : undefined;
    }
  };

  return (
    <Form
      defaultValues={defaults}
      onSubmit={submit}
      validate={validate}
      noValidate
      sanitizeEmptyValues={false}
      disableInvalidFormNotification
    >
      <Box data-testid="location-form">
        <DialogTitle id="location-dialog-title">{address ? 'Edit Location' : 'Add Location'}</DialogTitle>
        <LocationFields address={address} isFirst={isFirst} alert={alert} onEdited={() => setAlert(null)} />
        <LocationActions defaults={defaults} onClose={onClose} />
      </Box>
    </Form>
  );
}

interface LocationFieldsProps {
  address: HouseAddress | null;
  isFirst: boolean;
  /** A refused save's message: '' for the generic text, null for none. */
  alert: string | null;
  /** Any change: the refused save's message no longer applies. */
  onEdited: () => void;
}

function LocationFields({ address, isFirst, alert, onEdited }: LocationFieldsProps) {
  const { setValue, clearErrors } = useFormContext();
  const countryCode = String(useWatch({ name: 'countryCode' }) ?? '');
  const stateCode = String(useWatch({ name: 'stateCode' }) ?? '');
  const countries = useCountries('location');
  const listed = hasStateList(countryCode);
  const states = useStates(listed ? countryCode : null, 'location');

  // A state given by name (data from elsewhere) is selected by its code; an unknown one stays visible as its own option.
  useEffect(() => {
    if (!listed || !states.data || !stateCode) return;
    const found = states.data.find((s) => s.stateCode === stateCode || s.stateName.toUpperCase() === stateCode.toUpperCase());
    if (found && found.stateCode !== stateCode) setValue('stateCode', found.stateCode);
  }, [listed, states.data, stateCode, setValue]);

  /** A new country: the state chosen for the old one no longer applies, nor the server's word on the state and postal code. */
  const countryChanged = () => {
    setValue('stateCode', '');
    setValue('province', '');
    clearErrors(['stateCode', 'province', 'postalCode']);
    onEdited();
  };

  const text = (
    field: LocationField,
    label: string,
    opts: { required?: boolean; type?: string; autoFocus?: boolean; autoComplete?: string } = {},
  ) => (
    <FormTextField
      source={field}
      id={`location-${field}`}
      label={label}
      onChange={onEdited}
      required={opts.required}
      type={opts.type}
      autoFocus={opts.autoFocus}
      autoComplete={opts.autoComplete ?? 'off'}
      fullWidth
      slotProps={{ htmlInput: { maxLength: LOCATION_LIMITS[field] } }}
    />
  );

  const sLabel = stateLabel(countryCode);
  const native = { select: { native: true }, inputLabel: { shrink: true } } as const;
  return (
    <DialogContent dividers>
      <RulesInSync />
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
          <FormTextField
            source="countryCode"
            id="location-countryCode"
            select
            label={FIELD_LABELS.countryCode}
            required
            onChange={countryChanged}
            fullWidth
            slotProps={native}
          >
            <option value="">{countries.isPending ? 'Loading…' : 'Select a country'}</option>
            {countryCode && countries.data && !countries.data.some((c) => c.countryCode === countryCode) && (
              <option value={countryCode}>{countryCode}</option>
            )}
            {countries.data?.map((c) => (
              <option key={c.countryCode} value={c.countryCode}>
                {c.countryName}
              </option>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('addressCity', FIELD_LABELS.addressCity, { required: true, autoComplete: 'address-level2' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {listed ? (
            <FormTextField
              source="stateCode"
              id="location-stateCode"
              select
              label={sLabel}
              required
              onChange={onEdited}
              fullWidth
              disabled={states.isPending}
              slotProps={native}
            >
              <option value="">{states.isPending ? 'Loading…' : `Select a ${sLabel.toLowerCase()}`}</option>
              {stateCode && states.data && !states.data.some((s) => s.stateCode === stateCode) && (
                <option value={stateCode}>{stateCode}</option>
              )}
              {states.data?.map((s) => (
                <option key={s.stateCode} value={s.stateCode}>
                  {s.stateName}
                </option>
              ))}
            </FormTextField>
          ) : (
            text('province', sLabel, { required: true, autoComplete: 'address-level1' })
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('postalCode', postalLabel(countryCode), { required: true, autoComplete: 'postal-code' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('addressPhone', FIELD_LABELS.addressPhone, { type: 'tel', autoComplete: 'tel' })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{text('addressFax', FIELD_LABELS.addressFax, { type: 'tel' })}</Grid>
        <Grid size={12}>{text('email', FIELD_LABELS.email, { type: 'email', autoComplete: 'email' })}</Grid>
        <Grid size={12}>
          <PrimaryField locked={isFirst || (address?.primary ?? false)} hint={primaryHint(address, isFirst)} onEdited={onEdited} />
        </Grid>
      </Grid>
    </DialogContent>
  );
}

/** Keeps the rules' messages current on every change (rendering nothing, so the fields do not re-render with it). */
function RulesInSync(): null {
  useRulesInSync(rules);
  return null;
}

function primaryHint(address: HouseAddress | null, isFirst: boolean): string {
  if (isFirst) return LOCATION_TEXT.firstIsPrimary;
  if (address?.primary) return LOCATION_TEXT.primaryCannotBeUnmarked;
  return 'Marking this location primary replaces the current primary location.';
}

/** The first location and the primary one are primary, whatever was sent: the box is ticked and cannot be cleared. */
function PrimaryField({ locked, hint, onEdited }: { locked: boolean; hint: string; onEdited: () => void }) {
  const { field, fieldState } = useInput({ source: 'primary', parse: (v: unknown) => v, format: (v: unknown) => v === true });
  const message = errorText(fieldState.error);
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox
            id="location-primary"
            checked={field.value || locked}
            disabled={locked}
            onChange={(e) => {
              field.onChange(e.target.checked);
              onEdited();
            }}
          />
        }
        label="Primary location"
      />
      <FormHelperText error={!!message} sx={{ mt: 0 }}>
        {message ?? hint}
      </FormHelperText>
    </>
  );
}

function LocationActions({ defaults, onClose }: { defaults: LocationDraft; onClose: () => void }) {
  const { isSubmitting } = useFormState();
  const values = useWatch() as LocationDraft;
  const errors = validateLocation(values);
  const valid = Object.keys(errors).length === 0;
  // Unsaved: what Save would send differs from what the dialog opened with (spaces typed around a value do not count).
  const dirty = !isSubmitting && JSON.stringify(locationPayload(values, null)) !== JSON.stringify(locationPayload(defaults, null));
  useReportDirty(dirty);
  useReportBusy(isSubmitting);
  return (
    <>
      <UnsavedChangesGuard when={dirty} text={UNSAVED} />
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
            {saveHint(errors, values.countryCode)}
          </Typography>
        )}
        <Button onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <SubmitButton aria-describedby={valid ? undefined : 'location-save-hint'} disabled={!valid} data-testid="location-save">
          Save
        </SubmitButton>
      </DialogActions>
    </>
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
