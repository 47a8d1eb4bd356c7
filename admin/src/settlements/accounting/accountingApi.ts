import type { AccountMapping, ExportFormat, TrialBalance, TrialBalanceRow } from '@ar/rules';

export type { TrialBalance, TrialBalanceRow };

/** `/api/accounting` answers (docs/accounting-export.md); money in cents. */
export interface AccountsRecord extends AccountMapping {
  mapped: boolean;
}

export interface ExportFile {
  name: string;
  content: string;
  rows: number;
}

export interface ExportResult {
  id: number;
  format: ExportFormat;
  documentCount: number;
  alreadyExported: number;
  files: ExportFile[];
  trialBalance: TrialBalance;
}

export const ACCOUNTS_PATH = '/api/accounting/accounts';
export const trialBalancePath = (from: string, to: string) =>
  `/api/accounting/trial-balance?${new URLSearchParams({ from, to }).toString()}`;
export const EXPORTS_PATH = '/api/accounting/exports';

/** The month so far: its first day to `today` (YYYY-MM-DD), the range a house closes. */
export function monthToDate(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** A file's text without the byte-order mark the server writes (the browser's Blob adds its own encoding). */
export function fileText(f: ExportFile): string {
  return f.content.replace(/^\uFEFF/, '');
}
