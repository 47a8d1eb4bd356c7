import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
// Shared with the server (dependency-free files): one UK/GB mapping, one wording of the labels.
import { toIso, toSpec } from '@ar/rules';
import { postalLabel, stateLabel } from '@ar/rules';

export { postalLabel, stateLabel };

/**
 * The Location form's rules (spec 000 sections 3 and 5, 001 "Location form"), the same as the
 * server's (src/modules/houses/locations/location-rules.ts) so the form can disable Save until they
 * pass. The server checks again and has the last word.
 */

/** A house address as `GET /app/house/address` lists it (`data.houseAddresses`). */
export interface HouseAddress {
  id: number;
  addressID: number;
  facilityName: string | null;
  addressStreet1: string;
  addressStreet2: string | null;
  addressCity: string;
  countryCode: string;
  countryName: string | null;
  showStates: boolean;
  stateCode: string | null;
  province: string | null;
  stateName: string | null;
  postalCode: string;
  addressPhone: string | null;
  addressFax: string | null;
  email: string | null;
  timeZoneID: string | null;
  location: string;
  primary: boolean;
  version: number;
}

/** The form's values, every text as typed. */
export interface LocationDraft {
  facilityName: string;
  addressStreet1: string;
  addressStreet2: string;
  addressCity: string;
  countryCode: string;
  stateCode: string;
  province: string;
  postalCode: string;
  addressPhone: string;
  addressFax: string;
  email: string;
  primary: boolean;
}

export type LocationField = Exclude<keyof LocationDraft, 'primary'>;
export type LocationErrors = Partial<Record<LocationField | 'primary', string>>;

/** Field limits (000 section 3, 001 section 3). The fax has none in the spec: the server uses the phone's 40. */
export const LOCATION_LIMITS: Record<LocationField, number | undefined> = {
  facilityName: 75,
  addressStreet1: 50,
  addressStreet2: 50,
  addressCity: 50,
  countryCode: undefined,
  stateCode: undefined,
  province: 50,
  postalCode: 32,
  addressPhone: 40,
  addressFax: 40,
  email: 60,
};

