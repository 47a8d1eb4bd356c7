/**
 * The one place that knows the two spellings of the United Kingdom.
 *
 * The spec reports 'UK' in one country list and 'GB' in the other (000 section 9, 001 section 9).
 * Our decision (docs/decisions/locations.md): the location list and the tax list answer 'UK', the
 * card-processor tax list answers the ISO code 'GB'. Stored house addresses use the location list's
 * spelling ('UK'), like the demo data's bidders. Anything that needs ISO 3166-1 (the postal-code
 * library, country-state-city) goes through `toIso`; anything answering a spec list goes through `toSpec`.
 */

/** Pseudo-entry of the tax lists: every country (and, as a state, every state). */
export const ALL_CODE = 'ALL';
/** Pseudo-entry of the tax lists: every member state of the European Union. */
export const EU_CODE = 'EU';

const SPEC_TO_ISO: Readonly<Record<string, string>> = { UK: 'GB' };
const ISO_TO_SPEC: Readonly<Record<string, string>> = { GB: 'UK' };

/** Trimmed and upper-cased; '' for nothing. */
export function normaliseCode(code: string | null | undefined): string {
  return (code ?? '').trim().toUpperCase();
}

/** The ISO 3166-1 alpha-2 code of a code in either spelling ('UK' -> 'GB'; others unchanged, upper-cased). */
export function toIso(code: string | null | undefined): string {
  const c = normaliseCode(code);
  return SPEC_TO_ISO[c] ?? c;
}

/** The spec's (location list) spelling of a code in either spelling ('GB' -> 'UK'; others unchanged, upper-cased). */
export function toSpec(code: string | null | undefined): string {
  const c = normaliseCode(code);
  return ISO_TO_SPEC[c] ?? c;
}

/** True when both codes name the same country, whichever spelling each uses. */
export function sameCountry(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = toIso(a);
  return x !== '' && x === toIso(b);
}

/**
 * Members of the European Union (ISO codes), for tax rows whose country is EU. Political data the
 * country package does not carry; 27 members since 1 February 2020.
 */
export const EU_MEMBER_STATES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

export function isEuMember(code: string | null | undefined): boolean {
  return EU_MEMBER_STATES.has(toIso(code));
}
