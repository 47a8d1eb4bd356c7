import { csvDocument } from '@ar/rules';
import type { Contact } from '../documents';

/** One file of an export: its name and its whole text (CSV with BOM and CRLF, as every CSV of this product). */
export interface ExportFile {
  name: string;
  content: string;
  rows: number;
}

/** Cents as the books read an amount: '1234.50', '-12.00'. No thousands separator, no symbol. */
export function decimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** YYYY-MM-DD as MM/DD/YYYY: the US date both importers are told on import (docs/accounting-export.md). */
export function usDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

export function file(name: string, header: readonly string[], rows: string[][]): ExportFile {
  return { name, content: csvDocument(header, rows), rows: rows.length };
}

export const orEmpty = (v: string | null | undefined) => v ?? '';

/** A contact's postal columns in Xero's order (line 1-4, city, region, postal code, country). */
export function postal(c: Contact): string[] {
  return [orEmpty(c.address1), orEmpty(c.address2), '', '', orEmpty(c.city), orEmpty(c.region), orEmpty(c.postalCode), orEmpty(c.country)];
}

/** A document's lines with their accounts, zero lines left out (a document keeps at least its first line). */
export function nonZero<T extends { cents: number }>(lines: T[]): T[] {
  const kept = lines.filter((l) => l.cents !== 0);
  return kept.length ? kept : lines.slice(0, 1);
}
