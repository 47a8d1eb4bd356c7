/**
 * Which editing action the screens offer, and in which form (spec 000 sections 4, 5 and 6). The
 * server enforces every one of these rules again; the screens use them to offer only what can
 * succeed. Pure functions, unit-tested beside.
 */
import type { HouseInfo } from '../../auth/types';
import { autoChargePath, previewPath } from '../routeParams';
import type { AdditionalPriceInfo, EditableDetail, EditableInvoice } from './editingTypes';

export type HouseSettings = Pick<HouseInfo, 'processorType' | 'paymentProcessingEnabled' | 'autoChargeEnabled' | 'countryCode'>;

/** Spec 000 section 4: onlinePaymentStat p, u, h, i = payment pending. */
export function isPendingStat(stat: string | null | undefined): boolean {
  return stat === 'p' || stat === 'u' || stat === 'h' || stat === 'i';
}

/** a = paid online. */
export function isPaidStat(stat: string | null | undefined): boolean {
  return stat === 'a';
}

const visibleLines = (inv: Pick<EditableInvoice, 'invoiceDetails'>) => (inv.invoiceDetails ?? []).filter((l) => !l.suppress);

/** The invoice is fully paid: its all-paid state, or every non-hidden lot paid. */
export function isFullyPaid(inv: Pick<EditableInvoice, 'allPaid' | 'invoiceDetails'>): boolean {
  if (inv.allPaid) return true;
  const visible = visibleLines(inv);
  return visible.length > 0 && visible.every((l) => l.paid);
}

/**
 * Spec 000 section 4: when every non-hidden lot is paid (or the invoice fully paid) and the
 * processor is p with online payment enabled, charges are entered as additional charges.
 */
export function chargesAreAdditional(
  inv: Pick<EditableInvoice, 'allPaid' | 'invoiceDetails' | 'additionalCharge'>,
  house: HouseSettings,
): boolean {
  if (typeof inv.additionalCharge === 'boolean') return inv.additionalCharge;
  return house.processorType === 'p' && house.paymentProcessingEnabled && isFullyPaid(inv);
}

/** Spec 000 section 4: additional charges are locked when paid or pending. */
export function additionalChargeLocked(info: AdditionalPriceInfo | null | undefined): boolean {
  if (!info) return false;
  if (typeof info.locked === 'boolean') return info.locked;
  return !!info.paid || isPaidStat(info.onlinePaymentStat) || isPendingStat(info.onlinePaymentStat);
}

/** Some additional charge of the invoice (a line's or the invoice's) has been paid. */
export function anyAdditionalPaid(inv: Pick<EditableInvoice, 'additionalPriceInfo' | 'invoiceDetails'>): boolean {
  const paid = (i: AdditionalPriceInfo | null | undefined) => !!i && (!!i.paid || isPaidStat(i.onlinePaymentStat));
  return paid(inv.additionalPriceInfo) || (inv.invoiceDetails ?? []).some((l) => paid(l.additionalPriceInfo));
}

/**
 * Spec 000 section 4: additional charges may be added to an already paid invoice (processor p) if
 * it was paid by card/ACH and no additional charge was paid yet. Paid by card/ACH: paid online, or
 * marked paid with a payment method (id 11 is ACH, the others cards).
 */
export function canAddAdditionalCharges(inv: EditableInvoice, house: HouseSettings): boolean {
  if (!chargesAreAdditional(inv, house)) return true;
  if (isPendingStat(inv.onlinePaymentStat)) return false;
  const byCardOrAch =
    isPaidStat(inv.onlinePaymentStat) || inv.paymentMethodID != null || visibleLines(inv).some((l) => l.paymentMethodID != null);
  return byCardOrAch && !anyAdditionalPaid(inv);
}

/** Spec 000 section 5: for US invoices with processor p, tax is computed, not entered. */
export function taxIsComputed(inv: Pick<EditableInvoice, 'country'>, house: Pick<HouseSettings, 'processorType'>): boolean {
  return house.processorType === 'p' && (inv.country ?? '').toUpperCase() === 'US';
}

/**
 * Spec 000 section 4: the pickup/shipping toggle is allowed only when the invoice is not fully
 * paid, has no online payment pending and no lot is paid or has an amount paid.
 */
export function canToggleDelivery(inv: EditableInvoice): boolean {
  if (inv.allPaid || isPendingStat(inv.onlinePaymentStat)) return false;
  return !(inv.invoiceDetails ?? []).some((l) => l.paid || l.totalAmountPaidCents > 0);
}

/** Spec 000 section 4: Hide/Show only if the lot is unpaid and not pending. */
export function canToggleHidden(line: EditableDetail, inv: Pick<EditableInvoice, 'onlinePaymentStat'>): boolean {
  if (line.paid || line.totalAmountPaidCents > 0 || isPaidStat(line.onlinePaymentStat)) return false;
  return !isPendingStat(line.onlinePaymentStat) && !isPendingStat(inv.onlinePaymentStat);
}

