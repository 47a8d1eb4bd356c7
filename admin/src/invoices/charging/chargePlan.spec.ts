import { describe, expect, it } from '@jest/globals';
import { chargeBanners, confirmText, planCharge, type ChargeCandidate, type InvoiceConfirmation } from './chargePlan';

const inv = (id: number, cents: number, over: Partial<ChargeCandidate> = {}): ChargeCandidate => ({
  invoiceID: id,
  outStandingBalanceCents: cents,
  batchChargeEligible: true,
  batchChargIneligibilityReason: null,
  creditCardLimitExceeded: false,
  ...over,
});
const paid = (id: number) => inv(id, 0, { batchChargeEligible: false, batchChargIneligibilityReason: 'Invoice has been paid.' });
const noCard = (id: number) =>
  inv(id, 500, { batchChargeEligible: false, batchChargIneligibilityReason: 'No credit card on file for this bidder.' });
const ok = (id: number): InvoiceConfirmation => ({ invoiceID: id, charged: true, amountCharged: 1, status: 'approved' });
const declined = (id: number): InvoiceConfirmation => ({ invoiceID: id, charged: false, amountCharged: 0, status: 'declined' });
const failed = (id: number): InvoiceConfirmation => ({ invoiceID: id, charged: false, amountCharged: 0, status: 'failed' });

describe('planCharge', () => {
  it('charges the eligible invoices only, totals their balances in cents, and groups the skipped by reason', () => {
    const plan = planCharge([inv(1, 1050), paid(2), noCard(3), inv(4, 1), paid(5)]);
    expect(plan.ids).toEqual([1, 4]);
    expect(plan.totalCents).toBe(1051);
    expect(plan.skipped).toBe(3);
    expect(plan.skippedBy).toEqual([
      { reason: 'Invoice has been paid.', count: 2 },
      { reason: 'No credit card on file for this bidder.', count: 1 },
    ]);
  });
  it('counts the card-limit invoices of the whole target (x/y of the banner)', () => {
    const over = inv(2, 900, {
      batchChargeEligible: false,
      batchChargIneligibilityReason: 'The amount due exceeds the credit card limit.',
      creditCardLimitExceeded: true,
    });
    const plan = planCharge([inv(1, 100), over, paid(3)]);
    expect([plan.cardLimit, plan.targeted]).toEqual([1, 3]);
  });
  it('skips an eligible invoice with nothing due', () => {
    expect(planCharge([inv(1, 0)]).ids).toEqual([]);
  });
});

describe('confirmText', () => {
  it('names how many invoices, the exact total, and the skipped with their reasons', () => {
    const plan = planCharge([inv(1, 123456), inv(2, 44), paid(3)]);
    expect(confirmText(plan, '$')).toBe(
      'Charge the cards on file for 2 invoices, a total of $1,235.00? 1 invoice cannot be charged and will be skipped: Invoice has been paid. (1)',
    );
    expect(confirmText(planCharge([inv(1, 5)]), '$')).toBe('Charge the cards on file for 1 invoice, a total of $0.05?');
  });
});

describe('chargeBanners', () => {
  const none = { cardLimit: 0, targeted: 3 };
  it('all charged: the processed banner only, with the spec text', () => {
    expect(chargeBanners({ kind: 'done', confirmations: [ok(1), ok(2)] }, none)).toEqual([
      { kind: 'processed', severity: 'success', text: '2/2 of your payments have been processed!.' },
    ]);
  });
  it('some declined: processed and failed, the failed one with its detail and Clear filter', () => {
    const b = chargeBanners({ kind: 'done', confirmations: [ok(1), declined(2), ok(3)] }, none);
    expect(b.map((x) => x.text)).toEqual(['2/3 of your payments have been processed!.', '1/3 of your payments failed.']);
    expect(b[1]).toMatchObject({
      detail: 'Some payments were not processed due to invalid payment type. Please contact the bidder to arrange payment.',
      clearFilter: true,
    });
  });
  it('every card declined is a failed banner, not the total-failure one', () => {
    expect(chargeBanners({ kind: 'done', confirmations: [declined(1)] }, none).map((x) => x.text)).toEqual([
      '1/1 of your payments failed.',
    ]);
  });
  it('a failed call, or nothing charged because every charge errored: no cards were charged', () => {
    const text = 'An error occurred while processing your request. No cards were charged. Please try again.';
    expect(chargeBanners({ kind: 'error' }, none)).toEqual([{ kind: 'error', severity: 'error', text }]);
    expect(chargeBanners({ kind: 'done', confirmations: [failed(1), failed(2)] }, none).map((x) => x.text)).toEqual([text]);
    // One error among approvals is a partial failure.
    expect(chargeBanners({ kind: 'done', confirmations: [failed(1), ok(2)] }, none).map((x) => x.kind)).toEqual(['processed', 'failed']);
  });
  it('adds the card-limit banner when the target had invoices above their card limit', () => {
    const b = chargeBanners({ kind: 'done', confirmations: [ok(1)] }, { cardLimit: 2, targeted: 5 });
    expect(b.map((x) => x.text)).toEqual([
      '1/1 of your payments have been processed!.',
      '2/5 invoices will require ACH payment and cannot be automatically charged.',
    ]);
  });
});
