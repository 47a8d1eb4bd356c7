import { DialogContentText } from '@mui/material';
import { TextInput } from 'react-admin';
import { REFUND_REASON_MAX, REFUND_TEXT } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { FormDialog } from '../../kit/FormDialog';
import { formatMoney } from '../money';
import { saveFailure } from '../shared/saveFailure';
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

interface ActionValues {
  amount: string;
  reason: string;
  /** One per opened dialog: a second submit of it (a double click) answers the first refund. */
  requestId: string;
}

/**
 * Refund (amount prefilled with what is left to refund, editable; reason required) or Void (reason
 * required) one payment of the payments panel, in the kit's form dialog: Escape asks before
 * dropping typed input and does nothing while the request runs.
 */
export function PaymentActionDialog({ action, houseRef, invoiceId, symbol, onDone, onClose }: PaymentActionDialogProps) {
  const dp = useAppDataProvider();
  const refund = action?.mode !== 'void';
  const row = action?.row;
  const submit = async (v: ActionValues) => {
    if (!row) return;
    const reason = String(v.reason ?? '').trim();
    if (refund) {
      const answer = await refundPayment(dp, houseRef, invoiceId, row.id, {
        amountCents: amountCents(String(v.amount ?? '')),
        reason,
        requestId: v.requestId,
      });
      onDone(answer, answer.message);
    } else {
      onDone(await voidPayment(dp, houseRef, invoiceId, row.id, reason), REFUND_TEXT.voidedDone);
    }
  };
  const validateAmount = (v: unknown) => refundAmountError(String(v ?? ''), row?.refundableCents ?? 0);
  const validateReason = (v: unknown) => reasonError(String(v ?? ''), refund ? REFUND_TEXT.reasonRequired : REFUND_TEXT.voidReasonRequired);
  return (
    <FormDialog<ActionValues>
      open={action !== null}
      onClose={onClose}
      name={refund ? 'refund' : 'void'}
      title={refund ? 'Refund payment' : 'Void payment'}
      submitLabel={refund ? 'Refund' : 'Void payment'}
      submitTestId="payment-action-save"
      submitColor={refund ? 'primary' : 'error'}
      maxWidth="xs"
      unsavedText="The refund or void you started has not been made."
      initialValues={() => ({ amount: refund && row ? remainderInput(row) : '', reason: '', requestId: newRequestId() })}
      isDirty={(v, first) => String(v.amount ?? '') !== first.amount || String(v.reason ?? '').trim() !== ''}
      onSubmit={submit}
      describeFailure={saveFailure}
      serverFields={{ amount: 'amountCents', reason: 'reason' }}
      intro={
        row && (
          <DialogContentText sx={{ mb: 2 }} data-testid="payment-action-target">
            {kindText(row)} of {formatMoney(row.amountCents, symbol)}
            {row.method ? ` (${row.method})` : ''} on {row.dateString}
            {refund ? `. Left to refund: ${formatMoney(row.refundableCents, symbol)}.` : '. Voiding takes it off the invoice.'}
          </DialogContentText>
        )
      }
    >
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
    </FormDialog>
  );
}
