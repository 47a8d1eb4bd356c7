import type { ApprovalWithMember } from '../../bidders/bidders.service';
import type { Platform } from '../../bidders/member.entity';
import type { GroupCharging } from '../../catalogs/catalogs.service';
import type { SoldLot } from '../../lots/lots.service';
import { StaticUsStateTaxRates, type ChargeRow } from '../math';
import { applyCostPerLotOf, planGroupInvoices, type PlanInput } from './invoice-builder';

function approval(id: number, over: Partial<ApprovalWithMember> = {}): ApprovalWithMember {
  return {
    approvalId: id,
    paddleNumber: 100 + id,
    channel: 'INV',
    memberId: 1000 + id,
    memberRef: `M${id}`,
    firstName: `First${id}`,
    lastName: `Last${id}`,
    email: null,
    phone: null,
    companyName: null,
    street1: null,
    street2: null,
    city: null,
    stateCode: 'NY',
    province: null,
    postalCode: null,
    countryCode: 'US',
    platform: 'INV',
    companyId: null,
    ...over,
  };
}

let nextLot = 1;
function lot(catalogId: number, approvalId: number, hammerCents: number, channel: Platform = 'INV', lotNumber = String(nextLot)): SoldLot {
  const id = nextLot++;
  return {
    lotId: id,
    lotRef: `L${id}`,
    catalogId,
    lotNumber,
    lotExt: null,
    title: `Lot ${id}`,
    restricted: false,
    hammerCents,
    approvalId,
    channel,
  };
}

const steps: GroupCharging['premiumSteps'] = [
  { fromCents: 0, toCents: 100_000, rate: 25_000 },
  { fromCents: 100_000, toCents: null, rate: 20_000 },
];

function input(over: Partial<PlanInput>): PlanInput {
  return {
    lots: [],
    approvals: new Map(),
    sessions: new Map([[1, { auctionGroupId: 10, eventDate: new Date('2026-09-06T15:00:00Z') }]]),
    charging: new Map([[10, { auctionGroupId: 10, premiumSteps: steps, liveFeeRate: 3_000, currencyCode: 'USD' }]]),
    template: { taxRows: [], feeRows: [], chargesPerLot: false },
    processorType: 'w',
    taxRates: new StaticUsStateTaxRates(),
    ...over,
  };
}

const sixPointTwoFive: ChargeRow = {
  name: 'Sales Tax',
  rate: 6_250,
  countryCode: 'US',
  stateCode: 'NY',
  onHammer: true,
  onPremium: true,
  onLiveFee: false,
};

