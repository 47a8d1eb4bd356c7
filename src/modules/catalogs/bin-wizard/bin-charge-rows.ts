import type { BinTaxSetting } from '@ar/rules';
import { parseRate, type RateMilli } from '../../../core/money/money';

/** A charge row as invoicing reads it (structurally invoicing/math's ChargeRow). */
export interface SaleChargeRow {
  name: string;
  rate: RateMilli;
  countryCode: string;
  stateCode: string | null;
  onHammer: boolean;
  onPremium: boolean;
  onLiveFee: boolean;
}

/** The tax and fee rows a sale's invoices use instead of their template's. */
export interface SaleChargeRows {
  taxRows: SaleChargeRow[];
  feeRows: SaleChargeRow[];
}

/**
 * A buy-now sale's "Additional Charges (Taxes & Fees)" (bin step 1) as the rows its invoice lines
 * are charged with (docs/decisions/bin-wizard.md): each row is a tax on hammer, buyer's premium and
 * live fee (spec 000: "Tax applies to Hammer, Live Fee, BP"; the bin table has no check boxes), and
 * the list replaces the template's tax AND fee rows, an empty saved list meaning no charges. Null
 * (never saved) keeps the template's. A rate that does not parse (never stored: the save checks it)
 * is left out rather than charged wrongly.
 */
export function binChargeRows(taxSettings: readonly BinTaxSetting[] | null | undefined): SaleChargeRows | null {
  if (!taxSettings) return null;
  const taxRows = taxSettings.flatMap((t): SaleChargeRow[] => {
    const rate = parseRate(t.taxRate);
    if (rate === null) return [];
    const country = t.taxCountryID.trim().toUpperCase();
    const state = t.taxStateID.trim().toUpperCase();
    return [
      {
        name: t.taxType,
        rate,
        countryCode: country,
        stateCode: state || null,
        onHammer: true,
        onPremium: true,
        onLiveFee: true,
      },
    ];
  });
  return { taxRows, feeRows: [] };
}
