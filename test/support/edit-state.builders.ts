/** Builders of editing state for the rules' unit specs (not used by the application). */
import type { AdditionalChargeState, EditState, InvoiceState, LineState } from '../../src/modules/invoicing/editing/core/edit-state';

export function line(id: number, over: Partial<LineState> = {}): LineState {
  return {
    id,
    lotId: 1000 + id,
    lotNumber: String(id),
    lotExt: null,
    channel: null,
    suppress: false,
    paid: false,
    paidDate: null,
    paymentMethodId: null,
    amountPaidCents: 0,
    onlinePaymentStat: null,
    totalCents: 10_000,
    charges: { tax: 0, shipping: 0, insurance: 0, other: 0 },
    hammerCents: 8_000,
    premiumCents: 2_000,
    liveFeeCents: 0,
    hammerOverrideCents: null,
    premiumOverrideCents: null,
    liveFeeOverrideCents: null,
    ...over,
  };
}

export function additional(id: number, lineId: number | null, over: Partial<AdditionalChargeState> = {}): AdditionalChargeState {
  return {
    id,
    lineId,
    charges: { tax: 0, shipping: 500, insurance: 0, other: 0 },
    hidden: false,
    paid: false,
    paidDate: null,
    onlinePaymentStat: null,
    ...over,
  };
}

export function editState(over: { invoice?: Partial<InvoiceState> } & Partial<Omit<EditState, 'invoice'>> = {}): EditState {
  const lines = over.lines ?? [line(1), line(2)];
  return {
    invoice: {
      id: 7,
      groupId: 3,
      channel: 'INV',
      countryCode: 'CA',
      stateCode: null,
      province: 'ON',
      applyCostPerLot: false,
      pickup: false,
      notes: null,
      allPaid: false,
      paymentMethodId: null,
      onlinePaymentStat: null,
      charges: { tax: 0, shipping: 0, insurance: 0, other: 0 },
      invoiceTotalCents: lines.filter((l) => !l.suppress).reduce((s, l) => s + l.totalCents, 0),
      paymentsMadeCents: 0,
      version: 4,
      ...over.invoice,
    },
    lines,
    additional: over.additional ?? [],
    payments: over.payments ?? [],
    house: over.house ?? { processorType: 'p', paymentProcessingEnabled: true },
  };
}
