import { DomainError, ErrorKind } from '../../core/errors/domain-error';

export enum HousesErrorCode {
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  RATE_LIMITED = 'RATE_LIMITED',
  HOUSE_NOT_FOUND = 'HOUSE_NOT_FOUND',
  USER_NOT_FOUND = 'USER_NOT_FOUND',
  USER_NAME_TAKEN = 'USER_NAME_TAKEN',
  HOUSE_NAME_TAKEN = 'HOUSE_NAME_TAKEN',
  WEAK_PASSWORD = 'WEAK_PASSWORD',
  INVALID_USER_NAME = 'INVALID_USER_NAME',
  /** Password reset links (the spec's one failure text; the code says why). */
  RESET_LINK_EXPIRED = 'RESET_LINK_EXPIRED',
  RESET_LINK_USED = 'RESET_LINK_USED',
  RESET_LINK_SUPERSEDED = 'RESET_LINK_SUPERSEDED',
  RESET_LINK_INVALID = 'RESET_LINK_INVALID',
}

const KIND: Record<HousesErrorCode, ErrorKind> = {
  INVALID_CREDENTIALS: 'unauthenticated',
  RATE_LIMITED: 'rate_limited',
  HOUSE_NOT_FOUND: 'not_found',
  USER_NOT_FOUND: 'not_found',
  USER_NAME_TAKEN: 'conflict',
  HOUSE_NAME_TAKEN: 'conflict',
  WEAK_PASSWORD: 'validation',
  INVALID_USER_NAME: 'validation',
  RESET_LINK_EXPIRED: 'bad_request',
  RESET_LINK_USED: 'bad_request',
  RESET_LINK_SUPERSEDED: 'bad_request',
  RESET_LINK_INVALID: 'bad_request',
};

export class HousesError extends DomainError {
  constructor(code: HousesErrorCode, message: string, fieldErrors?: Record<string, string>) {
    super(KIND[code], code, message, fieldErrors);
  }
}

/** The same answer for an unknown house, an unknown user and a wrong password. */
export const INVALID_CREDENTIALS_TEXT = 'Invalid house, user name or password.';
