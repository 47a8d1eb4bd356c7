/**
 * Property test: random sales invoiced by the real code and by a second, deliberately simple
 * implementation written here from INVOICE-MATH.md alone. The reference shares nothing with the
 * code under test but the input shapes: its own exact rationals (BigInt numerator/denominator),
 * its own half-up rounding, its own UK/GB fold, its own matching, and a different summation order
 * (premium slices from the top step down; tax and fees summed per component across rows first).
 */
import fc from 'fast-check';
import {
  computeLotLine,
  groupTotals,
  invoiceTotals,
  type ChargeRow,
  type InvoiceTotals,
  type LotLine,
  type PremiumStep,
  type ProcessorType,
  type TaxRateProvider,
} from './index';

// ---------------------------------------------------------------- reference implementation
class Q {
  constructor(
    readonly n: bigint,
    readonly d: bigint = 1n,
  ) {}
  static rate(milli: number): Q {
    return new Q(BigInt(milli), 100_000n);
  }
  add(o: Q): Q {
    return new Q(this.n * o.d + o.n * this.d, this.d * o.d);
  }
  mul(o: Q): Q {
    return new Q(this.n * o.n, this.d * o.d);
  }
  /** Half up, away from zero on halves: floor((2|n| + d) / 2d) with the sign put back. */
  round(): number {
    const neg = this.n < 0n !== this.d < 0n;
    const n = this.n < 0n ? -this.n : this.n;
    const d = this.d < 0n ? -this.d : this.d;
    const r = (2n * n + d) / (2n * d);
    return Number(neg ? -r : r);
  }
  /** |this - cents| compared with half a cent: true when within. */
  withinHalfCentOf(cents: number): boolean {
    const diff = this.add(new Q(BigInt(-cents)));
    const a = diff.n < 0n ? -diff.n : diff.n;
    return 2n * a <= (diff.d < 0n ? -diff.d : diff.d);
  }
  lessThanOneCentFrom(cents: number): boolean {
    const diff = this.add(new Q(BigInt(-cents)));
    const a = diff.n < 0n ? -diff.n : diff.n;
    return a < (diff.d < 0n ? -diff.d : diff.d);
  }
}
const ZERO = new Q(0n);
const cents = (c: number) => new Q(BigInt(c));

function refExactPremium(h: number, steps: PremiumStep[]): Q {
  let sum = ZERO;
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i];
    const width = s.toCents == null ? Infinity : s.toCents - s.fromCents;
    const slice = Math.max(0, Math.min(h - s.fromCents, width));
    sum = sum.add(cents(slice).mul(Q.rate(s.rate)));
  }
  return sum;
}

const refCountry = (c: string | null | undefined): string => {
  const u = (c ?? '').trim().toUpperCase();
  return u === 'UK' ? 'GB' : u;
};
const refState = (s: string | null | undefined): string => (s ?? '').trim().toUpperCase();

interface Bidder {
  countryCode: string | null;
  stateCode: string | null;
  province: string | null;
}

function refMatches(row: ChargeRow, b: Bidder): boolean {
  const rc = refCountry(row.countryCode);
  if (rc === 'ALL') return true;
  if (rc === '' || rc !== refCountry(b.countryCode)) return false;
  if (!['US', 'CA', 'AU', 'GB'].includes(rc)) return true;
  const rs = refState(row.stateCode);
  return rs === '' || rs === 'ALL' || rs === refState(b.stateCode) || rs === refState(b.province);
}

/** Per component: (sum of the matching rows' rates that tick it) x component; then the three added. */
function refExactRows(rows: ChargeRow[], b: Bidder, h: number, p: number, l: number): Q {
  const m = rows.filter((r) => refMatches(r, b));
  const rates = (pick: (r: ChargeRow) => boolean) => m.filter(pick).reduce((s, r) => s.add(Q.rate(r.rate)), ZERO);
  return cents(l)
    .mul(rates((r) => r.onLiveFee))
    .add(cents(p).mul(rates((r) => r.onPremium)))
    .add(cents(h).mul(rates((r) => r.onHammer)));
}

