import { CALENDAR_TEXT, SUMMARY_TEXT as T } from '@ar/rules';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog, SaleType } from '../../src/modules/catalogs/catalog.entity';
import { House } from '../../src/modules/houses/house.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';
import { LotImage } from '../../src/modules/lots/lot-image.entity';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

// Preview and Summary & Publish calls (spec 001 section 7) over HTTP on the real database: shapes,
// the publish / delete / featured rules, the two-hour lock, bad input, access (accessCalendar) and tenancy.

const DAY = 24 * 3_600_000;

describe('Preview, summary and publish calls (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;
  const ids: Record<string, number> = {};
  const lotIds: Record<string, number> = {};

  async function seedSession(houseId: number, key: string, type: SaleType, lots: Partial<Lot>[], startsIn = 3 * DAY) {
    const em = t.em();
    const group = em.create(AuctionGroup, { house: houseId, groupName: key, isLive: type !== 'bin' });
    const c = em.create(Catalog, {
      house: houseId,
      group,
      catalogRef: newRef('C'),
      title: key,
      saleType: type,
      eventDate: new Date(Date.now() + startsIn),
    });
    await em.flush();
    ids[key] = c.id;
    for (const l of lots) {
      const lot = em.create(Lot, {
        house: houseId,
        catalog: c.id,
        lotRef: newRef('L'),
        title: `Lot ${l.lotNumber ?? l.invNumber}`,
        description: 'D',
        ...l,
      });
      await em.flush();
      lotIds[`${key}:${l.lotNumber ?? ''}${l.lotExt ?? ''}${l.lotNumber ? '' : l.invNumber}`] = lot.id;
    }
    return c;
  }

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { featuredLotsEnabled: true } as Partial<House>);
    const n = (lotNumber: string, extra: Partial<Lot> = {}) => ({ lotNumber, ...extra });
    await seedSession(houses.a.id, 'live', 'live', [
      n('1', { published: true }),
      n('2', { published: true, restricted: true }),
      n('3', { banned: true }),
      n('4', { potentiallyBanned: true }),
      n('5'),
      n('6'),
      n('7', { lotExt: 'A' }),
      n('8', { status: 'd', deletedAt: new Date() }),
      { invNumber: 'INV-9' },
    ]);
    await seedSession(houses.a.id, 'numbered', 'live', [n('1'), n('2'), n('3', { published: true })]);
    await seedSession(houses.a.id, 'soon', 'live', [n('1'), n('2')], 3_600_000);
    await seedSession(
      houses.a.id,
      'many',
      'timed',
      Array.from({ length: 120 }, (_, i) => n(String(i + 1))),
    );
    await seedSession(houses.b.id, 'bLive', 'live', [n('1')]);
    const em = t.em();
    em.create(LotImage, { house: houses.a.id, lot: lotIds['live:1'], sequence: 1, url: 'https://img.example/1b.jpg' });
    em.create(LotImage, { house: houses.a.id, lot: lotIds['live:1'], sequence: 0, url: 'https://img.example/1a.jpg' });
    em.create(LotImage, { house: houses.a.id, lot: lotIds['live:2'], sequence: 0, url: 'https://img.example/2.jpg' });
    em.create(LotImage, { house: houses.a.id, lot: lotIds['numbered:2'], sequence: 0, url: 'https://img.example/n2.jpg' });
    await em.flush();
    owner = await signIn(t.server, 'house-a', 'accessCalendar');
    none = await signIn(t.server, 'house-a', 'none');
    ownerB = await signIn(t.server, 'house-b', 'owner');
  });
  afterAll(() => t?.close());

  const cat = (id: number, rest: string) => `/cps/app/catalog/${id}/${rest}`;
  const get = (s: SignedIn, path: string) => s.agent.get(path).set('X-CSRF-Token', s.csrf);
  const post = (s: SignedIn, path: string, body: object) => s.agent.post(path).set('X-CSRF-Token', s.csrf).send(body);

  it('summary: lots in status priority, the banner lists, images, the session definition', async () => {
    const res = await owner.agent.get(cat(ids.live, 'summary')).expect(200);
    const d = res.body.data;
    expect(
      d.lots.map(
        (l: { lotNumber: string | null; lotExt: string | null; statusKey: string }) =>
          `${l.lotNumber ?? 'inv'}${l.lotExt ?? ''}:${l.statusKey}`,
      ),
    ).toEqual([
      '3:unpublished',
      '4:unpublished',
      '5:unpublished',
      '6:unpublished',
      '7A:unpublished',
      'inv:unpublished',
      '2:restricted',
      '8:deleted',
      '1:published',
    ]);
    expect(d).toMatchObject({
      deletedlots: ['8'],
      unpublishedlots: ['3', '4', '5', '6', '7A'],
      unpublishedlotsWithInvNumber: ['INV-9'],
      restrictedlots: ['2'],
      bannedlots: ['3'],
      potentiallybannedlots: ['4'],
      unlottedlots: ['INV-9'],
      imagecount: 3,
      lotswithoutimages: 6,
      featuredLots: [],
    });
    expect(d.images).toMatchObject({ '1': 2, '2': 1, '3': 0 });
    expect(d.lots.find((l: { lotNumber: string }) => l.lotNumber === '1').primaryImg).toBe('https://img.example/1a.jpg');
    expect(d.sessionDefinition).toMatchObject({
      catalogID: ids.live,
      title: 'live',
      saleType: 'live',
      isTimed: false,
      in2Hours: false,
      published: false,
      houseName: 'house-a Auctions',
    });
  });

  it("price fields: a buy-now item's price; a live or timed lot's estimates and starting bid, never as its price", async () => {
    const timed = await seedSession(houses.a.id, 'pricedTimed', 'timed', [
      { lotNumber: '1', loEstCents: 80_000, hiEstCents: 120_000, startingBidCents: 40_000 },
    ]);
    const bin = await seedSession(houses.a.id, 'pricedBin', 'bin', [{ lotNumber: '1', itemPriceCents: 150_000 }]);
    for (const path of ['summary', 'preview']) {
      const lotsOf = async (id: number) => {
        const body = (await owner.agent.get(cat(id, path)).expect(200)).body.data;
        return (path === 'summary' ? body.lots : body.data.lots) as object[];
      };
      expect((await lotsOf(timed.id))[0]).toMatchObject({ price: null, startingBid: 400, loEst: 800, hiEst: 1_200 });
      expect((await lotsOf(bin.id))[0]).toMatchObject({ price: 1_500, startingBid: null, loEst: null, hiEst: null });
    }
  });

  it('preview: pages of 50/100/200 in the database, searched, deleted lots left out', async () => {
    const first = await owner.agent.get(cat(ids.many, 'preview')).expect(200);
    expect(first.body.data.httpStatus).toBe(200);
    expect(first.body.data.data).toMatchObject({ totalRecords: 120, page: 1, size: 50 });
    expect(first.body.data.data.lots).toHaveLength(50);
    const third = await owner.agent.get(cat(ids.many, 'preview?page=3&size=50')).expect(200);
    expect(third.body.data.data.lots.map((l: { lotNumber: string }) => l.lotNumber)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(101 + i)),
    );
    const big = await owner.agent.get(cat(ids.many, 'preview?size=200')).expect(200);
    expect(big.body.data.data.lots).toHaveLength(120);
    const search = await owner.agent.get(cat(ids.many, 'preview?search=11')).expect(200);
    expect(search.body.data.data.lots.map((l: { lotNumber: string }) => l.lotNumber)).toEqual([
      '11',
      '110',
      '111',
      '112',
      '113',
      '114',
      '115',
      '116',
      '117',
      '118',
      '119',
    ]);
    const live = await owner.agent.get(cat(ids.live, 'preview?search=lot%208')).expect(200);
    expect(live.body.data.data.totalRecords).toBe(0);
    for (const q of ['size=25', 'size=abc', 'page=0', 'page=-1', `search=${'x'.repeat(101)}`, 'other=1']) {
      const bad = await owner.agent.get(cat(ids.many, `preview?${q}`)).expect(400);
      expect(bad.body.code).toMatch(/BAD_QUERY|UNKNOWN_FIELDS/);
    }
  });

  it('small reads: lots, saleTimeIn2Hours, isCatalogPublished, catalogURL, channels, primary images, orderbids', async () => {
    const lots = await owner.agent.get(cat(ids.live, 'lots')).expect(200);
    expect(lots.body.data.lots).toContainEqual({ lotID: lotIds['live:8'], status: 'd', invNumber: null, lotNumber: '8', lotExt: null });
    expect((await owner.agent.get(cat(ids.live, 'saleTimeIn2Hours')).expect(200)).body).toEqual({ data: { in2Hours: 0 } });
    expect((await owner.agent.get(cat(ids.soon, 'saleTimeIn2Hours')).expect(200)).body).toEqual({ data: { in2Hours: 1 } });
    expect((await owner.agent.get(`/app/isCatalogPublished/${ids.live}`).expect(200)).body).toEqual({ data: { isPublished: false } });
    const url = await owner.agent.get(`/app/catalogURL/${ids.live}`).expect(200);
    expect(url.body.data.catalogURLMap[String(ids.live)]).toMatch(/^https:\/\/.+\/catalog\/C/);
    const ch = await owner.agent.get(cat(ids.live, 'channels')).expect(200);
    expect(ch.body.data.channels[0]).toMatchObject({ channelID: 1, states: [0, 1, 2], value: 2 });
    const img = await owner.agent.get(cat(ids.live, `house/${houses.a.id}/primary-imageurls`)).expect(200);
    expect(img.body.data).toEqual({ '1': 'https://img.example/1a.jpg', '2': 'https://img.example/2.jpg' });
    await owner.agent.get(cat(ids.live, `house/${houses.b.id}/primary-imageurls`)).expect(404);
    const cover = await owner.agent.get(cat(ids.live, 'getcoverimageurl')).expect(200);
    expect(cover.body.data).toMatchObject({ cover: null, errorCode: 130 });
  });

  it('featured: exactly five, none banned, none deleted; the house setting', async () => {
    const path = `/cps/app/featuredLots/catalog/${ids.live}`;
    const four = await post(owner, path, { featuredLots: [lotIds['live:1'], lotIds['live:2'], lotIds['live:4'], lotIds['live:5']] }).expect(
      400,
    );
    expect(four.body.message).toBe(T.featuredCount);
    const banned = await post(owner, path, { featuredLots: ['1', '2', '3', '4', '5'].map((k) => lotIds[`live:${k}`]) }).expect(400);
    expect(banned.body.message).toBe(T.featuredBanned);
    const deleted = await post(owner, path, { featuredLots: ['1', '2', '4', '5', '8'].map((k) => lotIds[`live:${k}`]) }).expect(400);
    expect(deleted.body.message).toBe(T.featuredUnknown);
    const otherHouse = await post(owner, path, {
      featuredLots: [lotIds['live:1'], lotIds['live:2'], lotIds['live:4'], lotIds['live:5'], lotIds['bLive:1']],
    }).expect(400);
    expect(otherHouse.body.message).toBe(T.featuredUnknown);
    await post(owner, path, { featuredLots: 'x' }).expect(400);
    await post(owner, path, { featuredLots: [1.5, 2, 3, 4, 5] }).expect(400);
    const five = ['1', '2', '4', '5', '6'].map((k) => lotIds[`live:${k}`]);
    const ok = await post(owner, path, { featuredLots: five }).expect(200);
    expect(ok.body.data).toEqual({ httpStatus: 200, data: { featuredLots: five } });
    expect((await owner.agent.get(path).expect(200)).body.data.data.featuredLots).toEqual(five);
    await t.em().nativeUpdate(House, { id: houses.a.id }, { featuredLotsEnabled: false });
    const off = await post(owner, path, { featuredLots: five }).expect(403);
    expect(off.body.message).toBe(T.featuredDisabled);
    await t.em().nativeUpdate(House, { id: houses.a.id }, { featuredLotsEnabled: true });
  });

  it('publish all is refused while a lot has no lot number; needs the CSRF token although a GET', async () => {
    await owner.agent.get(cat(ids.live, 'publishlots')).expect(403);
    const res = await get(owner, cat(ids.live, 'publishlots')).expect(409);
    expect(res.body.message).toBe(T.publishUnlotted);
    const stored = await t.em().fork().find(Lot, { catalog: ids.live, published: true });
    expect(stored).toHaveLength(2);
  });

  it('publish selected: unknown, deleted or already-published-only selections are refused and change nothing', async () => {
    const path = cat(ids.live, 'lots/publish');
    expect((await post(owner, path, { lots: [{ lotNumber: '5' }, { lotNumber: '99' }] }).expect(400)).body.message).toBe(T.notInCatalog);
    expect((await post(owner, path, { lots: [{ lotNumber: '5' }, { lotNumber: '8' }] }).expect(409)).body.message).toBe(T.deleteDeleted);
    expect((await post(owner, path, { lots: [{ lotNumber: '1' }] }).expect(400)).body.message).toBe(T.publishNothing);
    await post(owner, path, { lots: [] }).expect(400);
    await post(owner, path, { lots: [{ lotNumber: 'abc' }] }).expect(400);
    await post(owner, path, { lots: 'all' }).expect(400);
    expect(await t.em().fork().count(Lot, { catalog: ids.live, published: true })).toBe(2);
    const ok = await post(owner, path, { lots: [{ lotNumber: '5' }, { lotNumber: '7', lotExt: 'a' }, { lotNumber: '1' }] }).expect(200);
    expect(ok.body.data).toMatchObject({ success: true, publishedCount: 2, cover: 'https://img.example/1a.jpg' });
    expect((await owner.agent.get(`/app/isCatalogPublished/${ids.live}`)).body.data.isPublished).toBe(true);
    expect((await owner.agent.get(cat(ids.live, 'getcoverimageurl'))).body.data).toEqual({ cover: 'https://img.example/1a.jpg' });
  });

  it('publish all of a fully numbered session publishes every live lot and sets the cover from the first image', async () => {
    const res = await get(owner, cat(ids.numbered, 'publishlots')).expect(200);
    expect(res.body.data).toMatchObject({ success: true, publishedCount: 2, cover: 'https://img.example/n2.jpg' });
    expect(await t.em().fork().count(Lot, { catalog: ids.numbered, published: false })).toBe(0);
  });

  it('cover: select one of the session lot images only; setcoverimage keeps an existing cover', async () => {
    const path = cat(ids.live, 'selectcoverimage');
    expect((await post(owner, path, { httpThumbPath: 'https://img.example/n2.jpg' }).expect(400)).body.message).toBe(T.coverNotALotImage);
    await post(owner, path, {}).expect(400);
    await post(owner, path, { httpThumbPath: 'https://img.example/2.jpg' }).expect(200);
    expect((await get(owner, cat(ids.live, 'setcoverimage')).expect(200)).body.data.cover).toBe('https://img.example/2.jpg');
  });

  it('delete selected by lot number and by inventory number: all or nothing, deleted lots not again, numbers stay taken', async () => {
    const path = cat(ids.live, 'lots/delete');
    expect((await post(owner, path, { lotNumbers: ['6', '99'] }).expect(400)).body.message).toBe(T.notInCatalog);
    expect((await post(owner, path, { lotNumbers: ['6', '8'] }).expect(409)).body.message).toBe(T.deleteDeleted);
    await post(owner, path, { lotNumbers: [] }).expect(400);
    await post(owner, path, { lotNumbers: ['6;drop'] }).expect(400);
    expect((await t.em().fork().findOneOrFail(Lot, { id: lotIds['live:6'] })).status).toBe('s');
    const ok = await post(owner, path, { lotNumbers: ['6', '5'] }).expect(200);
    expect(ok.body.data).toMatchObject({ success: true, deletedCount: 2 });
    // Lot 5 was featured: it is no longer.
    expect((await owner.agent.get(`/cps/app/featuredLots/catalog/${ids.live}`)).body.data.data.featuredLots).not.toContain(
      lotIds['live:5'],
    );
    const inv = cat(ids.live, 'lots/deleteByInventoryNumber');
    expect((await post(owner, inv, { inventoryNumbers: ['NOPE'] }).expect(400)).body.message).toBe(T.notInCatalog);
    await post(owner, inv, { inventoryNumbers: ['inv-9'] }).expect(200);
    expect((await post(owner, inv, { inventoryNumbers: ['INV-9'] }).expect(409)).body.message).toBe(T.deleteDeleted);
    // A deleted lot's number cannot be reused by the Lot page.
    const reuse = await post(owner, cat(ids.live, 'lot/new'), { lotNumber: '6', lotTitle: 'Again', lotDescription: 'D' }).expect(409);
    expect(reuse.body.code).toBe('112');
  });

  it('delete within two hours of the start is refused', async () => {
    const res = await post(owner, cat(ids.soon, 'lots/delete'), { lotNumbers: ['1'] }).expect(409);
    expect(res.body.message).toBe(CALENDAR_TEXT.in2Hours);
  });

  it('needs accessCalendar', async () => {
    for (const path of [
      cat(ids.live, 'summary'),
      cat(ids.live, 'preview'),
      `/app/isCatalogPublished/${ids.live}`,
      `/cps/app/featuredLots/catalog/${ids.live}`,
    ]) {
      await none.agent.get(path).expect(403);
    }
    await post(none, cat(ids.numbered, 'lots/publish'), { lots: [{ lotNumber: '1' }] }).expect(403);
  });

  it("another house's session is a 404 for every call, and nothing changes", async () => {
    for (const rest of ['summary', 'preview', 'lots', 'saleTimeIn2Hours', 'getcoverimageurl', 'channels', 'orderbids']) {
      await ownerB.agent.get(cat(ids.many, rest)).expect(404);
    }
    await get(ownerB, cat(ids.many, 'publishlots')).expect(404);
    await get(ownerB, cat(ids.many, 'setcoverimage')).expect(404);
    await ownerB.agent.get(`/app/isCatalogPublished/${ids.many}`).expect(404);
    await ownerB.agent.get(`/app/catalogURL/${ids.many}`).expect(404);
    await ownerB.agent.get(`/cps/app/featuredLots/catalog/${ids.many}`).expect(404);
    await post(ownerB, cat(ids.many, 'lots/publish'), { lots: [{ lotNumber: '1' }] }).expect(404);
    await post(ownerB, cat(ids.many, 'lots/delete'), { lotNumbers: ['1'] }).expect(404);
    await post(ownerB, cat(ids.many, 'lots/deleteByInventoryNumber'), { inventoryNumbers: ['X'] }).expect(404);
    await post(ownerB, `/cps/app/featuredLots/catalog/${ids.many}`, { featuredLots: [1, 2, 3, 4, 5] }).expect(404);
    expect(
      await t
        .em()
        .fork()
        .count(Lot, { catalog: ids.many, $or: [{ published: true }, { status: 'd' }] }),
    ).toBe(0);
  });
});
