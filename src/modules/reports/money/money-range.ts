import { ACCOUNTING_TEXT } from '@ar/rules';
import { DomainError } from '../../../core/errors/domain-error';

/** The longest range a report reads (as the accounting export). */
export const MONEY_REPORT_MAX_DAYS = 366;

export interface DateRange {
  from: string;
  to: string;
}

/** 400 with the field's message: a start after the end, or more than 366 days. */
export function checkReportRange({ from, to }: DateRange): void {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (Number.isNaN(days)) throw DomainError.validation({ from: ACCOUNTING_TEXT.date });
  if (days < 0) throw DomainError.validation({ from: ACCOUNTING_TEXT.badRange });
  if (days >= MONEY_REPORT_MAX_DAYS) throw DomainError.validation({ to: ACCOUNTING_TEXT.rangeTooLong });
}
