/**
 * The one place an invoice becomes the spec's Invoice shape (spec 000 section 3: Invoice, Invoice
 * detail, Group detail response), for every read call: groupDetailInfo, groupDetailInfoByInvoice
 * and /api/invoices. Statuses come from the invoice arithmetic's status functions, amounts from
 * the stored rounded cents (money-json.ts explains how they travel), so the same invoice shows the
 * same cents and the same texts through every call.
 *
 * Fields of later issues answer their neutral value, each marked with the issue that fills it:
 * additional charges (issue 5: additionalPriceInfo, additionalCharge), card charging and
 * auto-charge (the card-charging issue: creditCardLimitExceeded, batchChargeEligible,
 * batchChargIneligibilityReason, autoChargeDate), disputes (canOpenDispute's dispute rules).
 */
import type { Cents } from '../../../core/money/money';
import { COMPANY_ID_OF, type Platform } from '../../bidders/member.entity';
import { sumCents } from '../math/cents';
import type { GroupTotals } from '../math/invoice-totals';
import {
  formatUsDate,
  invoiceStatusText,
  itemStatusLabel,
  shipStatus,
  truncateName,
  type InvoiceStatusText,
  type ItemStatusLabel,
  type ShipStatus,
} from '../math/statuses';
import { paymentMethodName } from '../editing/marks/payment-methods';
import type { InvoiceLineRecord, InvoiceRecord } from './invoice-records';
import {
  additionalPriceInfoView,
  chargesAsAdditional,
  countedAdditionalCents,
  type AdditionalChargeRecord,
  type AdditionalPriceInfoView,
} from '../editing/charges/charges.view';
import { amount, amounts, currencySymbol } from './money-json';
import { eligibilityOfRecords, type EligibilityHouse } from '../payments/charging/charge-eligibility';
import type { PaymentMethodOnFile } from '../payments/methods/payment-methods-on-file.service';

/** The seven amounts of a price, in the spec's spelling (`livefee`). */
export interface PriceCents {
  hammer: Cents;
  premium: Cents;
  livefee: Cents;
  tax: Cents;
  shipping: Cents;
  insurance: Cents;
  other: Cents;
}

export type PriceAmounts = { [K in keyof PriceCents]: number };

export type TotalPrice = PriceAmounts & { currencySymbol: string };

export interface FeeView {
  label: string;
  amount: number;
  amountCents: Cents;
}

/** The spec's invoice detail (a lot line), plus derived texts and the cents of every amount. */
export interface InvoiceDetailView {
  invoiceDetailID: number;
  lotID: number;
  lotRef: string | null;
  lotNum: string | null;
  lotNumExt: string | null;
  /** Number and extension as shown: '12A'. */
  lotNumber: string;
  /** No bidder-facing lot page exists in this product: always null. */
  lotURL: string | null;
  lotTitle: string;
  /** The session's reference (catalogRef), as `catalogs[].identifier` of the group details. */
  saleIdentifier: string | null;
  catalogID: number;
  suppress: boolean;
  restricted: boolean;
  paid: boolean;
  /** YYYY-MM-DD or null. */
  paidDate: string | null;
  /** MM/DD/YYYY or null. */
  paidDateString: string | null;
  shipped: boolean;
  shippedDate: string | null;
  shippedDateString: string | null;
  totalAmount: number;
  totalAmountCents: Cents;
  totalAmountPaid: number;
  totalAmountPaidCents: Cents;
  paymentMethod: string | null;
  paymentMethodID: number | null;
  disputeRef: string | null;
  canOpenDispute: boolean;
  onlinePaymentStat: string | null;
  priceInfo: PriceAmounts & { suppress: boolean };
  priceInfoCents: PriceCents;
  /** The template fees carried in Other, by fee type. */
  fees: FeeView[];
  /** Floor edits that replaced computed values. */
  overridden: { hammer: boolean; premium: boolean; livefee: boolean };
  taxCalculationError: boolean;
  /** Not Sent, Sent, Paid or Shipped (spec section 4). */
  itemStatus: ItemStatusLabel;
  /** The charges staff entered on the lot (tax: the entered part, added to the computed tax), what the charges form starts from. */
  enteredCharges: { tax: number; shipping: number; insurance: number; other: number };
  enteredChargesCents: { tax: Cents; shipping: Cents; insurance: Cents; other: Cents };
  /** The lot's additional charge (charges added after payment), or null. */
  additionalPriceInfo: AdditionalPriceInfoView | null;
  /** Charges entered on this lot now become an additional charge (the invoice's rule, false on a hidden lot). */
  additionalCharge: boolean;
}

