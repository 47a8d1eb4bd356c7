import { GENERIC_ERROR_TEXT, PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { ANALYTICS_TEXT } from '../../src/modules/analytics/analytics.errors';
import { DOMO_CLIENT, FakeProvider, startFakeDomo } from '../support/fake-providers';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * GET /app/house/{houseRef}/domo (spec 001 "Analytics") over HTTP: the embed token from the configured
 * dashboard provider (a local Domo stand-in) filtered to the caller's house, our texts with no
 * provider or a failing one, accessReports, and another house's ref.
 */
describe('analytics dashboard embed token', () => {
  let bare: TestApp;
  let t: TestApp;
  let domo: FakeProvider;
  let houses: TwoHouses;

  const embed = (s: SignedIn, houseRef = houses.a.houseRef) => s.agent.get(`/app/house/${houseRef}/domo`);

  beforeAll(async () => {
    domo = await startFakeDomo();
    bare = await createTestApp({ redis: false });
    t = await createTestApp({
      redis: false,
      database: bare.db,
      env: {
        ANALYTICS_PROVIDER: 'domo',
        DOMO_API_URL: domo.url,
        DOMO_CLIENT_ID: DOMO_CLIENT.id,
        DOMO_CLIENT_SECRET: DOMO_CLIENT.secret,
        DOMO_EMBED_ID: 'dash7',
        DOMO_EMBED_URL: 'https://embed.example/pages',
      },
    });
    houses = await seedTwoHouses(t.em());
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
    await domo?.close();
  });

  it("answers the embed token for the caller's house and the page it is posted to", async () => {
    const res = await embed(await signIn(t.server, 'house-a', 'owner'));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ 'embed-token': `embed-for-${houses.a.houseRef}`, embedUrl: 'https://embed.example/pages/dash7' });
    const auth = domo.calls.at(-1)!;
    expect(auth.body).toEqual({
      sessionLength: 1440,
      authorizations: [
        {
          token: 'dash7',
          permissions: ['READ', 'FILTER', 'EXPORT'],
          filters: [{ column: 'houseRef', operator: 'IN', values: [houses.a.houseRef] }],
        },
      ],
    });
  });

  it('needs accessReports; other users get the permission text', async () => {
    expect((await embed(await signIn(t.server, 'house-a', 'accessReports'))).status).toBe(200);
    for (const user of ['none', 'accessInvoices', 'accessConsole']) {
      const res = await embed(await signIn(t.server, 'house-a', user));
      expect({ user, status: res.status, message: res.body.message }).toEqual({ user, status: 403, message: PERMISSION_DENIED_TEXT });
    }
  });

  it("another house's ref answers 404 and asks the provider nothing", async () => {
    const before = domo.calls.length;
    const b = await signIn(t.server, 'house-b', 'owner');
    const res = await embed(b, houses.a.houseRef);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('embed-for');
    expect(domo.calls.length).toBe(before);
    // B's own ref: B's own filter.
    expect((await embed(b, houses.b.houseRef)).body.data['embed-token']).toBe(`embed-for-${houses.b.houseRef}`);
  });

  it('with no provider configured: no token and the not-set-up text', async () => {
    const res = await embed(await signIn(bare.server, 'house-a', 'owner'));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      'embed-token': null,
      embedUrl: null,
      code: 'ANALYTICS_NOT_CONFIGURED',
      message: ANALYTICS_TEXT.notConfigured,
    });
    expect((await embed(await signIn(bare.server, 'house-a', 'none'))).status).toBe(403);
  });

  it('a failing provider: 503 with the generic Customer Care text', async () => {
    const owner = await signIn(t.server, 'house-a', 'owner');
    domo.failWith(502);
    try {
      const res = await embed(owner);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'ANALYTICS_PROVIDER_FAILED', message: GENERIC_ERROR_TEXT });
    } finally {
      domo.failWith(0);
    }
  });
});
