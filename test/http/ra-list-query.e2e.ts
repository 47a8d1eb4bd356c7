import { seedTwoHouses, signIn, SignedIn } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Every `/api/*` list reads one declared query (core/http/ra-list-query.dto.ts): sort, range and
 * filter, each a JSON text given once. Anything else is refused before the list runs.
 */
const LISTS = ['/api/invoices', '/api/invoice-templates', '/api/invoice-groups', '/api/locations'];

describe('the react-admin list query is one declared DTO on every /api list (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let owner: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  it.each(LISTS)('%s still answers sort, range and filter', async (url) => {
    const res = await owner.agent.get(url).query({ range: '[0,4]', filter: '{}' }).expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.headers['content-range']).toMatch(/^[a-z-]+ (\*|\d+-\d+)\/\d+$/);
  });

  it.each(LISTS)('%s refuses a parameter the list does not take (400 UNKNOWN_FIELDS)', async (url) => {
    const res = await owner.agent.get(`${url}?range=[0,4]&page=2`).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'UNKNOWN_FIELDS', message: 'Unknown field(s): page.' });
  });

  it.each(LISTS)('%s refuses a repeated sort (one JSON text, not a list)', async (url) => {
    const res = await owner.agent.get(`${url}?sort=${encodeURIComponent('["id","ASC"]')}&sort=x`).expect(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Query parameter sort must be JSON.',
      errors: { sort: 'Query parameter sort must be JSON.' },
    });
  });

  it.each(LISTS)('%s keeps its BAD_QUERY answer for text that is not JSON', async (url) => {
    const res = await owner.agent.get(`${url}?filter=${encodeURIComponent('{oops')}`).expect(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'BAD_QUERY', message: 'Query parameter filter must be JSON.' });
  });
});
