/**
 * `POST additionalCharges` (spec 000 sections 4, 5 and 7): reading the per-lot and invoice-level
 * forms, and deciding where the charges go — on the lot line, on the invoice, or into an additional
 * charge — and whether they may be changed at all. Pure; the service applies the plan inside
 * InvoiceMutations.mutate. docs/decisions/invoice-editing.md, "Charges", gives the reasons.
 */
import { CHARGE_FIELDS, CHARGE_MESSAGE_LABELS, CHARGES_TEXT, MAX_CHARGE_BODIES, chargeMayBeNegative, type ChargeField } from '@ar/rules';
import { EditingError, EditingErrorCode } from '../core/editing.errors';
import {
  additionalLocked,
  additionalPaid,
  chargesAreAdditional,
  chargeTotal,
  countedAdditional,
  hasPendingPayment,
  invoiceFullyPaid,
  lineHasPayment,
  lotName,
  paidByCardOrAch,
  sameCharges,
  taxIsComputed,
  type AdditionalChargeState,
  type ChargeCents,
  type EditState,
  type LineState,
} from '../core/edit-state';
import {
  amountField,
  FieldErrors,
  flagField,
  idField,
  invalid,
  isRecord,
  unknownKeys,
  versionField,
  INPUT_TEXT,
  type Rec,
} from '../core/edit-input';

// The fields, the refusal texts and the body limit live in @ar/rules (the admin's form shows the
// same words); re-exported here so the server's names keep working.
export { CHARGE_FIELDS, CHARGES_TEXT, MAX_CHARGE_BODIES };

/** Per-lot form keys; the invoice-level form is the same without lotID. */
const FORM_KEYS = [
  'invoiceID',
  'lotID',
  'suppress',
  'restricted',
  'paid',
  'tax',
  'shipping',
  'insurance',
  'other',
  'additionalCharge',
  'isLastInvoice',
  'version',
] as const;

/** One body of the form, read. `charges` holds only the fields sent. */
interface ChargeForm {
  invoiceId: number;
  /** null: the invoice-level form. */
  lotId: number | null;
  version: number | null;
  charges: Partial<ChargeCents>;
  isLastInvoice: boolean;
}

/** The forms of one invoice, applied together in one mutation. */
export interface ChargeRequest {
  invoiceId: number;
  version: number | null;
  /** Per-lot: one entry per lot; invoice-level: one entry with lotId null. */
  entries: { lotId: number | null; charges: Partial<ChargeCents> }[];
  isLastInvoice: boolean;
}

/** Reads the body: one form object, or an array of them; grouped by invoice in the order first named. */
export function parseChargeRequests(body: unknown): ChargeRequest[] {
  const list = Array.isArray(body) ? body : [body];
  const e = new FieldErrors();
  if (Array.isArray(body) && !body.length) throw invalid({ body: CHARGES_TEXT.emptyList });
  if (list.length > MAX_CHARGE_BODIES) throw invalid({ body: CHARGES_TEXT.tooMany });
  const forms: ChargeForm[] = [];
  list.forEach((item, i) => {
    const fe = Array.isArray(body) ? e.at(`[${i}].`) : e;
    if (!isRecord(item)) {
      fe.add('body', INPUT_TEXT.body);
      return;
    }
    const form = parseChargeForm(item, fe);
    if (form) forms.push(form);
  });
  e.throwIfAny();

  const byInvoice = new Map<number, ChargeRequest>();
  for (const f of forms) {
    let r = byInvoice.get(f.invoiceId);
    if (!r) byInvoice.set(f.invoiceId, (r = { invoiceId: f.invoiceId, version: f.version, entries: [], isLastInvoice: false }));
    else if (r.version !== f.version) e.add('version', CHARGES_TEXT.versionMismatch);
    if (r.entries.some((x) => (x.lotId === null) !== (f.lotId === null))) e.add('lotID', CHARGES_TEXT.mixedForms);
    else if (r.entries.some((x) => x.lotId === f.lotId))
      e.add(f.lotId === null ? 'invoiceID' : 'lotID', f.lotId === null ? CHARGES_TEXT.invoiceTwice : CHARGES_TEXT.twice(f.lotId));
    r.entries.push({ lotId: f.lotId, charges: f.charges });
    r.isLastInvoice ||= f.isLastInvoice;
  }
  e.throwIfAny();
  return [...byInvoice.values()];
}

function parseChargeForm(body: Rec, e: FieldErrors): ChargeForm | null {
  unknownKeys(body, FORM_KEYS, e);
  const invoiceId = idField(body, 'invoiceID', 'Invoice id', e);
  const lotId = idField(body, 'lotID', 'Lot id', e, false);
  const version = versionField(body, e);
  // The lot's state as the client saw it: checked to be flags, not used (the server decides from what it stores).
  flagField(body, 'suppress', 'Suppress', e);
  flagField(body, 'restricted', 'Restricted', e);
  flagField(body, 'paid', 'Paid', e);
  flagField(body, 'additionalCharge', 'Additional charge', e);
  const isLastInvoice = flagField(body, 'isLastInvoice', 'Is last invoice', e) ?? false;
  const charges: Partial<ChargeCents> = {};
  let sent = false;
  for (const f of CHARGE_FIELDS) {
    if (body[f] === undefined) continue;
    sent = true;
    const cents = amountField(body, f, CHARGE_MESSAGE_LABELS[f], e, { signed: chargeMayBeNegative(f) });
    if (cents !== null) charges[f] = cents;
  }
  if (!sent) e.add('charges', CHARGES_TEXT.empty);
  if (invoiceId === null) return null;
  return { invoiceId, lotId, version, charges, isLastInvoice };
}

// --- the decision ---------------------------------------------------------------------------------

