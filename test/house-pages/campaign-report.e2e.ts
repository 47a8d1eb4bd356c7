import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';
import { seedTwoHouses, signIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type LotSpec = { bids?: number; hammer?: number; featured?: boolean; deleted?: boolean };

/**
 * GET /app/house/{houseRef}/campaignReport (Ad Campaign Reporting; docs/decisions/broadcast-analytics.md):
 * sessions with featured items, their featured lots' bids, sales and hammer beside the session's,
 * deleted lots left out, any user of the house, another house's ref 404.
 */
describe('ad campaign report', () => {
  let t: TestApp;
  let houses: TwoHouses;
  const refs: Record<string, string> = {};

  async function seedSession(houseId: number, key: string, daysAgo: number, lots: LotSpec[]) {
    const em = t.em();
    const group = em.create(AuctionGroup, { house: houseId, groupName: key, isLive: true });
    const c = em.create(Catalog, {
      house: houseId,
      group,
      catalogRef: newRef('C'),
      title: key,
      saleType: 'live',
      eventDate: new Date(Date.now() - daysAgo * 86_400_000),
    });
    await em.flush();
    const featured: number[] = [];
    for (const [i, l] of lots.entries()) {
      const lot = em.create(Lot, {
        house: houseId,
        catalog: c,
        lotRef: newRef('L'),
        lotNumber: String(i + 1),
        title: `${key} ${i + 1}`,
        description: 'D',
        bidCount: l.bids ?? 0,
        hammerCents: l.hammer,
        deletedAt: l.deleted ? new Date() : undefined,
        status: l.deleted ? 'd' : 's',
      });
      await em.flush();
      if (l.featured) featured.push(lot.id);
    }
    if (featured.length) {
      c.featuredLotIds = featured;
      await em.flush();
    }
    refs[key] = c.catalogRef;
  }

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    const A = houses.a.id;
    await seedSession(A, 'spring', 10, [
      { featured: true, bids: 7, hammer: 120_000 },
      { featured: true, bids: 3, hammer: 0 },
      { featured: true, bids: 0 },
      { featured: true, bids: 2, hammer: 5_050 },
      { featured: true, bids: 9, hammer: 99, deleted: true },
      { bids: 1, hammer: 2_500 },
      { bids: 0 },
    ]);
    await seedSession(A, 'summer', 2, [
      { featured: true, bids: 4 },
      { bids: 6, hammer: 10_000 },
    ]);
    await seedSession(A, 'no-campaign', 1, [{ bids: 5, hammer: 1_000 }]);
    await seedSession(houses.b.id, 'b-sale', 1, [{ featured: true, bids: 50, hammer: 9_999_900 }]);
  });
  afterAll(() => t?.close());

  it('lists sessions with featured items, newest first, featured figures beside the totals (cents)', async () => {
    const owner = await signIn(t.server, 'house-a', 'owner');
    const res = await owner.agent.get(`/app/house/${houses.a.houseRef}/campaignReport`);
    expect(res.status).toBe(200);
    expect(res.body.data.campaigns).toEqual([
      expect.objectContaining({
        catalogRef: refs.summer,
        title: 'summer',
        currencyCode: 'USD',
        featuredLots: 1,
        featuredBids: 4,
        featuredSold: 0,
        featuredHammerCents: 0,
        lots: 2,
        bids: 10,
        sold: 1,
        hammerCents: 10_000,
      }),
      {
        catalogRef: refs.spring,
        title: 'spring',
        saleType: 'live',
        eventDate: expect.any(String),
        currencyCode: 'USD',
        // The deleted featured lot counts nowhere; a zero hammer is unsold (Passed).
        featuredLots: 4,
        featuredBids: 12,
        featuredSold: 2,
        featuredHammerCents: 125_050,
        lots: 6,
        bids: 13,
        sold: 3,
        hammerCents: 127_550,
      },
    ]);
  });

  it('any user of the house may read it (the spec gives the page no flag)', async () => {
    const none = await signIn(t.server, 'house-a', 'none');
    const res = await none.agent.get(`/app/house/${houses.a.houseRef}/campaignReport`);
    expect(res.status).toBe(200);
    expect(res.body.data.campaigns).toHaveLength(2);
  });

  it("another house's ref answers 404; each house sees only its sessions", async () => {
    const b = await signIn(t.server, 'house-b', 'owner');
    const res = await b.agent.get(`/app/house/${houses.a.houseRef}/campaignReport`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(refs.spring);
    const own = await b.agent.get(`/app/house/${houses.b.houseRef}/campaignReport`);
    expect(own.body.data.campaigns.map((c: { catalogRef: string }) => c.catalogRef)).toEqual([refs['b-sale']]);
  });

  it('a signed-out caller gets 401', async () => {
    const { default: request } = await import('supertest');
    expect((await request(t.server).get(`/app/house/${houses.a.houseRef}/campaignReport`)).status).toBe(401);
  });
});
