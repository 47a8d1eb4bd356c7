/**
 * State-level sales tax base rates for US bidders (processor `p`), in thousandths of a percent.
 *
 * Source: the statewide rates in force on 1 January 2025 as published by the Tax Foundation
 * ("State and Local Sales Tax Rates, 2025"); Louisiana's rate rose to 5.00 % on that date.
 * Deliberately state-level only: local (county/city/district) rates vary by address and need a
 * real rate service, which can replace this table behind `TaxRateProvider` without touching the
 * arithmetic. California's 7.25 % includes its statewide 1.25 % local share; Utah (6.10 %) and
 * Virginia (5.30 %) include their mandatory statewide local add-ons, as the source does.
 *
 * Zero rows are states with no statewide sales tax: they are known (tax 0), unlike a code missing
 * from the table, which the line reports as a tax calculation error (invalid bidder address).
 * Territories and military addresses are absent on purpose: they are not states this table can
 * answer for, so a bidder there gets the same "invalid address" flag for a person to look at.
 */
import type { RateMilli } from '../../../core/money/money';

export const US_STATE_RATES_EFFECTIVE = '2025-01-01';

export const US_STATE_RATES: Readonly<Record<string, RateMilli>> = Object.freeze({
  AL: 4000, // Alabama
  AK: 0, // Alaska: no statewide sales tax
  AZ: 5600, // Arizona
  AR: 6500, // Arkansas
  CA: 7250, // California
  CO: 2900, // Colorado
  CT: 6350, // Connecticut
  DE: 0, // Delaware: no sales tax
  DC: 6000, // District of Columbia
  FL: 6000, // Florida
  GA: 4000, // Georgia
  HI: 4000, // Hawaii (general excise tax)
  ID: 6000, // Idaho
  IL: 6250, // Illinois
  IN: 7000, // Indiana
  IA: 6000, // Iowa
  KS: 6500, // Kansas
  KY: 6000, // Kentucky
  LA: 5000, // Louisiana (from 4.45 % on 2025-01-01)
  ME: 5500, // Maine
  MD: 6000, // Maryland
  MA: 6250, // Massachusetts
  MI: 6000, // Michigan
  MN: 6875, // Minnesota
  MS: 7000, // Mississippi
  MO: 4225, // Missouri
  MT: 0, // Montana: no sales tax
  NE: 5500, // Nebraska
  NV: 6850, // Nevada
  NH: 0, // New Hampshire: no sales tax
  NJ: 6625, // New Jersey
  NM: 4875, // New Mexico (gross receipts tax)
  NY: 4000, // New York
  NC: 4750, // North Carolina
  ND: 5000, // North Dakota
  OH: 5750, // Ohio
  OK: 4500, // Oklahoma
  OR: 0, // Oregon: no sales tax
  PA: 6000, // Pennsylvania
  RI: 7000, // Rhode Island
  SC: 6000, // South Carolina
  SD: 4200, // South Dakota
  TN: 7000, // Tennessee
  TX: 6250, // Texas
  UT: 6100, // Utah
  VT: 6000, // Vermont
  VA: 5300, // Virginia
  WA: 6500, // Washington
  WV: 6000, // West Virginia
  WI: 5000, // Wisconsin
  WY: 4000, // Wyoming
});
