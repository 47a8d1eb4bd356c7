/**
 * Hide from invoice / Show on invoice (spec 000 section 4: "Hide/Show toggles suppress on a lot
 * (only if unpaid and not pending); hidden lots are excluded from counts and printed invoices").
 * The `invoiceDetails` and `invoiceDetailPrice` variants of `POST groupDetailInfo` carry
 * `{ invoiceID, invoiceDetailID, suppress }`; with `additionalCharge: true` the entry hides or shows
 * the lot's additional charge (invoiceDetailID null: the invoice's own), which gives the
 * additional-charge status 'Hidden'. Pure.
 */
import { EditingError, EditingErrorCode } from '../core/editing.errors';
import { FieldErrors, flagField, idField, unknownKeys, versionField, type Rec } from '../core/edit-input';
import {
  additionalLocked,
  hasPendingPayment,
  lineHasPayment,
  lotName,
  type AdditionalChargeState,
  type EditState,
  type LineState,
} from '../core/edit-state';

export const VISIBILITY_TEXT = {
  suppress: 'Suppress must be true or false.',
  lineNotFound: 'Lot not found on this invoice.',
  noAdditional: 'There is no additional charge to hide or show here.',
  paid: (lot: string, hide: boolean) => `${lot} has been paid: it cannot be ${hide ? 'hidden from' : 'shown on'} the invoice.`,
  pending: (lot: string, hide: boolean) =>
    `${lot} has an online payment pending: it cannot be ${hide ? 'hidden from' : 'shown on'} the invoice.`,
  additionalLocked: (hide: boolean) =>
    `This additional charge has been paid or its payment is pending: it cannot be ${hide ? 'hidden' : 'shown'}.`,
  twice: 'This lot is listed twice for this invoice.',
  versionMismatch: 'Every entry of one invoice must carry the same version.',
} as const;

const KEYS = ['invoiceID', 'invoiceDetailID', 'suppress', 'additionalCharge', 'version'] as const;

export interface VisibilityEntry {
  invoiceId: number;
  /** The line (invoice detail) id; null only for the invoice's own additional charge. */
  lineId: number | null;
  suppress: boolean;
  /** The entry is about the additional charge of the lot (or of the invoice), not the lot. */
  additionalCharge: boolean;
  version: number | null;
}

export function parseVisibilityEntry(body: Rec, e: FieldErrors): VisibilityEntry | null {
  unknownKeys(body, KEYS, e);
  const invoiceId = idField(body, 'invoiceID', 'Invoice id', e);
  const additionalCharge = flagField(body, 'additionalCharge', 'Additional charge', e) ?? false;
  const lineId = idField(body, 'invoiceDetailID', 'Invoice detail id', e, !additionalCharge);
  const version = versionField(body, e);
  const suppress = flagField(body, 'suppress', 'Suppress', e);
  if (suppress === null && body.suppress === undefined) e.add('suppress', VISIBILITY_TEXT.suppress);
  if (invoiceId === null || suppress === null) return null;
  return { invoiceId, lineId, suppress, additionalCharge, version };
}

type VisibilityUpdate =
  { kind: 'line'; line: LineState; suppress: boolean } | { kind: 'additional'; charge: AdditionalChargeState; suppress: boolean };

/** What the entries of one invoice change, or why they may not; entries already in the state asked are left out. */
export function planVisibility(state: EditState, entries: readonly VisibilityEntry[]): VisibilityUpdate[] {
  const updates: VisibilityUpdate[] = [];
  for (const entry of entries) {
    if (entry.additionalCharge) {
      const charge = state.additional.find((a) => a.lineId === entry.lineId);
      if (!charge) throw new EditingError(EditingErrorCode.LINE_NOT_FOUND, VISIBILITY_TEXT.noAdditional);
      if (charge.hidden === entry.suppress) continue;
      if (additionalLocked(charge)) throw new EditingError(EditingErrorCode.NOT_ALLOWED, VISIBILITY_TEXT.additionalLocked(entry.suppress));
      updates.push({ kind: 'additional', charge, suppress: entry.suppress });
      continue;
    }
    const line = state.lines.find((l) => l.id === entry.lineId);
    if (!line) throw new EditingError(EditingErrorCode.LINE_NOT_FOUND, VISIBILITY_TEXT.lineNotFound);
    if (line.suppress === entry.suppress) continue;
    if (lineHasPayment(line)) throw new EditingError(EditingErrorCode.NOT_ALLOWED, VISIBILITY_TEXT.paid(lotName(line), entry.suppress));
    if (hasPendingPayment(state))
      throw new EditingError(EditingErrorCode.NOT_ALLOWED, VISIBILITY_TEXT.pending(lotName(line), entry.suppress));
    updates.push({ kind: 'line', line, suppress: entry.suppress });
  }
  return updates;
}

/** The audit action of a request: `line.hide`, `line.show`, `additional.hide`, `additional.show`, or `visibility` when mixed. */
export function visibilityAction(entries: readonly VisibilityEntry[]): string {
  const names = new Set(entries.map((e) => `${e.additionalCharge ? 'additional' : 'line'}.${e.suppress ? 'hide' : 'show'}`));
  return names.size === 1 ? [...names][0] : 'visibility';
}
