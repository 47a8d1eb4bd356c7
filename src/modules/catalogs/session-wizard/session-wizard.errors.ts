import { CALENDAR_TEXT, SESSION_TEXT } from '@ar/rules';
import { DomainError, ErrorKind } from '../../../core/errors/domain-error';

export enum SessionWizardErrorCode {
  SESSION_NOT_FOUND = 'SESSION_NOT_FOUND',
  GROUP_NOT_FOUND = 'GROUP_NOT_FOUND',
  ADDRESS_NOT_FOUND = 'ADDRESS_NOT_FOUND',
  /** The sale holds the most sessions it may (spec 001 section 8, live/timed step 1). */
  MAX_SESSIONS = 'MAX_SESSIONS',
  /** The sale's buyer's premium structure differs from the house's (calendar rule). */
  FEE_STEP_DIFFERS = 'FEE_STEP_DIFFERS',
  /** A save within two hours of the session's start, or after it. */
  SESSION_LOCKED = 'SESSION_LOCKED',
  /** Add Sale while the house must enable payment processing, or may not hold live/timed sales. */
  SALE_NOT_ALLOWED = 'SALE_NOT_ALLOWED',
  /** Lot end times asked after a bid or a close in the timed session. */
  BIDDING_STARTED = 'BIDDING_STARTED',
}

const KIND: Record<SessionWizardErrorCode, ErrorKind> = {
  SESSION_NOT_FOUND: 'not_found',
  GROUP_NOT_FOUND: 'not_found',
  ADDRESS_NOT_FOUND: 'not_found',
  MAX_SESSIONS: 'conflict',
  FEE_STEP_DIFFERS: 'conflict',
  SESSION_LOCKED: 'conflict',
  SALE_NOT_ALLOWED: 'forbidden',
  BIDDING_STARTED: 'conflict',
};

export class SessionWizardError extends DomainError {
  constructor(code: SessionWizardErrorCode, message: string) {
    super(KIND[code], code, message);
  }

  static sessionNotFound(): SessionWizardError {
    return new SessionWizardError(SessionWizardErrorCode.SESSION_NOT_FOUND, CALENDAR_TEXT.sessionNotFound);
  }

  static groupNotFound(): SessionWizardError {
    return new SessionWizardError(SessionWizardErrorCode.GROUP_NOT_FOUND, CALENDAR_TEXT.groupNotFound);
  }

  static addressNotFound(): SessionWizardError {
    return new SessionWizardError(SessionWizardErrorCode.ADDRESS_NOT_FOUND, 'Location not found.');
  }

  static locked(): SessionWizardError {
    return new SessionWizardError(SessionWizardErrorCode.SESSION_LOCKED, CALENDAR_TEXT.in2Hours);
  }

  static maxSessions(): SessionWizardError {
    return new SessionWizardError(SessionWizardErrorCode.MAX_SESSIONS, SESSION_TEXT.maxSessions);
  }
}

/** 400 with every field's message; the answer's message is the first of them. */
export function invalid(errors: Record<string, string>): DomainError {
  return DomainError.validation(errors, Object.values(errors)[0]);
}
