import { ledgerMoves, taxCollectedSoFar, usDate } from './sales-tax-report.rules';

describe('sales tax report: collected-basis rules', () => {
  it('rounds the tax share half up once, in exact integers', () => {
    // 10000 x 800 / 10800 = 740.74 -> 741; 5400 x 800 / 10800 = 400 exactly.
    expect(taxCollectedSoFar(10_000, 800, 10_800)).toBe(741);
    expect(taxCollectedSoFar(5_400, 800, 10_800)).toBe(400);
    // A half cent goes up: 1 x 1 / 2 = 0.5 -> 1.
    expect(taxCollectedSoFar(1, 1, 2)).toBe(1);
    // Amounts past 2^53 when multiplied stay exact (bigint).
    expect(taxCollectedSoFar(900_000_000_000, 72_000_000_000, 972_000_000_000)).toBe(66_666_666_667);
    expect(taxCollectedSoFar(0, 800, 10_800)).toBe(0);
    expect(taxCollectedSoFar(500, 800, 0)).toBe(0);
  });

  it('a fully paid invoice reports exactly its tax however many payments it took', () => {
    const moves = ledgerMoves({ taxTotalCents: 887, invoiceTotalCents: 11_887 }, [
      { day: '2026-01-10', amountCents: 3_333, kind: 'payment' },
      { day: '2026-02-10', amountCents: 3_333, kind: 'payment' },
      { day: '2026-03-10', amountCents: 5_221, kind: 'payment' },
    ]);
    expect(moves.reduce((s, m) => s + m.taxCents, 0)).toBe(887);
    expect(moves.reduce((s, m) => s + m.salesCents, 0)).toBe(11_000);
    // Each month carries its own share, rounded on the running sum: 249 (248.71), 248 (497.42 -> 497, less 249), 390 (887 - 497).
    expect(moves.map((m) => m.taxCents)).toEqual([249, 248, 390]);
    for (const m of moves) expect(m.salesCents + m.taxCents).toBe(m.collectedCents);
  });

  it('a refund gives back its share in the month it is made; a full refund brings the tax to 0', () => {
    const inv = { taxTotalCents: 800, invoiceTotalCents: 10_800 };
    const partial = ledgerMoves(inv, [
      { day: '2026-01-05', amountCents: 10_800, kind: 'payment' },
      { day: '2026-02-05', amountCents: 5_400, kind: 'refund' },
    ]);
    expect(partial).toEqual([
      { day: '2026-01-05', collectedCents: 10_800, taxCents: 800, salesCents: 10_000 },
      { day: '2026-02-05', collectedCents: -5_400, taxCents: -400, salesCents: -5_000 },
    ]);
    const full = ledgerMoves(inv, [
      { day: '2026-01-05', amountCents: 10_800, kind: 'payment' },
      { day: '2026-01-20', amountCents: 10_800, kind: 'refund' },
    ]);
    expect(full.reduce((s, m) => s + m.taxCents, 0)).toBe(0);
    expect(full.reduce((s, m) => s + m.collectedCents, 0)).toBe(0);
  });

  it('an overpayment is not a sale and giving it back is not a return', () => {
    const moves = ledgerMoves({ taxTotalCents: 800, invoiceTotalCents: 10_800 }, [
      { day: '2026-01-05', amountCents: 12_000, kind: 'payment' },
      { day: '2026-01-06', amountCents: 1_200, kind: 'refund' },
    ]);
    expect(moves.map((m) => [m.collectedCents, m.taxCents])).toEqual([
      [10_800, 800],
      [0, 0],
    ]);
  });

  it('refunds before any payment never report negative money', () => {
    const moves = ledgerMoves({ taxTotalCents: 800, invoiceTotalCents: 10_800 }, [
      { day: '2026-01-05', amountCents: 500, kind: 'refund' },
      { day: '2026-01-06', amountCents: 10_800, kind: 'payment' },
    ]);
    expect(moves[0]).toMatchObject({ collectedCents: 0, taxCents: 0 });
    // The running sum is 10300 after both: collected 10300 of 10800.
    expect(moves[1].collectedCents).toBe(10_300);
  });

  it('writes dates as MM/DD/YYYY', () => {
    expect(usDate('2026-11-01')).toBe('11/01/2026');
  });
});
