/**
 * Whether an invoice can be charged in a batch, why not, and how much (issue 11 "Batch charge",
 * spec 000 sections 4 and 8). Pure: the read path (invoice.view.ts flags), the
 * `groupInfo/processCards` call and the charge itself (inside the invoice's row lock) all answer
 * from this one function. docs/decisions/card-charging.md gives the precedence and the texts.
 *
 * - Amount: the unpaid balance; for a paid invoice, its unpaid additional charges (not hidden, not
 *   on a hidden lot, not paid, not pending), never more than the balance, so a batch can be run
 *   again for charges added after payment.
 * - The reasons are checked in CHARGE_INELIGIBILITY_REASONS order; the first that applies is answered.
 */
import {
  CHARGE_AFTER_SEND_MS,
  CHARGE_INELIGIBILITY_TEXT,
  cardAcceptedBySale,
  cardProcessingAllowed,
  type ChargeIneligibilityReason,
} from '@ar/rules';
import type { Cents } from '../../../../core/money/money';
import { invoiceIsPaid, onlinePaymentState } from '../../math/statuses';
import type { AdditionalChargeRecord } from '../../editing/charges/additional-charge-records';
import type { InvoiceLineRecord, InvoiceRecord } from '../../invoices/invoice-records';
import { paymentMethodIdOf, type TokenisedPaymentMethod } from '../gateway/payment-gateway';

export interface EligibilityHouse {
  processorType: string | null;
  paymentProcessingEnabled: boolean;
  /** Card processing needs a US house too (spec 000 section 6, `cardProcessingAllowed`). */
  countryCode: string | null;
}

export interface EligibilityInvoice {
  channel: string;
  sentAt: Date | null;
  editedAfterSend: boolean;
  taxCalculationError: boolean;
  allPaid: boolean;
  onlinePaymentStat: string | null;
  paymentsMadeCents: Cents;
  balanceCents: Cents;
  /** YYYY-MM-DD, when an auto-charge is scheduled (the auto-charge work sets it). */
  autoChargeDate?: string | null;
}

export interface EligibilityLine {
  suppress: boolean;
  restricted: boolean;
  paid: boolean;
  onlinePaymentStat: string | null;
}

export interface EligibilityAdditional {
  lineId: number | null;
  amountCents: Cents;
  hidden: boolean;
  paid: boolean;
  paidDate: string | null;
  onlinePaymentStat: string | null;
}

/** The bidder's default method on file (null: none). */
export interface EligibilityMethod {
  kind: 'card' | 'ach';
  cardLimitCents: number | null;
  /** The spec's payment method id (3 Visa, 4 MasterCard, 5 Discover, 6 American Express, 11 ACH). */
  paymentMethodId: number;
}

export interface EligibilityInput {
  house: EligibilityHouse;
  invoice: EligibilityInvoice;
  lines: readonly (EligibilityLine & { id: number })[];
  additional: readonly EligibilityAdditional[];
  /** Some recorded payment of the invoice is pending (ACH in flight). */
  pendingPayment: boolean;
  /** A charge attempt of the invoice is open (started, or its outcome unknown until reconciled). */
  openAttempt?: boolean;
  method: EligibilityMethod | null;
  /** The card ids the group's buy-now sale accepts (`binSaleSettingsOfGroupSql`); null or absent: the house's cards. */
  acceptedCardIds?: readonly number[] | null;
  now: Date;
  /** Reasons not asked (the auto-charge list and run ignore the timing reasons). */
  ignore?: readonly ChargeIneligibilityReason[];
}

export interface ChargeEligibility {
  eligible: boolean;
  reason: ChargeIneligibilityReason | null;
  /** The reason's text (null when eligible). */
  reasonText: string | null;
  /** What a charge would take now (0 when nothing is due). */
  amountCents: Cents;
  /** What is charged: the balance, or a paid invoice's unpaid additional charges. */
  purpose: 'balance' | 'additional';
  /** The default card has a known limit below the amount due (the card-limit banner). */
  creditCardLimitExceeded: boolean;
}

const isPending = (stat: string | null | undefined) => onlinePaymentState(stat) === 'pending';
const isPaid = (stat: string | null | undefined) => onlinePaymentState(stat) === 'paid';

/** Unpaid additional charges that count (not hidden, not on a hidden lot, neither paid nor pending). */
export function unpaidAdditionalCents(input: Pick<EligibilityInput, 'lines' | 'additional'>): Cents {
  const hiddenLines = new Set(input.lines.filter((l) => l.suppress).map((l) => l.id));
  let sum = 0;
  for (const a of input.additional) {
    if (a.hidden || (a.lineId !== null && hiddenLines.has(a.lineId))) continue;
    if (a.paid || a.paidDate !== null || isPaid(a.onlinePaymentStat) || isPending(a.onlinePaymentStat)) continue;
    sum += a.amountCents;
  }
  return sum;
}

/** The invoice counts as paid (the status rule of math/statuses.ts). */
export function invoicePaidForCharging(input: Pick<EligibilityInput, 'invoice' | 'lines'>): boolean {
  const inv = input.invoice;
  return invoiceIsPaid({
    allPaid: inv.allPaid,
    onlinePaymentStat: inv.onlinePaymentStat,
    paymentsMade: inv.paymentsMadeCents,
    outstandingBalance: inv.balanceCents,
    anyLinePaid: input.lines.some((l) => !l.suppress && l.paid),
  });
}

