import { rateProduct, roundHalfUp } from '../../../core/money/money';
import { addRateProduct, RATE_SCALE, roundExact, roundExactSafe, sumCents } from './cents';
import { feesFromRows, taxFromRows, type ChargeRow } from './charge-rows';
import { liveFee } from './live-fee';
import { buyersPremium, exactPremium } from './premium';
import { stateSalesTax, StaticUsStateTaxRates } from './sales-tax';

// The per-line arithmetic runs in numbers while every value stays a safe integer and in BigInt
// otherwise; these pin both paths to the BigInt results, at and past 2^53.
const MAX = Number.MAX_SAFE_INTEGER;

describe('number fast paths of the cents arithmetic', () => {
  it('sumCents is exact across 2^53: a partial sum past it takes the BigInt path', () => {
    expect(sumCents([MAX, 1, -1])).toBe(MAX);
    expect(sumCents([MAX - 5, 5])).toBe(MAX);
    expect(sumCents([-MAX, -1, 1])).toBe(-MAX);
    expect(sumCents(new Set([2, 3]))).toBe(5);
    expect(() => sumCents([MAX, 1])).toThrow('The amount is too large.');
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
  });

  it('addRateProduct answers null instead of a rounded product or sum', () => {
    expect(addRateProduct(7, 1_000, 25_000)).toBe(25_000_007);
    expect(addRateProduct(0, MAX, 2)).toBeNull();
    expect(addRateProduct(MAX, 1, 1)).toBeNull();
    expect(addRateProduct(0, 1.5, 1000)).toBeNull();
    expect(addRateProduct(0, 1_000, 0.5)).toBeNull();
  });

  it('roundExactSafe rounds half up (away from zero) exactly as roundExact', () => {
    const scale = Number(RATE_SCALE);
    const samples = [0, 1, 49_999, 50_000, 50_001, 99_999, 100_000, 150_000, 250_000, MAX, MAX - 50_000];
    for (const n of [...samples, ...samples.map((s) => -s)]) {
      expect(roundExactSafe(n)).toBe(roundExact(BigInt(n)));
      expect(roundExactSafe(n)).toBe(Number(roundHalfUp(BigInt(n), RATE_SCALE)));
    }
    expect(roundExactSafe(scale * 3 + scale / 2)).toBe(4);
  });

  it('the premium, live fee, taxes and fees agree with BigInt below and above 2^53 products', () => {
    const steps = [
      { fromCents: 0, toCents: 100_000, rate: 25_000 },
      { fromCents: 100_000, toCents: null, rate: 20_000 },
    ];
    const rows: ChargeRow[] = [
      { name: 'Handling', rate: 1_500, countryCode: 'ALL', onHammer: true, onPremium: true, onLiveFee: false },
      { name: 'Handling ', rate: 333, countryCode: 'ALL', onHammer: false, onPremium: false, onLiveFee: true },
      { name: 'Packing', rate: 2_777, countryCode: 'ALL', onHammer: true, onPremium: false, onLiveFee: true },
    ];
    const rates = new StaticUsStateTaxRates();
    // 2^53 / 25,000 is about 3.6e11 cents: hammers past it make the products overflow the fast path.
    for (const hammer of [0, 1, 99_999, 100_000, 100_001, 123_457, 360_287_970_189, 360_287_970_190, 9_007_199_254_740]) {
      const premium = buyersPremium(hammer, steps);
      expect(premium).toBe(roundExact(exactPremium(hammer, steps)));
      const fee = liveFee(hammer, 'INV', 3_000);
      expect(fee).toBe(roundExact(rateProduct(hammer, 3_000)));
      const base = { hammer, premium, liveFee: fee };
      const exact = (r: ChargeRow) =>
        (BigInt(r.onHammer ? hammer : 0) + BigInt(r.onPremium ? premium : 0) + BigInt(r.onLiveFee ? fee : 0)) * BigInt(r.rate);
      expect(taxFromRows(rows, { countryCode: 'US' }, base)).toBe(roundExact(rows.reduce((s, r) => s + exact(r), 0n)));
      const fees = feesFromRows(rows, { countryCode: 'US' }, base);
      expect(fees.total).toBe(roundExact(rows.reduce((s, r) => s + exact(r), 0n)));
      expect(sumCents(fees.byLabel.map((f) => f.cents))).toBe(fees.total);
      const handling = exact(rows[0]) + exact(rows[1]);
      const packing = exact(rows[2]);
      // Largest remainder: each label is its floor, plus one cent to the larger remainder if the total rounded up.
      const floors = [handling / RATE_SCALE, packing / RATE_SCALE];
      let extra = BigInt(fees.total) - floors[0] - floors[1];
      const byRemainder = handling % RATE_SCALE >= packing % RATE_SCALE ? [0, 1] : [1, 0];
      const expected = [...floors];
      for (const i of byRemainder) {
        if (extra <= 0n) break;
        expected[i] += 1n;
        extra -= 1n;
      }
      expect(fees.byLabel).toEqual(
        [
          { label: 'Handling', cents: Number(expected[0]) },
          { label: 'Packing', cents: Number(expected[1]) },
        ].filter((f) => f.cents !== 0),
      );
      const tax = stateSalesTax(rates, { countryCode: 'US', stateCode: 'NY' }, base);
      expect(tax.tax).toBe(roundExact((BigInt(hammer) + BigInt(premium) + BigInt(fee)) * BigInt(tax.rate!)));
    }
  });
});
