/**
 * The invoice as a bidder sees it (spec 000 section 3, "Preview data"): the answer of
 * `POST .../invoiceGroup/{group}/invoicePreview` (`data.data.invoiceGroups`, one entry per invoice,
 * in the order asked), the data the emailed HTML, the plain text and the PDF are rendered from,
 * and what the admin's Invoice Preview screen draws. One shape, so every face shows the same
 * amounts to the cent: every amount travels as a number (currency units) and as integer cents;
 * renderers print the cents (formatPreviewMoney), never re-add the numbers.
 */

export type AcceptedCard = 'VISA' | 'MC' | 'DISC' | 'AMEX';
export const ACCEPTED_CARDS: readonly AcceptedCard[] = ['VISA', 'MC', 'DISC', 'AMEX'];
/** Each card's payment-method id (spec 001 section 3: 3 Visa, 4 MasterCard, 5 Discover, 6 American Express). */
export const CARD_PAYMENT_METHOD_ID: Readonly<Record<AcceptedCard, number>> = { VISA: 3, MC: 4, DISC: 5, AMEX: 6 };

export interface PreviewAddress {
  /** The bidder's full name (billing) or the house's name (house). */
  name: string;
  company: string | null;
  /** Street, city/region/postcode and country lines, empty ones left out. */
  lines: string[];
  email: string | null;
  phone: string | null;
}

export interface PreviewMessage {
  header: string;
  detail: string;
  sequence: number;
}

/** The amounts of a lot line, or of the whole invoice, each as a number and as cents. */
export interface PreviewAmounts {
  hammerTotal: number;
  hammerTotalCents: number;
  premiumTotal: number;
  premiumTotalCents: number;
  liveFee: number;
  liveFeeCents: number;
  shipping: number;
  shippingCents: number;
  insurance: number;
  insuranceCents: number;
  /** The spec's "misc": the Other column. */
  misc: number;
  miscCents: number;
  tax: number;
  taxCents: number;
  /** A line's total; for the invoice, its total (lines, invoice-level and additional charges that count). */
  total: number;
  totalCents: number;
}

/** One visible lot line (hidden lots never appear). */
export interface PreviewItem extends PreviewAmounts {
  invoiceDetailID: number;
  lotID: number;
  /** Lot number with its extension, e.g. "12A". */
  lotNumber: string;
  lotTitle: string;
  saleIdentifier: string | null;
  /** The lot's image; null: draw the placeholder (images arrive with the uploads issue). */
  imageUrl: string | null;
  restricted: boolean;
}

export type PreviewTotals = PreviewAmounts;

export interface InvoicePreview {
  invoiceID: number;
  invoiceNumber: number;
  invoiceGroupID: number;
  /** The invoice's version: what a send records, so an edit after sending is seen. */
  version: number;
  /** MM/DD/YYYY: the last sent date, else today (an invoice is issued when sent or printed). */
  invoiceDate: string;
  /** MM/DD/YYYY of the last send, or null. */
  invoiceSentDateString: string | null;
  /** Edited after it was sent: it must be sent again. */
  needsResend: boolean;
  paddleNumber: number | null;
  channel: string;
  currencyCode: string;
  currencySymbol: string;
  billingAddress: PreviewAddress;
  /** The house's name and the template's location (else the primary location). */
  house: PreviewAddress;
  items: PreviewItem[];
  /** The template charges per lot: the items show their shipping, insurance, misc and tax. */
  showCostsPerItem: boolean;
  totals: PreviewTotals;
  /** Payments made (settled payments net of refunds). */
  paymentsMade: number;
  paymentsMadeCents: number;
  /** What is still owed: total less payments made. */
  totalDue: number;
  totalDueCents: number;
  /** The total of the restricted items (they cannot be paid online). */
  restrictedTotal: number;
  restrictedTotalCents: number;
  /** What can be paid online: the total due less what is owed on restricted items, never below 0. */
  onlineTotal: number;
  onlineTotalCents: number;
  /** Cards the house takes online (empty without online payment); a buy-now sale's: those ticked in its step 1. */
  acceptedCards: AcceptedCard[];
  /** The template's PayPal payment link, or null when the template does not enable PayPal. */
  paypalUrl: string | null;
  allowACHPayment: boolean;
  /** The template's messages in sequence order. */
  messages: PreviewMessage[];
  /** The template's email settings: the subject and reply-to of the emailed invoice. */
  email: { subject: string; fromName: string; replyTo: string; bcc: string | null };
}

/** The spec's texts of the preview, the send and the Sent page. */
export const PREVIEW_TEXT = {
  titleOne: 'Invoice Preview',
  titleMany: 'Invoice Previews',
  printNote: 'Please note: this view has been optimized for print.',
  jumpLabel: 'Jump to invoice #',
  invalidInvoiceNumber: 'Invalid invoice #',
  restrictedNote: '*this item is restricted and cannot be paid for online',
  sentBanner: 'Your invoices have been sent',
  backToGroupDetails: '< Invoice Group Details',
  noEmail: 'The bidder has no email address.',
  /** On the admin's preview only (never in the mail): the invoice changed after it was sent. */
  editedSinceSent: 'Edited since it was sent',
} as const;

/** The preview's title: 'Invoice Preview', or 'Invoice Previews' for more than one. */
export const previewTitle = (count: number): string => (count > 1 ? PREVIEW_TEXT.titleMany : PREVIEW_TEXT.titleOne);

/** Jump to invoice #: the index of that invoice number in the list, or the 'Invalid invoice #' message. */
export function jumpToInvoice(
  previews: readonly Pick<InvoicePreview, 'invoiceNumber'>[],
  typed: string,
): { index: number } | { error: string } {
  const text = typed.trim().replace(/^#/, '');
  if (/^\d+$/.test(text)) {
    const index = previews.findIndex((p) => p.invoiceNumber === Number(text));
    if (index >= 0) return { index };
  }
  return { error: PREVIEW_TEXT.invalidInvoiceNumber };
}

/** An amount in cents as the documents print it: symbol, thousands separators, two decimals; minus first. */
export function formatPreviewMoney(cents: number, symbol: string): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const units = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${symbol}${units}.${String(abs % 100).padStart(2, '0')}`;
}
