import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { Form, TextInput } from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { AppAlert } from '../../common/AppAlert';
import type { FloorLineEdit } from '../shared/editingApi';
import type { EditableDetail, EditableInvoice } from '../shared/editingTypes';
import { GuardedDialog, useReportBusy, useReportDirty } from '../../kit/GuardedDialog';
import { saveFailure } from '../shared/saveFailure';
import { UnsavedChangesGuard } from '../../kit/UnsavedChangesGuard';
import { amountError, centsToAmount, centsToInput, parseChargeAmount } from './chargeForm';
import { SubmitButton } from '../../kit/SubmitButton';

export interface FloorPricesDialogProps {
  open: boolean;
  invoice: EditableInvoice | null;
  onSubmit: (edits: FloorLineEdit[]) => Promise<void>;
  onClose: () => void;
}

type Field = 'hammer' | 'premium' | 'livefee';
type FloorCall = keyof Omit<FloorLineEdit, 'lotId'>;
const FIELDS: { key: Field; label: string; call: FloorCall }[] = [
  { key: 'hammer', label: 'Hammer', call: 'hammer' },
  { key: 'premium', label: 'BP', call: 'buyersPremium' },
  { key: 'livefee', label: 'Live Fee', call: 'liveFee' },
];

const UNSAVED = 'The prices you entered have not been saved.';

/** The form's values: `lines.l<invoiceDetailID>.<field>` (a letter first, so react-hook-form keeps an object, not an array). */
type FloorValues = { lines: Record<string, Record<Field, string>> };
const lineKey = (l: Pick<EditableDetail, 'invoiceDetailID'>) => `l${l.invoiceDetailID}`;
const source = (l: EditableDetail, f: Field) => `lines.${lineKey(l)}.${f}`;
const textOf = (values: FieldValues, l: EditableDetail, f: Field) => String((values as FloorValues).lines?.[lineKey(l)]?.[f] ?? '');

/**
 * Floor-channel unpaid invoices: hammer, buyer's premium and live fee per lot (spec 000 section 4).
 * Only what was changed is sent: a new hammer with the premium untouched recomputes the premium.
 */
export function FloorPricesDialog(props: FloorPricesDialogProps) {
  return (
    <GuardedDialog
      open={props.open}
      onClose={props.onClose}
      discardText={UNSAVED}
      fullWidth
      maxWidth="md"
      aria-labelledby="floor-dialog-title"
    >
      {props.open && props.invoice && <FloorForm {...props} invoice={props.invoice} />}
    </GuardedDialog>
  );
}

const validateAmount = (v: unknown) => amountError(String(v ?? ''), false);

/**
 * react-admin's Form, the values fixed at opening (a reload after a stale save keeps what was typed);
 * what changed is measured against the invoice as it is now. The server's field messages
 * (`data.attributes.invoiceDetails[i].hammer`, i the i-th lot sent) show beside the field.
 */
