import { useState } from 'react';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Grid,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import {
  BIN_FIELD_MAX,
  BIN_TEXT,
  binStep1NextStep,
  invoiceSettingsErrors,
  paymentMethodsError,
  SESSION_CONTACT_KEYS,
  stepTrackerValue,
  termsErrors,
  type BinTaxSetting,
  type BinTerm,
  type SessionContactKey,
  type SessionDefinition,
} from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { ShellLoading } from '../../common/ShellLoading';
import { FormTextField } from '../../kit/FormTextField';
import { nestErrors, useRulesInSync } from '../../kit/formErrors';
import { SubmitButton } from '../../kit/SubmitButton';
import { recordStep } from '../wizard/wizardApi';
import type { WizardStepProps } from '../wizard/wizardContext';
import { fetchBinStep1, saveBinStep1, type BinStep1Data } from './binApi';
import { BinTerms } from './BinTerms';
import { ChargesTable } from './ChargesTable';
import { ShipToLists } from './ShipToLists';

interface BinDraft {
  paymentMethods: number[];
  contact1: string;
  contact3: string;
  contact4: string;
  subject: string;
  fromName: string;
  fromEmail: string;
  bccEmail: string;
  taxSettings: BinTaxSetting[];
  excluded: string[];
  terms: BinTerm[];
}

const CONTACT_NAMES: Record<SessionContactKey, string> = { '1': 'Consignment', '3': 'Sale Administrator', '4': 'Expert' };
const native = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** The rules of the whole step (@ar/rules), keyed by form path. */
function rules(values: FieldValues): Record<string, string> {
  const v = values as BinDraft;
  const errors: Record<string, string> = { ...invoiceSettingsErrors(v), ...termsErrors(v.terms ?? []) };
  const pay = paymentMethodsError(v.paymentMethods ?? []);
  if (pay) errors.paymentMethods = pay;
  return errors;
}

/** Bin step 1, Sale Details (spec 001 sections 2, 3, 7, 8): payment options, contacts, charges, ship-to, invoice email, terms. */
export function BinDetailsStep(props: WizardStepProps) {
  const dp = useAppDataProvider();
  const { user } = useShellUser();
  const houseRef = user?.houseInfo.houseRef ?? '';
  const data = useQuery({
    queryKey: ['session', props.catalogID, 'bin-step1'],
    queryFn: () => fetchBinStep1(dp, props.houseId, houseRef, props.groupID),
    enabled: !!houseRef,
    retry: false,
  });
  if (data.isError || !props.session)
    return (
      <Box data-testid="bin-load-error">
        <AppAlert message={BIN_TEXT.loadFailed} />
      </Box>
    );
  if (data.isPending) return <ShellLoading />;
  return <BinDetailsForm {...props} session={props.session} data={data.data} houseRef={houseRef} />;
}

function draftOf(s: SessionDefinition, d: BinStep1Data): BinDraft {
  const contact = (k: SessionContactKey) => String(s.contacts[k] ?? '');
  return {
    paymentMethods: d.paymentMethods.filter((m) => m.selected).map((m) => m.id),
    contact1: contact('1'),
    contact3: contact('3'),
    contact4: contact('4'),
    subject: d.invoice.subject,
    fromName: d.invoice.fromName,
    fromEmail: d.invoice.fromEmail,
    bccEmail: d.invoice.bccEmail,
    taxSettings: d.invoice.taxSettings,
    excluded: d.shipTo.exclude.map((c) => c.countryCode),
    terms: d.terms,
  };
}

