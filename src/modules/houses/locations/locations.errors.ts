import { LOCATION_FORM_TEXT } from '@ar/rules';
import { DomainError, ErrorKind } from '../../../core/errors/domain-error';

export enum LocationsErrorCode {
  /** A required field is missing or a limit is exceeded: `errors` names each field. */
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  /** The spec's location save error code: the country or the postal code is not in the right format. */
  COUNTRY_POSTAL_FORMAT = '302',
  NOT_FOUND = 'NOT_FOUND',
  /** The primary location was sent with primary false. */
  PRIMARY_CANNOT_BE_UNMARKED = 'PRIMARY_CANNOT_BE_UNMARKED',
  PRIMARY_NOT_DELETABLE = 'PRIMARY_NOT_DELETABLE',
  LOCATION_IN_USE = 'LOCATION_IN_USE',
  /** The client edited an older version of the location than the one stored. */
  STALE_VERSION = 'STALE_VERSION',
}

const KIND: Record<LocationsErrorCode, ErrorKind> = {
  VALIDATION_FAILED: 'validation',
  '302': 'validation',
  NOT_FOUND: 'not_found',
  PRIMARY_CANNOT_BE_UNMARKED: 'validation',
  PRIMARY_NOT_DELETABLE: 'conflict',
  LOCATION_IN_USE: 'conflict',
  STALE_VERSION: 'conflict',
};

export class LocationsError extends DomainError {
  constructor(code: LocationsErrorCode, message: string, fieldErrors?: Record<string, string>) {
    super(KIND[code], code, message, fieldErrors);
  }
}

/**
 * Texts the spec gives, quoted exactly, and ours where it gives none (docs/decisions/locations.md):
 * the form's messages are @ar/rules' (one wording for the admin and the API), plus the API's own.
 */
export const LOCATION_TEXT = {
  ...LOCATION_FORM_TEXT,
  notFound: 'Location not found.',
  staleVersion: 'This location was changed by someone else. Reload it and try again.',
} as const;
