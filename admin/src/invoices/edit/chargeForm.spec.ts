import { describe, expect, it } from '@jest/globals';
import type { EditableDetail, EditableInvoice } from '../shared/editingTypes';
import {
  CHARGE_TEXT,
  chargeBodies,
  centsToAmount,
  amountError,
  changedRows,
  chargeRows,
  chargeServerErrors,
  chargesDirty,
  chargeValues,
  errorKey,
  normaliseChargeText,
  parseChargeAmount,
  rowTotal,
  validateCharges,
  withTexts,
  type ChargeRowDraft,
} from './chargeForm';

const line = (id: number, patch: Partial<EditableDetail> = {}): EditableDetail => ({
  invoiceDetailID: id,
  lotID: 1000 + id,
  lotRef: null,
  lotNumber: String(id),
  lotTitle: `Lot ${id}`,
  saleIdentifier: 'C1',
  catalogID: 1,
  suppress: false,
  restricted: false,
  totalAmountCents: 0,
  priceInfoCents: { hammer: 10000, premium: 2500, livefee: 0, tax: 0, shipping: 0, insurance: 0, other: 0 },
  fees: [],
  disputeRef: null,
  itemStatus: 'Not Sent',
  paid: false,
  paidDate: null,
  paidDateString: null,
  shipped: false,
  shippedDate: null,
  shippedDateString: null,
  totalAmountPaidCents: 0,
  paymentMethod: null,
  paymentMethodID: null,
  canOpenDispute: false,
  onlinePaymentStat: null,
  additionalPriceInfo: null,
  additionalCharge: false,
  ...patch,
});

const invoice = (patch: Partial<EditableInvoice> = {}): EditableInvoice =>
  ({
    invoiceID: 1,
    invoiceChargesCents: { tax: 0, shipping: 1500, insurance: 0, other: -250 },
    additionalPriceInfo: null,
    invoiceDetails: [
      line(1),
      line(2, { suppress: true }),
      line(3, {
        priceInfoCents: { hammer: 1, premium: 0, livefee: 0, tax: 140, shipping: 700, insurance: 50, other: 325 },
        enteredChargesCents: { tax: 99, shipping: 700, insurance: 50, other: 25 },
        fees: [{ label: 'Handling', amountCents: 300 }],
      }),
    ],
    ...patch,
  }) as EditableInvoice;

describe('charge amounts', () => {
  it('parses decimals after stripping formatting', () => {
    expect(parseChargeAmount('12', false)).toEqual({ cents: 1200 });
    expect(parseChargeAmount('$1,234.5', false)).toEqual({ cents: 123450 });
    expect(parseChargeAmount(' 0.07 ', false)).toEqual({ cents: 7 });
    expect(parseChargeAmount('.5', false)).toEqual({ cents: 50 });
    expect(parseChargeAmount('', false)).toEqual({ cents: 0 });
  });

  it('rounds to two decimals, half up', () => {
    expect(parseChargeAmount('12.345', false)).toEqual({ cents: 1235 });
    expect(parseChargeAmount('12.344', false)).toEqual({ cents: 1234 });
    expect(parseChargeAmount('0.995', false)).toEqual({ cents: 100 });
  });

  it('refuses negatives except where allowed (Other: a discount)', () => {
    expect(parseChargeAmount('-5', false)).toEqual({ error: CHARGE_TEXT.negative });
    expect(parseChargeAmount('-5', true)).toEqual({ cents: -500 });
    expect(parseChargeAmount('-$1,000.10', true)).toEqual({ cents: -100010 });
    expect(parseChargeAmount('(12.50)', true)).toEqual({ cents: -1250 });
    expect(parseChargeAmount('-0', false)).toEqual({ cents: 0 });
  });

  it('refuses what is not a number', () => {
    for (const bad of ['abc', '12abc', '1.2.3', '--5', '5-', '-', '.', '$', '1e5', '(5']) {
      expect(parseChargeAmount(bad, true)).toEqual({ error: CHARGE_TEXT.notANumber });
    }
  });

  it('normalises a field to two decimals once it parses, and keeps a bad text as typed', () => {
    expect(normaliseChargeText('$1,234.5', 'shipping')).toBe('1234.50');
    expect(normaliseChargeText('-3', 'other')).toBe('-3.00');
    expect(normaliseChargeText('-3', 'shipping')).toBe('-3');
    expect(normaliseChargeText('x', 'tax')).toBe('x');
  });

  it('sends exact two-decimal amounts', () => {
    expect(centsToAmount(123450)).toBe(1234.5);
    expect(centsToAmount(-7)).toBe(-0.07);
  });
});

