import { useState } from 'react';
import { Box, Button, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Form, required, SelectInput, TextInput } from 'react-admin';
import { useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { localToday } from '../dates';
import { fetchPaymentMethods } from '../shared/editingApi';
import { paymentMethodLabel } from '../shared/editingRules';
import { EDIT_TEXT } from '../shared/editingTexts';
import type { PaymentMethod } from '../shared/editingTypes';
import { GuardedDialog, useReportBusy, useReportDirty } from '../../kit/GuardedDialog';
import { fieldError, saveFailure } from '../shared/saveFailure';
import { UnsavedChangesGuard } from '../../kit/UnsavedChangesGuard';
import { EDIT_KEYS } from './useEditorData';
import { SubmitButton } from '../../kit/SubmitButton';

export interface MarkValues {
  /** YYYY-MM-DD. */
  date: string;
  paymentMethodID: number | null;
}

export interface MarkDialogProps {
  open: boolean;
  kind: 'paid' | 'shipped';
  /** 'Shipped' or 'Picked Up' (pickup invoices). */
  shippedWord: 'Shipped' | 'Picked Up';
  /** What is marked: 'Invoice #1001' or 'Lot 12 (invoice #1001)'. */
  target: string;
  groupId: number;
  houseRef: string;
  onSubmit: (values: MarkValues) => Promise<void>;
  onClose: () => void;
}

const UNSAVED = 'The date and payment method you chose have not been saved.';

/**
 * Mark as Paid / Mark as Shipped / Mark as Picked Up (spec 000 sections 2 and 5): the date (the
 * picker cannot go beyond today) and, to mark paid, the payment method from the group's payment
 * methods (required).
 */
export function MarkDialog(props: MarkDialogProps) {
  return (
    <GuardedDialog
      open={props.open}
      onClose={props.onClose}
      discardText={UNSAVED}
      fullWidth
      maxWidth="xs"
      aria-labelledby="mark-dialog-title"
    >
      {props.open && <MarkForm {...props} />}
    </GuardedDialog>
  );
}

/** react-admin's Form: the rules run on submit; the server's `{ errors: { paidDate, paymentMethodID } }` beside the fields. */
function MarkForm({ kind, shippedWord, target, groupId, houseRef, onSubmit, onClose }: MarkDialogProps) {
  const dp = useAppDataProvider();
  const [today] = useState(localToday);
  const [defaults] = useState(() => ({ date: today, paymentMethodID: '' }));
  const [alert, setAlert] = useState<string | null>(null);
  const methods = useQuery({
    queryKey: EDIT_KEYS.paymentMethods(houseRef, groupId),
    queryFn: () => fetchPaymentMethods(dp, houseRef, groupId),
    enabled: kind === 'paid',
    staleTime: 5 * 60_000,
  });
  const title = kind === 'paid' ? 'Mark as Paid' : `Mark as ${shippedWord}`;
  const dateLabel = kind === 'paid' ? 'Date paid' : `Date ${shippedWord.toLowerCase()}`;
  const validateDate = (v: unknown) => {
    const date = String(v ?? '');
    if (!date) return kind === 'paid' ? EDIT_TEXT.paidDateRequired : EDIT_TEXT.shippedDateRequired(shippedWord);
    return date > today ? EDIT_TEXT.dateAfterToday : undefined;
  };

  const submit = async (values: FieldValues) => {
    setAlert(null);
    try {
      await onSubmit({ date: String(values.date), paymentMethodID: kind === 'paid' ? Number(values.paymentMethodID) : null });
      return undefined;
    } catch (err) {
      const f = saveFailure(err);
      setAlert(f.message);
      const out: Record<string, string> = {};
      const date = fieldError(f.errors, kind === 'paid' ? 'paidDate' : 'shippedDate');
      const method = fieldError(f.errors, 'paymentMethodID');
      if (date) out.date = date;
      if (method) out.paymentMethodID = method;
      return Object.keys(out).length ? out : undefined;
    }
  };

  return (
    <Form defaultValues={defaults} onSubmit={submit} noValidate sanitizeEmptyValues={false} disableInvalidFormNotification>
      <Box data-testid="mark-dialog">
        <DialogTitle id="mark-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{target}</DialogContentText>
          {alert && (
            <Box sx={{ mb: 1.5 }}>
              <AppAlert message={alert} onClose={() => setAlert(null)} />
            </Box>
          )}
          {kind === 'paid' && <MethodInput methods={methods.data} failed={methods.isError} />}
          <TextInput
            source="date"
            type="date"
            label={dateLabel}
            fullWidth
            validate={Object.assign(validateDate, { isRequired: true })}
            helperText={false}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today, 'data-testid': 'mark-date' } }}
            sx={{ mt: kind === 'paid' ? 0 : 1 }}
          />
        </DialogContent>
        <MarkActions title={title} initialDate={today} onClose={onClose} />
      </Box>
    </Form>
  );
}

const requiredMethod = [required(EDIT_TEXT.methodRequired)];

/** The group's payment methods; the menu waits for them. */
function MethodInput({ methods, failed }: { methods: PaymentMethod[] | undefined; failed: boolean }) {
  return (
    <SelectInput
      source="paymentMethodID"
      label="Payment method"
      fullWidth
      choices={methods ?? []}
      optionText={(m: PaymentMethod) => paymentMethodLabel(m)}
      optionValue="id"
      validate={requiredMethod}
      disabled={!methods}
      helperText={failed ? 'The payment methods could not be loaded.' : false}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'payment-method' } as object } }}
      sx={{ mt: 1, mb: 2 }}
    />
  );
}

function MarkActions({ title, initialDate, onClose }: { title: string; initialDate: string; onClose: () => void }) {
  const { isSubmitting } = useFormState();
  const date = String(useWatch({ name: 'date' }) ?? '');
  const method = String(useWatch({ name: 'paymentMethodID' }) ?? '');
  const dirty = (date !== initialDate || method !== '') && !isSubmitting;
  useReportDirty(dirty);
  useReportBusy(isSubmitting);
  return (
    <>
      <UnsavedChangesGuard when={dirty} text={UNSAVED} />
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <SubmitButton data-testid="mark-save">{title}</SubmitButton>
      </DialogActions>
    </>
  );
}
