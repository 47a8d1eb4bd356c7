import { InvoiceMathError } from './errors';
import { groupTotals, invoiceTotals, paymentsMadeOf, singleCurrency, type LineAmounts } from './invoice-totals';

function line(p: Partial<LineAmounts>): LineAmounts {
  const a = { hammer: 0, premium: 0, liveFee: 0, tax: 0, shipping: 0, insurance: 0, other: 0, ...p };
  return { ...a, total: a.hammer + a.premium + a.liveFee + a.tax + a.shipping + a.insurance + a.other };
}

// the worked line of INVOICE-MATH.md
const WORKED = line({ hammer: 125_000, premium: 30_000, liveFee: 3_750, tax: 9_688 });
const SMALL = line({ hammer: 10_000, premium: 2_500, tax: 781, shipping: 1_500, other: -500 });

describe('invoice totals', () => {
  it('sums the rounded line totals of visible lines', () => {
    const t = invoiceTotals({
      lines: [
        { amounts: WORKED, hidden: false },
        { amounts: SMALL, hidden: false },
      ],
    });
    expect(t.total).toBe(168_438 + 14_281);
    expect(t.itemCount).toBe(2);
    expect(t).toMatchObject({ hammer: 135_000, premium: 32_500, liveFee: 3_750, tax: 10_469, shipping: 1_500, other: -500 });
    expect(t.paymentsMade).toBe(0);
    expect(t.outstandingBalance).toBe(t.total);
  });

  it('a hidden lot counts nowhere: not in totals, item count or balance, nor its additional charge', () => {
    const t = invoiceTotals({
      lines: [
        { amounts: WORKED, hidden: false },
        { amounts: SMALL, hidden: true, additional: { shipping: 999 } },
      ],
    });
    expect(t.total).toBe(168_438);
    expect(t.itemCount).toBe(1);
    expect(t.hammer).toBe(125_000);
    expect(t.additional.total).toBe(0);
    expect(t.outstandingBalance).toBe(168_438);
  });

  it('adds invoice-level charges (shipping, insurance, other, tax) and additional charges', () => {
    const t = invoiceTotals({
      lines: [{ amounts: WORKED, hidden: false, additional: { tax: 100, shipping: 200 } }],
      charges: { shipping: 2_500, insurance: 400, other: -1_000, tax: 50 },
      additionalCharges: [{ other: 300 }, { insurance: 7_777, hidden: true }],
    });
    expect(t.price.total).toBe(168_438 + 2_500 + 400 - 1_000 + 50);
    expect(t.additional).toEqual({ tax: 100, shipping: 200, insurance: 0, other: 300, total: 600 });
    expect(t.total).toBe(t.price.total + 600);
    expect(t).toMatchObject({ tax: 9_688 + 50 + 100, shipping: 2_700, insurance: 400, other: -700 });
    // the strip always adds up
    expect(t.hammer + t.premium + t.liveFee + t.tax + t.shipping + t.insurance + t.other).toBe(t.total);
  });

  it('payments made = settled payments net of refunds; balance = total - payments', () => {
    const t = invoiceTotals({
      lines: [{ amounts: WORKED, hidden: false }],
      payments: [
        { amount: 100_000, kind: 'payment' },
        { amount: 50_000, kind: 'payment', status: 'pending' },
        { amount: 9_000, kind: 'payment', status: 'failed' },
        { amount: 2_000, kind: 'refund' },
      ],
    });
    expect(t.paymentsMade).toBe(98_000);
    expect(t.outstandingBalance).toBe(168_438 - 98_000);
    expect(paymentsMadeOf([{ amount: 200_000, kind: 'payment' }])).toBe(200_000);
    // an overpayment is a negative balance, not hidden
    expect(
      invoiceTotals({ lines: [{ amounts: WORKED, hidden: false }], payments: [{ amount: 200_000, kind: 'payment' }] }).outstandingBalance,
    ).toBe(-31_562);
  });

  it('an invoice with every lot hidden totals zero', () => {
    const t = invoiceTotals({ lines: [{ amounts: WORKED, hidden: true }] });
    expect(t).toMatchObject({ total: 0, itemCount: 0, outstandingBalance: 0 });
  });

  it('refuses a stored line whose total is not the sum of its amounts', () => {
    expect(() => invoiceTotals({ lines: [{ amounts: { ...WORKED, total: WORKED.total + 1 }, hidden: false }] })).toThrow(
      'Line 1: its total (168439) is not the sum of its amounts (168438).',
    );
  });

  it('refuses negative charges other than Other, and fractional cents', () => {
    expect(() => invoiceTotals({ lines: [], charges: { shipping: -1 } })).toThrow('Invoice shipping cannot be negative.');
    expect(() => invoiceTotals({ lines: [], additionalCharges: [{ tax: 1.5 }] })).toThrow(
      'Additional charge tax must be a whole number of cents.',
    );
    expect(() => invoiceTotals({ lines: [], payments: [{ amount: -5, kind: 'payment' }] })).toThrow('Payment 1 cannot be negative.');
  });
});

describe('group totals', () => {
  it('are sums of the invoices rounded amounts (the ten totals of the strip)', () => {
    const a = invoiceTotals({
      lines: [
        { amounts: WORKED, hidden: false },
        { amounts: SMALL, hidden: true },
      ],
    });
    const b = invoiceTotals({
      lines: [{ amounts: SMALL, hidden: false }],
      charges: { insurance: 100 },
      additionalCharges: [{ shipping: 50 }],
      payments: [{ amount: 1_000, kind: 'payment' }],
    });
    const g = groupTotals([a, b]);
    expect(g).toEqual({
      invoices: 2,
      items: 2,
      hammer: 135_000,
      premium: 32_500,
      liveFee: 3_750,
      tax: 10_469,
      shipping: 1_550,
      insurance: 100,
      other: -500,
      total: 168_438 + 14_281 + 100 + 50,
      totalWithoutAdditional: 168_438 + 14_281 + 100,
      additionalTotal: 50,
      paymentsMade: 1_000,
      outstandingBalance: 168_438 + 14_281 + 150 - 1_000,
    });
  });

  it('of no invoices are zero', () => {
    expect(groupTotals([])).toMatchObject({ invoices: 0, items: 0, total: 0 });
  });
});

describe('one currency per group', () => {
  it('returns the shared currency', () => {
    expect(singleCurrency(['USD', 'usd', ' USD'])).toBe('USD');
  });

  it('refuses mixed currencies with a clear message', () => {
    const e = (() => {
      try {
        singleCurrency(['USD', 'EUR', 'USD']);
      } catch (err) {
        return err as InvoiceMathError;
      }
      throw new Error('expected a refusal');
    })();
    expect(e.code).toBe('MIXED_CURRENCIES');
    expect(e.message).toBe(
      'The sessions of an invoice group must all use the same currency (found EUR, USD). Please create separate invoice groups for each currency.',
    );
    expect(() => singleCurrency([])).toThrow('An invoice group needs at least one session.');
  });
});
