import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { toIso } from '@ar/rules';

/** The Location form's postal code limit (000 section 3). */
export const POSTAL_CODE_MAX = 32;

/** Whether the postal-code library knows the country's format (UK is asked as GB). */
export function postalFormatKnown(countryCode: string): boolean {
  const iso = toIso(countryCode);
  return iso.length === 2 && postcodeValidatorExistsForCountry(iso);
}

/**
 * A postal code checked against its country's format with `postcode-validator` (UK treated as GB,
 * as the spec says). For the countries the library does not know (about 70 of 250, many without
 * postal codes at all) any non-empty value up to 32 characters is accepted. The value is trimmed first.
 */
export function isValidPostalCode(countryCode: string, postalCode: string): boolean {
  const value = postalCode.trim();
  if (value === '' || value.length > POSTAL_CODE_MAX) return false;
  if (!postalFormatKnown(countryCode)) return true;
  return postcodeValidator(value, toIso(countryCode));
}
