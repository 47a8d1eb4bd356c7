/**
 * The state of one invoice as the editing rules read it (charges, hide/show, delivery mode, floor
 * edits), built from what InvoiceMutations loads with the row lock (the invoice, its lines, its
 * additional charges and its non-voided payments), and the payment predicates of spec 000 section 4
 * every rule shares. Pure functions over plain records, so each rule is unit-tested without a
 * database; the same predicates run in the read path (invoice.view.ts) for the flags the screens use.
 *
 * Decisions (docs/decisions/invoice-editing.md, "Payment state"):
 * - Fully paid: the invoice's all-paid state, or paid online (onlinePaymentStat a).
 * - A lot is paid when marked paid (flag or date); "has an amount paid" is amount_paid_cents > 0.
 * - A payment is pending when the invoice's or a lot's onlinePaymentStat is p, u, h or i, or a
 *   recorded payment is pending.
 * - Paid by card/ACH: paid online (stat a), a settled card or ACH payment, or marked paid with a
 *   card or ACH payment method (spec section 3: id 11 is ACH, the card ids and any unknown id are
 *   cards; the offline methods of payment-methods.ts — cash, check, wire, PayPal, other — are not)
 *   on the invoice, a visible lot or a recorded payment.
 */
import type { Cents } from '../../../../core/money/money';
import { onlinePaymentState, usesStateSalesTax, type ProcessorType } from '../../math';
import type { InvoiceLineRecord, InvoiceRecord } from '../../invoices/invoice-records';
import type { AdditionalChargeRecord } from '../charges/additional-charge-records';
import type { MutationContext } from './invoice-mutations.service';
import { PAYMENT_METHODS } from '../marks/payment-methods';

export interface InvoiceState {
  id: number;
  groupId: number;
  channel: string;
  countryCode: string | null;
  stateCode: string | null;
  province: string | null;
  applyCostPerLot: boolean;
  pickup: boolean;
  notes: string | null;
  allPaid: boolean;
  paymentMethodId: number | null;
  onlinePaymentStat: string | null;
  charges: ChargeCents;
  invoiceTotalCents: Cents;
  paymentsMadeCents: Cents;
  version: number;
}

export interface ChargeCents {
  tax: Cents;
  shipping: Cents;
  insurance: Cents;
  other: Cents;
}

export interface LineState {
  id: number;
  lotId: number;
  lotNumber: string | null;
  lotExt: string | null;
  /** The line's own channel (null: the invoice's). */
  channel: string | null;
  suppress: boolean;
  paid: boolean;
  paidDate: string | null;
  paymentMethodId: number | null;
  amountPaidCents: Cents;
  onlinePaymentStat: string | null;
  totalCents: Cents;
  /** Staff charges stored on the line (tax is the entered part, added to the computed tax). */
  charges: ChargeCents;
  hammerCents: Cents;
  premiumCents: Cents;
  liveFeeCents: Cents;
  hammerOverrideCents: Cents | null;
  premiumOverrideCents: Cents | null;
  liveFeeOverrideCents: Cents | null;
}

export interface AdditionalChargeState {
  id: number;
  /** null: the invoice's own additional charge. */
  lineId: number | null;
  charges: ChargeCents;
  hidden: boolean;
  paid: boolean;
  paidDate: string | null;
  onlinePaymentStat: string | null;
}

/** A recorded, non-voided payment of the invoice, as the rules read it (a PaymentRecord fits). */
export interface PaymentRowState {
  lineId: number | null;
  additionalChargeId: number | null;
  amountCents: Cents;
  kind: string;
  source: string;
  status: string;
  paymentMethodId: number | null;
}

export interface HouseState {
  processorType: ProcessorType | null;
  paymentProcessingEnabled: boolean;
}

export interface EditState {
  invoice: InvoiceState;
  lines: LineState[];
  additional: AdditionalChargeState[];
  payments: PaymentRowState[];
  house: HouseState;
}

// --- predicates -----------------------------------------------------------------------------------

export const isPendingStat = (stat: string | null | undefined) => onlinePaymentState(stat) === 'pending';
export const isPaidStat = (stat: string | null | undefined) => onlinePaymentState(stat) === 'paid';

