/**
 * How amounts travel in the invoice calls' JSON (docs/decisions/invoice-details.md, "Money in JSON").
 *
 * Every amount is answered twice: as a JSON number in currency units with at most two decimals
 * (`1684.38`, what the spec's screens show and the legacy client reads) and as integer cents in a
 * sibling field named with a `Cents` suffix (`invoiceTotalCents: 168438`; objects get a sibling
 * object, `totalPrice` -> `totalPriceCents`). The number is the double nearest the exact amount
 * (one correctly rounded division, the same double the cents' decimal text parses to), so it
 * serialises back to exactly that text. Clients that add amounts use the cents.
 */
import type { Cents } from '../../../core/money/money';
import { assertCents } from '../math/cents';

/** 168438 -> 1684.38; -500 -> -5. */
export function amount(cents: Cents): number {
  if (cents === 0) return 0; // most charge columns
  // The check's call only when it fails (a whole group answers about 100,000 amounts).
  if (!Number.isSafeInteger(cents)) assertCents(cents, 'Amount', { allowNegative: true });
  // IEEE division is correctly rounded: cents / 100 is the double nearest the exact amount, which
  // is the double Number(formatCents(cents)) parses to, without building and parsing the text
  // (a whole group answers about 100,000 amounts).
  return cents / 100;
}

/** The same object with every value turned from cents into an amount. */
export function amounts<K extends string>(cents: Record<K, Cents>): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const k of Object.keys(cents) as K[]) out[k] = amount(cents[k]);
  return out;
}

const symbols = new Map<string, string>();

/** '$' for USD, '€' for EUR, '£' for GBP, 'CA$' for CAD (en-US display); the code itself when unknown. */
export function currencySymbol(currencyCode: string): string {
  const code = currencyCode.trim().toUpperCase();
  let symbol = symbols.get(code);
  if (symbol === undefined) {
    try {
      symbol =
        new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(0).find((p) => p.type === 'currency')?.value ??
        code;
    } catch {
      symbol = code;
    }
    symbols.set(code, symbol);
  }
  return symbol;
}