/** The spec's Invoice, plus the derived texts the screens need and the cents of every amount. */
export interface InvoiceView {
  /** The record id every call takes (invoice id lists, preview, edits). */
  invoiceID: number;
  /** The number shown as 'Invoice #' (unique per house). */
  invoiceNumber: number;
  invoiceGroupID: number;
  approvalID: number;
  memberID: number;
  firstName: string;
  lastName: string;
  /** First and last name. */
  name: string;
  /** The name cut to 22 characters plus '...' when over 25 (spec section 9). */
  displayName: string;
  email: string | null;
  companyName: string | null;
  /** 3 private label, 4 partner marketplace, 9 floor bidder, null for the main marketplace. */
  companyID: number | null;
  /** The platform tag shown beside the name: INV, PL, AZ or Floor. */
  platform: Platform;
  paddleNumber: number;
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  province: string | null;
  postalCode: string | null;
  country: string | null;
  phone: string | null;
  /** City, state or province, country, as the screens print it. */
  location: string;
  /** 'Floor' or 'Online' (spec: channel, Floor or online). */
  channel: 'Floor' | 'Online';
  notes: string | null;
  pickup: boolean;
  allPaid: boolean;
  currencyCode: string;
  itemCount: number;
  invoiceTotal: number;
  invoiceTotalCents: Cents;
  outStandingBalance: number;
  outStandingBalanceCents: Cents;
  /** Payments made (settled payments net of refunds). */
  invoicePaid: number;
  invoicePaidCents: Cents;
  /** ISO timestamp of the last send, or null. */
  invoiceSentDate: string | null;
  /** MM/DD/YYYY of the last send, or null. */
  invoiceSentDateString: string | null;
  onlinePaymentStat: string | null;
  applyCostPerLot: boolean;
  /** Some line has a Floor edit of hammer, premium or live fee. */
  costsOverride: boolean;
  /** Without additional charges. */
  totalPrice: TotalPrice;
  totalPriceCents: PriceCents;
  /** With the additional charges that count, in their columns: these add up to invoiceTotalCents (the totals strip of a selection). */
  totalPriceWithAdditionalChargesCents: PriceCents;
  /** Invoice-level charges entered by staff. */
  invoiceCharges: { tax: number; shipping: number; insurance: number; other: number };
  invoiceChargesCents: { tax: Cents; shipping: Cents; insurance: Cents; other: Cents };
  /** Paid, Payment Pending, Payment Failed, Partial Paid, Sent or Not Sent. */
  invoiceStatus: InvoiceStatusText;
  /** Shipped (Picked Up on a pickup invoice), Partial or Not. */
  shipStatus: ShipStatus;
  /** MM/DD/YYYY of the latest shipped visible lot, or null. */
  shipDateString: string | null;
  /** YYYY-MM-DD the invoice was marked paid, or null. */
  paidDate: string | null;
  paidDateString: string | null;
  paymentMethodID: number | null;
  paymentMethod: string | null;
  editedAfterSend: boolean;
  taxCalculationError: boolean;
  /** Optimistic-locking version: edits send it back. */
  version: number;
  /** An internal note exists (the note icon is highlighted). */
  hasNote: boolean;
  /** The invoice's own additional charge (invoice-level charging), or null. */
  additionalPriceInfo: AdditionalPriceInfoView | null;
  /** Charges entered now become additional charges (paid invoice, processor p with online payment; spec section 4). */
  additionalCharge: boolean;
  /** Every additional charge that counts (lots' and the invoice's, not hidden), included in invoiceTotal. */
  additionalTotal: number;
  additionalTotalCents: Cents;
  /** The bidder's default card has a known limit below the amount a charge would take (issue 11). */
  creditCardLimitExceeded: boolean;
  /** The batch-charge eligibility of spec section 8 (payments/charging/charge-eligibility.ts); the reason's text when not. */
  batchChargeEligible: boolean;
  batchChargIneligibilityReason: string | null;
  /** TODO(card charging and auto-charge issue). */
  autoChargeDate: string | null;
  /** Every line, hidden ones included (flagged `suppress`); absent on list records. */
  invoiceDetails?: InvoiceDetailView[];
}

