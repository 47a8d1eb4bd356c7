import { Button, Card, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatMoney } from '../../invoices/money';
import { MoneyCell } from '../../kit/MoneyCell';
import type { SettlementDetail, SettlementLine } from '../settlementsApi';
import { overrideLabel } from './ledgerForms';

export interface SettlementLinesTableProps {
  settlement: SettlementDetail;
  symbol: string;
  /** Draft only: opens the lot's commission override. */
  onOverride?: (line: SettlementLine) => void;
}

/** Every lot line (held ones with the reason); an overridden commission is marked, and on a draft each lot's can be changed. */
export function SettlementLinesTable({ settlement: s, symbol, onOverride }: SettlementLinesTableProps) {
  return (
    <Card variant="outlined" sx={{ mb: 2, overflowX: 'auto' }}>
      <Table size="small" data-testid="settlement-lines">
        <TableHead>
          <TableRow>
            <TableCell>Lot</TableCell>
            <TableCell>Title</TableCell>
            <TableCell>State</TableCell>
            <TableCell align="right">Hammer</TableCell>
            <TableCell align="right">Commission</TableCell>
            <TableCell align="right">Buy-in fee</TableCell>
            <TableCell align="right">Fees</TableCell>
            <TableCell align="right">Tax</TableCell>
            <TableCell align="right">Net</TableCell>
            {onOverride && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {s.lines.map((l) => (
            <TableRow key={l.id} data-testid={`line-${l.lotId}`}>
              <TableCell>{`${l.lotNumber ?? ''}${l.lotExt ?? ''}`}</TableCell>
              <TableCell>{l.title}</TableCell>
              <TableCell>
                {l.state}
                {l.heldReason && (
                  <Typography variant="caption" color="warning.dark" sx={{ display: 'block' }}>
                    {l.heldReason}
                  </Typography>
                )}
              </TableCell>
              <MoneyCell cents={l.hammerCents} symbol={symbol} />
              <MoneyCell cents={l.commissionCents} symbol={symbol} testId={`commission-${l.lotId}`}>
                {l.override && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color="info"
                    sx={{ ml: 0.5 }}
                    label={overrideLabel(l.override, (c) => formatMoney(c, symbol))}
                    title="Commission agreed for this lot (overrides the plan)"
                    data-testid={`override-chip-${l.lotId}`}
                  />
                )}
              </MoneyCell>
              <MoneyCell cents={l.buyInFeeCents} symbol={symbol} />
              <MoneyCell cents={l.feesCents} symbol={symbol} />
              <MoneyCell cents={l.taxCents} symbol={symbol} />
              <MoneyCell cents={l.netCents} symbol={symbol} bold testId={`net-${l.lotId}`} />
              {onOverride && (
                <TableCell align="right">
                  <Button size="small" onClick={() => onOverride(l)} data-testid={`override-${l.lotId}`}>
                    Commission
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
