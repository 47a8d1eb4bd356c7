/**
 * The audit trail of an invoice as the screens show it: who, when, what was done, and each field
 * that changed with its label and its before/after text. The stored record keeps raw column values
 * (`before`/`after`, answered as stored too); this adds the reading: `line:{id}.shipping_cents`
 * becomes "Lot 12A · Shipping: 0.00 → 12.50". Fields the arithmetic derives from the change
 * (totals, computed amounts, balance) are flagged `derived`, so a screen can show the edit first
 * and its consequences after. Pure.
 */
import { formatCents } from '../../../../core/money/money';
import { formatUsDate } from '../../math/statuses';
import { paymentMethodName } from '../marks/payment-methods';

export interface AuditRow {
  id: number;
  lineId: number | null;
  userId: number | null;
  userName: string;
  action: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  createdAt: Date;
}

export interface AuditChangeView {
  /** The stored key: `shipping_cents`, `line:12.suppress`, `additional:line:12.shipping_cents`, `additional:invoice.tax_cents`. */
  field: string;
  scope: 'invoice' | 'line' | 'additional';
  lineId: number | null;
  /** '12A' for a line's change, null for the invoice's. */
  lotNumber: string | null;
  label: string;
  before: string | null;
  after: string | null;
  /** Computed from the edit (totals, computed amounts, balance), not entered. */
  derived: boolean;
}

export interface AuditEntryView {
  id: number;
  /** ISO timestamp. */
  createdAt: string;
  /** MM/DD/YYYY (UTC). */
  createdAtString: string;
  userId: number | null;
  userName: string;
  action: string;
  actionText: string;
  lineId: number | null;
  lotNumber: string | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  changes: AuditChangeView[];
}

const ACTIONS: Readonly<Record<string, string>> = {
  charges: 'Charges edited',
  'line.hide': 'Lot hidden from the invoice',
  'line.show': 'Lot shown on the invoice',
  'additional.hide': 'Additional charge hidden',
  'additional.show': 'Additional charge shown',
  visibility: 'Lots hidden or shown',
  note: 'Internal note saved',
  'delivery-mode': 'Delivery mode changed',
  'floor-edit': "Floor edit of hammer, buyer's premium or live fee",
  'payment.refund': 'Payment refunded',
  'payment.void': 'Offline payment voided',
};

type Kind = 'money' | 'flag' | 'date' | 'method' | 'text';

interface FieldInfo {
  label: string;
  kind: Kind;
  derived?: boolean;
  /** Texts for true / false. */
  flag?: [string, string];
}

const money = (label: string, derived = false): FieldInfo => ({ label, kind: 'money', derived });

const INVOICE_FIELDS: Readonly<Record<string, FieldInfo>> = {
  shipping_cents: money('Shipping'),
  insurance_cents: money('Insurance'),
  other_cents: money('Other'),
  tax_cents: money('Tax'),
  notes: { label: 'Internal note', kind: 'text' },
  pickup: { label: 'Delivery mode', kind: 'flag', flag: ['Pickup', 'Shipping'] },
  all_paid: { label: 'Paid', kind: 'flag' },
  paid_date: { label: 'Paid date', kind: 'date' },
  payment_method_id: { label: 'Payment method', kind: 'method' },
  online_payment_stat: { label: 'Online payment status', kind: 'text' },
  sent_at: { label: 'Sent', kind: 'date' },
  item_count: { label: 'Items', kind: 'text', derived: true },
  hammer_total_cents: money('Total hammer', true),
  premium_total_cents: money("Total buyer's premium", true),
  live_fee_total_cents: money('Total live fee', true),
  tax_total_cents: money('Total tax', true),
  shipping_total_cents: money('Total S/H', true),
  insurance_total_cents: money('Total insurance', true),
  other_total_cents: money('Total other', true),
  invoice_total_cents: money('Invoice total', true),
  payments_made_cents: money('Payments made', true),
  balance_cents: money('Outstanding balance', true),
  edited_after_send: { label: 'Edited after sending', kind: 'flag', derived: true },
  tax_calculation_error: { label: 'Tax calculation error', kind: 'flag', derived: true },
  refunded_payment: { label: 'Refunded payment', kind: 'text' },
  refund_cents: money('Refund'),
  refund_reason: { label: 'Refund reason', kind: 'text' },
  refund_reference: { label: 'Refund reference', kind: 'text' },
  voided_payment: { label: 'Voided payment', kind: 'text' },
  voided_payment_cents: money('Voided payment amount'),
  void_reason: { label: 'Void reason', kind: 'text' },
};

