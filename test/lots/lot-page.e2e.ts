import { LOT_TEXT as T } from '@ar/rules';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog, SaleType } from '../../src/modules/catalogs/catalog.entity';
import { House } from '../../src/modules/houses/house.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';
import { OrderBid } from '../../src/modules/lots/order-bid.entity';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

// The Lot page's calls (spec 001 section 7 "Lot page", and the single-lot delete) over HTTP on the
// real database: every rule's message through the server, code 112, deleted numbers never reused,
// the absentee-bid lock, the two-hour lock, access (accessCalendar) and tenancy.

const DAY = 24 * 3_600_000;
const GOOD = { lotNumber: '1', lotTitle: 'A silver teapot', lotDescription: 'London, 1790.' };

describe('Lot page calls (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let calendarOnly: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;
  const ids: Record<string, number> = {};

  async function seedSession(houseId: number, key: string, type: SaleType, startsIn = 3 * DAY) {
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
    ids[`${key}Group`] = group.id;
    return c;
  }

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    await seedSession(houses.a.id, 'live', 'live');
    await seedSession(houses.a.id, 'timed', 'timed');
    await seedSession(houses.a.id, 'bin', 'bin');
    await seedSession(houses.a.id, 'soon', 'live', 3_600_000);
    await seedSession(houses.b.id, 'bLive', 'live');
    const em = t.em();
    em.create(Lot, { house: houses.a.id, catalog: ids.soon, lotRef: newRef('L'), lotNumber: '1', title: 'T', description: 'D' });
    await em.flush();
    owner = await signIn(t.server, 'house-a', 'owner');
    calendarOnly = await signIn(t.server, 'house-a', 'accessCalendar');
    none = await signIn(t.server, 'house-a', 'none');
    ownerB = await signIn(t.server, 'house-b', 'owner');
  });
  afterAll(() => t?.close());

  const post = (s: SignedIn, path: string, body: object) => s.agent.post(path).set('X-CSRF-Token', s.csrf).send(body);
  const add = (s: SignedIn, catalogId: number, body: object) => post(s, `/cps/app/catalog/${catalogId}/lot/new`, body);
  const edit = (s: SignedIn, catalogId: number, body: object) => post(s, `/cps/app/catalog/${catalogId}/lot/update`, body);
  const del = (s: SignedIn, body: object) => post(s, '/cps/app/lot/delete', body);
  const stored = (id: number) => t.em().fork().findOneOrFail(Lot, { id });

  it('adds a lot: data.lots[0].lotID, amounts stored in cents, the starting bid computed from the low estimate', async () => {
    const res = await add(calendarOnly, ids.live, {
      ...GOOD,
      lotExt: 'a',
      invNumber: 'INV-1',
      loEst: '400',
      hiEst: 600,
      shipLength: '20',
      shipping: '35',
      artistName: 'Paul Storr',
      dimensions: '10 x 8 in',
      reserve: '100',
    }).expect(200);
    const lot = res.body.data.lots[0];
    expect(lot).toMatchObject({
      lotNumber: '1',
      lotExt: 'A',
      invNumber: 'INV-1',
      lotTitle: 'A silver teapot',
      loEst: 400,
      hiEst: 600,
      startingBid: 200,
      startingBidComputed: true,
      reserve: null,
      shipLength: 20,
      shipping: 35,
      artistName: 'Paul Storr',
      deleted: false,
      isBinLot: false,
      orderbid: 0,
    });
    const row = await stored(lot.lotID);
    expect(row).toMatchObject({
      loEstCents: 40000,
      hiEstCents: 60000,
      startingBidCents: 20000,
      shippingCents: 3500,
    });
    expect(row.reserveCents ?? null).toBeNull();
    ids.lot1A = lot.lotID;
  });

  it('reads the lot by number+extension, the preview, the deleted lots and the absentee bids', async () => {
    const one = await calendarOnly.agent.get(`/cps/app/catalog/${ids.live}/1A`).expect(200);
    expect(one.body.data.lots[0]).toMatchObject({ lotID: ids.lot1A, lotTitle: 'A silver teapot' });
    await calendarOnly.agent.get(`/cps/app/catalog/${ids.live}/1`).expect(404);
    await calendarOnly.agent.get(`/cps/app/catalog/${ids.live}/abc`).expect(404);
    const preview = await calendarOnly.agent.get(`/cps/app/catalog/${ids.live}/preview`).expect(200);
    expect(preview.body.data.data.catalog).toMatchObject({ catalogID: ids.live, saleType: 'live' });
    expect(preview.body.data.data.lots.map((l: { lotID: number }) => l.lotID)).toEqual([ids.lot1A]);
    const deleted = await calendarOnly.agent.get(`/cps/app/catalog/${ids.live}/deletedlots`).expect(200);
    expect(deleted.body.data).toEqual({ deletedLotsArray: [] });
    const bids = await calendarOnly.agent.get(`/cps/app/catalog/${ids.live}/orderbids`).expect(200);
    expect(bids.body.data).toEqual({ orderbids: [] });
  });

  it.each([
    [{ lotNumber: '' }, { lotNumber: T.numberRequired }],
    [{ lotNumber: '123456789' }, { lotNumber: T.numberTooLong }],
    [{ lotNumber: '1x' }, { lotNumber: T.numberDigits }],
    [{ lotNumber: '1', lotExt: 'A' }, { lotNumber: T.numberInUse }],
    [{ lotNumber: '2', lotExt: '7' }, { lotExt: T.extension }],
    [{ lotNumber: '2', invNumber: 'inv-1' }, { invNumber: T.inventoryInUse }],
    [{ lotNumber: '2', invNumber: 'A B' }, { invNumber: T.inventoryFormat }],
    [{ lotNumber: '2', invNumber: 'A'.repeat(33) }, { invNumber: T.inventoryTooLong }],
    [{ lotTitle: '' }, { lotTitle: T.titleRequired }],
    [{ lotTitle: 'x'.repeat(251) }, { lotTitle: T.titleTooLong }],
    [{ lotTitle: '<script>alert(1)</script>' }, { lotTitle: T.titleHtml }],
    [{ lotDescription: ' ' }, { lotDescription: T.descriptionRequired }],
    [
      { shipWidth: '1.5', shipHeight: 'x', shipWeight: '-1', shipping: 'free' },
      {
        shipWidth: 'Shipping Width must contain numerical values only.',
        shipHeight: 'Shipping Height must contain numerical values only.',
        shipWeight: 'Total Weight must contain numerical values only.',
        shipping: 'Shipping (Domestic) must contain numerical values only.',
      },
    ],
    [
      { loEst: '1.5', hiEst: '$2' },
      { loEst: T.lowWhole, hiEst: T.highDigits },
    ],
    [{ loEst: '500', hiEst: '400' }, { loEst: T.lowBelowHigh }],
    [{ startingBid: '2.5' }, { startingBid: T.startingBidWhole }],
  ])('refuses %j with its message beside the field', async (over, errors) => {
    const res = await add(owner, ids.live, { ...GOOD, lotNumber: '2', ...over }).expect(400);
    expect(res.body.errors).toEqual(errors);
  });

  it('timed: the reserve is checked and kept; live ignores it', async () => {
    const bad = await add(owner, ids.timed, { ...GOOD, reserve: '1.5', startingBid: 'x' }).expect(400);
    expect(bad.body.errors).toEqual({ reserve: T.reserveWhole, startingBid: T.startingBidDigits });
    const ok = await add(owner, ids.timed, { ...GOOD, reserve: '150', startingBid: '50' }).expect(200);
    expect(ok.body.data.lots[0]).toMatchObject({ reserve: 150, startingBid: 50, startingBidComputed: false });
    ids.timed1 = ok.body.data.lots[0].lotID;
  });

  it('buy now: a lot or inventory number, and the price rules; an inventory number alone is enough', async () => {
    const none1 = await add(owner, ids.bin, { lotTitle: 'T', lotDescription: 'D' }).expect(400);
    expect(none1.body.errors).toEqual({ lotNumber: T.numberOrInventoryRequired, itemPrice: T.priceRequired });
    for (const [itemPrice, message] of [
      ['9.99', T.priceWhole],
      ['ten', T.priceDigits],
      ['0', T.pricePositive],
    ]) {
      const res = await add(owner, ids.bin, { lotTitle: 'T', lotDescription: 'D', invNumber: 'B-1', itemPrice }).expect(400);
      expect(res.body.errors).toEqual({ itemPrice: message });
    }
    const ok = await add(owner, ids.bin, {
      lotTitle: 'T',
      lotDescription: 'D',
      invNumber: 'B-1',
      itemPrice: '25',
      shippingIntl: '40',
    }).expect(200);
    expect(ok.body.data.lots[0]).toMatchObject({ lotNumber: null, itemPrice: 25, shippingIntl: 40, startingBid: null, isBinLot: true });
  });

  it('connect types e and p need no lot number', async () => {
    await t.em().nativeUpdate(House, { id: houses.a.id }, { connectType: 'e' });
    try {
      const res = await add(owner, ids.live, { lotTitle: 'No number', lotDescription: 'D' }).expect(200);
      expect(res.body.data.lots[0].lotNumber).toBeNull();
    } finally {
      await t.em().nativeUpdate(House, { id: houses.a.id }, { connectType: 's' });
    }
  });

  it('edits a lot; its own number is not "in use"', async () => {
    const res = await edit(owner, ids.live, {
      ...GOOD,
      lotID: ids.lot1A,
      lotExt: 'A',
      lotTitle: 'A Georgian silver teapot',
      startingBid: '150',
    }).expect(200);
    expect(res.body.data.lots[0]).toMatchObject({
      lotID: ids.lot1A,
      lotTitle: 'A Georgian silver teapot',
      startingBid: 150,
      startingBidComputed: false,
    });
    await edit(owner, ids.live, { ...GOOD, lotID: 999999 }).expect(404);
  });

  it('deletes a lot: the row stays (status d), the page reads it as deleted, it cannot be edited or deleted again', async () => {
    const res = await del(calendarOnly, { catalogID: ids.live, lotNumber: '1', lotExt: 'a', houseID: houses.a.id }).expect(200);
    expect(res.body.data).toEqual({ success: true, lotID: ids.lot1A });
    const row = await stored(ids.lot1A);
    expect(row.status).toBe('d');
    expect(row.deletedAt).toBeInstanceOf(Date);
    const read = await owner.agent.get(`/cps/app/catalog/${ids.live}/1A`).expect(200);
    expect(read.body.data.lots[0]).toMatchObject({ lotID: ids.lot1A, deleted: true, status: 'd' });
    const deleted = await owner.agent.get(`/cps/app/catalog/${ids.live}/deletedlots`).expect(200);
    expect(deleted.body.data.deletedLotsArray).toEqual([{ lotID: ids.lot1A, lotNumber: '1', lotExt: 'A', invNumber: null }]);
    const again = await edit(owner, ids.live, { ...GOOD, lotID: ids.lot1A }).expect(409);
    expect(again.body).toMatchObject({ code: 'LOT_DELETED', message: T.deletedPage });
    await del(owner, { catalogID: ids.live, lotNumber: '1', lotExt: 'A' }).expect(409);
    const preview = await owner.agent.get(`/cps/app/catalog/${ids.live}/preview`).expect(200);
    expect(preview.body.data.data.lots.map((l: { lotID: number }) => l.lotID)).not.toContain(ids.lot1A);
  });

  it("code 112: a deleted lot's number cannot be reused, on add or on edit", async () => {
    const res = await add(owner, ids.live, { ...GOOD, lotExt: 'A' }).expect(409);
    expect(res.body).toEqual({
      statusCode: 409,
      code: '112',
      message: 'Lot Number 1A was used on a previously deleted lot.  Please enter a new lot number.',
      errors: { lotNumber: T.numberDeleted },
    });
    const other = await add(owner, ids.live, { ...GOOD, lotNumber: '5' }).expect(200);
    const edited = await edit(owner, ids.live, { ...GOOD, lotID: other.body.data.lots[0].lotID, lotExt: 'A' }).expect(409);
    expect(edited.body.code).toBe('112');
    // The same number without the extension was never deleted.
    await add(owner, ids.live, GOOD).expect(200);
    expect(await t.em().fork().count(Lot, { catalog: ids.live, lotNumber: '1', lotExt: 'A' })).toBe(1);
  });

  it('with an absentee bid, the starting bid and reserve cannot change; other fields can', async () => {
    const em = t.em();
    em.create(OrderBid, { house: houses.a.id, lot: ids.timed1, maxBidCents: 20000 });
    await em.flush();
    const bids = await owner.agent.get(`/cps/app/catalog/${ids.timed}/orderbids`).expect(200);
    expect(bids.body.data.orderbids).toEqual([{ lotID: ids.timed1, lotNumber: '1', lotExt: null, orderbidCount: 1 }]);
    const res = await edit(owner, ids.timed, { ...GOOD, lotID: ids.timed1, startingBid: '60', reserve: '200' }).expect(400);
    expect(res.body.errors).toEqual({ startingBid: T.absenteeLock, reserve: T.absenteeLock });
    const ok = await edit(owner, ids.timed, { ...GOOD, lotID: ids.timed1, startingBid: '50', reserve: '150', lotTitle: 'Renamed' }).expect(
      200,
    );
    expect(ok.body.data.lots[0]).toMatchObject({ lotTitle: 'Renamed', startingBid: 50, reserve: 150, orderbid: 1 });
  });

  it('within two hours of the start, lots cannot be added, edited or deleted', async () => {
    const res = await add(owner, ids.soon, { ...GOOD, lotNumber: '2' }).expect(409);
    expect(res.body.code).toBe('SESSION_LOCKED');
    await del(owner, { catalogID: ids.soon, lotNumber: '1' }).expect(409);
  });

  it('access: every call needs accessCalendar', async () => {
    await none.agent.get(`/cps/app/catalog/${ids.live}/preview`).expect(403);
    await none.agent.get(`/cps/app/catalog/${ids.live}/1`).expect(403);
    await add(none, ids.live, { ...GOOD, lotNumber: '9' }).expect(403);
    await del(none, { catalogID: ids.live, lotNumber: '5' }).expect(403);
  });

  it("tenancy: another house's session is a 404 for every call, and nothing changes", async () => {
    for (const path of ['preview', 'deletedlots', 'orderbids', '5'])
      await ownerB.agent.get(`/cps/app/catalog/${ids.live}/${path}`).expect(404);
    await add(ownerB, ids.live, { ...GOOD, lotNumber: '9' }).expect(404);
    await edit(ownerB, ids.live, { ...GOOD, lotNumber: '9', lotID: ids.timed1 }).expect(404);
    await edit(ownerB, ids.bLive, { ...GOOD, lotNumber: '9', lotID: ids.timed1 }).expect(404);
    await del(ownerB, { catalogID: ids.live, lotNumber: '5' }).expect(404);
    expect(await t.em().fork().count(Lot, { catalog: ids.live, lotNumber: '9' })).toBe(0);
    expect(await t.em().fork().count(Lot, { catalog: ids.live, lotNumber: '5', status: 's' })).toBe(1);
  });
});
