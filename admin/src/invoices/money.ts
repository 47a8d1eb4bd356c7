/**
 * Money on the invoice screens: the server answers every amount in integer cents (`...Cents`
 * fields) beside the currency symbol; these turn cents into text without floating point
 * ('$1,684.38', '-$5.00'), always two decimals (spec 000 section 9).
 */

function groups(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 168438 -> '1,684.38' (no symbol); -500 -> '-5.00'. */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) return '';
  const abs = Math.abs(cents);
  const text = `${groups(Math.trunc(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** 168438, '$' -> '$1,684.38'; -500 -> '-$5.00'. */
export function formatMoney(cents: number, symbol = '$'): string {
  if (!Number.isSafeInteger(cents)) return '';
  const text = formatAmount(Math.abs(cents));
  return cents < 0 ? `-${symbol}${text}` : `${symbol}${text}`;
}

/** 168438 -> '1684.38': a plain number for spreadsheets (CSV), two decimals, no grouping. */
export function plainAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) return '';
  const abs = Math.abs(cents);
  const text = `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}
