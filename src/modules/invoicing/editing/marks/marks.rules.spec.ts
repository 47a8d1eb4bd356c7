import {
  allocateInvoicePayment,
  applyOrder,
  isPaidOnline,
  isPending,
  linePaymentAmount,
  MARK_TEXT,
  markAction,
  MAX_BATCH_MARKS,
  parseMarkRequest,
} from './marks.rules';
import { refusal } from '../../../../../test/support/refusal';

// 2026-11-21 10:00 UTC: the latest date on Earth (UTC+14) is still 2026-11-22 until 10:00 UTC.
const NOW = new Date('2026-11-21T10:00:00Z');

const paid = (body: unknown, scope: 'invoice' | 'line' = 'invoice') => parseMarkRequest(body, 'paid', scope, NOW);
const shipped = (body: unknown, scope: 'invoice' | 'line' = 'invoice') => parseMarkRequest(body, 'shipped', scope, NOW);

describe('mark dates (MM/DD/YY)', () => {
  const dateOf = (shippedDate: string, now = NOW) =>
    parseMarkRequest({ invoiceID: 1, shipped: true, shippedDate }, 'shipped', 'invoice', now);
  const dateError = (shippedDate: string, now = NOW) => refusal(() => dateOf(shippedDate, now)).fieldErrors?.shippedDate;

  it('reads MM/DD/YY as 20YY, and MM/DD/YYYY, with or without leading zeros', () => {
    const read = (s: string) => dateOf(s, new Date('2100-01-01T00:00:00Z')).items[0].date;
    expect(read('11/02/26')).toBe('2026-11-02');
    expect(read('1/2/26')).toBe('2026-01-02');
    expect(read('11/02/2026')).toBe('2026-11-02');
    expect(read(' 02/29/24 ')).toBe('2024-02-29');
    expect(read('12/31/99')).toBe('2099-12-31');
  });

  it('refuses days that do not exist and other formats', () => {
    for (const s of [
      '02/30/26',
      '02/29/25',
      '13/01/26',
      '00/10/26',
      '11/00/26',
      '2026-11-02',
      '11-02-26',
      '11/02/026',
      '11/02',
      'today',
      '11/02/26x',
    ]) {
      expect({ s, error: dateError(s) }).toEqual({ s, error: MARK_TEXT.dateFormat.shipped });
    }
  });

  it('is after today only after the latest calendar date on Earth (UTC+14)', () => {
    expect(dateOf('11/21/26').items[0].date).toBe('2026-11-21');
    expect(dateOf('11/22/26').items[0].date).toBe('2026-11-22'); // already the 22nd in Kiribati
    expect(dateError('11/23/26')).toBe(MARK_TEXT.dateFuture.shipped);
    expect(dateError('11/22/26', new Date('2026-11-21T09:59:59Z'))).toBe(MARK_TEXT.dateFuture.shipped);
  });
});

