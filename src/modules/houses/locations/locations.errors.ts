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

/** Texts the spec gives, quoted exactly, and ours where it gives none (docs/decisions/locations.md). */
export const LOCATION_TEXT = {
  /** 000 section 8 / 001 section 8: shown for error code 302. */
  verifyFormat: 'Please verify that your country and postal code are in the correct format.',
  /** 000 section 5: the postal code cannot be checked without a country. */
  selectCountryFirst: 'Please select a country first',
  notFound: 'Location not found.',
  /** 001 section 2 (Locations page): the primary has no Delete, the text says a new primary must be designated first. */
  primaryNotDeletable: 'A new primary location must be designated before the current primary can be deleted.',
  primaryCannotBeUnmarked: 'A primary location cannot be unmarked. Make another location primary instead.',
  invalidCountry: 'Please select a valid country.',
  invalidEmail: 'Please enter a valid email address',
  invalidTimeZone: 'Please select a valid time zone.',
  staleVersion: 'This location was changed by someone else. Reload it and try again.',
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} cannot be more than ${max} characters.`,
  invalidState: (label: string) => `Please select a valid ${label}.`,
} as const;
