/**
 * The History list of an invoice (the audit trail: who, when, what changed). The server records
 * only the columns that changed, before and after, invoice columns by name and line columns as
 * `line:{id}.{column}`; this turns them into what staff read ('Lot 12 S/H: $0.00 → $12.50').
 * Bookkeeping columns (derived sums, flags the arithmetic sets) are left out: the invoice total
 * and the balance say what the change did to the money. Pure functions, unit-tested beside.
 */
import { formatMoney } from '../money';
import type { AuditEntry } from '../shared/editingTypes';
import { paymentMethodLabel } from '../shared/editingRules';

const ACTIONS: Record<string, string> = {
  charges: 'Charges edited',
  'additional-charges': 'Additional charges edited',
  'line.hide': 'Lot hidden from invoice',
  'line.show': 'Lot shown on invoice',
  'line.suppress': 'Lot shown/hidden',
  'invoice.paid': 'Marked as paid',
  'invoice.unpaid': 'Marked as not paid',
  'line.paid': 'Lot marked as paid',
  'line.unpaid': 'Lot marked as not paid',
  'invoice.shipped': 'Marked as shipped',
  'invoice.unshipped': 'Marked as not shipped',
  'line.shipped': 'Lot marked as shipped',
  'line.unshipped': 'Lot marked as not shipped',
  note: 'Internal note saved',
  notes: 'Internal note saved',
  'delivery-mode': 'Delivery mode changed',
  'floor-edit': 'Hammer, BP or live fee edited',
  contact: 'Message sent to the bidder',
};

type Kind = 'money' | 'bool' | 'text' | 'date' | 'method' | 'pickup';

/** Columns worth showing, with their label and how to print their values. */
const FIELDS: Record<string, { label: string; kind: Kind }> = {
  // Invoice
  tax_cents: { label: 'Tax', kind: 'money' },
  shipping_cents: { label: 'S/H', kind: 'money' },
  insurance_cents: { label: 'Insurance', kind: 'money' },
  other_cents: { label: 'Other', kind: 'money' },
  notes: { label: 'Internal note', kind: 'text' },
  pickup: { label: 'Delivery', kind: 'pickup' },
  all_paid: { label: 'Paid', kind: 'bool' },
  paid_date: { label: 'Paid date', kind: 'date' },
  payment_method_id: { label: 'Payment method', kind: 'method' },
  invoice_total_cents: { label: 'Invoice Total', kind: 'money' },
  balance_cents: { label: 'Outstanding Balance', kind: 'money' },
  // Lines
  tax_entered_cents: { label: 'Tax', kind: 'money' },
  other_staff_cents: { label: 'Other', kind: 'money' },
  hammer_cents: { label: 'Hammer', kind: 'money' },
  premium_cents: { label: 'BP', kind: 'money' },
  live_fee_cents: { label: 'Live Fee', kind: 'money' },
  suppress: { label: 'Hidden', kind: 'bool' },
  paid: { label: 'Paid', kind: 'bool' },
  shipped: { label: 'Shipped', kind: 'bool' },
  shipped_date: { label: 'Shipped date', kind: 'date' },
};

/** Additional charges (recorded under `additional:` keys). */
const ADDITIONAL_FIELDS: Record<string, { label: string; kind: Kind }> = {
  tax_cents: { label: 'Tax', kind: 'money' },
  shipping_cents: { label: 'S/H', kind: 'money' },
  insurance_cents: { label: 'Insurance', kind: 'money' },
  other_cents: { label: 'Other', kind: 'money' },
  hidden: { label: 'Hidden', kind: 'bool' },
  paid: { label: 'Paid', kind: 'bool' },
};

/** Line columns that only restate the arithmetic (the line's total and the invoice's sums say it). */
const LINE_SKIP = new Set(['tax_cents', 'total_cents']);

export interface AuditChange {
  label: string;
  before: string;
  after: string;
}

export interface AuditLine {
  id: number;
  when: string;
  who: string;
  what: string;
  changes: AuditChange[];
}

function show(kind: Kind, v: unknown, symbol: string): string {
  if (v === null || v === undefined || v === '') return kind === 'bool' ? 'No' : '—';
  switch (kind) {
    case 'money': {
      const n = Number(v);
      return Number.isFinite(n) ? formatMoney(Math.round(n), symbol) : String(v);
    }
    case 'bool':
      return v === true || v === 'true' || v === 't' ? 'Yes' : 'No';
    case 'pickup':
      return v === true || v === 'true' || v === 't' ? 'Pickup' : 'Shipping';
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(v));
      return m ? `${m[2]}/${m[3]}/${m[1]}` : String(v);
    }
    case 'method':
      return paymentMethodLabel({ id: Number(v) });
    default:
      return String(v);
  }
}

/** '2026-11-21T14:05:00Z' -> '11/21/2026 2:05 PM' in the browser's time zone. */
export function auditWhen(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  })
    .format(d)
    .replace(',', '');
}