interface RefLine {
  hammer: number;
  premium: number;
  liveFee: number;
  tax: number;
  taxError: boolean;
  feesTotal: number;
  other: number;
  total: number;
  exactPremium: Q | null;
  exactTax: Q;
  exactFees: Q;
}

function refLine(sale: Sale, inv: Invoice, line: Line): RefLine {
  const h = line.overrides.hammer ?? line.hammer;
  const exactPremium = line.overrides.premium == null ? refExactPremium(h, sale.steps) : null;
  const premium = line.overrides.premium ?? exactPremium!.round();
  const liveFee = line.overrides.liveFee ?? (inv.channel === 'Floor' ? 0 : cents(h).mul(Q.rate(sale.liveFeeRate)).round());
  let exactTax: Q;
  let taxError = false;
  if (sale.processor === 'p' && refCountry(inv.bidder.countryCode) === 'US') {
    const rate = [inv.bidder.stateCode, inv.bidder.province].map((s) => sale.stateRates.get(refState(s))).find((r) => r !== undefined);
    if (rate === undefined) {
      taxError = true;
      exactTax = ZERO;
    } else {
      exactTax = cents(h).add(cents(premium)).add(cents(liveFee)).mul(Q.rate(rate));
    }
  } else {
    exactTax = refExactRows(sale.taxRows, inv.bidder, h, premium, liveFee);
  }
  const tax = exactTax.round() + line.staffTax;
  const exactFees = refExactRows(sale.feeRows, inv.bidder, h, premium, liveFee);
  const feesTotal = exactFees.round();
  const other = feesTotal + line.other;
  const total = h + premium + liveFee + tax + line.shipping + line.insurance + other;
  return { hammer: h, premium, liveFee, tax, taxError, feesTotal, other, total, exactPremium, exactTax, exactFees };
}

function refInvoiceTotal(refLines: RefLine[], inv: Invoice): { total: number; items: number; paid: number } {
  let total = 0;
  let items = 0;
  inv.lines.forEach((l, i) => {
    if (l.hidden) return;
    items += 1;
    total += refLines[i].total;
    if (l.additional && !l.additional.hidden)
      total += l.additional.tax + l.additional.shipping + l.additional.insurance + l.additional.other;
  });
  total += inv.charges.tax + inv.charges.shipping + inv.charges.insurance + inv.charges.other;
  for (const a of inv.additional) if (!a.hidden) total += a.tax + a.shipping + a.insurance + a.other;
  let paid = 0;
  for (const p of inv.payments) if (p.status === 'settled') paid += p.kind === 'refund' ? -p.amount : p.amount;
  return { total, items, paid };
}

// ---------------------------------------------------------------- generators
interface Charges {
  tax: number;
  shipping: number;
  insurance: number;
  other: number;
}
interface Extra extends Charges {
  hidden: boolean;
}
interface Line {
  hammer: number;
  hidden: boolean;
  shipping: number;
  insurance: number;
  other: number;
  staffTax: number;
  overrides: { hammer?: number; premium?: number; liveFee?: number };
  additional: Extra | null;
}
interface Invoice {
  bidder: Bidder;
  channel: 'INV' | 'PL' | 'AZ' | 'Floor';
  lines: Line[];
  charges: Charges;
  additional: Extra[];
  payments: { amount: number; kind: 'payment' | 'refund'; status: 'settled' | 'pending' | 'failed' }[];
}
interface Sale {
  steps: PremiumStep[];
  liveFeeRate: number;
  taxRows: ChargeRow[];
  feeRows: ChargeRow[];
  processor: ProcessorType | null;
  stateRates: Map<string, number>;
  invoices: Invoice[];
}

const rateArb = fc.oneof(fc.integer({ min: 0, max: 40_000 }), fc.constantFrom(0, 5_000, 6_250, 6_875, 12_345, 25_000));
const money = (max: number) => fc.integer({ min: 0, max });

