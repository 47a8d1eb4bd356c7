import { SETTLEMENT_NOTE, settlementPlan, type SettlementState } from './settlement-plan';

const pending = (id: number, amountCents: number, at: { lineId?: number; additionalChargeId?: number } = {}) => ({
  id,
  lineId: at.lineId ?? null,
  additionalChargeId: at.additionalChargeId ?? null,
  amountCents,
  kind: 'payment' as const,
  status: 'pending' as const,
});

/** An ACH debit of 13,000 recorded pending: lot 1, additional charge 7, the rest at invoice level (as charge-outcome allocates). */
const state: SettlementState = {
  purpose: 'balance',
  payments: [pending(31, 10_000, { lineId: 1 }), pending(32, 2_500, { additionalChargeId: 7 }), pending(33, 500)],
  balanceCents: 13_000,
  lines: [
    { id: 1, paid: false, suppress: false },
    { id: 2, paid: true, suppress: false },
    { id: 3, paid: false, suppress: true },
  ],
  otherPending: false,
};

describe('settlementPlan (settlement event -> payment ledger and invoice)', () => {
  it('settled for the whole balance: the pending rows settle and the invoice is paid as a card approval marks it (stat a)', () => {
    expect(settlementPlan('settled', 13_000, state)).toEqual({
      kind: 'apply',
      paymentIds: [31, 32, 33],
      paymentStatus: 'settled',
      invoiceStat: 'a',
      invoicePaid: true,
      paidLineIds: [1],
      additionalIds: [7],
      additionalStat: 'a',
    });
  });

  it('settled below the balance (it grew while pending): the money counts, nothing is marked paid, the pending stat is cleared', () => {
    expect(settlementPlan('settled', 13_000, { ...state, balanceCents: 15_000 })).toEqual({
      kind: 'apply',
      paymentIds: [31, 32, 33],
      paymentStatus: 'settled',
      invoiceStat: null,
      invoicePaid: false,
      paidLineIds: [],
      additionalIds: [],
    });
  });

  it('failed: the pending rows fail (never counted, the balance stays due) and the invoice shows Payment Failed (stat f)', () => {
    expect(settlementPlan('failed', 13_000, state)).toEqual({
      kind: 'apply',
      paymentIds: [31, 32, 33],
      paymentStatus: 'failed',
      invoiceStat: 'f',
      invoicePaid: false,
      paidLineIds: [],
      additionalIds: [],
    });
  });

  it("another charge of the invoice still pending: the invoice's stat is left to that charge's event", () => {
    const failed = settlementPlan('failed', 13_000, { ...state, otherPending: true });
    const partial = settlementPlan('settled', 13_000, { ...state, balanceCents: 15_000, otherPending: true });
    expect(failed).toMatchObject({ kind: 'apply', paymentStatus: 'failed' });
    expect(partial).toMatchObject({ kind: 'apply', paymentStatus: 'settled' });
    expect([failed, partial].map((p) => (p as { invoiceStat?: unknown }).invoiceStat)).toEqual([undefined, undefined]);
  });

  describe('an ACH debit of the additional charges of a paid invoice', () => {
    const extra: SettlementState = {
      ...state,
      purpose: 'additional',
      payments: [pending(41, 2_500, { additionalChargeId: 7 })],
      balanceCents: 2_500,
    };
    it('settled: only those additional charges are paid (stat a); the invoice is left as it is', () => {
      expect(settlementPlan('settled', 2_500, extra)).toEqual({
        kind: 'apply',
        paymentIds: [41],
        paymentStatus: 'settled',
        invoicePaid: false,
        paidLineIds: [],
        additionalIds: [7],
        additionalStat: 'a',
      });
    });
    it('failed: those additional charges fail (stat f); the invoice stays paid', () => {
      expect(settlementPlan('failed', 2_500, extra)).toEqual({
        kind: 'apply',
        paymentIds: [41],
        paymentStatus: 'failed',
        invoicePaid: false,
        paidLineIds: [],
        additionalIds: [7],
        additionalStat: 'f',
      });
    });
  });

  it('nothing pending any more (voided, or already applied): ignored', () => {
    const done = { ...state, payments: state.payments.map((p) => ({ ...p, status: 'settled' as const })) };
    expect(settlementPlan('settled', 13_000, done)).toEqual({ kind: 'ignore', note: SETTLEMENT_NOTE.nothingPending });
    expect(settlementPlan('failed', 13_000, { ...state, payments: [] })).toEqual({ kind: 'ignore', note: SETTLEMENT_NOTE.nothingPending });
  });

  it('the pending rows add up to another amount than the event: not applied', () => {
    expect(settlementPlan('settled', 12_999, state)).toEqual({ kind: 'mismatch', note: SETTLEMENT_NOTE.mismatch(13_000, 12_999) });
  });
});
