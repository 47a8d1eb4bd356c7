import { checkLocation, LOCATION_FORM_TEXT as TEXT, type LocationGeo, type LocationInput } from './location-rules';

/** A small stand-in for the server's lists: US and UK have states; US zips are 5 digits. */
const geo: LocationGeo = {
  findCountry: (code) => (['US', 'UK', 'FR'].includes(code.toUpperCase()) ? { countryCode: code.toUpperCase() } : undefined),
  hasStateList: (c) => c === 'US' || c === 'UK',
  findState: (c, s) => (c === 'US' && ['NY', 'NJ'].includes(s.toUpperCase()) ? { stateCode: s.toUpperCase() } : undefined),
  isValidPostalCode: (c, p) => c !== 'US' || /^\d{5}$/.test(p),
};

const US: LocationInput = {
  addressStreet1: '120 Madison Avenue',
  addressCity: 'New York',
  countryCode: 'US',
  stateCode: 'NY',
  postalCode: '10016',
};
const errorsOf = (input: LocationInput) => {
  const r = checkLocation(input, geo);
  if (r.ok) throw new Error('expected errors');
  return r;
};

describe('checkLocation (shared by the server and the admin form)', () => {
  it('passes a complete address, trimmed, optional blanks as null', () => {
    const r = checkLocation({ ...US, facilityName: '  Main  ', email: ' ', countryCode: 'us' }, geo);
    expect(r).toEqual({
      ok: true,
      values: expect.objectContaining({ facilityName: 'Main', email: null, countryCode: 'US', stateCode: 'NY', province: null }),
    });
  });

  it('names every missing required field at once, with the country-specific labels', () => {
    expect(errorsOf({}).errors).toEqual({
      addressStreet1: 'Street Address 1 is required',
      addressCity: 'City is required',
      countryCode: 'Country is required',
      province: 'State/Province is required',
      postalCode: 'Postal Code is required',
    });
    expect(errorsOf({ ...US, stateCode: null, postalCode: '' }).errors).toEqual({
      stateCode: 'State is required',
      postalCode: 'Zip Code is required',
    });
  });

  it('enforces the limits', () => {
    expect(errorsOf({ ...US, addressStreet1: 'x'.repeat(51) }).errors.addressStreet1).toBe(TEXT.tooLong('Street Address 1', 50));
    expect(errorsOf({ ...US, facilityName: 'x'.repeat(76) }).errors.facilityName).toBe(TEXT.tooLong('Facility Name', 75));
    expect(errorsOf({ ...US, countryCode: 'FR', stateCode: null, province: 'p'.repeat(51) }).errors.province).toBe(
      TEXT.tooLong('State/Province', 50),
    );
  });

  it('checks the email with the shared rule', () => {
    expect(errorsOf({ ...US, email: 'not-an-email' }).errors.email).toBe(TEXT.invalidEmail);
    expect(checkLocation({ ...US, email: 'desk@example.com' }, geo).ok).toBe(true);
  });

  it('refuses an unknown country or a postal code in the wrong format as a format error (code 302)', () => {
    expect(errorsOf({ ...US, countryCode: 'XX' })).toEqual(
      expect.objectContaining({ formatError: true, errors: expect.objectContaining({ countryCode: TEXT.invalidCountry }) }),
    );
    expect(errorsOf({ ...US, postalCode: 'ABC' })).toEqual({ ok: false, formatError: true, errors: { postalCode: TEXT.verifyFormat } });
  });

  it('asks for the country first when only the postal code is given', () => {
    expect(errorsOf({ ...US, countryCode: '' }).errors.postalCode).toBe(TEXT.selectCountryFirst);
  });

  it('takes the state from the list where there is one, and free text elsewhere', () => {
    expect(errorsOf({ ...US, stateCode: 'ZZ' }).errors.stateCode).toBe('Please select a valid State.');
    const fr = checkLocation({ ...US, countryCode: 'FR', stateCode: null, province: 'Île-de-France', postalCode: '75001' }, geo);
    expect(fr.ok && fr.values.province).toBe('Île-de-France');
  });

  it('checks a time zone only when one is sent', () => {
    expect(errorsOf({ ...US, timeZoneID: 'Mars/Olympus' }).errors.timeZoneID).toBe(TEXT.invalidTimeZone);
    const r = checkLocation({ ...US, timeZoneID: 'America/New_York' }, geo);
    expect(r.ok && r.values.timeZoneId).toBe('America/New_York');
    const absent = checkLocation(US, geo);
    expect(absent.ok && absent.values.timeZoneId).toBeUndefined();
  });
});
