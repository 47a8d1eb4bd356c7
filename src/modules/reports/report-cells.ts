import { csvFileName } from '@ar/rules';
import type { DownloadCell } from '../../core/http/file-download';

/** Amounts in integer cents as typed cells (XLSX numbers with two decimals). */
export const money = (...cents: number[]): DownloadCell[] => cents.map((c) => ({ cents: c }));

/** An amount that may be missing (a lot without a hammer): an empty cell, not zero. */
export const moneyOrEmpty = (cents: number | null): DownloadCell => (cents === null ? null : { cents });

/** 'YYYY-MM-DD HH:MM' in UTC (the column says UTC): sortable text, no time zone guessing. */
export function utcMinute(d: Date): string {
  return d.toISOString().slice(0, 16).replace('T', ' ');
}

/** 'YYYY-MM-DD' (UTC) of a timestamp, or a calendar date column as it is. */
export function dayText(d: Date | string | null): string {
  if (d === null) return '';
  return typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);
}

/** "{title} - Day one" for one session, "{title} - 3 sessions" for more (no extension; file-system safe). */
export function reportFileBase(title: string, sessionTitles: readonly string[]): string {
  const what = sessionTitles.length === 1 ? sessionTitles[0] : `${sessionTitles.length} sessions`;
  return csvFileName(`${title} - ${what}`, title).replace(/\.csv$/, '');
}

/** "A-12" as on the Sale Results screen. */
export const lotLabel = (prefix: string, lotNumber: string) => `${prefix}-${lotNumber}`;
