import { DomainError, ErrorKind } from '../../../../core/errors/domain-error';

/**
 * The one door to a card/ACH processor. Every call that moves money carries an idempotency key:
 * the same key twice returns the first result and never moves money twice. Amounts are integer
 * cents with their currency code. See docs/decisions/payments-gateway.md.
 */
export interface PaymentGateway {
  /** Which gateway this is (`sandbox`), for logs and the reconciliation report. */
  readonly name: string;

  /** Authorise and capture in one step. Throws `PaymentGatewayError` when the outcome is not known. */
  charge(request: ChargeRequest): Promise<ChargeResult>;

  /** Refunds all or part of an approved (or settled ACH) charge; refunds never exceed the charge. */
  refund(request: RefundRequest): Promise<RefundResult>;

  /** The refund made with this key; null when the gateway never refunded under it (reconciling a refund). */
  findRefund(idempotencyKey: string): Promise<RefundResult | null>;

  /** The charge made with this key, as the gateway has it now; null when the gateway never charged it. */
  findCharge(idempotencyKey: string): Promise<GatewayCharge | null>;

  /**
   * ACH charges that settled or failed at or after `since`, oldest first. Inclusive, so a reader
   * passes the `occurredAt` of the last event it applied and applies events idempotently (by reference).
   */
  settlementEvents(since: Date): Promise<SettlementEvent[]>;
}

/** Nest injection token of the configured gateway (`PAYMENT_GATEWAY=sandbox`). */
export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');

export type PaymentMethodKind = 'card' | 'ach';
export type CardBrand = 'visa' | 'mastercard' | 'discover' | 'amex';

/** A payment method as a gateway tokenised it. Never a card or account number: a token and what may be shown. */
export interface TokenisedPaymentMethod {
  token: string;
  kind: PaymentMethodKind;
  /** Card network; null for ACH. */
  brand: CardBrand | null;
  /** Last four digits of the card or bank account. */
  last4: string;
  /** 1-12; null for ACH. */
  expMonth: number | null;
  /** Four digits; null for ACH. */
  expYear: number | null;
}

/** The spec's payment method ids: 3 Visa, 4 MasterCard, 5 Discover, 6 American Express, 11 ACH. */
export const PAYMENT_METHOD_ID = { visa: 3, mastercard: 4, discover: 5, amex: 6, ach: 11 } as const;

export function paymentMethodIdOf(method: Pick<TokenisedPaymentMethod, 'kind' | 'brand'>): number {
  if (method.kind === 'ach') return PAYMENT_METHOD_ID.ach;
  return PAYMENT_METHOD_ID[method.brand ?? 'visa'];
}

export interface ChargeRequest {
  /** At most 200 characters; a batch charge uses `invoice:{id}:{amountCents}:{attempt}`. */
  idempotencyKey: string;
  houseId: number;
  token: string;
  /** Positive integer cents. */
  amountCents: number;
  /** ISO 4217, three capital letters. */
  currencyCode: string;
  /** Shown on the processor's side; names what is paid (e.g. `Invoice 1042`). */
  description: string;
}

export type ChargeStatus = 'approved' | 'declined' | 'pending';

export type DeclineCode =
  'insufficient_funds' | 'expired_card' | 'do_not_honour' | 'card_limit_exceeded' | 'invalid_payment_method' | 'ach_returned';

export interface ChargeResult {
  /** `pending`: an ACH debit, settled or failed later (settlement events). */
  status: ChargeStatus;
  /** The gateway's reference of the charge (also for declines), for refunds and reconciliation. */
  reference: string;
  declineCode?: DeclineCode;
  /** A sentence for staff. */
  message: string;
}

/** A charge as the gateway holds it now. */
export interface GatewayCharge extends ChargeResult {
  idempotencyKey: string;
  houseId: number;
  amountCents: number;
  currencyCode: string;
  /** ACH only: null while pending. */
  settlement: 'settled' | 'failed' | null;
  /** Sum of its refunds. */
  refundedCents: number;
  createdAt: Date;
}

export interface RefundRequest {
  idempotencyKey: string;
  chargeReference: string;
  /** Positive integer cents, at most what is left unrefunded of the charge. */
  amountCents: number;
}

export interface RefundResult {
  status: 'refunded';
  reference: string;
  chargeReference: string;
  amountCents: number;
  /** All refunds of the charge so far, this one included. */
  refundedCents: number;
  message: string;
}

export interface SettlementEvent {
  type: 'settled' | 'failed';
  chargeReference: string;
  idempotencyKey: string;
  houseId: number;
  amountCents: number;
  currencyCode: string;
  declineCode?: DeclineCode;
  message: string;
  occurredAt: Date;
}

