import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, CardHeader, Grid, Link, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, useNotify } from 'react-admin';
import { useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  LOT_LABELS,
  LOT_LIMITS,
  LOT_TEXT,
  LOT_DELETED_NUMBER_CODE,
  lotLabel,
  validateLot,
  type LotField,
  type LotNumberContext,
  type LotSaleType,
  type LotView,
} from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { AppAlert } from '../../common/AppAlert';
import { readApiError } from '../../common/apiError';
import { NotFoundPage } from '../../common/NotFoundPage';
import { PermissionDenied } from '../../common/PermissionDenied';
import { ShellLoading } from '../../common/ShellLoading';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { FormTextField } from '../../kit/FormTextField';
import { nestErrors, useRulesInSync } from '../../kit/formErrors';
import { PageHeader } from '../../kit/PageHeader';
import { SubmitButton } from '../../kit/SubmitButton';
import { UnsavedChangesGuard } from '../../kit/UnsavedChangesGuard';
import type { UploadQueue } from '../image-upload/uploadQueue';
import { isSessionType, lotPageReturn, SINGLE_ITEM_PAGE, type SessionType } from '../steps';
import { useWizardProgress } from '../wizard/useWizardProgress';
import { useLotUploadQueue } from './LotImageUploader';
import { LotConsignmentCard } from './LotConsignmentCard';
import { LotImagesPanel } from './LotImagesPanel';
import { deleteLot, fetchLot, fetchNumbers, LOT_KEYS, saveLot, type NumberedLot } from './lotApi';

type LotDraft = Record<LotField, string>;

const FIELDS = Object.keys(LOT_LABELS) as LotField[];
const asText = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The form's values from a stored lot (a computed starting bid shows empty: the system will compute it again). */
function draftOf(lot: LotView | null): LotDraft {
  const d = Object.fromEntries(FIELDS.map((f) => [f, ''])) as LotDraft;
  if (!lot) return d;
  for (const f of FIELDS) d[f] = asText((lot as unknown as Record<string, unknown>)[f]);
  if (lot.startingBidComputed) d.startingBid = '';
  return d;
}

function backPath(type: SessionType, groupID: string, catalogID: string, goToPage: string | undefined, isNew: boolean) {
  const back = lotPageReturn(type, goToPage, isNew);
  return { to: `/session/${type}/${groupID}/${catalogID}/${back.step}`, label: back.label };
}

/**
 * /session/{type}/{groupID}/{catalogID}/lot/{lotNumber}[/{goToPage}] (spec 001 sections 2, 5, 8):
 * Add Lot (lot number 0) or Edit Lot, the two-column item form under the shared rules, the number
 * checks against the session's other, deleted and inventory numbers, code 112 on save, the
 * absentee-bid lock, Delete, and the Lot Deleted page.
 */
export function LotPage() {
  const { type, groupID = '', catalogID = '', lotNumber = '', goToPage } = useParams();
  const { user, isPending } = useShellUser();
  const dp = useAppDataProvider();
  const isNew = lotNumber === '0';
  const valid = isSessionType(type) && /^\d+$/.test(catalogID) && (isNew || /^\d{1,8}[A-Za-z]?$/.test(lotNumber));
  const allowed = !!user?.accessCalendar;
  const lot = useQuery({
    queryKey: LOT_KEYS.lot(catalogID, lotNumber),
    queryFn: () => fetchLot(dp, catalogID, lotNumber),
    enabled: valid && allowed && !isNew,
    retry: false,
  });
  const numbers = useQuery({
    queryKey: LOT_KEYS.numbers(catalogID),
    queryFn: () => fetchNumbers(dp, catalogID),
    enabled: valid && allowed,
    retry: false,
  });
  const uploads = useLotUploadQueue(user?.houseInfo.houseID, catalogID, lot.data ?? undefined);

  if (!valid) return <NotFoundPage />;
  if (isPending || !user) return <ShellLoading />;
  if (!allowed) return <PermissionDenied />;
  const back = backPath(type, groupID, catalogID, goToPage, isNew);
  const title = isNew ? 'Add Lot' : 'Edit Lot';
  if (lot.isError && readApiError(lot.error).status === 404) return <NotFoundPage />;
  if (lot.isError || numbers.isError) {
    return (
      <>
        <PageHeader title={title} back={back} />
        <AppAlert />
      </>
    );
  }
  if ((!isNew && lot.isPending) || numbers.isPending) return <ShellLoading />;
  if (lot.data?.deleted) return <LotDeletedPage back={back} />;
  const connectType = user.houseInfo.connectType ?? user.connectType;
  return (
    <LotForm
      // A saved edit refetches the lot: the form starts again from what was stored.
      key={lot.data ? `${lot.data.lotID}-${lot.dataUpdatedAt}` : 'new'}
      title={title}
      back={back}
      saleType={type}
      connectType={connectType}
      houseId={user.houseInfo.houseID}
      catalogId={catalogID}
      lot={lot.data ?? null}
      numbers={numbers.data}
      uploads={uploads}
      singleItemPath={goToPage === SINGLE_ITEM_PAGE}
      onAdded={(saved) => {
        if (saved.lotNumber) {
          const rest = goToPage ? `/${goToPage}` : '';
          return `/session/${type}/${groupID}/${catalogID}/lot/${lotLabel(saved.lotNumber, saved.lotExt)}${rest}`;
        }
        // No number to edit it by: on to where a saved lot's page leads.
        return backPath(type, groupID, catalogID, goToPage, false).to;
      }}
    />
  );
}

