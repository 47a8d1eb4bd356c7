import { describe, expect, it } from '@jest/globals';
import {
  draftOf,
  EMPTY_DRAFT,
  isValidPostalCode,
  locationPayload,
  LOCATION_TEXT,
  postalLabel,
  saveFailureText,
  stateLabel,
  validateLocation,
  type HouseAddress,
  type LocationDraft,
} from './locationForm';

const VALID_US: LocationDraft = {
  ...EMPTY_DRAFT,
  facilityName: 'Main Saleroom',
  addressStreet1: '120 Madison Avenue',
  addressCity: 'New York',
  countryCode: 'US',
  stateCode: 'NY',
  postalCode: '10016',
};

const LISTED: HouseAddress = {
  id: 7,
  addressID: 7,
  facilityName: 'Main Saleroom',
  addressStreet1: '120 Madison Avenue',
  addressStreet2: null,
  addressCity: 'New York',
  countryCode: 'US',
  countryName: 'United States',
  showStates: true,
  stateCode: 'NY',
  province: null,
  stateName: 'New York',
  postalCode: '10016',
  addressPhone: '(212) 555-0100',
  addressFax: null,
  email: null,
  timeZoneID: 'America/New_York',
  location: 'New York, NY, United States',
  primary: true,
  version: 3,
};

