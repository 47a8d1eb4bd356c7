import { canSeeYourCustomers, formatPhone, usDate, yourCustomerCsvRow, yourCustomersFileName, type YourCustomer } from './customers';

describe('Your Customers rules', () => {
  it('formats 10-digit (and 1 + 10-digit) phones as (xxx) xxx-xxxx, anything else as given', () => {
    expect(formatPhone('6175550101')).toBe('(617) 555-0101');
    expect(formatPhone('617-555-0101')).toBe('(617) 555-0101');
    expect(formatPhone('+1 (617) 555.0101')).toBe('(617) 555-0101');
    expect(formatPhone(' 16175550101 ')).toBe('(617) 555-0101');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('26175550101')).toBe('26175550101');
    expect(formatPhone('555-0101')).toBe('555-0101');
    expect(formatPhone('617 555 0101 ext 12')).toBe('617 555 0101 ext 12');
    expect(formatPhone('617 555 0101 x12')).toBe('617 555 0101 x12');
    expect(formatPhone(null)).toBe('');
  });

  it('shows the page to connect types s, p and e only', () => {
    expect(['s', 'p', 'e'].map(canSeeYourCustomers)).toEqual([true, true, true]);
    expect(['i', 'r', '', 'S', null, undefined].map(canSeeYourCustomers)).toEqual([false, false, false, false, false, false]);
  });

  it('names the file yourCustomers_{date}.csv and writes dates MM/DD/YYYY', () => {
    expect(yourCustomersFileName(new Date(2026, 10, 5, 23, 59))).toBe('yourCustomers_2026-11-05.csv');
    expect(usDate('2026-03-04T12:00:00Z')).toBe('03/04/2026');
  });

  it('writes a customer row with the phone formatted and the state or province', () => {
    const c: YourCustomer = {
      id: 1,
      memberRef: 'M1',
      lastName: 'Lovelace',
      firstName: 'Ada',
      email: null,
      address: {
        street1: '1 Main St',
        street2: null,
        city: 'Toronto',
        stateID: null,
        province: 'Ontario',
        postalCode: 'M5V',
        countryName: 'Canada',
        phone: '416 555 0199',
      },
      creationDate: '2026-01-02T10:00:00.000Z',
    };
    expect(yourCustomerCsvRow(c)).toEqual([
      'Lovelace',
      'Ada',
      '',
      '(416) 555-0199',
      '1 Main St',
      '',
      'Toronto',
      'Ontario',
      'M5V',
      'Canada',
      '01/02/2026',
    ]);
  });
});
