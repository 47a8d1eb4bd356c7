/** Display rules of the invoice tables that need no React (spec 000 sections 2 and 9). */
import type { Invoice, InvoiceDetail } from './invoiceApi';

/** Spec 000 section 9: names over 25 characters become 22 characters plus '...'. */
export function truncateName(name: string): string {
  const chars = [...name];
  return chars.length > 25 ? `${chars.slice(0, 22).join('')}...` : name;
}

/** The name as the tables show it: the server's cut, or the same cut made here. */
export const shownName = (i: Pick<Invoice, 'displayName' | 'name'>) => i.displayName || truncateName(i.name);

export interface OptionalColumns {
  tax: boolean;
  shipping: boolean;
  insurance: boolean;
  other: boolean;
  disputes: boolean;
}

/**
 * Spec 000 section 2: the item table's Tax, S/H, Insurance, Other and Disputes columns appear
 * only when some line of the invoice has a non-zero amount (or a dispute) there.
 */
export function optionalColumns(lines: readonly InvoiceDetail[]): OptionalColumns {
  const any = (f: (l: InvoiceDetail) => boolean) => lines.some(f);
  return {
    tax: any((l) => l.priceInfoCents.tax !== 0),
    shipping: any((l) => l.priceInfoCents.shipping !== 0),
    insurance: any((l) => l.priceInfoCents.insurance !== 0),
    other: any((l) => l.priceInfoCents.other !== 0),
    disputes: any((l) => !!l.disputeRef),
  };
}

/** City, state or province, country (what the invoice block shows under the name). */
export function placeText(i: Pick<Invoice, 'city' | 'state' | 'province' | 'country'>): string {
  return [i.city, i.state || i.province, i.country].filter((p) => p && p.trim()).join(', ');
}
