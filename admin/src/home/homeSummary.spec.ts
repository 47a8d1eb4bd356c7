import { describe, expect, it } from '@jest/globals';
import { amountsText, chartCurrency, greetingName, homeTasks, monthLabel } from './homeSummary';

describe('home summary', () => {
  const s = {
    uninvoicedSessions: { sessions: 2, lots: 17 },
    unsentInvoices: { count: 3, amounts: [{ currencyCode: 'USD', cents: 123_456 }] },
    unpaidInvoices: { count: 0, amounts: [] },
    months: [
      { month: '2026-10', currencyCode: 'USD', invoicedCents: 500, collectedCents: 0 },
      { month: '2026-10', currencyCode: 'EUR', invoicedCents: 100, collectedCents: 0 },
    ],
  };

  it('lists what needs doing with counts, amounts and links', () => {
    expect(homeTasks(s)).toEqual([
      { key: 'uninvoiced', count: 2, label: 'Uninvoiced sessions', detail: '17 sold lots not on an invoice', to: '/invoices' },
      { key: 'unsent', count: 3, label: 'Unsent invoices', detail: '$1,234.56', to: '/invoices/ExistingInvoices' },
      { key: 'unpaid', count: 0, label: 'Unpaid invoices', detail: 'Nothing outstanding', to: '/invoices/ExistingInvoices' },
    ]);
    expect(
      amountsText([
        { currencyCode: 'EUR', cents: 5_000 },
        { currencyCode: 'USD', cents: 1 },
      ]),
    ).toBe('€50.00 · $0.01');
  });

  it('charts the main currency, labels months, greets by first name', () => {
    expect(chartCurrency(s.months, 'GBP')).toBe('USD');
    expect(chartCurrency([], 'GBP')).toBe('GBP');
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(greetingName({ firstName: 'Ada', userName: 'owner' })).toBe('Ada');
    expect(greetingName({ firstName: ' ', userName: 'owner' })).toBe('owner');
    expect(greetingName({ userName: 'owner' })).toBe('owner');
  });
});
