import { applyRate, formatCents, formatRate, parseAmountToCents, parseRate, roundHalfUp } from './money';

describe('money', () => {
  it('rounds half up, away from zero for negatives', () => {
    expect(roundHalfUp(5n, 10n)).toBe(1n);
    expect(roundHalfUp(4n, 10n)).toBe(0n);
    expect(roundHalfUp(-5n, 10n)).toBe(-1n);
    expect(roundHalfUp(-4n, 10n)).toBe(0n);
    expect(roundHalfUp(20n, 10n)).toBe(2n);
  });

  it('applies a three-decimal rate exactly and rounds once', () => {
    // (1,250.00 + 300.00) x 6.25 % = 96.875 -> 96.88
    expect(applyRate(155000, 6250)).toBe(9688);
    // 3 % of 1,250.00 = 37.50
    expect(applyRate(125000, 3000)).toBe(3750);
    expect(applyRate(0, 25000)).toBe(0);
    // very large amounts stay exact (no float overflow of the product)
    expect(applyRate(9_000_000_000_000, 12345)).toBe(1_111_050_000_000);
  });

  it('parses typed amounts after stripping formatting', () => {
    expect(parseAmountToCents('1,234.5')).toBe(123450);
    expect(parseAmountToCents('$12')).toBe(1200);
    expect(parseAmountToCents('-3.25')).toBe(-325);
    expect(parseAmountToCents('.5')).toBe(50);
    expect(parseAmountToCents(12.34)).toBe(1234);
    expect(parseAmountToCents('1.234')).toBeNull();
    expect(parseAmountToCents('abc')).toBeNull();
    expect(parseAmountToCents('')).toBeNull();
  });

  it('parses and formats rates with three decimals', () => {
    expect(parseRate('6.25')).toBe(6250);
    expect(parseRate('6.250')).toBe(6250);
    expect(parseRate('0')).toBe(0);
    expect(parseRate('1.2345')).toBeNull();
    expect(parseRate('-1')).toBeNull();
    expect(formatRate(6250)).toBe('6.250');
    expect(formatCents(123450)).toBe('1234.50');
    expect(formatCents(-5)).toBe('-0.05');
  });
});