/** 001 section 2: a deleted lot cannot be edited. */
function LotDeletedPage({ back }: { back: { to: string; label: string } }) {
  return (
    <>
      <PageHeader title={LOT_TEXT.deletedPageTitle} />
      <Card data-testid="lot-deleted">
        <CardContent>
          <Typography>{LOT_TEXT.deletedPage}</Typography>
          <Link component={RouterLink} to={back.to} sx={{ display: 'inline-block', mt: 2 }} data-testid="lot-back">
            {back.label}
          </Link>
        </CardContent>
      </Card>
    </>
  );
}

interface LotFormProps {
  title: string;
  back: { to: string; label: string };
  saleType: LotSaleType;
  connectType: string;
  houseId: number;
  catalogId: string;
  lot: LotView | null;
  numbers: { lots: NumberedLot[]; deleted: NumberedLot[]; orderbids: { lotID: number; orderbidCount: number }[] };
  /** The lot's image upload queue (kept by the page across the form's remounts), null without a lot number. */
  uploads: UploadQueue | null;
  /** Opened by Upload Items' "Add single item": adding the lot records the wizard's progress. */
  singleItemPath: boolean;
  /** Where the page goes after adding a lot. */
  onAdded: (saved: LotView) => string;
}

function LotForm(p: LotFormProps) {
  const { title, back, saleType, connectType, houseId, catalogId, lot, numbers, uploads, singleItemPath, onAdded } = p;
  const dp = useAppDataProvider();
  const record = useWizardProgress(saleType, catalogId);
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<{ title?: string; message: string | null } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  /** After Add Lot: the page it goes to (navigated once the unsaved-changes guard is off). */
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  useEffect(() => {
    if (leavingTo) void navigate(leavingTo, { replace: true });
  }, [leavingTo, navigate]);
  const [defaults] = useState(() => draftOf(lot));
  const ctx: LotNumberContext = useMemo(
    () => ({
      others: numbers.lots.filter((l) => l.lotID !== lot?.lotID),
      deleted: numbers.deleted,
    }),
    [numbers, lot?.lotID],
  );
  const locked = lot !== null && (lot.orderbid > 0 || numbers.orderbids.some((b) => b.lotID === lot.lotID && b.orderbidCount > 0));
  const rules = (values: FieldValues) => {
    const r = validateLot(values as LotDraft, saleType, connectType, ctx);
    return r.ok ? {} : (r.errors as Record<string, string>);
  };

  const submit = async (values: FieldValues) => {
    setAlert(null);
    try {
      const saved = await saveLot(dp, catalogId, lot?.lotID ?? null, values as LotDraft);
      // Live/timed: the single-item path goes on to Upload Images (4), where the calendar's Edit link
      // then lands. The lot is saved either way: a failed record only leaves that link on Upload Items.
      // Before the refetch below: once the new lot is among "other" numbers the form reads as invalid.
      if (!lot && singleItemPath) await record('singleItemAdded').catch(() => null);
      await queryClient.invalidateQueries({ queryKey: ['lot', catalogId] });
      notify(lot ? 'Lot saved' : 'Lot added', { type: 'success' });
      if (!lot) setLeavingTo(onAdded(saved));
      return undefined;
    } catch (err) {
      const failure = readApiError(err);
      if (failure.code === LOT_DELETED_NUMBER_CODE) setAlert({ title: LOT_TEXT.deletedNumberTitle, message: failure.message });
      else if (failure.status === 400 && Object.keys(failure.errors).length) setAlert({ message: failure.message });
      else setAlert({ message: failure.status === 409 && failure.message ? failure.message : LOT_TEXT.saveFailed });
      return Object.keys(failure.errors).length ? failure.errors : undefined;
    }
  };

  /** A refused delete shows in the dialog; a done one reloads the lot, which now reads as deleted (Lot Deleted page). */
  const remove = async () => {
    if (!lot) return;
    await deleteLot(dp, Number(catalogId), lot);
    setConfirmDelete(false);
    notify('Lot deleted', { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: ['lot', catalogId] });
  };

  return (
    <>
      <PageHeader
        title={title}
        back={back}
        actions={
          lot && (
            <Button color="error" variant="outlined" onClick={() => setConfirmDelete(true)} data-testid="lot-delete">
              Delete Lot
            </Button>
          )
        }
      />
      <Form defaultValues={defaults} onSubmit={submit} validate={(v) => nestErrors(rules(v))} noValidate sanitizeEmptyValues={false}>
        <RulesInSync rules={rules} />
        {alert && (
          <Box sx={{ mb: 2 }} role="alert" data-testid="lot-form-error">
            <AppAlert title={alert.title} message={alert.message} />
          </Box>
        )}
        <LotFields
          saleType={saleType}
          connectType={connectType}
          locked={locked}
          computedStartingBid={lot?.startingBidComputed ? lot.startingBid : null}
          onEdited={() => setAlert(null)}
          images={
            // "Image uploader once the lot exists": the images of a numbered lot (the calls name it by number).
            lot?.lotNumber && uploads ? (
              <LotImagesPanel
                houseId={houseId}
                catalogId={catalogId}
                lotKey={lotLabel(lot.lotNumber, lot.lotExt)}
                lotId={lot.lotID}
                saleType={saleType}
                uploads={uploads}
              />
            ) : null
          }
        />
        <LotActions back={back} defaults={defaults} rules={rules} leaving={leavingTo !== null} />
      </Form>
      {/* Its own form (a form cannot nest): the consignor and commission save on their own. */}
      {lot && <LotConsignmentCard catalogId={catalogId} lotId={lot.lotID} />}
      <ConfirmDialog
        open={confirmDelete}
        title="Delete Lot"
        text={`Delete lot ${lot ? lotLabel(lot.lotNumber, lot.lotExt) || lot.invNumber : ''}? Its number cannot be used again in this session.`}
        confirmLabel="Delete"
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      />
    </>
  );
}

