/**
 * The documents an accounting export carries, as read from the books of this product (invoicing and
 * settlements) for a date range. Money in integer cents; dates YYYY-MM-DD. docs/accounting-export.md.
 */

export interface Contact {
  name: string;
  email: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
}

/** A buyer's invoice: what the buyer owes, split by the account each part is credited to. */
export interface InvoiceDoc {
  kind: 'invoice';
  id: number;
  number: string;
  date: string;
  contact: Contact;
  currency: string;
  saleName: string;
  hammerCents: number;
  premiumCents: number;
  liveFeeCents: number;
  /** Shipping, insurance and other charges (template fees are carried in other; may be negative). */
  feesCents: number;
  taxCents: number;
  totalCents: number;
}

/** A consignor's settlement (ready or paid): a bill from the consignor for the net due. */
export interface SettlementDoc {
  kind: 'settlement';
  id: number;
  number: string;
  date: string;
  contact: Contact;
  currency: string;
  saleName: string;
  hammerCents: number;
  commissionCents: number;
  buyInFeeCents: number;
  feesCents: number;
  taxCents: number;
  expensesCents: number;
  advancesCents: number;
  netDueCents: number;
}

/**
 * Money that moved: a buyer's payment or refund (card clearing), a consignor payout ledger row
 * (a correction is signed: a bounced check is negative).
 */
export interface MoneyDoc {
  kind: 'payment' | 'refund' | 'payout';
  id: number;
  number: string;
  date: string;
  /** Who paid or was paid. */
  party: string;
  /** The document it settles: the invoice or settlement number. */
  appliesTo: string;
  method: string;
  reference: string | null;
  amountCents: number;
}

export type AccountingDoc = InvoiceDoc | SettlementDoc | MoneyDoc;
export type DocKind = AccountingDoc['kind'];

export interface DocumentSet {
  invoices: InvoiceDoc[];
  payments: MoneyDoc[];
  refunds: MoneyDoc[];
  settlements: SettlementDoc[];
  payouts: MoneyDoc[];
}

export const DOC_PREFIX = { payment: 'PMT-', refund: 'RFD-', settlement: 'STL-', payout: 'PO-' } as const;

/** The document number a non-invoice document carries: prefix and its id (stable, unique per house). */
export const docNumber = (kind: keyof typeof DOC_PREFIX, id: number) => `${DOC_PREFIX[kind]}${id}`;

/** Date first, then number, then id: the same documents always come out in the same order. */
export function sortDocs<T extends { date: string; number: string; id: number }>(docs: T[]): T[] {
  return [...docs].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || compareNumber(a.number, b.number) || a.id - b.id);
}

function compareNumber(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** The set in its one order (every format writes from this, so the input order never shows). */
export function ordered(set: DocumentSet): DocumentSet {
  return {
    invoices: sortDocs(set.invoices),
    payments: sortDocs(set.payments),
    refunds: sortDocs(set.refunds),
    settlements: sortDocs(set.settlements),
    payouts: sortDocs(set.payouts),
  };
}

export function allDocs(set: DocumentSet): AccountingDoc[] {
  return [...set.invoices, ...set.payments, ...set.refunds, ...set.settlements, ...set.payouts];
}
