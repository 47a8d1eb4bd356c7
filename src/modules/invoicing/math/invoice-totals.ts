/**
 * Invoice and group totals (INVOICE-MATH.md, "One invoice" and "Totals of a group").
 *
 * Why only sums of rounded cents: a total recomputed from unrounded parts can differ by a cent
 * from the lines a bidder sees; summing the stored, rounded line amounts makes every screen, call
 * and CSV agree. A line whose total does not equal its parts is refused (stored data went wrong).
 *
 * Decisions the spec leaves open:
 * - Hidden lines count nowhere, and neither does the additional charge attached to a hidden line.
 * - The column totals (Tax, S/H, Insurance, Other) include invoice-level and additional charges, so
 *   the strip always adds up: total = hammer + BP + live fee + tax + S/H + insurance + other.
 *   `price` (without additional charges) and `additional` are kept apart for the calls that show
 *   them separately (totalPrice vs totalPriceWithAdditionalCharges, additionalPriceInfo).
 * - Payments made counts settled payments minus settled refunds; pending and failed attempts are
 *   not money received. The outstanding balance is not clamped: an overpayment shows as negative.
 */
import type { Cents } from '../../../core/money/money';
import { assertCents, sumCents } from './cents';
import { InvoiceMathError, InvoiceMathErrorCode } from './errors';

/** The rounded amounts of a line, as computed by `computeLotLine` or read back from storage. */
export interface LineAmounts {
  hammer: Cents;
  premium: Cents;
  liveFee: Cents;
  tax: Cents;
  shipping: Cents;
  insurance: Cents;
  other: Cents;
  total: Cents;
}

/** Charges entered by staff on the invoice (or as an additional charge); Other may be negative. */
export interface ChargeAmounts {
  tax?: Cents;
  shipping?: Cents;
  insurance?: Cents;
  other?: Cents;
}

export interface AdditionalCharge extends ChargeAmounts {
  hidden?: boolean;
}

export interface InvoiceLineEntry {
  amounts: LineAmounts;
  hidden: boolean;
  /** The additional charge entered on this lot, if any. */
  additional?: AdditionalCharge | null;
}

export interface Payment {
  /** A positive amount; a refund is recorded with kind 'refund'. */
  amount: Cents;
  kind: 'payment' | 'refund';
  /** Defaults to settled. */
  status?: 'settled' | 'pending' | 'failed';
}

export interface InvoiceInput {
  lines: readonly InvoiceLineEntry[];
  /** Invoice-level charges (invoice-level charging, or entered on the invoice). */
  charges?: ChargeAmounts | null;
  /** Invoice-level additional charges. */
  additionalCharges?: readonly AdditionalCharge[];
  payments?: readonly Payment[];
}

export interface PriceBreakdown {
  hammer: Cents;
  premium: Cents;
  liveFee: Cents;
  tax: Cents;
  shipping: Cents;
  insurance: Cents;
  other: Cents;
  total: Cents;
}

export interface AdditionalBreakdown {
  tax: Cents;
  shipping: Cents;
  insurance: Cents;
  other: Cents;
  total: Cents;
}

/** Column totals include additional charges; `price` leaves them out. */
export interface InvoiceTotals extends PriceBreakdown {
  /** Non-hidden lines. */
  itemCount: number;
  price: PriceBreakdown;
  additional: AdditionalBreakdown;
  paymentsMade: Cents;
  outstandingBalance: Cents;
}

function assertLine(a: LineAmounts, n: number): void {
  const what = `Line ${n}`;
  assertCents(a.hammer, `${what} hammer`);
  assertCents(a.premium, `${what} buyer's premium`);
  assertCents(a.liveFee, `${what} live fee`);
  assertCents(a.tax, `${what} tax`);
  assertCents(a.shipping, `${what} shipping`);
  assertCents(a.insurance, `${what} insurance`);
  assertCents(a.other, `${what} other`, { allowNegative: true });
  assertCents(a.total, `${what} total`, { allowNegative: true });
  const parts = sumCents([a.hammer, a.premium, a.liveFee, a.tax, a.shipping, a.insurance, a.other]);
  if (parts !== a.total) {
    throw new InvoiceMathError(
      InvoiceMathErrorCode.INCONSISTENT_LINE,
      `${what}: its total (${a.total}) is not the sum of its amounts (${parts}).`,
    );
  }
}

function charges(c: ChargeAmounts | null | undefined, what: string): Required<ChargeAmounts> {
  const out = { tax: c?.tax ?? 0, shipping: c?.shipping ?? 0, insurance: c?.insurance ?? 0, other: c?.other ?? 0 };
  assertCents(out.tax, `${what} tax`);
  assertCents(out.shipping, `${what} shipping`);
  assertCents(out.insurance, `${what} insurance`);
  assertCents(out.other, `${what} other`, { allowNegative: true });
  return out;
}

