/** How an error reads to a client; the filter maps each kind to one HTTP status. */
export type ErrorKind =
  | 'bad_request'
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'unavailable';

/**
 * Services throw domain errors and never know about HTTP. Each module declares its codes
 * (an enum beside the module) and the kind of each; the global filter maps kinds to statuses.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    /** Field-level messages, shown by react-admin beside each field: `{ field: message }`. */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static notFound(what = 'Record'): DomainError {
    return new DomainError('not_found', 'NOT_FOUND', `${what} not found.`);
  }

  static validation(fieldErrors: Record<string, string>, message = 'Please correct the errors noted and try saving again.'): DomainError {
    return new DomainError('validation', 'VALIDATION_FAILED', message, fieldErrors);
  }
}

/** The generic text the spec shows when an error has none of its own. */
export const GENERIC_ERROR_TEXT = 'Unable to complete your request. Please try again later or contact Customer Care any time at:';
export const PERMISSION_DENIED_TEXT = 'You do not have permissions to view this page. Please contact your system administrator.';