/** Processor p with payment processing enabled: online payment, and charges after payment become additional charges. */
export function takesOnlinePayments(house: { processorType?: ProcessorType | string | null; paymentProcessingEnabled: boolean }): boolean {
  return house.processorType === 'p' && house.paymentProcessingEnabled;
}

/** US invoice under processor p: tax is computed, never taken from the form (spec section 5). */
export function taxIsComputed(s: Pick<EditState, 'invoice' | 'house'>): boolean {
  return usesStateSalesTax(s.house.processorType, s.invoice);
}

export function linePaid(l: Pick<LineState, 'paid' | 'paidDate' | 'onlinePaymentStat'>): boolean {
  return l.paid || (l.paidDate !== null && l.paidDate !== undefined) || isPaidStat(l.onlinePaymentStat);
}

/** Paid, or some amount paid on it. */
export function lineHasPayment(l: Pick<LineState, 'paid' | 'paidDate' | 'onlinePaymentStat' | 'amountPaidCents'>): boolean {
  return linePaid(l) || l.amountPaidCents > 0;
}

export function invoiceFullyPaid(inv: Pick<InvoiceState, 'allPaid' | 'onlinePaymentStat'>): boolean {
  return inv.allPaid || isPaidStat(inv.onlinePaymentStat);
}

export function allVisibleLotsPaid(lines: readonly Pick<LineState, 'suppress' | 'paid' | 'paidDate' | 'onlinePaymentStat'>[]): boolean {
  const visible = lines.filter((l) => !l.suppress);
  return visible.length > 0 && visible.every(linePaid);
}

/** Some online payment of the invoice is in flight (the invoice's, a lot's, or a recorded pending payment). */
export function hasPendingPayment(s: Pick<EditState, 'invoice' | 'lines' | 'payments'>): boolean {
  return (
    isPendingStat(s.invoice.onlinePaymentStat) ||
    s.lines.some((l) => isPendingStat(l.onlinePaymentStat)) ||
    s.payments.some((p) => p.status === 'pending')
  );
}

export function additionalPaid(a: Pick<AdditionalChargeState, 'paid' | 'paidDate' | 'onlinePaymentStat'>): boolean {
  return a.paid || (a.paidDate !== null && a.paidDate !== undefined) || isPaidStat(a.onlinePaymentStat);
}

/** Spec section 4: an additional charge is locked when paid or pending. */
export function additionalLocked(a: Pick<AdditionalChargeState, 'paid' | 'paidDate' | 'onlinePaymentStat'>): boolean {
  return additionalPaid(a) || isPendingStat(a.onlinePaymentStat);
}

/**
 * Spec section 4: charges are entered as additional charges when every non-hidden lot is paid (or
 * the invoice is fully paid) and the processor is p with online payment enabled.
 */
export function chargesAreAdditional(s: Pick<EditState, 'invoice' | 'lines' | 'house'>): boolean {
  return takesOnlinePayments(s.house) && paidForAdditional(s.invoice, s.lines);
}

/** The invoice side of chargesAreAdditional: fully paid, or every visible lot paid (the read path uses it too). */
export function paidForAdditional(
  inv: Pick<InvoiceState, 'allPaid' | 'onlinePaymentStat'>,
  lines: readonly Pick<LineState, 'suppress' | 'paid' | 'paidDate' | 'onlinePaymentStat'>[],
): boolean {
  return invoiceFullyPaid(inv) || allVisibleLotsPaid(lines);
}

/** A card or ACH payment method: any id but the offline ones (cash, check, wire, PayPal, other); spec section 3: unknown ids are cards. */
export function isCardOrAchMethod(id: number | null | undefined): boolean {
  if (id === null || id === undefined) return false;
  return PAYMENT_METHODS.find((m) => m.id === id)?.type !== 'offline';
}

export function paidByCardOrAch(s: Pick<EditState, 'invoice' | 'lines' | 'payments'>): boolean {
  if (isPaidStat(s.invoice.onlinePaymentStat) || isCardOrAchMethod(s.invoice.paymentMethodId)) return true;
  if (s.lines.some((l) => !l.suppress && isCardOrAchMethod(l.paymentMethodId))) return true;
  return s.payments.some(
    (p) =>
      p.kind === 'payment' && p.status === 'settled' && (p.source === 'card' || p.source === 'ach' || isCardOrAchMethod(p.paymentMethodId)),
  );
}