describe('parsing a mark (single form)', () => {
  it('reads a paid mark of an invoice', () => {
    expect(paid({ invoiceID: 12, paid: true, paidDate: '11/20/26', paymentMethodID: 101, version: 3 })).toEqual({
      batch: false,
      items: [{ index: 0, invoiceId: 12, lineId: null, on: true, date: '2026-11-20', paymentMethodId: 101, version: 3 }],
    });
  });

  it('reads a paid mark of a lot (ids as numeric strings too)', () => {
    expect(
      paid({ invoiceID: '12', invoiceDetailID: '40', paid: true, paidDate: '11/20/2026', paymentMethodID: '11' }, 'line').items[0],
    ).toEqual({
      index: 0,
      invoiceId: 12,
      lineId: 40,
      on: true,
      date: '2026-11-20',
      paymentMethodId: 11,
      version: null,
    });
  });

  it('undoing needs neither a date nor a method (and ignores them)', () => {
    expect(paid({ invoiceID: 12, paid: false }).items[0]).toMatchObject({ on: false, date: null, paymentMethodId: null });
    expect(paid({ invoiceID: 12, paid: false, paidDate: 'garbage', paymentMethodID: 999 }).items[0]).toMatchObject({
      on: false,
      date: null,
      paymentMethodId: null,
    });
    expect(shipped({ invoiceID: 12, shipped: false }).items[0]).toMatchObject({ on: false, date: null });
  });

  it('Paid requires a payment method, one of those offered', () => {
    for (const m of [undefined, null, '', 0]) {
      const e = refusal(() => paid({ invoiceID: 1, paid: true, paidDate: '11/20/26', paymentMethodID: m }));
      expect(e).toMatchObject({
        kind: 'validation',
        code: 'VALIDATION_FAILED',
        message: MARK_TEXT.methodRequired,
        fieldErrors: { paymentMethodID: MARK_TEXT.methodRequired },
      });
    }
    for (const m of [7, 100, -3, 'visa', 1.5]) {
      expect(refusal(() => paid({ invoiceID: 1, paid: true, paidDate: '11/20/26', paymentMethodID: m })).fieldErrors).toEqual({
        paymentMethodID: MARK_TEXT.methodUnknown,
      });
    }
  });

  it('Paid and Shipped require a date, a real one, not after today', () => {
    expect(refusal(() => paid({ invoiceID: 1, paid: true, paymentMethodID: 3 })).fieldErrors).toEqual({
      paidDate: MARK_TEXT.dateRequired.paid,
    });
    expect(refusal(() => paid({ invoiceID: 1, paid: true, paidDate: '  ', paymentMethodID: 3 })).fieldErrors).toEqual({
      paidDate: MARK_TEXT.dateRequired.paid,
    });
    expect(refusal(() => paid({ invoiceID: 1, paid: true, paidDate: '02/30/26', paymentMethodID: 3 })).fieldErrors).toEqual({
      paidDate: MARK_TEXT.dateFormat.paid,
    });
    expect(refusal(() => paid({ invoiceID: 1, paid: true, paidDate: 20261120, paymentMethodID: 3 })).fieldErrors).toEqual({
      paidDate: MARK_TEXT.dateFormat.paid,
    });
    expect(refusal(() => paid({ invoiceID: 1, paid: true, paidDate: '11/23/26', paymentMethodID: 3 })).fieldErrors).toEqual({
      paidDate: MARK_TEXT.dateFuture.paid,
    });
    expect(paid({ invoiceID: 1, paid: true, paidDate: '11/22/26', paymentMethodID: 3 }).items[0].date).toBe('2026-11-22');
    expect(refusal(() => shipped({ invoiceID: 1, shipped: true })).fieldErrors).toEqual({ shippedDate: MARK_TEXT.dateRequired.shipped });
    expect(refusal(() => shipped({ invoiceID: 1, shipped: true, shippedDate: '12/01/26' })).fieldErrors).toEqual({
      shippedDate: MARK_TEXT.dateFuture.shipped,
    });
  });

  it('a shipped mark needs no payment method (one sent is ignored)', () => {
    expect(shipped({ invoiceID: 1, shipped: true, shippedDate: '11/20/26', paymentMethodID: 3 }).items[0]).toMatchObject({
      on: true,
      date: '2026-11-20',
      paymentMethodId: null,
    });
  });

  it('the flag must be a boolean', () => {
    expect(refusal(() => paid({ invoiceID: 1 })).fieldErrors).toEqual({ paid: 'paid must be true or false.' });
    expect(refusal(() => paid({ invoiceID: 1, paid: 'true' })).fieldErrors).toEqual({ paid: 'paid must be true or false.' });
    expect(refusal(() => shipped({ invoiceID: 1, shipped: 1 })).fieldErrors).toEqual({ shipped: 'shipped must be true or false.' });
  });

  it('ids and version must be positive whole numbers; a lot mark needs the lot', () => {
    expect(refusal(() => paid({ invoiceID: 0, paid: false })).fieldErrors).toEqual({ invoiceID: MARK_TEXT.invoiceID });
    expect(refusal(() => paid({ invoiceID: 'x', paid: false })).fieldErrors).toEqual({ invoiceID: MARK_TEXT.invoiceID });
    expect(refusal(() => paid({ paid: false })).fieldErrors).toEqual({ invoiceID: MARK_TEXT.invoiceID });
    expect(refusal(() => paid({ invoiceID: 1, paid: false }, 'line')).fieldErrors).toEqual({ invoiceDetailID: MARK_TEXT.invoiceDetailID });
    expect(refusal(() => paid({ invoiceID: 1, invoiceDetailID: -4, paid: false }, 'line')).fieldErrors).toEqual({
      invoiceDetailID: MARK_TEXT.invoiceDetailID,
    });
    expect(refusal(() => paid({ invoiceID: 1, paid: false, version: 0 })).fieldErrors).toEqual({ version: MARK_TEXT.version });
  });

  it('an invoice mark refuses a lot id (0 or null mean none)', () => {
    expect(refusal(() => paid({ invoiceID: 1, invoiceDetailID: 5, paid: false })).fieldErrors).toEqual({
      invoiceDetailID: 'invoiceDetailID is not used by invoicePaidOnly: to mark one lot use invoicePaidOnlyByDetail.',
    });
    expect(paid({ invoiceID: 1, invoiceDetailID: 0, paid: false }).items[0].lineId).toBeNull();
    expect(paid({ invoiceID: 1, invoiceDetailID: null, paid: false }).items[0].lineId).toBeNull();
  });

  it('refuses unknown fields and reports every error at once', () => {
    const e = refusal(() => paid({ invoiceID: 'a', paid: true, paidDate: 'x', shipped: true, colour: 'red' }));
    expect(e.fieldErrors).toEqual({
      invoiceID: MARK_TEXT.invoiceID,
      paidDate: MARK_TEXT.dateFormat.paid,
      paymentMethodID: MARK_TEXT.methodRequired,
      shipped: 'Unknown field.',
      colour: 'Unknown field.',
    });
    expect(e.message).toBe('Unknown field.');
  });

  it('refuses a body that is not an object', () => {
    for (const b of [null, [], 'x', 3]) expect(refusal(() => paid(b)).fieldErrors).toEqual({ body: MARK_TEXT.body });
  });
});

