import { describe, expect, it } from '@jest/globals';
import { exportPath, listFilter, yourCustomersCsv } from './yourCustomersFilter';

describe('Your Customers filters and CSV', () => {
  it('sends only the filters that are set, the group as a number', () => {
    expect(listFilter({ q: '', group: '' })).toEqual({});
    expect(listFilter({ q: '  ada ', group: '12' })).toEqual({ q: 'ada', groupID: 12 });
    expect(listFilter({ q: '', group: 'abc' })).toEqual({});
    expect(listFilter({ q: '', group: '', memberID: '42' })).toEqual({ memberID: 42 });
  });

  it("exports through the spec's calls: all customers or one group's, with the search", () => {
    expect(exportPath('H1', { q: '', group: '' })).toBe('/app/house/H1/yourCustomers');
    expect(exportPath('H1', { q: 'a b&c', group: '7' })).toBe('/app/house/H1/yourCustomers/group/7?search=a+b%26c');
  });

  it('writes the CSV through the one writer: header, formatted phone, formula cells defused', () => {
    const csv = yourCustomersCsv([
      {
        id: 1,
        memberRef: 'M1',
        lastName: '=cmd|calc',
        firstName: 'Ada',
        email: '@evil',
        address: {
          street1: null,
          street2: null,
          city: 'Boston',
          stateID: 'MA',
          province: null,
          postalCode: '02110',
          countryName: 'United States',
          phone: '6175550101',
        },
        creationDate: '2026-01-02T10:00:00.000Z',
      },
    ]);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Last Name,First Name,Email,Phone,Street 1,Street 2,City,State/Province,Postal Code,Country,Customer Since');
    expect(lines[1]).toBe("'=cmd|calc,Ada,'@evil,(617) 555-0101,,,Boston,MA,02110,United States,01/02/2026");
  });
});
