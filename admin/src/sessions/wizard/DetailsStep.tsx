import { useRef, useState } from 'react';
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
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from 'react-admin';
import { useController, useWatch, type FieldValues } from 'react-hook-form';
import {
  AUDIO_VIDEO,
  CATEGORIES_MAX,
  categoriesError,
  channelsError,
  channelStateLabel,
  descriptionError,
  detailsNextStep,
  isFixedChannel,
  SESSION_CONTACT_KEYS,
  SESSION_TEXT,
  stepTrackerValue,
  VIEW_NOTES_MAX,
  viewNotesError,
  type ChannelState,
  type PostSaleChannel,
  type SessionContactKey,
  type SessionDefinition,
} from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { ShellLoading } from '../../common/ShellLoading';
import { AppSelect } from '../../kit/AppSelect';
import { FormTextField } from '../../kit/FormTextField';
import { nestErrors, useRulesInSync } from '../../kit/formErrors';
import { FormSwitch } from './FormSwitch';
import { fetchDetails, recordStep, saveDetails, WIZARD_KEYS, type DetailsData } from './wizardApi';
import { liveTimedType, type WizardStepProps } from './wizardContext';
import { WizardActions, type SaveIntent } from './WizardActions';

interface DetailsDraft {
  audioVideo: string;
  categoryIDs: number[];
  channels: Record<string, ChannelState>;
  contact1: string;
  contact3: string;
  contact4: string;
  default1: boolean;
  default3: boolean;
  default4: boolean;
  description: string;
  viewNotes: string;
  defaultViewNotes: boolean;
}

const CONTACT_NAMES: Record<SessionContactKey, string> = { '1': 'Consignment', '3': 'Sale Administrator', '4': 'Expert' };
const native = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** Step 2, Session Details (spec 001 sections 2, 3, 5, 7): audio/video, premium steps, currency, channels, contacts, categories, description, viewing notes. */
export function DetailsStep(props: WizardStepProps) {
  const dp = useAppDataProvider();
  const s = props.session!;
  const details = useQuery({
    queryKey: WIZARD_KEYS.details(props.catalogID),
    queryFn: () => fetchDetails(dp, props.houseId, s),
    retry: false,
  });
  if (details.isError) return <AppAlert message={SESSION_TEXT.loadDetailsFailed} />;
  if (details.isPending) return <ShellLoading />;
  return <DetailsForm {...props} session={s} data={details.data} />;
}

function draftOf(s: SessionDefinition, d: DetailsData): DetailsDraft {
  const contact = (k: SessionContactKey) => String(s.contacts[k] ?? '');
  return {
    audioVideo: String(s.audioVideo),
    categoryIDs: s.categoryIDs,
    channels: Object.fromEntries(d.channels.map((c) => [String(c.channelID), c.value])),
    contact1: contact('1'),
    contact3: contact('3'),
    contact4: contact('4'),
    default1: false,
    default3: false,
    default4: false,
    description: s.description,
    viewNotes: s.viewNotes,
    defaultViewNotes: false,
  };
}

