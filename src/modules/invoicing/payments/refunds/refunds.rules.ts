/**
 * The rules of refunds and voids (docs/decisions/refunds.md), pure: what is left to refund of a
 * payment, which payments can be refunded or voided, and reading the two bodies. The service runs
 * them on the state it read under the invoice's row lock.
 */
import { REFUND_REASON_MAX, REFUND_REQUEST_ID_PATTERN, REFUND_TEXT } from '@ar/rules';
import type { Cents } from '../../../../core/money/money';
import { FieldErrors, invalid, isRecord, own, unknownKeys } from '../../editing/core/edit-input';
import type { PaymentKind, PaymentSource, PaymentStatus } from '../../editing/core/invoice-payment.entity';

/** A ledger row as the refund rules read it. */
export interface LedgerPayment {
  kind: PaymentKind;
  source: PaymentSource;
  status: PaymentStatus;
  amountCents: Cents;
  voided: boolean;
  /** Settled, non-voided refunds of it so far. */
  refundedCents: Cents;
}

export interface RefundInput {
  amountCents: Cents;
  reason: string;
  requestId: string | null;
}

/** What can still be refunded of a payment: 0 for anything that is not a refundable payment. */
export function refundableCents(p: LedgerPayment): Cents {
  if (whyNotRefundable(p) !== null) return 0;
  return Math.max(0, p.amountCents - p.refundedCents);
}

/**
 * Why the payment cannot be refunded at all (null when it can, for some amount). In this order: a
 * refund, an offline payment (voided instead), a voided one, one not settled (pending or failed ACH
 * or card), and one already refunded in full.
 */
export function whyNotRefundable(p: LedgerPayment): string | null {
  if (p.kind === 'refund') return REFUND_TEXT.refundOfRefund;
  if (p.source === 'offline') return REFUND_TEXT.offline;
  if (p.voided) return REFUND_TEXT.voided;
  if (p.status !== 'settled') return REFUND_TEXT.notSettled;
  if (p.amountCents - p.refundedCents <= 0) return REFUND_TEXT.fullyRefunded;
  return null;
}

/** Why the amount cannot be refunded of a refundable payment (null when it can). */
export function amountRefusal(p: LedgerPayment, amountCents: Cents): string | null {
  const left = p.amountCents - p.refundedCents;
  return amountCents > left ? REFUND_TEXT.tooMuch(left) : null;
}

/** Why the payment cannot be voided (null when it can): only a live offline payment can. */
export function whyNotVoidable(p: Pick<LedgerPayment, 'kind' | 'source' | 'voided'>): string | null {
  if (p.kind === 'refund') return REFUND_TEXT.voidRefund;
  if (p.source !== 'offline') return REFUND_TEXT.voidOnline;
  if (p.voided) return REFUND_TEXT.alreadyVoided;
  return null;
}

function reasonField(body: Record<string, unknown>, e: FieldErrors, required: string): string {
  const v = own(body, 'reason');
  const reason = typeof v === 'string' ? v.trim() : '';
  if (!reason) e.add('reason', required);
  else if (Array.from(reason).length > REFUND_REASON_MAX) e.add('reason', REFUND_TEXT.reasonTooLong);
  return reason;
}

/** `{ amountCents, reason, requestId? }`: a positive whole number of cents, a reason of 1 to 250 characters. */
export function parseRefundBody(body: unknown): RefundInput {
  const e = new FieldErrors();
  const b = isRecord(body) ? body : {};
  unknownKeys(b, ['amountCents', 'reason', 'requestId'], e);
  const raw = own(b, 'amountCents');
  let amountCents = 0;
  if (raw === undefined || raw === null || raw === '') e.add('amountCents', REFUND_TEXT.amountRequired);
  else {
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(n)) e.add('amountCents', REFUND_TEXT.amountWhole);
    else if (n <= 0) e.add('amountCents', REFUND_TEXT.amountPositive);
    else amountCents = n;
  }
  const reason = reasonField(b, e, REFUND_TEXT.reasonRequired);
  const rid = own(b, 'requestId');
  let requestId: string | null = null;
  if (rid !== undefined && rid !== null) {
    if (typeof rid !== 'string' || !REFUND_REQUEST_ID_PATTERN.test(rid)) e.add('requestId', REFUND_TEXT.requestId);
    else requestId = rid;
  }
  if (e.any) throw invalid(e.errors);
  return { amountCents, reason, requestId };
}

/** `{ reason }`: 1 to 250 characters. */
export function parseVoidBody(body: unknown): { reason: string } {
  const e = new FieldErrors();
  const b = isRecord(body) ? body : {};
  unknownKeys(b, ['reason'], e);
  const reason = reasonField(b, e, REFUND_TEXT.voidReasonRequired);
  if (e.any) throw invalid(e.errors);
  return { reason };
}
