import type { ReactNode } from 'react';
import { RadioButtonGroupInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { saveFailure } from '../../invoices/shared/saveFailure';
import { FormDialog } from '../../kit/FormDialog';
import type { LineOverride } from '../settlementsApi';
import { overrideDraft, validateOverride, type OverrideValues } from './ledgerForms';

const MODES = [
  { id: 'plan', name: "The plan's commission" },
  { id: 'rate', name: 'A rate of the hammer' },
  { id: 'fixed', name: 'A fixed commission' },
];

export interface CommissionOverrideDialogProps {
  open: boolean;
  title: string;
  /** The lot's override now (null: the plan's). */
  current: LineOverride | null;
  symbol: string;
  /** Above the inputs: the lot and what saving does. */
  intro: ReactNode;
  onClose: () => void;
  /** Sends the values (the dialog's rules passed); throws when refused. */
  onSubmit: (values: OverrideValues) => Promise<void>;
}

/**
 * A lot's agreed commission: the plan's, a rate or a fixed amount, with a note kept in the history.
 * One form for the settlement screen (on a draft's line) and the Lot page, so both check the same way.
 */
export function CommissionOverrideDialog({ open, title, current, symbol, intro, onClose, onSubmit }: CommissionOverrideDialogProps) {
  return (
    <FormDialog<OverrideValues>
      open={open}
      onClose={onClose}
      name="lot-override"
      title={title}
      submitLabel="Save"
      unsavedText="The commission you typed has not been saved."
      initialValues={() => overrideDraft(current)}
      isDirty={(v, first) => JSON.stringify(v) !== JSON.stringify(first)}
      validate={(v) => validateOverride(v, current)}
      onSubmit={onSubmit}
      describeFailure={saveFailure}
      serverFields={{ rate: 'rate', commissionCents: 'amount', note: 'note' }}
      intro={intro}
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