export type ChargePlan =
  | { kind: 'line'; updates: { line: LineState; before: ChargeCents; after: ChargeCents }[] }
  | { kind: 'invoice'; updates: { before: ChargeCents; after: ChargeCents }[] }
  | {
      kind: 'additional';
      updates: { lineId: number | null; existing: AdditionalChargeState | null; before: ChargeCents; after: ChargeCents }[];
    };

const ZERO: ChargeCents = { tax: 0, shipping: 0, insurance: 0, other: 0 };

/** The stored charges with the fields sent replacing theirs; tax kept when it is computed (US, processor p). */
function mergeCharges(stored: ChargeCents, sent: Partial<ChargeCents>, taxComputed: boolean): ChargeCents {
  return {
    tax: taxComputed ? stored.tax : (sent.tax ?? stored.tax),
    shipping: sent.shipping ?? stored.shipping,
    insurance: sent.insurance ?? stored.insurance,
    other: sent.other ?? stored.other,
  };
}

const refuse = (message: string) => new EditingError(EditingErrorCode.NOT_ALLOWED, message);

/**
 * Where the request's charges go, or why they may not change. Entries that change nothing are
 * left out (an unchanged paid or hidden lot in a per-lot form is not an error); an empty plan is
 * "no change". Order of checks: the form must fit the invoice's charging, the lots must be on it,
 * then the rules of spec section 4 for the additional-charge or the ordinary case.
 */
export function planCharges(state: EditState, req: ChargeRequest): ChargePlan {
  const perLot = !state.invoice.applyCostPerLot;
  const lotForm = req.entries[0]?.lotId !== null;
  if (lotForm && !perLot) throw invalid({ lotID: CHARGES_TEXT.perInvoice });
  if (!lotForm && perLot) throw invalid({ lotID: CHARGES_TEXT.perLot });

  const computed = taxIsComputed(state);
  const targets = req.entries.map((entry) => {
    if (entry.lotId === null) return { line: null, sent: entry.charges };
    const line = state.lines.find((l) => l.lotId === entry.lotId);
    if (!line) throw new EditingError(EditingErrorCode.LINE_NOT_FOUND, CHARGES_TEXT.lotNotFound);
    return { line, sent: entry.charges };
  });

  if (chargesAreAdditional(state)) return planAdditional(state, targets, computed);

  if (perLot) {
    const updates = targets
      .map(({ line, sent }) => ({ line: line as LineState, before: line!.charges, after: mergeCharges(line!.charges, sent, computed) }))
      .filter((u) => !sameCharges(u.before, u.after));
    if (!updates.length) return { kind: 'line', updates };
    if (hasPendingPayment(state)) throw refuse(CHARGES_TEXT.pending);
    for (const u of updates) {
      if (u.line.suppress) throw refuse(CHARGES_TEXT.hiddenLot(lotName(u.line)));
      if (lineHasPayment(u.line)) throw refuse(CHARGES_TEXT.paidLot(lotName(u.line)));
      if (u.line.totalCents + chargeTotal(u.after) - chargeTotal(u.before) < 0) throw invalid({ other: CHARGES_TEXT.negativeLot });
    }
    return { kind: 'line', updates };
  }

  const before = state.invoice.charges;
  const after = mergeCharges(before, targets[0].sent, computed);
  if (sameCharges(before, after)) return { kind: 'invoice', updates: [] };
  if (hasPendingPayment(state)) throw refuse(CHARGES_TEXT.pending);
  if (invoiceFullyPaid(state.invoice)) throw refuse(CHARGES_TEXT.paidInvoice);
  const additionalTotal = countedAdditional(state).reduce((s, a) => s + chargeTotal(a.charges), 0);
  if (state.invoice.invoiceTotalCents - additionalTotal + chargeTotal(after) - chargeTotal(before) < 0)
    throw invalid({ other: CHARGES_TEXT.negativeInvoice });
  return { kind: 'invoice', updates: [{ before, after }] };
}

function planAdditional(
  state: EditState,
  targets: { line: LineState | null; sent: Partial<ChargeCents> }[],
  computed: boolean,
): ChargePlan {
  const updates = targets
    .map(({ line, sent }) => {
      const existing = state.additional.find((a) => a.lineId === (line?.id ?? null)) ?? null;
      const before = existing?.charges ?? ZERO;
      return { line, lineId: line?.id ?? null, existing, before, after: mergeCharges(before, sent, computed) };
    })
    .filter((u) => !sameCharges(u.before, u.after));
  if (!updates.length) return { kind: 'additional', updates: [] };
  for (const u of updates) {
    if (u.existing && additionalLocked(u.existing)) throw refuse(CHARGES_TEXT.locked);
    if (u.line?.suppress) throw refuse(CHARGES_TEXT.hiddenLot(lotName(u.line)));
  }
  if (hasPendingPayment(state)) throw refuse(CHARGES_TEXT.pending);
  if (!paidByCardOrAch(state)) throw refuse(CHARGES_TEXT.notCardOrAch);
  if (state.additional.some(additionalPaid)) throw refuse(CHARGES_TEXT.additionalPaid);
  for (const u of updates) if (chargeTotal(u.after) < 0) throw invalid({ other: CHARGES_TEXT.negativeAdditional });
  return { kind: 'additional', updates: updates.map(({ lineId, existing, before, after }) => ({ lineId, existing, before, after })) };
}

/** Audit keys of an additional charge: `additional:line:{lineId}.{column}` or `additional:invoice.{column}`. */
export function additionalAuditKey(lineId: number | null, field: ChargeField): string {
  return `${lineId === null ? 'additional:invoice' : `additional:line:${lineId}`}.${field}_cents`;
}
