import { ACCOUNTING_ACCOUNTS, type AccountKey, type AccountMapping, type LedgerAccount, type TrialBalance } from '@ar/rules';
import type { DocumentSet } from './documents';

/**
 * The double entry behind the export and the trial balance (docs/accounting-export.md). Every
 * document is a balanced entry, so the trial balance balances by construction; the test checks it
 * on real data. Accounts receivable and the bank the payouts leave from are the books' own (chosen
 * on import), so they are not mapped.
 */
export type { LedgerAccount, TrialBalance, TrialBalanceRow } from '@ar/rules';

const LABELS: Record<LedgerAccount, string> = {
  receivable: 'Accounts receivable (buyers)',
  bank: 'Bank (consignor payouts)',
  ...(Object.fromEntries(ACCOUNTING_ACCOUNTS.map((a) => [a.key, a.label])) as Record<AccountKey, string>),
};
const ORDER: LedgerAccount[] = ['receivable', ...ACCOUNTING_ACCOUNTS.map((a) => a.key), 'bank'];

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function assertCents(n: number, what: string): void {
  if (!Number.isSafeInteger(n)) throw new Error(`${what} is not a whole number of cents (${n}).`);
}

/** The trial balance of a set of documents: the three identities of the issue, and every account's debits and credits. */
export function trialBalance(set: DocumentSet, range: { from: string; to: string }, mapping: AccountMapping | null): TrialBalance {
  const dr = new Map<LedgerAccount, number>(ORDER.map((a) => [a, 0]));
  const cr = new Map<LedgerAccount, number>(ORDER.map((a) => [a, 0]));
  const post = (side: Map<LedgerAccount, number>, account: LedgerAccount, cents: number) => {
    assertCents(cents, account);
    // A negative amount on one side is the same amount on the other (a negative "other" charge).
    if (cents < 0) (side === dr ? cr : dr).set(account, (side === dr ? cr : dr).get(account)! - cents);
    else side.set(account, side.get(account)! + cents);
  };

  for (const i of set.invoices) {
    post(dr, 'receivable', i.totalCents);
    post(cr, 'salesAccount', i.hammerCents);
    post(cr, 'buyersPremiumAccount', i.premiumCents);
    post(cr, 'liveFeeAccount', i.liveFeeCents);
    post(cr, 'feesAccount', i.feesCents);
    post(cr, 'taxPayableAccount', i.taxCents);
  }
  for (const p of set.payments) {
    post(dr, 'cardClearingAccount', p.amountCents);
    post(cr, 'receivable', p.amountCents);
  }
  for (const r of set.refunds) {
    post(dr, 'receivable', r.amountCents);
    post(cr, 'cardClearingAccount', r.amountCents);
  }
  for (const s of set.settlements) {
    // The hammer passes through to the consignor; what the house keeps is credited to its accounts.
    post(dr, 'salesAccount', s.hammerCents);
    post(cr, 'commissionIncomeAccount', s.commissionCents + s.buyInFeeCents);
    post(cr, 'feesAccount', s.feesCents + s.expensesCents);
    post(cr, 'taxPayableAccount', s.taxCents);
    // An advance was paid (and booked against the consignor) before: the bill clears it.
    post(cr, 'consignorPayableAccount', s.advancesCents);
    post(cr, 'consignorPayableAccount', s.netDueCents);
  }
  for (const p of set.payouts) {
    post(dr, 'consignorPayableAccount', p.amountCents);
    post(cr, 'bank', p.amountCents);
  }

  const invoicesCents = sum(set.invoices.map((i) => i.totalCents));
  const paymentsCents = sum(set.payments.map((p) => p.amountCents));
  const refundsCents = sum(set.refunds.map((r) => r.amountCents));
  const settlementsCents = sum(set.settlements.map((s) => s.netDueCents));
  const payoutsCents = sum(set.payouts.map((p) => p.amountCents));
  const premiumCents = sum(set.invoices.map((i) => i.premiumCents));
  const feesCents = sum([
    ...set.invoices.map((i) => i.liveFeeCents + i.feesCents),
    ...set.settlements.map((s) => s.feesCents + s.expensesCents),
  ]);
  const commissionCents = sum(set.settlements.map((s) => s.commissionCents + s.buyInFeeCents));

  const accounts = ORDER.map((account) => ({
    account,
    label: LABELS[account],
    code: account === 'receivable' || account === 'bank' ? null : (mapping?.[account] ?? null),
    debitCents: dr.get(account)!,
    creditCents: cr.get(account)!,
  }));
  const debitCents = sum(accounts.map((a) => a.debitCents));
  const creditCents = sum(accounts.map((a) => a.creditCents));
  return {
    from: range.from,
    to: range.to,
    buyer: { invoicesCents, paymentsCents, refundsCents, receivablesCents: invoicesCents - paymentsCents + refundsCents },
    consignor: {
      settlementsCents,
      payoutsCents,
      payablesCents: settlementsCents - payoutsCents,
      advancesCents: sum(set.settlements.map((s) => s.advancesCents)),
    },
    revenue: { premiumCents, feesCents, commissionCents, totalCents: premiumCents + feesCents + commissionCents },
    accounts,
    debitCents,
    creditCents,
    balanced: debitCents === creditCents,
    counts: {
      invoices: set.invoices.length,
      payments: set.payments.length,
      refunds: set.refunds.length,
      settlements: set.settlements.length,
      payouts: set.payouts.length,
    },
  };
}
