/**
 * What a settlement event of a pending ACH charge does to its invoice (docs/decisions/card-charging.md,
 * "ACH settlement"). Pure: AchSettlementService applies the plan through InvoiceMutations (row lock,
 * re-pricing, audit).
 *
 * The charge was recorded `pending` (charge-outcome.ts): payment rows of source `ach`, status
 * `pending`, allocated like a Paid mark, naming the gateway reference; the invoice (or, for an
 * `additional` charge, the charged additional charges) stat p. Pending money never counted in the
 * payments made, so the balance stayed due.
 *
 * - settled: the pending rows become `settled` (the re-pricing now counts them), and the invoice is
 *   marked as a card approval marks it: when the money covers the balance (pending not counted), the
 *   unpaid visible lots, the additional charges the rows pay and the invoice are paid (stat a); for an
 *   `additional` charge only those additional charges. Money below the balance (it grew meanwhile) is
 *   a partial payment: nothing is marked paid and the pending stat is cleared (Partial Paid).
 * - failed: the rows become `failed` (never counted); the invoice (or the charged additional
 *   charges) stat f: Payment Failed, the balance due as before. The invoice can be charged again.
 *
 * The invoice's stat is left alone while another charge of it is still pending.
 */
import type { Cents } from '../../../../core/money/money';

export type SettlementType = 'settled' | 'failed';

export interface SettlementPaymentRow {
  id: number;
  lineId: number | null;
  additionalChargeId: number | null;
  amountCents: Cents;
  kind: 'payment' | 'refund';
  status: 'settled' | 'pending' | 'failed';
}

export interface SettlementState {
  /** The charge's purpose (its attempt): the invoice's balance, or the unpaid additional charges of a paid invoice. */
  purpose: 'balance' | 'additional';
  /** The non-voided payment rows of the invoice that name the charge's reference. */
  payments: readonly SettlementPaymentRow[];
  /** The invoice's balance now: pending money is not counted in it. */
  balanceCents: Cents;
  lines: readonly { id: number; paid: boolean; suppress: boolean }[];
  /** Another charge of the invoice is still pending (its own event will end it). */
  otherPending: boolean;
}

export type SettlementPlan =
  | { kind: 'ignore'; note: string }
  | { kind: 'mismatch'; note: string }
  | {
      kind: 'apply';
      /** The pending rows to move to `paymentStatus`. */
      paymentIds: number[];
      paymentStatus: 'settled' | 'failed';
      /** The invoice's onlinePaymentStat after: a value, null to clear it, undefined to leave it. */
      invoiceStat?: 'a' | 'f' | null;
      /** Mark the invoice all paid (date, method). */
      invoicePaid: boolean;
      /** Lots to mark paid (date, method, stat a). */
      paidLineIds: number[];
      /** Additional charges to set: paid (stat a), failed (stat f), or their pending stat cleared (null). */
      additionalIds: number[];
      additionalStat?: 'a' | 'f' | null;
    };

export const SETTLEMENT_NOTE = {
  nothingPending: 'No payment of this charge is pending any more (voided, or already settled or failed).',
  mismatch: (pendingCents: Cents, eventCents: Cents) =>
    `The pending payments of this charge add up to ${pendingCents} cents, the gateway's event to ${eventCents} cents: not applied.`,
} as const;

export function settlementPlan(type: SettlementType, eventAmountCents: Cents, state: SettlementState): SettlementPlan {
  const pending = state.payments.filter((p) => p.kind === 'payment' && p.status === 'pending');
  if (!pending.length) return { kind: 'ignore', note: SETTLEMENT_NOTE.nothingPending };
  const pendingCents = pending.reduce((s, p) => s + p.amountCents, 0);
  if (pendingCents !== eventAmountCents) return { kind: 'mismatch', note: SETTLEMENT_NOTE.mismatch(pendingCents, eventAmountCents) };

  const paymentIds = pending.map((p) => p.id);
  const extraIds = [...new Set(pending.filter((p) => p.additionalChargeId !== null).map((p) => p.additionalChargeId!))];
  const additional = state.purpose === 'additional';
  const base = { kind: 'apply' as const, paymentIds, invoicePaid: false, paidLineIds: [] as number[], additionalIds: [] as number[] };
  const ownStat = <T>(stat: T): T | undefined => (state.otherPending ? undefined : stat);

  if (type === 'failed') {
    if (additional) return { ...base, paymentStatus: 'failed', additionalIds: extraIds, additionalStat: 'f' };
    return { ...base, paymentStatus: 'failed', invoiceStat: ownStat('f') };
  }
  const whole = pendingCents >= state.balanceCents;
  if (!whole) {
    if (additional) return { ...base, paymentStatus: 'settled', additionalIds: extraIds, additionalStat: null };
    return { ...base, paymentStatus: 'settled', invoiceStat: ownStat(null) };
  }
  if (additional) return { ...base, paymentStatus: 'settled', additionalIds: extraIds, additionalStat: 'a' };
  return {
    ...base,
    paymentStatus: 'settled',
    invoiceStat: 'a',
    invoicePaid: true,
    paidLineIds: state.lines.filter((l) => !l.suppress && !l.paid).map((l) => l.id),
    additionalIds: extraIds,
    additionalStat: 'a',
  };
}
