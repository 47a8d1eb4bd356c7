import { DomainError } from '../../core/errors/domain-error';

export enum AccountingErrorCode {
  NOT_MAPPED = 'ACCOUNTS_NOT_MAPPED',
  ALREADY_EXPORTED = 'ALREADY_EXPORTED',
}

/** 409s of the accounting export; field errors go through DomainError.validation. */
export class AccountingError extends DomainError {
  constructor(code: AccountingErrorCode, message: string) {
    super('conflict', code, message);
  }
}