/** Additional charges that count: not hidden, and not on a hidden lot. */
export function countedAdditional(s: Pick<EditState, 'lines' | 'additional'>): AdditionalChargeState[] {
  const hiddenLines = new Set(s.lines.filter((l) => l.suppress).map((l) => l.id));
  return s.additional.filter((a) => !a.hidden && (a.lineId === null || !hiddenLines.has(a.lineId)));
}

export const chargeTotal = (c: ChargeCents): Cents => c.tax + c.shipping + c.insurance + c.other;

export const sameCharges = (a: ChargeCents, b: ChargeCents) =>
  a.tax === b.tax && a.shipping === b.shipping && a.insurance === b.insurance && a.other === b.other;

/** "Lot 12A" (or "Lot #id" when the line has no number). */
export function lotName(l: Pick<LineState, 'lotNumber' | 'lotExt' | 'lotId'>): string {
  const n = `${l.lotNumber ?? ''}${l.lotExt ?? ''}`;
  return n ? `Lot ${n}` : `Lot #${l.lotId}`;
}

// --- loading ----------------------------------------------------------------------------------------
// The state is a view of the tables' one read model (invoice-records.ts, additional-charge-records.ts,
// payment-records.ts): no row is converted here.

function invoiceStateOf(r: InvoiceRecord): InvoiceState {
  return {
    id: r.id,
    groupId: r.groupId,
    channel: r.channel,
    countryCode: r.countryCode,
    stateCode: r.stateCode,
    province: r.province,
    applyCostPerLot: r.applyCostPerLot,
    pickup: r.pickup,
    notes: r.notes,
    allPaid: r.allPaid,
    paymentMethodId: r.paymentMethodId,
    onlinePaymentStat: r.onlinePaymentStat,
    charges: { tax: r.taxCents, shipping: r.shippingCents, insurance: r.insuranceCents, other: r.otherCents },
    invoiceTotalCents: r.invoiceTotalCents,
    paymentsMadeCents: r.paymentsMadeCents,
    version: r.version,
  };
}

function lineStateOf(r: InvoiceLineRecord): LineState {
  return {
    id: r.id,
    lotId: r.lotId,
    lotNumber: r.lotNumber,
    lotExt: r.lotExt,
    channel: r.channel,
    suppress: r.suppress,
    paid: r.paid,
    paidDate: r.paidDate,
    paymentMethodId: r.paymentMethodId,
    amountPaidCents: r.amountPaidCents,
    onlinePaymentStat: r.onlinePaymentStat,
    totalCents: r.totalCents,
    charges: { tax: r.taxEnteredCents, shipping: r.shippingCents, insurance: r.insuranceCents, other: r.otherStaffCents },
    hammerCents: r.hammerCents,
    premiumCents: r.premiumCents,
    liveFeeCents: r.liveFeeCents,
    hammerOverrideCents: r.hammerOverrideCents,
    premiumOverrideCents: r.premiumOverrideCents,
    liveFeeOverrideCents: r.liveFeeOverrideCents,
  };
}

function additionalStateOf(r: AdditionalChargeRecord): AdditionalChargeState {
  return {
    id: r.id,
    lineId: r.lineId,
    charges: { tax: r.taxCents, shipping: r.shippingCents, insurance: r.insuranceCents, other: r.otherCents },
    hidden: r.hidden,
    paid: r.paid,
    paidDate: r.paidDate,
    onlinePaymentStat: r.onlinePaymentStat,
  };
}

/** Everything the rules read: what the mutation loaded with the row lock (no further query). */
export function loadEditState(ctx: MutationContext, house: HouseState): EditState {
  return {
    invoice: invoiceStateOf(ctx.invoice),
    lines: ctx.lines.map(lineStateOf),
    additional: ctx.additional.map(additionalStateOf),
    payments: ctx.payments,
    house,
  };
}

/**
 * Thrown inside a mutation when the request changes nothing (a double click, a re-sent Save): the
 * transaction rolls back, so the version does not move and no empty audit record is written, and
 * the caller answers success with the version it already had.
 */
export class NoChange extends Error {
  constructor(readonly version: number) {
    super('No change');
  }
}
