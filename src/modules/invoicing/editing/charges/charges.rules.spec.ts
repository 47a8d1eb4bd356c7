import { CHARGES_TEXT, parseChargeRequests, planCharges, type ChargeRequest } from './charges.rules';
import { additional, editState, line } from '../../../../../test/support/edit-state.builders';
import { errorsOf } from '../../../../../test/support/refusal';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    const err = e as { kind: string; code: string; message: string };
    return { kind: err.kind, code: err.code, message: err.message };
  }
  throw new Error('expected a refusal');
};

describe('charge form parsing (spec 000 section 5)', () => {
  it('reads the per-lot form: amounts as numbers or formatted text, stored as cents', () => {
    const [r] = parseChargeRequests({
      invoiceID: 7,
      lotID: 1001,
      suppress: false,
      restricted: false,
      paid: false,
      tax: 0,
      shipping: '$1,234.5',
      insurance: 2,
      other: '-5.25',
      additionalCharge: false,
      version: 4,
    });
    expect(r).toEqual({
      invoiceId: 7,
      version: 4,
      isLastInvoice: false,
      entries: [{ lotId: 1001, charges: { tax: 0, shipping: 123_450, insurance: 200, other: -525 } }],
    });
  });

  it('reads the invoice-level form with isLastInvoice; absent fields are not sent, empty text and null are 0', () => {
    const [r] = parseChargeRequests({ invoiceID: '7', shipping: '', insurance: null, isLastInvoice: true });
    expect(r).toEqual({
      invoiceId: 7,
      version: null,
      isLastInvoice: true,
      entries: [{ lotId: null, charges: { shipping: 0, insurance: 0 } }],
    });
  });

  it('groups a list of per-lot forms by invoice, in the order first named', () => {
    const rs = parseChargeRequests([
      { invoiceID: 8, lotID: 1, shipping: 1, version: 2 },
      { invoiceID: 7, lotID: 3, shipping: 2 },
      { invoiceID: 8, lotID: 2, shipping: 3, version: 2 },
    ]);
    expect(rs.map((r) => [r.invoiceId, r.entries.map((e) => e.lotId)])).toEqual([
      [8, [1, 2]],
      [7, [3]],
    ]);
  });

  it.each([
    ['shipping', '-1', 'Shipping must be a number of at least 0 with no more than two decimals.'],
    ['shipping', '1.234', 'Shipping must be a number of at least 0 with no more than two decimals.'],
    ['insurance', 'abc', 'Insurance must be a number of at least 0 with no more than two decimals.'],
    ['tax', -0.5, 'Tax must be a number of at least 0 with no more than two decimals.'],
    ['tax', 0.1 + 0.2, 'Tax must be a number of at least 0 with no more than two decimals.'],
    ['shipping', true, 'Shipping must be a number of at least 0 with no more than two decimals.'],
    ['shipping', 1e21, 'Shipping must be a number of at least 0 with no more than two decimals.'],
    ['other', '1.5.5', 'Other must be a number with no more than two decimals.'],
    ['other', '-1.234', 'Other must be a number with no more than two decimals.'],
    ['shipping', '10000000', 'Shipping must be at most 9,999,999.99.'],
    ['other', -10_000_000, 'Other must be at most 9,999,999.99.'],
  ])('%s = %j: %s', (field, value, message) => {
    expect(errorsOf(() => parseChargeRequests({ invoiceID: 7, [field]: value }))).toEqual({ [field]: message });
  });

  it('Other may be negative (a discount); the others may be 0', () => {
    const [r] = parseChargeRequests({ invoiceID: 7, tax: '0.00', shipping: 0, insurance: '0', other: '-0.01' });
    expect(r.entries[0].charges).toEqual({ tax: 0, shipping: 0, insurance: 0, other: -1 });
  });

  it('refuses an empty save, ids, flags, versions and unknown fields, each with its message', () => {
    expect(errorsOf(() => parseChargeRequests({ invoiceID: 7 }))).toEqual({ charges: CHARGES_TEXT.empty });
    expect(errorsOf(() => parseChargeRequests({ shipping: 1 }))).toEqual({ invoiceID: 'Invoice id must be a positive whole number.' });
    expect(errorsOf(() => parseChargeRequests({ invoiceID: 0, lotID: 'x', shipping: 1 }))).toEqual({
      invoiceID: 'Invoice id must be a positive whole number.',
      lotID: 'Lot id must be a positive whole number.',
    });
    expect(errorsOf(() => parseChargeRequests({ invoiceID: 3_000_000_000, shipping: 1 }))).toEqual({
      invoiceID: 'Invoice id must be a positive whole number.',
    });
    expect(errorsOf(() => parseChargeRequests({ invoiceID: 7, shipping: 1, paid: 'yes', version: 0 }))).toEqual({
      paid: 'Paid must be true or false.',
      version: 'Version must be a positive whole number.',
    });
    expect(errorsOf(() => parseChargeRequests({ invoiceID: 7, shipping: 1, discount: 3 }))).toEqual({ discount: 'Unknown field.' });
    expect(errorsOf(() => parseChargeRequests('x'))).toEqual({ body: 'The request body must be a JSON object.' });
    expect(errorsOf(() => parseChargeRequests([]))).toEqual({ body: CHARGES_TEXT.emptyList });
  });

  it('in a list, names the form of each message', () => {
    expect(
      errorsOf(() =>
        parseChargeRequests([
          { invoiceID: 7, lotID: 1, shipping: 1 },
          { invoiceID: 7, lotID: 2, shipping: -1 },
        ]),
      ),
    ).toEqual({
      '[1].shipping': 'Shipping must be a number of at least 0 with no more than two decimals.',
    });
  });

  it('one invoice: one version, each lot once, and not both forms', () => {
    expect(
      errorsOf(() =>
        parseChargeRequests([
          { invoiceID: 7, lotID: 1, shipping: 1, version: 2 },
          { invoiceID: 7, lotID: 2, shipping: 1, version: 3 },
        ]),
      ),
    ).toEqual({ version: CHARGES_TEXT.versionMismatch });
    expect(
      errorsOf(() =>
        parseChargeRequests([
          { invoiceID: 7, lotID: 1, shipping: 1 },
          { invoiceID: 7, lotID: 1, shipping: 2 },
        ]),
      ),
    ).toEqual({ lotID: CHARGES_TEXT.twice(1) });
    expect(
      errorsOf(() =>
        parseChargeRequests([
          { invoiceID: 7, lotID: 1, shipping: 1 },
          { invoiceID: 7, shipping: 2 },
        ]),
      ),
    ).toEqual({ lotID: CHARGES_TEXT.mixedForms });
    expect(
      errorsOf(() =>
        parseChargeRequests([
          { invoiceID: 7, shipping: 1 },
          { invoiceID: 7, shipping: 2 },
        ]),
      ),
    ).toEqual({ invoiceID: CHARGES_TEXT.invoiceTwice });
  });
});