describe('charge rows', () => {
  it('per-lot editor: one row per visible lot, Tax the entered part, Other without the template fees', () => {
    const rows = chargeRows(invoice(), true, false);
    expect(rows.map((r) => r.lineId)).toEqual([1, 3]);
    expect(rows[1].initial).toEqual({ tax: 99, shipping: 700, insurance: 50, other: 25 });
    expect(rows[1].texts).toEqual({ tax: '0.99', shipping: '7.00', insurance: '0.50', other: '0.25' });
  });

  it('invoice-level editor: one row with the invoice charges', () => {
    const rows = chargeRows(invoice(), false, false);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lineId: null, initial: { tax: 0, shipping: 1500, insurance: 0, other: -250 }, locked: false });
  });

  it('additional charges: start from the additional charge, locked when paid or pending', () => {
    const inv = invoice({
      additionalPriceInfo: { tax: 0, shipping: 12.5, insurance: 0, other: 0, paid: false, onlinePaymentStat: 'p' },
      invoiceDetails: [line(1, { additionalPriceInfo: { tax: 1, shipping: 2, insurance: 3, other: -4, paid: true } }), line(4)],
    });
    const [only] = chargeRows(inv, false, true);
    expect(only.initial.shipping).toBe(1250);
    expect(only.locked).toBe(true);
    const perLot = chargeRows(inv, true, true);
    expect(perLot[0]).toMatchObject({ initial: { tax: 100, shipping: 200, insurance: 300, other: -400 }, locked: true });
    expect(perLot[1]).toMatchObject({ initial: { tax: 0, shipping: 0, insurance: 0, other: 0 }, locked: false });
  });

  it('validates every editable field, tax only when entered, locked rows not at all', () => {
    const rows: ChargeRowDraft[] = chargeRows(invoice(), true, false).map((r, i) => ({
      ...r,
      texts: { tax: 'x', shipping: '-1', insurance: '2', other: '-9' },
      locked: i === 1,
    }));
    expect(validateCharges(rows, true)).toEqual({
      [errorKey(rows[0], 'tax')]: CHARGE_TEXT.notANumber,
      [errorKey(rows[0], 'shipping')]: CHARGE_TEXT.negative,
    });
    expect(validateCharges(rows, false)).toEqual({ [errorKey(rows[0], 'shipping')]: CHARGE_TEXT.negative });
  });

  it('finds the rows that changed (tax ignored when computed) and adds them up', () => {
    const rows = chargeRows(invoice(), true, false);
    expect(changedRows(rows, true)).toEqual([]);
    const edited = rows.map((r, i) =>
      i === 0 ? { ...r, texts: { ...r.texts, tax: '3' } } : { ...r, texts: { ...r.texts, shipping: '$7' } },
    );
    expect(changedRows(edited, false)).toEqual([]);
    expect(changedRows(edited, true).map((r) => r.lineId)).toEqual([1]);
    const more = edited.map((r) => ({ ...r, texts: { ...r.texts, other: '-1.5' } }));
    expect(changedRows(more, false).map((r) => r.lineId)).toEqual([1, 3]);
    expect(rowTotal(more[1], true)).toBe(99 + 700 + 50 - 150);
    expect(rowTotal(more[1], false)).toBe(700 + 50 - 150);
  });
});

