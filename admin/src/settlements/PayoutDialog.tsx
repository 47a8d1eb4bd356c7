import { Typography } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { useAppDataProvider } from '../api/dataProvider';
import { saveFailure } from '../invoices/shared/saveFailure';
import { localToday, isIsoDate } from '../invoices/dates';
import { formatAmount, formatMoney } from '../invoices/money';
import { FormDialog } from '../kit/FormDialog';
import { correctionBody, LEDGER_TEXT, parseSignedCents, type CorrectionValues } from './detail/ledgerForms';
import { AMOUNT_ERROR, parseCents, payoutCall } from './payoutForm';
import { PAYOUT_METHODS, type SettlementDetail } from './settlementsApi';

const required = (v: unknown) => (String(v ?? '').trim() ? undefined : 'Required.');
const dateRule = (v: unknown) => (isIsoDate(String(v ?? '')) ? undefined : 'Date must be YYYY-MM-DD.');
const noteRule = (v: unknown) => (String(v ?? '').trim() ? undefined : LEDGER_TEXT.note);

/** A payout dialog's values: the correction's (the mark-paid form leaves the note empty). */
type Values = CorrectionValues;

/**
 * The payout ledger's two forms, one dialog:
 * - `mark-paid`: check number or bank reference, date and amount (the balance by default; less is a
 *   part payout);
 * - `correction`: a signed row with a reason on a ready or paid settlement (a bounced check, a wrong
 *   amount); rows are never edited, so a mistake is corrected by another row.
 */
export interface PayoutDialogProps {
  kind: 'mark-paid' | 'correction';
  open: boolean;
  settlement: SettlementDetail;
  symbol: string;
  onClose: () => void;
  onSaved: (s: SettlementDetail) => void;
}

export function PayoutDialog({ kind, open, settlement, symbol, onClose, onSaved }: PayoutDialogProps) {
  const dp = useAppDataProvider();
  const paying = kind === 'mark-paid';
  const amount = (
    <TextInput
      source="amount"
      label={paying ? `Amount (${symbol})` : `Amount (${symbol}, - to take back)`}
      validate={(v: unknown) =>
        paying
          ? parseCents(String(v ?? '')) === null
            ? AMOUNT_ERROR
            : undefined
          : parseSignedCents(String(v ?? '')) === null
            ? LEDGER_TEXT.signed
            : undefined
      }
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `${kind}-amount` } }}
    />
  );
  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      name={kind}
      title={paying ? 'Mark paid' : 'Add correction'}
      submitLabel={paying ? 'Mark paid' : 'Add correction'}
      unsavedText={paying ? 'The payout you typed has not been saved.' : 'The correction you typed has not been saved.'}
      initialValues={() => ({
        method: 'check',
        reference: '',
        paidDate: localToday(),
        amount: paying ? formatAmount(settlement.balanceCents) : '',
        note: '',
      })}
      isDirty={(v, first) =>
        paying
          ? v.reference !== first.reference || v.amount !== first.amount || v.method !== first.method
          : !!v.amount.trim() || !!v.note.trim() || !!v.reference.trim()
      }
      onSubmit={async (v) => {
        const { path, body } = paying
          ? payoutCall(settlement.id, v, settlement.balanceCents)
          : { path: `/api/settlements/${settlement.id}/payouts`, body: correctionBody(v) };
        onSaved(await dp.call<SettlementDetail>('POST', path, body));
      }}
      describeFailure={saveFailure}
      serverFields={{ method: 'method', reference: 'reference', paidDate: 'paidDate', amount: 'amountCents', note: 'note' }}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {paying ? (
            <>
              {settlement.consignorName}: balance due {formatMoney(settlement.balanceCents, symbol)}
            </>
          ) : (
            <>
              {settlement.consignorName}: paid so far {formatMoney(settlement.paidCents, symbol)} of{' '}
              {formatMoney(settlement.netDueCents, symbol)}. A negative amount takes money back (a bounced check).
            </>
          )}
        </Typography>
      }
    >
      {!paying && amount}
      <SelectInput source="method" label="Method" choices={PAYOUT_METHODS} validate={paying ? required : undefined} fullWidth />
      <TextInput
        source="reference"
        label="Check number / bank reference"
        fullWidth
        slotProps={{ htmlInput: { maxLength: 60, 'data-testid': `${kind}-reference` } }}
      />
      <TextInput
        source="paidDate"
        label={paying ? 'Date paid' : 'Date'}
        type="date"
        validate={dateRule}
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${kind}-date` } }}
      />
      {paying && amount}
      {!paying && (
        <TextInput
          source="note"
          label="Reason (printed on the statement)"
          validate={noteRule}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 250, 'data-testid': 'correction-note' } }}
        />
      )}
    </FormDialog>
  );
}
