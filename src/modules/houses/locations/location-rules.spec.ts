import { ParseIdPipe } from '../../../core/http/id-param';
import { GeoService } from '../geo/geo.service';
import { HouseAddress } from './house-address.entity';
import { checkLocation, LocationInput, postalLabel, stateLabel } from './location-rules';
import { locationNotFound } from './location-id';
import { toHouseAddressView } from './location-view';
import { LocationsError } from './locations.errors';

const geo = new GeoService();
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
const valuesOf = (input: LocationInput) => {
  const r = checkLocation(input, geo);
  if (!r.ok) throw new Error(`unexpected errors ${JSON.stringify(r.errors)}`);
  return r.values;
};

describe('Location form rules: labels', () => {
  it.each([
    ['US', 'State', 'Zip Code'],
    ['CA', 'Province', 'Postal Code'],
    ['AU', 'State/Territory', 'Postal Code'],
    ['UK', 'County', 'Postal Code'],
    ['GB', 'County', 'Postal Code'],
    ['FR', 'State/Province', 'Postal Code'],
    [null, 'State/Province', 'Postal Code'],
  ])('%s: state label %s, postal label %s', (country, s, p) => {
    expect(stateLabel(country)).toBe(s);
    expect(postalLabel(country)).toBe(p);
  });
});

describe('Location form rules: required fields ("{field} is required")', () => {
  it('an empty form names every required field, with the generic labels when no country is chosen', () => {
    const r = errorsOf({});
    expect(r.errors).toEqual({
      addressStreet1: 'Street Address 1 is required',
      addressCity: 'City is required',
      countryCode: 'Country is required',
      province: 'State/Province is required',
      postalCode: 'Postal Code is required',
    });
    expect(r.formatError).toBe(false);
  });

  it('blank and whitespace-only values count as missing', () => {
    const r = errorsOf({ ...US, addressStreet1: '   ', addressCity: '', postalCode: ' ' });
    expect(r.errors).toEqual({
      addressStreet1: 'Street Address 1 is required',
      addressCity: 'City is required',
      postalCode: 'Zip Code is required',
    });
  });

  it.each([
    ['US', 'State is required', 'Zip Code is required'],
    ['CA', 'Province is required', 'Postal Code is required'],
    ['AU', 'State/Territory is required', 'Postal Code is required'],
    ['UK', 'County is required', 'Postal Code is required'],
  ])('%s: the state comes from the list ("%s") and the postal code is required ("%s")', (countryCode, state, postal) => {
    const r = errorsOf({ addressStreet1: '1 Main St', addressCity: 'Town', countryCode });
    expect(r.errors).toEqual({ stateCode: state, postalCode: postal });
  });

  it('other countries need a free-text State/Province', () => {
    const r = errorsOf({ addressStreet1: '1 rue de Rivoli', addressCity: 'Paris', countryCode: 'FR', postalCode: '75001' });
    expect(r.errors).toEqual({ province: 'State/Province is required' });
  });
});

describe('Location form rules: field limits', () => {
  it.each([
    ['facilityName', 75, 'Facility Name'],
    ['addressStreet1', 50, 'Street Address 1'],
    ['addressStreet2', 50, 'Street Address 2'],
    ['addressCity', 50, 'City'],
    ['addressPhone', 40, 'Phone'],
    ['addressFax', 40, 'Fax'],
  ] as const)('%s: %i characters pass, one more is refused', (field, max, label) => {
    expect(checkLocation({ ...US, [field]: 'x'.repeat(max) }, geo).ok).toBe(true);
    expect(errorsOf({ ...US, [field]: 'x'.repeat(max + 1) }).errors).toEqual({
      [field]: `${label} cannot be more than ${max} characters.`,
    });
  });

  it('email: 60 characters pass, 61 are refused', () => {
    const at60 = `${'a'.repeat(48)}@example.com`;
    expect(at60).toHaveLength(60);
    expect(checkLocation({ ...US, email: at60 }, geo).ok).toBe(true);
    expect(errorsOf({ ...US, email: `a${at60}` }).errors).toEqual({ email: 'Email cannot be more than 60 characters.' });
  });

  it('free-text state/province: 50 characters pass, 51 are refused', () => {
    const fr = { addressStreet1: '1 rue de Rivoli', addressCity: 'Paris', countryCode: 'FR', postalCode: '75001' };
    expect(checkLocation({ ...fr, province: 'x'.repeat(50) }, geo).ok).toBe(true);
    expect(errorsOf({ ...fr, province: 'x'.repeat(51) }).errors).toEqual({ province: 'State/Province cannot be more than 50 characters.' });
  });

  it('postal code: over 32 characters is refused with the limit message', () => {
    expect(errorsOf({ ...US, countryCode: 'HK', stateCode: undefined, province: 'Kowloon', postalCode: 'x'.repeat(33) }).errors).toEqual({
      postalCode: 'Postal Code cannot be more than 32 characters.',
    });
  });

  it('lengths count the trimmed value', () => {
    expect(checkLocation({ ...US, addressCity: `  ${'x'.repeat(50)}  ` }, geo).ok).toBe(true);
  });
});