function BinDetailsForm(p: WizardStepProps & { session: SessionDefinition; data: BinStep1Data; houseRef: string }) {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState(false);
  const [defaults] = useState(() => draftOf(p.session, p.data));
  const shipCountries = [...p.data.shipTo.exclude, ...p.data.shipTo.include].sort((a, b) => a.countryName.localeCompare(b.countryName));

  const submit = async (values: FieldValues) => {
    const v = values as BinDraft;
    setAlert(false);
    const contactOf = (k: SessionContactKey) => (v[`contact${k}`] ? Number(v[`contact${k}`]) : null);
    try {
      await saveBinStep1(dp, p.houseRef, p.session, {
        contacts: { '1': contactOf('1'), '3': contactOf('3'), '4': contactOf('4') },
        invoice: { subject: v.subject, fromName: v.fromName, fromEmail: v.fromEmail, bccEmail: v.bccEmail, taxSettings: v.taxSettings },
        excluded: v.excluded,
        terms: v.terms,
        paymentMethods: v.paymentMethods,
      });
      const next = binStep1NextStep(p.fromSummary);
      // From the summary the tracker stays at 5: no call (spec 001 section 4).
      const tracker = stepTrackerValue('bin', 'details', p.fromSummary);
      if (tracker !== null) await recordStep(dp, p.session.catalogID, tracker);
      await queryClient.invalidateQueries({ queryKey: ['session', p.catalogID] });
      p.goToStep(next);
      return undefined;
    } catch (err) {
      setAlert(true);
      window.scrollTo({ top: 0 });
      const f = readApiError(err);
      return Object.keys(f.errors).length ? nestErrors(f.errors) : undefined;
    }
  };

  const hasContacts = SESSION_CONTACT_KEYS.some((k) => (p.data.contactTypes[k]?.contacts.length ?? 0) > 0);
  const card = (title: string, body: React.ReactNode, testId?: string) => (
    <Card data-testid={testId}>
      <CardHeader title={title} titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
      <CardContent>{body}</CardContent>
    </Card>
  );
  return (
    <Form defaultValues={defaults} onSubmit={submit} validate={(v) => nestErrors(rules(v))} noValidate sanitizeEmptyValues={false}>
      <RulesInSync />
      {alert && (
        <Box sx={{ mb: 2 }} role="alert" data-testid="wizard-error">
          <AppAlert message={BIN_TEXT.saveFailed} />
        </Box>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={3}>
            {card(
              'Sale Details and Payment Options',
              <Stack spacing={2}>
                <Typography variant="body2" data-testid="bin-currency">
                  Currency: <strong>{p.session.currency.code}</strong> ({p.session.currency.name})
                </Typography>
                <AppAlert severity="info" message={BIN_TEXT.enrolment} />
                <PaymentMethods methods={p.data.paymentMethods} />
                <Typography variant="body2" data-testid="bin-post-sale">
                  Post Sale To: <strong>{BIN_TEXT.postSaleTo}</strong>
                </Typography>
              </Stack>,
            )}
            {card(
              'Contacts',
              hasContacts ? (
                <Stack spacing={2}>
                  {SESSION_CONTACT_KEYS.map((k) => (
                    <FormTextField
                      key={k}
                      source={`contact${k}`}
                      id={`bin-contact-${k}`}
                      label={CONTACT_NAMES[k]}
                      select
                      fullWidth
                      slotProps={native}
                    >
                      <option value="">None</option>
                      {(p.data.contactTypes[k]?.contacts ?? []).map((c) => (
                        <option key={c.id} value={String(c.id)}>
                          {c.firstname} {c.lastname}
                        </option>
                      ))}
                    </FormTextField>
                  ))}
                </Stack>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  You do not have any saved contacts.
                </Typography>
              ),
            )}
            {card('Additional Charges (Taxes & Fees)', <ChargesTable countries={p.data.taxCountries} />)}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={3}>
            {card('Geographic Shipping Rules', <ShipToLists countries={shipCountries} />)}
            {card(
              'Invoice Email Settings',
              <Stack spacing={2}>
                <FormTextField
                  source="subject"
                  id="bin-subject"
                  label="Subject"
                  required
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: BIN_FIELD_MAX } }}
                />
                <FormTextField
                  source="fromName"
                  id="bin-from-name"
                  label="Reply To Name"
                  required
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: BIN_FIELD_MAX } }}
                />
                <FormTextField
                  source="fromEmail"
                  id="bin-from-email"
                  label="Reply To Email"
                  required
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: BIN_FIELD_MAX } }}
                />
                <FormTextField
                  source="bccEmail"
                  id="bin-bcc-email"
                  label="BCC"
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: BIN_FIELD_MAX } }}
                />
              </Stack>,
            )}
            {card('Terms', <BinTerms terms={p.data.terms} />)}
          </Stack>
        </Grid>
      </Grid>
      <Actions p={p} />
    </Form>
  );
}

function RulesInSync(): null {
  useRulesInSync(rules);
  return null;
}

function PaymentMethods({ methods }: { methods: BinStep1Data['paymentMethods'] }) {
  const { setValue, getFieldState, formState } = useFormContext();
  const chosen = ((useWatch({ name: 'paymentMethods' }) ?? []) as number[]).slice();
  // The rule itself decides the message; it shows once a card was toggled (a click does not blur) or on submit.
  const message = paymentMethodsError(chosen);
  const shown = message && (formState.isSubmitted || getFieldState('paymentMethods', formState).isTouched);
  const toggle = (id: number, on: boolean) =>
    setValue('paymentMethods', on ? [...chosen, id] : chosen.filter((x) => x !== id), { shouldTouch: true, shouldDirty: true });
  return (
    <Box data-testid="bin-cards">
      <Typography variant="subtitle2" component="h3">
        Accepted cards
      </Typography>
      <FormGroup row>
        {methods.map((m) => (
          <FormControlLabel
            key={m.id}
            control={<Checkbox checked={chosen.includes(m.id)} onChange={(e) => toggle(m.id, e.target.checked)} />}
            label={m.name}
          />
        ))}
      </FormGroup>
      {shown && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  );
}

function Actions({ p }: { p: WizardStepProps }) {
  const values = useWatch();
  const hint = Object.values(rules(values))[0] ?? null;
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap' }}>
      <SubmitButton disabled={!!hint} data-testid="wizard-continue">
        {p.fromSummary ? 'Save & Return to Summary' : 'Continue'}
      </SubmitButton>
      {p.fromSummary ? (
        <Link component="button" type="button" onClick={() => p.goToStep(5)} data-testid="wizard-cancel-summary">
          Cancel &amp; Return to Summary
        </Link>
      ) : (
        <Link component="button" type="button" onClick={p.exit} data-testid="wizard-cancel">
          Cancel
        </Link>
      )}
      {hint && (
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="wizard-blocked-hint">
          {hint}
        </Typography>
      )}
    </Stack>
  );
}
