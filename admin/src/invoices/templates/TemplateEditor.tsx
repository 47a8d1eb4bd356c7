import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Divider,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Grid,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { Form, useInput } from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { useAppDataProvider } from '../../api/dataProvider';
import { readApiError } from '../../common/apiError';
import { useHouseAddresses } from '../../common/houseAddresses';
import { nestErrors, useRulesInSync, useShownMessage } from '../../kit/formErrors';
import { FormTextField } from '../../kit/FormTextField';
import { ChargeRows } from './ChargeRows';
import { MessagesSection } from './MessagesSection';
import {
  draftOf,
  isReadOnly,
  liveErrors,
  TEMPLATE_LIMITS,
  TEMPLATE_TEXT,
  templatePayload,
  toFormErrors,
  validateTemplate,
  type GroupSettings,
  type TemplateDraft,
} from './templateForm';
import { SubmitButton } from '../../kit/SubmitButton';

export interface TemplateEditorProps {
  houseRef: string;
  template: GroupSettings;
  /** '+ Create New Template' mode: Cancel leaves it. */
  creating: boolean;
  onCancel: () => void;
  /** The save went through: the id saved. */
  onSaved: (groupSettingsID: number) => void | Promise<void>;
  /** The server refused the save as stale or read-only (409): its message; the page reloads the template. */
  onConflict: (message: string) => void;
}

type TextField_ = 'groupName' | 'subject' | 'fromName' | 'fromEmail' | 'bccEmail' | 'payPalEmail';

/** The shared rules (@ar/rules, as the server runs them) keyed by the form's paths: the Form's whole-form `validate`. */
const rules = (values: FieldValues) => toFormErrors(validateTemplate(values as TemplateDraft));
const validate = (values: FieldValues) => nestErrors(rules(values));

/**
 * The template form (react-admin's Form): Email Settings; Additional Charges | Taxes and Fees;
 * Messages. Checks every rule of 000 section 5 on Save (a fee named like a tax at once, and it
 * disables Save), shows each message beside its field and the summary beside Save, then posts
 * invoiceGroupSettings; a refused save's `{ errors }` (keyed `taxSettings.0.taxRate`) show beside
 * the same fields.
 */
export function TemplateEditor({ houseRef, template, creating, onCancel, onSaved, onConflict }: TemplateEditorProps) {
  const dp = useAppDataProvider();
  const [failure, setFailure] = useState<string | null>(null);
  const [defaults] = useState(() => draftOf(template));
  const readOnly = isReadOnly(defaults);

  const save = async (values: FieldValues) => {
    if (readOnly) return undefined;
    setFailure(null);
    try {
      const res = await dp.call<{ data: { data: { groupSettingsID: number } } }>(
        'POST',
        `/app/house/${encodeURIComponent(houseRef)}/invoiceGroupSettings`,
        templatePayload(values as TemplateDraft),
      );
      await onSaved(res.data.data.groupSettingsID);
      return undefined;
    } catch (err) {
      const f = readApiError(err);
      if (f.status === 409) {
        onConflict(f.message ?? 'This template was changed by someone else.');
        return undefined;
      }
      if (f.status === 400 && Object.keys(f.errors).length > 0) {
        focusFirstError();
        return toFormErrors(f.errors);
      }
      console.error('Template save failed', err);
      setFailure(f.status >= 400 && f.status < 500 && f.message ? f.message : 'Unable to save the template. Please try again later.');
      return undefined;
    }
  };
  const edited = useCallback(() => setFailure(null), []);

  return (
    <Form
      defaultValues={defaults}
      onSubmit={save}
      validate={validate}
      noValidate
      sanitizeEmptyValues={false}
      disableInvalidFormNotification
    >
      <Box data-testid="template-form" role="group" aria-label="Invoice template">
        <Stack spacing={2}>
          <TemplateFields template={template} readOnly={readOnly} onEdited={edited} />
          {!readOnly && <TemplateActions creating={creating} failure={failure} onCancel={onCancel} />}
        </Stack>
      </Box>
    </Form>
  );
}

interface TemplateFieldsProps {
  template: GroupSettings;
  readOnly: boolean;
  /** Any change: a failed save's message no longer applies. */
  onEdited: () => void;
}

