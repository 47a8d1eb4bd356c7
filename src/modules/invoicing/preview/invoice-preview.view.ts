/**
 * The pure mapping of the preview (docs/decisions/invoice-sending.md): an invoice as the read model
 * answers it (`InvoiceView`, every amount from its stored rounded cents) plus the group's template and
 * the house, to the `InvoicePreview` a bidder sees. Nothing here adds amounts up again except the
 * restricted lots' totals the preview itself defines; every number is the cents' `amount`.
 */
import {
  ACCEPTED_CARDS,
  CARD_PAYMENT_METHOD_ID,
  cardAcceptedBySale,
  cardProcessingAllowed,
  type AcceptedCard,
  type InvoicePreview,
  type PreviewAddress,
  type PreviewItem,
  type PreviewMessage,
} from '@ar/rules';
import type { Cents } from '../../../core/money/money';
import type { HouseAddressView } from '../../houses/locations/location-view';
import { sumCents } from '../math/cents';
import type { InvoiceDetailView, InvoiceView } from '../invoices/invoice.view';
import { amount } from '../invoices/money-json';

/** The template's part of the preview (the group's invoice settings). */
export interface PreviewTemplate {
  subject: string;
  fromName: string;
  fromEmail: string;
  bccEmail: string | null;
  /** Additional charges per lot: the items show their own charges. */
  chargesPerLot: boolean;
  payPal: boolean;
  payPalEmail: string | null;
  messages: readonly PreviewMessage[];
  /**
   * The payment-method ids (3-6) a buy-now sale ticked in its step 1, when every session of the
   * group is of that sale and the cards were saved; null: the house's cards.
   */
  cardIds?: readonly number[] | null;
}

/** The house settings the payment options come from. */
export interface PreviewPaymentSettings {
  processorType: string | null;
  paymentProcessingEnabled: boolean;
  countryCode: string;
}

/** A house location, as the locations module answers it (the fields the address prints). */
export type PreviewLocation = Pick<
  HouseAddressView,
  | 'facilityName'
  | 'addressStreet1'
  | 'addressStreet2'
  | 'addressCity'
  | 'countryCode'
  | 'countryName'
  | 'stateCode'
  | 'province'
  | 'stateName'
  | 'postalCode'
  | 'addressPhone'
  | 'email'
>;

/** What every invoice of one preview call shares, built once per call. */
export interface PreviewContext {
  house: PreviewAddress;
  template: PreviewTemplate;
  payments: PreviewPaymentSettings;
  /** MM/DD/YYYY in the house's time zone: the date of an invoice never sent. */
  today: string;
  /** A bidder's country code as its name (null: print the code). */
  countryName: (code: string) => string | null;
}

export const PAYPAL_URL = 'https://www.paypal.com/cgi-bin/webscr';

const blank = (s: string | null | undefined): boolean => !s || s.trim() === '';
const present = (parts: readonly (string | null | undefined)[]): string[] =>
  parts.filter((p): p is string => !blank(p)).map((p) => p.trim());

/** "City, ST 12345": the city, then the region and postcode; empty parts left out. */
function cityLine(city: string | null, region: string | null, postalCode: string | null): string {
  return present([city, present([region, postalCode]).join(' ')]).join(', ');
}

/** The bidder's billing address from the invoice's copy of it. */
export function billingAddress(v: InvoiceView, countryName: (code: string) => string | null): PreviewAddress {
  const country = blank(v.country) ? null : (countryName(v.country as string) ?? v.country);
  return {
    name: v.name,
    company: blank(v.companyName) ? null : v.companyName,
    lines: present([v.street1, v.street2, cityLine(v.city, v.state || v.province, v.postalCode), country]),
    email: blank(v.email) ? null : v.email,
    phone: blank(v.phone) ? null : v.phone,
  };
}

/** The house's name and its location (none: the name alone, and the house's phone). */
export function houseAddress(name: string, housePhone: string | null, loc: PreviewLocation | null): PreviewAddress {
  if (!loc) return { name, company: null, lines: [], email: null, phone: blank(housePhone) ? null : housePhone };
  // US, CA and AU addresses print the state's code; UK counties and free-text provinces by name.
  const region = loc.stateCode && loc.countryCode !== 'UK' ? loc.stateCode : (loc.stateName ?? loc.province);
  return {
    name,
    company: blank(loc.facilityName) ? null : loc.facilityName,
    lines: present([
      loc.addressStreet1,
      loc.addressStreet2,
      cityLine(loc.addressCity, region, loc.postalCode),
      loc.countryName ?? loc.countryCode,
    ]),
    email: blank(loc.email) ? null : loc.email,
    phone: blank(loc.addressPhone) ? (blank(housePhone) ? null : housePhone) : loc.addressPhone,
  };
}

/** The template's messages in sequence order, those with neither header nor detail left out. */
export function previewMessages(messages: readonly PreviewMessage[]): PreviewMessage[] {
  return messages
    .filter((m) => !blank(m.header) || !blank(m.detail))
    .map((m) => ({ header: m.header, detail: m.detail, sequence: m.sequence }))
    .sort((a, b) => a.sequence - b.sequence);
}

/**
 * Cards and ACH are offered only where the house takes online payment (spec 000 section 6: payment
 * processing enabled, processor type p and a US house): `cardProcessingAllowed`, the rule charging
 * and auto-charge read, so an invoice never offers a payment the house cannot take. A buy-now sale's
 * invoice offers only the cards its step 1 ticked (`cardIds`); ACH stays the house's.
 */
