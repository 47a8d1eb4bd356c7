import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, setSubmissionErrors, TextInput } from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { formatMoney } from '../money';
import { fetchEditableInvoices, type InvoiceChargeBody, type LotChargeBody } from '../shared/editingApi';
import { canAddAdditionalCharges, chargesAreAdditional, taxIsComputed } from '../shared/editingRules';
import { EDIT_TEXT } from '../shared/editingTexts';
import type { EditableInvoice } from '../shared/editingTypes';
import { GuardedDialog, useGuardedClose, useReportDirty } from '../../kit/GuardedDialog';
import { useDelayed } from '../shared/NoteIcon';
import { saveFailure } from '../shared/saveFailure';
import { UnsavedChangesGuard } from '../../kit/UnsavedChangesGuard';
import {
  amountError,
  CHARGE_DEBOUNCE_MS,
  CHARGE_FIELDS,
  CHARGE_LABELS,
  CHARGE_TEXT,
  chargeBodies,
  chargeRows,
  chargeServerErrors,
  chargesDirty,
  chargeValues,
  normaliseChargeText,
  rowTotal,
  withTexts,
  type ChargeField,
  type ChargeRowDraft,
  type ChargeValues,
} from './chargeForm';
import type { EditorSettings } from './editorTypes';
import { EDIT_KEYS } from './useEditorData';
import { chargeMayBeNegative } from '@ar/rules';

export interface ChargesDialogProps {
  open: boolean;
  /** The invoices walked through (one for the single form). */
  ids: number[];
  startIndex: number;
  /** Bulk: Previous invoice and Save & Next walk through `ids`. */
  bulk: boolean;
  settings: EditorSettings;
  /** The invoice if the page has it (shown at once; fetched otherwise). */
  lookup: (invoiceId: number) => EditableInvoice | undefined;
  /** Saves one invoice's form; throws when refused (the form stays with its values). */
  onSave: (invoice: EditableInvoice, body: LotChargeBody[] | InvoiceChargeBody) => Promise<void>;
  onClose: () => void;
}

type Target = 'prev' | 'next' | 'close';

/**
 * Add/Edit Charges (spec 000 sections 2, 4, 5): the per-lot-cost form (a row per visible lot) or the
 * invoice-level form, single or bulk (Previous invoice, Save & Next, Save & Close). Amounts are
 * checked 500 ms after typing stops; Other may be negative; tax is not a field on US invoices with
 * processor p. On a paid invoice (processor p, online payment) the charges are additional charges,
 * locked once paid or pending. Moving to another invoice saves this one first, and a refused save
 * keeps every value entered: nothing typed is ever lost. Escape, a click beside it and Cancel ask
 * first when something was typed.
 */
export function ChargesDialog(props: ChargesDialogProps) {
  const [saving, setSaving] = useState(false);
  return (
    <GuardedDialog
      open={props.open}
      onClose={props.onClose}
      busy={saving}
      discardText={EDIT_TEXT.discardText}
      fullWidth
      maxWidth={props.settings.perLot ? 'lg' : 'sm'}
      aria-labelledby="charges-dialog-title"
    >
      {props.open && <ChargesForm {...props} saving={saving} setSaving={setSaving} />}
    </GuardedDialog>
  );
}

interface FormProps extends ChargesDialogProps {
  saving: boolean;
  setSaving: (saving: boolean) => void;
}

/** Walks through the invoices; each one shown gets its own react-admin Form. */
function ChargesForm(props: FormProps) {
  const { ids, startIndex, settings, lookup } = props;
  const dp = useAppDataProvider();
  const [index, setIndex] = useState(startIndex);
  const id = ids[index];
  const invoiceQuery = useQuery({
    queryKey: EDIT_KEYS.one(settings.houseRef, settings.groupId, id),
    queryFn: async () => (await fetchEditableInvoices(dp, settings.houseRef, settings.groupId, [id]))[0] ?? null,
    initialData: () => lookup(id),
    staleTime: 30_000,
    retry: false,
  });
  const inv = invoiceQuery.data ?? null;
  const move = (target: Target) => {
    if (target === 'close') props.onClose();
    else setIndex((i) => (target === 'prev' ? Math.max(0, i - 1) : Math.min(ids.length - 1, i + 1)));
  };
  if (inv) return <InvoiceCharges key={inv.invoiceID} {...props} inv={inv} index={index} onMove={move} />;
  return (
    <Box data-testid="charges-dialog">
      <ChargesTitle />
      <DialogContent dividers>
        {invoiceQuery.isError ? (
          <AppAlert message="This invoice could not be loaded." />
        ) : (
          <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
            <CircularProgress />
          </Box>
        )}
      </DialogContent>
      <ChargesActions bulk={props.bulk} first={index === 0} last={index === ids.length - 1} saving={false} />
    </Box>
  );
}

