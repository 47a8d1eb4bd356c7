/**
 * The Location form's rules (000 sections 3 and 5, 001 "Location form"): one function for the
 * server (which has the last word, with its country and state lists) and the admin's form (which
 * disables Save until they pass). The lists come in through `LocationGeo`: the server passes its
 * GeoService, the form a stand-in that trusts the codes its own lists offered.
 */
import { looksLikeEmail } from './email';
import { postalLabel, stateLabel } from './location-labels';

/** The Location form as a client sends it (both faces): every field optional here, the rules decide. */
export interface LocationInput {
  facilityName?: string | null;
  addressStreet1?: string | null;
  addressStreet2?: string | null;
  addressCity?: string | null;
  countryCode?: string | null;
  stateCode?: string | null;
  province?: string | null;
  postalCode?: string | null;
  addressPhone?: string | null;
  addressFax?: string | null;
  email?: string | null;
  timeZoneID?: string | null;
}

/** What is stored once the rules pass: trimmed, empty optional fields as null, codes normalised. */
export interface LocationValues {
  facilityName: string | null;
  addressStreet1: string;
  addressStreet2: string | null;
  addressCity: string;
  countryCode: string;
  stateCode: string | null;
  province: string | null;
  postalCode: string;
  addressPhone: string | null;
  addressFax: string | null;
  email: string | null;
  /** undefined: not sent (keep the stored one, or derive it for a new location). */
  timeZoneId: string | null | undefined;
}

export type LocationCheck =
  | { ok: true; values: LocationValues }
  /** `formatError`: the country or postal code is not in the right format (the spec's code 302). */
  | { ok: false; errors: Record<string, string>; formatError: boolean };

/** The country and state lists the rules need. */
export interface LocationGeo {
  /** The country as the list spells it; undefined when it is not a country of the list. */
  findCountry(code: string): { countryCode: string } | undefined;
  /** US, CA, AU and UK: the state is chosen from a list. */
  hasStateList(countryCode: string): boolean;
  /** The listed state for a code or a name; undefined when it is not one of the country's. */
  findState(countryCode: string, codeOrName: string): { stateCode: string } | undefined;
  /** The postal code in its country's format (countries without a known format accept any text). */
  isValidPostalCode(countryCode: string, postalCode: string): boolean;
}

/** Postal codes of every country fit in this. */
export const POSTAL_CODE_MAX = 32;

/** Limits of the Location form (000 section 3, 001 section 3). The fax has none in the spec: the phone's 40. */
export const LOCATION_LIMITS = {
  facilityName: 75,
  addressStreet1: 50,
  addressStreet2: 50,
  addressCity: 50,
  province: 50,
  postalCode: POSTAL_CODE_MAX,
  addressPhone: 40,
  addressFax: 40,
  email: 60,
} as const;

/** The form's field labels, as the messages name them. */
export const LOCATION_LABELS = {
  facilityName: 'Facility Name',
  addressStreet1: 'Street Address 1',
  addressStreet2: 'Street Address 2',
  addressCity: 'City',
  countryCode: 'Country',
  addressPhone: 'Phone',
  addressFax: 'Fax',
  email: 'Email',
} as const;