function DetailsForm(p: WizardStepProps & { session: SessionDefinition; data: DetailsData }) {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const intent = useRef<SaveIntent>('continue');
  const [alert, setAlert] = useState<string | null>(null);
  const [defaults] = useState(() => draftOf(p.session, p.data));
  const rules = (values: FieldValues) => {
    const v = values as DetailsDraft;
    const errors: Record<string, string> = {};
    const cat = categoriesError(v.categoryIDs ?? []);
    if (cat) errors.categoryIDs = cat;
    const ch = channelsError(p.data.channels.map((c) => ({ states: c.states, value: v.channels?.[c.channelID] ?? c.value })));
    if (ch) errors.channels = ch;
    const notes = viewNotesError((v.viewNotes ?? '').trim());
    if (notes) errors.viewNotes = notes;
    const desc = descriptionError((v.description ?? '').trim());
    if (desc) errors.description = desc;
    return errors;
  };

  const submit = async (values: FieldValues) => {
    const v = values as DetailsDraft;
    setAlert(null);
    const contactOf = (k: SessionContactKey) => (v[`contact${k}`] ? Number(v[`contact${k}`]) : null);
    const keep: Record<string, unknown> = {};
    for (const k of SESSION_CONTACT_KEYS) if (v[`default${k}`]) keep[k] = contactOf(k);
    if (v.defaultViewNotes) keep.viewNotes = v.viewNotes.trim();
    try {
      await saveDetails(dp, p.session.catalogID, {
        categoryIDs: v.categoryIDs,
        channels: p.data.channels.map((c) => ({ channelID: c.channelID, value: v.channels[c.channelID] ?? c.value })),
        contacts: { '1': contactOf('1'), '3': contactOf('3'), '4': contactOf('4') },
        defaults: keep,
        session: {
          description: v.description.trim(),
          viewNotes: v.viewNotes.trim(),
          ...(p.type === 'live' ? { audioVideo: Number(v.audioVideo) } : {}),
        },
      });
      const tracker = stepTrackerValue(p.type, 'details', p.fromSummary);
      if (tracker !== null) await recordStep(dp, p.session.catalogID, tracker);
      await queryClient.invalidateQueries({ queryKey: ['session', p.catalogID] });
      if (intent.current === 'exit') p.exit();
      else p.goToStep(detailsNextStep(p.fromSummary));
      return undefined;
    } catch (err) {
      const f = readApiError(err);
      // 400: the server's rule; 409: the two-hour lock's notice.
      setAlert((f.status === 400 || f.status === 409) && f.message ? f.message : SESSION_TEXT.submitDetailsFailed);
      return Object.keys(f.errors).length ? f.errors : undefined;
    }
  };

  const hasContacts = SESSION_CONTACT_KEYS.some((k) => (p.data.contactTypes[k]?.contacts.length ?? 0) > 0);
  return (
    <Form defaultValues={defaults} onSubmit={submit} validate={(v) => nestErrors(rules(v))} noValidate sanitizeEmptyValues={false}>
      <RulesInSync rules={rules} />
      {alert && (
        <Box sx={{ mb: 2 }} role="alert" data-testid="wizard-error">
          <AppAlert message={alert} />
        </Box>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={3}>
            <Card>
              <CardHeader title="Sale Settings" titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
              <CardContent>
                <Stack spacing={2}>
                  <Typography variant="body2" data-testid="session-currency">
                    Currency: <strong>{p.session.currency.code}</strong> ({p.session.currency.name})
                  </Typography>
                  {p.type === 'live' && (
                    <FormSwitch
                      source="audioVideo"
                      id="session-audio-video"
                      label="Audio/Video"
                      on={String(AUDIO_VIDEO.on)}
                      off={String(AUDIO_VIDEO.off)}
                    />
                  )}
                  <PremiumSteps steps={p.data.premiumSteps} />
                </Stack>
              </CardContent>
            </Card>
            <Card>
              <CardHeader title="Post Sale Channels" titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
              <CardContent>
                <Channels channels={p.data.channels} saleType={liveTimedType(p.type)} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader title="Contacts" titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
              <CardContent>
                {hasContacts ? (
                  <Stack spacing={2}>
                    {SESSION_CONTACT_KEYS.map((k) => (
                      <Stack key={k} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                        <FormTextField
                          source={`contact${k}`}
                          id={`session-contact-${k}`}
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
                        <FormCheck source={`default${k}`} label="Save as default" />
                      </Stack>
                    ))}
                  </Stack>
                ) : (
                  <Typography variant="body2" color="text.secondary" data-testid="session-no-contacts">
                    {SESSION_TEXT.noContacts}
                  </Typography>
                )}
              </CardContent>
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={3}>
            <Card>
              <CardHeader
                title="Categories"
                subheader={`Choose 1 to ${CATEGORIES_MAX}.`}
                titleTypographyProps={{ variant: 'h6', component: 'h2' }}
              />
              <CardContent>
                <Categories data={p.data} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader title="Description and Viewing" titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
              <CardContent>
                <Stack spacing={2}>
                  <FormTextField source="description" id="session-description" label="Description" multiline minRows={4} fullWidth />
                  <ViewNotes />
                  <FormCheck source="defaultViewNotes" label="Save viewing notes as default" />
                </Stack>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
      <Actions rules={rules} p={p} onIntent={(i) => (intent.current = i)} />
    </Form>
  );
}

function RulesInSync({ rules }: { rules: (values: FieldValues) => Record<string, string> }): null {
  useRulesInSync(rules);
  return null;
}

function FormCheck({ source, label }: { source: string; label: string }) {
  const { field } = useController({ name: source });
  return (
    <FormControlLabel
      sx={{ whiteSpace: 'nowrap' }}
      control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
      label={label}
    />
  );
}

function PremiumSteps({ steps }: { steps: DetailsData['premiumSteps'] }) {
  if (!steps.length) return <Typography variant="body2">Buyer&apos;s premium: none set for this sale.</Typography>;
  return (
    <Table size="small" aria-label="Buyer's premium" data-testid="session-premium">
      <TableHead>
        <TableRow>
          <TableCell>From</TableCell>
          <TableCell>To</TableCell>
          <TableCell align="right">Buyer&apos;s Premium</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {steps.map((s) => (
          <TableRow key={s.from}>
            <TableCell>{s.from.toLocaleString()}</TableCell>
            <TableCell>{s.to === null ? 'and above' : s.to.toLocaleString()}</TableCell>
            <TableCell align="right">{s.stepPct}%</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Channels({ channels, saleType }: { channels: PostSaleChannel[]; saleType: 'live' | 'timed' }) {
  const { field, fieldState, formState } = useController({ name: 'channels' });
  const value = field.value as Record<string, ChannelState>;
  return (
    <Stack spacing={2} data-testid="session-channels">
      {channels.map((c) =>
        isFixedChannel(c) ? (
          <Typography key={c.channelID} variant="body2">
            {c.channelName}: <strong>{channelStateLabel(c.states[0], saleType)}</strong>
          </Typography>
        ) : (
          <AppSelect
            key={c.channelID}
            id={`session-channel-${c.channelID}`}
            label={c.channelName}
            size="small"
            sx={{ maxWidth: 320 }}
            value={String(value[c.channelID] ?? c.value)}
            onChange={(v) => field.onChange({ ...value, [c.channelID]: Number(v) as ChannelState })}
            options={c.states.map((st) => ({ value: String(st), label: channelStateLabel(st, saleType) }))}
          />
        ),
      )}
      {fieldState.error && formState.isSubmitted && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Stack>
  );
}

function Categories({ data }: { data: DetailsData }) {
  const { field, fieldState, formState } = useController({ name: 'categoryIDs' });
  const chosen = (field.value ?? []) as number[];
  const full = chosen.length >= CATEGORIES_MAX;
  const toggle = (id: number, on: boolean) => field.onChange(on ? [...chosen, id] : chosen.filter((x) => x !== id));
  const shown = fieldState.error && (formState.isSubmitted || fieldState.isTouched);
  return (
    <Box data-testid="session-categories">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {chosen.length} of {CATEGORIES_MAX} chosen
      </Typography>
      <Grid container spacing={1}>
        {data.categories.map((g) => (
          <Grid key={g.id} size={{ xs: 12, sm: 6 }}>
            <Typography variant="subtitle2" component="h3">
              {g.name}
            </Typography>
            <FormGroup>
              {g.subcategories.map((s) => {
                const on = chosen.includes(s.id);
                return (
                  <FormControlLabel
                    key={s.id}
                    control={
                      <Checkbox
                        size="small"
                        checked={on}
                        disabled={!on && full}
                        onChange={(e) => toggle(s.id, e.target.checked)}
                        onBlur={field.onBlur}
                      />
                    }
                    label={s.name}
                  />
                );
              })}
            </FormGroup>
          </Grid>
        ))}
      </Grid>
      {shown && <FormHelperText error>{fieldState.error?.message}</FormHelperText>}
    </Box>
  );
}

function ViewNotes() {
  const notes = (useWatch({ name: 'viewNotes' }) as string) ?? '';
  return (
    <FormTextField
      source="viewNotes"
      id="session-view-notes"
      label="Viewing Notes"
      multiline
      minRows={4}
      fullWidth
      live={notes.length > VIEW_NOTES_MAX}
      helperText={`${notes.length}/${VIEW_NOTES_MAX}. No HTML.`}
    />
  );
}

function Actions({
  rules,
  p,
  onIntent,
}: {
  rules: (v: FieldValues) => Record<string, string>;
  p: WizardStepProps;
  onIntent: (i: SaveIntent) => void;
}) {
  const values = useWatch();
  const errors = rules(values);
  const hint = Object.values(errors)[0] ?? null;
  return (
    <WizardActions
      fromSummary={p.fromSummary}
      onIntent={onIntent}
      onCancelToSummary={() => p.goToStep(6)}
      disabled={!!hint}
      blockedHint={hint}
    />
  );
}