const stepsArb: fc.Arbitrary<PremiumStep[]> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<PremiumStep[]>([]) },
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.array(fc.integer({ min: 1, max: 300_000 }), { maxLength: 4 }), fc.array(rateArb, { minLength: 5, maxLength: 5 }))
      .map(([widths, rates]) => {
        const steps: PremiumStep[] = [];
        let from = 0;
        widths.forEach((w, i) => {
          steps.push({ fromCents: from, toCents: from + w, rate: rates[i] });
          from += w;
        });
        steps.push({ fromCents: from, toCents: null, rate: rates[widths.length] });
        return steps;
      }),
  },
);

const COUNTRIES = ['US', 'us', 'CA', 'AU', 'GB', 'UK', 'FR', 'DE', null] as const;
const STATES = ['NY', 'ny', 'CA', 'ON', 'NSW', 'KEN', 'TX', 'ZZ', null] as const;

const bidderArb: fc.Arbitrary<Bidder> = fc.record({
  countryCode: fc.constantFrom(...COUNTRIES),
  stateCode: fc.constantFrom(...STATES),
  province: fc.constantFrom(...STATES),
});

const rowArb = (names: string[]): fc.Arbitrary<ChargeRow> =>
  fc.record({
    name: fc.constantFrom(...names),
    rate: rateArb,
    countryCode: fc.constantFrom('ALL', 'US', 'CA', 'AU', 'UK', 'GB', 'FR', 'us'),
    stateCode: fc.constantFrom('ALL', null, 'NY', 'CA', 'ON', 'NSW', 'KEN', 'TX'),
    onHammer: fc.boolean(),
    onPremium: fc.boolean(),
    onLiveFee: fc.boolean(),
  });

const chargesArb: fc.Arbitrary<Charges> = fc.record({
  tax: money(5_000),
  shipping: money(20_000),
  insurance: money(5_000),
  other: fc.integer({ min: -50_000, max: 20_000 }),
});
const extraArb: fc.Arbitrary<Extra> = fc.record({
  tax: money(5_000),
  shipping: money(20_000),
  insurance: money(5_000),
  other: fc.integer({ min: -20_000, max: 20_000 }),
  hidden: fc.boolean(),
});

const hammerArb = fc.oneof(
  fc.integer({ min: 0, max: 2_000_000 }),
  fc.constantFrom(0, 1, 99, 100, 5_000_000),
  fc.integer({ min: 0, max: 100_000_000_000 }),
  // on or next to a step boundary (resolved against the sale's steps below)
  fc.integer({ min: -1, max: 1 }).map((d) => ({ boundary: true as const, d })),
);

const lineArb = fc.record({
  hammer: hammerArb,
  boundaryPick: fc.nat(),
  hidden: fc.constantFrom(false, false, false, true),
  shipping: fc.oneof(fc.constant(0), money(20_000)),
  insurance: fc.oneof(fc.constant(0), money(5_000)),
  other: fc.oneof(fc.constant(0), fc.integer({ min: -50_000, max: 50_000 })),
  staffTax: fc.oneof(fc.constant(0), money(3_000)),
  overrides: fc.record({ hammer: money(3_000_000), premium: money(500_000), liveFee: money(50_000) }, { requiredKeys: [] }),
  additional: fc.option(extraArb),
});

const invoiceArb = fc.record({
  bidder: bidderArb,
  channel: fc.constantFrom('INV' as const, 'PL' as const, 'AZ' as const, 'Floor' as const),
  lines: fc.array(lineArb, { maxLength: 6 }),
  charges: fc.oneof(fc.constant({ tax: 0, shipping: 0, insurance: 0, other: 0 }), chargesArb),
  additional: fc.array(extraArb, { maxLength: 2 }),
  payments: fc.array(
    fc.record({
      amount: money(300_000),
      kind: fc.constantFrom('payment' as const, 'payment' as const, 'refund' as const),
      status: fc.constantFrom('settled' as const, 'settled' as const, 'pending' as const, 'failed' as const),
    }),
    { maxLength: 3 },
  ),
});

