import type { AccountMapping, ExportFormat } from '@ar/rules';
import { ordered, type AccountingDoc, type DocumentSet, type InvoiceDoc, type MoneyDoc, type SettlementDoc } from '../documents';
import { file, type ExportFile } from './format-kit';

/** Where a part of a file reads its documents (the export ledger's sources, in this order of positions). */
export type PartSource = 'invoices' | 'settlements' | 'clearing' | 'payouts';
export type ExportFileKey = 'invoices' | 'bills' | 'payments' | 'payouts';
export const EXPORT_FILE_KEYS: readonly ExportFileKey[] = ['invoices', 'bills', 'payments', 'payouts'];

/**
 * A run of one file's rows: the documents of one source (settlements: those with a negative net due
 * only, `credit`, the others, `bill`, or all, `any`), each written as one or more CSV rows.
 */
export type FilePart =
  | { source: 'invoices'; rows: (d: InvoiceDoc, m: AccountMapping) => string[][] }
  | { source: 'settlements'; sign: 'any' | 'credit' | 'bill'; rows: (d: SettlementDoc, m: AccountMapping) => string[][] }
  | { source: 'clearing' | 'payouts'; rows: (d: MoneyDoc, m: AccountMapping) => string[][] };

/** One file of a format: its key in the download call, its name, its template's header, its parts in order. */
export interface FileSpec {
  key: ExportFileKey;
  name: (suffix: string) => string;
  header: readonly string[];
  parts: FilePart[];
}

/** A document's rows in a part (the part's source decides the document's type). */
export function partRows(part: FilePart, d: AccountingDoc, m: AccountMapping): string[][] {
  return (part.rows as (d: AccountingDoc, m: AccountMapping) => string[][])(d, m);
}

/** Payments and refunds in the clearing file's one order: date, then id (one table, one id space). */
export function clearingDocs(set: DocumentSet): MoneyDoc[] {
  return [...set.payments, ...set.refunds].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
}

/** A part's documents out of a set in memory, in the order the ledger's positions give them. */
export function partDocs(part: FilePart, set: DocumentSet): AccountingDoc[] {
  switch (part.source) {
    case 'invoices':
      return set.invoices;
    case 'settlements':
      return set.settlements.filter((s) => part.sign === 'any' || (part.sign === 'credit') === s.netDueCents < 0);
    case 'clearing':
      return clearingDocs(set);
    case 'payouts':
      return set.payouts;
  }
}

/** The files of a set in memory (the trial-balance test and the unit tests; the app streams them from the ledger). */
export function filesOf(specs: readonly FileSpec[], input: DocumentSet, m: AccountMapping, suffix: string): ExportFile[] {
  const set = ordered(input);
  return specs.map((f) =>
    file(
      f.name(suffix),
      f.header,
      f.parts.flatMap((p) => partDocs(p, set).flatMap((d) => partRows(p, d, m))),
    ),
  );
}

export const exportSuffix = (from: string, to: string) => `${from}-to-${to}`;
export type { ExportFormat };