describe('what is sent', () => {
  const inv = (patch: Partial<EditableInvoice> = {}) => ({ ...invoice(), version: 4, ...patch }) as EditableInvoice;

  it('nothing when nothing changed', () => {
    const i = inv();
    expect(chargeBodies(i, chargeRows(i, true, false), { perLot: true, additional: false, withTax: true, isLastInvoice: true })).toBeNull();
    expect(
      chargeBodies(i, chargeRows(i, false, false), { perLot: false, additional: false, withTax: true, isLastInvoice: true }),
    ).toBeNull();
  });

  it('per-lot form: one body per changed lot with only the changed fields, the lot state and the version', () => {
    const i = inv({ invoiceDetails: [line(1, { restricted: true }), line(3)] });
    const rows = chargeRows(i, true, false).map((r, n) => (n === 0 ? { ...r, texts: { ...r.texts, shipping: '$12.5', tax: '3' } } : r));
    expect(chargeBodies(i, rows, { perLot: true, additional: false, withTax: false, isLastInvoice: false })).toEqual([
      { invoiceID: 1, lotID: 1001, suppress: false, restricted: true, paid: false, shipping: 12.5, additionalCharge: false, version: 4 },
    ]);
    expect(chargeBodies(i, rows, { perLot: true, additional: true, withTax: true, isLastInvoice: false })).toEqual([
      {
        invoiceID: 1,
        lotID: 1001,
        suppress: false,
        restricted: true,
        paid: false,
        tax: 3,
        shipping: 12.5,
        additionalCharge: true,
        version: 4,
      },
    ]);
  });

  it('invoice-level form: the changed fields with isLastInvoice', () => {
    const i = inv();
    const [row] = chargeRows(i, false, false);
    const rows = [{ ...row, texts: { ...row.texts, other: '-10', insurance: '0' } }];
    expect(chargeBodies(i, rows, { perLot: false, additional: false, withTax: true, isLastInvoice: true })).toEqual({
      invoiceID: 1,
      other: -10,
      additionalCharge: false,
      isLastInvoice: true,
      version: 4,
    });
  });
});

describe("the Form's values", () => {
  const rows = () => chargeRows(invoice(), true, false);

  it('holds one entry per row under its key, and reads back into the rows (an emptied field is empty text)', () => {
    const values = chargeValues(rows());
    expect(Object.keys(values.rows)).toEqual(['line-1', 'line-3']);
    expect(values.rows['line-3']).toEqual({ tax: '0.99', shipping: '7.00', insurance: '0.50', other: '0.25' });
    const read = withTexts(rows(), { rows: { 'line-3': { shipping: '12', other: null } } });
    expect(read[0]).toEqual(rows()[0]);
    expect(read[1].texts).toEqual({ tax: '0.99', shipping: '12', insurance: '0.50', other: '' });
    expect(withTexts(rows(), undefined)).toEqual(rows());
  });

  it('is dirty when an amount changed or a field holds what is not an amount, not when only formatting changed', () => {
    expect(chargesDirty(rows(), true)).toBe(false);
    expect(chargesDirty(withTexts(rows(), { rows: { 'line-1': { shipping: '$0' } } }), true)).toBe(false);
    expect(chargesDirty(withTexts(rows(), { rows: { 'line-1': { shipping: '4' } } }), true)).toBe(true);
    expect(chargesDirty(withTexts(rows(), { rows: { 'line-1': { shipping: 'abc' } } }), true)).toBe(true);
    // Tax is computed: what its field holds does not count.
    expect(chargesDirty(withTexts(rows(), { rows: { 'line-1': { tax: 'abc' } } }), false)).toBe(false);
  });

  it("gives the rule's message of an amount", () => {
    expect(amountError('$1,2.50', false)).toBeUndefined();
    expect(amountError('-1', false)).toBe(CHARGE_TEXT.negative);
    expect(amountError('-1', true)).toBeUndefined();
    expect(amountError('1x', true)).toBe(CHARGE_TEXT.notANumber);
  });

  it("puts the server's field messages on the fields sent: [i] is the i-th lot of the per-lot body", () => {
    const inv = { ...invoice(), version: 4 } as EditableInvoice;
    const edited = withTexts(chargeRows(inv, true, false), { rows: { 'line-3': { shipping: '99999999' } } });
    const body = chargeBodies(inv, edited, { perLot: true, additional: false, withTax: true, isLastInvoice: true })!;
    expect(
      chargeServerErrors({ '[0].shipping': 'Shipping must be at most 9,999,999.99.', '[0].lotID': 'x', version: 'v' }, body, edited),
    ).toEqual({ rows: { 'line-3': { shipping: 'Shipping must be at most 9,999,999.99.' } } });
    const [row] = chargeRows(inv, false, false);
    const one = [{ ...row, texts: { ...row.texts, other: '-99999' } }];
    const single = chargeBodies(inv, one, { perLot: false, additional: false, withTax: true, isLastInvoice: true })!;
    expect(chargeServerErrors({ other: 'Other cannot take the invoice’s total below zero.' }, single, one)).toEqual({
      rows: { invoice: { other: 'Other cannot take the invoice’s total below zero.' } },
    });
    expect(chargeServerErrors({ body: 'Send at least one charge form.' }, single, one)).toBeUndefined();
  });
});
