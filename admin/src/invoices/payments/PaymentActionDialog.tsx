import { useState } from 'react';
import { Box, Button, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Form, TextInput } from 'react-admin';
import { useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { REFUND_REASON_MAX, REFUND_TEXT } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { AppAlert } from '../../common/AppAlert';
import { GuardedDialog, useReportBusy, useReportDirty } from '../../kit/GuardedDialog';
import { SubmitButton } from '../../kit/SubmitButton';
import { UnsavedChangesGuard } from '../../kit/UnsavedChangesGuard';
import { formatMoney } from '../money';
import { fieldError, saveFailure } from '../shared/saveFailure';
import { refundPayment, voidPayment, type PaymentRow, type PaymentsPanelData } from './paymentsApi';
import { amountCents, kindText, newRequestId, reasonError, refundAmountError, remainderInput } from './paymentsPanel';

export interface PaymentActionDialogProps {
  /** Refund a card/ACH payment, or void an offline one; null: closed. */
  action: { mode: 'refund' | 'void'; row: PaymentRow } | null;
  houseRef: string;
  invoiceId: number;
  symbol: string;
  /** The panel as the server answered it after the refund or void. */
  onDone: (panel: PaymentsPanelData, message: string) => void;
  onClose: () => void;
}

const UNSAVED = 'The refund or void you started has not been made.';

/**
 * Refund (amount prefilled with what is left to refund, editable; reason required) or Void (reason
 * required) one payment of the payments panel, in the kit's guarded dialog: Escape asks before
 * dropping typed input and does nothing while the request runs.
 */
export function PaymentActionDialog(props: PaymentActionDialogProps) {
  return (
    <GuardedDialog
      open={props.action !== null}
      onClose={props.onClose}
      discardText={UNSAVED}
      fullWidth
      maxWidth="xs"
      aria-labelledby="payment-action-title"
    >
      {props.action && <ActionForm {...props} action={props.action} />}
    </GuardedDialog>
  );
}

function ActionForm({
  action,
  houseRef,
  invoiceId,
  symbol,
  onDone,
  onClose,
}: PaymentActionDialogProps & { action: NonNullable<PaymentActionDialogProps['action']> }) {
  const dp = useAppDataProvider();
  const { mode, row } = action;
  const refund = mode === 'refund';
  // One id per opened dialog: a second submit of it (a double click) answers the first refund.
  const [requestId] = useState(newRequestId);
  const [defaults] = useState(() => ({ amount: refund ? remainderInput(row) : '', reason: '' }));
  const [alert, setAlert] = useState<string | null>(null);
  const title = refund ? 'Refund payment' : 'Void payment';

  const submit = async (values: FieldValues) => {
    setAlert(null);
    const reason = String(values.reason ?? '').trim();
    try {
      if (refund) {
        const cents = amountCents(String(values.amount ?? ''));
        const answer = await refundPayment(dp, houseRef, invoiceId, row.id, { amountCents: cents, reason, requestId });
        onDone(answer, answer.message);
      } else {
        onDone(await voidPayment(dp, houseRef, invoiceId, row.id, reason), REFUND_TEXT.voidedDone);
      }
      return undefined;
    } catch (err) {
      const f = saveFailure(err);
      setAlert(f.message);
      const out: Record<string, string> = {};
      const amount = fieldError(f.errors, 'amountCents');
      const why = fieldError(f.errors, 'reason');
      if (amount) out.amount = amount;
      if (why) out.reason = why;
      return Object.keys(out).length ? out : undefined;
    }
  };

  const validateAmount = (v: unknown) => refundAmountError(String(v ?? ''), row.refundableCents);
  const validateReason = (v: unknown) => reasonError(String(v ?? ''), refund ? REFUND_TEXT.reasonRequired : REFUND_TEXT.voidReasonRequired);

  return (
    <Form defaultValues={defaults} onSubmit={submit} noValidate sanitizeEmptyValues={false} disableInvalidFormNotification>
      <Box data-testid={refund ? 'refund-dialog' : 'void-dialog'}>
        <DialogTitle id="payment-action-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }} data-testid="payment-action-target">
            {kindText(row)} of {formatMoney(row.amountCents, symbol)}
            {row.method ? ` (${row.method})` : ''} on {row.dateString}
            {refund ? `. Left to refund: ${formatMoney(row.refundableCents, symbol)}.` : '. Voiding takes it off the invoice.'}
          </DialogContentText>
          {alert && (
            <Box sx={{ mb: 1.5 }}>
              <AppAlert message={alert} onClose={() => setAlert(null)} />
            </Box>
          )}
          {refund && (
            <TextInput
              source="amount"
              label={`Amount to refund (${symbol})`}
              fullWidth
              validate={Object.assign(validateAmount, { isRequired: true })}
              helperText={false}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'refund-amount' } }}
              sx={{ mb: 1 }}
            />
          )}
          <TextInput
            source="reason"
            label="Reason"
            fullWidth
            multiline
            minRows={2}
            validate={Object.assign(validateReason, { isRequired: true })}
            helperText={false}
            slotProps={{ htmlInput: { maxLength: REFUND_REASON_MAX, 'data-testid': 'payment-action-reason' } }}
          />
        </DialogContent>
        <ActionButtons title={refund ? 'Refund' : 'Void payment'} initialAmount={defaults.amount} onClose={onClose} />
      </Box>
    </Form>
  );
}

function ActionButtons({ title, initialAmount, onClose }: { title: string; initialAmount: string; onClose: () => void }) {
  const { isSubmitting } = useFormState();
  const amount = String(useWatch({ name: 'amount' }) ?? '');
  const reason = String(useWatch({ name: 'reason' }) ?? '');
  const dirty = (amount !== initialAmount || reason.trim() !== '') && !isSubmitting;
  useReportDirty(dirty);
  useReportBusy(isSubmitting);
  return (
    <>
      <UnsavedChangesGuard when={dirty} text={UNSAVED} />
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <SubmitButton color={title === 'Refund' ? 'primary' : 'error'} data-testid="payment-action-save">
          {title}
        </SubmitButton>
      </DialogActions>
    </>
  );
}