interface InvoiceChargesProps extends FormProps {
  inv: EditableInvoice;
  index: number;
  onMove: (target: Target) => void;
}

/**
 * One invoice's form. Its values are fixed when it opens; a reload of the invoice (someone else's
 * change, 409) puts the new amounts under the fields not typed in, and keeps what was typed.
 */
function InvoiceCharges({ inv, index, ids, bulk, settings, onSave, saving, setSaving, onMove }: InvoiceChargesProps) {
  const qc = useQueryClient();
  const additional = chargesAreAdditional(inv, settings.house);
  const cannotAdd = additional && !canAddAdditionalCharges(inv, settings.house);
  const withTax = !taxIsComputed(inv, settings.house);
  const rows = useMemo(
    () => chargeRows(inv, settings.perLot, additional).map((r) => (cannotAdd ? { ...r, locked: true } : r)),
    [inv, settings.perLot, additional, cannotAdd],
  );
  const [defaults] = useState(() => chargeValues(rows));
  const [alert, setAlert] = useState<string | null>(null);
  const last = index === ids.length - 1;

  /** Saves what changed (nothing is sent when nothing did), then moves; a refusal answers the server's field messages. */
  const save = async (values: FieldValues, target: Target): Promise<ChargeValues | undefined> => {
    const now = withTexts(rows, values as ChargeValues);
    const body = chargeBodies(inv, now, { perLot: settings.perLot, additional, withTax, isLastInvoice: target === 'close' || last });
    setAlert(null);
    if (body) {
      setSaving(true);
      try {
        await onSave(inv, body);
      } catch (err) {
        const f = saveFailure(err);
        setAlert(f.message);
        setSaving(false);
        return chargeServerErrors(f.errors, body, now);
      }
      setSaving(false);
      // Saved: the next visit of this invoice starts from what the server now has.
      void qc.invalidateQueries({ queryKey: EDIT_KEYS.one(settings.houseRef, settings.groupId, inv.invoiceID), refetchType: 'none' });
    }
    onMove(target);
    return undefined;
  };

  const money = (c: number) => formatMoney(c, settings.symbol);
  const fields = CHARGE_FIELDS.filter((f) => f !== 'tax' || withTax);
  const input = (row: ChargeRowDraft, f: ChargeField, label: string) => (
    <ChargeInput key={f} row={row} field={f} label={label} symbol={settings.symbol} perLot={settings.perLot} saving={saving} />
  );
  const total = (row: ChargeRowDraft) => <RowTotal row={row} withTax={withTax} money={money} />;

  return (
    <Form
      defaultValues={defaults}
      onSubmit={(values: FieldValues) => save(values, 'close')}
      noValidate
      sanitizeEmptyValues={false}
      disableInvalidFormNotification
      reValidateMode="onSubmit"
    >
      <Box data-testid="charges-dialog">
        <ChargesTitle>
          <Typography component="div" variant="body2" color="text.secondary" data-testid="charges-invoice">
            Invoice #{inv.invoiceNumber} · {inv.name}
            {bulk && ` · ${index + 1} of ${ids.length}`}
          </Typography>
        </ChargesTitle>
        <DialogContent dividers>
          {alert && (
            <Box sx={{ mb: 1.5 }}>
              <AppAlert message={alert} onClose={() => setAlert(null)} />
            </Box>
          )}
          {additional && (
            <Alert severity="info" sx={{ mb: 1.5 }} data-testid="additional-mode">
              This invoice has been paid: charges entered here are additional charges (Add&apos;l), billed on their own.
            </Alert>
          )}
          {cannotAdd && (
            <Alert severity="warning" sx={{ mb: 1.5 }}>
              {CHARGE_TEXT.cannotAdd}
            </Alert>
          )}
          {!withTax && (
            <DialogContentText variant="body2" sx={{ mb: 1 }} data-testid="tax-computed">
              {CHARGE_TEXT.taxComputed}
            </DialogContentText>
          )}
          {settings.perLot ? (
            rows.length === 0 ? (
              <Typography color="text.secondary">Every lot of this invoice is hidden.</Typography>
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label="Charges per lot">
                  <TableHead>
                    <TableRow>
                      <TableCell>Lot</TableCell>
                      <TableCell align="right">Hammer</TableCell>
                      {fields.map((f) => (
                        <TableCell key={f} align="right">
                          <FieldHead field={f} />
                        </TableCell>
                      ))}
                      <TableCell align="right">Charges</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row) => {
                      const line = inv.invoiceDetails?.find((l) => l.invoiceDetailID === row.lineId);
                      return (
                        <TableRow key={row.key} data-testid={`charges-row-${row.lineId}`}>
                          <TableCell sx={{ maxWidth: 240 }}>
                            <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
                              {line?.lotNumber}
                              {line?.restricted && '*'}
                            </Box>
                            {line?.lotTitle}
                            {row.locked && additional && (
                              <Typography variant="caption" component="div" color="text.secondary">
                                {line?.additionalPriceInfo?.status ?? CHARGE_TEXT.locked}
                              </Typography>
                            )}
                          </TableCell>
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {line ? money(line.priceInfoCents.hammer) : ''}
                          </TableCell>
                          {fields.map((f) => (
                            <TableCell key={f} align="right">
                              {input(row, f, `${CHARGE_LABELS[f]} of lot ${line?.lotNumber ?? ''}`)}
                            </TableCell>
                          ))}
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                            {total(row)}
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </Box>
            )
          ) : (
            rows.map((row) => (
              <Box
                key={row.key}
                sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 1 }}
                data-testid="charges-row-invoice"
              >
                {fields.map((f) => (
                  <Box key={f}>
                    <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
                      <FieldHead field={f} />
                    </Typography>
                    {input(row, f, CHARGE_LABELS[f])}
                  </Box>
                ))}
                <Typography sx={{ gridColumn: '1 / -1', fontWeight: 600 }}>
                  Charges: {total(row)}
                  {row.locked && additional && ` · ${inv.additionalPriceInfo?.status ?? CHARGE_TEXT.locked}`}
                </Typography>
              </Box>
            ))
          )}
        </DialogContent>
        <KeepTypedOnReload version={inv.version} rows={rows} />
        <FormWatch rows={rows} withTax={withTax} saving={saving} onEdit={() => setAlert((a) => (a === CHARGE_TEXT.fixErrors ? null : a))} />
        <ChargesActions
          bulk={bulk}
          first={index === 0}
          last={last}
          saving={saving}
          onGo={(target, values) => save(values, target)}
          onInvalid={() => setAlert(CHARGE_TEXT.fixErrors)}
        />
      </Box>
    </Form>
  );
}

