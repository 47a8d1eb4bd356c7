import { describe, expect, it } from '@jest/globals';
import type { EditableDetail, EditableInvoice } from './editingTypes';
import {
  additionalChargeLocked,
  canAddAdditionalCharges,
  canEditFloorPrices,
  canFileDispute,
  canToggleDelivery,
  canToggleHidden,
  chargesAreAdditional,
  deliveryToggleLabel,
  isSuperUser,
  paymentMethodLabel,
  previewAndSendPath,
  shippedWord,
  shortUsDate,
  taxIsComputed,
  type HouseSettings,
} from './editingRules';

const line = (patch: Partial<EditableDetail> = {}): EditableDetail =>
  ({
    invoiceDetailID: 1,
    suppress: false,
    paid: false,
    totalAmountPaidCents: 0,
    onlinePaymentStat: null,
    disputeRef: null,
    canOpenDispute: false,
    paymentMethodID: null,
    additionalPriceInfo: null,
    ...patch,
  }) as EditableDetail;
const invoice = (patch: Partial<EditableInvoice> = {}): EditableInvoice =>
  ({
    allPaid: false,
    onlinePaymentStat: null,
    channel: 'Online',
    platform: 'INV',
    country: 'US',
    invoicePaidCents: 0,
    paymentMethodID: null,
    additionalPriceInfo: null,
    pickup: false,
    invoiceDetails: [line()],
    ...patch,
  }) as EditableInvoice;
const P: HouseSettings = { processorType: 'p', paymentProcessingEnabled: true, autoChargeEnabled: true, countryCode: 'US' };
const W: HouseSettings = { processorType: 'w', paymentProcessingEnabled: false, autoChargeEnabled: false, countryCode: 'US' };

describe('additional charges', () => {
  it('charges become additional charges when every visible lot (or the invoice) is paid, processor p with online payment', () => {
    const allLotsPaid = invoice({ invoiceDetails: [line({ paid: true }), line({ suppress: true })] });
    expect(chargesAreAdditional(allLotsPaid, P)).toBe(true);
    expect(chargesAreAdditional(invoice({ allPaid: true }), P)).toBe(true);
    expect(chargesAreAdditional(invoice(), P)).toBe(false);
    expect(chargesAreAdditional(invoice({ invoiceDetails: [line({ paid: true }), line()] }), P)).toBe(false);
    expect(chargesAreAdditional(invoice({ allPaid: true }), W)).toBe(false);
    expect(chargesAreAdditional(invoice({ allPaid: true }), { ...P, paymentProcessingEnabled: false })).toBe(false);
    // The server's flag wins when it sends one.
    expect(chargesAreAdditional(invoice({ additionalCharge: true }), W)).toBe(true);
    expect(chargesAreAdditional(invoice({ allPaid: true, additionalCharge: false }), P)).toBe(false);
  });

  it('locks an additional charge when paid or pending', () => {
    expect(additionalChargeLocked(null)).toBe(false);
    expect(additionalChargeLocked({ tax: 0, shipping: 1, insurance: 0, other: 0 })).toBe(false);
    expect(additionalChargeLocked({ tax: 0, shipping: 1, insurance: 0, other: 0, paid: true })).toBe(true);
    for (const s of ['a', 'p', 'u', 'h', 'i'])
      expect(additionalChargeLocked({ tax: 0, shipping: 1, insurance: 0, other: 0, onlinePaymentStat: s })).toBe(true);
    expect(additionalChargeLocked({ tax: 0, shipping: 1, insurance: 0, other: 0, onlinePaymentStat: 'f' })).toBe(false);
    expect(additionalChargeLocked({ tax: 0, shipping: 1, insurance: 0, other: 0, paid: true, locked: false })).toBe(false);
  });

  it('adds to a paid invoice only when it was paid by card/ACH and no additional charge was paid yet', () => {
    expect(canAddAdditionalCharges(invoice(), P)).toBe(true);
    expect(canAddAdditionalCharges(invoice({ allPaid: true, paymentMethodID: 3 }), P)).toBe(true);
    expect(canAddAdditionalCharges(invoice({ allPaid: true, onlinePaymentStat: 'a' }), P)).toBe(true);
    expect(canAddAdditionalCharges(invoice({ allPaid: true }), P)).toBe(false);
    expect(
      canAddAdditionalCharges(
        invoice({ allPaid: true, paymentMethodID: 11, additionalPriceInfo: { tax: 0, shipping: 5, insurance: 0, other: 0, paid: true } }),
        P,
      ),
    ).toBe(false);
    expect(
      canAddAdditionalCharges(
        invoice({
          allPaid: true,
          paymentMethodID: 11,
          invoiceDetails: [
            line({ paid: true, additionalPriceInfo: { tax: 0, shipping: 5, insurance: 0, other: 0, onlinePaymentStat: 'a' } }),
          ],
        }),
        P,
      ),
    ).toBe(false);
    expect(canAddAdditionalCharges(invoice({ allPaid: true, paymentMethodID: 3, onlinePaymentStat: 'p' }), P)).toBe(false);
  });
});

