import { GeoService } from '../../houses/geo/geo.service';
import { GeoTemplateAdapter } from './houses-adapters';

describe('the template rules on the houses module geo lists', () => {
  const geo = new GeoTemplateAdapter(new GeoService());

  it('stores the United Kingdom in one spelling whichever the form sent', () => {
    expect(geo.countryCode('GB')).toBe('UK');
    expect(geo.countryCode('uk')).toBe('UK');
    expect(geo.countryCode('US')).toBe('US');
    expect(geo.countryCode('EU')).toBe('EU');
    expect(geo.countryCode('XX')).toBeNull();
  });

  it('spells it as the list the form picks from: GB in the card-processor tax list, UK elsewhere', () => {
    expect(geo.listCode('UK', 'processorTax')).toBe('GB');
    expect(geo.listCode('UK', 'tax')).toBe('UK');
    expect(geo.listCode('ALL', 'processorTax')).toBe('ALL');
    expect(geo.listCode('EU', 'processorTax')).toBe('EU');
    expect(geo.listCode('FR', 'processorTax')).toBe('FR');
  });

  it('knows the state lists: US states, Canadian provinces, none for France', () => {
    expect(geo.stateCodes('US')).toEqual(expect.arrayContaining(['NY', 'CA', 'TX']));
    expect(geo.stateCodes('CA')).toEqual(expect.arrayContaining(['ON', 'QC', 'BC']));
    expect(geo.stateCodes('UK')?.length).toBeGreaterThan(50);
    expect(geo.stateCodes('FR')).toBeNull();
  });
});
