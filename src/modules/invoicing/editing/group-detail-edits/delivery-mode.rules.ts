/**
 * Mark as pickup / Mark as shipping (the `invoiceItemDeliveryModes` variant of
 * `POST groupDetailInfo`, `{ deliveryMode, invoiceID }`). Spec 000 section 4: allowed only when the
 * invoice is not fully paid, has no online payment pending and no lot is paid or has an amount
 * paid. Pure.
 */
import { EditingError, EditingErrorCode } from '../core/editing.errors';
import { FieldErrors, idField, unknownKeys, versionField, type Rec } from '../core/edit-input';
import { hasPendingPayment, invoiceFullyPaid, lineHasPayment, type EditState } from '../core/edit-state';

export type DeliveryMode = 'pickup' | 'shipping';

export const DELIVERY_TEXT = {
  mode: "Delivery mode must be 'pickup' or 'shipping'.",
  paid: 'The delivery mode of a paid invoice cannot be changed.',
  pending: 'The delivery mode cannot be changed while an online payment is pending.',
  lotPaid: 'The delivery mode cannot be changed once a lot has been paid.',
} as const;

const KEYS = ['invoiceID', 'deliveryMode', 'version'] as const;

export interface DeliveryEntry {
  invoiceId: number;
  pickup: boolean;
  version: number | null;
}

export function parseDeliveryEntry(body: Rec, e: FieldErrors): DeliveryEntry | null {
  unknownKeys(body, KEYS, e);
  const invoiceId = idField(body, 'invoiceID', 'Invoice id', e);
  const version = versionField(body, e);
  const raw = typeof body.deliveryMode === 'string' ? body.deliveryMode.trim().toLowerCase() : '';
  if (raw !== 'pickup' && raw !== 'shipping') e.add('deliveryMode', DELIVERY_TEXT.mode);
  if (invoiceId === null || (raw !== 'pickup' && raw !== 'shipping')) return null;
  return { invoiceId, pickup: raw === 'pickup', version };
}

/** Throws when the invoice's delivery mode may not change; answers whether there is anything to change. */
export function checkDeliveryChange(state: EditState, pickup: boolean): boolean {
  if (state.invoice.pickup === pickup) return false;
  if (invoiceFullyPaid(state.invoice)) throw new EditingError(EditingErrorCode.NOT_ALLOWED, DELIVERY_TEXT.paid);
  if (hasPendingPayment(state)) throw new EditingError(EditingErrorCode.NOT_ALLOWED, DELIVERY_TEXT.pending);
  if (state.lines.some(lineHasPayment)) throw new EditingError(EditingErrorCode.NOT_ALLOWED, DELIVERY_TEXT.lotPaid);
  return true;
}
