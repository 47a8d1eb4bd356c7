import type { Invoice } from '../invoiceApi';

/**
 * The ship/pickup column's words. The API answers 'Not' for an invoice with nothing shipped or
 * picked up (its documented value); the table says which: "Not Shipped", or "Not Picked Up" for
 * an invoice whose bidder collects.
 */
export function shipStatusText(i: Pick<Invoice, 'shipStatus' | 'pickup'>): string {
  if (i.shipStatus === 'Not') return i.pickup ? 'Not Picked Up' : 'Not Shipped';
  return i.shipStatus;
}
