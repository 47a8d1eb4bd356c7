import { ALL_CODE, EU_CODE, isEuMember, sameCountry, toIso, toSpec } from '@ar/rules';
import { GeoService } from './geo.service';
import { isValidPostalCode, postalFormatKnown } from './postal-codes';

describe('country codes: the two UK spellings mapped in one place', () => {
  it('maps UK to GB for ISO consumers and GB to UK for the spec lists, leaving others alone', () => {
    expect(toIso('UK')).toBe('GB');
    expect(toIso(' uk ')).toBe('GB');
    expect(toIso('GB')).toBe('GB');
    expect(toIso('us')).toBe('US');
    expect(toSpec('GB')).toBe('UK');
    expect(toSpec('gb')).toBe('UK');
    expect(toSpec('UK')).toBe('UK');
    expect(toSpec('FR')).toBe('FR');
    expect(toIso(null)).toBe('');
  });

  it('treats UK and GB as one country, and nothing as no country', () => {
    expect(sameCountry('UK', 'GB')).toBe(true);
    expect(sameCountry('gb', 'UK')).toBe(true);
    expect(sameCountry('US', 'UK')).toBe(false);
    expect(sameCountry('', '')).toBe(false);
  });

  it('knows the 27 EU members (for tax rows whose country is EU)', () => {
    expect(isEuMember('FR')).toBe(true);
    expect(isEuMember('UK')).toBe(false);
    expect(isEuMember('GB')).toBe(false);
    expect(isEuMember('US')).toBe(false);
  });
});

