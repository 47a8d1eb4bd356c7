import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';
import { seedTwoHouses, signIn, SignedIn } from '../support/fixtures';

describe('GET /app/country and GET /app/states (reference data, HTTP)', () => {
  let t: TestApp;
  let none: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    await seedTwoHouses(t.em());
    none = await signIn(t.server, 'house-a', 'none');
  });
  afterAll(() => t.close());

  it('need a signed-in user (any flags), not more', async () => {
    await request(t.server).get('/app/country').expect(401);
    await request(t.server).get('/app/states?country=US').expect(401);
    await none.agent.get('/app/country').expect(200);
    await none.agent.get('/app/states?country=US').expect(200);
  });

  it('GET /app/country answers data.countries: about 250, US, CA, UK, AU first, no pseudo-entries', async () => {
    const res = await none.agent.get('/app/country').expect(200);
    const countries: { countryCode: string; countryName: string }[] = res.body.data.countries;
    expect(countries.length).toBeGreaterThanOrEqual(245);
    expect(countries.slice(0, 4).map((c) => c.countryCode)).toEqual(['US', 'CA', 'UK', 'AU']);
    expect(countries[0]).toEqual({ countryCode: 'US', countryName: 'United States' });
    expect(countries.map((c) => c.countryCode)).not.toEqual(expect.arrayContaining(['GB']));
    expect(countries.map((c) => c.countryCode)).not.toEqual(expect.arrayContaining(['ALL']));
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('GET /app/country?list=tax: ALL and EU first, then UK, US, CA, AU', async () => {
    const res = await none.agent.get('/app/country?list=tax').expect(200);
    expect(res.body.data.countries.slice(0, 6)).toEqual([
      { countryCode: 'ALL', countryName: 'All Countries' },
      { countryCode: 'EU', countryName: 'European Union' },
      { countryCode: 'UK', countryName: 'United Kingdom' },
      { countryCode: 'US', countryName: 'United States' },
      { countryCode: 'CA', countryName: 'Canada' },
      { countryCode: 'AU', countryName: 'Australia' },
    ]);
  });

  it('GET /app/country?list=processorTax: without the US, the United Kingdom as GB', async () => {
    const res = await none.agent.get('/app/country?list=processorTax').expect(200);
    const codes = res.body.data.countries.map((c: { countryCode: string }) => c.countryCode);
    expect(codes.slice(0, 3)).toEqual(['ALL', 'EU', 'GB']);
    expect(codes).not.toContain('US');
    expect(codes).not.toContain('UK');
  });

  it('refuses an unknown list with a clear 400', async () => {
    const res = await none.agent.get('/app/country?list=everything').expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'BAD_QUERY',
      message: 'Query parameter list must be one of location, tax, processorTax.',
    });
  });

  it('GET /app/states?country=US answers data.states (countryCode, stateCode, stateName): 50 states, DC and territories', async () => {
    const res = await none.agent.get('/app/states?country=US').expect(200);
    const states = res.body.data.states;
    expect(states).toHaveLength(57);
    expect(states).toContainEqual({ countryCode: 'US', stateCode: 'NY', stateName: 'New York' });
    expect(states).toContainEqual({ countryCode: 'US', stateCode: 'PR', stateName: 'Puerto Rico' });
    expect(states.map((s: { stateCode: string }) => s.stateCode)).not.toContain('ALL');
  });

  it('Canadian provinces and territories, Australian states and territories, UK counties (as UK or GB)', async () => {
    expect((await none.agent.get('/app/states?country=CA').expect(200)).body.data.states).toHaveLength(13);
    expect((await none.agent.get('/app/states?country=AU').expect(200)).body.data.states).toHaveLength(8);
    const uk = (await none.agent.get('/app/states?country=UK').expect(200)).body.data.states;
    const gb = (await none.agent.get('/app/states?country=gb').expect(200)).body.data.states;
    expect(uk.length).toBeGreaterThan(200);
    expect(gb).toEqual(uk);
    expect(uk).toContainEqual({ countryCode: 'UK', stateCode: 'KEN', stateName: 'Kent' });
  });

  it('prepends ALL for the tax lists; no states for other countries', async () => {
    const tax = (await none.agent.get('/app/states?country=CA&list=tax').expect(200)).body.data.states;
    expect(tax[0]).toEqual({ countryCode: 'CA', stateCode: 'ALL', stateName: 'All States' });
    expect(tax).toHaveLength(14);
    expect((await none.agent.get('/app/states?country=FR').expect(200)).body).toEqual({ data: { states: [] } });
    expect((await none.agent.get('/app/states?country=ZZ').expect(200)).body).toEqual({ data: { states: [] } });
  });

  it('refuses a missing country with a clear 400', async () => {
    const res = await none.agent.get('/app/states').expect(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'BAD_QUERY', message: 'Query parameter country is required.' });
  });
});