export enum PaymentGatewayErrorCode {
  /** The gateway answered 5xx before charging: nothing was charged, retrying with the same key is safe. */
  UNAVAILABLE = 'GATEWAY_UNAVAILABLE',
  /** No answer in time: the charge may or may not exist. Look the key up (`findCharge`), never charge again with a new key. */
  TIMEOUT = 'GATEWAY_TIMEOUT',
  /** The request is malformed (amount, currency, key). */
  INVALID_REQUEST = 'GATEWAY_INVALID_REQUEST',
  /** The key was used before for a different request (other amount, token, house or charge). */
  IDEMPOTENCY_CONFLICT = 'GATEWAY_IDEMPOTENCY_CONFLICT',
  CHARGE_NOT_FOUND = 'GATEWAY_CHARGE_NOT_FOUND',
  /** Only an approved card charge or a settled ACH charge can be refunded. */
  NOT_REFUNDABLE = 'GATEWAY_NOT_REFUNDABLE',
  /** The refund would take the refunds above the charged amount. */
  REFUND_EXCEEDS_CHARGE = 'GATEWAY_REFUND_EXCEEDS_CHARGE',
}

const KIND: Record<PaymentGatewayErrorCode, ErrorKind> = {
  [PaymentGatewayErrorCode.UNAVAILABLE]: 'unavailable',
  [PaymentGatewayErrorCode.TIMEOUT]: 'unavailable',
  [PaymentGatewayErrorCode.INVALID_REQUEST]: 'bad_request',
  [PaymentGatewayErrorCode.IDEMPOTENCY_CONFLICT]: 'conflict',
  [PaymentGatewayErrorCode.CHARGE_NOT_FOUND]: 'not_found',
  [PaymentGatewayErrorCode.NOT_REFUNDABLE]: 'conflict',
  [PaymentGatewayErrorCode.REFUND_EXCEEDS_CHARGE]: 'conflict',
};

export const GATEWAY_TEXT = {
  unavailable: 'The payment gateway is unavailable; nothing was charged. Please try again.',
  timeout: 'The payment gateway did not answer in time; the outcome is not known yet.',
  idempotencyConflict: 'This idempotency key was already used for a different request.',
  chargeNotFound: 'The gateway has no such charge.',
  notRefundable: 'Only an approved card payment or a settled ACH payment can be refunded.',
  refundExceedsCharge: 'The refund is more than what is left to refund of this payment.',
} as const;

/** A gateway call that did not give an outcome, or that the gateway refused as a request. */
export class PaymentGatewayError extends DomainError {
  constructor(
    readonly gatewayCode: PaymentGatewayErrorCode,
    message: string,
  ) {
    super(KIND[gatewayCode], gatewayCode, message);
    this.name = 'PaymentGatewayError';
  }

  /** True when the gateway may have moved money: reconcile by key before doing anything else. */
  get outcomeUnknown(): boolean {
    return this.gatewayCode === PaymentGatewayErrorCode.TIMEOUT;
  }

  static invalid(message: string): PaymentGatewayError {
    return new PaymentGatewayError(PaymentGatewayErrorCode.INVALID_REQUEST, message);
  }
}

/** Checks what every gateway requires of a charge request; throws INVALID_REQUEST. */
export function assertChargeRequest(r: ChargeRequest): void {
  assertKey(r.idempotencyKey);
  if (!Number.isSafeInteger(r.amountCents) || r.amountCents <= 0)
    throw PaymentGatewayError.invalid('amountCents must be a positive integer.');
  if (!/^[A-Z]{3}$/.test(r.currencyCode)) throw PaymentGatewayError.invalid('currencyCode must be three capital letters.');
  if (!Number.isSafeInteger(r.houseId) || r.houseId <= 0) throw PaymentGatewayError.invalid('houseId must be a positive integer.');
  if (!r.token || r.token.length > 64) throw PaymentGatewayError.invalid('token must be 1 to 64 characters.');
  if (looksLikeCardNumber(r.token)) throw PaymentGatewayError.invalid('A card number is not a token: never send card numbers.');
  if (r.description.length > 200) throw PaymentGatewayError.invalid('description must be at most 200 characters.');
}

export function assertRefundRequest(r: RefundRequest): void {
  assertKey(r.idempotencyKey);
  if (!Number.isSafeInteger(r.amountCents) || r.amountCents <= 0)
    throw PaymentGatewayError.invalid('amountCents must be a positive integer.');
  if (!r.chargeReference) throw PaymentGatewayError.invalid('chargeReference is required.');
}

function assertKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 200)
    throw PaymentGatewayError.invalid('idempotencyKey must be 1 to 200 characters.');
}

/** 13 to 19 digits, spaces or dashes allowed: what a primary account number looks like. */
export function looksLikeCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{13,19}$/.test(digits);
}