describe('Location form rules: email, state, country, postal code', () => {
  it('email is optional but must be valid when given', () => {
    expect(checkLocation({ ...US, email: '' }, geo).ok).toBe(true);
    expect(checkLocation({ ...US, email: 'office@house.example' }, geo).ok).toBe(true);
    expect(errorsOf({ ...US, email: 'not-an-email' }).errors).toEqual({ email: 'Please enter a valid email address' });
  });

  it("a state code must be one of the country's list (by code or name, any case); stored as the code", () => {
    expect(valuesOf({ ...US, stateCode: 'ny' }).stateCode).toBe('NY');
    expect(valuesOf({ ...US, stateCode: 'New York' }).stateCode).toBe('NY');
    expect(errorsOf({ ...US, stateCode: 'ZZ' }).errors).toEqual({ stateCode: 'Please select a valid State.' });
    expect(errorsOf({ ...US, stateCode: 'ALL' }).errors).toEqual({ stateCode: 'Please select a valid State.' });
    expect(
      errorsOf({ addressStreet1: '1 High St', addressCity: 'Leeds', countryCode: 'UK', stateCode: 'NY', postalCode: 'LS1 1AA' }).errors,
    ).toEqual({ stateCode: 'Please select a valid County.' });
  });

  it('for list countries a province text is ignored; for others a stateCode is taken as the free text', () => {
    const us = valuesOf({ ...US, province: 'Somewhere' });
    expect(us).toMatchObject({ stateCode: 'NY', province: null });
    const fr = valuesOf({
      addressStreet1: '1 rue de Rivoli',
      addressCity: 'Paris',
      countryCode: 'FR',
      stateCode: 'Île-de-France',
      postalCode: '75001',
    });
    expect(fr).toMatchObject({ stateCode: null, province: 'Île-de-France' });
  });

  it('an unknown country, or a tax pseudo-entry, is a format error (code 302)', () => {
    for (const countryCode of ['ZZ', 'ALL', 'EU']) {
      const r = errorsOf({ ...US, countryCode });
      expect(r.formatError).toBe(true);
      expect(r.errors.countryCode).toBe('Please select a valid country.');
    }
  });

  it("a postal code not in the country's format is a format error (code 302) with the spec's text", () => {
    const r = errorsOf({ ...US, postalCode: '1001' });
    expect(r.formatError).toBe(true);
    expect(r.errors).toEqual({ postalCode: 'Please verify that your country and postal code are in the correct format.' });
    expect(
      errorsOf({ addressStreet1: '1', addressCity: 'Toronto', countryCode: 'CA', stateCode: 'ON', postalCode: '12345' }).formatError,
    ).toBe(true);
  });

  it('UK postal codes are checked as GB', () => {
    const uk = { addressStreet1: '1 The Mall', addressCity: 'London', countryCode: 'UK', stateCode: 'LND' };
    expect(valuesOf({ ...uk, postalCode: 'SW1A 1AA' }).countryCode).toBe('UK');
    expect(errorsOf({ ...uk, postalCode: '12345' }).formatError).toBe(true);
  });

  it("GB is accepted and stored in the location list's spelling, UK", () => {
    expect(
      valuesOf({ addressStreet1: '1 The Mall', addressCity: 'London', countryCode: 'gb', stateCode: 'LND', postalCode: 'SW1A 1AA' })
        .countryCode,
    ).toBe('UK');
  });

  it('a postal code without a country: "Please select a country first"', () => {
    const r = errorsOf({ addressStreet1: '1', addressCity: 'x', province: 'y', postalCode: '10016' });
    expect(r.errors).toEqual({ countryCode: 'Country is required', postalCode: 'Please select a country first' });
    expect(r.formatError).toBe(false);
  });

  it('countries the library does not know accept any postal code', () => {
    expect(
      checkLocation(
        { addressStreet1: "1 Queen's Road", addressCity: 'Hong Kong', countryCode: 'HK', province: 'Central', postalCode: 'none' },
        geo,
      ).ok,
    ).toBe(true);
  });

  it('a time zone, when sent, must be a real IANA zone', () => {
    expect(valuesOf({ ...US, timeZoneID: 'America/New_York' }).timeZoneId).toBe('America/New_York');
    expect(valuesOf({ ...US, timeZoneID: '' }).timeZoneId).toBeNull();
    expect(valuesOf(US).timeZoneId).toBeUndefined();
    expect(errorsOf({ ...US, timeZoneID: 'Mars/Olympus' }).errors).toEqual({ timeZoneID: 'Please select a valid time zone.' });
  });

  it('answers trimmed values, empty optional fields as null', () => {
    expect(valuesOf({ ...US, facilityName: '  Main Saleroom ', addressStreet2: '  ', addressPhone: null, email: undefined })).toEqual({
      facilityName: 'Main Saleroom',
      addressStreet1: '120 Madison Avenue',
      addressStreet2: null,
      addressCity: 'New York',
      countryCode: 'US',
      stateCode: 'NY',
      province: null,
      postalCode: '10016',
      addressPhone: null,
      addressFax: null,
      email: null,
      timeZoneId: undefined,
    });
  });

  it('reports every field error at once', () => {
    const r = errorsOf({ addressStreet1: 'x'.repeat(51), countryCode: 'US', stateCode: 'ZZ', postalCode: 'bad', email: 'nope' });
    expect(Object.keys(r.errors).sort()).toEqual(['addressCity', 'addressStreet1', 'email', 'postalCode', 'stateCode']);
    expect(r.formatError).toBe(true);
  });
});

