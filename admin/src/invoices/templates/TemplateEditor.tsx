import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
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
  TextField,
  Typography,
} from '@mui/material';
import { useAppDataProvider } from '../../api/dataProvider';
import { readApiError } from '../../common/apiError';
import { useHouseAddresses } from '../../common/houseAddresses';
import { ChargeRows } from './ChargeRows';
import { MessagesSection } from './MessagesSection';
import {
  draftOf,
  isReadOnly,
  liveErrors,
  TEMPLATE_LIMITS,
  TEMPLATE_TEXT,
  templatePayload,
  validateTemplate,
  type GroupSettings,
  type TemplateDraft,
} from './templateForm';

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

/**
 * The template form: Email Settings; Additional Charges | Taxes and Fees; Messages. Checks every
 * rule of 000 section 5 on Save (a fee named like a tax at once, and it disables Save), shows each
 * message beside its field and the summary beside Save, then posts invoiceGroupSettings.
 */
export function TemplateEditor({ houseRef, template, creating, onCancel, onSaved, onConflict }: TemplateEditorProps) {
  const dp = useAppDataProvider();
  const addresses = useHouseAddresses();
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(template));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // A new template prints the primary location unless another is chosen (spec: it defaults to it).
  const primaryId = addresses.data?.find((a) => a.primary)?.addressID ?? null;
  const defaulted = useRef(false);
  useEffect(() => {
    if (defaulted.current || primaryId === null || template.groupSettingsID > 0) return;
    defaulted.current = true;
    setDraft((d) => (d.houseAddressID === null ? { ...d, houseAddressID: primaryId } : d));
  }, [primaryId, template.groupSettingsID]);

  const readOnly = isReadOnly(draft);
  const existing = draft.groupSettingsID > 0;
  const clientErrors = useMemo(() => (submitted ? validateTemplate(draft) : liveErrors(draft)), [draft, submitted]);
  const errors = useMemo(() => ({ ...serverErrors, ...clientErrors }), [serverErrors, clientErrors]);
  const blocking = useMemo(() => Object.keys(liveErrors(draft)).length > 0, [draft]);
  const showSummary = (submitted || Object.keys(serverErrors).length > 0) && Object.keys(errors).length > 0;

  /** Any change: the server's messages for what changed no longer apply. */
  const change = (patch: Partial<TemplateDraft>, clears: (key: string) => boolean) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerErrors((s) => Object.fromEntries(Object.entries(s).filter(([k]) => !clears(k))));
    setFailure(null);
  };
  const setText = (field: TextField_) => (e: { target: { value: string } }) => change({ [field]: e.target.value }, (k) => k === field);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (readOnly || saving) return;
    setSubmitted(true);
    setFailure(null);
    const found = validateTemplate(draft);
    if (Object.keys(found).length > 0) {
      focusFirstError();
      return;
    }
    setSaving(true);
    try {
      const res = await dp.call<{ data: { data: { groupSettingsID: number } } }>(
        'POST',
        `/app/house/${encodeURIComponent(houseRef)}/invoiceGroupSettings`,
        templatePayload(draft),
      );
      await onSaved(res.data.data.groupSettingsID);
    } catch (err) {
      const f = readApiError(err);
      setSaving(false);
      if (f.status === 409) {
        onConflict(f.message ?? 'This template was changed by someone else.');
        return;
      }
      if (f.status === 400 && Object.keys(f.errors).length > 0) {
        setServerErrors(f.errors);
        focusFirstError();
        return;
      }
      console.error('Template save failed', err);
      setFailure(f.status >= 400 && f.status < 500 && f.message ? f.message : 'Unable to save the template. Please try again later.');
    }
  };

  const textField = (field: TextField_, label: string, opts: { required?: boolean; type?: string } = {}) => (
    <TextField
      id={`template-${field}`}
      label={label}
      value={draft[field]}
      onChange={setText(field)}
      required={opts.required}
      type={opts.type}
      error={!!errors[field]}
      helperText={errors[field]}
      disabled={readOnly}
      fullWidth
      slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS[field] } }}
    />
  );

  const knownAddress = draft.houseAddressID === null || (addresses.data ?? []).some((a) => a.addressID === draft.houseAddressID);

  return (
    <Box component="form" onSubmit={save} noValidate data-testid="template-form" aria-label="Invoice template">
      <Stack spacing={2}>
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
                <TextField
                  id="template-houseAddressID"
                  select
                  label="House Address"
                  value={draft.houseAddressID === null ? '' : String(draft.houseAddressID)}
                  onChange={(e) =>
                    change({ houseAddressID: e.target.value ? Number(e.target.value) : null }, (k) => k === 'houseAddressID')
                  }
                  error={!!errors.houseAddressID}
                  helperText={errors.houseAddressID ?? 'The address printed on the invoice.'}
                  disabled={readOnly}
                  fullWidth
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">{addresses.isPending ? 'Loading…' : 'No address'}</option>
                  {!knownAddress && <option value={String(draft.houseAddressID)}>Location no longer available</option>}
                  {addresses.data?.map((a) => (
                    <option key={a.addressID} value={String(a.addressID)}>
                      {(a.facilityName ? `${a.facilityName}: ` : '') + `${a.addressStreet1}, ${a.location}`}
                      {a.primary ? ' (primary)' : ''}
                    </option>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <FormControlLabel
                  control={
                    <Checkbox
                      id="template-payPal"
                      checked={draft.payPal}
                      onChange={(e) => change({ payPal: e.target.checked }, (k) => k === 'payPalEmail')}
                      disabled={readOnly}
                    />
                  }
                  label="Accept PayPal"
                />
              </Grid>
              {(draft.payPal || draft.payPalEmail) && (
                <Grid size={{ xs: 12, md: 6 }}>{textField('payPalEmail', 'PayPal Email', { required: draft.payPal, type: 'email' })}</Grid>
              )}
            </Grid>
          </CardContent>
        </Card>

        <Card variant="outlined" component="section" aria-labelledby="template-charges">
          <CardContent>
            <Typography id="template-charges" variant="h6" component="h2" gutterBottom>
              Additional Charges | Taxes and Fees
            </Typography>
            <FormControl disabled={readOnly || existing} error={!!errors.additionalChargesPerLot} sx={{ mb: 2 }}>
              <FormLabel id="charges-mode-label">Charges apply</FormLabel>
              <RadioGroup
                row
                aria-labelledby="charges-mode-label"
                value={draft.chargesPerLot ? 'lot' : 'invoice'}
                onChange={(e) => change({ chargesPerLot: e.target.value === 'lot' }, (k) => k === 'additionalChargesPerLot')}
              >
                <FormControlLabel value="invoice" control={<Radio />} label="per Invoice" />
                <FormControlLabel value="lot" control={<Radio />} label="per Lot" />
              </RadioGroup>
              <FormHelperText>
                {errors.additionalChargesPerLot ??
                  (existing ? 'Fixed when the template was created.' : 'Cannot be changed once the template is saved.')}
              </FormHelperText>
            </FormControl>
            <Divider sx={{ mb: 2 }} />
            {draft.taxSettingsLocked && (
              <Alert severity="info" sx={{ mb: 1 }}>
                {TEMPLATE_TEXT.taxesLocked}
              </Alert>
            )}
            {draft.payrixTemplate && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                US sales tax is calculated automatically for each lot; the United States is not offered for taxes here.
              </Typography>
            )}
            {errors.taxSettings && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {errors.taxSettings}
              </Alert>
            )}
            <ChargeRows
              kind="tax"
              rows={draft.taxes}
              countryList={draft.payrixTemplate ? 'processorTax' : 'tax'}
              errors={errors}
              disabled={readOnly || draft.taxSettingsLocked}
              onChange={(taxes) => change({ taxes }, (k) => k.startsWith('taxSettings'))}
            />
            <Divider sx={{ my: 2 }} />
            {errors.feeSettings && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {errors.feeSettings}
              </Alert>
            )}
            <ChargeRows
              kind="fee"
              rows={draft.fees}
              countryList="tax"
              errors={errors}
              disabled={readOnly}
              onChange={(fees) => change({ fees }, (k) => k.startsWith('feeSettings'))}
            />
          </CardContent>
        </Card>

        <Card variant="outlined" component="section" aria-labelledby="template-messages">
          <CardContent>
            <Typography id="template-messages" variant="h6" component="h2" gutterBottom>
              Messages
            </Typography>
            {errors.messages && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {errors.messages}
              </Alert>
            )}
            <MessagesSection
              messages={draft.messages}
              errors={errors}
              disabled={readOnly}
              onChange={(messages) => change({ messages }, (k) => k.startsWith('messages'))}
            />
          </CardContent>
        </Card>

        {!readOnly && (
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
              <Button onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
            )}
            <Button
              type="submit"
              variant="contained"
              disabled={saving || blocking}
              startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
              data-testid="template-save"
            >
              Save
            </Button>
          </Paper>
        )}
      </Stack>
    </Box>
  );
}

/** After a refused save, the first field with a message gets the focus (and scrolls into view). */
function focusFirstError() {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="template-form"] [aria-invalid="true"]');
    el?.focus();
  });
}