/**
 * Spec 000 section 6: File as dispute is offered when the line allows a dispute or the user is a
 * super user; not for the floor channel; only without an existing dispute.
 */
export function canFileDispute(line: EditableDetail, inv: Pick<EditableInvoice, 'channel' | 'platform'>, superUser: boolean): boolean {
  if (inv.channel === 'Floor' || inv.platform === 'Floor') return false;
  if (line.disputeRef) return false;
  return line.canOpenDispute || superUser;
}

/** Spec 000 section 4: floor-channel unpaid invoices allow editing hammer, buyer's premium and live fee. */
export function canEditFloorPrices(inv: EditableInvoice): boolean {
  if (inv.channel !== 'Floor' && inv.platform !== 'Floor') return false;
  if (isFullyPaid(inv) || inv.invoicePaidCents > 0 || isPendingStat(inv.onlinePaymentStat) || isPaidStat(inv.onlinePaymentStat))
    return false;
  return !(inv.invoiceDetails ?? []).some((l) => l.paid || l.totalAmountPaidCents > 0);
}

/** The super-user flag is tested as non-null (spec 001 section 6). */
export function isSuperUser(flag: boolean | null | undefined): boolean {
  return flag != null && flag !== false;
}

/**
 * Spec 000 section 2: Preview & Send does nothing without a group id or a selection; it goes to
 * the auto-charge page when auto-charge is enabled and the house may process cards (processor p,
 * payment processing enabled, a US house: section 6), else the preview. `mayManageAutoCharge` is
 * `canAccess(user, 'manageAutoCharge')`: those house settings and a payment user, since the page's
 * calls need one (a user without settlement access goes straight to the preview).
 */
export function previewAndSendPath(groupId: number | null, ids: readonly number[], mayManageAutoCharge: boolean): string | null {
  if (!groupId || ids.length === 0) return null;
  return mayManageAutoCharge ? autoChargePath(groupId, ids) : previewPath(groupId, ids);
}

/** Spec 000 section 4: 'Picked Up' wording for Shipped on a pickup invoice. */
export function shippedWord(inv: Pick<EditableInvoice, 'pickup'>): 'Shipped' | 'Picked Up' {
  return inv.pickup ? 'Picked Up' : 'Shipped';
}

/** The delivery-mode link shows the opposite mode. */
export function deliveryToggleLabel(inv: Pick<EditableInvoice, 'pickup'>): string {
  return inv.pickup ? 'Mark as shipping' : 'Mark as pickup';
}

/** Spec 000 section 7: paid and shipped dates travel as MM/DD/YY. '2026-11-21' -> '11/21/26'. */
export function shortUsDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`Not a date: '${iso}'`);
  return `${m[2]}/${m[3]}/${m[1].slice(2)}`;
}

/** Spec 000 section 3: 3 Visa, 4 MasterCard, 5 Discover, 6 American Express; 11 is ACH, other ids display as card. */
export function paymentMethodLabel(m: { id: number; name?: string | null }): string {
  if (m.name && m.name.trim()) return m.name;
  return m.id === 11 ? 'ACH' : 'Card';
}

/**
 * Spec 000 section 4: an additional charge's status, the first that applies: Hidden, Paid {date},
 * Payment Pending, Payment Failed, Sent {date}, Not Sent. The server's text when it sends one.
 */
export function additionalStatusText(info: AdditionalPriceInfo): string {
  if (info.status) return info.status;
  if (info.hidden) return 'Hidden';
  if (info.paid || info.paidDateString || isPaidStat(info.onlinePaymentStat))
    return info.paidDateString ? `Paid ${info.paidDateString}` : 'Paid';
  if (isPendingStat(info.onlinePaymentStat)) return 'Payment Pending';
  if (info.onlinePaymentStat === 'd' || info.onlinePaymentStat === 'f') return 'Payment Failed';
  if (info.additionalChargeSentDateString) return `Sent ${info.additionalChargeSentDateString}`;
  return 'Not Sent';
}

/** The additional charge's cents (the server's `...Cents` when sent, else from the two-decimal amounts). */
export function additionalCents(info: AdditionalPriceInfo): { tax: number; shipping: number; insurance: number; other: number } {
  const c = (cents: number | undefined, amount: number) => (typeof cents === 'number' ? cents : Math.round((amount ?? 0) * 100));
  return {
    tax: c(info.taxCents, info.tax),
    shipping: c(info.shippingCents, info.shipping),
    insurance: c(info.insuranceCents, info.insurance),
    other: c(info.otherCents, info.other),
  };
}

/** An additional charge worth a row: some amount, or a state to show. */
export function hasAdditional(info: AdditionalPriceInfo | null | undefined): info is AdditionalPriceInfo {
  if (!info) return false;
  const c = additionalCents(info);
  return c.tax !== 0 || c.shipping !== 0 || c.insurance !== 0 || c.other !== 0;
}
