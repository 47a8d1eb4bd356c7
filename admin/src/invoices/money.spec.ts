import { describe, expect, it } from '@jest/globals';
import { formatAmount, formatMoney, plainAmount } from './money';

describe('invoice money text', () => {
  it('shows two decimals, thousands separators and the symbol', () => {
    expect(formatMoney(168438, '$')).toBe('$1,684.38');
    expect(formatMoney(0, '$')).toBe('$0.00');
    expect(formatMoney(5, '€')).toBe('€0.05');
    expect(formatMoney(123456789012, '$')).toBe('$1,234,567,890.12');
  });

  it('puts the minus before the symbol', () => {
    expect(formatMoney(-500, '$')).toBe('-$5.00');
    expect(formatAmount(-1)).toBe('-0.01');
  });

  it('writes plain amounts for spreadsheets', () => {
    expect(plainAmount(168438)).toBe('1684.38');
    expect(plainAmount(-120000)).toBe('-1200.00');
    expect(plainAmount(7)).toBe('0.07');
  });

  it('answers nothing for a value that is not whole cents', () => {
    expect(formatMoney(1.5, '$')).toBe('');
    expect(plainAmount(Number.NaN)).toBe('');
  });
});
