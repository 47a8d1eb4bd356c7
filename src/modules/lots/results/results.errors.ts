import { DomainError, ErrorKind } from '../../../core/errors/domain-error';

export enum ResultsErrorCode {
  CATALOG_NOT_FOUND = 'CATALOG_NOT_FOUND',
  FILE_MISSING = 'FILE_MISSING',
  NOT_A_CSV_FILE = 'NOT_A_CSV_FILE',
  FILE_TOO_LARGE = 'FILE_TOO_LARGE',
  INVOICE_CHECK_MISSING = 'INVOICE_CHECK_MISSING',
}

const KIND: Record<ResultsErrorCode, ErrorKind> = {
  CATALOG_NOT_FOUND: 'not_found',
  FILE_MISSING: 'bad_request',
  NOT_A_CSV_FILE: 'bad_request',
  FILE_TOO_LARGE: 'payload_too_large',
  INVOICE_CHECK_MISSING: 'unavailable',
};

/** Refusals of a whole results file. Bad rows are not errors: they come back as `{ line, reason }` with nothing written. */
export class ResultsError extends DomainError {
  constructor(code: ResultsErrorCode, message: string) {
    super(KIND[code], code, message);
  }
}