export function paymentOptions(
  s: PreviewPaymentSettings,
  cardIds: readonly number[] | null = null,
): { acceptedCards: AcceptedCard[]; allowACHPayment: boolean } {
  const online = cardProcessingAllowed(s);
  const cards = ACCEPTED_CARDS.filter((c) => cardAcceptedBySale(CARD_PAYMENT_METHOD_ID[c], cardIds));
  return { acceptedCards: online ? [...cards] : [], allowACHPayment: online };
}

/** Cents as PayPal's amount text: 123456 -> '1234.56' (never through floating point). */
export function decimalText(cents: Cents): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The PayPal payment link (`_xclick` to the template's PayPal email), or null when the template does not enable PayPal. */
export function paypalUrl(
  t: Pick<PreviewTemplate, 'payPal' | 'payPalEmail'>,
  invoiceNumber: number,
  dueCents: Cents,
  currencyCode: string,
): string | null {
  if (!t.payPal || blank(t.payPalEmail)) return null;
  const q = new URLSearchParams({
    cmd: '_xclick',
    business: (t.payPalEmail as string).trim(),
    item_name: `Invoice #${invoiceNumber}`,
    amount: decimalText(dueCents),
    currency_code: currencyCode,
  });
  return `${PAYPAL_URL}?${q.toString()}`;
}

function previewItem(d: InvoiceDetailView): PreviewItem {
  const c = d.priceInfoCents;
  return {
    invoiceDetailID: d.invoiceDetailID,
    lotID: d.lotID,
    lotNumber: d.lotNumber,
    lotTitle: d.lotTitle,
    saleIdentifier: d.saleIdentifier,
    imageUrl: null,
    restricted: d.restricted,
    hammerTotal: amount(c.hammer),
    hammerTotalCents: c.hammer,
    premiumTotal: amount(c.premium),
    premiumTotalCents: c.premium,
    liveFee: amount(c.livefee),
    liveFeeCents: c.livefee,
    shipping: amount(c.shipping),
    shippingCents: c.shipping,
    insurance: amount(c.insurance),
    insuranceCents: c.insurance,
    misc: amount(c.other),
    miscCents: c.other,
    tax: amount(c.tax),
    taxCents: c.tax,
    total: amount(d.totalAmountCents),
    totalCents: d.totalAmountCents,
  };
}

/** What is still owed on a lot: nothing once paid, else its total less what was paid on it, never below 0. */
const owedOn = (d: InvoiceDetailView): Cents => (d.paid ? 0 : Math.max(0, d.totalAmountCents - d.totalAmountPaidCents));

/** One invoice's preview. `v` must carry its lines (`invoiceDetails`); hidden ones are left out here. */
export function invoicePreview(v: InvoiceView, ctx: PreviewContext): InvoicePreview {
  const visible = (v.invoiceDetails ?? []).filter((d) => !d.suppress);
  const restricted = visible.filter((d) => d.restricted);
  const restrictedTotalCents = sumCents(restricted.map((d) => d.totalAmountCents));
  const totalDueCents = Math.max(0, v.outStandingBalanceCents);
  const onlineTotalCents = Math.max(0, totalDueCents - sumCents(restricted.map(owedOn)));
  const t = v.totalPriceWithAdditionalChargesCents;
  const { acceptedCards, allowACHPayment } = paymentOptions(ctx.payments, ctx.template.cardIds ?? null);
  return {
    invoiceID: v.invoiceID,
    invoiceNumber: v.invoiceNumber,
    invoiceGroupID: v.invoiceGroupID,
    version: v.version,
    invoiceDate: v.invoiceSentDateString ?? ctx.today,
    invoiceSentDateString: v.invoiceSentDateString,
    needsResend: v.editedAfterSend,
    paddleNumber: v.paddleNumber > 0 ? v.paddleNumber : null,
    channel: v.channel,
    currencyCode: v.currencyCode,
    currencySymbol: v.totalPrice.currencySymbol,
    billingAddress: billingAddress(v, ctx.countryName),
    house: ctx.house,
    items: visible.map(previewItem),
    showCostsPerItem: ctx.template.chargesPerLot,
    totals: {
      hammerTotal: amount(t.hammer),
      hammerTotalCents: t.hammer,
      premiumTotal: amount(t.premium),
      premiumTotalCents: t.premium,
      liveFee: amount(t.livefee),
      liveFeeCents: t.livefee,
      shipping: amount(t.shipping),
      shippingCents: t.shipping,
      insurance: amount(t.insurance),
      insuranceCents: t.insurance,
      misc: amount(t.other),
      miscCents: t.other,
      tax: amount(t.tax),
      taxCents: t.tax,
      total: amount(v.invoiceTotalCents),
      totalCents: v.invoiceTotalCents,
    },
    paymentsMade: amount(v.invoicePaidCents),
    paymentsMadeCents: v.invoicePaidCents,
    totalDue: amount(totalDueCents),
    totalDueCents,
    restrictedTotal: amount(restrictedTotalCents),
    restrictedTotalCents,
    onlineTotal: amount(onlineTotalCents),
    onlineTotalCents,
    acceptedCards,
    paypalUrl: paypalUrl(ctx.template, v.invoiceNumber, totalDueCents, v.currencyCode),
    allowACHPayment,
    messages: previewMessages(ctx.template.messages),
    email: {
      subject: ctx.template.subject,
      fromName: ctx.template.fromName,
      replyTo: ctx.template.fromEmail,
      bcc: blank(ctx.template.bccEmail) ? null : ctx.template.bccEmail,
    },
  };
}
