import type { LineState } from '../math/commission';
import type { PayoutKind, SettlementStatus } from './settlement.entities';

/** A settlement as `/api/settlements` answers it (list rows and the head of the detail). Money in cents. */
export interface SettlementView {
  id: number;
  consignorId: number;
  consignorName: string;
  saleId: number | null;
  saleName: string | null;
  periodFrom: string | null;
  periodTo: string | null;
  status: SettlementStatus;
  currencyCode: string;
  settlementBasis: string;
  commissionPlanId: number | null;
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
  version: number;
  createdAt: string;
  readyAt: string | null;
  paidAt: string | null;
}

export interface SettlementLineView {
  id: number;
  lotId: number;
  catalogId: number;
  lotNumber: string | null;
  lotExt: string | null;
  title: string;
  state: LineState;
  heldReason: string | null;
  hammerCents: number;
  commissionCents: number;
  buyInFeeCents: number;
  photographyFeeCents: number;
  insuranceFeeCents: number;
  lottingFeeCents: number;
  feesCents: number;
  taxCents: number;
  netCents: number;
  /** The lot's commission override (a rate in thousandths of a percent, or a fixed commission), if any. */
  override: { rate: number | null; commissionCents: number | null } | null;
}

/** An audited change that is not a ledger row: a lot's commission override set or cleared on the draft. */
export interface SettlementHistoryView {
  id: number;
  action: string;
  lotId: number | null;
  lotLabel: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  note: string | null;
  userName: string;
  createdAt: string;
}

export interface SettlementDetailView extends SettlementView {
  lines: SettlementLineView[];
  adjustments: {
    id: number;
    kind: string;
    amountCents: number;
    note: string;
    createdByUserId: number | null;
    /** Who recorded the row (the ledger is its own audit trail). */
    createdByName: string | null;
    createdAt: string;
  }[];
  payouts: {
    id: number;
    kind: PayoutKind;
    method: string;
    reference: string | null;
    paidDate: string;
    amountCents: number;
    note: string | null;
    createdByUserId: number | null;
    createdByName: string | null;
    createdAt: string;
  }[];
  history: SettlementHistoryView[];
}

const iso = (v: unknown): string | null => (v == null ? null : new Date(v as string).toISOString());
const n = (v: unknown): number => Number(v);

/** A `settlement` row joined with its consignor's and sale's names (see SettlementsService.SELECT). */
export function toSettlementView(row: Record<string, unknown>): SettlementView {
  const r = row as Record<string, never>; // a raw SQL row: columns as SELECT names them
  return {
    id: r.id,
    consignorId: r.consignor_id,
    consignorName: r.consignor_name,
    saleId: r.auction_group_id ?? null,
    saleName: r.sale_name ?? null,
    periodFrom: r.period_from ?? null,
    periodTo: r.period_to ?? null,
    status: r.status,
    currencyCode: r.currency_code,
    settlementBasis: r.settlement_basis,
    commissionPlanId: r.commission_plan_id ?? null,
    lotCount: r.lot_count,
    heldCount: r.held_count,
    hammerCents: n(r.hammer_cents),
    commissionCents: n(r.commission_cents),
    buyInFeeCents: n(r.buy_in_fee_cents),
    feesCents: n(r.fees_cents),
    taxCents: n(r.tax_cents),
    expensesCents: n(r.expenses_cents),
    advancesCents: n(r.advances_cents),
    netDueCents: n(r.net_due_cents),
    paidCents: n(r.paid_cents),
    balanceCents: n(r.net_due_cents) - n(r.paid_cents),
    version: r.version,
    createdAt: iso(r.created_at)!,
    readyAt: iso(r.ready_at),
    paidAt: iso(r.paid_at),
  };
}
