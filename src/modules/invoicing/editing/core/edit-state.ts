/**
 * The state of one invoice as the editing rules read it (charges, hide/show, delivery mode, floor
 * edits), loaded inside the mutation's transaction from the locked invoice row, its lines, its
 * additional charges and its non-voided payments, and the payment predicates of spec 000 section 4
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
  paidDate: unknown;
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
  paidDate: unknown;
  onlinePaymentStat: string | null;
}

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
export function takesOnlinePayments(house: HouseState): boolean {
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
  return takesOnlinePayments(s.house) && (invoiceFullyPaid(s.invoice) || allVisibleLotsPaid(s.lines));
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

type Row = Record<string, unknown>;
const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export function invoiceStateOf(r: Row): InvoiceState {
  return {
    id: r.id as number,
    groupId: r.group_id as number,
    channel: String(r.channel),
    countryCode: strOrNull(r.country_code),
    stateCode: strOrNull(r.state_code),
    province: strOrNull(r.province),
    applyCostPerLot: r.apply_cost_per_lot as boolean,
    pickup: r.pickup as boolean,
    notes: strOrNull(r.notes),
    allPaid: r.all_paid as boolean,
    paymentMethodId: numOrNull(r.payment_method_id),
    onlinePaymentStat: strOrNull(r.online_payment_stat),
    charges: { tax: num(r.tax_cents), shipping: num(r.shipping_cents), insurance: num(r.insurance_cents), other: num(r.other_cents) },
    invoiceTotalCents: num(r.invoice_total_cents),
    paymentsMadeCents: num(r.payments_made_cents),
    version: num(r.version),
  };
}

export function lineStateOf(r: Row): LineState {
  return {
    id: r.id as number,
    lotId: r.lot_id as number,
    lotNumber: strOrNull(r.lot_number),
    lotExt: strOrNull(r.lot_ext),
    channel: strOrNull(r.channel),
    suppress: r.suppress as boolean,
    paid: r.paid as boolean,
    paidDate: r.paid_date ?? null,
    paymentMethodId: numOrNull(r.payment_method_id),
    amountPaidCents: num(r.amount_paid_cents),
    onlinePaymentStat: strOrNull(r.online_payment_stat),
    totalCents: num(r.total_cents),
    charges: {
      tax: num(r.tax_entered_cents),
      shipping: num(r.shipping_cents),
      insurance: num(r.insurance_cents),
      other: num(r.other_staff_cents),
    },
    hammerCents: num(r.hammer_cents),
    premiumCents: num(r.premium_cents),
    liveFeeCents: num(r.live_fee_cents),
    hammerOverrideCents: numOrNull(r.hammer_override_cents),
    premiumOverrideCents: numOrNull(r.premium_override_cents),
    liveFeeOverrideCents: numOrNull(r.live_fee_override_cents),
  };
}

export function additionalStateOf(r: Row): AdditionalChargeState {
  return {
    id: r.id as number,
    lineId: numOrNull(r.line_id),
    charges: { tax: num(r.tax_cents), shipping: num(r.shipping_cents), insurance: num(r.insurance_cents), other: num(r.other_cents) },
    hidden: r.hidden as boolean,
    paid: r.paid as boolean,
    paidDate: r.paid_date ?? null,
    onlinePaymentStat: strOrNull(r.online_payment_stat),
  };
}

/** Everything the rules read, from the locked rows of the mutation plus two queries in its transaction. */
export async function loadEditState(ctx: MutationContext, houseId: number, house: HouseState): Promise<EditState> {
  const invoiceId = ctx.before.id as number;
  // One after the other: the transaction has one connection.
  const additional = await ctx.exec('select * from invoice_additional_charge where invoice_id = ? and house_id = ? order by id', [
    invoiceId,
    houseId,
  ]);
  const payments = await ctx.exec(
    `select line_id, additional_charge_id, amount_cents, kind, source, status, payment_method_id
       from invoice_payment where invoice_id = ? and house_id = ? and voided_at is null`,
    [invoiceId, houseId],
  );
  return {
    invoice: invoiceStateOf(ctx.before),
    lines: ctx.linesBefore.map(lineStateOf),
    additional: additional.map(additionalStateOf),
    payments: payments.map((p) => ({
      lineId: numOrNull(p.line_id),
      additionalChargeId: numOrNull(p.additional_charge_id),
      amountCents: num(p.amount_cents),
      kind: String(p.kind),
      source: String(p.source),
      status: String(p.status),
      paymentMethodId: numOrNull(p.payment_method_id),
    })),
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

/** A request's expected invoice (id, and the version the caller saw), as every write names it. */
export interface InvoiceTarget {
  invoiceId: number;
  version: number | null;
}
