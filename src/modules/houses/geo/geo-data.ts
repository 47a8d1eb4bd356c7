// Country and state reference lists, built once from the maintained `country-state-city` package
// (ISO 3166-1 / 3166-2 data), never typed by hand. Deep imports keep its 8 MB city table out of memory.
import CscCountry from 'country-state-city/lib/cjs/country';
import CscState from 'country-state-city/lib/cjs/state';
import { ALL_CODE, EU_CODE, toIso, toSpec } from '@ar/rules';

export interface CountryEntry {
  countryCode: string;
  countryName: string;
}

export interface StateEntry {
  countryCode: string;
  stateCode: string;
  stateName: string;
}

/**
 * Which country list a caller wants (`GET /app/country?list=`):
 * - `location`: the Location form's list (000 section 3): US, CA, UK, AU first, no pseudo-entries. The default.
 * - `tax`: tax and fee rows (001 section 3): ALL, EU first, then UK, US, CA, AU, then the rest.
 * - `processorTax`: tax rows of a card-processor template (000 section 5): as `tax` without the US,
 *   the United Kingdom spelled GB (the spec's "other" list).
 */
export const COUNTRY_LISTS = ['location', 'tax', 'processorTax'] as const;
export type CountryListKind = (typeof COUNTRY_LISTS)[number];

/** The countries whose state/province is chosen from a list (spec codes). Every other country types it. */
export const STATE_LIST_COUNTRIES: readonly string[] = ['US', 'CA', 'AU', 'UK'];

const LOCATION_FIRST = ['US', 'CA', 'UK', 'AU'];
const TAX_FIRST = ['UK', 'US', 'CA', 'AU'];
const ALL_COUNTRIES_NAME = 'All Countries';
const EU_NAME = 'European Union';
export const ALL_STATES_NAME = 'All States';

/**
 * What of the package's subdivisions we offer, per ISO country:
 * - US: the 50 states, DC and the inhabited territories plus the Minor Outlying Islands as one entry
 *   (the package also lists nine uninhabited islands one by one as UM-xx; those are left out).
 * - CA: the 10 provinces and 3 territories (13: the spec's "14" has no 14th official entry).
 * - AU: the 6 states and 2 mainland territories.
 * - GB: counties, unitary authorities, metropolitan and London boroughs and Northern Ireland districts;
 *   the four nations and "United Kingdom" itself are not counties, and Ascension / Saint Helena (SH-xx)
 *   are not in the United Kingdom.
 */
function keepSubdivision(iso: string, stateCode: string): boolean {
  if (iso === 'US') return !stateCode.startsWith('UM-');
  if (iso === 'GB') return !stateCode.startsWith('SH-') && !['UKM', 'ENG', 'SCT', 'WLS', 'NIR'].includes(stateCode);
  return true;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/** Every real country in the spec's spelling (UK for GB), sorted by name. */
export function buildCountries(): CountryEntry[] {
  return CscCountry.getAllCountries()
    .slice()
    .sort(byName)
    .map((c) => ({ countryCode: toSpec(c.isoCode), countryName: c.name }));
}

/** The state list of a spec country code (US, CA, AU, UK), sorted by name; [] for any other country. */
export function buildStates(specCode: string): StateEntry[] {
  if (!STATE_LIST_COUNTRIES.includes(specCode)) return [];
  const iso = toIso(specCode);
  return CscState.getStatesOfCountry(iso)
    .filter((s) => keepSubdivision(iso, s.isoCode))
    .sort(byName)
    .map((s) => ({ countryCode: specCode, stateCode: s.isoCode, stateName: s.name }));
}

function withFirst(all: CountryEntry[], first: string[]): CountryEntry[] {
  const head = first.map((code) => all.find((c) => c.countryCode === code)).filter((c): c is CountryEntry => !!c);
  return [...head, ...all.filter((c) => !first.includes(c.countryCode))];
}

/** One of the three country lists (see `CountryListKind`). */
export function buildCountryList(kind: CountryListKind, all: CountryEntry[] = buildCountries()): CountryEntry[] {
  if (kind === 'location') return withFirst(all, LOCATION_FIRST);
  const pseudo = [
    { countryCode: ALL_CODE, countryName: ALL_COUNTRIES_NAME },
    { countryCode: EU_CODE, countryName: EU_NAME },
  ];
  const tax = [...pseudo, ...withFirst(all, TAX_FIRST)];
  if (kind === 'tax') return tax;
  return tax
    .filter((c) => c.countryCode !== 'US')
    .map((c) => ({ ...c, countryCode: c.countryCode === ALL_CODE || c.countryCode === EU_CODE ? c.countryCode : toIso(c.countryCode) }));
}
