/**
 * What a gateway answer does to an invoice (docs/decisions/card-charging.md, "Recording"). Pure:
 * the charging service applies the plan through InvoiceMutations (row lock, re-pricing, audit).
 *
 * - approved (card): settled card payments of the charged amount, allocated like a Paid mark
 *   (unpaid visible lots, then unpaid additional charges, the rest at invoice level; for an
 *   `additional` charge only the unpaid additional charges). When the charge covers the whole
 *   balance the lots and additional charges it pays are marked paid (date, method, stat a) and the
 *   invoice too (all paid, stat a); a charge below the balance (it changed meanwhile) is a
 *   partial payment: the money is recorded, nothing is marked paid.
 * - pending (ACH): the same rows, `pending`; the invoice (or the charged additional charges) stat p.
 *   Pending money does not count as paid until it settles.
 * - declined: no payment; the invoice (or the charged additional charges) stat d (Payment Failed).
 */
import type { Cents } from '../../../../core/money/money';
import { allocateInvoicePayment, type Allocation } from '../../editing/marks/marks.rules';

export type AttemptOutcome = 'approved' | 'declined' | 'pending';

export interface OutcomeAttempt {
  amountCents: Cents;
  purpose: 'balance' | 'additional';
  methodKind: 'card' | 'ach';
}

export interface OutcomeState {
  balanceCents: Cents;
  lines: readonly { id: number; totalCents: Cents; amountPaidCents: Cents; paid: boolean; suppress: boolean }[];
  /** Additional charges still unpaid and counted (not hidden, not on a hidden lot, neither paid nor pending). */
  unpaidAdditional: readonly { id: number; amountCents: Cents }[];
}

export interface OutcomePlan {
  payments: (Allocation & { status: 'settled' | 'pending'; source: 'card' | 'ach' })[];
  /** The invoice's onlinePaymentStat after (undefined: unchanged). */
  invoiceStat?: 'a' | 'p' | 'd';
  /** Mark the invoice all paid (date, method). */
  invoicePaid: boolean;
  /** Lots to mark paid (date, method, stat a). */
  paidLineIds: number[];
  /** Additional charges to set: paid (stat a), or their stat p / d. */
  additionalIds: number[];
  additionalStat?: 'a' | 'p' | 'd';
}

export function outcomePlan(outcome: AttemptOutcome, attempt: OutcomeAttempt, state: OutcomeState): OutcomePlan {
  const extraIds = state.unpaidAdditional.map((a) => a.id);
  const plan: OutcomePlan = { payments: [], invoicePaid: false, paidLineIds: [], additionalIds: [] };
  const additional = attempt.purpose === 'additional';
  if (outcome === 'declined') {
    if (additional) return { ...plan, additionalIds: extraIds, additionalStat: 'd' };
    return { ...plan, invoiceStat: 'd' };
  }
  const lines = additional
    ? []
    : state.lines.map((l) => ({ id: l.id, total: l.totalCents, amountPaid: l.amountPaidCents, paid: l.paid, hidden: l.suppress }));
  const extras = state.unpaidAdditional.map((a) => ({ id: a.id, amount: a.amountCents, paid: false, hidden: false }));
  const parts = allocateInvoicePayment(attempt.amountCents, lines, extras);
  const settled = outcome === 'approved';
  plan.payments = parts.map((p) => ({ ...p, status: settled ? 'settled' : 'pending', source: attempt.methodKind }));
  const whole = attempt.amountCents >= state.balanceCents;
  if (!settled) {
    if (additional) return { ...plan, additionalIds: extraIds, additionalStat: 'p' };
    return { ...plan, invoiceStat: 'p' };
  }
  if (!whole) return plan;
  const paidExtras = parts.filter((p) => p.additionalChargeId !== null).map((p) => p.additionalChargeId!);
  if (additional) return { ...plan, additionalIds: paidExtras, additionalStat: 'a' };
  return {
    ...plan,
    invoiceStat: 'a',
    invoicePaid: true,
    paidLineIds: state.lines.filter((l) => !l.suppress && !l.paid).map((l) => l.id),
    additionalIds: paidExtras,
    additionalStat: 'a',
  };
}
