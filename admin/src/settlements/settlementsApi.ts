import { useQuery } from '@tanstack/react-query';
import type { StatusTone } from '../kit/StatusChip';
import { useAppDataProvider } from '../api/dataProvider';

/** A settlement as `/api/settlements` answers it (docs/decisions/settlements.md); money in cents. */
export interface SettlementRecord {
  id: number;
  consignorId: number;
  consignorName: string;
  saleId: number | null;
  saleName: string | null;
  /** A consignor's date-range settlement (no sale). */
  periodFrom?: string | null;
  periodTo?: string | null;
  status: SettlementStatus;
  currencyCode: string;
  lotCount: number;
  heldCount: number;
  hammerCents: number;
  commissionCents: number;
  buyInFeeCents: number;
  feesCents: number;
  taxCents: number;
  expensesCents: number;
  advancesCents: number;
  netDueCents: number;
  paidCents: number;
  balanceCents: number;
  readyAt: string | null;
  paidAt: string | null;
}

/** A lot's agreed commission: a rate (thousandths of a percent) or a fixed amount in cents. */
export interface LineOverride {
  rate: number | null;
  commissionCents: number | null;
}

export interface SettlementLine {
  id: number;
  lotId: number;
  lotNumber: string | null;
  lotExt: string | null;
  title: string;
  state: string;
  heldReason: string | null;
  hammerCents: number;
  commissionCents: number;
  buyInFeeCents: number;
  feesCents: number;
  taxCents: number;
  netCents: number;
  override?: LineOverride | null;
}

export interface SettlementPayout {
  id: number;
  kind: string;
  method: string;
  reference: string | null;
  paidDate: string;
  amountCents: number;
  note: string | null;
  createdByName?: string | null;
  createdAt?: string;
}

export interface SettlementAdjustment {
  id: number;
  kind: string;
  amountCents: number;
  note: string;
  createdByName?: string | null;
  createdAt?: string;
}

/** An audited change that is not a ledger row (a lot's commission override set or cleared). */
export interface SettlementHistoryEntry {
  id: number;
  action: string;
  lotId: number | null;
  lotLabel: string | null;
  before: LineOverride | null;
  after: LineOverride | null;
  note: string | null;
  userName: string;
  createdAt: string;
}

export interface SettlementDetail extends SettlementRecord {
  lines: SettlementLine[];
  adjustments: SettlementAdjustment[];
  payouts: SettlementPayout[];
  history?: SettlementHistoryEntry[];
}

/** `POST /api/settlements/for-sale`: every consignor's settlement of the sale. */
export interface SettlementRun {
  saleName: string | null;
  periodFrom?: string | null;
  periodTo?: string | null;
  currencyCode: string;
  /** The run's rows carry no currency: the run's `currencyCode` is theirs. */
  settlements: Omit<SettlementRecord, 'currencyCode'>[];
  alreadySettled?: unknown[];
}

export type SettlementStatus = 'draft' | 'ready' | 'paid';
export const SETTLEMENT_STATUSES: { id: SettlementStatus; name: string }[] = [
  { id: 'draft', name: 'Draft' },
  { id: 'ready', name: 'Ready' },
  { id: 'paid', name: 'Paid' },
];
export const PAYOUT_METHODS = [
  { id: 'check', name: 'Check' },
  { id: 'bank_transfer', name: 'Bank transfer' },
  { id: 'cash', name: 'Cash' },
  { id: 'other', name: 'Other' },
];

export const statusLabel = (s: string) => SETTLEMENT_STATUSES.find((x) => x.id === s)?.name ?? s;
export const statusTone = (s: string): StatusTone => (s === 'paid' ? 'success' : s === 'ready' ? 'info' : 'neutral');
export const settlementPath = (id: number | string) => `/settlements/${id}`;

/** The house's sales with consigned lots (the sale pickers). */
export function useSettlementSales() {
  const dp = useAppDataProvider();
  return useQuery({
    queryKey: ['settlements', 'sales'],
    queryFn: () => dp.call<{ id: number; name: string }[]>('GET', '/api/settlements/sales'),
  });
}

/** The statement PDF (answered inline, for preview). */
export const statementPdfPath = (id: number | string) => `/api/settlements/${id}/statement.pdf`;

/** `POST /api/settlements/:id/send-statement`: the mail queued in the outbox. */
export interface StatementSent {
  mailId: number;
  to: string;
  fileName: string;
}

/** Where a settlement's lots come from: its sale, else its date range. */
export const sourceLabel = (r: Pick<SettlementRecord, 'saleName' | 'periodFrom' | 'periodTo'>) =>
  r.saleName ?? (r.periodFrom ? `${r.periodFrom} to ${r.periodTo}` : '');

/** `GET /api/settlements/totals`: sums of the whole filtered list, one row per currency. */
export interface SettlementTotals {
  currencyCode: string;
  count: number;
  hammerCents: number;
  commissionCents: number;
  netDueCents: number;
  paidCents: number;
  balanceCents: number;
}

export function useSettlementTotals(filter: Record<string, unknown>) {
  const dp = useAppDataProvider();
  return useQuery({
    queryKey: ['settlements', 'totals', filter],
    queryFn: () => dp.call<SettlementTotals[]>('GET', `/api/settlements/totals?filter=${encodeURIComponent(JSON.stringify(filter))}`),
  });
}

/** A job run as `/api/jobs/{id}` answers it; the for-sale job's result is `{ run, error }`. */
export interface SettlementJob {
  id: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  progress: { done: number; total: number; message: string | null };
  result: { run: SettlementRun | null; error: string | null } | null;
  error: string | null;
}
