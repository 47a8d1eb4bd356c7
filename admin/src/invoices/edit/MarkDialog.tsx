import { useState } from 'react';
import { DialogContentText } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { required, SelectInput, TextInput } from 'react-admin';
import { useAppDataProvider } from '../../api/dataProvider';
import { localToday } from '../dates';
import { fetchPaymentMethods } from '../shared/editingApi';
import { paymentMethodLabel } from '../shared/editingRules';
import { EDIT_TEXT } from '../shared/editingTexts';
import type { PaymentMethod } from '../shared/editingTypes';
import { FormDialog } from '../../kit/FormDialog';
import { saveFailure } from '../shared/saveFailure';
import { EDIT_KEYS } from './useEditorData';

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

/**
 * Mark as Paid / Mark as Shipped / Mark as Picked Up (spec 000 sections 2 and 5): the date (the
 * picker cannot go beyond today) and, to mark paid, the payment method from the group's payment
 * methods (required). The server's `{ errors: { paidDate, paymentMethodID } }` show beside the fields.
 */
export function MarkDialog({ open, kind, shippedWord, target, groupId, houseRef, onSubmit, onClose }: MarkDialogProps) {
  const [today] = useState(localToday);
  const title = kind === 'paid' ? 'Mark as Paid' : `Mark as ${shippedWord}`;
  return (
    <FormDialog<FormValues>
      open={open}
      onClose={onClose}
      name="mark"
      title={title}
      submitLabel={title}
      maxWidth="xs"
      unsavedText="The date and payment method you chose have not been saved."
      initialValues={() => ({ date: today, paymentMethodID: '' })}
      isDirty={(v, first) => String(v.date ?? '') !== first.date || String(v.paymentMethodID ?? '') !== ''}
      onSubmit={(v) => onSubmit({ date: String(v.date), paymentMethodID: kind === 'paid' ? Number(v.paymentMethodID) : null })}
      describeFailure={saveFailure}
      serverFields={{ date: kind === 'paid' ? 'paidDate' : 'shippedDate', paymentMethodID: 'paymentMethodID' }}
      intro={<DialogContentText sx={{ mb: 2 }}>{target}</DialogContentText>}
    >
      <MarkInputs kind={kind} shippedWord={shippedWord} today={today} groupId={groupId} houseRef={houseRef} />
    </FormDialog>
  );
}

interface FormValues {
  date: string;
  paymentMethodID: number | '';
}

function MarkInputs({
  kind,
  shippedWord,
  today,
  groupId,
  houseRef,
}: Pick<MarkDialogProps, 'kind' | 'shippedWord' | 'groupId' | 'houseRef'> & { today: string }) {
  const dp = useAppDataProvider();
  const methods = useQuery({
    queryKey: EDIT_KEYS.paymentMethods(houseRef, groupId),
    queryFn: () => fetchPaymentMethods(dp, houseRef, groupId),
    enabled: kind === 'paid',
    staleTime: 5 * 60_000,
  });
  const dateLabel = kind === 'paid' ? 'Date paid' : `Date ${shippedWord.toLowerCase()}`;
  const validateDate = (v: unknown) => {
    const date = String(v ?? '');
    if (!date) return kind === 'paid' ? EDIT_TEXT.paidDateRequired : EDIT_TEXT.shippedDateRequired(shippedWord);
    return date > today ? EDIT_TEXT.dateAfterToday : undefined;
  };
  return (
    <>
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
    </>
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
