import { useMemo, useRef, useState } from 'react';
import { Box, Card, CardContent, Grid, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import {
  basicsNextStep,
  CALENDAR_TEXT,
  defaultResell,
  parseCalendarDate,
  SESSION_AMPM,
  SESSION_HOURS,
  SESSION_MINUTES,
  SESSION_TEXT,
  SESSION_TITLE_MAX,
  sessionDateWindow,
  stepTrackerValue,
  TIMED_STAGGER_SECONDS,
  validateSessionBasics,
  zoneAbbreviation,
  type HouseAddressView,
} from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { ShellLoading } from '../../common/ShellLoading';
import { FormTextField } from '../../kit/FormTextField';
import { nestErrors, useRulesInSync } from '../../kit/formErrors';
import { FormSwitch } from './FormSwitch';
import { fetchAddresses, fetchGroupInfo, fetchHouseInfo, recordStep, saveBasics, WIZARD_KEYS, type WizardHouseInfo } from './wizardApi';
import { liveTimedType, type WizardStepProps } from './wizardContext';
import { WizardActions, type SaveIntent } from './WizardActions';

type BasicsDraft = Record<
  'title' | 'addressID' | 'date' | 'hour' | 'minute' | 'ampm' | 'timedType' | 'timedValue' | 'resellUnsoldLiveLots',
  string
>;

const native = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** Step 1, Create Session (spec 001 sections 2, 5, 7): title, location, date and time in the location's zone, timed stagger, resell toggle. */
export function BasicsStep(props: WizardStepProps) {
  const dp = useAppDataProvider();
  const isNew = props.catalogID === '0';
  const houseInfo = useQuery({ queryKey: WIZARD_KEYS.houseInfo(props.houseId), queryFn: () => fetchHouseInfo(dp, props.houseId) });
  const addresses = useQuery({ queryKey: WIZARD_KEYS.addresses(), queryFn: () => fetchAddresses(dp) });
  const group = useQuery({
    queryKey: WIZARD_KEYS.group(props.groupID),
    queryFn: () => fetchGroupInfo(dp, props.groupID),
    enabled: isNew,
    retry: false,
  });
  if (houseInfo.isError || addresses.isError || group.isError)
    return <AppAlert message={CALENDAR_TEXT.loadFailed.replace('auctions / sales', 'session')} />;
  if (houseInfo.isPending || addresses.isPending || (isNew && group.isPending)) return <ShellLoading />;
  const blocked =
    isNew && group.data && !group.data.canAddCatalogs
      ? group.data.addBlockedBy === 'feeStep'
        ? CALENDAR_TEXT.feeStepDiffers(group.data.groupName)
        : SESSION_TEXT.maxSessions
      : null;
  return <BasicsForm {...props} houseInfo={houseInfo.data} addresses={addresses.data} blocked={blocked} />;
}

function draftOf(p: WizardStepProps, info: WizardHouseInfo, addresses: HouseAddressView[]): BasicsDraft {
  const s = p.session;
  if (!s) {
    return {
      title: '',
      addressID: String(addresses.find((a) => a.primary)?.addressID ?? addresses[0]?.addressID ?? ''),
      date: '',
      hour: '',
      minute: '',
      ampm: '',
      timedType: '1',
      timedValue: String(info.defaultTimedInterval),
      resellUnsoldLiveLots: defaultResell(liveTimedType(p.type), info.liveToTimedEligible) ? 'Y' : 'N',
    };
  }
  return {
    title: s.title,
    addressID: s.addressID ? String(s.addressID) : '',
    date: parseCalendarDate(s.date) ?? '',
    hour: s.hour,
    minute: s.minute,
    ampm: s.ampm,
    timedType: String(s.timedType ?? 1),
    timedValue: String(s.timedValue ?? info.defaultTimedInterval),
    resellUnsoldLiveLots: s.resellUnsoldLiveLots,
  };
}

function BasicsForm(p: WizardStepProps & { houseInfo: WizardHouseInfo; addresses: HouseAddressView[]; blocked: string | null }) {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const intent = useRef<SaveIntent>('continue');
  const [alert, setAlert] = useState<string | null>(p.blocked);
  const [defaults] = useState(() => draftOf(p, p.houseInfo, p.addresses));
  const timed = p.type === 'timed';
  const zoneOf = (addressID: string) => p.houseInfo.addressTimeZones[addressID] ?? null;
  const rules = (v: FieldValues) => {
    const r = validateSessionBasics(v as BasicsDraft, {
      saleType: liveTimedType(p.type),
      now: new Date(),
      timeZone: zoneOf(String(v.addressID ?? '')),
      liveToTimedEligible: p.houseInfo.liveToTimedEligible,
    });
    return placeTimeError(r.errors, v as BasicsDraft);
  };

  const submit = async (values: FieldValues) => {
    const v = values as BasicsDraft;
    setAlert(null);
    try {
      const id = await saveBasics(dp, p.groupID, p.catalogID, {
        ...v,
        dateEnd: v.date,
        isTimed: timed ? '1' : '0',
        liveStatus: '1',
        groupID: Number(p.groupID),
        houseID: p.houseId,
      });
      const tracker = stepTrackerValue(p.type, p.catalogID === '0' ? 'basicsCreated' : 'basicsEdited', p.fromSummary);
      if (tracker !== null) await recordStep(dp, id, tracker);
      await queryClient.invalidateQueries({ queryKey: WIZARD_KEYS.session(String(id)) });
      if (intent.current === 'exit') p.exit();
      else p.goToStep(basicsNextStep(p.fromSummary), id);
      return undefined;
    } catch (err) {
      const f = readApiError(err);
      if (f.status === 400 && Object.keys(f.errors).length) return placeTimeError(f.errors, v);
      setAlert(f.status === 409 && f.message ? f.message : SESSION_TEXT.createFailed);
      return undefined;
    }
  };

  return (
    <Form defaultValues={defaults} onSubmit={submit} validate={(v) => nestErrors(rules(v))} noValidate sanitizeEmptyValues={false}>
      <RulesInSync rules={rules} />
      {alert && (
        <Box sx={{ mb: 2 }} role="alert" data-testid="wizard-error">
          <AppAlert message={alert} />
        </Box>
      )}
      <Card>
        <CardContent>
          <Grid container spacing={2.5}>
            <Grid size={12}>
              <FormTextField
                source="title"
                id="session-title"
                label="Session Title"
                required
                fullWidth
                autoComplete="off"
                helperText="Bidders see this title."
                slotProps={{ htmlInput: { maxLength: SESSION_TITLE_MAX } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField source="addressID" id="session-location" label="Location" required fullWidth select slotProps={native}>
                <option value="">Select a location</option>
                {p.addresses.map((a) => (
                  <option key={a.addressID} value={String(a.addressID)}>
                    {[a.facilityName, a.addressStreet1, a.location].filter(Boolean).join(', ')}
                  </option>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <ZoneNote zoneOf={zoneOf} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <DateField timed={timed} zoneOf={zoneOf} />
            </Grid>
            <Grid size={{ xs: 4, sm: 2, md: 1.5 }}>
              <FormTextField source="hour" id="session-hour" label="Hour" required fullWidth select slotProps={native}>
                <option value="">--</option>
                {SESSION_HOURS.map((h) => (
                  <option key={h}>{h}</option>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 4, sm: 2, md: 1.5 }}>
              <FormTextField source="minute" id="session-minute" label="Minute" required fullWidth select slotProps={native}>
                <option value="">--</option>
                {SESSION_MINUTES.map((m) => (
                  <option key={m}>{m}</option>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 4, sm: 2, md: 1.5 }}>
              <FormTextField source="ampm" id="session-ampm" label="AM/PM" required fullWidth select slotProps={native}>
                <option value="">--</option>
                {SESSION_AMPM.map((m) => (
                  <option key={m}>{m}</option>
                ))}
              </FormTextField>
            </Grid>
            {timed ? <TimedOptions /> : p.houseInfo.liveToTimedEligible && <ResellToggle />}
          </Grid>
        </CardContent>
      </Card>
      <Actions rules={rules} p={p} blocked={!!p.blocked} onIntent={(i) => (intent.current = i)} />
    </Form>
  );
}

/** The rules name the time as one field; the form shows it under the hour, or the minute when only that is missing. */
function placeTimeError(errors: Record<string, string>, v: BasicsDraft): Record<string, string> {
  if (!errors.time) return errors;
  const { time, ...rest } = errors;
  return { ...rest, [v.hour && !v.minute ? 'minute' : 'hour']: time };
}

function RulesInSync({ rules }: { rules: (values: FieldValues) => Record<string, string> }): null {
  useRulesInSync(rules);
  return null;
}

function DateField({ timed, zoneOf }: { timed: boolean; zoneOf: (id: string) => string | null }) {
  const addressID = useWatch({ name: 'addressID' }) as string;
  const zone = zoneOf(addressID);
  const window = useMemo(() => (zone ? sessionDateWindow(new Date(), zone) : null), [zone]);
  return (
    <FormTextField
      source="date"
      id="session-date"
      type="date"
      label={timed ? 'First Lot End Date' : 'Session Date'}
      required
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: window?.min, max: window?.max } }}
    />
  );
}

/** "Time zone comes from location and date": the zone's name on that date (EST or EDT). */
function ZoneNote({ zoneOf }: { zoneOf: (id: string) => string | null }) {
  const [addressID, date] = useWatch({ name: ['addressID', 'date'] }) as [string, string];
  const zone = zoneOf(addressID);
  const day = date ? parseCalendarDate(date) : null;
  return (
    <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary" data-testid="session-time-zone">
        Time zone:{' '}
        {zone && day ? (
          <strong>
            {zoneAbbreviation(day, zone)} ({zone})
          </strong>
        ) : (
          'shown once a location and date are chosen'
        )}
      </Typography>
    </Box>
  );
}

function TimedOptions() {
  const type = useWatch({ name: 'timedType' }) as string;
  return (
    <Grid size={12}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <FormSwitch source="timedType" id="session-stagger" label="Stagger lot end times" on="1" off="0" />
        {type === '1' && (
          <FormTextField
            source="timedValue"
            id="session-stagger-seconds"
            label="Seconds between lots"
            select
            sx={{ minWidth: 200 }}
            slotProps={native}
          >
            {TIMED_STAGGER_SECONDS.map((s) => (
              <option key={s} value={String(s)}>
                {s} seconds
              </option>
            ))}
          </FormTextField>
        )}
      </Stack>
    </Grid>
  );
}

function ResellToggle() {
  return (
    <Grid size={12}>
      <Tooltip title={SESSION_TEXT.resellTooltip} placement="bottom-start">
        <span data-testid="session-resell">
          <FormSwitch source="resellUnsoldLiveLots" id="session-resell-toggle" label={SESSION_TEXT.resellLabel} />
        </span>
      </Tooltip>
    </Grid>
  );
}

const LABELS: Record<string, string> = {
  title: 'title',
  addressID: 'location',
  date: 'date',
  hour: 'time',
  minute: 'time',
  ampm: 'AM/PM',
  timedValue: 'stagger',
};

function Actions({
  rules,
  p,
  blocked,
  onIntent,
}: {
  rules: (v: FieldValues) => Record<string, string>;
  p: WizardStepProps;
  blocked: boolean;
  onIntent: (i: SaveIntent) => void;
}) {
  const values = useWatch();
  const missing = [...new Set(Object.keys(rules(values)).map((k) => LABELS[k] ?? k))];
  return (
    <WizardActions
      fromSummary={p.fromSummary}
      onIntent={onIntent}
      onCancelToSummary={() => p.goToStep(6)}
      disabled={blocked || missing.length > 0}
      blockedHint={missing.length && !blocked ? `To continue, complete: ${missing.join(', ')}.` : null}
    />
  );
}