/** What a charge would take now and what it pays for. */
export function chargeAmount(input: Pick<EligibilityInput, 'invoice' | 'lines' | 'additional'>): {
  amountCents: Cents;
  purpose: 'balance' | 'additional';
} {
  const balance = Math.max(0, input.invoice.balanceCents);
  if (invoicePaidForCharging(input)) return { amountCents: Math.min(unpaidAdditionalCents(input), balance), purpose: 'additional' };
  return { amountCents: balance, purpose: 'balance' };
}

export function chargeEligibility(input: EligibilityInput): ChargeEligibility {
  const { amountCents, purpose } = chargeAmount(input);
  const m = input.method;
  const creditCardLimitExceeded = !!m && m.kind === 'card' && m.cardLimitCents !== null && amountCents > m.cardLimitCents;
  const reason = firstReason(input, amountCents, creditCardLimitExceeded);
  return {
    eligible: reason === null,
    reason,
    reasonText: reason === null ? null : CHARGE_INELIGIBILITY_TEXT[reason],
    amountCents,
    purpose,
    creditCardLimitExceeded,
  };
}

function firstReason(input: EligibilityInput, amount: Cents, limitExceeded: boolean): ChargeIneligibilityReason | null {
  const ignored = new Set(input.ignore ?? []);
  return firstReasonOf(input, amount, limitExceeded, (r) => !ignored.has(r));
}

function firstReasonOf(
  input: EligibilityInput,
  amount: Cents,
  limitExceeded: boolean,
  asked: (r: ChargeIneligibilityReason) => boolean,
): ChargeIneligibilityReason | null {
  const { house, invoice: inv, lines } = input;
  if (!cardProcessingAllowed(house)) return 'paymentProcessingDisabled';
  if (inv.channel === 'Floor') return 'floorBidder';
  if (amount <= 0) return 'paid';
  if (input.openAttempt) return 'chargeInProgress';
  if (input.pendingPayment || isPending(inv.onlinePaymentStat) || lines.some((l) => !l.suppress && isPending(l.onlinePaymentStat)))
    return 'pendingAch';
  if (!inv.sentAt) return 'notSent';
  if (inv.editedAfterSend) return 'editedAfterSend';
  if (asked('sentRecently') && input.now.getTime() - inv.sentAt.getTime() < CHARGE_AFTER_SEND_MS) return 'sentRecently';
  if (asked('autoChargeScheduled') && inv.autoChargeDate) return 'autoChargeScheduled';
  if (inv.taxCalculationError) return 'taxCalculationError';
  const visible = lines.filter((l) => !l.suppress);
  if (visible.some((l) => l.restricted && !l.paid)) return 'restrictedItems';
  if (lines.some((l) => l.suppress && !l.paid)) return 'itemsHidden';
  if (!input.method) return 'noCreditCard';
  if (!cardAcceptedBySale(input.method.paymentMethodId, input.acceptedCardIds ?? null)) return 'cardNotAccepted';
  if (limitExceeded) return 'cardLimitExceeded';
  return null;
}

/** The stored rows an invoice's eligibility reads (the read path and the charge share this). */
export interface EligibilityRecords {
  invoice: InvoiceRecord;
  lines: readonly InvoiceLineRecord[];
  additional: readonly AdditionalChargeRecord[];
  pendingPayment: boolean;
  openAttempt?: boolean;
  /** The card ids the group's buy-now sale accepts; null or absent: the house's cards. */
  acceptedCardIds?: readonly number[] | null;
}

/** The bidder's default method on file as stored (its brand gives the payment method id). */
export type MethodOnFile = Pick<TokenisedPaymentMethod, 'kind' | 'brand'> & { cardLimitCents: number | null };

/** `chargeEligibility` of stored rows, with the bidder's default method on file (null: none). */
export function eligibilityOfRecords(
  r: EligibilityRecords,
  house: EligibilityHouse,
  method: MethodOnFile | null,
  now: Date,
  ignore: readonly ChargeIneligibilityReason[] = [],
): ChargeEligibility {
  const inv = r.invoice;
  return chargeEligibility({
    house,
    invoice: {
      channel: inv.channel,
      sentAt: inv.sentAt,
      editedAfterSend: inv.editedAfterSend,
      taxCalculationError: inv.taxCalculationError,
      allPaid: inv.allPaid,
      onlinePaymentStat: inv.onlinePaymentStat,
      paymentsMadeCents: inv.paymentsMadeCents,
      balanceCents: inv.balanceCents,
      autoChargeDate: inv.autoChargeDate ?? null,
    },
    lines: r.lines,
    additional: r.additional.map((a) => ({ ...a, amountCents: additionalChargeCents(a) })),
    pendingPayment: r.pendingPayment,
    openAttempt: r.openAttempt ?? false,
    method: method ? { kind: method.kind, cardLimitCents: method.cardLimitCents, paymentMethodId: paymentMethodIdOf(method) } : null,
    acceptedCardIds: r.acceptedCardIds ?? null,
    now,
    ignore,
  });
}

/** What an additional charge adds (tax, shipping, insurance, other). */
export const additionalChargeCents = (
  a: Pick<AdditionalChargeRecord, 'taxCents' | 'shippingCents' | 'insuranceCents' | 'otherCents'>,
): Cents => a.taxCents + a.shippingCents + a.insuranceCents + a.otherCents;
