import { addToTotals, emptyTotals, eoaLot, sameSnapshot, snapshot, type EoaLotRow } from './eoa.rules';

const charging = {
  premiumSteps: [
    { fromCents: 0, toCents: 100_000, rate: 25_000 },
    { fromCents: 100_000, toCents: null, rate: 20_000 },
  ],
  liveFeeRate: 3_000,
};

const row = (extra: Partial<EoaLotRow> = {}): EoaLotRow => ({
  id: 1,
  lot_number: '7A',
  title: 'Vase',
  hammer_cents: '33333',
  winning_approval_id: 5,
  channel: 'INV',
  paddle_number: 12,
  first_name: 'Bob',
  last_name: 'Avery',
  ...extra,
});

describe('EOA rows', () => {
  it('prices a sold lot with the invoice arithmetic (premium and live fee rounded per lot)', () => {
    expect(eoaLot(row(), charging)).toEqual({
      lotID: 1,
      lotNumber: '7A',
      title: 'Vase',
      result: 'Sold',
      paddleNumber: 12,
      buyerName: 'Bob Avery',
      channel: 'INV',
      hammer: 33_333,
      premium: 8_333,
      liveFee: 1_000,
    });
    // Floor pays no live fee; the premium's tiers apply over 1,000.00.
    const floor = eoaLot(row({ hammer_cents: 125_000, channel: 'Floor' }), charging);
    expect([floor.premium, floor.liveFee]).toEqual([30_000, 0]);
  });

  it('shows a lot without a winner or a hammer as passed, with no amounts', () => {
    for (const r of [row({ winning_approval_id: null, hammer_cents: null }), row({ hammer_cents: null })]) {
      expect(eoaLot(r, charging)).toMatchObject({ result: 'Passed', buyerName: null, hammer: null, premium: 0, liveFee: 0 });
      expect(snapshot(r)).toEqual({ hammer: null, paddleNumber: null, buyerName: null, channel: null });
    }
  });

  it('sums the rounded lot cents and counts sold and passed lots', () => {
    const t = emptyTotals();
    for (const r of [row(), row({ id: 2 }), row({ id: 3, winning_approval_id: null, hammer_cents: null })])
      addToTotals(t, eoaLot(r, charging));
    expect(t).toEqual({ lots: 3, sold: 2, passed: 1, hammer: 66_666, premium: 16_666, liveFee: 2_000 });
  });

  it('snapshots a result for the audit trail and compares snapshots', () => {
    const s = snapshot(row({ paddle_number: 0 }));
    expect(s).toEqual({ hammer: 33_333, paddleNumber: null, buyerName: 'Bob Avery', channel: 'INV' });
    expect(sameSnapshot(s, { ...s })).toBe(true);
    expect(sameSnapshot(s, { ...s, hammer: 1 })).toBe(false);
  });
});