describe('per-invoice and per-item rules', () => {
  it('computes tax for US invoices with processor p only', () => {
    expect(taxIsComputed(invoice(), P)).toBe(true);
    expect(taxIsComputed(invoice({ country: 'CA' }), P)).toBe(false);
    expect(taxIsComputed(invoice(), W)).toBe(false);
  });

  it('toggles pickup/shipping only when not fully paid, nothing pending and no lot paid or partly paid', () => {
    expect(canToggleDelivery(invoice())).toBe(true);
    expect(canToggleDelivery(invoice({ allPaid: true }))).toBe(false);
    expect(canToggleDelivery(invoice({ onlinePaymentStat: 'u' }))).toBe(false);
    expect(canToggleDelivery(invoice({ invoiceDetails: [line(), line({ paid: true })] }))).toBe(false);
    expect(canToggleDelivery(invoice({ invoiceDetails: [line({ totalAmountPaidCents: 1 })] }))).toBe(false);
    expect(deliveryToggleLabel(invoice())).toBe('Mark as pickup');
    expect(deliveryToggleLabel(invoice({ pickup: true }))).toBe('Mark as shipping');
  });

  it('hides or shows a lot only if unpaid and not pending', () => {
    expect(canToggleHidden(line(), invoice())).toBe(true);
    expect(canToggleHidden(line({ paid: true }), invoice())).toBe(false);
    expect(canToggleHidden(line({ totalAmountPaidCents: 100 }), invoice())).toBe(false);
    expect(canToggleHidden(line({ onlinePaymentStat: 'h' }), invoice())).toBe(false);
    expect(canToggleHidden(line(), invoice({ onlinePaymentStat: 'i' }))).toBe(false);
    expect(canToggleHidden(line({ onlinePaymentStat: 'd' }), invoice())).toBe(true);
  });

  it('offers File as dispute when the line allows it or to a super user, never on the floor or twice', () => {
    expect(canFileDispute(line({ canOpenDispute: true }), invoice(), false)).toBe(true);
    expect(canFileDispute(line(), invoice(), false)).toBe(false);
    expect(canFileDispute(line(), invoice(), true)).toBe(true);
    expect(canFileDispute(line({ canOpenDispute: true }), invoice({ channel: 'Floor', platform: 'Floor' }), true)).toBe(false);
    expect(canFileDispute(line({ canOpenDispute: true, disputeRef: 'D1' }), invoice(), true)).toBe(false);
    expect(isSuperUser(null)).toBe(false);
    expect(isSuperUser(false)).toBe(false);
    expect(isSuperUser(true)).toBe(true);
  });

  it('edits floor prices on unpaid floor invoices only', () => {
    const floor = invoice({ channel: 'Floor', platform: 'Floor' });
    expect(canEditFloorPrices(floor)).toBe(true);
    expect(canEditFloorPrices(invoice())).toBe(false);
    expect(canEditFloorPrices({ ...floor, allPaid: true })).toBe(false);
    expect(canEditFloorPrices({ ...floor, invoicePaidCents: 100 })).toBe(false);
    expect(canEditFloorPrices({ ...floor, invoiceDetails: [line({ paid: true })] })).toBe(false);
  });

  it('words a shipped mark Picked Up on a pickup invoice', () => {
    expect(shippedWord(invoice())).toBe('Shipped');
    expect(shippedWord(invoice({ pickup: true }))).toBe('Picked Up');
  });
});

