import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { makeJpeg } from '../support/jpeg';
import { createTestApp, TestApp } from '../support/test-app';

// The session definition's house logo and VAT (spec 001 section 3) from the house's settings: the
// Private Label site logo and the house's VAT rate, in GET /cps/app/catalog/{id} and in the
// preview's and summary's session header, over HTTP on the real database.

describe('session definition: house logo and VAT (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let ownerB: SignedIn;
  const ids: Record<string, number> = {};
  const sql = (q: string, p: unknown[] = []) => t.em().getConnection().execute(q, p);

  const definition = async (s: SignedIn, id: number) => (await s.agent.get(`/cps/app/catalog/${id}`).expect(200)).body.data.catalog;
  const preview = async (s: SignedIn, id: number) =>
    (await s.agent.get(`/cps/app/catalog/${id}/preview`).expect(200)).body.data.data.catalog;
  const summary = async (s: SignedIn, id: number) =>
    (await s.agent.get(`/cps/app/catalog/${id}/summary`).expect(200)).body.data.sessionDefinition;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { isInstant: true, connectType: 's' });
    const em = t.em();
    const mk = (house: number, name: string, saleType: 'live' | 'bin') => {
      const g = em.create(AuctionGroup, { house, groupName: name, isLive: saleType !== 'bin' });
      return em.create(Catalog, { house, group: g, catalogRef: newRef('C'), title: name, saleType, eventDate: new Date(Date.now() + 9e8) });
    };
    const live = mk(houses.a.id, 'Spring live', 'live');
    const bin = mk(houses.a.id, 'Buy Now', 'bin');
    const other = mk(houses.b.id, 'B live', 'live');
    await em.flush();
    Object.assign(ids, { live: live.id, bin: bin.id, other: other.id });
    [owner, ownerB] = await Promise.all([signIn(t.server, 'house-a', 'owner'), signIn(t.server, 'house-b', 'owner')]);
  });
  afterAll(() => t?.close());

  it('without a VAT rate or a site logo both are null', async () => {
    const d = await definition(owner, ids.live);
    expect(d).toMatchObject({ houseLogo: null, vat: null });
    expect((await preview(owner, ids.live)).houseLogo).toBeNull();
    expect((await summary(owner, ids.live)).houseLogo).toBeNull();
  });

  it("answers the house's VAT rate as a percent and its site logo as a link that opens, in the definition, preview and summary", async () => {
    await sql('update house set vat_rate = 17500 where id = ?', [houses.a.id]);
    const up = await owner.agent
      .post(`/app/house/${houses.a.houseRef}/logo`)
      .set('X-CSRF-Token', owner.csrf)
      .field('fileName', 'site.jpg')
      .attach('file', makeJpeg(350, 100), { filename: 'site.jpg', contentType: 'image/jpeg' });
    expect(up.status).toBe(200);

    const d = await definition(owner, ids.live);
    expect(d.vat).toBe(17.5);
    expect(d.houseLogo).toMatch(new RegExp(`^/app/house/${houses.a.houseRef}/logo/file\\?v=\\d+&expires=\\d+&signature=`));
    const file = await owner.agent.get(d.houseLogo).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/image\/jpeg/);
    // The preview's and summary's header (live and buy-now sessions) show the same logo.
    const unsigned = (url: string) => url.replace(/&expires=.*/, '');
    for (const id of [ids.live, ids.bin]) {
      expect(unsigned((await preview(owner, id)).houseLogo)).toBe(unsigned(d.houseLogo));
      expect(unsigned((await summary(owner, id)).houseLogo)).toBe(unsigned(d.houseLogo));
    }
    expect((await definition(owner, ids.bin)).vat).toBe(17.5);

    // Another house sees its own (none), never house A's.
    expect(await definition(ownerB, ids.other)).toMatchObject({ houseLogo: null, vat: null });
    expect((await ownerB.agent.get(`/cps/app/catalog/${ids.live}`)).status).toBe(404);
  });

  it('a house without a private label shows no logo even with one stored (its link would not open)', async () => {
    await sql(`update house set is_instant = false where id = ?`, [houses.a.id]);
    expect((await definition(owner, ids.live)).houseLogo).toBeNull();
    expect((await preview(owner, ids.live)).houseLogo).toBeNull();
    await sql(`update house set is_instant = true where id = ?`, [houses.a.id]);
  });
});
