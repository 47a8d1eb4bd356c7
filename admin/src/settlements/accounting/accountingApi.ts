import type { AccountMapping, ExportFormat, TrialBalance, TrialBalanceRow } from '@ar/rules';

export type { TrialBalance, TrialBalanceRow };

/** `/api/accounting` answers (docs/accounting-export.md); money in cents. */
export interface AccountsRecord extends AccountMapping {
  mapped: boolean;
}

/** A file of an export: the server streams it as a CSV attachment from the export's ledger. */
export interface ExportFileLink {
  key: 'invoices' | 'bills' | 'payments' | 'payouts';
  name: string;
  url: string;
}

export interface ExportResult {
  id: number;
  format: ExportFormat;
  documentCount: number;
  alreadyExported: number;
  files: ExportFileLink[];
}

export const ACCOUNTS_PATH = '/api/accounting/accounts';
export const trialBalancePath = (from: string, to: string) =>
  `/api/accounting/trial-balance?${new URLSearchParams({ from, to }).toString()}`;
export const EXPORTS_PATH = '/api/accounting/exports';

/** The month so far: its first day to `today` (YYYY-MM-DD), the range a house closes. */
export function monthToDate(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 8)}01`, to: today };
}
