/**
 * US sales tax for houses whose processor is `p` (INVOICE-MATH.md, rule 3, last paragraph).
 *
 * Why an interface: the rate of a US bidder may later come from a real tax service (local rates,
 * exemptions); the arithmetic only needs "the rate for this country/state", synchronously, so it
 * stays pure and testable. The built-in implementation is a static state table.
 *
 * Decisions:
 * - For processor `p` and a US bidder, NO template tax row applies (neither US nor ALL rows): the
 *   spec says US tax is computed automatically and not entered, so an ALL row would tax twice.
 *   Template fee rows still apply; fees are not tax.
 * - The state rate applies to hammer + BP + live fee, rounded once per line.
 * - An unknown or missing state is not guessed and not an exception: the tax is 0 and the line is
 *   flagged `taxCalculationError`, which the batch-charge rules read as "tax calculation error due
 *   to invalid bidder address".
 */
import type { Cents, RateMilli } from '../../../core/money/money';
import { bidderStates, isUsBidder, normaliseCountryCode, normaliseStateCode, UNITED_STATES, type BidderAddress } from './address';
import { addRateProduct, assertCents, roundExact, roundExactSafe } from './cents';
import type { ChargeBase } from './charge-rows';
import { US_STATE_RATES } from './us-state-rates';

export interface TaxRateProvider {
  /** The sales tax rate for a place, or null when the provider cannot answer for it. */
  rateFor(countryCode: string, stateCode: string | null): RateMilli | null;
}

/** House payment processor types of the spec; `p` is the card processor. */
export type ProcessorType = 'w' | 's' | 'p';
export const CARD_PROCESSOR: ProcessorType = 'p';

/** The static table of US state base rates (us-state-rates.ts). */
export class StaticUsStateTaxRates implements TaxRateProvider {
  constructor(private readonly table: Readonly<Record<string, RateMilli>> = US_STATE_RATES) {}

  rateFor(countryCode: string, stateCode: string | null): RateMilli | null {
    if (normaliseCountryCode(countryCode) !== UNITED_STATES) return null;
    const state = normaliseStateCode(stateCode);
    if (state === null || !Object.prototype.hasOwnProperty.call(this.table, state)) return null;
    return this.table[state];
  }
}

/** True when the line's tax comes from the rate provider instead of the template's tax rows. */
export function usesStateSalesTax(processorType: ProcessorType | null | undefined, bidder: BidderAddress): boolean {
  return processorType === CARD_PROCESSOR && isUsBidder(bidder);
}

export interface SalesTaxResult {
  tax: Cents;
  /** The rate applied, or null when none was found (then tax is 0 and `error` is true). */
  rate: RateMilli | null;
  error: boolean;
}

/** State sales tax on hammer + BP + live fee, rounded half up once. */
export function stateSalesTax(provider: TaxRateProvider, bidder: BidderAddress, base: ChargeBase): SalesTaxResult {
  assertCents(base.hammer, 'Hammer');
  assertCents(base.premium, "Buyer's premium");
  assertCents(base.liveFee, 'Live fee');
  let rate: RateMilli | null = null;
  const country = normaliseCountryCode(bidder.countryCode) ?? '';
  for (const state of bidderStates(bidder)) {
    rate = provider.rateFor(country, state);
    if (rate !== null) break;
  }
  if (rate === null || !Number.isSafeInteger(rate) || rate < 0) return { tax: 0, rate: null, error: true };
  const onSafe = base.hammer + base.premium + base.liveFee;
  const exact = Number.isSafeInteger(onSafe) ? addRateProduct(0, onSafe, rate) : null;
  if (exact !== null) return { tax: roundExactSafe(exact), rate, error: false };
  const on = BigInt(base.hammer) + BigInt(base.premium) + BigInt(base.liveFee);
  return { tax: roundExact(on * BigInt(rate)), rate, error: false };
}
