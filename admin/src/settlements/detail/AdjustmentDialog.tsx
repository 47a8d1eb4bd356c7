import { Typography } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { useAppDataProvider } from '../../api/dataProvider';
import { saveFailure } from '../../invoices/shared/saveFailure';
import { FormDialog } from '../../kit/FormDialog';
import type { SettlementDetail } from '../settlementsApi';
import { adjustmentAmountRule, adjustmentBody, LEDGER_TEXT, type AdjustmentValues } from './ledgerForms';

const KINDS = [
  { id: 'expense', name: 'Expense charged to the consignor' },
  { id: 'advance', name: 'Advance already paid to the consignor' },
];
const noteRule = (v: unknown) => (String(v ?? '').trim() ? undefined : LEDGER_TEXT.note);

export interface AdjustmentDialogProps {
  open: boolean;
  settlement: SettlementDetail;
  symbol: string;
  onClose: () => void;
  onSaved: (s: SettlementDetail) => void;
}

/** An expense or an advance on a draft: comes off the net due, printed on the statement with its note. */
export function AdjustmentDialog({ open, settlement, symbol, onClose, onSaved }: AdjustmentDialogProps) {
  const dp = useAppDataProvider();
  return (
    <FormDialog<AdjustmentValues>
      open={open}
      onClose={onClose}
      name="adjustment"
      title="Add adjustment"
      submitLabel="Add"
      unsavedText="The adjustment you typed has not been saved."
      initialValues={() => ({ kind: 'expense', amount: '', note: '' })}
      isDirty={(v) => !!v.amount.trim() || !!v.note.trim()}
      onSubmit={async (v) =>
        onSaved(await dp.call<SettlementDetail>('POST', `/api/settlements/${settlement.id}/adjustments`, adjustmentBody(v)))
      }
      describeFailure={saveFailure}
      serverFields={{ kind: 'kind', amountCents: 'amount', note: 'note' }}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {settlement.consignorName}: comes off the net due and shows on the statement with its reason.
        </Typography>
      }
    >
      <SelectInput source="kind" label="Kind" choices={KINDS} fullWidth />
      <TextInput
        source="amount"
        label={`Amount (${symbol})`}
        validate={adjustmentAmountRule}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'adjustment-amount' } }}
      />
      <TextInput
        source="note"
        label="Reason (printed on the statement)"
        validate={noteRule}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 250, 'data-testid': 'adjustment-note' } }}
      />
    </FormDialog>
  );
}