describe('Preview & Send', () => {
  it('goes nowhere without a group or a selection', () => {
    expect(previewAndSendPath(null, [1], true)).toBeNull();
    expect(previewAndSendPath(7, [], true)).toBeNull();
  });

  it('goes to the auto-charge page when the user may manage auto-charge (canAccess rules, tested there), else to the preview', () => {
    expect(previewAndSendPath(7, [1, 2], true)).toBe('/invoices/InvoiceAutoCharge/7/invoice/1,2');
    expect(previewAndSendPath(7, [1, 2], false)).toBe('/invoices/InvoiceGroupPreview/7/invoice/1,2');
  });
});

describe('call formats', () => {
  it('writes dates as MM/DD/YY', () => {
    expect(shortUsDate('2026-11-21')).toBe('11/21/26');
    expect(shortUsDate('2001-01-05')).toBe('01/05/01');
    expect(() => shortUsDate('11/21/2026')).toThrow(RangeError);
  });

  it('names payment methods: 11 is ACH, other ids display as card', () => {
    expect(paymentMethodLabel({ id: 3, name: 'Visa' })).toBe('Visa');
    expect(paymentMethodLabel({ id: 11 })).toBe('ACH');
    expect(paymentMethodLabel({ id: 42, name: '' })).toBe('Card');
  });
});

describe('additional-charge status', () => {
  const base = { tax: 0, shipping: 5, insurance: 0, other: 0 };
  it('says Hidden, Paid {date}, Payment Pending, Payment Failed, Sent {date}, Not Sent, first that applies', async () => {
    const { additionalStatusText, hasAdditional, additionalCents } = await import('./editingRules');
    expect(additionalStatusText({ ...base, hidden: true, paid: true })).toBe('Hidden');
    expect(additionalStatusText({ ...base, paid: true, paidDateString: '11/20/2026', onlinePaymentStat: 'p' })).toBe('Paid 11/20/2026');
    expect(additionalStatusText({ ...base, onlinePaymentStat: 'a' })).toBe('Paid');
    expect(additionalStatusText({ ...base, onlinePaymentStat: 'u', additionalChargeSentDateString: '11/01/2026' })).toBe('Payment Pending');
    expect(additionalStatusText({ ...base, onlinePaymentStat: 'f', additionalChargeSentDateString: '11/01/2026' })).toBe('Payment Failed');
    expect(additionalStatusText({ ...base, additionalChargeSentDateString: '11/01/2026' })).toBe('Sent 11/01/2026');
    expect(additionalStatusText(base)).toBe('Not Sent');
    expect(additionalStatusText({ ...base, status: 'Paid 01/02/2026' })).toBe('Paid 01/02/2026');
    expect(additionalCents({ ...base, other: -1.1 })).toEqual({ tax: 0, shipping: 500, insurance: 0, other: -110 });
    expect(additionalCents({ ...base, shippingCents: 501 }).shipping).toBe(501);
    expect(hasAdditional(null)).toBe(false);
    expect(hasAdditional({ tax: 0, shipping: 0, insurance: 0, other: 0 })).toBe(false);
    expect(hasAdditional(base)).toBe(true);
  });
});