export interface SessionRef {
  catalogRef: string;
}

export interface InvoiceViewOptions {
  /** Sessions by catalog id, for the lines' saleIdentifier. */
  sessions: ReadonlyMap<number, SessionRef>;
  /** Answer `invoiceDetails` (false for list records, which still use the lines for statuses). */
  includeDetails?: boolean;
  /** Additional charges by invoice id (none when absent). */
  additionalCharges?: ReadonlyMap<number, readonly AdditionalChargeRecord[]>;
  /** The house takes online payments (processor p, payment processing enabled). */
  onlinePayments?: boolean;
  /** What batch-charge eligibility reads besides the invoice and its lines (absent: not eligible). */
  charging?: ChargingContext;
}

/** Issue 11: the house's processing, the bidders' methods on file and the invoices with a pending payment. */
export interface ChargingContext {
  house: EligibilityHouse;
  /** By member id, default first. */
  methods: ReadonlyMap<number, readonly PaymentMethodOnFile[]>;
  pendingPayments: ReadonlySet<number>;
  /** Invoices with an open charge attempt (started, or unknown until reconciled). */
  openAttempts: ReadonlySet<number>;
  /** By invoice group id: the card ids its buy-now sale accepts (null or absent: the house's cards). */
  acceptedCards?: ReadonlyMap<number, readonly number[] | null>;
  now: Date;
}

/** Spec section 3, Payment method: 3 Visa, 4 MasterCard, 5 Discover, 6 American Express; 11 ACH; the offline methods by name; others display as card. */
export { paymentMethodName };

const usDate = (iso: string | null): string | null => (iso ? formatUsDate(iso) : null);

/** The seven amounts of a price (spelled out: this runs for every line of a group). */
function priceAmounts(c: PriceCents): PriceAmounts {
  return {
    hammer: amount(c.hammer),
    premium: amount(c.premium),
    livefee: amount(c.livefee),
    tax: amount(c.tax),
    shipping: amount(c.shipping),
    insurance: amount(c.insurance),
    other: amount(c.other),
  };
}

/** Fees plus staff's other charges; the exact BigInt sum only when the plain one is not a safe integer (it then refuses it). */
function otherCents(line: InvoiceLineRecord): Cents {
  const sum = line.feesCents + line.otherStaffCents;
  return Number.isSafeInteger(sum) ? sum : sumCents([line.feesCents, line.otherStaffCents]);
}

function lotNumberText(num: string | null, ext: string | null): string {
  return `${num ?? ''}${ext ?? ''}`;
}

