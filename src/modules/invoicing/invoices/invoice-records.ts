/**
 * The one read model of the `invoice` and `invoice_line` tables: a row type per table and the one
 * place a row becomes a record (bigint/numeric columns to safe-integer cents, dates to YYYY-MM-DD
 * text). Every reader maps through here: the read calls (invoice-details.service.ts), the editing
 * state (editing/core/edit-state.ts), the re-pricing (invoice-pricing.service.ts) and the marks.
 * Plain records from raw queries (no entity hydration, no unit of work), so a group of thousands
 * of lines maps in milliseconds. Field names are the entities' property names.
 */
import type { Cents } from '../../../core/money/money';
import { memberContactOf, type MemberContact } from '../../bidders/member-contact';
import type { Platform } from '../../bidders/member.entity';
import type { FeeAmount } from '../math/charge-rows';
import type { LotLine } from '../math/line';

/** The contact columns are the member's, copied onto the invoice (`MemberContact`). */
export interface InvoiceRecord extends MemberContact {
  id: number;
  groupId: number;
  invoiceNumber: number;
  approvalId: number;
  memberId: number;
  paddleNumber: number;
  channel: Platform;
  companyId: number | null;
  currencyCode: string;
  applyCostPerLot: boolean;
  pickup: boolean;
  notes: string | null;
  shippingCents: Cents;
  insuranceCents: Cents;
  otherCents: Cents;
  taxCents: Cents;
  itemCount: number;
  hammerTotalCents: Cents;
  premiumTotalCents: Cents;
  liveFeeTotalCents: Cents;
  taxTotalCents: Cents;
  shippingTotalCents: Cents;
  insuranceTotalCents: Cents;
  otherTotalCents: Cents;
  invoiceTotalCents: Cents;
  paymentsMadeCents: Cents;
  balanceCents: Cents;
  allPaid: boolean;
  /** YYYY-MM-DD. */
  paidDate: string | null;
  paymentMethodId: number | null;
  onlinePaymentStat: string | null;
  sentAt: Date | null;
  editedAfterSend: boolean;
  taxCalculationError: boolean;
  version: number;
  /** YYYY-MM-DD: a scheduled auto-charge (null: none). */
  autoChargeDate?: string | null;
}

export interface InvoiceLineRecord {
  id: number;
  invoiceId: number;
  lotId: number;
  catalogId: number;
  lotRef: string | null;
  lotNumber: string | null;
  lotExt: string | null;
  lotTitle: string;
  restricted: boolean;
  /** The channel the lot was won through (null: the invoice's). */
  channel: string | null;
  /** The result's hammer, kept the first time a Floor edit overrides it. */
  resultHammerCents: Cents | null;
  hammerCents: Cents;
  premiumCents: Cents;
  liveFeeCents: Cents;
  taxCents: Cents;
  taxEnteredCents: Cents;
  feesCents: Cents;
  feeLabels: { label: string; cents: Cents }[] | null;
  shippingCents: Cents;
  insuranceCents: Cents;
  otherStaffCents: Cents;
  totalCents: Cents;
  hammerOverrideCents: Cents | null;
  premiumOverrideCents: Cents | null;
  liveFeeOverrideCents: Cents | null;
  taxCalculationError: boolean;
  suppress: boolean;
  paid: boolean;
  /** YYYY-MM-DD. */
  paidDate: string | null;
  paymentMethodId: number | null;
  amountPaidCents: Cents;
  onlinePaymentStat: string | null;
  shipped: boolean;
  /** YYYY-MM-DD. */
  shippedDate: string | null;
  disputeRef: string | null;
}

