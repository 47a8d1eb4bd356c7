import { isEmail } from 'class-validator';
import { GeoService } from '../geo/geo.service';
import { POSTAL_CODE_MAX } from '../geo/postal-codes';
import { LOCATION_TEXT } from './locations.errors';
import { postalLabel, stateLabel } from '@ar/rules';

export { postalLabel, stateLabel };

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

const LABELS = {
  facilityName: 'Facility Name',
  addressStreet1: 'Street Address 1',
  addressStreet2: 'Street Address 2',
  addressCity: 'City',
  countryCode: 'Country',
  addressPhone: 'Phone',
  addressFax: 'Fax',
  email: 'Email',
} as const;

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
 * Every rule of the Location form (000 section 5, 001 section 5), as the server enforces them:
 * required Street Address 1, City, Country, State/Province (from the list for US/CA/AU/UK, free text
 * otherwise) and Postal Code ("{field} is required"); the field limits; a valid email when given; the
 * postal code in the country's format (UK treated as GB), "Please select a country first" without one.
 * All field errors are reported at once, keyed by the form's field names.
 */
export function checkLocation(input: LocationInput, geo: GeoService): LocationCheck {
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
      errors[field] = LOCATION_TEXT.tooLong(label, LOCATION_LIMITS[field]);
  };
  const required = (field: string, label: string, value: string | null) => {
    if (value === null) errors[field] = LOCATION_TEXT.required(label);
  };

  required('addressStreet1', LABELS.addressStreet1, v.addressStreet1);
  required('addressCity', LABELS.addressCity, v.addressCity);
  required('countryCode', LABELS.countryCode, v.countryCode);
  for (const f of ['facilityName', 'addressStreet1', 'addressStreet2', 'addressCity', 'addressPhone', 'addressFax', 'email'] as const) {
    limit(f, LABELS[f], v[f]);
  }
  if (v.email !== null && !errors.email && !isEmail(v.email)) errors.email = LOCATION_TEXT.invalidEmail;

  // Country: a real country of the list (never the tax lists' ALL or EU), stored in the list's spelling.
  const country = v.countryCode !== null ? geo.findCountry(v.countryCode) : undefined;
  if (v.countryCode !== null && !country) {
    errors.countryCode = LOCATION_TEXT.invalidCountry;
    formatError = true;
  }
  const countryCode = country?.countryCode ?? null;

  // State/Province: chosen from the list for US, CA, AU and UK; typed for any other country.
  let stateCode: string | null = null;
  let province: string | null = null;
  const sLabel = stateLabel(countryCode);
  if (countryCode !== null && geo.hasStateList(countryCode)) {
    const wanted = v.stateCode ?? v.province;
    if (wanted === null) errors.stateCode = LOCATION_TEXT.required(sLabel);
    else {
      const state = geo.findState(countryCode, wanted);
      if (state) stateCode = state.stateCode;
      else errors.stateCode = LOCATION_TEXT.invalidState(sLabel);
    }
  } else {
    province = v.province ?? v.stateCode;
    if (province === null) errors.province = LOCATION_TEXT.required(sLabel);
    else limit('province', sLabel, province);
  }

  // Postal code: required; checked against the country's format once the country is known.
  const pLabel = postalLabel(countryCode);
  if (v.postalCode === null) errors.postalCode = LOCATION_TEXT.required(pLabel);
  else if (v.postalCode.length > LOCATION_LIMITS.postalCode) errors.postalCode = LOCATION_TEXT.tooLong(pLabel, LOCATION_LIMITS.postalCode);
  else if (v.countryCode === null) errors.postalCode = LOCATION_TEXT.selectCountryFirst;
  else if (countryCode !== null && !geo.isValidPostalCode(countryCode, v.postalCode)) {
    errors.postalCode = LOCATION_TEXT.verifyFormat;
    formatError = true;
  }

  let timeZoneId: string | null | undefined;
  if (input.timeZoneID !== undefined) {
    timeZoneId = text(input.timeZoneID);
    if (timeZoneId !== null && (timeZoneId.length > 64 || !isTimeZone(timeZoneId))) errors.timeZoneID = LOCATION_TEXT.invalidTimeZone;
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