function invoiceDetailView(
  line: InvoiceLineRecord,
  invoice: Pick<InvoiceRecord, 'channel' | 'sentAt'>,
  opts: InvoiceViewOptions,
  additional: { charge: AdditionalChargeRecord | null; asAdditional: boolean } = { charge: null, asAdditional: false },
): InvoiceDetailView {
  const priceCents: PriceCents = {
    hammer: line.hammerCents,
    premium: line.premiumCents,
    livefee: line.liveFeeCents,
    tax: line.taxCents,
    shipping: line.shippingCents,
    insurance: line.insuranceCents,
    other: otherCents(line),
  };
  const sent = !!invoice.sentAt;
  return {
    invoiceDetailID: line.id,
    lotID: line.lotId,
    lotRef: line.lotRef,
    lotNum: line.lotNumber,
    lotNumExt: line.lotExt,
    lotNumber: lotNumberText(line.lotNumber, line.lotExt),
    lotURL: null,
    lotTitle: line.lotTitle,
    saleIdentifier: opts.sessions.get(line.catalogId)?.catalogRef ?? null,
    catalogID: line.catalogId,
    suppress: line.suppress,
    restricted: line.restricted,
    paid: line.paid,
    paidDate: line.paidDate,
    paidDateString: usDate(line.paidDate),
    shipped: line.shipped,
    shippedDate: line.shippedDate,
    shippedDateString: usDate(line.shippedDate),
    totalAmount: amount(line.totalCents),
    totalAmountCents: line.totalCents,
    totalAmountPaid: amount(line.amountPaidCents),
    totalAmountPaidCents: line.amountPaidCents,
    paymentMethod: paymentMethodName(line.paymentMethodId),
    paymentMethodID: line.paymentMethodId,
    disputeRef: line.disputeRef,
    // TODO(disputes issue): the line's own dispute rules (time since sending, amounts); the UI adds super users.
    canOpenDispute: invoice.channel !== 'Floor' && !line.disputeRef && sent && !line.paid && !line.suppress,
    onlinePaymentStat: line.onlinePaymentStat,
    priceInfo: { ...priceAmounts(priceCents), suppress: line.suppress },
    priceInfoCents: priceCents,
    fees: (line.feeLabels ?? []).map((f) => ({ label: f.label, amount: amount(f.cents), amountCents: f.cents })),
    overridden: {
      hammer: line.hammerOverrideCents != null,
      premium: line.premiumOverrideCents != null,
      livefee: line.liveFeeOverrideCents != null,
    },
    taxCalculationError: line.taxCalculationError,
    itemStatus: itemStatusLabel({ invoiceSent: sent, paidDate: line.paidDate, shippedDate: line.shippedDate }),
    enteredCharges: {
      tax: amount(line.taxEnteredCents),
      shipping: amount(line.shippingCents),
      insurance: amount(line.insuranceCents),
      other: amount(line.otherStaffCents),
    },
    enteredChargesCents: {
      tax: line.taxEnteredCents,
      shipping: line.shippingCents,
      insurance: line.insuranceCents,
      other: line.otherStaffCents,
    },
    additionalPriceInfo: additional.charge ? additionalPriceInfoView(additional.charge) : null,
    additionalCharge: additional.asAdditional && !line.suppress,
  };
}

