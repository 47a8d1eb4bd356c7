import type { DisputeView } from '@ar/rules';

/** Cents as the dispute's currency: $1,234.50. */
export const money = (d: DisputeView, cents: number) =>
  `${d.priceInfo.currencySymbol}${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const shortDate = (iso: string | number) => new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC' });
export const bidderName = (d: DisputeView) => `${d.bidderInfo.firstName} ${d.bidderInfo.lastName}`.trim();
