/**
 * The arithmetic refuses bad input instead of guessing: a wrong premium table or a fractional
 * cent would otherwise become a silently wrong invoice. These are DomainErrors so a service
 * that passes user input straight through still answers a clear 400, never a 500.
 */
import { DomainError, ErrorKind } from '../../../core/errors/domain-error';

export enum InvoiceMathErrorCode {
  INVALID_PREMIUM_STEPS = 'INVALID_PREMIUM_STEPS',
  INVALID_AMOUNT = 'INVALID_AMOUNT',
  INVALID_RATE = 'INVALID_RATE',
  INVALID_CHANNEL = 'INVALID_CHANNEL',
  OVERRIDE_NOT_ALLOWED = 'OVERRIDE_NOT_ALLOWED',
  TAX_NOT_ENTERABLE = 'TAX_NOT_ENTERABLE',
  MISSING_TAX_RATE_PROVIDER = 'MISSING_TAX_RATE_PROVIDER',
  INCONSISTENT_LINE = 'INCONSISTENT_LINE',
  MIXED_CURRENCIES = 'MIXED_CURRENCIES',
}

const KIND: Record<InvoiceMathErrorCode, ErrorKind> = {
  INVALID_PREMIUM_STEPS: 'validation',
  INVALID_AMOUNT: 'validation',
  INVALID_RATE: 'validation',
  INVALID_CHANNEL: 'validation',
  OVERRIDE_NOT_ALLOWED: 'bad_request',
  TAX_NOT_ENTERABLE: 'bad_request',
  // A wiring mistake, not user input; still a DomainError so it is reported with its code.
  MISSING_TAX_RATE_PROVIDER: 'unavailable',
  INCONSISTENT_LINE: 'conflict',
  MIXED_CURRENCIES: 'validation',
};

export class InvoiceMathError extends DomainError {
  constructor(code: InvoiceMathErrorCode, message: string) {
    super(KIND[code], code, message);
    this.name = 'InvoiceMathError';
  }
}
