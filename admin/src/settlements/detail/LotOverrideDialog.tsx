import { Typography } from '@mui/material';
import { useAppDataProvider } from '../../api/dataProvider';
import { formatMoney } from '../../invoices/money';
import type { SettlementDetail, SettlementLine } from '../settlementsApi';
import { CommissionOverrideDialog } from './CommissionOverrideDialog';
import { overrideCall, overrideLabel } from './ledgerForms';

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
    <CommissionOverrideDialog
      open={!!line}
      onClose={onClose}
      title={`Commission of lot ${line ? `${line.lotNumber ?? ''}${line.lotExt ?? ''}` : ''}`}
      current={current}
      symbol={symbol}
      onSubmit={async (v) => {
        const { method, path, body } = overrideCall(`/api/settlements/${settlement.id}/lots/${line!.lotId}/override`, v);
        onSaved(await dp.call<SettlementDetail>(method, path, body));
      }}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {line?.title}: hammer {money(line?.hammerCents ?? 0)}, commission {money(line?.commissionCents ?? 0)} (
          {overrideLabel(current, money)}). Saving recomputes the draft.
        </Typography>
      }
    />
  );
}
