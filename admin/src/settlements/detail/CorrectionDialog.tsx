import { Typography } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { useAppDataProvider } from '../../api/dataProvider';
import { saveFailure } from '../../invoices/shared/saveFailure';
import { isIsoDate, localToday } from '../../invoices/dates';
import { formatMoney } from '../../invoices/money';
import { FormDialog } from '../../kit/FormDialog';
import { PAYOUT_METHODS, type SettlementDetail } from '../settlementsApi';
import { correctionBody, LEDGER_TEXT, parseSignedCents, type CorrectionValues } from './ledgerForms';

const amountRule = (v: unknown) => (parseSignedCents(String(v ?? '')) === null ? LEDGER_TEXT.signed : undefined);
const noteRule = (v: unknown) => (String(v ?? '').trim() ? undefined : LEDGER_TEXT.note);
const dateRule = (v: unknown) => (isIsoDate(String(v ?? '')) ? undefined : 'Date must be YYYY-MM-DD.');

export interface CorrectionDialogProps {
  open: boolean;
  settlement: SettlementDetail;
  symbol: string;
  onClose: () => void;
  onSaved: (s: SettlementDetail) => void;
}

/**
 * A correction row on the payout ledger of a ready or paid settlement (a bounced check, a wrong
 * amount): signed, with a reason; rows are never edited, so a mistake is corrected by another row.
 */
export function CorrectionDialog({ open, settlement, symbol, onClose, onSaved }: CorrectionDialogProps) {
  const dp = useAppDataProvider();
  return (
    <FormDialog<CorrectionValues>
      open={open}
      onClose={onClose}
      name="correction"
      title="Add correction"
      submitLabel="Add correction"
      unsavedText="The correction you typed has not been saved."
      initialValues={() => ({ amount: '', method: 'check', reference: '', paidDate: localToday(), note: '' })}
      isDirty={(v) => !!v.amount.trim() || !!v.note.trim() || !!v.reference.trim()}
      onSubmit={async (v) =>
        onSaved(await dp.call<SettlementDetail>('POST', `/api/settlements/${settlement.id}/payouts`, correctionBody(v)))
      }
      describeFailure={saveFailure}
      serverFields={{ amountCents: 'amount', method: 'method', reference: 'reference', paidDate: 'paidDate', note: 'note' }}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {settlement.consignorName}: paid so far {formatMoney(settlement.paidCents, symbol)} of{' '}
          {formatMoney(settlement.netDueCents, symbol)}. A negative amount takes money back (a bounced check).
        </Typography>
      }
    >
      <TextInput
        source="amount"
        label={`Amount (${symbol}, - to take back)`}
        validate={amountRule}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'correction-amount' } }}
      />
      <SelectInput source="method" label="Method" choices={PAYOUT_METHODS} fullWidth />
      <TextInput
        source="reference"
        label="Check number / bank reference"
        fullWidth
        slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'correction-reference' } }}
      />
      <TextInput
        source="paidDate"
        label="Date"
        type="date"
        validate={dateRule}
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'correction-date' } }}
      />
      <TextInput
        source="note"
        label="Reason (printed on the statement)"
        validate={noteRule}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 250, 'data-testid': 'correction-note' } }}
      />
    </FormDialog>
  );
}
