import fc from 'fast-check';
import { formatCents } from '../../../core/money/money';
import { amount, amounts, currencySymbol } from './money-json';

/** The decimal text of the cents without trailing zeros: what the JSON number must print as. */
const expectedText = (cents: number) =>
  formatCents(cents)
    .replace(/\.?0+$/, '')
    .replace(/^-0$/, '0') || '0';

describe('amounts in JSON', () => {
  it('is exactly the number the decimal text of the cents parses to, over the whole safe-integer range', () => {
    for (const cents of [1, -1, 5, 10, 99, 100, 101, 168_438, 2 ** 53 - 1, -(2 ** 53 - 1), 9_007_199_254_740_99]) {
      expect(amount(cents)).toBe(Number(formatCents(cents)));
    }
    fc.assert(
      fc.property(fc.maxSafeInteger(), (cents) => {
        expect(Object.is(amount(cents), cents === 0 ? 0 : Number(formatCents(cents)))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it("turns cents into a number that prints as exactly the amount's digits", () => {
    expect(amount(168_438)).toBe(1684.38);
    expect(amount(-750)).toBe(-7.5);
    expect(amount(0)).toBe(0);
    expect(JSON.stringify({ a: amount(10) })).toBe('{"a":0.1}');
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), (cents) => {
        expect(JSON.stringify(amount(cents))).toBe(expectedText(cents));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what is not a whole number of cents', () => {
    expect(() => amount(1.5)).toThrow('Amount must be a whole number of cents.');
    expect(() => amount(Number.MAX_SAFE_INTEGER + 1)).toThrow();
  });

  it('maps an object of cents, and knows the currency symbols', () => {
    expect(amounts({ a: 1, b: -2 })).toEqual({ a: 0.01, b: -0.02 });
    expect(['USD', 'gbp', 'EUR', 'CAD', 'XYZ', '??'].map(currencySymbol)).toEqual(['$', '£', '€', 'CA$', 'XYZ', '??']);
  });
});
