import fc from 'fast-check';
import type { Platform } from '../../src/modules/bidders/member.entity';
import { House } from '../../src/modules/houses/house.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { InvoiceGroupsService } from '../../src/modules/invoicing/groups/invoice-groups.service';
import { createTestApp, TestApp } from '../support/test-app';
import { BidderSpec, inContext, LotSpec, RowSpec, seedSale, seedTemplate, storedInvoices, untilCreated } from './support';

/**
 * Random small sales loaded into the database, invoiced by the real group creation and job, and
 * every stored line and invoice recomputed here by a second, deliberately simple implementation
 * of INVOICE-MATH.md (BigInt fractions, no shared code), compared to the cent.
 *
 * Each run gets a fresh house in this file's fresh database (a new database per run would cost
 * a new app, one to two seconds): every query is scoped by house, invoice numbers start at 1 per
 * house, so a run sees nothing of the others.
 */

// --- The second implementation ------------------------------------------------------------------

const SCALE = 100_000n; // rates are thousandths of a percent
/** n / SCALE rounded half up (n >= 0). */
const round = (n: bigint): number => Number((2n * n + SCALE) / (2n * SCALE));

/** US state rates the generator uses (the provider's table must agree); ZZ is not a state. */
const STATE_RATE: Record<string, number> = { NY: 4_000, CA: 7_250, TX: 6_250, OR: 0 };
const HAS_STATES = new Set(['US', 'CA', 'AU', 'GB']);
const country = (c: string | null | undefined) => (c == null ? null : c.toUpperCase() === 'UK' ? 'GB' : c.toUpperCase());

interface Sim {
  hammer: number;
  premium: number;
  liveFee: number;
  tax: number;
  fees: number;
  total: number;
  taxError: boolean;
}

function matches(row: RowSpec, bidder: BidderSpec): boolean {
  if (row.countryCode === 'ALL') return true;
  if (country(row.countryCode) !== country(bidder.countryCode)) return false;
  if (!HAS_STATES.has(country(row.countryCode)!)) return true;
  if (row.stateCode == null || row.stateCode === 'ALL') return true;
  return row.stateCode === bidder.stateCode || row.stateCode === bidder.province;
}

function simulate(hammer: number, channel: Platform, bidder: BidderSpec, sale: GenSale): Sim {
  let p = 0n;
  for (const s of sale.steps) {
    if (hammer > s.fromCents) p += BigInt(Math.min(hammer, s.toCents ?? hammer) - s.fromCents) * BigInt(s.rate);
  }
  const premium = round(p);
  const liveFee = channel === 'Floor' ? 0 : round(BigInt(hammer) * BigInt(sale.liveFeeRate));
  const base = (r: { onHammer: boolean; onPremium: boolean; onLiveFee: boolean }) =>
    BigInt((r.onHammer ? hammer : 0) + (r.onPremium ? premium : 0) + (r.onLiveFee ? liveFee : 0));
  let tax = 0;
  let taxError = false;
  if (sale.processor === 'p' && country(bidder.countryCode) === 'US') {
    const rate = bidder.stateCode ? STATE_RATE[bidder.stateCode] : undefined;
    if (rate === undefined) taxError = true;
    else tax = round(BigInt(hammer + premium + liveFee) * BigInt(rate));
  } else {
    tax = round(sale.taxRows.filter((r) => matches(r, bidder)).reduce((s, r) => s + base(r) * BigInt(r.rate), 0n));
  }
  const fees = round(sale.feeRows.filter((r) => matches(r, bidder)).reduce((s, r) => s + base(r) * BigInt(r.rate), 0n));
  return { hammer, premium, liveFee, tax, fees, total: hammer + premium + liveFee + tax + fees, taxError };
}

// --- Random sales -------------------------------------------------------------------------------

interface GenSale {
  processor: 'p' | 'w';
  liveFeeRate: number;
  steps: { fromCents: number; toCents: number | null; rate: number }[];
  bidders: BidderSpec[];
  sessions: LotSpec[][];
  taxRows: RowSpec[];
  feeRows: RowSpec[];
  chargesPerLot: boolean;
}