const saleArb: fc.Arbitrary<Sale> = fc
  .record({
    steps: stepsArb,
    liveFeeRate: fc.oneof(fc.constant(0), fc.constant(3_000), rateArb),
    taxRows: fc.array(rowArb(['Sales Tax', 'VAT', 'GST']), { maxLength: 4 }),
    feeRows: fc.array(rowArb(['Handling', 'Admin', 'Buyer protection']), { maxLength: 4 }),
    processor: fc.constantFrom('w' as const, 's' as const, 'p' as const, null),
    stateRates: fc.array(fc.tuple(fc.constantFrom('NY', 'CA', 'TX', 'ON', 'KEN'), rateArb), { maxLength: 4 }),
    invoices: fc.array(invoiceArb, { minLength: 1, maxLength: 5 }),
  })
  .map((raw) => {
    const boundaries = raw.steps.flatMap((s) => (s.toCents == null ? [] : [s.toCents]));
    const invoices: Invoice[] = raw.invoices.map((inv) => {
      const usAuto = raw.processor === 'p' && refCountry(inv.bidder.countryCode) === 'US';
      return {
        ...inv,
        lines: inv.lines.map((l) => {
          let hammer: number;
          if (typeof l.hammer === 'number') hammer = l.hammer;
          else if (boundaries.length === 0) hammer = Math.max(0, l.hammer.d);
          else hammer = Math.max(0, boundaries[l.boundaryPick % boundaries.length] + l.hammer.d);
          return {
            hammer,
            hidden: l.hidden,
            shipping: l.shipping,
            insurance: l.insurance,
            other: l.other,
            staffTax: usAuto ? 0 : l.staffTax,
            overrides: inv.channel === 'Floor' ? l.overrides : {},
            additional: l.additional,
          };
        }),
      };
    });
    return { ...raw, stateRates: new Map(raw.stateRates), invoices };
  });

// ---------------------------------------------------------------- the code under test
function run(sale: Sale): { lines: LotLine[][]; totals: InvoiceTotals[] } {
  const provider: TaxRateProvider = {
    rateFor: (country, state) => (country === 'US' && state !== null ? (sale.stateRates.get(state) ?? null) : null),
  };
  const lines = sale.invoices.map((inv) =>
    inv.lines.map((l) =>
      computeLotLine({
        hammer: l.hammer,
        channel: inv.channel,
        bidder: inv.bidder,
        group: { premiumSteps: sale.steps, liveFeeRate: sale.liveFeeRate },
        template: { taxRows: sale.taxRows, feeRows: sale.feeRows },
        processorType: sale.processor,
        taxRates: provider,
        staff: { shipping: l.shipping, insurance: l.insurance, other: l.other, tax: l.staffTax },
        overrides: l.overrides,
      }),
    ),
  );
  const totals = sale.invoices.map((inv, i) =>
    invoiceTotals({
      lines: inv.lines.map((l, j) => ({ amounts: lines[i][j], hidden: l.hidden, additional: l.additional })),
      charges: inv.charges,
      additionalCharges: inv.additional,
      payments: inv.payments,
    }),
  );
  return { lines, totals };
}

// ---------------------------------------------------------------- properties
const RUNS = { numRuns: 200 };

