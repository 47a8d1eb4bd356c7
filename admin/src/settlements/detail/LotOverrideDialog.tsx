import { Typography } from '@mui/material';
import { RadioButtonGroupInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useAppDataProvider } from '../../api/dataProvider';
import { saveFailure } from '../../invoices/shared/saveFailure';
import { formatMoney } from '../../invoices/money';
import { FormDialog } from '../../kit/FormDialog';
import type { SettlementDetail, SettlementLine } from '../settlementsApi';
import { overrideCall, overrideDraft, overrideLabel, validateOverride, type OverrideValues } from './ledgerForms';

const MODES = [
  { id: 'plan', name: "The plan's commission" },
  { id: 'rate', name: 'A rate of the hammer' },
  { id: 'fixed', name: 'A fixed commission' },
];

export interface LotOverrideDialogProps {
  settlement: SettlementDetail;
  /** The line whose lot is overridden; null: closed. */
  line: SettlementLine | null;
  symbol: string;
  onClose: () => void;
  onSaved: (s: SettlementDetail) => void;
}

/** A lot's agreed commission on a draft: the plan's, a rate or a fixed amount; the draft is recomputed by the server. */
export function LotOverrideDialog({ settlement, line, symbol, onClose, onSaved }: LotOverrideDialogProps) {
  const dp = useAppDataProvider();
  const current = line?.override ?? null;
  const money = (c: number) => formatMoney(c, symbol);
  return (
    <FormDialog<OverrideValues>
      open={!!line}
      onClose={onClose}
      name="lot-override"
      title={`Commission of lot ${line ? `${line.lotNumber ?? ''}${line.lotExt ?? ''}` : ''}`}
      submitLabel="Save"
      unsavedText="The commission you typed has not been saved."
      initialValues={() => overrideDraft(current)}
      isDirty={(v, first) => JSON.stringify(v) !== JSON.stringify(first)}
      validate={(v) => validateOverride(v, current)}
      onSubmit={async (v) => {
        const { method, path, body } = overrideCall(settlement.id, line!.lotId, v);
        onSaved(await dp.call<SettlementDetail>(method, path, body));
      }}
      describeFailure={saveFailure}
      serverFields={{ rate: 'rate', commissionCents: 'amount', note: 'note' }}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {line?.title}: hammer {money(line?.hammerCents ?? 0)}, commission {money(line?.commissionCents ?? 0)} (
          {overrideLabel(current, money)}). Saving recomputes the draft.
        </Typography>
      }
    >
      <RadioButtonGroupInput source="mode" label="Commission" choices={MODES} row={false} />
      <ModeInputs symbol={symbol} />
      <TextInput
        source="note"
        label="Note (kept in the history)"
        fullWidth
        slotProps={{ htmlInput: { maxLength: 250, 'data-testid': 'lot-override-note' } }}
      />
    </FormDialog>
  );
}

function ModeInputs({ symbol }: { symbol: string }) {
  const mode = useWatch({ name: 'mode' }) as OverrideValues['mode'];
  if (mode === 'rate')
    return (
      <TextInput
        source="rate"
        label="Rate (%)"
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'lot-override-rate' } }}
      />
    );
  if (mode === 'fixed')
    return (
      <TextInput
        source="amount"
        label={`Commission (${symbol})`}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'lot-override-amount' } }}
      />
    );
  return null;
}
