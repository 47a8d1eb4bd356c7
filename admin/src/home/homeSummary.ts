/**
 * The Home page's data (`GET /app/house/{houseRef}/home-summary`) and how it reads: the tasks with
 * their counts and links, and the months of the chart in one currency. Pure, unit-tested beside.
 */
import { currencySymbolOf } from './currency';
import { formatMoney } from '../invoices/money';
import type { CurrencyAmount, HomeSummary, MonthFigures } from '@ar/rules';

export type { CurrencyAmount, HomeSummary, MonthFigures };

export interface HomeTask {
  key: string;
  count: number;
  label: string;
  detail: string;
  to: string;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** '$1,234.00 · €50.00': the amounts per currency. */
export function amountsText(amounts: readonly CurrencyAmount[]): string {
  return amounts.map((a) => formatMoney(a.cents, currencySymbolOf(a.currencyCode))).join(' · ');
}

/** What needs doing, each linking to the screen where it is done. */
export function homeTasks(s: HomeSummary): HomeTask[] {
  return [
    {
      key: 'uninvoiced',
      count: s.uninvoicedSessions.sessions,
      label: 'Uninvoiced sessions',
      detail: s.uninvoicedSessions.sessions
        ? `${plural(s.uninvoicedSessions.lots, 'sold lot', 'sold lots')} not on an invoice`
        : 'Every sold lot is invoiced',
      to: '/invoices',
    },
    {
      key: 'unsent',
      count: s.unsentInvoices.count,
      label: 'Unsent invoices',
      detail: s.unsentInvoices.count ? amountsText(s.unsentInvoices.amounts) : 'Every invoice has been sent',
      to: '/invoices/ExistingInvoices',
    },
    {
      key: 'unpaid',
      count: s.unpaidInvoices.count,
      label: 'Unpaid invoices',
      detail: s.unpaidInvoices.count ? `${amountsText(s.unpaidInvoices.amounts)} outstanding` : 'Nothing outstanding',
      to: '/invoices/ExistingInvoices',
    },
  ];
}

/** The chart's currency: the one with the most invoiced over the months (ties: alphabetical). */
export function chartCurrency(months: readonly MonthFigures[], fallback: string): string {
  const sums = new Map<string, number>();
  for (const m of months) sums.set(m.currencyCode, (sums.get(m.currencyCode) ?? 0) + m.invoicedCents + m.collectedCents);
  const best = [...sums.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  return best ? best[0] : fallback;
}

/** 'YYYY-MM' -> 'Nov 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[(m || 1) - 1]} ${y}`;
}

/** The greeting: the first name, else the user name. */
export function greetingName(u: { firstName?: string | null; userName: string }): string {
  return u.firstName?.trim() || u.userName;
}
