/**
 * The Location form's country-specific labels. Dependency-free on purpose: the admin's form imports
 * this file too, so the screen and the server's messages can never word a field differently.
 */
import { toSpec } from './country-codes';

/** The State/Province label by country (000 section 5): US State, CA Province, AU State/Territory, UK County. */
export function stateLabel(countryCode: string | null | undefined): string {
  switch (toSpec(countryCode)) {
    case 'US':
      return 'State';
    case 'CA':
      return 'Province';
    case 'AU':
      return 'State/Territory';
    case 'UK':
      return 'County';
    default:
      return 'State/Province';
  }
}

/** The postal code label by country: US Zip Code, otherwise Postal Code. */
export function postalLabel(countryCode: string | null | undefined): string {
  return toSpec(countryCode) === 'US' ? 'Zip Code' : 'Postal Code';
}