describe('GeoService: country lists from country-state-city', () => {
  const geo = new GeoService();

  it('location list (default): about 250 countries, US, CA, UK, AU first, no pseudo-entries, UK spelled UK, no duplicates', () => {
    const list = geo.countries();
    expect(list.length).toBeGreaterThanOrEqual(245);
    expect(list.length).toBeLessThanOrEqual(255);
    expect(list.slice(0, 4)).toEqual([
      { countryCode: 'US', countryName: 'United States' },
      { countryCode: 'CA', countryName: 'Canada' },
      { countryCode: 'UK', countryName: 'United Kingdom' },
      { countryCode: 'AU', countryName: 'Australia' },
    ]);
    const codes = list.map((c) => c.countryCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain('GB');
    expect(codes).not.toContain(ALL_CODE);
    expect(codes).not.toContain(EU_CODE);
    // the rest is alphabetical by name
    const rest = list.slice(4).map((c) => c.countryName);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(rest[0]).toBe('Afghanistan');
  });

  it('tax list: ALL (All Countries) and EU (European Union) first, then UK, US, CA, AU, then the rest', () => {
    const list = geo.countries('tax');
    expect(list.slice(0, 6).map((c) => c.countryCode)).toEqual(['ALL', 'EU', 'UK', 'US', 'CA', 'AU']);
    expect(list[0].countryName).toBe('All Countries');
    expect(list[1].countryName).toBe('European Union');
    expect(list.length).toBe(geo.countries().length + 2);
  });

  it("card-processor tax list: no US, and the United Kingdom spelled GB (the spec's other list)", () => {
    const list = geo.countries('processorTax');
    const codes = list.map((c) => c.countryCode);
    expect(codes.slice(0, 5)).toEqual(['ALL', 'EU', 'GB', 'CA', 'AU']);
    expect(codes).not.toContain('US');
    expect(codes).not.toContain('UK');
    expect(list.length).toBe(geo.countries('tax').length - 1);
  });

  it('caches each list (same array on every call) and freezes it', () => {
    expect(geo.countries()).toBe(geo.countries());
    expect(Object.isFrozen(geo.countries('tax'))).toBe(true);
  });

  it('finds real countries in either UK spelling, never the pseudo-entries', () => {
    expect(geo.findCountry('gb')).toEqual({ countryCode: 'UK', countryName: 'United Kingdom' });
    expect(geo.findCountry('UK')?.countryCode).toBe('UK');
    expect(geo.findCountry('fr')?.countryName).toBe('France');
    expect(geo.findCountry('ALL')).toBeUndefined();
    expect(geo.findCountry('EU')).toBeUndefined();
    expect(geo.findCountry('ZZ')).toBeUndefined();
    expect(geo.findCountry('')).toBeUndefined();
  });
});

describe('GeoService: state lists', () => {
  const geo = new GeoService();
  const codes = (c: string, kind?: 'location' | 'tax' | 'processorTax') => geo.statesOf(c, kind).map((s) => s.stateCode);

  it('US: the 50 states, DC and the territories (AS, GU, MP, PR, VI, UM), not the uninhabited islands one by one', () => {
    const us = codes('US');
    expect(us).toHaveLength(57);
    expect(us).toEqual(expect.arrayContaining(['NY', 'CA', 'TX', 'AK', 'HI', 'DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM']));
    expect(us.filter((c) => c.startsWith('UM-'))).toEqual([]);
    expect(geo.statesOf('US')[0]).toEqual({ countryCode: 'US', stateCode: 'AL', stateName: 'Alabama' });
  });

  it("CA: the 10 provinces and 3 territories (13; see docs/decisions/locations.md on the spec's 14)", () => {
    expect(codes('CA').sort()).toEqual(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);
  });

  it('AU: the 6 states and 2 territories', () => {
    expect(codes('AU').sort()).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
  });

  it('UK (or GB): counties and unitary authorities, without the nations, the UK itself or Saint Helena', () => {
    const uk = geo.statesOf('UK');
    expect(uk.length).toBeGreaterThan(200);
    expect(uk.every((s) => s.countryCode === 'UK')).toBe(true);
    const ukCodes = uk.map((s) => s.stateCode);
    expect(ukCodes).toEqual(expect.arrayContaining(['KEN', 'LND', 'DEV', 'EDH', 'CRF', 'BFS']));
    for (const no of ['UKM', 'ENG', 'SCT', 'WLS', 'NIR', 'SH-AC', 'SH-HL']) expect(ukCodes).not.toContain(no);
    expect(codes('GB')).toEqual(ukCodes);
  });

  it('answers no states for other countries and unknown codes (the form asks for free text)', () => {
    expect(geo.statesOf('FR')).toEqual([]);
    expect(geo.statesOf('ZZ')).toEqual([]);
    expect(geo.statesOf('ALL', 'tax')).toEqual([]);
    expect(geo.hasStateList('fr')).toBe(false);
    expect(geo.hasStateList('gb')).toBe(true);
  });

  it("prepends the ALL pseudo-state for tax lists only, with the list's country spelling", () => {
    expect(geo.statesOf('US', 'tax')[0]).toEqual({ countryCode: 'US', stateCode: 'ALL', stateName: 'All States' });
    expect(geo.statesOf('US', 'tax')).toHaveLength(58);
    expect(codes('US')).not.toContain('ALL');
    const gb = geo.statesOf('UK', 'processorTax');
    expect(gb[0]).toEqual({ countryCode: 'GB', stateCode: 'ALL', stateName: 'All States' });
    expect(gb.every((s) => s.countryCode === 'GB')).toBe(true);
    expect(geo.statesOf('FR', 'tax')).toEqual([]);
  });

  it('finds a state by code or by name, case-insensitively', () => {
    expect(geo.findState('US', 'ny')?.stateName).toBe('New York');
    expect(geo.findState('US', 'new york')?.stateCode).toBe('NY');
    expect(geo.findState('GB', 'Kent')?.stateCode).toBe('KEN');
    expect(geo.findState('US', 'ALL')).toBeUndefined();
    expect(geo.findState('US', 'ZZ')).toBeUndefined();
    expect(geo.findState('US', '')).toBeUndefined();
  });

  it('derives a default time zone only for countries with exactly one', () => {
    expect(geo.defaultTimeZone('FR')).toBe('Europe/Paris');
    expect(geo.defaultTimeZone('UK')).toBe('Europe/London');
    expect(geo.defaultTimeZone('US')).toBeNull();
  });
});

describe('postal codes (postcode-validator)', () => {
  it.each([
    ['US', '10016'],
    ['US', '10016-1234'],
    ['CA', 'K1A 0B1'],
    ['CA', 'm5h2n2'],
    ['AU', '2000'],
    ['UK', 'SW1A 1AA'],
    ['UK', 'ec1a1bb'],
    ['GB', 'SW1A 1AA'],
    ['FR', '75008'],
    ['DE', '10115'],
  ])('accepts %s %s', (country, code) => {
    expect(isValidPostalCode(country, code)).toBe(true);
  });

  it.each([
    ['US', '1001'],
    ['US', 'ABCDE'],
    ['CA', '12345'],
    ['AU', '20000'],
    ['UK', '12345'],
    ['GB', 'ABC'],
    ['FR', '7500'],
  ])('refuses %s %s', (country, code) => {
    expect(isValidPostalCode(country, code)).toBe(false);
  });

  it('treats UK as GB (the library is asked with the ISO code)', () => {
    expect(postalFormatKnown('UK')).toBe(true);
    expect(isValidPostalCode('UK', 'W1A 0AX')).toBe(isValidPostalCode('GB', 'W1A 0AX'));
  });

  it('accepts any non-empty value up to 32 characters where the library knows no format', () => {
    expect(postalFormatKnown('HK')).toBe(false);
    expect(isValidPostalCode('HK', '000000')).toBe(true);
    expect(isValidPostalCode('HK', 'anything at all')).toBe(true);
    expect(isValidPostalCode('HK', 'x'.repeat(32))).toBe(true);
    expect(isValidPostalCode('HK', 'x'.repeat(33))).toBe(false);
    expect(isValidPostalCode('HK', '   ')).toBe(false);
  });

  it('trims before checking', () => {
    expect(isValidPostalCode('US', ' 10016 ')).toBe(true);
  });
});
