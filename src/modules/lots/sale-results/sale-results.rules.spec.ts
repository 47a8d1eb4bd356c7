import { buyersPremium } from '../../invoicing/math';
import { catalogPrefix, groupSaleResults, type GroupCharging, type SoldLotRow } from './sale-results.rules';

const steps = [
  { fromCents: 0, toCents: 100_000, rate: 25_000 },
  { fromCents: 100_000, toCents: null, rate: 20_000 },
];
const charging = new Map<number, GroupCharging>([
  [1, { premiumSteps: steps, liveFeeRate: 3000 }],
  [2, { premiumSteps: [], liveFeeRate: 0 }],
]);

let nextId = 1;
function lot(memberId: number, hammer: number, over: Partial<SoldLotRow> = {}): SoldLotRow {
  const id = nextId++;
  return {
    lotId: id,
    lotRef: `L${id}`,
    lotNumber: String(id),
    title: `Lot ${id}`,
    catalogRef: 'C1',
    catalogPrefix: 'A',
    hammer,
    channel: 'INV',
    auctionGroupId: 1,
    approvalId: 100 + memberId,
    paddleNumber: memberId,
    memberId,
    memberRef: `M${memberId}`,
    firstName: 'F',
    lastName: `L${memberId}`,
    email: null,
    phone: '555',
    mobilePhone: null,
    street: null,
    city: null,
    stateCode: null,
    postalCode: null,
    countryCode: null,
    ...over,
  };
}

describe('sale results grouping', () => {
  it('prices each lot with the invoice arithmetic: marginal premium, live fee online only', () => {
    const { groupedData } = groupSaleResults([lot(1, 150_000), lot(2, 10_000, { channel: 'Floor' })], charging, '$');
    const online = groupedData[0].items[0];
    // 25 % of 1,000.00 + 20 % of 500.00 = 350.00; 3 % live fee = 45.00.
    expect(online).toMatchObject({ hammer: 150_000, buyPrem: 35_000, liveFee: 4_500, payble: 189_500, currencySymbol: '$' });
    expect(online.buyPrem).toBe(buyersPremium(150_000, steps));
    expect(groupedData[1].items[0]).toMatchObject({ buyPrem: 2_500, liveFee: 0, payble: 12_500 });
  });

  it('groups lots by buyer in row order with member sums of the rounded lot cents', () => {
    // 333.33 at 25 % = 83.3325 -> 83.33 each; 3 % = 9.9999 -> 10.00 each.
    const rows = [lot(7, 33_333), lot(7, 33_333), lot(3, 1_000, { auctionGroupId: 2 })];
    const { groupedData, grandTotals } = groupSaleResults(rows, charging, '$');
    expect(groupedData.map((b) => b.memberID)).toEqual([7, 3]);
    expect(groupedData[0].memberSums).toEqual({
      lotCount: 2,
      sumHammer: 66_666,
      sumBuyPrem: 16_666,
      sumLiveFee: 2_000,
      sumPayable: 85_332,
    });
    expect(groupedData[0].phones).toEqual(['555']);
    expect(groupedData[1].memberSums).toEqual({ lotCount: 1, sumHammer: 1_000, sumBuyPrem: 0, sumLiveFee: 0, sumPayable: 1_000 });
    expect(grandTotals).toEqual({ lotCount: 3, hammer: 67_666, buyPrem: 16_666, liveFee: 2_000, payable: 86_332 });
  });

  it('answers empty totals for no rows and refuses a lot whose sale has no charging', () => {
    expect(groupSaleResults([], charging, '$')).toEqual({
      groupedData: [],
      grandTotals: { lotCount: 0, hammer: 0, buyPrem: 0, liveFee: 0, payable: 0 },
    });
    expect(() => groupSaleResults([lot(1, 100, { auctionGroupId: 9 })], charging, '$')).toThrow('No charging for sale 9');
  });

  it('names sessions A..Z then AA', () => {
    expect([0, 1, 25, 26, 27].map(catalogPrefix)).toEqual(['A', 'B', 'Z', 'AA', 'AB']);
  });
});