describe('house address view and ids', () => {
  const row = (over: Partial<HouseAddress>): HouseAddress =>
    Object.assign(
      new HouseAddress(),
      {
        id: 7,
        addressStreet1: '1 Main',
        addressCity: 'New York',
        countryCode: 'US',
        stateCode: 'NY',
        postalCode: '10016',
        primary: true,
        version: 3,
      },
      over,
    );

  it('answers the House address fields of the spec plus the form fields', () => {
    expect(toHouseAddressView(row({}), geo)).toEqual({
      id: 7,
      addressID: 7,
      facilityName: null,
      addressStreet1: '1 Main',
      addressStreet2: null,
      addressCity: 'New York',
      countryCode: 'US',
      countryName: 'United States',
      showStates: true,
      stateCode: 'NY',
      province: null,
      stateName: 'New York',
      postalCode: '10016',
      addressPhone: null,
      addressFax: null,
      email: null,
      timeZoneID: null,
      location: 'New York, NY, United States',
      primary: true,
      version: 3,
    });
  });

  it('names UK counties and free-text provinces in full', () => {
    expect(
      toHouseAddressView(row({ addressCity: 'Canterbury', countryCode: 'UK', stateCode: 'KEN', postalCode: 'CT1 2EH' }), geo),
    ).toMatchObject({ stateName: 'Kent', countryName: 'United Kingdom', showStates: true, location: 'Canterbury, Kent, United Kingdom' });
    expect(
      toHouseAddressView(row({ addressCity: 'Paris', countryCode: 'FR', stateCode: undefined, province: 'Île-de-France' }), geo),
    ).toMatchObject({ stateName: 'Île-de-France', showStates: false, location: 'Paris, Île-de-France, France' });
  });

  it('path ids: anything but a positive 32-bit integer is a 404', () => {
    const parseLocationId = new ParseIdPipe(locationNotFound);
    expect(parseLocationId.transform('12')).toBe(12);
    for (const bad of ['0', '-1', 'abc', '1.5', '2147483648', '99999999999', '']) {
      expect(() => parseLocationId.transform(bad)).toThrow(LocationsError);
    }
  });
});
