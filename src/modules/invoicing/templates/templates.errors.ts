import { DomainError, ErrorKind } from '../../../core/errors/domain-error';
import { TEMPLATE_TEXT } from '@ar/rules';

export enum InvoiceTemplatesErrorCode {
  TEMPLATE_NOT_FOUND = 'TEMPLATE_NOT_FOUND',
  /** The same code as every other field-validation failure, so clients handle them alike. */
  TEMPLATE_INVALID = 'VALIDATION_FAILED',
  TEMPLATE_STALE = 'TEMPLATE_STALE',
  TEMPLATE_READ_ONLY = 'TEMPLATE_READ_ONLY',
  TEMPLATE_IN_USE = 'TEMPLATE_IN_USE',
}

const KIND: Record<InvoiceTemplatesErrorCode, ErrorKind> = {
  [InvoiceTemplatesErrorCode.TEMPLATE_NOT_FOUND]: 'not_found',
  [InvoiceTemplatesErrorCode.TEMPLATE_INVALID]: 'validation',
  [InvoiceTemplatesErrorCode.TEMPLATE_STALE]: 'conflict',
  [InvoiceTemplatesErrorCode.TEMPLATE_READ_ONLY]: 'conflict',
  [InvoiceTemplatesErrorCode.TEMPLATE_IN_USE]: 'conflict',
};

export class InvoiceTemplatesError extends DomainError {
  constructor(code: InvoiceTemplatesErrorCode, message: string, fieldErrors?: Record<string, string>) {
    super(KIND[code], code, message, fieldErrors);
  }

  static override notFound(): InvoiceTemplatesError {
    return new InvoiceTemplatesError(InvoiceTemplatesErrorCode.TEMPLATE_NOT_FOUND, TEMPLATE_TEXT.notFound);
  }

  /** 400 with the spec's summary and a message per field. */
  static invalid(fieldErrors: Record<string, string>): InvoiceTemplatesError {
    return new InvoiceTemplatesError(InvoiceTemplatesErrorCode.TEMPLATE_INVALID, TEMPLATE_TEXT.summary, fieldErrors);
  }
}