describe('planGroupInvoices: one invoice per winning bidder, one line per won lot', () => {
  it('computes the worked line of INVOICE-MATH.md and totals as sums of the rounded lines', () => {
    const a = approval(1);
    const plan = planGroupInvoices(
      input({
        lots: [lot(1, 1, 125_000), lot(1, 1, 10_000)],
        approvals: new Map([[1, a]]),
        template: { taxRows: [sixPointTwoFive], feeRows: [], chargesPerLot: false },
      }),
    );
    expect(plan).toHaveLength(1);
    const [first, second] = plan[0].lines.map((l) => l.line);
    // 1,250.00 + 300.00 + 37.50 + 96.88 = 1,684.38
    expect([first.hammer, first.premium, first.liveFee, first.tax, first.total]).toEqual([125_000, 30_000, 3_750, 9_688, 168_438]);
    expect(plan[0].totals.total).toBe(first.total + second.total);
    expect(plan[0].totals.itemCount).toBe(2);
    expect(plan[0].totals.outstandingBalance).toBe(plan[0].totals.total);
  });

  it('groups lots by approval and orders invoices by last name, first name, paddle; lines by session date then lot order', () => {
    const approvals = new Map([
      [1, approval(1, { lastName: 'zimmer', firstName: 'Ann' })],
      [2, approval(2, { lastName: 'Adams', firstName: 'Zoe' })],
      [3, approval(3, { lastName: 'adams', firstName: 'Bob' })],
    ]);
    const sessions = new Map([
      [1, { auctionGroupId: 10, eventDate: new Date('2026-09-07T15:00:00Z') }],
      [2, { auctionGroupId: 10, eventDate: new Date('2026-09-06T15:00:00Z') }],
    ]);
    const l1 = lot(1, 2, 1_000);
    const l2 = lot(2, 2, 2_000);
    const l3 = lot(1, 1, 3_000);
    const l4 = lot(1, 3, 4_000);
    const plan = planGroupInvoices(input({ lots: [l1, l2, l3, l4], approvals, sessions }));
    expect(plan.map((p) => p.approval.approvalId)).toEqual([3, 2, 1]);
    expect(plan[1].lines.map((l) => l.lot.lotId)).toEqual([l2.lotId, l1.lotId]);
    expect(plan.flatMap((p) => p.lines)).toHaveLength(4);
  });

  it("uses each lot's own sale for premium and live fee, and charges no live fee to the floor", () => {
    const charging = new Map([
      [10, { auctionGroupId: 10, premiumSteps: steps, liveFeeRate: 3_000, currencyCode: 'USD' }],
      [20, { auctionGroupId: 20, premiumSteps: [{ fromCents: 0, toCents: null, rate: 10_000 }], liveFeeRate: 5_000, currencyCode: 'USD' }],
    ]);
    const sessions = new Map([
      [1, { auctionGroupId: 10, eventDate: new Date('2026-09-06T15:00:00Z') }],
      [2, { auctionGroupId: 20, eventDate: new Date('2026-09-07T15:00:00Z') }],
    ]);
    const approvals = new Map([
      [1, approval(1)],
      [2, approval(2, { channel: 'Floor', platform: 'Floor' })],
    ]);
    const plan = planGroupInvoices(
      input({ lots: [lot(1, 1, 100_000), lot(2, 1, 100_000), lot(2, 2, 100_000, 'Floor')], approvals, sessions, charging }),
    );
    const byApproval = new Map(plan.map((p) => [p.approval.approvalId, p.lines.map((l) => l.line)]));
    expect(byApproval.get(1)!.map((l) => [l.premium, l.liveFee])).toEqual([
      [25_000, 3_000],
      [10_000, 5_000],
    ]);
    expect(byApproval.get(2)!.map((l) => [l.premium, l.liveFee])).toEqual([[10_000, 0]]);
  });

  it('processor p: a US bidder pays the state rate on hammer, BP and live fee; an unknown state is flagged, not guessed', () => {
    const approvals = new Map([
      [1, approval(1, { stateCode: 'IL' })],
      [2, approval(2, { stateCode: 'ZZ' })],
    ]);
    const plan = planGroupInvoices(
      input({
        lots: [lot(1, 1, 100_000), lot(1, 2, 100_000)],
        approvals,
        processorType: 'p',
        template: { taxRows: [sixPointTwoFive], feeRows: [], chargesPerLot: false },
      }),
    );
    const il = plan.find((p) => p.approval.approvalId === 1)!;
    const zz = plan.find((p) => p.approval.approvalId === 2)!;
    // (1,000.00 + 250.00 + 30.00) x 6.25 % = 80.00
    expect(il.lines[0].line.tax).toBe(8_000);
    expect(il.taxCalculationError).toBe(false);
    expect(zz.lines[0].line.tax).toBe(0);
    expect(zz.taxCalculationError).toBe(true);
  });

  it('refuses a lot whose winning registration is unknown rather than invoicing nobody', () => {
    expect(() => planGroupInvoices(input({ lots: [lot(1, 99, 1_000)] }))).toThrow('The winning registration 99');
  });

  it('refuses a lot whose sale charging is unknown', () => {
    expect(() => planGroupInvoices(input({ lots: [lot(7, 1, 1_000)], approvals: new Map([[1, approval(1)]]) }))).toThrow(
      'No sale charging',
    );
  });

  it('plans nothing for no lots', () => {
    expect(planGroupInvoices(input({}))).toEqual([]);
  });
});

describe('applyCostPerLot from the template (spec: the per-lot-cost variant when it is false)', () => {
  it('is false for a template charging per lot, true for one charging per invoice', () => {
    expect(applyCostPerLotOf({ chargesPerLot: true })).toBe(false);
    expect(applyCostPerLotOf({ chargesPerLot: false })).toBe(true);
  });
});
