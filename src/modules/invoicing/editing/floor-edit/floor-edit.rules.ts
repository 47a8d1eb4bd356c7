/**
 * Floor edits (spec 000 section 4: "Floor-channel unpaid invoices allow editing hammer, buyer's
 * premium and live fee"; section 7: `PATCH /app/house/{houseRef}/invoice/{id}`, JSON with data type
 * invoice, its id and `attributes.invoiceDetails` of `{ lotId, hammer, buyersPremium, liveFee }`).
 *
 * Decisions (docs/decisions/invoice-editing.md, "Floor edits"):
 * - Each value given replaces the computed one (stored in the line's override column; the result's
 *   hammer stays in result_hammer_cents); a value not given keeps its override or computed value;
 *   `null` removes the override (back to the computed value). Premium, tax, fees and totals are
 *   recomputed by the re-pricing (an overridden hammer moves a computed premium with it).
 * - Only Floor-channel invoices, and only lots won on the Floor; only unpaid invoices (not paid,
 *   no payment made, no lot paid or with an amount paid) with no online payment pending.
 * - The body's `data.id` must name the invoice of the URL, `data.type` must be `invoice`.
 * Pure.
 */
import type { Cents } from '../../../../core/money/money';
import { EditingError, EditingErrorCode } from '../core/editing.errors';
import { amountField, FieldErrors, idField, invalid, isRecord, unknownKeys, versionField, INPUT_TEXT, type Rec } from '../core/edit-input';
import { hasPendingPayment, invoiceFullyPaid, lineHasPayment, lotName, type EditState, type LineState } from '../core/edit-state';

const MAX_FLOOR_LINES = 1000;

export const FLOOR_TEXT = {
  data: 'Send { data: { type: "invoice", id, attributes: { invoiceDetails: [...] } } }.',
  type: "The data type must be 'invoice'.",
  id: 'The invoice id in the body does not match the URL.',
  details: `Send a list of 1 to ${MAX_FLOOR_LINES} invoice details.`,
  nothing: 'Give at least one of hammer, buyersPremium or liveFee.',
  twice: 'This lot is listed twice.',
  notOnInvoice: 'This lot is not on this invoice.',
  channelHeader: "Only Floor-channel invoices can be edited: the channel must be 'Floor'.",
  notFloor: "Only Floor-channel invoices can have their hammer, buyer's premium or live fee edited.",
  lotNotFloor: (lot: string) => `${lot} was not won on the Floor: its hammer, buyer's premium and live fee cannot be edited.`,
  paid: "This invoice has been paid (in full or in part): its hammer, buyer's premium and live fee cannot be edited.",
  lotPaid: (lot: string) => `${lot} has been paid: its hammer, buyer's premium and live fee cannot be edited.`,
  pending: "This invoice has an online payment pending: its hammer, buyer's premium and live fee cannot be edited.",
} as const;

/** An override as sent: a value replaces, null removes, undefined keeps. */
type OverrideInput = Cents | null | undefined;

export interface FloorLineEdit {
  lotId: number;
  hammer: OverrideInput;
  premium: OverrideInput;
  liveFee: OverrideInput;
}

export interface FloorEditRequest {
  invoiceId: number;
  version: number | null;
  lines: FloorLineEdit[];
}

const BODY_KEYS = ['data', 'channel'] as const;
const DATA_KEYS = ['type', 'id', 'attributes'] as const;
const ATTR_KEYS = ['invoiceDetails', 'version'] as const;
const LINE_KEYS = ['lotId', 'hammer', 'buyersPremium', 'liveFee'] as const;

/** Reads the JSON:API-style body for the invoice of the URL. */
export function parseFloorEdit(pathInvoiceId: number, body: unknown): FloorEditRequest {
  if (!isRecord(body) || !isRecord(body.data)) throw invalid({ data: FLOOR_TEXT.data });
  const e = new FieldErrors();
  unknownKeys(body, BODY_KEYS, e);
  const data = body.data;
  unknownKeys(data, DATA_KEYS, e.at('data.'));
  if (data.type !== 'invoice' && data.type !== 'invoices') e.add('data.type', FLOOR_TEXT.type);
  if (String(data.id ?? '').trim() !== String(pathInvoiceId)) e.add('data.id', FLOOR_TEXT.id);
  const attrs = isRecord(data.attributes) ? data.attributes : {};
  unknownKeys(attrs, ATTR_KEYS, e.at('data.attributes.'));
  const version = versionField(attrs, e.at('data.attributes.'));
  const details = attrs.invoiceDetails;
  const lines: FloorLineEdit[] = [];
  if (!Array.isArray(details) || !details.length || details.length > MAX_FLOOR_LINES) {
    e.add('data.attributes.invoiceDetails', FLOOR_TEXT.details);
  } else {
    details.forEach((d, i) => {
      const fe = e.at(`data.attributes.invoiceDetails[${i}].`);
      if (!isRecord(d)) return fe.add('body', INPUT_TEXT.body);
      const line = parseLine(d, fe);
      if (!line) return;
      if (lines.some((l) => l.lotId === line.lotId)) return fe.add('lotId', FLOOR_TEXT.twice);
      lines.push(line);
    });
  }
  e.throwIfAny();
  return { invoiceId: pathInvoiceId, version, lines };
}