describe('invoices of random sales (property-based)', () => {
  it('every line and invoice equals the simple reference implementation', () => {
    fc.assert(
      fc.property(saleArb, (sale) => {
        const { lines, totals } = run(sale);
        sale.invoices.forEach((inv, i) => {
          const refs = inv.lines.map((l) => refLine(sale, inv, l));
          inv.lines.forEach((_, j) => {
            const got = lines[i][j];
            const ref = refs[j];
            expect({
              hammer: got.hammer,
              premium: got.premium,
              liveFee: got.liveFee,
              tax: got.tax,
              taxError: got.taxCalculationError,
              feesTotal: got.feesTotal,
              other: got.other,
              total: got.total,
            }).toEqual({
              hammer: ref.hammer,
              premium: ref.premium,
              liveFee: ref.liveFee,
              tax: ref.tax,
              taxError: ref.taxError,
              feesTotal: ref.feesTotal,
              other: ref.other,
              total: ref.total,
            });
          });
          const ref = refInvoiceTotal(refs, inv);
          expect(totals[i].total).toBe(ref.total);
          expect(totals[i].itemCount).toBe(ref.items);
          expect(totals[i].paymentsMade).toBe(ref.paid);
          expect(totals[i].outstandingBalance).toBe(ref.total - ref.paid);
        });
      }),
      RUNS,
    );
  });

  it('an invoice total is the sum of its visible line totals plus its charges; the strip adds up; group = sum of invoices', () => {
    fc.assert(
      fc.property(saleArb, (sale) => {
        const { lines, totals } = run(sale);
        sale.invoices.forEach((inv, i) => {
          const t = totals[i];
          const visible = inv.lines.map((l, j) => ({ l, line: lines[i][j] })).filter((x) => !x.l.hidden);
          const extras = [...visible.map((x) => x.l.additional), ...inv.additional].filter((a): a is Extra => !!a && !a.hidden);
          const sumExtras = extras.reduce((s, a) => s + a.tax + a.shipping + a.insurance + a.other, 0);
          const c = inv.charges;
          expect(t.total).toBe(visible.reduce((s, x) => s + x.line.total, 0) + c.tax + c.shipping + c.insurance + c.other + sumExtras);
          expect(t.hammer + t.premium + t.liveFee + t.tax + t.shipping + t.insurance + t.other).toBe(t.total);
          expect(t.price.total + t.additional.total).toBe(t.total);
        });
        const g = groupTotals(totals);
        expect(g.invoices).toBe(totals.length);
        expect(g.total).toBe(totals.reduce((s, t) => s + t.total, 0));
        expect(g.items).toBe(totals.reduce((s, t) => s + t.itemCount, 0));
        expect(g.hammer + g.premium + g.liveFee + g.tax + g.shipping + g.insurance + g.other).toBe(g.total);
      }),
      RUNS,
    );
  });

  it('totals are never negative unless some Other is negative', () => {
    fc.assert(
      fc.property(saleArb, (sale) => {
        const { lines, totals } = run(sale);
        sale.invoices.forEach((inv, i) => {
          inv.lines.forEach((l, j) => {
            if (l.other >= 0) expect(lines[i][j].total).toBeGreaterThanOrEqual(0);
            expect(lines[i][j].other).toBeGreaterThanOrEqual(Math.min(0, l.other));
          });
          const anyNegative =
            inv.charges.other < 0 ||
            inv.lines.some((l) => l.other < 0 || (l.additional?.other ?? 0) < 0) ||
            inv.additional.some((a) => a.other < 0);
          if (!anyNegative) expect(totals[i].total).toBeGreaterThanOrEqual(0);
        });
      }),
      RUNS,
    );
  });

  it('each computed amount is rounded once per line: within half a cent of the exact value', () => {
    fc.assert(
      fc.property(saleArb, (sale) => {
        const { lines } = run(sale);
        sale.invoices.forEach((inv, i) => {
          inv.lines.forEach((l, j) => {
            const got = lines[i][j];
            const ref = refLine(sale, inv, l);
            if (ref.exactPremium) expect(ref.exactPremium.withinHalfCentOf(got.premium)).toBe(true);
            expect(ref.exactTax.withinHalfCentOf(got.taxComputed)).toBe(true);
            expect(ref.exactFees.withinHalfCentOf(got.feesTotal)).toBe(true);
            // the labelled fees add up to the fee total, each within a cent of its own exact amount
            expect(got.fees.reduce((s, f) => s + f.cents, 0)).toBe(got.feesTotal);
            for (const f of got.fees) {
              const exact = refExactRows(
                sale.feeRows.filter((r) => r.name === f.label),
                inv.bidder,
                got.hammer,
                got.premium,
                got.liveFee,
              );
              expect(exact.lessThanOneCentFrom(f.cents)).toBe(true);
            }
          });
        });
      }),
      RUNS,
    );
  });

  it('the premium never decreases as the hammer rises', () => {
    fc.assert(
      fc.property(stepsArb, money(3_000_000), money(500_000), (steps, h, delta) => {
        const p = (hammer: number) =>
          computeLotLine({
            hammer,
            channel: 'Floor',
            bidder: {},
            group: { premiumSteps: steps, liveFeeRate: 0 },
            template: { taxRows: [], feeRows: [] },
          }).premium;
        expect(p(h + delta)).toBeGreaterThanOrEqual(p(h));
      }),
      RUNS,
    );
  });
});