describe('parsing a batch of marks (paidInvoices)', () => {
  const ok = (invoiceID: number, extra: object = {}) => ({ invoiceID, paid: true, paidDate: '11/20/26', paymentMethodID: 102, ...extra });

  it('reads every mark, in the order sent, with its index', () => {
    const r = paid({ paidInvoices: [ok(5), ok(3, { paymentMethodID: 4 })] });
    expect(r.batch).toBe(true);
    expect(r.items.map((i) => [i.index, i.invoiceId, i.paymentMethodId])).toEqual([
      [0, 5, 102],
      [1, 3, 4],
    ]);
  });

  it('shipped calls take the same list name', () => {
    expect(
      shipped({ paidInvoices: [{ invoiceID: 5, invoiceDetailID: 9, shipped: true, shippedDate: '11/01/26' }] }, 'line').items[0],
    ).toMatchObject({ lineId: 9, on: true, date: '2026-11-01' });
  });

  it('one bad mark refuses the whole batch, naming it by position', () => {
    const e = refusal(() => paid({ paidInvoices: [ok(1), ok(2, { paymentMethodID: undefined }), ok(3, { paidDate: '12/25/26' }), 'x'] }));
    expect(e.fieldErrors).toEqual({
      'paidInvoices.1.paymentMethodID': MARK_TEXT.methodRequired,
      'paidInvoices.2.paidDate': MARK_TEXT.dateFuture.paid,
      'paidInvoices.3': MARK_TEXT.notAnObject,
    });
    expect(e.message).toBe(MARK_TEXT.methodRequired);
  });

  it('refuses an empty, oversized or non-list batch', () => {
    for (const list of [[], 'x', null, {}, Array.from({ length: MAX_BATCH_MARKS + 1 }, (_, i) => ok(i + 1))]) {
      expect(refusal(() => paid({ paidInvoices: list })).fieldErrors).toEqual({ paidInvoices: MARK_TEXT.batchList });
    }
    expect(paid({ paidInvoices: Array.from({ length: MAX_BATCH_MARKS }, (_, i) => ok(i + 1)) }).items).toHaveLength(MAX_BATCH_MARKS);
  });

  it('refuses a batch mixed with single-form fields', () => {
    expect(refusal(() => paid({ paidInvoices: [ok(1)], invoiceID: 2 })).fieldErrors).toEqual({ invoiceID: MARK_TEXT.batchOrSingle });
  });

  it('refuses the same invoice (invoice marks) or the same lot (lot marks) twice', () => {
    expect(refusal(() => paid({ paidInvoices: [ok(1), ok(2), ok(1)] })).fieldErrors).toEqual({
      'paidInvoices.2.invoiceID': MARK_TEXT.duplicateInvoice,
    });
    const line = (invoiceID: number, invoiceDetailID: number) => ok(invoiceID, { invoiceDetailID });
    expect(paid({ paidInvoices: [line(1, 10), line(1, 11)] }, 'line').items).toHaveLength(2);
    expect(refusal(() => paid({ paidInvoices: [line(1, 10), line(1, 10)] }, 'line')).fieldErrors).toEqual({
      'paidInvoices.1.invoiceDetailID': MARK_TEXT.duplicateLine,
    });
  });

  it('is applied by invoice, keeping the order within an invoice', () => {
    const r = paid({ paidInvoices: [ok(9, { invoiceDetailID: 3 }), ok(2, { invoiceDetailID: 8 }), ok(9, { invoiceDetailID: 1 })] }, 'line');
    expect(applyOrder(r.items).map((i) => [i.invoiceId, i.lineId])).toEqual([
      [2, 8],
      [9, 3],
      [9, 1],
    ]);
  });
});

