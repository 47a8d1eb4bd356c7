import { DomainError, ErrorKind } from '../../../core/errors/domain-error';

export enum InvoicesErrorCode {
  INVOICE_GROUP_NOT_FOUND = 'INVOICE_GROUP_NOT_FOUND',
  INVOICE_NOT_FOUND = 'INVOICE_NOT_FOUND',
  /** A query parameter or body of the read calls is malformed (field messages in `errors`). */
  INVALID_QUERY = 'VALIDATION_FAILED',
}

const KIND: Record<InvoicesErrorCode, ErrorKind> = {
  [InvoicesErrorCode.INVOICE_GROUP_NOT_FOUND]: 'not_found',
  [InvoicesErrorCode.INVOICE_NOT_FOUND]: 'not_found',
  [InvoicesErrorCode.INVALID_QUERY]: 'validation',
};

export const INVOICES_TEXT = {
  groupNotFound: 'Invoice group not found.',
  invoiceNotFound: 'Invoice not found.',
  invalidQuery: 'The request is not valid.',
} as const;

/** Errors of the invoice read calls. Another house's group or invoice is simply not found (404). */
export class InvoicesError extends DomainError {
  constructor(code: InvoicesErrorCode, message: string, fieldErrors?: Record<string, string>) {
    super(KIND[code], code, message, fieldErrors);
  }

  static groupNotFound(): InvoicesError {
    return new InvoicesError(InvoicesErrorCode.INVOICE_GROUP_NOT_FOUND, INVOICES_TEXT.groupNotFound);
  }

  static invoiceNotFound(): InvoicesError {
    return new InvoicesError(InvoicesErrorCode.INVOICE_NOT_FOUND, INVOICES_TEXT.invoiceNotFound);
  }

  static invalid(fieldErrors: Record<string, string>): InvoicesError {
    return new InvoicesError(InvoicesErrorCode.INVALID_QUERY, INVOICES_TEXT.invalidQuery, fieldErrors);
  }
}

/** The answers for a path id that names no invoice / group of the house (`@IdParam('id', invoiceNotFound)`). */
export const invoiceNotFound = (): InvoicesError => InvoicesError.invoiceNotFound();
export const invoiceGroupNotFound = (): InvoicesError => InvoicesError.groupNotFound();
