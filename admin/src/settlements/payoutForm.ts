/** The mark-paid dialog's rules, pure so they are unit-tested. */

export interface PayoutValues {
  method: string;
  reference: string;
  paidDate: string;
  /** As typed: '1,085.79'. */
  amount: string;
}

/** '1,085.79' -> 108579; '12' -> 1200; null for anything that is not a positive amount with at most two decimals. */
export function parseCents(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

export const AMOUNT_ERROR = 'Enter an amount above 0.00 with at most two decimals.';

/**
 * The call for the typed amount: the whole balance is `mark-paid` (the server pays exactly the
 * balance, and refuses a second time); less is a part payout on the ledger.
 */
export function payoutCall(id: number, v: PayoutValues, balanceCents: number): { path: string; body: Record<string, unknown> } {
  const cents = parseCents(v.amount);
  const base = { method: v.method, reference: v.reference.trim() || null, paidDate: v.paidDate };
  if (cents === balanceCents) return { path: `/api/settlements/${id}/mark-paid`, body: base };
  return { path: `/api/settlements/${id}/payouts`, body: { ...base, kind: 'payout', amountCents: cents } };
}
