/**
 * Accounting export (issue 17): the house's account mapping and the export formats, shared by the
 * server (validation, files) and the admin (form labels, pickers). docs/accounting-export.md.
 */

/** The accounts a house maps, in the order the form shows them. */
export const ACCOUNTING_ACCOUNTS = [
  { key: 'salesAccount', label: 'Sales (hammer)' },
  { key: 'buyersPremiumAccount', label: "Buyer's premium" },
  { key: 'liveFeeAccount', label: 'Live fee' },
  { key: 'taxPayableAccount', label: 'Tax payable' },
  { key: 'feesAccount', label: 'Fees' },
  { key: 'commissionIncomeAccount', label: 'Commission income' },
  { key: 'consignorPayableAccount', label: 'Consignor payable' },
  { key: 'cardClearingAccount', label: 'Card clearing' },
] as const;

export type AccountKey = (typeof ACCOUNTING_ACCOUNTS)[number]['key'];
export type AccountMapping = Record<AccountKey, string>;

export const ACCOUNT_CODE_MAX = 60;

export const ACCOUNTING_TEXT = {
  required: (label: string) => `${label} account is required.`,
  tooLong: (label: string) => `${label} account must be at most ${ACCOUNT_CODE_MAX} characters.`,
  notMapped: "Map the house's accounts before exporting.",
  nothingNew: 'Everything in this range has already been exported. Choose "Include exported" to export it again.',
  badRange: 'The start date must not be after the end date.',
  rangeTooLong: 'A range is at most 366 days.',
  date: 'Date must be YYYY-MM-DD.',
  format: 'Format must be qbo or xero.',
} as const;

/** Field errors of a mapping (empty: valid). Codes are trimmed first. */
export function accountMappingErrors(m: Partial<Record<AccountKey, unknown>>): Partial<Record<AccountKey, string>> {
  const errors: Partial<Record<AccountKey, string>> = {};
  for (const { key, label } of ACCOUNTING_ACCOUNTS) {
    const v = typeof m[key] === 'string' ? (m[key] as string).trim() : '';
    if (!v) errors[key] = ACCOUNTING_TEXT.required(label);
    else if (v.length > ACCOUNT_CODE_MAX) errors[key] = ACCOUNTING_TEXT.tooLong(label);
  }
  return errors;
}

export const EXPORT_FORMATS = [
  { id: 'qbo', name: 'QuickBooks Online' },
  { id: 'xero', name: 'Xero' },
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number]['id'];

/** Accounts of the double entry: the mapped ones, plus receivables and the bank (the books' own). */
export type LedgerAccount = AccountKey | 'receivable' | 'bank';

export interface TrialBalanceRow {
  account: LedgerAccount;
  label: string;
  code: string | null;
  debitCents: number;
  creditCents: number;
}

/** The trial balance for a range (`GET /api/accounting/trial-balance`), in cents. */
export interface TrialBalance {
  from: string;
  to: string;
  buyer: { invoicesCents: number; paymentsCents: number; refundsCents: number; receivablesCents: number };
  consignor: { settlementsCents: number; payoutsCents: number; payablesCents: number; advancesCents: number };
  revenue: { premiumCents: number; feesCents: number; commissionCents: number; totalCents: number };
  accounts: TrialBalanceRow[];
  debitCents: number;
  creditCents: number;
  balanced: boolean;
  counts: { invoices: number; payments: number; refunds: number; settlements: number; payouts: number };
}