describe('where charges go (spec 000 section 4)', () => {
  const lotReq = (lotId: number, charges: ChargeRequest['entries'][number]['charges']): ChargeRequest => ({
    invoiceId: 7,
    version: 4,
    isLastInvoice: false,
    entries: [{ lotId, charges }],
  });
  const invReq = (charges: ChargeRequest['entries'][number]['charges']): ChargeRequest => ({
    invoiceId: 7,
    version: 4,
    isLastInvoice: false,
    entries: [{ lotId: null, charges }],
  });
  const paid = { paid: true, paidDate: '2026-11-10', paymentMethodId: 3, amountPaidCents: 10_000 };

  it('merges the fields sent over the stored ones; computed tax keeps the stored tax', () => {
    const charges = { tax: 100, shipping: 200, insurance: 300, other: -50 };
    const stored = editState({ invoice: { applyCostPerLot: true, charges } });
    expect(planCharges(stored, invReq({ shipping: 0, other: 25 })).updates[0].after).toEqual({
      tax: 100,
      shipping: 0,
      insurance: 300,
      other: 25,
    });
    expect(planCharges(stored, invReq({ tax: 999 })).updates[0].after).toEqual({ ...charges, tax: 999 });
    const computed = editState({ invoice: { applyCostPerLot: true, charges, countryCode: 'US', stateCode: 'NY' } });
    expect(planCharges(computed, invReq({ tax: 999 })).updates).toEqual([]);
  });

  it('per-lot template (applyCostPerLot false): on the lot line', () => {
    const plan = planCharges(editState(), lotReq(1001, { shipping: 1250, other: -200 }));
    expect(plan.kind).toBe('line');
    expect(plan.updates).toEqual([
      expect.objectContaining({
        before: { tax: 0, shipping: 0, insurance: 0, other: 0 },
        after: { tax: 0, shipping: 1250, insurance: 0, other: -200 },
      }),
    ]);
  });

  it('invoice-level template (applyCostPerLot true): on the invoice', () => {
    const plan = planCharges(editState({ invoice: { applyCostPerLot: true } }), invReq({ insurance: 300 }));
    expect(plan).toEqual({
      kind: 'invoice',
      updates: [{ before: { tax: 0, shipping: 0, insurance: 0, other: 0 }, after: { tax: 0, shipping: 0, insurance: 300, other: 0 } }],
    });
  });

  it('refuses the form that does not fit the invoice', () => {
    expect(errorsOf(() => planCharges(editState({ invoice: { applyCostPerLot: true } }), lotReq(1001, { shipping: 1 })))).toEqual({
      lotID: CHARGES_TEXT.perInvoice,
    });
    expect(errorsOf(() => planCharges(editState(), invReq({ shipping: 1 })))).toEqual({ lotID: CHARGES_TEXT.perLot });
  });

  it('a lot not on the invoice is not found', () => {
    expect(refusal(() => planCharges(editState(), lotReq(9999, { shipping: 1 })))).toEqual({
      kind: 'not_found',
      code: 'LINE_NOT_FOUND',
      message: CHARGES_TEXT.lotNotFound,
    });
  });

  it('US invoice under processor p: the tax sent is ignored (computed)', () => {
    const us = editState({ invoice: { countryCode: 'US', stateCode: 'NY' } });
    expect(planCharges(us, lotReq(1001, { tax: 500 })).updates).toEqual([]);
    expect(planCharges(us, lotReq(1001, { tax: 500, shipping: 100 })).updates[0]).toMatchObject({ after: { tax: 0, shipping: 100 } });
    const other = editState({ invoice: { countryCode: 'US' }, house: { processorType: 'w', paymentProcessingEnabled: false } });
    expect(planCharges(other, lotReq(1001, { tax: 500 })).updates[0]).toMatchObject({ after: { tax: 500 } });
  });

  it('nothing changed: an empty plan (a re-sent Save)', () => {
    expect(planCharges(editState(), lotReq(1001, { shipping: 0 })).updates).toEqual([]);
  });

  it("a hidden lot takes no charges; a paid lot's charges cannot change (unless additional)", () => {
    const s = editState({
      lines: [line(1, { suppress: true }), line(2, paid), line(3)],
      house: { processorType: 'w', paymentProcessingEnabled: false },
    });
    expect(refusal(() => planCharges(s, lotReq(1001, { shipping: 1 })))).toMatchObject({
      kind: 'conflict',
      message: CHARGES_TEXT.hiddenLot('Lot 1'),
    });
    expect(refusal(() => planCharges(s, lotReq(1002, { shipping: 1 })))).toMatchObject({
      kind: 'conflict',
      message: CHARGES_TEXT.paidLot('Lot 2'),
    });
    expect(
      refusal(() => planCharges(editState({ lines: [line(1, { amountPaidCents: 1 })] }), lotReq(1001, { shipping: 1 }))),
    ).toMatchObject({ message: CHARGES_TEXT.paidLot('Lot 1') });
    // Unchanged hidden or paid lots in a per-lot form are fine.
    expect(
      planCharges(s, {
        invoiceId: 7,
        version: 4,
        isLastInvoice: false,
        entries: [
          { lotId: 1001, charges: { shipping: 0 } },
          { lotId: 1002, charges: { shipping: 0 } },
          { lotId: 1003, charges: { shipping: 5 } },
        ],
      }).updates,
    ).toHaveLength(1);
  });

  it("a paid invoice's charges cannot change when they are not additional", () => {
    const s = editState({
      invoice: { applyCostPerLot: true, allPaid: true },
      house: { processorType: 'w', paymentProcessingEnabled: false },
    });
    expect(refusal(() => planCharges(s, invReq({ shipping: 1 })))).toMatchObject({ kind: 'conflict', message: CHARGES_TEXT.paidInvoice });
  });

  it('no change while a payment is pending', () => {
    expect(refusal(() => planCharges(editState({ invoice: { onlinePaymentStat: 'p' } }), lotReq(1001, { shipping: 1 })))).toMatchObject({
      message: CHARGES_TEXT.pending,
    });
    expect(
      refusal(() => planCharges(editState({ invoice: { applyCostPerLot: true, onlinePaymentStat: 'u' } }), invReq({ shipping: 1 }))),
    ).toMatchObject({ message: CHARGES_TEXT.pending });
  });

  it('Other may discount, but not below zero', () => {
    expect(planCharges(editState(), lotReq(1001, { other: -10_000 })).updates).toHaveLength(1);
    expect(errorsOf(() => planCharges(editState(), lotReq(1001, { other: -10_001 })))).toEqual({ other: CHARGES_TEXT.negativeLot });
    expect(errorsOf(() => planCharges(editState({ invoice: { applyCostPerLot: true } }), invReq({ other: -20_001 })))).toEqual({
      other: CHARGES_TEXT.negativeInvoice,
    });
  });

  describe('additional charges (processor p, online payment, invoice paid)', () => {
    const paidState = (over: Parameters<typeof editState>[0] = {}) =>
      editState({
        ...over,
        invoice: { allPaid: true, paymentMethodId: 3, ...over.invoice },
        lines: over.lines ?? [line(1, paid), line(2, paid)],
      });

    it("every visible lot paid: the per-lot charges become the lot's additional charge", () => {
      const plan = planCharges(
        editState({ lines: [line(1, paid), line(2, { suppress: true })] }),
        lotReq(1001, { shipping: 700, tax: 50 }),
      );
      expect(plan).toEqual({
        kind: 'additional',
        updates: [
          {
            lineId: 1,
            existing: null,
            before: { tax: 0, shipping: 0, insurance: 0, other: 0 },
            after: { tax: 50, shipping: 700, insurance: 0, other: 0 },
          },
        ],
      });
    });

    it("invoice fully paid: invoice-level charges become the invoice's additional charge, updating the existing one", () => {
      const existing = additional(5, null, { charges: { tax: 0, shipping: 500, insurance: 0, other: 0 } });
      const plan = planCharges(paidState({ invoice: { applyCostPerLot: true }, additional: [existing] }), invReq({ shipping: 900 }));
      expect(plan).toEqual({
        kind: 'additional',
        updates: [{ lineId: null, existing, before: existing.charges, after: { tax: 0, shipping: 900, insurance: 0, other: 0 } }],
      });
    });

    it('not under another processor or without online payment: the ordinary rules apply', () => {
      expect(planCharges(editState({ lines: [line(1, paid), line(2)] }), lotReq(1002, { shipping: 1 })).kind).toBe('line');
      expect(
        refusal(() =>
          planCharges(paidState({ house: { processorType: 'p', paymentProcessingEnabled: false } }), lotReq(1001, { shipping: 1 })),
        ),
      ).toMatchObject({ message: CHARGES_TEXT.paidLot('Lot 1') });
    });

    it('locked when paid or pending', () => {
      for (const over of [{ paid: true }, { paidDate: '2026-11-12' }, { onlinePaymentStat: 'a' }, { onlinePaymentStat: 'i' }]) {
        const s = paidState({ additional: [additional(5, 1, over)] });
        expect(refusal(() => planCharges(s, lotReq(1001, { shipping: 1 })))).toEqual({
          kind: 'conflict',
          code: 'NOT_ALLOWED',
          message: CHARGES_TEXT.locked,
        });
      }
      // A failed one may be corrected.
      expect(
        planCharges(paidState({ additional: [additional(5, 1, { onlinePaymentStat: 'd' })] }), lotReq(1001, { shipping: 1 })).kind,
      ).toBe('additional');
    });

    it('only on an invoice paid by card/ACH', () => {
      expect(
        refusal(() =>
          planCharges(
            paidState({ invoice: { paymentMethodId: 102 }, lines: [line(1, { ...paid, paymentMethodId: 101 })] }),
            lotReq(1001, { shipping: 1 }),
          ),
        ),
      ).toMatchObject({
        message: CHARGES_TEXT.notCardOrAch,
      });
      expect(planCharges(paidState({ invoice: { paymentMethodId: 11 } }), lotReq(1001, { shipping: 1 })).kind).toBe('additional');
    });

    it('not once an additional charge of the invoice has been paid', () => {
      const s = paidState({ additional: [additional(5, 2, { paid: true, paidDate: '2026-11-12' })] });
      expect(refusal(() => planCharges(s, lotReq(1001, { shipping: 1 })))).toMatchObject({ message: CHARGES_TEXT.additionalPaid });
    });

    it('not while a payment is pending, not on a hidden lot, not below zero', () => {
      expect(
        refusal(() => planCharges(paidState({ lines: [line(1, { ...paid, onlinePaymentStat: 'h' })] }), lotReq(1001, { shipping: 1 }))),
      ).toMatchObject({ message: CHARGES_TEXT.pending });
      expect(
        refusal(() => planCharges(paidState({ lines: [line(1, paid), line(2, { suppress: true })] }), lotReq(1002, { shipping: 1 }))),
      ).toMatchObject({ message: CHARGES_TEXT.hiddenLot('Lot 2') });
      expect(errorsOf(() => planCharges(paidState(), lotReq(1001, { shipping: 100, other: -101 })))).toEqual({
        other: CHARGES_TEXT.negativeAdditional,
      });
    });

    it('the same amounts again change nothing, even when locked', () => {
      const s = paidState({ additional: [additional(5, 1, { paid: true })] });
      expect(planCharges(s, lotReq(1001, { shipping: 500 })).updates).toEqual([]);
    });
  });
});
