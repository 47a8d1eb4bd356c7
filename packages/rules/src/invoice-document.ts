/**
 * The invoice document model: one `InvoicePreview` turned into ordered sections of already
 * formatted strings (docs/decisions/invoice-sending.md, "One document, three renderers"). The
 * HTML, the plain text and the PDF all draw this, so they cannot disagree on which columns,
 * totals and lines an invoice shows, nor on an amount: every amount is printed here, once, by
 * `formatPreviewMoney` from the preview's cents (nothing is added up again).
 */
import { formatPreviewMoney, PREVIEW_TEXT, type AcceptedCard, type InvoicePreview, type PreviewAddress } from './invoice-preview';

/** The money columns an item row may show, in display order. */
export type ItemColumnKey = 'hammer' | 'premium' | 'liveFee' | 'shipping' | 'insurance' | 'misc' | 'tax' | 'total';

export interface ItemColumn {
  key: ItemColumnKey;
  label: string;
}

export interface DocumentItemRow {
  /** The lot number, with the '*' of a restricted lot ("12A*"). */
  lotNumber: string;
  title: string;
  /** Draw the image, or the placeholder box when null. */
  imageUrl: string | null;
  restricted: boolean;
  /** The sale the lot was bought in, when the invoice names it; null otherwise. */
  saleIdentifier: string | null;
  /** One formatted amount per shown column (`InvoiceDocument.columns`), same order. */
  amounts: string[];
}

export interface DocumentLine {
  label: string;
  value: string;
  /** Printed bold (the total due). */
  strong?: boolean;
}

/** Which total a totals line is, so a face can mark or style one (the admin's test ids, its rules). */
export type TotalKey =
  | 'hammer'
  | 'premium'
  | 'liveFee'
  | 'shipping'
  | 'insurance'
  | 'misc'
  | 'tax'
  | 'total'
  | 'paymentsMade'
  | 'totalDue'
  | 'restrictedTotal'
  | 'onlineTotal';

export interface DocumentTotalLine extends DocumentLine {
  key: TotalKey;
}

export interface InvoiceDocument {
  /** "Invoice #1042": the HTML title, the PDF's outline entry. */
  title: string;
  /** The house: its name, then its company, address lines, phone and email. */
  letterhead: { name: string; lines: string[] };
  /** Invoice #, date, paddle #. */
  meta: DocumentLine[];
  billTo: { heading: string; lines: string[] };
  /** The lot and item columns are always there; these are the money columns shown. */
  columns: ItemColumn[];
  items: DocumentItemRow[];
  /** The asterisk note, when a restricted item is listed. */
  restrictedNote: string | null;
  totals: DocumentTotalLine[];
  /** "All amounts are in USD." */
  currencyNote: string;
  payment: {
    /** "Ways to pay": the heading over the lines below, drawn when one of them is there. */
    heading: string;
    /** "Cards accepted online: Visa, MasterCard", or null without online card payment. */
    cards: string | null;
    ach: string | null;
    paypal: { label: string; url: string } | null;
  };
  /** The template's messages, in sequence order. */
  messages: { header: string; detail: string }[];
}

export const DOCUMENT_TEXT = {
  invoice: 'Invoice',
  invoiceNumber: 'Invoice #',
  invoiceDate: 'Invoice Date',
  paddleNumber: 'Paddle #',
  billTo: 'Bill To',
  lot: 'Lot',
  item: 'Item',
  image: 'Image',
  hammerTotal: 'Hammer',
  premiumTotal: "Buyer's Premium",
  liveFeeTotal: 'Live Fee',
  shippingTotal: 'Shipping & Handling',
  insuranceTotal: 'Insurance',
  miscTotal: 'Other',
  taxTotal: 'Tax',
  total: 'Invoice Total',
  paymentsMade: 'Payments Made',
  totalDue: 'Total Due',
  restrictedTotal: 'Restricted Items Total',
  onlineTotal: 'Payable Online',
  currencyNote: (code: string) => `All amounts are in ${code}.`,
  cards: 'Cards accepted online: ',
  ach: 'ACH bank transfer is accepted online.',
  paymentHeading: 'Ways to pay',
  paypal: 'Pay with PayPal',
  imagePlaceholder: 'No image',
} as const;

export const CARD_NAMES: Record<AcceptedCard, string> = {
  VISA: 'Visa',
  MC: 'MasterCard',
  DISC: 'Discover',
  AMEX: 'American Express',
};

const COLUMN_LABELS: Record<ItemColumnKey, string> = {
  hammer: 'Hammer',
  premium: 'Premium',
  liveFee: 'Live Fee',
  shipping: 'S/H',
  insurance: 'Insurance',
  misc: 'Other',
  tax: 'Tax',
  total: 'Total',
};

const ITEM_CENTS: Record<ItemColumnKey, (i: InvoicePreview['items'][number]) => number> = {
  hammer: (i) => i.hammerTotalCents,
  premium: (i) => i.premiumTotalCents,
  liveFee: (i) => i.liveFeeCents,
  shipping: (i) => i.shippingCents,
  insurance: (i) => i.insuranceCents,
  misc: (i) => i.miscCents,
  tax: (i) => i.taxCents,
  total: (i) => i.totalCents,
};

