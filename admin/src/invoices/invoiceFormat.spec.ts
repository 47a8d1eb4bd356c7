import { describe, expect, it } from '@jest/globals';
import type { InvoiceDetail } from './invoiceApi';
import { optionalColumns, placeText, shownName, truncateName } from './invoiceFormat';

const line = (price: Partial<InvoiceDetail['priceInfoCents']> = {}, disputeRef: string | null = null): InvoiceDetail => ({
  invoiceDetailID: 1,
  lotID: 1,
  lotNumber: '1',
  lotTitle: 'Lot',
  saleIdentifier: 'C1',
  catalogID: 1,
  suppress: false,
  restricted: false,
  totalAmountCents: 0,
  priceInfoCents: { hammer: 100, premium: 20, livefee: 3, tax: 0, shipping: 0, insurance: 0, other: 0, ...price },
  disputeRef,
  itemStatus: 'Not Sent',
});

describe('invoice display rules', () => {
  it('cuts names over 25 characters to 22 plus ...', () => {
    expect(truncateName('x'.repeat(25))).toBe('x'.repeat(25));
    expect(truncateName('Maximilian Alexander Featherstonehaugh')).toBe('Maximilian Alexander F...');
    expect(truncateName('Maximilian Alexander Featherstonehaugh')).toHaveLength(25);
    expect(shownName({ displayName: '', name: 'y'.repeat(30) })).toBe(`${'y'.repeat(22)}...`);
  });

  it('shows Tax, S/H, Insurance, Other and Disputes only when some line has them', () => {
    expect(optionalColumns([line(), line()])).toEqual({ tax: false, shipping: false, insurance: false, other: false, disputes: false });
    expect(optionalColumns([line(), line({ tax: 5, other: -100 }, 'D-1')])).toEqual({
      tax: true,
      shipping: false,
      insurance: false,
      other: true,
      disputes: true,
    });
  });

  it('writes the place as city, state or province, country', () => {
    expect(placeText({ city: 'Toronto', state: null, province: 'ON', country: 'CA' })).toBe('Toronto, ON, CA');
    expect(placeText({ city: null, state: null, province: null, country: 'US' })).toBe('US');
  });
});
