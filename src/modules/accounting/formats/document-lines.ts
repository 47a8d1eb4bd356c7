import type { AccountKey, AccountMapping } from '@ar/rules';
import type { InvoiceDoc, SettlementDoc } from '../documents';
import { nonZero } from './format-kit';

export interface DocLine {
  description: string;
  account: AccountKey;
  code: string;
  cents: number;
}

/** An invoice's lines, one per account it credits (docs/accounting-export.md, "Invoices"). */
export function invoiceLines(i: InvoiceDoc, m: AccountMapping): DocLine[] {
  const about = `invoice ${i.number}, ${i.saleName}`;
  const line = (description: string, account: AccountKey, cents: number): DocLine => ({
    description: `${description} (${about})`,
    account,
    code: m[account],
    cents,
  });
  return nonZero([
    line('Hammer', 'salesAccount', i.hammerCents),
    line("Buyer's premium", 'buyersPremiumAccount', i.premiumCents),
    line('Live fee', 'liveFeeAccount', i.liveFeeCents),
    line('Shipping, insurance and other charges', 'feesAccount', i.feesCents),
    line('Sales tax', 'taxPayableAccount', i.taxCents),
  ]);
}

/** A settlement's bill lines: the hammer owed to the consignor, less what the house keeps (docs/accounting-export.md, "Settlements"). */
export function settlementLines(s: SettlementDoc, m: AccountMapping): DocLine[] {
  const about = `settlement ${s.number}, ${s.saleName}`;
  const line = (description: string, account: AccountKey, cents: number): DocLine => ({
    description: `${description} (${about})`,
    account,
    code: m[account],
    cents,
  });
  return nonZero([
    line('Hammer of the settled lots', 'salesAccount', s.hammerCents),
    line('Commission', 'commissionIncomeAccount', -s.commissionCents),
    line('Buy-in fees', 'commissionIncomeAccount', -s.buyInFeeCents),
    line('Lot fees', 'feesAccount', -s.feesCents),
    line('Expenses', 'feesAccount', -s.expensesCents),
    line('Tax on commission', 'taxPayableAccount', -s.taxCents),
    line('Advances already paid', 'consignorPayableAccount', -s.advancesCents),
  ]);
}
