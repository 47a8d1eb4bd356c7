import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useAppDataProvider } from '../api/dataProvider';
import { AppAlert } from '../common/AppAlert';
import { readApiError } from '../common/apiError';
import { currencySymbolOf } from '../home/currency';
import { NOT_FOUND_TEXT } from '../kit/ErrorAlert';
import { PageHeader } from '../kit/PageHeader';
import { StatusChip } from '../kit/StatusChip';
import { TotalsStrip } from '../kit/TotalsStrip';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { PayoutDialog } from './PayoutDialog';
import { StatementPreviewDialog } from './StatementPreviewDialog';
import { statusLabel, statusTone, type SettlementDetail, type SettlementLine, type StatementSent } from './settlementsApi';
import { AdjustmentDialog } from './detail/AdjustmentDialog';
import { AdjustmentsCard, HistoryCard, PayoutsCard } from './detail/LedgerCards';
import { LotOverrideDialog } from './detail/LotOverrideDialog';
import { SettlementLinesTable } from './detail/SettlementLinesTable';

const BACK = { to: '/settlements', label: '< Settlements' };

/**
 * One settlement (`/settlements/:id`): its totals, every lot line (held ones with the reason), the
 * expenses and advances, the payout ledger and the override history; on a draft a lot's commission
 * override and adjustments, on a ready or paid one correction rows; mark ready, mark paid; preview
 * the statement PDF and email it to the consignor (through the outbox).
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
  const [overriding, setOverriding] = useState<SettlementLine | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const set = (next: SettlementDetail) => qc.setQueryData(key, next);
  // A saved change answers the whole settlement: show it, close the dialog, refresh the list's totals.
  const saved = (close: () => void) => (next: SettlementDetail) => {
    set(next);
    close();
    void qc.invalidateQueries({ queryKey: ['settlements'], exact: false, predicate: (k) => k.queryKey[1] !== 'detail' });
  };

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
      <SettlementLinesTable settlement={s} symbol={symbol} onOverride={s.status === 'draft' ? setOverriding : undefined} />
      <AdjustmentsCard
        settlement={s}
        symbol={symbol}
        action={
          s.status === 'draft' && (
            <Button size="small" variant="outlined" onClick={() => setAdjusting(true)} data-testid="add-adjustment">
              Add adjustment
            </Button>
          )
        }
      />
      <PayoutsCard
        settlement={s}
        symbol={symbol}
        action={
          s.status !== 'draft' && (
            <Button size="small" variant="outlined" onClick={() => setCorrecting(true)} data-testid="add-correction">
              Add correction
            </Button>
          )
        }
      />
      <HistoryCard settlement={s} symbol={symbol} />
      <LotOverrideDialog
        settlement={s}
        line={overriding}
        symbol={symbol}
        onClose={() => setOverriding(null)}
        onSaved={saved(() => setOverriding(null))}
      />
      <AdjustmentDialog
        open={adjusting}
        settlement={s}
        symbol={symbol}
        onClose={() => setAdjusting(false)}
        onSaved={saved(() => setAdjusting(false))}
      />
      <PayoutDialog
        kind="correction"
        open={correcting}
        settlement={s}
        symbol={symbol}
        onClose={() => setCorrecting(false)}
        onSaved={saved(() => setCorrecting(false))}
      />
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
      <PayoutDialog
        kind="mark-paid"
        open={paying}
        settlement={s}
        symbol={symbol}
        onClose={() => setPaying(false)}
        onSaved={(next) => {
          set(next);
          setPaying(false);
          void qc.invalidateQueries({ queryKey: ['settlements'], exact: false });
        }}
      />
    </>
  );
}