describe('the money of a Paid mark', () => {
  const line = (id: number, total: number, extra: Partial<{ amountPaid: number; paid: boolean; hidden: boolean }> = {}) => ({
    id,
    total,
    amountPaid: 0,
    paid: false,
    hidden: false,
    ...extra,
  });

  it('pays each unpaid visible lot what it owes, and the rest of the balance at invoice level', () => {
    expect(allocateInvoicePayment(30_000, [line(1, 10_000), line(2, 15_000)])).toEqual([
      { lineId: 1, additionalChargeId: null, amount: 10_000 },
      { lineId: 2, additionalChargeId: null, amount: 15_000 },
      { lineId: null, additionalChargeId: null, amount: 5_000 },
    ]);
  });

  it('skips hidden and already paid lots, and what a lot already received', () => {
    expect(
      allocateInvoicePayment(12_000, [
        line(1, 10_000, { hidden: true }),
        line(2, 5_000, { paid: true, amountPaid: 5_000 }),
        line(3, 15_000, { amountPaid: 3_000 }),
      ]),
    ).toEqual([{ lineId: 3, additionalChargeId: null, amount: 12_000 }]);
  });

  it('never records more than the balance (earlier invoice-level payments)', () => {
    expect(allocateInvoicePayment(12_000, [line(1, 10_000), line(2, 10_000)])).toEqual([
      { lineId: 1, additionalChargeId: null, amount: 10_000 },
      { lineId: 2, additionalChargeId: null, amount: 2_000 },
    ]);
    const parts = allocateInvoicePayment(12_345, [line(1, 10_000), line(2, 10_000), line(3, 1)]);
    expect(parts.reduce((s, p) => s + p.amount, 0)).toBe(12_345);
  });

  it('records nothing when nothing is outstanding, and nothing for a negative lot', () => {
    expect(allocateInvoicePayment(0, [line(1, 10_000)])).toEqual([]);
    expect(allocateInvoicePayment(-500, [line(1, 10_000)])).toEqual([]);
    expect(allocateInvoicePayment(1_000, [line(1, -2_000), line(2, 3_000)])).toEqual([
      { lineId: 2, additionalChargeId: null, amount: 1_000 },
    ]);
  });

  it('then pays each counted additional charge not yet paid, before the invoice-level rest', () => {
    const extra = (id: number, amount: number, more: Partial<{ paid: boolean; hidden: boolean }> = {}) => ({
      id,
      amount,
      paid: false,
      hidden: false,
      ...more,
    });
    expect(
      allocateInvoicePayment(
        20_000,
        [line(1, 10_000)],
        [extra(7, 3_000), extra(8, 1_000, { paid: true }), extra(9, 500, { hidden: true })],
      ),
    ).toEqual([
      { lineId: 1, additionalChargeId: null, amount: 10_000 },
      { lineId: null, additionalChargeId: 7, amount: 3_000 },
      { lineId: null, additionalChargeId: null, amount: 7_000 },
    ]);
    expect(allocateInvoicePayment(11_000, [line(1, 10_000)], [extra(7, 3_000)])).toEqual([
      { lineId: 1, additionalChargeId: null, amount: 10_000 },
      { lineId: null, additionalChargeId: 7, amount: 1_000 },
    ]);
  });

  it("a lot's own mark pays what it owes, capped by the invoice's balance", () => {
    expect(linePaymentAmount({ total: 10_000, amountPaid: 2_500 }, 50_000)).toBe(7_500);
    expect(linePaymentAmount({ total: 10_000, amountPaid: 0 }, 4_000)).toBe(4_000);
    expect(linePaymentAmount({ total: 10_000, amountPaid: 10_000 }, 4_000)).toBe(0);
    expect(linePaymentAmount({ total: 10_000, amountPaid: 0 }, -1)).toBe(0);
  });

  it('reads pending and paid-online states from onlinePaymentStat', () => {
    expect(['p', 'u', 'h', 'i'].every(isPending)).toBe(true);
    expect(['a', 'd', 'f', null, undefined, '', 'x'].some(isPending)).toBe(false);
    expect(isPaidOnline('a')).toBe(true);
    expect(['p', 'd', null].some(isPaidOnline)).toBe(false);
  });

  it('names audit actions after the scope and direction', () => {
    expect([
      markAction('paid', 'invoice', true),
      markAction('paid', 'line', false),
      markAction('shipped', 'invoice', false),
      markAction('shipped', 'line', true),
    ]).toEqual(['invoice.paid', 'line.unpaid', 'invoice.unshipped', 'line.shipped']);
  });
});
