import { DomainError, ErrorKind } from '../../../core/errors/domain-error';

export enum PaymentsErrorCode {
  BIDDER_NOT_FOUND = 'BIDDER_NOT_FOUND',
  PAYMENT_METHOD_NOT_FOUND = 'PAYMENT_METHOD_NOT_FOUND',
  PAYMENT_METHOD_ON_FILE = 'PAYMENT_METHOD_ON_FILE',
  INVALID_PAYMENT_METHOD = 'VALIDATION_FAILED',
}

const KIND: Record<PaymentsErrorCode, ErrorKind> = {
  [PaymentsErrorCode.BIDDER_NOT_FOUND]: 'not_found',
  [PaymentsErrorCode.PAYMENT_METHOD_NOT_FOUND]: 'not_found',
  [PaymentsErrorCode.PAYMENT_METHOD_ON_FILE]: 'conflict',
  [PaymentsErrorCode.INVALID_PAYMENT_METHOD]: 'validation',
};

export const PAYMENTS_TEXT = {
  bidderNotFound: 'Bidder not found.',
  paymentMethodNotFound: 'Payment method not found.',
  paymentMethodOnFile: 'This payment method is already on file for the bidder.',
  invalidPaymentMethod: 'Please correct the errors noted and try saving again.',
} as const;

/** Errors of payments. Another house's bidder or payment method is simply not found. */
export class PaymentsError extends DomainError {
  constructor(code: PaymentsErrorCode, message: string, fieldErrors?: Record<string, string>) {
    super(KIND[code], code, message, fieldErrors);
  }

  static bidderNotFound(): PaymentsError {
    return new PaymentsError(PaymentsErrorCode.BIDDER_NOT_FOUND, PAYMENTS_TEXT.bidderNotFound);
  }

  static paymentMethodNotFound(): PaymentsError {
    return new PaymentsError(PaymentsErrorCode.PAYMENT_METHOD_NOT_FOUND, PAYMENTS_TEXT.paymentMethodNotFound);
  }

  static alreadyOnFile(): PaymentsError {
    return new PaymentsError(PaymentsErrorCode.PAYMENT_METHOD_ON_FILE, PAYMENTS_TEXT.paymentMethodOnFile);
  }

  static invalid(fieldErrors: Record<string, string>): PaymentsError {
    return new PaymentsError(PaymentsErrorCode.INVALID_PAYMENT_METHOD, PAYMENTS_TEXT.invalidPaymentMethod, fieldErrors);
  }
}