/** The form's messages: quoted from the spec where it words them (docs/decisions/locations.md). */
export const LOCATION_FORM_TEXT = {
  /** 000 section 8 / 001 section 8: shown for error code 302. */
  verifyFormat: 'Please verify that your country and postal code are in the correct format.',
  /** 000 section 5: the postal code cannot be checked without a country. */
  selectCountryFirst: 'Please select a country first',
  invalidEmail: 'Please enter a valid email address',
  invalidCountry: 'Please select a valid country.',
  invalidTimeZone: 'Please select a valid time zone.',
  /** 001 section 2 (Locations page): the primary has no Delete. */
  primaryNotDeletable: 'A new primary location must be designated before the current primary can be deleted.',
  primaryCannotBeUnmarked: 'A primary location cannot be unmarked. Make another location primary instead.',
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} cannot be more than ${max} characters.`,
  invalidState: (label: string) => `Please select a valid ${label}.`,
} as const;

/** Countries whose state is chosen from a list (spec: a select for US/CA/AU/UK, free text otherwise). */
export const STATE_LIST_COUNTRIES: readonly string[] = ['US', 'CA', 'AU', 'UK'];

function text(v: string | null | undefined): string | null {
  if (v === undefined || v === null) return null;
  const t = String(v).trim();
  return t === '' ? null : t;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Every rule of the Location form: required Street Address 1, City, Country, State/Province (from
 * the list for US/CA/AU/UK, free text otherwise) and Postal Code ("{field} is required"); the field
 * limits; a valid email when given; the postal code in the country's format (UK treated as GB),
 * "Please select a country first" without one. All field errors at once, keyed by field name.
 */
export function checkLocation(input: LocationInput, geo: LocationGeo): LocationCheck {
  const TEXT = LOCATION_FORM_TEXT;
  const errors: Record<string, string> = {};
  let formatError = false;
  const v = {
    facilityName: text(input.facilityName),
    addressStreet1: text(input.addressStreet1),
    addressStreet2: text(input.addressStreet2),
    addressCity: text(input.addressCity),
    countryCode: text(input.countryCode),
    stateCode: text(input.stateCode),
    province: text(input.province),
    postalCode: text(input.postalCode),
    addressPhone: text(input.addressPhone),
    addressFax: text(input.addressFax),
    email: text(input.email),
  };

  const limit = (field: keyof typeof LOCATION_LIMITS, label: string, value: string | null) => {
    if (value !== null && value.length > LOCATION_LIMITS[field] && !errors[field])
      errors[field] = TEXT.tooLong(label, LOCATION_LIMITS[field]);
  };
  const required = (field: string, label: string, value: string | null) => {
    if (value === null) errors[field] = TEXT.required(label);
  };

  required('addressStreet1', LOCATION_LABELS.addressStreet1, v.addressStreet1);
  required('addressCity', LOCATION_LABELS.addressCity, v.addressCity);
  required('countryCode', LOCATION_LABELS.countryCode, v.countryCode);
  for (const f of ['facilityName', 'addressStreet1', 'addressStreet2', 'addressCity', 'addressPhone', 'addressFax', 'email'] as const) {
    limit(f, LOCATION_LABELS[f], v[f]);
  }
  if (v.email !== null && !errors.email && !looksLikeEmail(v.email)) errors.email = TEXT.invalidEmail;

  // Country: a real country of the list (never the tax lists' ALL or EU), stored in the list's spelling.
  const country = v.countryCode !== null ? geo.findCountry(v.countryCode) : undefined;
  if (v.countryCode !== null && !country) {
    errors.countryCode = TEXT.invalidCountry;
    formatError = true;
  }
  const countryCode = country?.countryCode ?? null;

  // State/Province: chosen from the list for US, CA, AU and UK; typed for any other country.
  let stateCode: string | null = null;
  let province: string | null = null;
  const sLabel = stateLabel(countryCode);
  if (countryCode !== null && geo.hasStateList(countryCode)) {
    const wanted = v.stateCode ?? v.province;
    if (wanted === null) errors.stateCode = TEXT.required(sLabel);
    else {
      const state = geo.findState(countryCode, wanted);
      if (state) stateCode = state.stateCode;
      else errors.stateCode = TEXT.invalidState(sLabel);
    }
  } else {
    province = v.province ?? v.stateCode;
    if (province === null) errors.province = TEXT.required(sLabel);
    else limit('province', sLabel, province);
  }

  // Postal code: required; checked against the country's format once the country is known.
  const pLabel = postalLabel(countryCode);
  if (v.postalCode === null) errors.postalCode = TEXT.required(pLabel);
  else if (v.postalCode.length > LOCATION_LIMITS.postalCode) errors.postalCode = TEXT.tooLong(pLabel, LOCATION_LIMITS.postalCode);
  else if (v.countryCode === null) errors.postalCode = TEXT.selectCountryFirst;
  else if (countryCode !== null && !geo.isValidPostalCode(countryCode, v.postalCode)) {
    errors.postalCode = TEXT.verifyFormat;
    formatError = true;
  }

  let timeZoneId: string | null | undefined;
  if (input.timeZoneID !== undefined) {
    timeZoneId = text(input.timeZoneID);
    if (timeZoneId !== null && (timeZoneId.length > 64 || !isTimeZone(timeZoneId))) errors.timeZoneID = TEXT.invalidTimeZone;
  }

  if (Object.keys(errors).length) return { ok: false, errors, formatError };
  return {
    ok: true,
    values: {
      facilityName: v.facilityName,
      addressStreet1: v.addressStreet1!,
      addressStreet2: v.addressStreet2,
      addressCity: v.addressCity!,
      countryCode: countryCode!,
      stateCode,
      province,
      postalCode: v.postalCode!,
      addressPhone: v.addressPhone,
      addressFax: v.addressFax,
      email: v.email,
      timeZoneId,
    },
  };
}
