import { decideLot, HELD_TEXT, type ConsignedLotFacts, type LotCollection } from './settlement-basis';

const sold: ConsignedLotFacts = { withdrawn: false, sold: true, hammerCents: 50_000, reserveCents: null, sessionHeld: true };
const paid: LotCollection = { hammerCents: 50_000, paid: true, hidden: false, disputeRef: null, refunded: false, refundReason: null };

describe('settlement basis: a lot is settled only from collected money', () => {
  it('pay when the buyer has paid (default): a paid line settles, at the invoice line hammer (floor edits included)', () => {
    expect(decideLot(sold, { ...paid, hammerCents: 45_000 }, 'paid')).toEqual({ state: 'sold', hammerCents: 45_000, heldReason: null });
  });

  it('pay when paid: not invoiced, hidden on the invoice, or unpaid is held with the reason', () => {
    expect(decideLot(sold, null, 'paid')).toEqual({ state: 'held', hammerCents: 50_000, heldReason: HELD_TEXT.notInvoiced });
    expect(decideLot(sold, { ...paid, hidden: true }, 'paid').heldReason).toBe("Held: the lot is hidden on the buyer's invoice.");
    expect(decideLot(sold, { ...paid, paid: false }, 'paid').heldReason).toBe('Held: the buyer has not paid yet.');
  });

  it('pay on hammer: settles unpaid and uninvoiced lots', () => {
    expect(decideLot(sold, null, 'hammer')).toEqual({ state: 'sold', hammerCents: 50_000, heldReason: null });
    expect(decideLot(sold, { ...paid, paid: false }, 'hammer').state).toBe('sold');
  });

  it('a disputed lot is held on either basis, with the dispute', () => {
    for (const basis of ['paid', 'hammer'] as const) {
      expect(decideLot(sold, { ...paid, disputeRef: 'D-77' }, basis).heldReason).toBe('Held: the buyer disputed the lot (dispute D-77).');
    }
  });

  it('a refunded lot not paid again is held on either basis, with the refund reason; paid again it settles', () => {
    const refunded = { ...paid, paid: false, refunded: true, refundReason: 'damaged in transit' };
    for (const basis of ['paid', 'hammer'] as const) {
      expect(decideLot(sold, refunded, basis).heldReason).toBe('Held: the buyer was refunded (damaged in transit).');
    }
    expect(decideLot(sold, { ...refunded, refundReason: null }, 'hammer').heldReason).toBe('Held: the buyer was refunded.');
    expect(decideLot(sold, { ...refunded, paid: true }, 'paid').state).toBe('sold');
  });

  it('no result: unsold (bought in) with a reserve, passed without; held while the session is ahead', () => {
    const noResult = { ...sold, sold: false, hammerCents: null };
    expect(decideLot({ ...noResult, reserveCents: 40_000 }, null, 'paid')).toEqual({ state: 'unsold', hammerCents: 0, heldReason: null });
    expect(decideLot(noResult, null, 'paid').state).toBe('passed');
    expect(decideLot({ ...noResult, sessionHeld: false }, null, 'paid').heldReason).toBe('Held: the session has not taken place yet.');
  });

  it('a withdrawn lot is returned to the consignor', () => {
    expect(decideLot({ ...sold, withdrawn: true }, paid, 'paid')).toEqual({ state: 'returned', hammerCents: 0, heldReason: null });
  });
});