export function invoiceTotals(input: InvoiceInput): InvoiceTotals {
  const visible = input.lines.filter((l, i) => {
    assertLine(l.amounts, i + 1);
    return !l.hidden;
  });
  const inv = charges(input.charges, 'Invoice');
  const additional = [
    ...visible.map((l) => l.additional).filter((a): a is AdditionalCharge => !!a && !a.hidden),
    ...(input.additionalCharges ?? []).filter((a) => !a.hidden),
  ].map((a) => charges(a, 'Additional charge'));

  const col = (k: keyof LineAmounts) => sumCents(visible.map((l) => l.amounts[k]));
  const linesTotal = col('total');
  const price: PriceBreakdown = {
    hammer: col('hammer'),
    premium: col('premium'),
    liveFee: col('liveFee'),
    tax: sumCents([col('tax'), inv.tax]),
    shipping: sumCents([col('shipping'), inv.shipping]),
    insurance: sumCents([col('insurance'), inv.insurance]),
    other: sumCents([col('other'), inv.other]),
    total: sumCents([linesTotal, inv.tax, inv.shipping, inv.insurance, inv.other]),
  };
  const addCol = (k: keyof ChargeAmounts) => sumCents(additional.map((a) => a[k]));
  const add: AdditionalBreakdown = {
    tax: addCol('tax'),
    shipping: addCol('shipping'),
    insurance: addCol('insurance'),
    other: addCol('other'),
    total: 0,
  };
  add.total = sumCents([add.tax, add.shipping, add.insurance, add.other]);

  const total = sumCents([price.total, add.total]);
  const paymentsMade = paymentsMadeOf(input.payments ?? []);
  return {
    itemCount: visible.length,
    hammer: price.hammer,
    premium: price.premium,
    liveFee: price.liveFee,
    tax: sumCents([price.tax, add.tax]),
    shipping: sumCents([price.shipping, add.shipping]),
    insurance: sumCents([price.insurance, add.insurance]),
    other: sumCents([price.other, add.other]),
    total,
    price,
    additional: add,
    paymentsMade,
    outstandingBalance: sumCents([total, -paymentsMade]),
  };
}

/** Settled payments minus settled refunds. */
export function paymentsMadeOf(payments: readonly Payment[]): Cents {
  return sumCents(
    payments
      .filter((p) => (p.status ?? 'settled') === 'settled')
      .map((p, i) => {
        assertCents(p.amount, `Payment ${i + 1}`);
        return p.kind === 'refund' ? -p.amount : p.amount;
      }),
  );
}

/** The ten totals of the Edit Invoices strip, plus what the details and sent screens show. */
export interface GroupTotals {
  invoices: number;
  items: number;
  hammer: Cents;
  premium: Cents;
  liveFee: Cents;
  tax: Cents;
  shipping: Cents;
  insurance: Cents;
  other: Cents;
  /** Invoice Total: with additional charges. */
  total: Cents;
  /** totalPrice of the group detail call: without additional charges. */
  totalWithoutAdditional: Cents;
  additionalTotal: Cents;
  paymentsMade: Cents;
  outstandingBalance: Cents;
}

/** Sums of the invoices' rounded amounts; never recomputed from lines. */
export function groupTotals(invoices: readonly InvoiceTotals[]): GroupTotals {
  const sum = (f: (t: InvoiceTotals) => Cents) => sumCents(invoices.map(f));
  return {
    invoices: invoices.length,
    items: invoices.reduce((s, t) => s + t.itemCount, 0),
    hammer: sum((t) => t.hammer),
    premium: sum((t) => t.premium),
    liveFee: sum((t) => t.liveFee),
    tax: sum((t) => t.tax),
    shipping: sum((t) => t.shipping),
    insurance: sum((t) => t.insurance),
    other: sum((t) => t.other),
    total: sum((t) => t.total),
    totalWithoutAdditional: sum((t) => t.price.total),
    additionalTotal: sum((t) => t.additional.total),
    paymentsMade: sum((t) => t.paymentsMade),
    outstandingBalance: sum((t) => t.outstandingBalance),
  };
}

/**
 * All lines of an invoice are in one currency: the sessions of a group must share theirs.
 * Returns that currency, or throws MIXED_CURRENCIES naming the ones found.
 */
export function singleCurrency(currencies: readonly string[]): string {
  const distinct = [...new Set(currencies.map((c) => c.trim().toUpperCase()))].sort();
  if (distinct.length === 1) return distinct[0];
  throw new InvoiceMathError(
    InvoiceMathErrorCode.MIXED_CURRENCIES,
    distinct.length === 0
      ? 'An invoice group needs at least one session.'
      : `The sessions of an invoice group must all use the same currency (found ${distinct.join(', ')}). Please create separate invoice groups for each currency.`,
  );
}
