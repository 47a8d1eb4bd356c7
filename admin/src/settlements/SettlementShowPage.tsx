import { useState } from 'react';
import { Box, Button, Card, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useAppDataProvider } from '../api/dataProvider';
import { AppAlert } from '../common/AppAlert';
import { readApiError } from '../common/apiError';
import { currencySymbolOf } from '../home/currency';
import { NOT_FOUND_TEXT } from '../kit/ErrorAlert';
import { MoneyCell } from '../kit/MoneyCell';
import { PageHeader } from '../kit/PageHeader';
import { StatusChip } from '../kit/StatusChip';
import { TotalsStrip } from '../kit/TotalsStrip';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { MarkPaidDialog } from './MarkPaidDialog';
import { StatementPreviewDialog } from './StatementPreviewDialog';
import { PAYOUT_METHODS, statusLabel, statusTone, type SettlementDetail, type StatementSent } from './settlementsApi';

const BACK = { to: '/settlements', label: '< Settlements' };

/**
 * One settlement (`/settlements/:id`): its totals, every lot line (held ones with the reason), the payouts;
 * mark ready, mark paid; preview the statement PDF and email it to the consignor (through the outbox).
 */
export function SettlementShowPage() {
  const { id } = useParams();
  const valid = !!id && /^\d{1,10}$/.test(id);
  const dp = useAppDataProvider();
  const qc = useQueryClient();
  const key = ['settlements', 'detail', id];
  const q = useQuery({ queryKey: key, queryFn: () => dp.call<SettlementDetail>('GET', `/api/settlements/${id}`), enabled: valid });
  const [paying, setPaying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const [emailed, setEmailed] = useState<string | null>(null);
  const s = q.data;
  const set = (next: SettlementDetail) => qc.setQueryData(key, next);

  if (!valid || q.isError)
    return (
      <>
        <PageHeader title="Settlement" back={BACK} />
        <AppAlert severity="warning" message={(q.error && readApiError(q.error).message) || NOT_FOUND_TEXT} />
      </>
    );
  if (!s) return <PageHeader title="Settlement" back={BACK} />;
  const symbol = currencySymbolOf(s.currencyCode);
  const markReady = async () => {
    setBusy(true);
    setError(null);
    try {
      set(await dp.call<SettlementDetail>('POST', `/api/settlements/${s.id}/ready`));
    } catch (err) {
      setError(readApiError(err).message ?? 'The settlement could not be marked ready.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader
        title="Settlement"
        back={BACK}
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="outlined" onClick={() => setPreviewing(true)} data-testid="preview-statement">
              Preview Statement
            </Button>
            <Button
              variant="outlined"
              onClick={() => {
                setEmailed(null);
                setEmailing(true);
              }}
              data-testid="email-statement"
            >
              Email Statement
            </Button>
            {s.status === 'draft' && (
              <Button variant="outlined" onClick={markReady} disabled={busy} data-testid="mark-ready">
                Mark ready
              </Button>
            )}
            {s.status === 'ready' && s.balanceCents > 0 && (
              <Button variant="contained" onClick={() => setPaying(true)} data-testid="mark-paid">
                Mark paid
              </Button>
            )}
          </Box>
        }
      />
      {error && <AppAlert message={error} onClose={() => setError(null)} />}
      {emailed && (
        <Box sx={{ mb: 2 }}>
          <AppAlert severity="success" message={emailed} onClose={() => setEmailed(null)} />
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" data-testid="settlement-consignor">
          {s.consignorName}
        </Typography>
        <Typography color="text.secondary">{s.saleName ?? ''}</Typography>
        <StatusChip label={statusLabel(s.status)} tone={statusTone(s.status)} data-testid="settlement-status" />
      </Box>
      <Box sx={{ mb: 2 }}>
        <TotalsStrip
          testId="settlement-summary"
          symbol={symbol}
          items={[
            { label: 'Hammer', value: s.hammerCents, money: true },
            { label: 'Commission', value: -s.commissionCents, money: true },
            { label: 'Buy-in fees', value: -s.buyInFeeCents, money: true },
            { label: 'Fees', value: -s.feesCents, money: true },
            { label: 'Tax on commission', value: -s.taxCents, money: true },
            { label: 'Expenses', value: -s.expensesCents, money: true },
            { label: 'Advances', value: -s.advancesCents, money: true },
            { label: 'Net due', value: s.netDueCents, money: true, testId: 'net-due' },
            { label: 'Paid', value: s.paidCents, money: true },
            { label: 'Balance', value: s.balanceCents, money: true, testId: 'balance' },
          ]}
        />
      </Box>
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
            </TableRow>
          </TableHead>
          <TableBody>
            {s.lines.map((l) => (
              <TableRow key={l.id}>
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
                <MoneyCell cents={l.commissionCents} symbol={symbol} />
                <MoneyCell cents={l.buyInFeeCents} symbol={symbol} />
                <MoneyCell cents={l.feesCents} symbol={symbol} />
                <MoneyCell cents={l.taxCents} symbol={symbol} />
                <MoneyCell cents={l.netCents} symbol={symbol} bold />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      {s.payouts.length > 0 && (
        <Card variant="outlined">
          <Typography sx={{ p: 1.5, fontWeight: 600 }}>Payouts</Typography>
          <Table size="small" data-testid="settlement-payouts">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Kind</TableCell>
                <TableCell>Method</TableCell>
                <TableCell>Reference</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {s.payouts.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>{p.paidDate}</TableCell>
                  <TableCell>{p.kind}</TableCell>
                  <TableCell>{PAYOUT_METHODS.find((m) => m.id === p.method)?.name ?? p.method}</TableCell>
                  <TableCell>{p.reference ?? ''}</TableCell>
                  <MoneyCell cents={p.amountCents} symbol={symbol} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      <StatementPreviewDialog open={previewing} settlementId={s.id} onClose={() => setPreviewing(false)} />
      <ConfirmDialog
        open={emailing}
        title="Email Statement"
        text={`Email statement S-${s.id} to ${s.consignorName}, with the PDF attached?`}
        confirmLabel="Send"
        onClose={() => setEmailing(false)}
        onConfirm={async () => {
          const sent = await dp.call<StatementSent>('POST', `/api/settlements/${s.id}/send-statement`);
          setEmailing(false);
          setEmailed(`Statement S-${s.id} emailed to ${sent.to}.`);
        }}
      />
      <MarkPaidDialog
        open={paying}
        settlement={s}
        symbol={symbol}
        onClose={() => setPaying(false)}
        onPaid={(next) => {
          set(next);
          setPaying(false);
          void qc.invalidateQueries({ queryKey: ['settlements'], exact: false });
        }}
      />
    </>
  );
}