function RulesInSync({ rules }: { rules: (values: FieldValues) => Record<string, string> }): null {
  useRulesInSync(rules);
  return null;
}

/** Typing stops at the limit only where the spec words no message for it (the numbers and title show theirs). */
const MAX: Partial<Record<LotField, number>> = {
  dimensions: LOT_LIMITS.dimensions,
  artistName: LOT_LIMITS.shortText,
  medium: LOT_LIMITS.shortText,
  circa: LOT_LIMITS.shortText,
};

function LotFields({
  saleType,
  connectType,
  locked,
  computedStartingBid,
  onEdited,
  images,
}: {
  saleType: LotSaleType;
  connectType: string;
  locked: boolean;
  /** The starting bid the system computed for the stored lot (none was typed), or null. */
  computedStartingBid: number | null;
  onEdited: () => void;
  /** The lot's images panel (an existing lot), or null. */
  images: ReactNode;
}) {
  const bin = saleType === 'bin';
  const field = (name: LotField, opts: { required?: boolean; multiline?: boolean; disabled?: boolean; amount?: boolean } = {}) => (
    <FormTextField
      source={name}
      id={`lot-${name}`}
      label={LOT_LABELS[name]}
      required={opts.required}
      multiline={opts.multiline}
      minRows={opts.multiline ? 3 : undefined}
      disabled={opts.disabled}
      onChange={onEdited}
      fullWidth
      autoComplete="off"
      slotProps={{ htmlInput: { maxLength: MAX[name], inputMode: opts.amount ? 'numeric' : undefined } }}
    />
  );
  const numberRequired = !bin && !['e', 'p'].includes(connectType);
  const lockedField = (name: LotField) =>
    locked ? (
      <Tooltip title={LOT_TEXT.absenteeLock}>
        <span>{field(name, { disabled: true, amount: true })}</span>
      </Tooltip>
    ) : (
      field(name, { amount: true })
    );
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Stack spacing={3}>
          <Card>
            <CardHeader title="Item Details" titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
            <CardContent>
              <Grid container spacing={2}>
                <Grid size={6}>{field('lotNumber', { required: numberRequired })}</Grid>
                <Grid size={6}>{field('lotExt')}</Grid>
                <Grid size={12}>{field('invNumber')}</Grid>
                <Grid size={12}>{field('lotTitle', { required: true })}</Grid>
                <Grid size={12}>{field('lotDescription', { required: true, multiline: true })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{field('artistName')}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{field('medium')}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{field('circa')}</Grid>
                <Grid size={12}>{field('condition', { multiline: true })}</Grid>
              </Grid>
            </CardContent>
          </Card>
          <Card>
            <CardHeader title="Dimensions and Shipping Package Size" titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
            <CardContent>
              <Grid container spacing={2}>
                <Grid size={12}>{field('dimensions')}</Grid>
                <Grid size={{ xs: 6, sm: 4 }}>{field('shipLength', { amount: true })}</Grid>
                <Grid size={{ xs: 6, sm: 4 }}>{field('shipWidth', { amount: true })}</Grid>
                <Grid size={{ xs: 6, sm: 4 }}>{field('shipHeight', { amount: true })}</Grid>
                <Grid size={{ xs: 6, sm: 4 }}>{field('shipWeight', { amount: true })}</Grid>
                <Grid size={{ xs: 6, sm: 4 }}>{field('shipping', { amount: true })}</Grid>
                {bin && <Grid size={{ xs: 6, sm: 4 }}>{field('shippingIntl', { amount: true })}</Grid>}
              </Grid>
            </CardContent>
          </Card>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Stack spacing={3}>
          <Card>
            <CardHeader title="Pricing Information" titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
            <CardContent>
              <Grid container spacing={2}>
                {bin ? (
                  <Grid size={{ xs: 12, sm: 6 }}>{field('itemPrice', { required: true, amount: true })}</Grid>
                ) : (
                  <>
                    <Grid size={{ xs: 12, sm: 6 }}>{field('loEst', { amount: true })}</Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>{field('hiEst', { amount: true })}</Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>{lockedField('startingBid')}</Grid>
                    {saleType === 'timed' && <Grid size={{ xs: 12, sm: 6 }}>{lockedField('reserve')}</Grid>}
                    <Grid size={12}>
                      <Typography variant="body2" color="text.secondary">
                        {locked
                          ? LOT_TEXT.absenteeLock
                          : 'Whole amounts only. Leave the starting bid empty and it is computed from the estimates.'}
                        {computedStartingBid !== null && (
                          <span data-testid="lot-computed-starting-bid"> Computed starting bid: {computedStartingBid}.</span>
                        )}
                      </Typography>
                    </Grid>
                  </>
                )}
              </Grid>
            </CardContent>
          </Card>
          <Card>
            <CardHeader title="Item Information" titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
            <CardContent>
              <Stack spacing={2}>
                {field('provenance', { multiline: true })}
                {field('literature', { multiline: true })}
                {field('exhibited', { multiline: true })}
                {field('notes', { multiline: true })}
              </Stack>
            </CardContent>
          </Card>
          {images ?? (
            <Card variant="outlined" data-testid="lot-images">
              <CardHeader title="Images" titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {LOT_TEXT.imagesLater}
                </Typography>
              </CardContent>
            </Card>
          )}
        </Stack>
      </Grid>
    </Grid>
  );
}