/**
 * The money columns of the items table: hammer and premium always, live fee only when an item
 * has one, the per-lot costs (S/H, insurance, other, tax) only when the template charges per lot
 * (`showCostsPerItem`), and the line total.
 */
export function itemColumns(p: InvoicePreview): ItemColumn[] {
  const keys: ItemColumnKey[] = ['hammer', 'premium'];
  if (p.items.some((i) => i.liveFeeCents !== 0)) keys.push('liveFee');
  if (p.showCostsPerItem) keys.push('shipping', 'insurance', 'misc', 'tax');
  keys.push('total');
  return keys.map((key) => ({ key, label: COLUMN_LABELS[key] }));
}

function addressLines(a: PreviewAddress, withName: boolean): string[] {
  const lines = withName ? [a.name] : [];
  if (a.company && a.company !== a.name) lines.push(a.company);
  lines.push(...a.lines.filter((l) => l.trim() !== ''));
  if (a.phone) lines.push(a.phone);
  if (a.email) lines.push(a.email);
  return lines.filter((l) => l.trim() !== '');
}

export function buildInvoiceDocument(p: InvoicePreview): InvoiceDocument {
  const money = (cents: number) => formatPreviewMoney(cents, p.currencySymbol);
  const columns = itemColumns(p);
  const hasRestricted = p.items.some((i) => i.restricted);

  const meta: DocumentLine[] = [
    { label: DOCUMENT_TEXT.invoiceNumber, value: String(p.invoiceNumber) },
    { label: DOCUMENT_TEXT.invoiceDate, value: p.invoiceDate },
  ];
  if (p.paddleNumber) meta.push({ label: DOCUMENT_TEXT.paddleNumber, value: String(p.paddleNumber) });

  const t = p.totals;
  const costs: [TotalKey, string, number][] = [
    ['hammer', DOCUMENT_TEXT.hammerTotal, t.hammerTotalCents],
    ['premium', DOCUMENT_TEXT.premiumTotal, t.premiumTotalCents],
    ['liveFee', DOCUMENT_TEXT.liveFeeTotal, t.liveFeeCents],
    ['shipping', DOCUMENT_TEXT.shippingTotal, t.shippingCents],
    ['insurance', DOCUMENT_TEXT.insuranceTotal, t.insuranceCents],
    ['misc', DOCUMENT_TEXT.miscTotal, t.miscCents],
    ['tax', DOCUMENT_TEXT.taxTotal, t.taxCents],
  ];
  const totals: DocumentTotalLine[] = costs
    .filter(([, , cents]) => cents !== 0)
    .map(([key, label, cents]) => ({ key, label, value: money(cents) }));
  totals.push(
    { key: 'total', label: DOCUMENT_TEXT.total, value: money(t.totalCents) },
    { key: 'paymentsMade', label: DOCUMENT_TEXT.paymentsMade, value: money(p.paymentsMadeCents) },
    { key: 'totalDue', label: DOCUMENT_TEXT.totalDue, value: money(p.totalDueCents), strong: true },
  );
  if (hasRestricted) {
    totals.push(
      { key: 'restrictedTotal', label: DOCUMENT_TEXT.restrictedTotal, value: money(p.restrictedTotalCents) },
      { key: 'onlineTotal', label: DOCUMENT_TEXT.onlineTotal, value: money(p.onlineTotalCents) },
    );
  }

  return {
    title: `${DOCUMENT_TEXT.invoice} #${p.invoiceNumber}`,
    letterhead: { name: p.house.name, lines: addressLines(p.house, false) },
    meta,
    billTo: { heading: DOCUMENT_TEXT.billTo, lines: addressLines(p.billingAddress, true) },
    columns,
    items: p.items.map((i) => ({
      lotNumber: i.restricted ? `${i.lotNumber}*` : i.lotNumber,
      title: i.lotTitle,
      imageUrl: i.imageUrl,
      restricted: i.restricted,
      saleIdentifier: i.saleIdentifier || null,
      amounts: columns.map((c) => money(ITEM_CENTS[c.key](i))),
    })),
    restrictedNote: hasRestricted ? PREVIEW_TEXT.restrictedNote : null,
    totals,
    currencyNote: DOCUMENT_TEXT.currencyNote(p.currencyCode),
    payment: {
      heading: DOCUMENT_TEXT.paymentHeading,
      cards: p.acceptedCards.length ? DOCUMENT_TEXT.cards + p.acceptedCards.map((c) => CARD_NAMES[c]).join(', ') : null,
      ach: p.allowACHPayment ? DOCUMENT_TEXT.ach : null,
      paypal: p.paypalUrl ? { label: DOCUMENT_TEXT.paypal, url: p.paypalUrl } : null,
    },
    messages: [...p.messages].sort((a, b) => a.sequence - b.sequence).map((m) => ({ header: m.header, detail: m.detail })),
  };
}
