import { Injectable } from '@nestjs/common';
import CscCountry from 'country-state-city/lib/cjs/country';
import { ALL_CODE, normaliseCode, toIso, toSpec } from '@ar/rules';
import {
  ALL_STATES_NAME,
  buildCountries,
  buildCountryList,
  buildStates,
  CountryEntry,
  CountryListKind,
  STATE_LIST_COUNTRIES,
  StateEntry,
} from './geo-data';
import { isValidPostalCode } from './postal-codes';

/**
 * Countries and states, built once per process and kept in memory (reference data that changes only
 * with the package). Codes are accepted in either UK spelling and answered in the list's spelling.
 * Exported by HousesModule for other modules (invoice templates, wizards, reports).
 */
@Injectable()
export class GeoService {
  private countriesCache?: CountryEntry[];
  /** Country by code, and per country its states by code and by upper-cased name (first wins, as `find`): list rows look these up per row. */
  private countryByCode?: Map<string, CountryEntry>;
  private readonly stateIndex = new Map<string, { byCode: Map<string, StateEntry>; byName: Map<string, StateEntry> }>();
  private readonly lists = new Map<CountryListKind, readonly CountryEntry[]>();
  private readonly states = new Map<string, readonly StateEntry[]>();

  private all(): CountryEntry[] {
    return (this.countriesCache ??= buildCountries());
  }

  /** One of the country lists; `location` (no pseudo-entries) by default. */
  countries(kind: CountryListKind = 'location'): readonly CountryEntry[] {
    let list = this.lists.get(kind);
    if (!list) {
      list = Object.freeze(buildCountryList(kind, this.all()).map((c) => Object.freeze(c)));
      this.lists.set(kind, list);
    }
    return list;
  }

  /** A real country (never ALL or EU) by code in either spelling, in the spec's spelling; undefined when unknown. */
  findCountry(code: string | null | undefined): CountryEntry | undefined {
    const spec = toSpec(code);
    if (!spec) return undefined;
    if (!this.countryByCode) {
      const byCode = new Map<string, CountryEntry>();
      for (const c of this.all()) if (!byCode.has(c.countryCode)) byCode.set(c.countryCode, c);
      this.countryByCode = byCode;
    }
    return this.countryByCode.get(spec);
  }

  countryName(code: string | null | undefined): string | null {
    return this.findCountry(code)?.countryName ?? null;
  }

  /** US, CA, AU and UK choose the state from a list; other countries type it. */
  hasStateList(code: string | null | undefined): boolean {
    return STATE_LIST_COUNTRIES.includes(toSpec(code));
  }

  /**
   * The states of a country (sorted by name), [] for a country without a state list. For `tax`
   * lists, the ALL pseudo-entry is prepended (001 section 3) when the country has a list. For
   * `processorTax`, the countryCode is spelled as that list spells it (GB).
   */
  statesOf(code: string | null | undefined, kind: CountryListKind = 'location'): readonly StateEntry[] {
    const spec = toSpec(code);
    let base = this.states.get(spec);
    if (!base) {
      base = Object.freeze(buildStates(spec).map((s) => Object.freeze(s)));
      this.states.set(spec, base);
    }
    if (kind === 'location' || base.length === 0) return base;
    const countryCode = kind === 'processorTax' ? toIso(spec) : spec;
    const listed = countryCode === spec ? base : base.map((s) => ({ ...s, countryCode }));
    return [{ countryCode, stateCode: ALL_CODE, stateName: ALL_STATES_NAME }, ...listed];
  }

  /** A listed state by code or, failing that, by exact name (both case-insensitive); undefined otherwise. */
  findState(countryCode: string | null | undefined, codeOrName: string | null | undefined): StateEntry | undefined {
    const wanted = normaliseCode(codeOrName);
    if (!wanted) return undefined;
    const spec = toSpec(countryCode);
    let index = this.stateIndex.get(spec);
    if (!index) {
      index = { byCode: new Map(), byName: new Map() };
      for (const s of this.statesOf(spec)) {
        if (!index.byCode.has(s.stateCode)) index.byCode.set(s.stateCode, s);
        const name = s.stateName.toUpperCase();
        if (!index.byName.has(name)) index.byName.set(name, s);
      }
      this.stateIndex.set(spec, index);
    }
    return index.byCode.get(wanted) ?? index.byName.get(wanted);
  }

  /** The country's time zone when it has exactly one (from the package), else null: the user picks one. */
  defaultTimeZone(code: string | null | undefined): string | null {
    const zones = CscCountry.getCountryByCode(toIso(code))?.timezones ?? [];
    return zones.length === 1 ? zones[0].zoneName : null;
  }

  isValidPostalCode(countryCode: string, postalCode: string): boolean {
    return isValidPostalCode(countryCode, postalCode);
  }
}
