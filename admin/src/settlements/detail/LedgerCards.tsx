import type { ReactNode } from 'react';
import { Box, Card, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatMoney } from '../../invoices/money';
import { MoneyCell } from '../../kit/MoneyCell';
import { PAYOUT_METHODS, type SettlementDetail } from '../settlementsApi';
import { overrideLabel } from './ledgerForms';

const when = (iso?: string) => (iso ? new Date(iso).toLocaleString() : '');
const KIND: Record<string, string> = { expense: 'Expense', advance: 'Advance', payout: 'Payout', correction: 'Correction' };

function LedgerCard({ title, testId, action, children }: { title: string; testId: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2, overflowX: 'auto' }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 1.5 }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        {action}
      </Box>
      {children}
    </Card>
  );
}

/** Expenses and advances with their reasons, who recorded them and when (deductions shown negative, as on the statement). */
export function AdjustmentsCard({ settlement: s, symbol, action }: { settlement: SettlementDetail; symbol: string; action?: ReactNode }) {
  if (!s.adjustments.length && !action) return null;
  return (
    <LedgerCard title="Expenses and advances" testId="settlement-adjustments" action={action}>
      {s.adjustments.length ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Kind</TableCell>
              <TableCell>Reason</TableCell>
              <TableCell>Recorded</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.adjustments.map((a) => (
              <TableRow key={a.id}>
                <TableCell>{KIND[a.kind] ?? a.kind}</TableCell>
                <TableCell>{a.note}</TableCell>
                <TableCell>{[a.createdByName, when(a.createdAt)].filter(Boolean).join(', ')}</TableCell>
                <MoneyCell cents={-a.amountCents} symbol={symbol} />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, pb: 1.5 }}>
          None yet.
        </Typography>
      )}
    </LedgerCard>
  );
}

/** The payout ledger: payouts and corrections (signed, with their reasons), who recorded each and when. */
export function PayoutsCard({ settlement: s, symbol, action }: { settlement: SettlementDetail; symbol: string; action?: ReactNode }) {
  if (!s.payouts.length && !action) return null;
  return (
    <LedgerCard title="Payouts" testId="settlement-payouts-card" action={action}>
      <Table size="small" data-testid="settlement-payouts">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell>Method</TableCell>
            <TableCell>Reference</TableCell>
            <TableCell>Reason</TableCell>
            <TableCell>Recorded</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {s.payouts.map((p) => (
            <TableRow key={p.id}>
              <TableCell>{p.paidDate}</TableCell>
              <TableCell>{KIND[p.kind] ?? p.kind}</TableCell>
              <TableCell>{PAYOUT_METHODS.find((m) => m.id === p.method)?.name ?? p.method}</TableCell>
              <TableCell>{p.reference ?? ''}</TableCell>
              <TableCell>{p.note ?? ''}</TableCell>
              <TableCell>{[p.createdByName, when(p.createdAt)].filter(Boolean).join(', ')}</TableCell>
              <MoneyCell cents={p.amountCents} symbol={symbol} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </LedgerCard>
  );
}

/** The audit trail of commission overrides changed on the draft: lot, before and after, note, who, when. */
export function HistoryCard({ settlement: s, symbol }: { settlement: SettlementDetail; symbol: string }) {
  const history = s.history ?? [];
  if (!history.length) return null;
  const money = (c: number) => formatMoney(c, symbol);
  return (
    <LedgerCard title="History" testId="settlement-history">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>Change</TableCell>
            <TableCell>Note</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.map((h) => (
            <TableRow key={h.id}>
              <TableCell>{when(h.createdAt)}</TableCell>
              <TableCell>{h.userName}</TableCell>
              <TableCell>{`Lot ${h.lotLabel ?? h.lotId ?? ''} commission: ${overrideLabel(h.before, money)} -> ${overrideLabel(h.after, money)}`}</TableCell>
              <TableCell>{h.note ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </LedgerCard>
  );
}