const PLATFORMS: Platform[] = ['INV', 'PL', 'AZ', 'Floor'];
const PLACES: { countryCode: string | null; stateCode?: string; province?: string }[] = [
  { countryCode: 'US', stateCode: 'NY' },
  { countryCode: 'US', stateCode: 'CA' },
  { countryCode: 'US', stateCode: 'TX' },
  { countryCode: 'US', stateCode: 'OR' },
  { countryCode: 'US', stateCode: 'ZZ' },
  { countryCode: 'CA', stateCode: 'ON' },
  { countryCode: 'CA', province: 'QC' },
  { countryCode: 'UK', stateCode: 'LND' },
  { countryCode: 'GB', stateCode: 'KEN' },
  { countryCode: 'AU', stateCode: 'NSW' },
  { countryCode: 'FR' },
  { countryCode: null },
];
const ROW_PLACES: { countryCode: string; stateCode: string | null }[] = [
  { countryCode: 'ALL', stateCode: null },
  { countryCode: 'US', stateCode: 'NY' },
  { countryCode: 'US', stateCode: 'ALL' },
  { countryCode: 'CA', stateCode: 'ON' },
  { countryCode: 'CA', stateCode: 'QC' },
  { countryCode: 'UK', stateCode: 'ALL' },
  { countryCode: 'GB', stateCode: 'LND' },
  { countryCode: 'AU', stateCode: null },
  { countryCode: 'FR', stateCode: null },
];

const rate = (max: number) => fc.integer({ min: 0, max });
const row = (name: string) =>
  fc
    .record({
      place: fc.constantFrom(...ROW_PLACES),
      rate: rate(20_000),
      onHammer: fc.boolean(),
      onPremium: fc.boolean(),
      onLiveFee: fc.boolean(),
    })
    .map((r): RowSpec => ({
      name,
      rate: r.rate,
      countryCode: r.place.countryCode,
      stateCode: r.place.stateCode,
      onHammer: r.onHammer,
      onPremium: r.onPremium || (!r.onHammer && !r.onLiveFee),
      onLiveFee: r.onLiveFee,
    }));

const steps = fc
  .tuple(fc.uniqueArray(fc.integer({ min: 1, max: 300_000 }), { maxLength: 2 }), fc.array(rate(30_000), { minLength: 3, maxLength: 3 }))
  .map(([cuts, rates]) => {
    const bounds = [0, ...[...cuts].sort((a, b) => a - b)];
    return bounds.map((from, i) => ({ fromCents: from, toCents: bounds[i + 1] ?? null, rate: rates[i] }));
  });

const hammer = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 999 }),
  fc.integer({ min: 1, max: 600_000 }),
  fc.constantFrom(100_000, 100_001, 99_999),
);

const genSale: fc.Arbitrary<GenSale> = fc
  .record({
    processor: fc.constantFrom<'p' | 'w'>('p', 'w'),
    liveFeeRate: rate(10_000),
    steps,
    bidders: fc.array(fc.record({ place: fc.constantFrom(...PLACES), platform: fc.constantFrom(...PLATFORMS) }), {
      minLength: 1,
      maxLength: 5,
    }),
    sessions: fc.array(
      fc.array(
        fc.record({ sold: fc.boolean(), hammer, winner: fc.nat(), channel: fc.option(fc.constantFrom(...PLATFORMS), { nil: undefined }) }),
        { minLength: 1, maxLength: 6 },
      ),
      { minLength: 1, maxLength: 2 },
    ),
    taxRows: fc.array(row('Tax'), { maxLength: 2 }),
    feeRows: fc.array(fc.oneof(row('Handling'), row('Buyer fee')), { maxLength: 2 }),
    chargesPerLot: fc.boolean(),
  })
  .map((g) => ({
    ...g,
    bidders: g.bidders.map((b, i): BidderSpec => ({
      lastName: `Bidder${i}`,
      countryCode: b.place.countryCode,
      stateCode: b.place.stateCode ?? null,
      province: b.place.province ?? null,
      platform: b.platform,
    })),
    // Every session sells at least its first lot, so every session can be invoiced.
    sessions: g.sessions.map((lots) =>
      lots.map((l, i): LotSpec => (l.sold || i === 0 ? { hammer: l.hammer, winner: l.winner % g.bidders.length, channel: l.channel } : {})),
    ),
  }));

