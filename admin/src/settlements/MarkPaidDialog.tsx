import { Typography } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { useAppDataProvider } from '../api/dataProvider';
import { saveFailure } from '../invoices/shared/saveFailure';
import { localToday, isIsoDate } from '../invoices/dates';
import { formatAmount, formatMoney } from '../invoices/money';
import { FormDialog } from '../kit/FormDialog';
import { AMOUNT_ERROR, parseCents, payoutCall, type PayoutValues } from './payoutForm';
import { PAYOUT_METHODS, type SettlementDetail } from './settlementsApi';

const required = (v: unknown) => (String(v ?? '').trim() ? undefined : 'Required.');
const amountRule = (v: unknown) => (parseCents(String(v ?? '')) === null ? AMOUNT_ERROR : undefined);
const dateRule = (v: unknown) => (isIsoDate(String(v ?? '')) ? undefined : 'Date must be YYYY-MM-DD.');

export interface MarkPaidDialogProps {
  open: boolean;
  settlement: SettlementDetail;
  symbol: string;
  onClose: () => void;
  onPaid: (s: SettlementDetail) => void;
}

/** Mark paid: check number or bank reference, date and amount (the balance by default; less is a part payout). */
export function MarkPaidDialog({ open, settlement, symbol, onClose, onPaid }: MarkPaidDialogProps) {
  const dp = useAppDataProvider();
  return (
    <FormDialog<PayoutValues>
      open={open}
      onClose={onClose}
      name="mark-paid"
      title="Mark paid"
      submitLabel="Mark paid"
      unsavedText="The payout you typed has not been saved."
      initialValues={() => ({ method: 'check', reference: '', paidDate: localToday(), amount: formatAmount(settlement.balanceCents) })}
      isDirty={(v, first) => v.reference !== first.reference || v.amount !== first.amount || v.method !== first.method}
      onSubmit={async (v) => {
        const { path, body } = payoutCall(settlement.id, v, settlement.balanceCents);
        onPaid(await dp.call<SettlementDetail>('POST', path, body));
      }}
      describeFailure={saveFailure}
      serverFields={{ method: 'method', reference: 'reference', paidDate: 'paidDate', amount: 'amountCents' }}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {settlement.consignorName}: balance due {formatMoney(settlement.balanceCents, symbol)}
        </Typography>
      }
    >
      <SelectInput source="method" label="Method" choices={PAYOUT_METHODS} validate={required} fullWidth />
      <TextInput
        source="reference"
        label="Check number / bank reference"
        fullWidth
        slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'mark-paid-reference' } }}
      />
      <TextInput
        source="paidDate"
        label="Date paid"
        type="date"
        validate={dateRule}
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'mark-paid-date' } }}
      />
      <TextInput
        source="amount"
        label={`Amount (${symbol})`}
        validate={amountRule}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'mark-paid-amount' } }}
      />
    </FormDialog>
  );
}