const LINE_FIELDS: Readonly<Record<string, FieldInfo>> = {
  suppress: { label: 'Visibility', kind: 'flag', flag: ['Hidden', 'Shown'] },
  paid: { label: 'Paid', kind: 'flag' },
  paid_date: { label: 'Paid date', kind: 'date' },
  payment_method_id: { label: 'Payment method', kind: 'method' },
  shipped: { label: 'Shipped', kind: 'flag' },
  shipped_date: { label: 'Shipped date', kind: 'date' },
  online_payment_stat: { label: 'Online payment status', kind: 'text' },
  dispute_ref: { label: 'Dispute', kind: 'text' },
  shipping_cents: money('Shipping'),
  insurance_cents: money('Insurance'),
  other_staff_cents: money('Other'),
  tax_entered_cents: money('Tax entered'),
  hammer_override_cents: money('Hammer (edited)'),
  premium_override_cents: money("Buyer's premium (edited)"),
  live_fee_override_cents: money('Live fee (edited)'),
  hammer_cents: money('Hammer', true),
  result_hammer_cents: money('Result hammer', true),
  premium_cents: money("Buyer's premium", true),
  live_fee_cents: money('Live fee', true),
  tax_cents: money('Tax', true),
  fees_cents: money('Fees', true),
  fee_labels: { label: 'Fees by type', kind: 'text', derived: true },
  total_cents: money('Total', true),
  amount_paid_cents: money('Amount paid', true),
  tax_calculation_error: { label: 'Tax calculation error', kind: 'flag', derived: true },
};

const ADDITIONAL_FIELDS: Readonly<Record<string, FieldInfo>> = {
  tax_cents: money("Add'l Tax"),
  shipping_cents: money("Add'l Shipping"),
  insurance_cents: money("Add'l Insurance"),
  other_cents: money("Add'l Other"),
  hidden: { label: "Add'l charge visibility", kind: 'flag', flag: ['Hidden', 'Shown'] },
  paid: { label: "Add'l charge paid", kind: 'flag' },
  paid_date: { label: "Add'l charge paid date", kind: 'date' },
};

const humanise = (s: string) => {
  const t = s.replace(/[._-]+/g, ' ').trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
};

/** `payment_method_id` -> 'Payment method id' for columns no table knows. */
const fallback = (column: string): FieldInfo =>
  column.endsWith('_cents') ? money(humanise(column.slice(0, -6))) : { label: humanise(column), kind: 'text' };

function text(v: unknown, info: FieldInfo): string | null {
  if (v === null || v === undefined) return null;
  switch (info.kind) {
    case 'money': {
      const n = Number(v);
      return Number.isSafeInteger(n) ? formatCents(n) : String(v);
    }
    case 'flag': {
      const on = v === true || v === 'true';
      return info.flag ? info.flag[on ? 0 : 1] : on ? 'Yes' : 'No';
    }
    case 'date': {
      const s = v instanceof Date ? v.toISOString() : String(v);
      return /^\d{4}-\d{2}-\d{2}/.test(s) ? formatUsDate(s) : s;
    }
    case 'method':
      return paymentMethodName(Number(v));
    default:
      return typeof v === 'string' ? v : JSON.stringify(v);
  }
}

export function auditChange(field: string, before: unknown, after: unknown, lotNumbers: ReadonlyMap<number, string>): AuditChangeView {
  let scope: AuditChangeView['scope'] = 'invoice';
  let lineId: number | null = null;
  let column = field;
  let info: FieldInfo | undefined;
  let m: RegExpExecArray | null;
  if ((m = /^line:(\d+)\.(.+)$/.exec(field))) {
    scope = 'line';
    lineId = Number(m[1]);
    column = m[2];
    info = LINE_FIELDS[column];
  } else if ((m = /^additional:(?:line:(\d+)|invoice)\.(.+)$/.exec(field))) {
    scope = 'additional';
    lineId = m[1] ? Number(m[1]) : null;
    column = m[2];
    info = ADDITIONAL_FIELDS[column];
  } else {
    info = INVOICE_FIELDS[column];
  }
  const f = info ?? fallback(column);
  return {
    field,
    scope,
    lineId,
    lotNumber: lineId === null ? null : (lotNumbers.get(lineId) ?? null),
    label: f.label,
    before: text(before, f),
    after: text(after, f),
    derived: !!f.derived,
  };
}

export function actionText(action: string, changes: readonly AuditChangeView[]): string {
  if (action === 'charges' && changes.some((c) => c.scope === 'additional')) return 'Additional charges edited';
  return ACTIONS[action] ?? humanise(action);
}

/** One stored record as the screens show it; `lotNumbers`: line id -> '12A' for the invoice's lines. */
export function auditEntryView(row: AuditRow, lotNumbers: ReadonlyMap<number, string>): AuditEntryView {
  const keys = [...new Set([...Object.keys(row.before), ...Object.keys(row.after)])];
  const all = keys.map((k) => auditChange(k, row.before[k], row.after[k], lotNumbers));
  const changes = [...all.filter((c) => !c.derived), ...all.filter((c) => c.derived)];
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    createdAtString: formatUsDate(row.createdAt),
    userId: row.userId,
    userName: row.userName,
    action: row.action,
    actionText: actionText(row.action, changes),
    lineId: row.lineId,
    lotNumber: row.lineId === null ? null : (lotNumbers.get(row.lineId) ?? null),
    before: row.before,
    after: row.after,
    changes,
  };
}