describe('invoice creation against a second implementation (property, real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ redis: false });
  });
  afterAll(() => t?.close());

  it('every stored line and invoice total equals the simple recomputation, to the cent', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(genSale, async (g) => {
        run++;
        const em = t.em();
        const house = em.create(House, {
          houseRef: newRef('H'),
          houseUserName: `prop-${run}-${newRef('x').toLowerCase()}`,
          name: `Property ${run}`,
          processorType: g.processor,
        });
        await em.flush();
        const template = await seedTemplate(t.em(), house.id, { taxRows: g.taxRows, feeRows: g.feeRows, chargesPerLot: g.chargesPerLot });
        const seeded = await seedSale(t.em(), house.id, {
          liveFeeRate: g.liveFeeRate,
          steps: g.steps,
          bidders: g.bidders,
          sessions: g.sessions.map((lots, i) => ({ date: `2026-04-0${i + 1}T15:00:00Z`, lots })),
        });
        const created = await inContext(t, () =>
          t.app.get(InvoiceGroupsService).create(house.id, null, {
            catalogRefs: seeded.sessions.map((s) => s.ref),
            groupTitle: 'Property',
            invoiceSettingsID: template,
          }),
        );
        const job = await untilCreated(t, house.id, created.invoiceGroupID);
        expect(job.status).toBe('completed');
        const { invoices, lines } = await storedInvoices(t, created.invoiceGroupID);

        // Expected: every sold lot once, on the invoice of its winning registration.
        const expected = new Map<number, { approval: number; sim: Sim }>();
        g.sessions.forEach((lots, si) =>
          lots.forEach((l, li) => {
            if (l.hammer === undefined) return;
            const bidder = g.bidders[l.winner!];
            const channel = l.channel ?? bidder.platform ?? 'INV';
            expected.set(seeded.lots[si][li], { approval: seeded.approvals[l.winner!], sim: simulate(l.hammer!, channel, bidder, g) });
          }),
        );
        expect(lines).toHaveLength(expected.size);
        const invoiceOf = new Map(invoices.map((i) => [i.id as number, i]));
        for (const line of lines) {
          const want = expected.get(line.lot_id as number)!;
          expect(invoiceOf.get(line.invoice_id as number)!.approval_id).toBe(want.approval);
          const got: Sim = {
            hammer: line.hammer_cents as number,
            premium: line.premium_cents as number,
            liveFee: line.live_fee_cents as number,
            tax: line.tax_cents as number,
            fees: line.fees_cents as number,
            total: line.total_cents as number,
            taxError: line.tax_calculation_error as boolean,
          };
          expect({ lot: line.lot_id, ...got }).toEqual({ lot: line.lot_id, ...want.sim });
          const labels = (line.fee_labels as { cents: number }[] | null) ?? [];
          expect(labels.reduce((s, l) => s + l.cents, 0)).toBe(want.sim.fees);
        }
        // One invoice per winning registration, numbered 1..n, totals the sums of its lines.
        expect(new Set(invoices.map((i) => i.approval_id)).size).toBe(invoices.length);
        expect(invoices.map((i) => i.invoice_number)).toEqual(invoices.map((_, i) => i + 1));
        expect(new Set(invoices.map((i) => i.approval_id))).toEqual(new Set([...expected.values()].map((e) => e.approval)));
        for (const inv of invoices) {
          const mine = lines.filter((l) => l.invoice_id === inv.id);
          const sum = (k: string) => mine.reduce((s, l) => s + (l[k] as number), 0);
          expect({
            items: inv.item_count,
            hammer: inv.hammer_total_cents,
            premium: inv.premium_total_cents,
            liveFee: inv.live_fee_total_cents,
            tax: inv.tax_total_cents,
            other: inv.other_total_cents,
            total: inv.invoice_total_cents,
            balance: inv.balance_cents,
            taxError: inv.tax_calculation_error,
            applyCostPerLot: inv.apply_cost_per_lot,
          }).toEqual({
            items: mine.length,
            hammer: sum('hammer_cents'),
            premium: sum('premium_cents'),
            liveFee: sum('live_fee_cents'),
            tax: sum('tax_cents'),
            other: sum('fees_cents'),
            total: sum('total_cents'),
            balance: sum('total_cents'),
            taxError: mine.some((l) => l.tax_calculation_error),
            applyCostPerLot: !g.chargesPerLot,
          });
        }
      }),
      { numRuns: 15 },
    );
  });
});
