import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog, type SaleType } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { BROADCAST_TEXT } from '../../src/modules/broadcast/broadcast.errors';
import { FakeProvider, MILLICAST_SECRET, startFakeMillicast } from '../support/fake-providers';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * GET /app/catalog/{eventId}/millicast-token (spec 001 "Broadcast") over HTTP: a token from the
 * configured streaming provider (a local Millicast stand-in), the spec's texts with no provider or a
 * failing one, accessConsole, live sessions only, and another house's session.
 */
describe('broadcast publish token', () => {
  let bare: TestApp; // BROADCAST_PROVIDER unset
  let t: TestApp; // millicast, on the same database
  let millicast: FakeProvider;
  let houses: TwoHouses;
  const refs: Record<string, string> = {};

  const token = (s: SignedIn, ref: string) => s.agent.get(`/app/catalog/${encodeURIComponent(ref)}/millicast-token`);
  const as = (app: TestApp, user: string, house = 'house-a') => signIn(app.server, house, user);

  async function seedSession(houseId: number, key: string, saleType: SaleType) {
    const em = t.em();
    const group = em.create(AuctionGroup, { house: houseId, groupName: key, isLive: saleType !== 'bin' });
    const c = em.create(Catalog, {
      house: houseId,
      group,
      catalogRef: newRef('C'),
      title: key,
      saleType,
      eventDate: new Date(Date.now() + 3_600_000),
    });
    await em.flush();
    refs[key] = c.catalogRef;
  }

  beforeAll(async () => {
    millicast = await startFakeMillicast();
    bare = await createTestApp({ redis: false });
    t = await createTestApp({
      redis: false,
      database: bare.db,
      env: {
        BROADCAST_PROVIDER: 'millicast',
        MILLICAST_API_URL: millicast.url,
        MILLICAST_API_SECRET: MILLICAST_SECRET,
        MILLICAST_ACCOUNT_ID: 'acct42',
        MILLICAST_VIEWER_URL: 'https://viewer.example/watch',
      },
    });
    houses = await seedTwoHouses(t.em());
    await seedSession(houses.a.id, 'live', 'live');
    await seedSession(houses.a.id, 'timed', 'timed');
    await seedSession(houses.b.id, 'b-live', 'live');
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
    await millicast?.close();
  });

  it('answers a publish token for a live session, asked of the provider for that stream only', async () => {
    const owner = await as(t, 'owner');
    const res = await token(owner, refs.live);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      success: true,
      'millicast-token': expect.stringMatching(/^publish-token-\d+$/),
      streamName: refs.live,
      viewerUrl: `https://viewer.example/watch?streamId=${encodeURIComponent(`acct42/${refs.live}`)}`,
      // The stand-in's API base is not api.*: its own WHIP endpoint.
      whipUrl: `${millicast.url}/api/whip/${encodeURIComponent(refs.live)}`,
    });
    const call = millicast.calls.at(-1)!;
    expect(call.headers.authorization).toBe(`Bearer ${MILLICAST_SECRET}`);
    expect(call.body).toMatchObject({ streams: [{ streamName: refs.live }], label: `${houses.a.houseRef} live` });
  });

  it('needs accessConsole: the console flag alone is enough, any other user gets the permission text', async () => {
    expect((await token(await as(t, 'accessConsole'), refs.live)).status).toBe(200);
    for (const user of ['none', 'accessInvoices', 'accessReports']) {
      const before = millicast.calls.length;
      const res = await token(await as(t, user), refs.live);
      expect({ user, status: res.status, message: res.body.message }).toEqual({ user, status: 403, message: PERMISSION_DENIED_TEXT });
      expect(millicast.calls.length).toBe(before);
    }
  });

  it('another house, a session that is not live or an unknown ref: 404 "Catalog data not found.", the provider never asked', async () => {
    const before = millicast.calls.length;
    const owner = await as(t, 'owner');
    for (const ref of [refs['b-live'], refs.timed, 'C-unknown', '1']) {
      const res = await token(owner, ref);
      expect({ ref, status: res.status, message: res.body.message }).toEqual({ ref, status: 404, message: BROADCAST_TEXT.notFound });
    }
    const b = await as(t, 'owner', 'house-b');
    const res = await token(b, refs.live);
    expect([res.status, res.body.message]).toEqual([404, BROADCAST_TEXT.notFound]);
    expect(JSON.stringify(res.body)).not.toContain('publish-token');
    expect(millicast.calls.length).toBe(before);
  });

  it(`with no provider configured: success false and "${BROADCAST_TEXT.noToken}"`, async () => {
    const res = await token(await as(bare, 'owner'), refs.live);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      success: false,
      'millicast-token': null,
      code: 'BROADCAST_NOT_CONFIGURED',
      message: BROADCAST_TEXT.noToken,
    });
    // Still accessConsole first.
    expect((await token(await as(bare, 'accessInvoices'), refs.live)).status).toBe(403);
    // Still the session check first: another house's ref is 404 there too.
    expect((await token(await as(bare, 'owner', 'house-b'), refs.live)).status).toBe(404);
  });

  it(`a failing provider: 503 "${BROADCAST_TEXT.fetchFailed}"`, async () => {
    const owner = await as(t, 'owner');
    millicast.failWith(500);
    try {
      const res = await token(owner, refs.live);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'BROADCAST_PROVIDER_FAILED', message: BROADCAST_TEXT.fetchFailed });
    } finally {
      millicast.failWith(0);
    }
    expect((await token(owner, refs.live)).status).toBe(200);
  });

  it('a provider that refuses the secret or cannot be reached is the same failure', async () => {
    const wrong = await createTestApp({
      redis: false,
      database: bare.db,
      env: { BROADCAST_PROVIDER: 'millicast', MILLICAST_API_URL: millicast.url, MILLICAST_API_SECRET: 'wrong', MILLICAST_ACCOUNT_ID: 'a' },
    });
    const gone = await createTestApp({
      redis: false,
      database: bare.db,
      env: {
        BROADCAST_PROVIDER: 'millicast',
        MILLICAST_API_URL: 'http://127.0.0.1:9',
        MILLICAST_API_SECRET: 's',
        MILLICAST_ACCOUNT_ID: 'a',
      },
    });
    try {
      for (const app of [wrong, gone]) {
        const res = await token(await as(app, 'owner'), refs.live);
        expect([res.status, res.body.message]).toEqual([503, BROADCAST_TEXT.fetchFailed]);
      }
    } finally {
      await wrong.close();
      await gone.close();
    }
  });
});