function LotActions({
  back,
  defaults,
  rules,
  leaving,
}: {
  back: { to: string; label: string };
  defaults: LotDraft;
  rules: (values: FieldValues) => Record<string, string>;
  leaving: boolean;
}) {
  const { isSubmitting } = useFormState();
  const values = useWatch() as LotDraft;
  const errors = rules(values);
  const valid = Object.keys(errors).length === 0;
  const dirty = !isSubmitting && !leaving && FIELDS.some((f) => asText(values[f]).trim() !== asText(defaults[f]).trim());
  return (
    <>
      <UnsavedChangesGuard when={dirty} text="The lot you entered has not been saved." />
      <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center' }}>
        <SubmitButton disabled={!valid} data-testid="lot-save" aria-describedby={valid ? undefined : 'lot-save-hint'}>
          Save
        </SubmitButton>
        <Link component={RouterLink} to={back.to} data-testid="lot-cancel">
          Cancel
        </Link>
        {!valid && (
          <Typography id="lot-save-hint" variant="body2" color="text.secondary" aria-live="polite" data-testid="lot-save-hint">
            To save, complete:{' '}
            {Object.keys(errors)
              .map((f) => LOT_LABELS[f as LotField] ?? f)
              .join(', ')}
            .
          </Typography>
        )}
      </Stack>
    </>
  );
}