/** The invoice columns, aliased `i`; dates as text so no time zone ever shifts them. */
export const INVOICE_COLUMNS = `i.id, i.group_id, i.invoice_number, i.approval_id, i.member_id, i.first_name, i.last_name, i.email,
  i.company_name, i.phone, i.street1, i.street2, i.city, i.state_code, i.province, i.postal_code, i.country_code, i.paddle_number,
  i.channel, i.company_id, i.currency_code, i.apply_cost_per_lot, i.pickup, i.notes, i.shipping_cents, i.insurance_cents,
  i.other_cents, i.tax_cents, i.item_count, i.hammer_total_cents, i.premium_total_cents, i.live_fee_total_cents, i.tax_total_cents,
  i.shipping_total_cents, i.insurance_total_cents, i.other_total_cents, i.invoice_total_cents, i.payments_made_cents,
  i.balance_cents, i.all_paid, i.paid_date::text as paid_date, i.payment_method_id, i.online_payment_stat, i.sent_at,
  i.edited_after_send, i.tax_calculation_error, i.version, i.auto_charge_date::text as auto_charge_date`;

/** The invoice line columns, aliased `l`. */
export const LINE_COLUMNS = `l.id, l.invoice_id, l.lot_id, l.catalog_id, l.lot_ref, l.lot_number, l.lot_ext, l.lot_title, l.restricted,
  l.channel, l.result_hammer_cents, l.hammer_cents, l.premium_cents, l.live_fee_cents, l.tax_cents, l.tax_entered_cents, l.fees_cents, l.fee_labels, l.shipping_cents,
  l.insurance_cents, l.other_staff_cents, l.total_cents, l.hammer_override_cents, l.premium_override_cents,
  l.live_fee_override_cents, l.tax_calculation_error, l.suppress, l.paid, l.paid_date::text as paid_date, l.payment_method_id,
  l.amount_paid_cents, l.online_payment_stat, l.shipped, l.shipped_date::text as shipped_date, l.dispute_ref`;

type Row = Record<string, unknown>;

/** A bigint column (pg answers text) as cents, refusing anything that is not a safe integer. */
export function centsOf(v: unknown): Cents {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isSafeInteger(n)) throw new Error(`Stored amount ${String(v)} is not a whole number of cents.`);
  return n;
}

