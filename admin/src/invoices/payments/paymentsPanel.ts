/**
 * The payments panel's rules, pure: how a ledger row reads, and the Refund and Void forms' checks
 * (the server's limits and messages, from @ar/rules, so a refusal reads the same either way).
 */
import { REFUND_REASON_MAX, REFUND_TEXT } from '@ar/rules';
import { centsToInput, parseChargeAmount } from '../edit/chargeForm';
import type { StatusTone } from '../../kit/StatusChip';
import type { PaymentRow } from './paymentsApi';

/** 'Card payment', 'ACH refund', 'Offline payment'. */
export function kindText(r: Pick<PaymentRow, 'kind' | 'source'>): string {
  const source = r.source === 'ach' ? 'ACH' : r.source === 'card' ? 'Card' : 'Offline';
  return `${source} ${r.kind}`;
}

/** The row's status chip: Voided wins, then the settlement. */
export function statusChip(r: Pick<PaymentRow, 'voided' | 'status' | 'kind'>): { label: string; tone: StatusTone } {
  if (r.voided) return { label: 'Voided', tone: 'neutral' };
  if (r.status === 'pending') return { label: 'Pending', tone: 'warning' };
  if (r.status === 'failed') return { label: 'Failed', tone: 'error' };
  return r.kind === 'refund' ? { label: 'Refunded', tone: 'info' } : { label: 'Settled', tone: 'success' };
}

/** The amount as the form first shows it: what is left to refund ('12.50'). */
export const remainderInput = (r: Pick<PaymentRow, 'refundableCents'>): string => centsToInput(r.refundableCents);

/** The amount field's message (the server's wording), or undefined. */
export function refundAmountError(raw: string, remainderCents: number): string | undefined {
  if (raw.trim() === '') return REFUND_TEXT.amountRequired;
  const parsed = parseChargeAmount(raw, true);
  if (parsed.error !== undefined) return parsed.error;
  if (parsed.cents <= 0) return REFUND_TEXT.amountPositive;
  if (parsed.cents > remainderCents) return REFUND_TEXT.tooMuch(remainderCents);
  return undefined;
}

/** The reason field's message, or undefined. */
export function reasonError(raw: string, required: string = REFUND_TEXT.reasonRequired): string | undefined {
  const reason = raw.trim();
  if (!reason) return required;
  if (Array.from(reason).length > REFUND_REASON_MAX) return REFUND_TEXT.reasonTooLong;
  return undefined;
}

/** Cents of a valid amount text. */
export const amountCents = (raw: string): number => parseChargeAmount(raw, true).cents ?? 0;

/** A request id for one opened Refund dialog (the server answers the same refund to the same id). */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