describe('Location form rules (spec 000 section 5, 001 "Location form")', () => {
  it('accepts a complete US location', () => {
    expect(validateLocation(VALID_US)).toEqual({});
  });

  it('requires Street Address 1, City, Country, the state and the postal code with "{field} is required"', () => {
    expect(validateLocation(EMPTY_DRAFT)).toEqual({
      addressStreet1: 'Street Address 1 is required',
      addressCity: 'City is required',
      countryCode: 'Country is required',
      province: 'State/Province is required',
      postalCode: 'Postal Code is required',
    });
    // Blank text counts as empty.
    expect(validateLocation({ ...VALID_US, addressCity: '   ' }).addressCity).toBe('City is required');
  });

  it('names the state and postal code by country: US State/Zip Code, CA Province, AU State/Territory, UK County, else State/Province', () => {
    expect([
      stateLabel('US'),
      stateLabel('CA'),
      stateLabel('AU'),
      stateLabel('UK'),
      stateLabel('GB'),
      stateLabel('FR'),
      stateLabel(''),
    ]).toEqual(['State', 'Province', 'State/Territory', 'County', 'County', 'State/Province', 'State/Province']);
    expect([postalLabel('US'), postalLabel('CA'), postalLabel('')]).toEqual(['Zip Code', 'Postal Code', 'Postal Code']);
    expect(validateLocation({ ...VALID_US, stateCode: '' }).stateCode).toBe('State is required');
    expect(validateLocation({ ...VALID_US, postalCode: '' }).postalCode).toBe('Zip Code is required');
    expect(validateLocation({ ...VALID_US, countryCode: 'CA', stateCode: '', postalCode: 'M5V 2T6' }).stateCode).toBe(
      'Province is required',
    );
    expect(validateLocation({ ...VALID_US, countryCode: 'AU', stateCode: '', postalCode: '2000' }).stateCode).toBe(
      'State/Territory is required',
    );
    expect(validateLocation({ ...VALID_US, countryCode: 'UK', stateCode: '', postalCode: 'SW1A 1AA' }).stateCode).toBe(
      'County is required',
    );
  });

  it('uses a state select for US/CA/AU/UK and free text (max 50) elsewhere', () => {
    const fr = { ...VALID_US, countryCode: 'FR', stateCode: '', province: 'Île-de-France', postalCode: '75001' };
    expect(validateLocation(fr)).toEqual({});
    expect(validateLocation({ ...fr, province: '' }).province).toBe('State/Province is required');
    expect(validateLocation({ ...fr, province: 'x'.repeat(51) }).province).toBe('State/Province cannot be more than 50 characters.');
  });

  it('checks the postal code against the country format, UK as GB; without a country: "Please select a country first"', () => {
    expect(validateLocation({ ...VALID_US, postalCode: 'ABCDE' }).postalCode).toBe(LOCATION_TEXT.verifyFormat);
    expect(validateLocation({ ...VALID_US, countryCode: '', stateCode: '' }).postalCode).toBe('Please select a country first');
    expect(isValidPostalCode('US', '10016')).toBe(true);
    expect(isValidPostalCode('US', '10016-1234')).toBe(true);
    expect(isValidPostalCode('UK', 'SW1A 1AA')).toBe(true);
    expect(isValidPostalCode('UK', '12345')).toBe(false);
    expect(isValidPostalCode('CA', 'M5V 2T6')).toBe(true);
    expect(isValidPostalCode('CA', '90210')).toBe(false);
    // A country the library has no format for accepts any code within the limit.
    expect(isValidPostalCode('AO', 'anything')).toBe(true);
    expect(isValidPostalCode('AO', 'x'.repeat(33))).toBe(false);
  });

  it('enforces the field limits: facility 75, streets and city 50, postal 32, phone and fax 40, email 60', () => {
    const over = (field: keyof LocationDraft, n: number) =>
      validateLocation({ ...VALID_US, [field]: 'a'.repeat(n) })[field as 'facilityName'];
    expect(over('facilityName', 75)).toBeUndefined();
    expect(over('facilityName', 76)).toBe('Facility Name cannot be more than 75 characters.');
    expect(over('addressStreet1', 51)).toBe('Street Address 1 cannot be more than 50 characters.');
    expect(over('addressStreet2', 51)).toBe('Street Address 2 cannot be more than 50 characters.');
    expect(over('addressCity', 51)).toBe('City cannot be more than 50 characters.');
    expect(over('addressPhone', 41)).toBe('Phone cannot be more than 40 characters.');
    expect(over('addressFax', 41)).toBe('Fax cannot be more than 40 characters.');
    expect(validateLocation({ ...VALID_US, email: `${'a'.repeat(50)}@example.com` }).email).toBe(
      'Email cannot be more than 60 characters.',
    );
    expect(validateLocation({ ...VALID_US, postalCode: '1'.repeat(33) }).postalCode).toBe('Zip Code cannot be more than 32 characters.');
  });

  it('checks an email when one is given', () => {
    expect(validateLocation({ ...VALID_US, email: 'office@house.example' }).email).toBeUndefined();
    expect(validateLocation({ ...VALID_US, email: 'office-at-house' }).email).toBe('Please enter a valid email address');
  });

  it('prefills the edit form from a listed location; a new first location is primary', () => {
    expect(draftOf(LISTED, false)).toEqual({ ...VALID_US, addressStreet2: '', addressPhone: '(212) 555-0100', primary: true });
    expect(draftOf(null, true).primary).toBe(true);
    expect(draftOf(null, false).primary).toBe(false);
    expect(draftOf({ ...LISTED, countryCode: 'FR', showStates: false, stateCode: null, province: 'Île-de-France' }, false).province).toBe(
      'Île-de-France',
    );
  });

  it('posts the form with addressID and version when editing, trimmed, empty optional fields as null', () => {
    expect(locationPayload({ ...VALID_US, facilityName: '  Main  ', addressFax: ' ' }, LISTED)).toEqual({
      addressID: 7,
      version: 3,
      facilityName: 'Main',
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
      primary: false,
    });
    const fr = locationPayload({ ...VALID_US, countryCode: 'FR', stateCode: 'NY', province: 'Bretagne', postalCode: '35000' }, null);
    expect(fr).not.toHaveProperty('addressID');
    expect(fr).toMatchObject({ stateCode: null, province: 'Bretagne' });
  });

  it('a refused save: error code 302 shows "Please verify that your country and postal code are in the correct format."', () => {
    expect(saveFailureText({ status: 400, code: '302', message: 'anything' })).toBe(
      'Please verify that your country and postal code are in the correct format.',
    );
    expect(
      saveFailureText({
        status: 409,
        code: 'STALE_VERSION',
        message: 'This location was changed by someone else. Reload it and try again.',
      }),
    ).toBe('This location was changed by someone else. Reload it and try again.');
    // Anything else: the generic alert (and the failure is logged).
    expect(saveFailureText({ status: 500, code: 'INTERNAL', message: 'Internal server error.' })).toBe('');
    expect(saveFailureText({ status: 0, code: null, message: null })).toBe('');
  });
});