/** `lines`: every line of the invoice (hidden ones included), in display order. */
export function invoiceView(inv: InvoiceRecord, lines: readonly InvoiceLineRecord[], opts: InvoiceViewOptions): InvoiceView {
  const visible = lines.filter((l) => !l.suppress);
  const name = `${inv.firstName} ${inv.lastName}`.trim();
  const extras = opts.additionalCharges?.get(inv.id) ?? [];
  // The stored totals include the additional charges that count; totalPrice leaves them out.
  const add = countedAdditionalCents(extras, new Set(lines.filter((l) => l.suppress).map((l) => l.id)));
  const asAdditional = chargesAsAdditional(inv, lines, opts.onlinePayments ?? false);
  const totalCents: PriceCents = {
    hammer: inv.hammerTotalCents,
    premium: inv.premiumTotalCents,
    livefee: inv.liveFeeTotalCents,
    tax: inv.taxTotalCents - add.tax,
    shipping: inv.shippingTotalCents - add.shipping,
    insurance: inv.insuranceTotalCents - add.insurance,
    other: inv.otherTotalCents - add.other,
  };
  const chargesCents = { tax: inv.taxCents, shipping: inv.shippingCents, insurance: inv.insuranceCents, other: inv.otherCents };
  const c = opts.charging;
  const charging = c
    ? eligibilityOfRecords(
        {
          invoice: inv,
          lines,
          additional: extras,
          pendingPayment: c.pendingPayments.has(inv.id),
          openAttempt: c.openAttempts.has(inv.id),
          acceptedCardIds: c.acceptedCards?.get(inv.groupId) ?? null,
        },
        c.house,
        c.methods.get(inv.memberId)?.[0] ?? null,
        c.now,
      )
    : null;
  const shipDates = visible
    .filter((l) => l.shipped && l.shippedDate)
    .map((l) => l.shippedDate as string)
    .sort();
  const view: InvoiceView = {
    invoiceID: inv.id,
    invoiceNumber: inv.invoiceNumber,
    invoiceGroupID: inv.groupId,
    approvalID: inv.approvalId,
    memberID: inv.memberId,
    firstName: inv.firstName,
    lastName: inv.lastName,
    name,
    displayName: truncateName(name),
    email: inv.email,
    companyName: inv.companyName,
    companyID: inv.companyId ?? COMPANY_ID_OF[inv.channel] ?? null,
    platform: inv.channel,
    paddleNumber: inv.paddleNumber,
    street1: inv.street1,
    street2: inv.street2,
    city: inv.city,
    state: inv.stateCode,
    province: inv.province,
    postalCode: inv.postalCode,
    country: inv.countryCode,
    phone: inv.phone,
    location: [inv.city, inv.stateCode || inv.province, inv.countryCode].filter((p) => !!p && p.trim() !== '').join(', '),
    channel: inv.channel === 'Floor' ? 'Floor' : 'Online',
    notes: inv.notes,
    pickup: inv.pickup,
    allPaid: inv.allPaid,
    currencyCode: inv.currencyCode,
    itemCount: inv.itemCount,
    invoiceTotal: amount(inv.invoiceTotalCents),
    invoiceTotalCents: inv.invoiceTotalCents,
    outStandingBalance: amount(inv.balanceCents),
    outStandingBalanceCents: inv.balanceCents,
    invoicePaid: amount(inv.paymentsMadeCents),
    invoicePaidCents: inv.paymentsMadeCents,
    invoiceSentDate: inv.sentAt ? inv.sentAt.toISOString() : null,
    invoiceSentDateString: inv.sentAt ? formatUsDate(inv.sentAt) : null,
    onlinePaymentStat: inv.onlinePaymentStat,
    applyCostPerLot: inv.applyCostPerLot,
    costsOverride: lines.some((l) => l.hammerOverrideCents != null || l.premiumOverrideCents != null || l.liveFeeOverrideCents != null),
    totalPrice: { ...priceAmounts(totalCents), currencySymbol: currencySymbol(inv.currencyCode) },
    totalPriceCents: totalCents,
    totalPriceWithAdditionalChargesCents: {
      ...totalCents,
      tax: inv.taxTotalCents,
      shipping: inv.shippingTotalCents,
      insurance: inv.insuranceTotalCents,
      other: inv.otherTotalCents,
    },
    invoiceCharges: amounts(chargesCents),
    invoiceChargesCents: chargesCents,
    invoiceStatus: invoiceStatusText({
      allPaid: inv.allPaid,
      onlinePaymentStat: inv.onlinePaymentStat,
      sent: !!inv.sentAt,
      paymentsMade: inv.paymentsMadeCents,
      outstandingBalance: inv.balanceCents,
      anyLinePaid: visible.some((l) => l.paid),
    }),
    shipStatus: shipStatus({ pickup: inv.pickup, lines: lines.map((l) => ({ shipped: l.shipped, hidden: l.suppress })) }),
    shipDateString: shipDates.length ? formatUsDate(shipDates[shipDates.length - 1]) : null,
    paidDate: inv.paidDate,
    paidDateString: usDate(inv.paidDate),
    paymentMethodID: inv.paymentMethodId,
    paymentMethod: paymentMethodName(inv.paymentMethodId),
    editedAfterSend: inv.editedAfterSend,
    taxCalculationError: inv.taxCalculationError,
    version: inv.version,
    hasNote: !!inv.notes && inv.notes.trim() !== '',
    additionalPriceInfo: ((a) => (a ? additionalPriceInfoView(a) : null))(extras.find((a) => a.lineId === null)),
    additionalCharge: asAdditional,
    additionalTotal: amount(add.total),
    additionalTotalCents: add.total,
    creditCardLimitExceeded: charging?.creditCardLimitExceeded ?? false,
    batchChargeEligible: charging?.eligible ?? false,
    batchChargIneligibilityReason: charging?.reasonText ?? null,
    autoChargeDate: usDate(inv.autoChargeDate ?? null),
  };
  if (opts.includeDetails !== false) {
    view.invoiceDetails = lines.map((l) =>
      invoiceDetailView(l, inv, opts, { charge: extras.find((a) => a.lineId === l.id) ?? null, asAdditional }),
    );
  }
  return view;
}