const centsOrNull = (v: unknown): Cents | null => (v === null || v === undefined ? null : centsOf(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A `date` column as YYYY-MM-DD: the column lists above select it as text; a `select *` (the
 * mutation's row lock, whose raw rows the audit diff keeps) gets pg's Date at local midnight.
 */
export function dateText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
  return String(v).slice(0, 10);
}

export function invoiceRecord(r: Row): InvoiceRecord {
  return {
    id: r.id as number,
    groupId: r.group_id as number,
    invoiceNumber: r.invoice_number as number,
    approvalId: r.approval_id as number,
    memberId: r.member_id as number,
    ...memberContactOf(r),
    paddleNumber: r.paddle_number as number,
    channel: r.channel as Platform,
    companyId: (r.company_id as number | null) ?? null,
    currencyCode: r.currency_code as string,
    applyCostPerLot: r.apply_cost_per_lot as boolean,
    pickup: r.pickup as boolean,
    notes: str(r.notes),
    shippingCents: centsOf(r.shipping_cents),
    insuranceCents: centsOf(r.insurance_cents),
    otherCents: centsOf(r.other_cents),
    taxCents: centsOf(r.tax_cents),
    itemCount: r.item_count as number,
    hammerTotalCents: centsOf(r.hammer_total_cents),
    premiumTotalCents: centsOf(r.premium_total_cents),
    liveFeeTotalCents: centsOf(r.live_fee_total_cents),
    taxTotalCents: centsOf(r.tax_total_cents),
    shippingTotalCents: centsOf(r.shipping_total_cents),
    insuranceTotalCents: centsOf(r.insurance_total_cents),
    otherTotalCents: centsOf(r.other_total_cents),
    invoiceTotalCents: centsOf(r.invoice_total_cents),
    paymentsMadeCents: centsOf(r.payments_made_cents),
    balanceCents: centsOf(r.balance_cents),
    allPaid: r.all_paid as boolean,
    paidDate: dateText(r.paid_date),
    paymentMethodId: (r.payment_method_id as number | null) ?? null,
    onlinePaymentStat: str(r.online_payment_stat),
    sentAt: r.sent_at ? new Date(r.sent_at as string | Date) : null,
    editedAfterSend: r.edited_after_send as boolean,
    taxCalculationError: r.tax_calculation_error as boolean,
    version: r.version as number,
    autoChargeDate: dateText(r.auto_charge_date),
  };
}

/** LINE_COLUMNS' names as pg answers them ('paid_date' for `l.paid_date::text as paid_date`), in their order. */
const LINE_FIELDS = LINE_COLUMNS.split(',').map((c) => (/(?:\bas\s+|\.)(\w+)\s*$/.exec(c) as RegExpExecArray)[1]);
/** Each line column's position in LINE_COLUMNS (a row read as an array). */
const L = Object.fromEntries(LINE_FIELDS.map((f, i) => [f, i])) as Record<string, number>;

export function lineRecord(r: Row): InvoiceLineRecord {
  return lineRecordOfValues(LINE_FIELDS.map((f) => r[f]));
}

/** A line read as an array of LINE_COLUMNS' values (`boundArrayQuery`): no row object per line for a whole group. */
export function lineRecordOfValues(v: readonly unknown[]): InvoiceLineRecord {
  const labels = v[L.fee_labels] as InvoiceLineRecord['feeLabels'] | string | null;
  return {
    id: v[L.id] as number,
    invoiceId: v[L.invoice_id] as number,
    lotId: v[L.lot_id] as number,
    catalogId: v[L.catalog_id] as number,
    lotRef: str(v[L.lot_ref]),
    lotNumber: str(v[L.lot_number]),
    lotExt: str(v[L.lot_ext]),
    lotTitle: v[L.lot_title] as string,
    restricted: v[L.restricted] as boolean,
    channel: str(v[L.channel]),
    resultHammerCents: centsOrNull(v[L.result_hammer_cents]),
    hammerCents: centsOf(v[L.hammer_cents]),
    premiumCents: centsOf(v[L.premium_cents]),
    liveFeeCents: centsOf(v[L.live_fee_cents]),
    taxCents: centsOf(v[L.tax_cents]),
    taxEnteredCents: centsOf(v[L.tax_entered_cents]),
    feesCents: centsOf(v[L.fees_cents]),
    feeLabels: typeof labels === 'string' ? (JSON.parse(labels) as InvoiceLineRecord['feeLabels']) : (labels ?? null),
    shippingCents: centsOf(v[L.shipping_cents]),
    insuranceCents: centsOf(v[L.insurance_cents]),
    otherStaffCents: centsOf(v[L.other_staff_cents]),
    totalCents: centsOf(v[L.total_cents]),
    hammerOverrideCents: centsOrNull(v[L.hammer_override_cents]),
    premiumOverrideCents: centsOrNull(v[L.premium_override_cents]),
    liveFeeOverrideCents: centsOrNull(v[L.live_fee_override_cents]),
    taxCalculationError: v[L.tax_calculation_error] as boolean,
    suppress: v[L.suppress] as boolean,
    paid: v[L.paid] as boolean,
    paidDate: dateText(v[L.paid_date]),
    paymentMethodId: (v[L.payment_method_id] as number | null) ?? null,
    amountPaidCents: centsOf(v[L.amount_paid_cents]),
    onlinePaymentStat: str(v[L.online_payment_stat]),
    shipped: v[L.shipped] as boolean,
    shippedDate: dateText(v[L.shipped_date]),
    disputeRef: str(v[L.dispute_ref]),
  };
}

/**
 * A computed line's stored amounts in the order of the `invoice_line` columns `hammer` to
 * `tax_calculation_error`: the build's COPY rows and the re-pricing's UPDATE write the same columns.
 */
export function storedLineAmounts(line: LotLine): [Cents, Cents, Cents, Cents, Cents, FeeAmount[] | null, Cents, boolean] {
  return [
    line.hammer,
    line.premium,
    line.liveFee,
    line.tax,
    line.feesTotal,
    line.fees.length ? line.fees : null,
    line.total,
    line.taxCalculationError,
  ];
}
