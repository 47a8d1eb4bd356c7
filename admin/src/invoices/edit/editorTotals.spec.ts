import { describe, expect, it } from '@jest/globals';
import { categoriesSum, groupTotals, stripItems, sumTotals } from './editorTotals';

const price = (p: Partial<Record<'hammer' | 'premium' | 'livefee' | 'tax' | 'shipping' | 'insurance' | 'other', number>>) => ({
  hammer: 0,
  premium: 0,
  livefee: 0,
  tax: 0,
  shipping: 0,
  insurance: 0,
  other: 0,
  ...p,
});

describe('editor totals strip', () => {
  // Invoice 1: hammer 2,800.00, BP 560.00, S/H 0 on the lots but an Add'l S/H of 15.00 and Add'l tax of 1.00.
  const withAdditional = {
    itemCount: 2,
    invoiceTotalCents: 280_000 + 56_000 + 1_500 + 100,
    totalPriceCents: price({ hammer: 280_000, premium: 56_000 }),
    totalPriceWithAdditionalChargesCents: price({ hammer: 280_000, premium: 56_000, shipping: 1_500, tax: 100 }),
  };
  const plain = {
    itemCount: 1,
    invoiceTotalCents: 10_000 + 2_000 + 300 - 500,
    totalPriceCents: price({ hammer: 10_000, premium: 2_000, livefee: 300, other: -500 }),
    totalPriceWithAdditionalChargesCents: price({ hammer: 10_000, premium: 2_000, livefee: 300, other: -500 }),
  };

  it("a selection with an Add'l S/H charge: Total S/H shows it and the categories add up to Invoice Total", () => {
    const t = sumTotals([withAdditional, plain]);
    expect(t).toMatchObject({ totalInvoices: 2, totalItems: 3, sh: 1_500, tax: 100, other: -500 });
    expect(categoriesSum(t)).toBe(t.total);
  });

  it('adds up for every sub-selection', () => {
    for (const sel of [[], [withAdditional], [plain], [plain, withAdditional]]) {
      const t = sumTotals(sel);
      expect(categoriesSum(t)).toBe(t.total);
    }
  });

  it("the whole group's strip maps the group call's cents", () => {
    const t = groupTotals(
      { totalInvoices: 3, totalItems: 7 },
      { totalHammer: 100, totalBP: 20, totalLiveFee: 3, totalTax: 4, totalSH: 5, totalInsurance: 6, totalOther: -7, invoiceTotal: 131 },
    );
    expect(categoriesSum(t)).toBe(t.total);
    expect(stripItems(t).map((i) => i.label)).toEqual([
      'Total Invoices',
      'Total Items',
      'Total Hammer',
      'Total BP',
      'Total Live Fee',
      'Total Tax',
      'Total S/H',
      'Total Insurance',
      'Total Other',
      'Invoice Total',
    ]);
    expect(stripItems(t).find((i) => i.testId === 'total-sh')).toMatchObject({ value: 5, money: true });
  });
});
