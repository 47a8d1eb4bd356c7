import { outcomePlan, type OutcomeState } from './charge-outcome';

const state: OutcomeState = {
  balanceCents: 13_000,
  lines: [
    { id: 1, totalCents: 10_000, amountPaidCents: 0, paid: false, suppress: false },
    { id: 2, totalCents: 5_000, amountPaidCents: 5_000, paid: true, suppress: false },
    { id: 3, totalCents: 900, amountPaidCents: 0, paid: false, suppress: true },
  ],
  unpaidAdditional: [{ id: 7, amountCents: 2_500 }],
};
const balance = { amountCents: 13_000, purpose: 'balance' as const, methodKind: 'card' as const };

describe('outcomePlan (gateway answer -> invoice state)', () => {
  it('approved for the whole balance: settled card payments per lot / additional charge / invoice, everything unpaid marked paid (stat a)', () => {
    expect(outcomePlan('approved', balance, state)).toEqual({
      payments: [
        { lineId: 1, additionalChargeId: null, amount: 10_000, status: 'settled', source: 'card' },
        { lineId: null, additionalChargeId: 7, amount: 2_500, status: 'settled', source: 'card' },
        { lineId: null, additionalChargeId: null, amount: 500, status: 'settled', source: 'card' },
      ],
      invoiceStat: 'a',
      invoicePaid: true,
      paidLineIds: [1],
      additionalIds: [7],
      additionalStat: 'a',
    });
  });

  it('approved below the balance (it grew meanwhile): a partial payment, nothing marked paid', () => {
    const plan = outcomePlan('approved', { ...balance, amountCents: 4_000 }, state);
    expect(plan).toEqual({
      payments: [{ lineId: 1, additionalChargeId: null, amount: 4_000, status: 'settled', source: 'card' }],
      invoicePaid: false,
      paidLineIds: [],
      additionalIds: [],
    });
  });

  it('pending (ACH): pending ach rows, invoice stat p, nothing marked paid', () => {
    const plan = outcomePlan('pending', { ...balance, methodKind: 'ach' }, state);
    expect(plan.payments.every((p) => p.status === 'pending' && p.source === 'ach')).toBe(true);
    expect(plan.payments.reduce((s, p) => s + p.amount, 0)).toBe(13_000);
    expect(plan).toMatchObject({ invoiceStat: 'p', invoicePaid: false, paidLineIds: [], additionalIds: [] });
  });

  it('declined: no payment, invoice stat d', () => {
    expect(outcomePlan('declined', balance, state)).toEqual({
      payments: [],
      invoiceStat: 'd',
      invoicePaid: false,
      paidLineIds: [],
      additionalIds: [],
    });
  });

  describe('a paid invoice charged its additional charges', () => {
    const additional = { amountCents: 2_500, purpose: 'additional' as const, methodKind: 'card' as const };
    const paidState = { ...state, balanceCents: 2_500 };
    it('approved: only the additional charges are paid (stat a); the invoice is left as it is', () => {
      expect(outcomePlan('approved', additional, paidState)).toEqual({
        payments: [{ lineId: null, additionalChargeId: 7, amount: 2_500, status: 'settled', source: 'card' }],
        invoicePaid: false,
        paidLineIds: [],
        additionalIds: [7],
        additionalStat: 'a',
      });
    });
    it('declined: the additional charges fail (stat d); the invoice stays paid', () => {
      expect(outcomePlan('declined', additional, paidState)).toEqual({
        payments: [],
        invoicePaid: false,
        paidLineIds: [],
        additionalIds: [7],
        additionalStat: 'd',
      });
    });
    it('pending: the additional charges pending (stat p)', () => {
      expect(outcomePlan('pending', { ...additional, methodKind: 'ach' }, paidState)).toMatchObject({
        additionalIds: [7],
        additionalStat: 'p',
      });
    });
  });
});