const priceOf = (g: GroupTotals): PriceCents => ({
  hammer: g.hammer,
  premium: g.premium,
  livefee: g.liveFee,
  tax: g.tax,
  shipping: g.shipping,
  insurance: g.insurance,
  other: g.other,
});

/** The Edit Invoices totals strip (spec section 2) and the details page's totals, as amounts. */
export interface TotalsStrip {
  totalInvoices: number;
  totalItems: number;
  totalHammer: number;
  totalBP: number;
  totalLiveFee: number;
  totalTax: number;
  totalSH: number;
  totalInsurance: number;
  totalOther: number;
  invoiceTotal: number;
  /** Outstanding balance of the group: what is still to be collected. */
  pendingCharges: number;
  paymentsMade: number;
}

export type TotalsStripCents = Omit<{ [K in keyof TotalsStrip]: Cents }, 'totalInvoices' | 'totalItems'>;

export interface GroupTotalsView {
  /** Without additional charges. */
  totalPrice: TotalPrice;
  totalPriceCents: PriceCents;
  totalPriceWithAdditionalCharges: TotalPrice;
  totalPriceWithAdditionalChargesCents: PriceCents;
  /** Invoice Total of the group (with additional charges). */
  totalAmount: number;
  totalAmountCents: Cents;
  outStandingBalance: number;
  outStandingBalanceCents: Cents;
  totals: TotalsStrip;
  totalsCents: TotalsStripCents;
}

/** The four charge columns of the group's additional charges that count (they are inside GroupTotals' columns). */
export interface AdditionalColumns {
  tax: Cents;
  shipping: Cents;
  insurance: Cents;
  other: Cents;
}

/**
 * The group's totals as the calls answer them, from the math module's GroupTotals (sums of the
 * invoices' stored rounded amounts; hidden lines are in none of them). `totalPrice` leaves the
 * additional charges out (`additional`: their columns), `totalPriceWithAdditionalCharges` and the
 * strip keep them.
 */
export function groupTotalsView(
  all: GroupTotals,
  currencyCode: string,
  additional: AdditionalColumns = { tax: 0, shipping: 0, insurance: 0, other: 0 },
): GroupTotalsView {
  const symbol = currencySymbol(currencyCode);
  const stripCents: TotalsStripCents = {
    totalHammer: all.hammer,
    totalBP: all.premium,
    totalLiveFee: all.liveFee,
    totalTax: all.tax,
    totalSH: all.shipping,
    totalInsurance: all.insurance,
    totalOther: all.other,
    invoiceTotal: all.total,
    pendingCharges: all.outstandingBalance,
    paymentsMade: all.paymentsMade,
  };
  const withAdditional = priceOf(all);
  const price: PriceCents = {
    ...withAdditional,
    tax: withAdditional.tax - additional.tax,
    shipping: withAdditional.shipping - additional.shipping,
    insurance: withAdditional.insurance - additional.insurance,
    other: withAdditional.other - additional.other,
  };
  return {
    totalPrice: { ...priceAmounts(price), currencySymbol: symbol },
    totalPriceCents: price,
    totalPriceWithAdditionalCharges: { ...priceAmounts(priceOf(all)), currencySymbol: symbol },
    totalPriceWithAdditionalChargesCents: priceOf(all),
    totalAmount: amount(all.total),
    totalAmountCents: all.total,
    outStandingBalance: amount(all.outstandingBalance),
    outStandingBalanceCents: all.outstandingBalance,
    totals: { totalInvoices: all.invoices, totalItems: all.items, ...amounts(stripCents) },
    totalsCents: stripCents,
  };
}
