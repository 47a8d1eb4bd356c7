/**
 * Where a bidder is, as far as tax and fee rows care: a country and, for countries with states,
 * a state/province code.
 *
 * Why one place for the UK/GB spelling: the spec's country lists disagree ('UK' in one, 'GB' in the
 * other), so a row entered as UK must match a bidder stored as GB and the reverse. Every comparison
 * goes through `normaliseCountryCode`, which folds both to GB.
 *
 * Codes are compared trimmed and case-insensitively. State *names* are not mapped to codes here:
 * whoever stores a bidder's address stores the code the state lists offer (GET /app/states).
 */

export interface BidderAddress {
  countryCode?: string | null;
  /** The state or province code (US, CA, AU, GB). */
  stateCode?: string | null;
  /** Free-text province, used when no stateCode was stored. */
  province?: string | null;
}

/** The spelling used for the United Kingdom inside the arithmetic. */
export const UNITED_KINGDOM = 'GB';
export const UNITED_STATES = 'US';

/** Countries whose tax and fee rows are per state/province (the spec's US, CA, AU and UK/GB). */
export const COUNTRIES_WITH_STATES: ReadonlySet<string> = new Set(['US', 'CA', 'AU', UNITED_KINGDOM]);

/** 'ALL' in a row's country or state means every country or state. */
export const ALL = 'ALL';

/** Codes already cleaned: the same few codes are cleaned for every line of a group, so the result is kept. */
const cleaned = new Map<string, string | null>();

function clean(code: string | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  const known = cleaned.get(code);
  if (known !== undefined) return known;
  const s = code.trim().toUpperCase();
  const out = s === '' ? null : s;
  // Bounded: codes are short and few, but a caller could pass arbitrary text.
  if (cleaned.size >= 1_000) cleaned.clear();
  cleaned.set(code, out);
  return out;
}

/** Upper-cased, trimmed, UK folded to GB; null when absent. */
export function normaliseCountryCode(code: string | null | undefined): string | null {
  const c = clean(code);
  return c === 'UK' ? UNITED_KINGDOM : c;
}

export function normaliseStateCode(code: string | null | undefined): string | null {
  return clean(code);
}

export function hasStates(countryCode: string | null | undefined): boolean {
  const c = normaliseCountryCode(countryCode);
  return c !== null && COUNTRIES_WITH_STATES.has(c);
}

/** The bidder's state/province codes worth comparing (stateCode first, then province). */
export function bidderStates(address: BidderAddress): string[] {
  const out: string[] = [];
  for (const s of [normaliseStateCode(address.stateCode), normaliseStateCode(address.province)]) {
    if (s !== null && !out.includes(s)) out.push(s);
  }
  return out;
}

export function isUsBidder(address: BidderAddress): boolean {
  return normaliseCountryCode(address.countryCode) === UNITED_STATES;
}