function ChargesTitle({ children }: { children?: ReactNode }) {
  return (
    <DialogTitle id="charges-dialog-title">
      Add/Edit Charges
      {children}
    </DialogTitle>
  );
}

function FieldHead({ field }: { field: ChargeField }) {
  if (field !== 'other') return <>{CHARGE_LABELS[field]}</>;
  return (
    <Tooltip title={CHARGE_TEXT.otherTooltip}>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} data-testid="other-tooltip">
        {CHARGE_LABELS.other}
        <InfoIcon sx={{ fontSize: 16 }} aria-label={CHARGE_TEXT.otherTooltip} />
      </Box>
    </Tooltip>
  );
}

interface ChargeInputProps {
  row: ChargeRowDraft;
  field: ChargeField;
  label: string;
  symbol: string;
  perLot: boolean;
  saving: boolean;
}

const validateAmount = (v: unknown) => amountError(String(v ?? ''), false);
const validateSigned = (v: unknown) => amountError(String(v ?? ''), true);

/** One amount: its rule runs once typing pauses (500 ms) and on save; it shows two decimals once left. */
function ChargeInput({ row, field, label, symbol, perLot, saving }: ChargeInputProps) {
  const name = `rows.${row.key}.${field}`;
  const { getValues, setValue, trigger } = useFormContext();
  const { submitCount } = useFormState();
  const value: unknown = useWatch({ name });
  const settled = useDelayed(value, CHARGE_DEBOUNCE_MS);
  // The value last checked (at opening, on a save): a pause on it must not check it again, or a
  // pause ending after a save would take the server's message away.
  const checked = useRef<unknown>(value);
  useEffect(() => {
    checked.current = getValues(name);
  }, [submitCount, getValues, name]);
  useEffect(() => {
    if (Object.is(settled, checked.current) || !Object.is(settled, getValues(name))) return;
    checked.current = settled;
    void trigger(name);
  }, [settled, getValues, name, trigger]);
  return (
    <TextInput
      source={name}
      label={false}
      helperText={false}
      validate={chargeMayBeNegative(field) ? validateSigned : validateAmount}
      disabled={row.locked}
      readOnly={saving}
      onBlur={() => setValue(name, normaliseChargeText(String(getValues(name) ?? ''), field), { shouldDirty: true })}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">{symbol}</InputAdornment> },
        htmlInput: {
          inputMode: 'decimal',
          'aria-label': label,
          'data-testid': `charge-${row.key}-${field}`,
          style: { textAlign: 'right' },
        },
      }}
      sx={{ m: 0, minWidth: 110, maxWidth: perLot ? 150 : undefined }}
    />
  );
}