function FloorForm({ invoice, onSubmit, onClose }: FloorPricesDialogProps & { invoice: EditableInvoice }) {
  const lines = useMemo(() => (invoice.invoiceDetails ?? []).filter((l) => !l.suppress), [invoice.invoiceDetails]);
  const [defaults] = useState<FloorValues>(() => ({
    lines: Object.fromEntries(
      lines.map((l) => [lineKey(l), Object.fromEntries(FIELDS.map((f) => [f.key, centsToInput(l.priceInfoCents[f.key])]))]),
    ) as FloorValues['lines'],
  }));
  const [alert, setAlert] = useState<string | null>(null);

  const submit = async (values: FieldValues) => {
    const edits: FloorLineEdit[] = [];
    const sent: EditableDetail[] = [];
    for (const l of lines) {
      const edit: FloorLineEdit = { lotId: l.lotID };
      for (const f of FIELDS) {
        const p = parseChargeAmount(textOf(values, l, f.key), false);
        if (p.error === undefined && p.cents !== l.priceInfoCents[f.key]) edit[f.call] = centsToAmount(p.cents);
      }
      if (Object.keys(edit).length > 1) {
        edits.push(edit);
        sent.push(l);
      }
    }
    if (!edits.length) {
      onClose();
      return undefined;
    }
    setAlert(null);
    try {
      await onSubmit(edits);
      return undefined;
    } catch (err) {
      const f = saveFailure(err);
      setAlert(f.message);
      return floorServerErrors(f.errors, sent);
    }
  };

  return (
    <Form defaultValues={defaults} onSubmit={submit} noValidate sanitizeEmptyValues={false} disableInvalidFormNotification>
      <Box data-testid="floor-dialog">
        <DialogTitle id="floor-dialog-title">Edit hammer, BP &amp; live fee</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            Invoice #{invoice.invoiceNumber} · {invoice.name}. A changed hammer recomputes the buyer&apos;s premium unless you change it
            too; tax and totals recompute.
          </DialogContentText>
          {alert && (
            <Box sx={{ mb: 1.5 }}>
              <AppAlert message={alert} onClose={() => setAlert(null)} />
            </Box>
          )}
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Lot</TableCell>
                  {FIELDS.map((f) => (
                    <TableCell key={f.key} align="right">
                      {f.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((l) => (
                  <TableRow key={l.invoiceDetailID}>
                    <TableCell sx={{ maxWidth: 260 }}>
                      <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
                        {l.lotNumber}
                      </Box>
                      {l.lotTitle}
                    </TableCell>
                    {FIELDS.map((f) => (
                      <TableCell key={f.key} align="right" sx={{ minWidth: 120 }}>
                        <AmountInput line={l} field={f.key} label={f.label} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </DialogContent>
        <FloorActions lines={lines} onClose={onClose} />
      </Box>
    </Form>
  );
}

/** One amount: checked on save, shown with two decimals once left. */
function AmountInput({ line, field, label }: { line: EditableDetail; field: Field; label: string }) {
  const { getValues, setValue } = useFormContext();
  const { isSubmitting } = useFormState();
  const name = source(line, field);
  return (
    <TextInput
      source={name}
      label={false}
      helperText={false}
      validate={validateAmount}
      readOnly={isSubmitting}
      onBlur={() => {
        const p = parseChargeAmount(String(getValues(name) ?? ''), false);
        if (p.error === undefined) setValue(name, centsToInput(p.cents), { shouldDirty: true });
      }}
      slotProps={{
        htmlInput: {
          inputMode: 'decimal',
          'aria-label': `${label} of lot ${line.lotNumber}`,
          'data-testid': `floor-${field}-${line.invoiceDetailID}`,
          style: { textAlign: 'right' },
        },
      }}
      sx={{ m: 0 }}
    />
  );
}

function FloorActions({ lines, onClose }: { lines: EditableDetail[]; onClose: () => void }) {
  const { isSubmitting } = useFormState();
  const values = useWatch() as FloorValues;
  const dirty = !isSubmitting && lines.some((l) => FIELDS.some((f) => textOf(values, l, f.key) !== centsToInput(l.priceInfoCents[f.key])));
  useReportDirty(dirty);
  useReportBusy(isSubmitting);
  return (
    <>
      <UnsavedChangesGuard when={dirty} text={UNSAVED} />
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <SubmitButton data-testid="floor-save">Save</SubmitButton>
      </DialogActions>
    </>
  );
}

const FLOOR_CALL_FIELDS: Record<string, Field> = { hammer: 'hammer', buyersPremium: 'premium', liveFee: 'livefee' };

/** `...invoiceDetails[i].hammer` -> the form's `lines.l<id>.hammer` of the i-th lot sent. */
function floorServerErrors(errors: Record<string, string>, sent: readonly Pick<EditableDetail, 'invoiceDetailID'>[]) {
  const out: FloorValues['lines'] = {};
  for (const [key, message] of Object.entries(errors)) {
    const m = /invoiceDetails\[(\d+)\]\.(hammer|buyersPremium|liveFee)$/.exec(key);
    const line = m ? sent[Number(m[1])] : undefined;
    if (!m || !line) continue;
    out[lineKey(line)] = { ...out[lineKey(line)], [FLOOR_CALL_FIELDS[m[2]]]: message };
  }
  return Object.keys(out).length ? { lines: out } : undefined;
}
