/**
 * The payment methods staff choose from when marking an invoice or a lot paid (spec 000 §3,
 * Payment method: `id, name`; 3 Visa, 4 MasterCard, 5 Discover, 6 American Express; id 11 means
 * ACH, others display as card).
 *
 * There is no per-group payment-method table: every group offers the house's accepted online
 * methods (the four cards and ACH, the ids the spec fixes) plus the offline methods staff record
 * money with (cash, check, wire, PayPal, other). The offline ids start at 101, far from the
 * processor's small card ids, so they can never be mistaken for a card. An id outside this list
 * (a processor's other card brand) displays as 'Card', as the spec says.
 */
export type PaymentMethodType = 'card' | 'ach' | 'offline';

export interface PaymentMethod {
  id: number;
  name: string;
  /** How the screens group it: a card brand, ACH (id 11), or money received outside the processor. */
  type: PaymentMethodType;
}

const ACH_PAYMENT_METHOD_ID = 11;

export const PAYMENT_METHODS: readonly PaymentMethod[] = Object.freeze([
  { id: 3, name: 'Visa', type: 'card' },
  { id: 4, name: 'MasterCard', type: 'card' },
  { id: 5, name: 'Discover', type: 'card' },
  { id: 6, name: 'American Express', type: 'card' },
  { id: ACH_PAYMENT_METHOD_ID, name: 'ACH', type: 'ach' },
  { id: 101, name: 'Cash', type: 'offline' },
  { id: 102, name: 'Check', type: 'offline' },
  { id: 103, name: 'Wire Transfer', type: 'offline' },
  { id: 104, name: 'PayPal', type: 'offline' },
  { id: 105, name: 'Other', type: 'offline' },
] satisfies PaymentMethod[]);

const BY_ID = new Map(PAYMENT_METHODS.map((m) => [m.id, m]));

/** A method staff may choose when marking paid. */
export function isOfferedPaymentMethod(id: number): boolean {
  return BY_ID.has(id);
}

/** The name shown for a stored method id: the list's name, 'Card' for any other id, null for none. */
export function paymentMethodName(id: number | null | undefined): string | null {
  if (id === null || id === undefined) return null;
  return BY_ID.get(id)?.name ?? 'Card';
}
