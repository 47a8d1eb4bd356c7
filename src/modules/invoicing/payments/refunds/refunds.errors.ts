import { REFUND_TEXT } from '@ar/rules';
import { DomainError, ErrorKind } from '../../../../core/errors/domain-error';

export enum RefundsErrorCode {
  PAYMENT_NOT_FOUND = 'PAYMENT_NOT_FOUND',
  /** The payment is not one a refund can take money back from (a refund, offline, voided, not settled, nothing left). */
  NOT_REFUNDABLE = 'PAYMENT_NOT_REFUNDABLE',
  REFUND_IN_PROGRESS = 'REFUND_IN_PROGRESS',
  REQUEST_REUSED = 'REFUND_REQUEST_REUSED',
  GATEWAY_UNAVAILABLE = 'REFUND_GATEWAY_UNAVAILABLE',
  OUTCOME_UNKNOWN = 'REFUND_OUTCOME_UNKNOWN',
  GATEWAY_REFUSED = 'REFUND_GATEWAY_REFUSED',
  NOT_VOIDABLE = 'PAYMENT_NOT_VOIDABLE',
}

const KIND: Record<RefundsErrorCode, ErrorKind> = {
  [RefundsErrorCode.PAYMENT_NOT_FOUND]: 'not_found',
  [RefundsErrorCode.NOT_REFUNDABLE]: 'conflict',
  [RefundsErrorCode.REFUND_IN_PROGRESS]: 'conflict',
  [RefundsErrorCode.REQUEST_REUSED]: 'conflict',
  [RefundsErrorCode.GATEWAY_UNAVAILABLE]: 'unavailable',
  [RefundsErrorCode.OUTCOME_UNKNOWN]: 'unavailable',
  [RefundsErrorCode.GATEWAY_REFUSED]: 'conflict',
  [RefundsErrorCode.NOT_VOIDABLE]: 'conflict',
};

/** Refusals of refunds and voids. Another house's invoice or payment is simply not found (404). */
export class RefundsError extends DomainError {
  constructor(code: RefundsErrorCode, message: string, fieldErrors?: Record<string, string>) {
    super(KIND[code], code, message, fieldErrors);
  }

  static paymentNotFound(): RefundsError {
    return new RefundsError(RefundsErrorCode.PAYMENT_NOT_FOUND, REFUND_TEXT.paymentNotFound);
  }

  static notRefundable(message: string): RefundsError {
    return new RefundsError(RefundsErrorCode.NOT_REFUNDABLE, message);
  }

  static notVoidable(message: string): RefundsError {
    return new RefundsError(RefundsErrorCode.NOT_VOIDABLE, message);
  }
}

/** The answer for a path id that names no payment of the invoice (`@IdParam('paymentId', paymentNotFound)`). */
export const paymentNotFound = (): RefundsError => RefundsError.paymentNotFound();