export const LOCATION_TEXT = {
  /** 000 section 8: the server's error code 302 (bad country or postal code). */
  verifyFormat: 'Please verify that your country and postal code are in the correct format.',
  selectCountryFirst: 'Please select a country first',
  invalidEmail: 'Please enter a valid email address',
  /** 001 "Locations page": why the primary has no Delete. The server refuses with the same text. */
  primaryNotDeletable: 'A new primary location must be designated before the current primary can be deleted.',
  primaryCannotBeUnmarked: 'A primary location cannot be unmarked. Make another location primary instead.',
  firstIsPrimary: 'The first location is always the primary location.',
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} cannot be more than ${max} characters.`,
} as const;

export const FIELD_LABELS = {
  facilityName: 'Facility Name',
  addressStreet1: 'Street Address 1',
  addressStreet2: 'Street Address 2',
  addressCity: 'City',
  countryCode: 'Country',
  addressPhone: 'Phone',
  addressFax: 'Fax',
  email: 'Email',
} as const;

/** Countries whose state is chosen from a list (spec: a select for US/CA/AU/UK, free text otherwise). */
export const STATE_LIST_COUNTRIES = ['US', 'CA', 'AU', 'UK'];

export function hasStateList(countryCode: string): boolean {
  return STATE_LIST_COUNTRIES.includes(toSpec(countryCode));
}

/**
 * The postal code in its country's format (UK treated as GB). Countries the library has no format
 * for (many without postal codes) accept any text within the limit, as on the server.
 */
export function isValidPostalCode(countryCode: string, postalCode: string): boolean {
  const value = postalCode.trim();
  if (value === '' || value.length > 32) return false;
  const iso = toIso(countryCode);
  if (iso.length !== 2 || !postcodeValidatorExistsForCountry(iso)) return true;
  return postcodeValidator(value, iso);
}

// A plain shape check, like the server's class-validator isEmail for ordinary addresses.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function looksLikeEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** Every field error of the draft, keyed by field; {} when the form may be saved. */
export function validateLocation(d: LocationDraft): LocationErrors {
  const errors: LocationErrors = {};
  const v = (f: LocationField) => d[f].trim();
  const limit = (f: LocationField, label: string) => {
    const max = LOCATION_LIMITS[f];
    if (max !== undefined && v(f).length > max) errors[f] = LOCATION_TEXT.tooLong(label, max);
  };
  for (const f of ['addressStreet1', 'addressCity', 'countryCode'] as const) {
    if (!v(f)) errors[f] = LOCATION_TEXT.required(FIELD_LABELS[f]);
  }
  for (const f of ['facilityName', 'addressStreet1', 'addressStreet2', 'addressCity', 'addressPhone', 'addressFax', 'email'] as const) {
    if (!errors[f]) limit(f, FIELD_LABELS[f]);
  }
  if (v('email') && !errors.email && !looksLikeEmail(v('email'))) errors.email = LOCATION_TEXT.invalidEmail;

  const country = v('countryCode');
  const sLabel = stateLabel(country);
  if (country && hasStateList(country)) {
    if (!v('stateCode')) errors.stateCode = LOCATION_TEXT.required(sLabel);
  } else if (!v('province')) {
    errors.province = LOCATION_TEXT.required(sLabel);
  } else {
    limit('province', sLabel);
  }

  const pLabel = postalLabel(country);
  const postal = v('postalCode');
  if (!postal) errors.postalCode = LOCATION_TEXT.required(pLabel);
  else if (postal.length > 32) errors.postalCode = LOCATION_TEXT.tooLong(pLabel, 32);
  else if (!country) errors.postalCode = LOCATION_TEXT.selectCountryFirst;
  else if (!isValidPostalCode(country, postal)) errors.postalCode = LOCATION_TEXT.verifyFormat;
  return errors;
}

export const EMPTY_DRAFT: LocationDraft = {
  facilityName: '',
  addressStreet1: '',
  addressStreet2: '',
  addressCity: '',
  countryCode: '',
  stateCode: '',
  province: '',
  postalCode: '',
  addressPhone: '',
  addressFax: '',
  email: '',
  primary: false,
};

/** The edit form prefilled from a listed address; a new location is primary when it is the first. */
export function draftOf(address: HouseAddress | null, isFirst: boolean): LocationDraft {
  if (!address) return { ...EMPTY_DRAFT, primary: isFirst };
  const listed = hasStateList(address.countryCode);
  return {
    facilityName: address.facilityName ?? '',
    addressStreet1: address.addressStreet1 ?? '',
    addressStreet2: address.addressStreet2 ?? '',
    addressCity: address.addressCity ?? '',
    countryCode: address.countryCode ?? '',
    stateCode: listed ? (address.stateCode ?? '') : '',
    province: listed ? '' : (address.province ?? address.stateName ?? ''),
    postalCode: address.postalCode ?? '',
    addressPhone: address.addressPhone ?? '',
    addressFax: address.addressFax ?? '',
    email: address.email ?? '',
    primary: address.primary,
  };
}

/** The country changed: the state chosen for the old one no longer applies. */
export function withCountry(d: LocationDraft, countryCode: string): LocationDraft {
  if (countryCode === d.countryCode) return d;
  return { ...d, countryCode, stateCode: '', province: '' };
}

/** `POST /app/house/{houseRef}/location`: the form, plus addressID and version when editing. */
export function locationPayload(d: LocationDraft, editing: HouseAddress | null): Record<string, unknown> {
  const t = (s: string) => s.trim();
  const opt = (s: string) => (t(s) === '' ? null : t(s));
  const listed = hasStateList(d.countryCode);
  return {
    ...(editing ? { addressID: editing.addressID, version: editing.version } : {}),
    facilityName: opt(d.facilityName),
    addressStreet1: t(d.addressStreet1),
    addressStreet2: opt(d.addressStreet2),
    addressCity: t(d.addressCity),
    countryCode: t(d.countryCode),
    stateCode: listed ? opt(d.stateCode) : null,
    province: listed ? null : opt(d.province),
    postalCode: t(d.postalCode),
    addressPhone: opt(d.addressPhone),
    addressFax: opt(d.addressFax),
    email: opt(d.email),
    primary: d.primary,
  };
}

/**
 * What the modal says when the server refuses a save: error code 302 (bad country or postal code)
 * has the spec's text; another refusal (4xx) its own message; anything else the generic text ('').
 */
export function saveFailureText(failure: { status: number; code: string | null; message: string | null }): string {
  if (failure.code === '302') return LOCATION_TEXT.verifyFormat;
  if (failure.status >= 400 && failure.status < 500 && failure.message) return failure.message;
  return '';
}

/** One line for the address's street part: "120 Madison Avenue, Suite 4". */
export function streetLine(a: HouseAddress): string {
  return [a.addressStreet1, a.addressStreet2].filter(Boolean).join(', ');
}