export function actionText(action: string): string {
  if (ACTIONS[action]) return ACTIONS[action];
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Changed';
}

/**
 * One entry as the History list shows it. `lotOf` names a line ('12A') for `line:{id}.` keys;
 * a line the invoice no longer shows is named by its id.
 */
export function auditLine(e: AuditEntry, symbol: string, lotOf: (lineId: number) => string | undefined, timeZone?: string): AuditLine {
  if (e.changes) return serverLine(e, timeZone, symbol);
  const changes: AuditChange[] = [];
  const keys = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  for (const key of keys) {
    // `col`, `line:{id}.col`, `additional:invoice.col`, `additional:line:{id}.col`.
    const m = /^(additional:)?(?:(invoice)\.|line:(\d+)\.)?(.+)$/.exec(key);
    if (!m) continue;
    const additional = !!m[1];
    const column = m[4];
    const lineId = m[3] ? Number(m[3]) : null;
    if (lineId !== null && !additional && LINE_SKIP.has(column)) continue;
    const field = additional ? ADDITIONAL_FIELDS[column] : FIELDS[column];
    if (!field) continue;
    const lot = lineId === null ? '' : `Lot ${lotOf(lineId) ?? `#${lineId}`} `;
    const label = `${lot}${additional ? "Add'l " : ''}${field.label}`;
    const before = show(field.kind, e.before?.[key], symbol);
    const after = show(field.kind, e.after?.[key], symbol);
    if (before !== after) changes.push({ label, before, after });
  }
  // The invoice's own fields first, its totals last.
  const rank = (c: AuditChange) =>
    c.label === 'Invoice Total' ? 2 : c.label === 'Outstanding Balance' ? 3 : /^(Lot |Add'l)/.test(c.label) ? 1 : 0;
  changes.sort((a, b) => rank(a) - rank(b));
  return { id: e.id, when: auditWhen(e.createdAt, timeZone), who: e.userName, what: actionText(e.action), changes };
}

/**
 * A floor edit stores an override column that was empty before (the amount was computed): its
 * previous value is the computed amount it replaced, recorded beside it as the derived column.
 * Without this the History read 'Hammer (edited): — → $2,800.00'. Removing an override likewise
 * shows the computed amount it gives back.
 */
const OVERRIDDEN: Readonly<Record<string, string>> = {
  hammer_override_cents: 'hammer_cents',
  premium_override_cents: 'premium_cents',
  live_fee_override_cents: 'live_fee_cents',
};

/** `line:41.hammer_override_cents` -> `line:41.hammer_cents`, or null for other fields. */
export function computedFieldOf(field: string): string | null {
  const m = /^(.*\.)?([a-z_]+)$/.exec(field);
  const column = m ? OVERRIDDEN[m[2]] : undefined;
  return column ? `${m?.[1] ?? ''}${column}` : null;
}

/** Consequences worth a line (the rest of what the arithmetic derived is left out). */
const SHOWN_DERIVED = new Set(['invoice_total_cents', 'balance_cents']);

/**
 * An entry the server has already read (`actionText`, `changes` with labels and texts): the edit
 * first, then the invoice total and the balance it led to; lines named by lot.
 */
function serverLine(e: AuditEntry, timeZone?: string, symbol = '$'): AuditLine {
  const money = (t: string | null) =>
    t !== null && /^-?\d+\.\d{2}$/.test(t) ? formatMoney(Math.round(Number(t) * 100), symbol) : (t ?? '—');
  // One line per field and change: the same change on several lots reads 'Lots 18, 73 · Paid: No → Yes'.
  const groups = new Map<string, { lots: string[]; label: string; before: string; after: string }>();
  const byField = new Map((e.changes ?? []).map((c) => [c.field, c]));
  for (const c of e.changes ?? []) {
    if (c.derived && !SHOWN_DERIVED.has(c.field)) continue;
    const computed = byField.get(computedFieldOf(c.field) ?? '');
    const before = money(c.before ?? computed?.before ?? null);
    const after = money(c.after ?? computed?.after ?? null);
    if (before === after) continue;
    const label = c.scope === 'additional' && !c.label.startsWith("Add'l") ? `Add'l ${c.label}` : c.label;
    const key = `${c.lotNumber === null ? 'invoice' : 'lot'}|${label}|${before}|${after}`;
    const g = groups.get(key);
    if (g) {
      if (c.lotNumber) g.lots.push(c.lotNumber);
    } else groups.set(key, { lots: c.lotNumber ? [c.lotNumber] : [], label, before, after });
  }
  const changes = [...groups.values()].map((g) => ({
    label: g.lots.length ? `${g.lots.length === 1 ? 'Lot' : 'Lots'} ${g.lots.join(', ')} · ${g.label}` : g.label,
    before: g.before,
    after: g.after,
  }));
  return { id: e.id, when: auditWhen(e.createdAt, timeZone), who: e.userName, what: e.actionText || actionText(e.action), changes };
}