function TemplateFields({ template, readOnly, onEdited }: TemplateFieldsProps) {
  const { setValue, getValues } = useFormContext();
  // Only what the layout depends on: typing in a field re-renders that field, not the whole form.
  const [groupSettingsID, houseAddressID, payPal, payPalEmail, payrixTemplate, taxSettingsLocked] = useWatch({
    name: ['groupSettingsID', 'houseAddressID', 'payPal', 'payPalEmail', 'payrixTemplate', 'taxSettingsLocked'],
  }) as [number, number | null, boolean, string, boolean, boolean];
  const values = { groupSettingsID, houseAddressID, payPal, payPalEmail, payrixTemplate, taxSettingsLocked };
  const addresses = useHouseAddresses();

  // A new template prints the primary location unless another is chosen (spec: it defaults to it).
  const primaryId = addresses.data?.find((a) => a.primary)?.addressID ?? null;
  const defaulted = useRef(false);
  useEffect(() => {
    if (defaulted.current || primaryId === null || template.groupSettingsID > 0) return;
    defaulted.current = true;
    if (getValues('houseAddressID') === null) setValue('houseAddressID', primaryId);
  }, [primaryId, template.groupSettingsID, getValues, setValue]);

  const existing = values.groupSettingsID > 0;
  const textField = (field: TextField_, label: string, opts: { required?: boolean; type?: string } = {}) => (
    <FormTextField
      source={field}
      id={`template-${field}`}
      showErrors="submitted"
      label={label}
      required={opts.required}
      type={opts.type}
      disabled={readOnly}
      fullWidth
      slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS[field] } }}
    />
  );
  const knownAddress = values.houseAddressID === null || (addresses.data ?? []).some((a) => a.addressID === values.houseAddressID);

  return (
    <>
      <OnEveryChange onEdited={onEdited} />
      {readOnly && (
        <Alert severity="warning" data-testid="template-inactive">
          {TEMPLATE_TEXT.inactive}
        </Alert>
      )}

      <Card variant="outlined" component="section" aria-labelledby="template-email-settings">
        <CardContent>
          <Typography id="template-email-settings" variant="h6" component="h2" gutterBottom>
            Email Settings
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>{textField('groupName', 'Invoice Template Name', { required: true })}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{textField('subject', 'Email Subject', { required: true })}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{textField('fromName', 'Reply to Name', { required: true })}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{textField('fromEmail', 'Reply to Email', { required: true, type: 'email' })}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>{textField('bccEmail', 'BCC', { type: 'email' })}</Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField
                source="houseAddressID"
                id="template-houseAddressID"
                showErrors="submitted"
                format={addressText}
                parse={addressId}
                select
                label="House Address"
                helperText="The address printed on the invoice."
                disabled={readOnly}
                fullWidth
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{addresses.isPending ? 'Loading…' : 'No address'}</option>
                {!knownAddress && <option value={String(values.houseAddressID)}>Location no longer available</option>}
                {addresses.data?.map((a) => (
                  <option key={a.addressID} value={String(a.addressID)}>
                    {(a.facilityName ? `${a.facilityName}: ` : '') + `${a.addressStreet1}, ${a.location}`}
                    {a.primary ? ' (primary)' : ''}
                  </option>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <BooleanBox source="payPal" id="template-payPal" label="Accept PayPal" disabled={readOnly} />
            </Grid>
            {(values.payPal || values.payPalEmail) && (
              <Grid size={{ xs: 12, md: 6 }}>{textField('payPalEmail', 'PayPal Email', { required: values.payPal, type: 'email' })}</Grid>
            )}
          </Grid>
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-labelledby="template-charges">
        <CardContent>
          <Typography id="template-charges" variant="h6" component="h2" gutterBottom>
            Additional Charges | Taxes and Fees
          </Typography>
          <ChargesMode disabled={readOnly || existing} existing={existing} />
          <Divider sx={{ mb: 2 }} />
          {values.taxSettingsLocked && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {TEMPLATE_TEXT.taxesLocked}
            </Alert>
          )}
          {values.payrixTemplate && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              US sales tax is calculated automatically for each lot; the United States is not offered for taxes here.
            </Typography>
          )}
          <ListMessage path="taxes.root" />
          <ChargeRows
            kind="tax"
            countryList={values.payrixTemplate ? 'processorTax' : 'tax'}
            disabled={readOnly || values.taxSettingsLocked}
          />
          <Divider sx={{ my: 2 }} />
          <ListMessage path="fees.root" />
          <ChargeRows kind="fee" countryList="tax" disabled={readOnly} />
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-labelledby="template-messages">
        <CardContent>
          <Typography id="template-messages" variant="h6" component="h2" gutterBottom>
            Messages
          </Typography>
          <ListMessage path="messages.root" />
          <MessagesSection disabled={readOnly} />
        </CardContent>
      </Card>
    </>
  );
}

