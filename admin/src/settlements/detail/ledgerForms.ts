/**
 * The detail page's dialogs' rules, pure so they are unit-tested: a lot's commission override,
 * an expense or advance, a payout correction. Amounts are read as exact cents (strings, no floating
 * point), rates as thousandths of a percent, as the plan form reads them.
 */
import { amountCents, amountText, rateMilli, rateText } from '../plans/planForm';
import { AMOUNT_ERROR, parseCents } from '../payoutForm';
import type { LineOverride } from '../settlementsApi';

export type OverrideMode = 'plan' | 'rate' | 'fixed';

export interface OverrideValues {
  mode: OverrideMode;
  /** Percent as typed: '12.5'. */
  rate: string;
  /** As typed: '50.00'. */
  amount: string;
  note: string;
}

export const LEDGER_TEXT = {
  rate: 'Enter a rate from 0 % to 100 % with at most three decimals.',
  amount: 'Enter an amount of at least 0.00 with at most two decimals.',
  signed: 'Enter an amount other than 0.00 with at most two decimals (a minus sign takes money back).',
  note: 'Say why: the note is kept with the row.',
  unchanged: 'This is the commission the lot already has.',
} as const;

export function overrideDraft(o: LineOverride | null): OverrideValues {
  if (o?.rate != null) return { mode: 'rate', rate: rateText(o.rate), amount: '', note: '' };
  if (o?.commissionCents != null) return { mode: 'fixed', rate: '', amount: amountText(o.commissionCents), note: '' };
  return { mode: 'plan', rate: '', amount: '', note: '' };
}

const RATE_MAX = 100_000;

/** Field messages of the override form (empty: it can be sent). */
export function validateOverride(v: OverrideValues, current: LineOverride | null): Record<string, string> {
  if (v.mode === 'rate') {
    const r = v.rate.trim() === '' ? null : rateMilli(v.rate);
    if (r == null || r > RATE_MAX) return { rate: LEDGER_TEXT.rate };
    if (current?.rate === r) return { rate: LEDGER_TEXT.unchanged };
  }
  if (v.mode === 'fixed') {
    const c = v.amount.trim() === '' ? null : amountCents(v.amount);
    if (c == null) return { amount: LEDGER_TEXT.amount };
    if (current?.commissionCents === c) return { amount: LEDGER_TEXT.unchanged };
  }
  if (v.mode === 'plan' && !current) return { mode: LEDGER_TEXT.unchanged };
  return {};
}

/**
 * The call on an override resource (the draft's line or the Lot page's): back to the plan is a
 * DELETE, a rate or a fixed commission a PUT; the note goes with both.
 */
export function overrideCall(path: string, v: OverrideValues): { method: 'PUT' | 'DELETE'; path: string; body: Record<string, unknown> } {
  const note = v.note.trim() || null;
  if (v.mode === 'plan') return { method: 'DELETE', path, body: { note } };
  if (v.mode === 'rate') return { method: 'PUT', path, body: { rate: rateMilli(v.rate), note } };
  return { method: 'PUT', path, body: { commissionCents: amountCents(v.amount), note } };
}

/** '12 %' or '$50.00 fixed' (the commission cell's marker and the history's words). */
export function overrideLabel(o: LineOverride | null | undefined, money: (cents: number) => string): string {
  if (!o) return 'plan';
  return o.rate != null ? `${rateText(o.rate)} %` : `${money(o.commissionCents ?? 0)} fixed`;
}

export interface AdjustmentValues {
  kind: 'expense' | 'advance';
  amount: string;
  note: string;
}

export function adjustmentBody(v: AdjustmentValues): { kind: string; amountCents: number | null; note: string } {
  return { kind: v.kind, amountCents: parseCents(v.amount), note: v.note.trim() };
}

export const adjustmentAmountRule = (v: unknown) => (parseCents(String(v ?? '')) === null ? AMOUNT_ERROR : undefined);

/** '-10.00' -> -1000, '1,000.5' -> 100050; null for 0, blanks and anything with more than two decimals. */
export function parseSignedCents(text: string): number | null {
  const t = text.trim().replace(/\s+/g, '');
  const negative = /^[-\u2212]/.test(t);
  const cents = parseCents(t.replace(/^[-+\u2212]/, ''));
  return cents === null ? null : negative ? -cents : cents;
}

export interface CorrectionValues {
  amount: string;
  method: string;
  reference: string;
  paidDate: string;
  note: string;
}

/** A correction row on the payout ledger: signed cents and a required note. */
export function correctionBody(v: CorrectionValues): Record<string, unknown> {
  return {
    kind: 'correction',
    amountCents: parseSignedCents(v.amount),
    method: v.method,
    reference: v.reference.trim() || null,
    paidDate: v.paidDate,
    note: v.note.trim(),
  };
}
