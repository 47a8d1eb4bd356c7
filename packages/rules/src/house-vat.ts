/**
 * The house's VAT rate (issue 12; docs/decisions.md "VAT rate on the Locations page"): a house
 * setting the session definition answers as `vat`. Stored like every rate, in thousandths of a
 * percent; blank means the house charges no VAT. The texts follow the bin charge modal's
 * ("Rate % must be a number between 0-100%", "Please enter a valid number, up to three decimal places").
 */
import { parseTemplateRate, type RateMilli } from './template-rules';

export const VAT_TEXT = {
  title: 'Tax',
  label: 'VAT rate (%)',
  help: 'Shown with your sales. Leave blank if you do not charge VAT.',
  range: 'VAT rate must be a number between 0-100%',
  format: 'Please enter a valid number, up to three decimal places',
  saved: 'VAT rate saved.',
} as const;

/** The field's error: blank (no VAT) or 0-100 with up to three decimals passes. */
export function vatRateError(raw: string | null | undefined): string | null {
  const v = (raw ?? '').trim();
  if (!v || parseTemplateRate(v) !== null) return null;
  const n = /^-?\d*\.?\d+$|^-?\d+\.$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) && (n < 0 || n > 100) ? VAT_TEXT.range : VAT_TEXT.format;
}

/** The stored rate of a field without error (thousandths of a percent); null: none. */
export function parseVatRate(raw: string | null | undefined): RateMilli | null {
  const v = (raw ?? '').trim();
  return v ? parseTemplateRate(v) : null;
}

/** A stored rate as the field shows it (17500 -> "17.5"); "" for none. */
export function vatRateText(rate: RateMilli | null | undefined): string {
  if (rate === null || rate === undefined) return '';
  const frac = String(rate % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return frac ? `${Math.floor(rate / 1000)}.${frac}` : String(Math.floor(rate / 1000));
}