/** Keeps the rules' messages current, and drops a failed save's message, on every change (rendering nothing). */
function OnEveryChange({ onEdited }: { onEdited: () => void }): null {
  useRulesInSync(rules);
  const values = useWatch();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else onEdited();
  }, [values, onEdited]);
  return null;
}

const addressText = (v: unknown) => (v == null ? '' : String(v));
const addressId = (v: string) => (v ? Number(v) : null);
const asIs = (v: unknown) => v;
const isTrue = (v: unknown) => v === true;

/** A message about a whole list (the server's, or a rule's after a save was tried). */
function ListMessage({ path }: { path: string }): ReactNode {
  const message = useShownMessage(path);
  return message ? (
    <Alert severity="error" sx={{ mb: 1 }}>
      {message}
    </Alert>
  ) : null;
}

function BooleanBox({ source, id, label, disabled }: { source: string; id: string; label: string; disabled: boolean }) {
  const { field } = useInput({ source, parse: asIs, format: isTrue });
  return (
    <FormControlLabel
      control={<Checkbox id={id} checked={field.value as boolean} onChange={(e) => field.onChange(e.target.checked)} disabled={disabled} />}
      label={label}
    />
  );
}

/** Charges apply per Invoice or per Lot (the form's `chargesPerLot`); fixed once the template is saved. */
function ChargesMode({ disabled, existing }: { disabled: boolean; existing: boolean }) {
  const { field } = useInput({ source: 'chargesPerLot', parse: asIs, format: isTrue });
  const message = useShownMessage('chargesPerLot');
  return (
    <FormControl disabled={disabled} error={!!message} sx={{ mb: 2 }}>
      <FormLabel id="charges-mode-label">Charges apply</FormLabel>
      <RadioGroup
        row
        aria-labelledby="charges-mode-label"
        value={field.value ? 'lot' : 'invoice'}
        onChange={(e) => field.onChange(e.target.value === 'lot')}
      >
        <FormControlLabel value="invoice" control={<Radio />} label="per Invoice" />
        <FormControlLabel value="lot" control={<Radio />} label="per Lot" />
      </RadioGroup>
      <FormHelperText>
        {message ?? (existing ? 'Fixed when the template was created.' : 'Cannot be changed once the template is saved.')}
      </FormHelperText>
    </FormControl>
  );
}

function TemplateActions({ creating, failure, onCancel }: { creating: boolean; failure: string | null; onCancel: () => void }) {
  const { isSubmitting, isSubmitted, errors } = useFormState();
  const values = useWatch() as TemplateDraft;
  const blocking = Object.keys(liveErrors(values)).length > 0;
  const showSummary = isSubmitted && Object.keys(errors).length > 0;
  return (
    <Paper
      elevation={3}
      sx={{ position: 'sticky', bottom: 0, zIndex: 2, p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="template-actions"
    >
      <Box sx={{ flex: 1, minWidth: 240 }}>
        {showSummary && (
          <Alert severity="error" role="alert" data-testid="template-summary" sx={{ py: 0 }}>
            {TEMPLATE_TEXT.summary}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" role="alert" sx={{ py: 0 }}>
            {failure}
          </Alert>
        )}
      </Box>
      {creating && (
        <Button onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      )}
      <SubmitButton disabled={blocking} data-testid="template-save">
        Save
      </SubmitButton>
    </Paper>
  );
}

/** After a refused save, the first field with a message gets the focus (and scrolls into view). */
function focusFirstError() {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="template-form"] [aria-invalid="true"]');
    el?.focus();
  });
}
