import { Typography } from '@mui/material';
import { TextInput } from 'react-admin';
import { parseHammer, parsePaddle, type EoaLot } from '@ar/rules';
import { saveFailure } from '../../invoices/shared/saveFailure';
import { FormDialog } from '../../kit/FormDialog';

// The server's rules, run before sending (the same texts come back if the server refuses).
const hammerRule = (v: unknown) => {
  const h = parseHammer(v);
  return h.ok ? undefined : h.message;
};
const optionalHammerRule = (v: unknown) => (String(v ?? '').trim() === '' ? undefined : hammerRule(v));
const paddleRule = (v: unknown) => {
  const p = parsePaddle(v);
  return p.ok ? undefined : p.message;
};

const amount = (cents: number | null) => (cents === null ? '' : `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);

const intro = (lot: EoaLot) => (
  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
    Lot {lot.lotNumber}: {lot.title}
    {lot.result === 'Sold' ? ` — paddle ${lot.paddleNumber ?? '—'}, ${lot.buyerName ?? ''}` : ' — passed'}
  </Typography>
);

export interface LotDialogProps {
  lot: EoaLot | null;
  onClose: () => void;
}

export function HammerDialog({ lot, onClose, onSave }: LotDialogProps & { onSave: (lot: EoaLot, hammer: string) => Promise<unknown> }) {
  return (
    <FormDialog<{ hammer: string }>
      open={lot !== null}
      onClose={onClose}
      name="eoa-hammer"
      title="Correct hammer"
      submitLabel="Save hammer"
      unsavedText="The hammer you typed has not been saved."
      initialValues={() => ({ hammer: amount(lot?.hammer ?? null) })}
      isDirty={(v, first) => v.hammer !== first.hammer}
      onSubmit={async (v) => {
        await onSave(lot!, v.hammer);
        onClose();
      }}
      describeFailure={saveFailure}
      serverFields={{ hammer: 'hammer' }}
      intro={lot && intro(lot)}
    >
      <TextInput
        source="hammer"
        label="Hammer"
        validate={hammerRule}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'eoa-hammer-input' } }}
      />
    </FormDialog>
  );
}

export function BuyerDialog({
  lot,
  onClose,
  onSave,
}: LotDialogProps & { onSave: (lot: EoaLot, paddle: string, hammer: string) => Promise<unknown> }) {
  const passed = lot?.result === 'Passed';
  return (
    <FormDialog<{ paddle: string; hammer: string }>
      open={lot !== null}
      onClose={onClose}
      name="eoa-buyer"
      title={passed ? 'Sell to a bidder' : 'Reassign buyer'}
      submitLabel="Save buyer"
      unsavedText="The buyer you typed has not been saved."
      initialValues={() => ({ paddle: '', hammer: amount(lot?.hammer ?? null) })}
      isDirty={(v, first) => v.paddle !== first.paddle || v.hammer !== first.hammer}
      onSubmit={async (v) => {
        await onSave(lot!, v.paddle, v.hammer);
        onClose();
      }}
      describeFailure={saveFailure}
      serverFields={{ paddle: 'paddle', hammer: 'hammer' }}
      intro={lot && intro(lot)}
    >
      <TextInput
        source="paddle"
        label="Paddle"
        validate={paddleRule}
        fullWidth
        helperText="A registered bidder of this sale; the lot takes their channel."
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'eoa-paddle-input' } }}
      />
      <TextInput
        source="hammer"
        label="Hammer"
        validate={passed ? hammerRule : optionalHammerRule}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'eoa-buyer-hammer-input' } }}
      />
    </FormDialog>
  );
}
