import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { canAccess } from '../../access/canAccess';
import { useAppDataProvider } from '../../api/dataProvider';
import { useShellUser } from '../../auth/useShellUser';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { fetchAllInvoices, type Invoice, type JobView } from '../invoiceApi';
import { INVOICE_TEXT } from '../invoiceTexts';
import {
  chargeBanners,
  confirmText,
  planCharge,
  type Banner,
  type ChargeCandidate,
  type ChargePlan,
  type SkippedGroup,
} from './chargePlan';
import { fetchChargeableInvoices, processCards } from './chargingApi';

interface Options {
  houseRef: string;
  groupId: number;
  /** The table's selection: 'Charge selected cards' charges these, else every invoice of the group. */
  selectedIds: number[];
  symbol: string;
  /** Reads the group again (balances and statuses change after a charge). */
  onCharged: () => Promise<unknown>;
  /** The failed banner's Clear filter. */
  onClearFilter: () => void;
}

interface Pending {
  plan: ChargePlan;
}

/**
 * Charge all/selected cards (issue 11): the toolbar button (only for a payment user of a house
 * that takes online payments, and only when groupInfo/processCards says an invoice can be charged),
 * the confirm dialog, the job's progress and the spec's banners. `button` goes into the toolbar,
 * `panel` under it.
 */
export function useChargeCards({ houseRef, groupId, selectedIds, symbol, onCharged, onClearFilter }: Options): {
  button: ReactNode;
  panel: ReactNode;
} {
  const dp = useAppDataProvider();
  const { user } = useShellUser();
  const qc = useQueryClient();
  const allowed = canAccess(user, 'chargeCards');
  const key = ['invoices', 'charging', houseRef, groupId];
  const chargeable = useQuery({
    queryKey: key,
    queryFn: () => fetchChargeableInvoices(dp, houseRef, groupId),
    enabled: allowed && houseRef !== '' && groupId > 0,
    retry: false,
  });
  const [preparing, setPreparing] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [progress, setProgress] = useState<JobView['progress'] | null>(null);
  const [running, setRunning] = useState(false);
  const [banners, setBanners] = useState<Banner[]>([]);
  const [skipped, setSkipped] = useState<SkippedGroup[]>([]);
  const [prepareError, setPrepareError] = useState(false);

  const anyChargeable = chargeable.data?.some((i) => i.canHouseProcessCards) ?? false;
  if (!allowed || !anyChargeable) return { button: null, panel: allowed ? panelOf() : null };

  async function prepare() {
    setPreparing(true);
    setPrepareError(false);
    try {
      const target = await fetchAllInvoices(dp, groupId, selectedIds.length ? { id: selectedIds } : {});
      setPending({ plan: planCharge(target.map(candidate)) });
    } catch {
      setPrepareError(true);
    } finally {
      setPreparing(false);
    }
  }

  async function charge(plan: ChargePlan) {
    setPending(null);
    setBanners([]);
    setSkipped(plan.skippedBy);
    setRunning(true);
    setProgress({ done: 0, total: plan.ids.length, message: null });
    try {
      const confirmations = await processCards(dp, houseRef, plan.ids, (job) => setProgress(job.progress));
      setBanners(chargeBanners({ kind: 'done', confirmations }, plan));
    } catch {
      setBanners(chargeBanners({ kind: 'error' }, plan));
    } finally {
      setRunning(false);
      setProgress(null);
      await Promise.all([onCharged(), qc.invalidateQueries({ queryKey: key })]);
    }
  }

  const button = (
    <Button
      variant="outlined"
      startIcon={<CreditCardIcon />}
      onClick={() => void prepare()}
      disabled={preparing || running}
      data-testid="charge-cards"
    >
      {selectedIds.length ? 'Charge selected cards' : 'Charge all cards'}
    </Button>
  );

  function panelOf(): ReactNode {
    const nothing = !running && !banners.length && !prepareError && !pending;
    if (nothing) return null;
    return (
      <Stack spacing={1} sx={{ px: 1.5, pb: 1.5 }} data-testid="charge-panel">
        {running && progress && (
          <Box data-testid="charge-progress">
            <Typography variant="body2" color="text.secondary">
              Charging cards: {progress.done} of {progress.total}
            </Typography>
            <LinearProgress
              variant={progress.total ? 'determinate' : 'indeterminate'}
              value={progress.total ? (progress.done / progress.total) * 100 : 0}
            />
          </Box>
        )}
        {prepareError && (
          <Alert severity="error" onClose={() => setPrepareError(false)}>
            {INVOICE_TEXT.loadError}
          </Alert>
        )}
        {banners.map((b) => (
          <Alert
            key={b.kind}
            severity={b.severity}
            data-testid={`charge-banner-${b.kind}`}
            onClose={() => setBanners((all) => all.filter((x) => x.kind !== b.kind))}
            action={
              b.clearFilter ? (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    onClearFilter();
                    setBanners((all) => all.filter((x) => x.kind !== b.kind));
                  }}
                  data-testid="charge-clear-filter"
                >
                  Clear filter
                </Button>
              ) : undefined
            }
          >
            {b.text}
            {b.detail && (
              <Box component="span" sx={{ display: 'block' }}>
                {b.detail}
              </Box>
            )}
          </Alert>
        ))}
        {banners.length > 0 && skipped.length > 0 && <SkippedList groups={skipped} />}
        {pending && (
          <ConfirmDialog
            open
            title={selectedIds.length ? 'Charge selected cards' : 'Charge all cards'}
            text={pending.plan.ids.length ? confirmText(pending.plan, symbol) : 'None of these invoices can be charged now.'}
            confirmLabel="Charge cards"
            onConfirm={async () => {
              if (pending.plan.ids.length) await charge(pending.plan);
              else setPending(null);
            }}
            onClose={() => setPending(null)}
          />
        )}
      </Stack>
    );
  }

  return { button, panel: panelOf() };
}

/** The skipped invoices, how many for each reason. */
function SkippedList({ groups }: { groups: SkippedGroup[] }) {
  const n = groups.reduce((s, g) => s + g.count, 0);
  return (
    <Alert severity="info" data-testid="charge-skipped">
      {n} invoice{n === 1 ? ' was' : 's were'} skipped:
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {groups.map((g) => (
          <li key={g.reason}>
            {g.reason} ({g.count})
          </li>
        ))}
      </Box>
    </Alert>
  );
}

function candidate(i: Invoice): ChargeCandidate {
  const c = i as Invoice & Partial<ChargeCandidate>;
  return {
    invoiceID: i.invoiceID,
    outStandingBalanceCents: i.outStandingBalanceCents,
    batchChargeEligible: c.batchChargeEligible ?? false,
    batchChargIneligibilityReason: c.batchChargIneligibilityReason ?? null,
    creditCardLimitExceeded: c.creditCardLimitExceeded ?? false,
  };
}
