/**
 * Realistic `InvoicePreview`s for tests (exported for other engineers' tests too). Amounts are
 * given in cents; the number twins, the totals, the total due, the restricted and the online
 * totals are derived the way the preview's doc comments define them, so a fixture is always
 * self-consistent.
 */
import type { InvoicePreview, PreviewItem, PreviewTotals } from './invoice-preview';

export interface ItemSpec {
  lotNumber?: string;
  lotTitle?: string;
  hammerCents?: number;
  /** Default: 25% of the hammer. */
  premiumCents?: number;
  liveFeeCents?: number;
  shippingCents?: number;
  insuranceCents?: number;
  miscCents?: number;
  taxCents?: number;
  restricted?: boolean;
  imageUrl?: string | null;
  saleIdentifier?: string | null;
}

const TITLES = [
  'Pair of Georgian silver candlesticks, London 1768',
  'Oil on canvas, harbour at dusk, signed lower right',
  'Tiffany & Co. sterling tea service, four pieces',
  'Chinese famille rose porcelain vase, Qianlong mark',
  'Victorian mahogany partners desk with tooled leather top',
  'Collection of 19th century botanical engravings (12)',
  'Art Deco diamond and platinum bracelet',
];

interface AmountCents {
  hammer: number;
  premium: number;
  liveFee: number;
  shipping: number;
  insurance: number;
  misc: number;
  tax: number;
}

/** The amounts as the preview carries them: each in currency units and in cents, with the total. */
function amountFields(c: AmountCents): PreviewTotals {
  const total = c.hammer + c.premium + c.liveFee + c.shipping + c.insurance + c.misc + c.tax;
  const pairs: [keyof PreviewTotals & string, number][] = [
    ['hammerTotal', c.hammer],
    ['premiumTotal', c.premium],
    ['liveFee', c.liveFee],
    ['shipping', c.shipping],
    ['insurance', c.insurance],
    ['misc', c.misc],
    ['tax', c.tax],
    ['total', total],
  ];
  return Object.fromEntries(
    pairs.flatMap(([name, cents]) => [
      [name, cents / 100],
      [`${name}Cents`, cents],
    ]),
  ) as unknown as PreviewTotals;
}

let nextDetailId = 9000;

export function buildPreviewItem(spec: ItemSpec = {}, index = 0): PreviewItem {
  const hammer = spec.hammerCents ?? 10_000 + index * 2_500;
  const amounts = amountFields({
    hammer,
    premium: spec.premiumCents ?? Math.round(hammer / 4),
    liveFee: spec.liveFeeCents ?? 0,
    shipping: spec.shippingCents ?? 0,
    insurance: spec.insuranceCents ?? 0,
    misc: spec.miscCents ?? 0,
    tax: spec.taxCents ?? 0,
  });
  const id = nextDetailId++;
  return {
    invoiceDetailID: id,
    lotID: 50_000 + id,
    lotNumber: spec.lotNumber ?? String(index + 1),
    lotTitle: spec.lotTitle ?? TITLES[index % TITLES.length],
    saleIdentifier: spec.saleIdentifier === undefined ? 'SEP26' : spec.saleIdentifier,
    imageUrl: spec.imageUrl ?? null,
    restricted: spec.restricted ?? false,
    ...amounts,
  };
}

export interface PreviewSpec extends Partial<Omit<InvoicePreview, 'items' | 'totals'>> {
  /** Items, by spec (default: three ordinary lots). */
  items?: ItemSpec[];
  /** Invoice-level charges added to the totals (not to any item), in cents. */
  invoiceCharges?: Partial<Record<'shipping' | 'insurance' | 'misc' | 'tax', number>>;
  /** Default 0. */
  paymentsMadeCents?: number;
}

/** `n` ordinary lots numbered 1..n. */
export const lots = (n: number, spec: ItemSpec = {}): ItemSpec[] => Array.from({ length: n }, () => ({ ...spec }));

export function buildInvoicePreview(spec: PreviewSpec = {}): InvoicePreview {
  const { items: itemSpecs, invoiceCharges = {}, paymentsMadeCents = 0, ...rest } = spec;
  const items = (itemSpecs ?? lots(3)).map((s, i) => buildPreviewItem(s, i));
  const sum = (f: (i: PreviewItem) => number) => items.reduce((a, i) => a + f(i), 0);
  const cents = {
    hammer: sum((i) => i.hammerTotalCents),
    premium: sum((i) => i.premiumTotalCents),
    liveFee: sum((i) => i.liveFeeCents),
    shipping: sum((i) => i.shippingCents) + (invoiceCharges.shipping ?? 0),
    insurance: sum((i) => i.insuranceCents) + (invoiceCharges.insurance ?? 0),
    misc: sum((i) => i.miscCents) + (invoiceCharges.misc ?? 0),
    tax: sum((i) => i.taxCents) + (invoiceCharges.tax ?? 0),
  };
  const totals = amountFields(cents);
  const total = totals.totalCents;
  const totalDue = total - paymentsMadeCents;
  const restricted = items.filter((i) => i.restricted).reduce((a, i) => a + i.totalCents, 0);
  const online = Math.max(0, totalDue - restricted);
  const invoiceNumber = rest.invoiceNumber ?? 1042;
  return {
    invoiceID: 7000 + invoiceNumber,
    invoiceNumber,
    invoiceGroupID: 31,
    version: 1,
    invoiceDate: '11/25/2026',
    invoiceSentDateString: null,
    needsResend: false,
    paddleNumber: 118,
    channel: 'INV',
    currencyCode: 'USD',
    currencySymbol: '$',
    billingAddress: {
      name: 'Margaret Holloway',
      company: null,
      lines: ['42 Elm Street, Apt 3B', 'Boston, MA 02116', 'United States'],
      email: 'm.holloway@example.com',
      phone: '(617) 555-0142',
    },
    house: {
      name: 'Harbor & Vine Auctioneers',
      company: null,
      lines: ['1200 Commonwealth Avenue', 'Boston, MA 02134', 'United States'],
      email: 'invoices@harborvine.example',
      phone: '(617) 555-0100',
    },
    showCostsPerItem: false,
    acceptedCards: ['VISA', 'MC', 'DISC', 'AMEX'],
    paypalUrl: null,
    allowACHPayment: true,
    messages: [
      { header: 'Pickup', detail: 'Pickup is Monday to Friday, 10am to 4pm.\nPlease bring your paddle number.', sequence: 1 },
      { header: 'Payment terms', detail: 'Payment is due within 7 days of the sale.', sequence: 2 },
    ],
    email: { subject: 'Your invoice from Harbor & Vine', fromName: 'Harbor & Vine', replyTo: 'invoices@harborvine.example', bcc: null },
    ...rest,
    items,
    totals,
    paymentsMade: paymentsMadeCents / 100,
    paymentsMadeCents,
    totalDue: totalDue / 100,
    totalDueCents: totalDue,
    restrictedTotal: restricted / 100,
    restrictedTotalCents: restricted,
    onlineTotal: online / 100,
    onlineTotalCents: online,
  };
}