function parseLine(d: Rec, e: FieldErrors): FloorLineEdit | null {
  unknownKeys(d, LINE_KEYS, e);
  const lotId = idField(d, 'lotId', 'Lot id', e);
  const value = (key: string, label: string): OverrideInput => (d[key] === null ? null : (amountField(d, key, label, e) ?? undefined));
  const hammer = value('hammer', 'Hammer');
  const premium = value('buyersPremium', "Buyer's premium");
  const liveFee = value('liveFee', 'Live fee');
  if (d.hammer === undefined && d.buyersPremium === undefined && d.liveFee === undefined) e.add('hammer', FLOOR_TEXT.nothing);
  if (lotId === null) return null;
  return { lotId, hammer, premium, liveFee };
}

/** The optional `channel` (header or body): when given it must be Floor. */
export function checkChannelHeader(channel: unknown): void {
  if (channel === undefined || channel === null || channel === '') return;
  if (typeof channel !== 'string' || channel.trim().toLowerCase() !== 'floor') throw invalid({ channel: FLOOR_TEXT.channelHeader });
}

interface FloorOverrides {
  hammer: Cents | null;
  premium: Cents | null;
  liveFee: Cents | null;
}

interface FloorUpdate {
  line: LineState;
  before: FloorOverrides;
  after: FloorOverrides;
}

const pick = (sent: OverrideInput, stored: Cents | null): Cents | null => (sent === undefined ? stored : sent);

/** The overrides to store, or why not; lines whose overrides stay as they are are left out. */
export function planFloorEdit(state: EditState, req: FloorEditRequest): FloorUpdate[] {
  if (state.invoice.channel !== 'Floor') throw new EditingError(EditingErrorCode.NOT_ALLOWED, FLOOR_TEXT.notFloor);
  const e = new FieldErrors('data.attributes.');
  const updates: FloorUpdate[] = [];
  req.lines.forEach((edit, i) => {
    const line = state.lines.find((l) => l.lotId === edit.lotId);
    if (!line) return e.add(`invoiceDetails[${i}].lotId`, FLOOR_TEXT.notOnInvoice);
    const before = { hammer: line.hammerOverrideCents, premium: line.premiumOverrideCents, liveFee: line.liveFeeOverrideCents };
    const after = {
      hammer: pick(edit.hammer, before.hammer),
      premium: pick(edit.premium, before.premium),
      liveFee: pick(edit.liveFee, before.liveFee),
    };
    if (before.hammer !== after.hammer || before.premium !== after.premium || before.liveFee !== after.liveFee)
      updates.push({ line, before, after });
  });
  e.throwIfAny();
  if (!updates.length) return updates;
  if (hasPendingPayment(state)) throw new EditingError(EditingErrorCode.NOT_ALLOWED, FLOOR_TEXT.pending);
  for (const u of updates) {
    if ((u.line.channel ?? state.invoice.channel) !== 'Floor')
      throw new EditingError(EditingErrorCode.NOT_ALLOWED, FLOOR_TEXT.lotNotFloor(lotName(u.line)));
    if (lineHasPayment(u.line)) throw new EditingError(EditingErrorCode.NOT_ALLOWED, FLOOR_TEXT.lotPaid(lotName(u.line)));
  }
  // "Unpaid invoices": nothing paid on it at all, not only on the lots edited.
  if (invoiceFullyPaid(state.invoice) || state.invoice.paymentsMadeCents > 0 || state.lines.some(lineHasPayment)) {
    throw new EditingError(EditingErrorCode.NOT_ALLOWED, FLOOR_TEXT.paid);
  }
  return updates;
}
