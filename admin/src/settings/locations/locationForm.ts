import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
// Shared with the server (dependency-free files): the rules, their messages, the labels, the UK/GB mapping.
import {
  checkLocation,
  LOCATION_FORM_TEXT,
  LOCATION_LABELS,
  LOCATION_LIMITS as SHARED_LIMITS,
  POSTAL_CODE_MAX,
  postalLabel,
  STATE_LIST_COUNTRIES,
  stateLabel,
  toIso,
  toSpec,
  type HouseAddressView,
  type LocationGeo,
  type LocationInput,
} from '@ar/rules';

export { postalLabel, stateLabel };

/**
 * The Location form's model (spec 000 sections 3 and 5, 001 "Location form"). Its rules are the
 * server's own (@ar/rules checkLocation), so the form can disable Save until they pass; the server
 * checks again with its lists and has the last word.
 */

/** A house address as `GET /app/house/address` lists it (`data.houseAddresses`): the server's view. */
export type HouseAddress = HouseAddressView;

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

/** Field limits (000 section 3, 001 section 3): the shared rules' limits, per form field. */
export const LOCATION_LIMITS: Record<LocationField, number | undefined> = {
  ...SHARED_LIMITS,
  countryCode: undefined,
  stateCode: undefined,
};

/** The shared form messages, plus the page's own. */
export const LOCATION_TEXT = {
  ...LOCATION_FORM_TEXT,
  firstIsPrimary: 'The first location is always the primary location.',
} as const;

export const FIELD_LABELS = LOCATION_LABELS;

export function hasStateList(countryCode: string): boolean {
  return STATE_LIST_COUNTRIES.includes(toSpec(countryCode));
}

/**
 * The postal code in its country's format (UK treated as GB). Countries the library has no format
 * for (many without postal codes) accept any text within the limit, as on the server.
 */
export function isValidPostalCode(countryCode: string, postalCode: string): boolean {
  const value = postalCode.trim();
  if (value === '' || value.length > POSTAL_CODE_MAX) return false;
  const iso = toIso(countryCode);
  if (iso.length !== 2 || !postcodeValidatorExistsForCountry(iso)) return true;
  return postcodeValidator(value, iso);
}

/**
 * The form's stand-in for the server's lists: the country and state selects offer only listed
 * codes, so a chosen code is taken as it is; the postal format is checked here as on the server.
 */
const FORM_GEO: LocationGeo = {
  findCountry: (code) => ({ countryCode: code }),
  hasStateList,
  findState: (_country, codeOrName) => ({ stateCode: codeOrName }),
  isValidPostalCode,
};

/** Every field error of the draft, keyed by field; {} when the form may be saved. The shared rules, as the server runs them. */
export function validateLocation(d: LocationDraft): LocationErrors {
  const check = checkLocation(locationPayload(d, null) as LocationInput, FORM_GEO);
  return check.ok ? {} : (check.errors as LocationErrors);
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
