import { InvoiceMathError } from './errors';
import { assertChannel, isOnlineChannel, liveFee } from './live-fee';

describe('live fee', () => {
  it('charges the group rate on hammer for each online channel: 3 % of 1,250.00 = 37.50', () => {
    for (const ch of ['INV', 'PL', 'AZ'] as const) expect(liveFee(125_000, ch, 3_000)).toBe(3_750);
  });

  it('is zero for Floor', () => {
    expect(liveFee(125_000, 'Floor', 3_000)).toBe(0);
    expect(isOnlineChannel('Floor')).toBe(false);
  });

  it('rounds a half cent up and applies three decimals exactly', () => {
    expect(liveFee(10, 'INV', 5_000)).toBe(1); // 0.005 -> 0.01
    expect(liveFee(123_456, 'PL', 2_125)).toBe(2_623); // 26.2344 -> 26.23
  });

  it('is zero for a zero hammer or a zero rate', () => {
    expect(liveFee(0, 'INV', 3_000)).toBe(0);
    expect(liveFee(125_000, 'AZ', 0)).toBe(0);
  });

  it('refuses an unknown channel, a negative rate and a fractional hammer', () => {
    expect(() => liveFee(100, 'EBAY' as never, 3_000)).toThrow(InvoiceMathError);
    expect(() => assertChannel('floor')).toThrow("Unknown channel 'floor': expected one of INV, PL, AZ, Floor.");
    expect(() => liveFee(100, 'INV', -1)).toThrow('Live fee rate must be a rate of at least 0 with at most three decimals.');
    expect(() => liveFee(100.5, 'INV', 3_000)).toThrow('Hammer must be a whole number of cents.');
  });
});