/** What the row adds up to, once typing pauses (the preview beside the fields). */
function RowTotal({ row, withTax, money }: { row: ChargeRowDraft; withTax: boolean; money: (cents: number) => string }) {
  const texts = useWatch({ name: `rows.${row.key}` }) as ChargeValues['rows'][string] | undefined;
  const settled = useDelayed(texts, CHARGE_DEBOUNCE_MS);
  const [now] = withTexts([row], { rows: settled ? { [row.key]: settled } : {} });
  return <>{money(rowTotal(now, withTax))}</>;
}

/** A reload of the invoice (a new version): the new amounts under every field not typed in. */
function KeepTypedOnReload({ version, rows }: { version: number; rows: ChargeRowDraft[] }) {
  const { reset } = useFormContext();
  const shown = useRef(version);
  useEffect(() => {
    if (shown.current === version) return;
    shown.current = version;
    reset(chargeValues(rows), { keepDirtyValues: true });
  }, [version, rows, reset]);
  return null;
}

/** Reports unsaved input to the dialog and the page, and tells of each edit (a stale summary goes away). */
function FormWatch({ rows, withTax, saving, onEdit }: { rows: ChargeRowDraft[]; withTax: boolean; saving: boolean; onEdit: () => void }) {
  const values = useWatch() as ChargeValues;
  const dirty = useMemo(() => chargesDirty(withTexts(rows, values), withTax), [rows, values, withTax]);
  useReportDirty(dirty && !saving);
  const edit = useRef(onEdit);
  edit.current = onEdit;
  // Compared by content: only an edit (not a re-render or a submit) takes the summary away.
  const typed = JSON.stringify(values);
  const seen = useRef(typed);
  useEffect(() => {
    if (seen.current === typed) return;
    seen.current = typed;
    edit.current();
  }, [typed]);
  return <UnsavedChangesGuard when={dirty && !saving} text={EDIT_TEXT.discardText} />;
}

interface ActionsProps {
  bulk: boolean;
  first: boolean;
  last: boolean;
  saving: boolean;
  /** Absent while the invoice loads (the save buttons wait). */
  onGo?: (target: Target, values: FieldValues) => Promise<ChargeValues | undefined>;
  onInvalid?: () => void;
}

function ChargesActions({ bulk, first, last, saving, onGo, onInvalid }: ActionsProps) {
  const close = useGuardedClose();
  const form = useFormContext<FieldValues>() as ReturnType<typeof useFormContext<FieldValues>> | null;
  const ready = !!onGo && !!form;
  const go = (target: Target) => {
    if (!form || !onGo || saving) return;
    void form.handleSubmit(async (values: FieldValues) => {
      const errors = await onGo(target, values);
      if (errors) setSubmissionErrors(errors, form.setError);
    }, onInvalid)();
  };
  return (
    <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button onClick={close} disabled={saving} data-testid="charges-cancel">
        Cancel
      </Button>
      <Box sx={{ flex: 1 }} />
      {saving && <CircularProgress size={18} aria-label="Saving" />}
      {bulk && (
        <Button onClick={() => go('prev')} disabled={saving || first || !ready} data-testid="charges-prev">
          Previous invoice
        </Button>
      )}
      {bulk && (
        <Button variant="outlined" onClick={() => go('next')} disabled={saving || last || !ready} data-testid="charges-next">
          Save &amp; Next
        </Button>
      )}
      <Button variant="contained" onClick={() => go('close')} disabled={saving || !ready} data-testid="charges-close">
        Save &amp; Close
      </Button>
    </DialogActions>
  );
}
