import { describe, expect, it } from '@jest/globals';
import type { HouseAddress } from '../../settings/locations/locationForm';
import { addressLines, letterheadOf, messagesInSequence } from './printLetterhead';

const place = (p: Partial<HouseAddress>): HouseAddress =>
  ({
    id: 1,
    addressID: 1,
    facilityName: null,
    addressStreet1: '1 Main St',
    addressStreet2: null,
    addressCity: 'Boston',
    countryCode: 'US',
    countryName: 'United States',
    showStates: true,
    stateCode: 'MA',
    province: null,
    stateName: 'Massachusetts',
    postalCode: '02110',
    addressPhone: null,
    addressFax: null,
    email: null,
    timeZoneID: null,
    location: '',
    primary: false,
    version: 1,
    ...p,
  }) as HouseAddress;

describe('print letterhead', () => {
  it("prints the template's location, not the primary one", () => {
    const primary = place({ id: 1, addressID: 1, primary: true, addressStreet1: 'Primary Rd' });
    const gallery = place({ id: 2, addressID: 2, facilityName: 'The Gallery', addressStreet1: '9 Harbour St', addressPhone: '555-0100' });
    const l = letterheadOf('Demo Auctions', { houseAddressID: 2, messages: [] }, [primary, gallery]);
    expect(l).toEqual({
      houseName: 'Demo Auctions',
      addressLines: ['The Gallery', '9 Harbour St', 'Boston, MA 02110', 'United States', 'Tel. 555-0100'],
      messages: [],
    });
    expect(letterheadOf('X', { houseAddressID: null, messages: [] }, [gallery, primary]).addressLines[0]).toBe('Primary Rd');
    expect(addressLines(null)).toEqual([]);
  });

  it('orders the messages by sequence and leaves empty ones out', () => {
    expect(
      messagesInSequence([
        { header: 'Payment', detail: 'Pay within 7 days', sequence: 2 },
        { header: '', detail: '  ', sequence: 0 },
        { header: 'Pickup', detail: 'Collect by Friday', sequence: 1 },
      ]).map((m) => m.header),
    ).toEqual(['Pickup', 'Payment']);
  });
});
