import { csvDocument, LOT_TEXT, SHEET_TEXT } from '@ar/rules';
import type { SaleType } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';
import { UPLOAD_ROW_NOT_FOUND } from '../../src/modules/lots/upload-review/upload-review.errors';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { seedSheetSession } from './seed-session';

// The upload-items review list over HTTP on the real database (spec 001 section 4 "Spreadsheet
// upload"): the upload staged per session, the react-admin list (paged, error filter), the edit
// modal's save with the Lot page's messages, deletes, duplicates (110, 121) rechecked by the
// server, the staged lots sent to lots/update, Go Back, access and tenancy.

const HEADER = ['Lot Number', 'Extension', 'Inventory Number', 'Title', 'Description', 'Low Estimate', 'High Estimate', 'Shipping Width'];

interface Row {
  id: number;
  row: number;
  hasError: boolean;
  errors: { errorCode: number; displayMsg: string; field: string | null }[];
  lotNumber?: string;
  lotTitle?: string;
  invNumber?: string;
}

describe('upload-items review list (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;

  const seedSession = (houseId: number, type: SaleType) => seedSheetSession(t, houseId, type);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
    none = await signIn(t.server, 'house-a', 'none');
    ownerB = await signIn(t.server, 'house-b', 'owner');
  });
  afterAll(() => t?.close());

  const upload = (s: SignedIn, catalogId: number, rows: string[][], header = HEADER) =>
    s.agent
      .post(`/cps/app/spreadsheet/csv/artfact?version=v2`)
      .set('X-CSRF-Token', s.csrf)
      .field('csvType', 'standard')
      .field('catalogID', String(catalogId))
      .field('packageID', '')
      .attach('fileData', Buffer.from(csvDocument(header, rows), 'utf8'), 'lots.csv');
  const list = (s: SignedIn, filter: object, range = [0, 49]) =>
    s.agent.get('/api/lot-upload-rows').query({ filter: JSON.stringify(filter), range: JSON.stringify(range), sort: '["row","ASC"]' });
  const rowsOf = async (catalogId: number, filter: object = {}): Promise<Row[]> =>
    (await list(owner, { catalogId, ...filter }).expect(200)).body;
  const edit = (s: SignedIn, id: number, body: object) => s.agent.put(`/api/lot-upload-rows/${id}`).set('X-CSRF-Token', s.csrf).send(body);
  const remove = (s: SignedIn, id: number | string) => s.agent.delete(`/api/lot-upload-rows/${id}`).set('X-CSRF-Token', s.csrf);
  const codes = (r: Row) => r.errors.map((e) => e.errorCode);

  it('an upload is staged; the list pages 50/100/200 in sheet order with a total, the error filter keeps error rows', async () => {
    const live = await seedSession(houses.a.id, 'live');
    const rows = Array.from({ length: 120 }, (_, i) => [String(i + 1), '', '', i % 40 === 0 ? '' : `T${i}`, 'D', '', '', '']);
    await upload(owner, live, rows).expect(400);
    const page = await list(owner, { catalogId: live }, [50, 99]).expect(200);
    expect(page.headers['content-range']).toBe('lot-upload-rows 50-99/120');
    expect(page.body.map((r: Row) => r.row)).toEqual(Array.from({ length: 50 }, (_, i) => i + 52));
    const big = await list(owner, { catalogId: live }, [0, 199]).expect(200);
    expect(big.body).toHaveLength(120);
    const bad = await list(owner, { catalogId: live, hasError: true }).expect(200);
    expect(bad.headers['content-range']).toBe('lot-upload-rows 0-2/3');
    expect(bad.body.map((r: Row) => [r.row, r.hasError, codes(r)])).toEqual([
      [2, true, [101]],
      [42, true, [101]],
      [82, true, [101]],
    ]);
    expect(bad.body[0].errors[0]).toMatchObject({ displayMsg: LOT_TEXT.titleRequired, field: 'lotTitle' });
    // A new upload replaces the staged rows; a breaking one (108) leaves none.
    await upload(owner, live, [['1', '', '', 'T', 'D', '', '', '']]).expect(200);
    expect(await rowsOf(live)).toHaveLength(1);
    await upload(owner, live, [['', '', '', 'T', 'D', '', '', '']]).expect(400);
    expect(await rowsOf(live)).toEqual([]);
  });

  it('the edit modal: each Lot page message as a field error (400, nothing changed); a valid edit clears the row and its duplicate', async () => {
    const timed = await seedSession(houses.a.id, 'timed');
    await upload(owner, timed, [
      ['5', '', 'INV-1', 'Five', 'D', '', '', ''],
      ['5', '', 'INV-2', 'Five again', 'D', '', '', ''],
      ['6', '', 'INV-3', 'Six', 'D', '', '', 'wide'],
    ]).expect(400);
    const [a, b, c] = await rowsOf(timed);
    expect([codes(a), codes(b), codes(c)]).toEqual([[110], [110], [173]]);
    const base = { lotNumber: '7', lotTitle: 'T', lotDescription: 'D' };
    const cases: [object, string, string][] = [
      [{ lotNumber: '' }, 'lotNumber', LOT_TEXT.numberRequired],
      [{ lotNumber: '123456789' }, 'lotNumber', LOT_TEXT.numberTooLong],
      [{ lotNumber: '12a' }, 'lotNumber', LOT_TEXT.numberDigits],
      [{ lotNumber: '6' }, 'lotNumber', LOT_TEXT.numberInUse],
      [{ lotExt: '1' }, 'lotExt', LOT_TEXT.extension],
      [{ lotTitle: '' }, 'lotTitle', LOT_TEXT.titleRequired],
      [{ lotTitle: 'x'.repeat(251) }, 'lotTitle', LOT_TEXT.titleTooLong],
      [{ lotDescription: '' }, 'lotDescription', LOT_TEXT.descriptionRequired],
      [{ shipWidth: 'w' }, 'shipWidth', LOT_TEXT.digitsOnly('Shipping Width')],
      [{ shipHeight: 'h' }, 'shipHeight', LOT_TEXT.digitsOnly('Shipping Height')],
      [{ shipLength: 'l' }, 'shipLength', LOT_TEXT.digitsOnly('Shipping Length')],
      [{ shipWeight: 'k' }, 'shipWeight', LOT_TEXT.digitsOnly('Total Weight')],
      [{ shipping: 's' }, 'shipping', LOT_TEXT.digitsOnly('Shipping (Domestic)')],
      [{ loEst: '1.5' }, 'loEst', LOT_TEXT.lowWhole],
      [{ hiEst: '2.5' }, 'hiEst', LOT_TEXT.highWhole],
      [{ loEst: '500', hiEst: '100' }, 'loEst', LOT_TEXT.lowBelowHigh],
      [{ startingBid: '1.5' }, 'startingBid', LOT_TEXT.startingBidWhole],
      [{ reserve: '1.5' }, 'reserve', LOT_TEXT.reserveWhole],
      [{ invNumber: 'A B' }, 'invNumber', LOT_TEXT.inventoryFormat],
      [{ invNumber: 'x'.repeat(33) }, 'invNumber', LOT_TEXT.inventoryTooLong],
      [{ invNumber: 'INV-3' }, 'invNumber', LOT_TEXT.inventoryInUse],
    ];
    for (const [change, field, message] of cases) {
      const res = await edit(owner, a.id, { ...base, ...change }).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: message } });
    }
    expect((await rowsOf(timed))[0].lotNumber).toBe('5');
    // Renumbered: its 110 and the other copy's clear; the unrelated 173 stays.
    const saved = await edit(owner, a.id, { ...a, lotNumber: '7' }).expect(200);
    expect(saved.body).toMatchObject({ id: a.id, row: 2, lotNumber: '7', hasError: false, errors: [] });
    expect((await rowsOf(timed)).map(codes)).toEqual([[], [], [173]]);
    expect((await rowsOf(timed, { hasError: true })).map((r) => r.row)).toEqual([4]);
  });

  it('deleting one copy clears the other copy of a duplicate inventory number (121); delete-selected; unknown ids 404', async () => {
    const live = await seedSession(houses.a.id, 'live');
    await upload(owner, live, [
      ['1', '', 'INV-9', 'One', 'D', '', '', ''],
      ['2', '', 'INV-9', 'Two', 'D', '', '', ''],
      ['3', '', '', 'Three', 'D', '', '', ''],
      ['4', '', '', 'Four', 'D', '', '', ''],
    ]).expect(400);
    const [a, b, c, d] = await rowsOf(live);
    expect([codes(a), codes(b)]).toEqual([[121], [121]]);
    expect(a.errors[0].displayMsg).toBe(SHEET_TEXT.duplicateInventory);
    const gone = await remove(owner, a.id).expect(200);
    expect(gone.body).toMatchObject({ id: a.id, row: 2 });
    expect((await rowsOf(live)).map((r) => [r.row, codes(r)])).toEqual([
      [3, []],
      [4, []],
      [5, []],
    ]);
    await remove(owner, a.id).expect(404, { statusCode: 404, code: 'UPLOAD_ROW_NOT_FOUND', message: UPLOAD_ROW_NOT_FOUND });
    // Delete-selected: react-admin's parallel single deletes, serialized by the session lock.
    await Promise.all([remove(owner, c.id).expect(200), remove(owner, d.id).expect(200)]);
    expect((await rowsOf(live)).map((r) => r.id)).toEqual([b.id]);
    await remove(owner, 'abc').expect(404);
  });

  it('Continue: the staged lots (spec shape, id = sheet row) saved by lots/update, which clears the staging; Go Back discards', async () => {
    const live = await seedSession(houses.a.id, 'live');
    await upload(owner, live, [
      ['1', '', '', 'One', 'D', '10', '20', ''],
      ['2', '', '', '', 'D', '', '', ''],
    ]).expect(400);
    const staged = await owner.agent.get(`/cps/app/catalog/${live}/lots/upload`).expect(200);
    expect(staged.body.data.lots.map((l: { id: number; lotTitle: string }) => [l.id, l.lotTitle])).toEqual([
      [2, 'One'],
      [3, ''],
    ]);
    expect(staged.body.errors.map((e: { errorCode: number }) => e.errorCode)).toEqual([101]);
    const rows = await rowsOf(live);
    await edit(owner, rows[1].id, { lotNumber: '2', lotTitle: 'Two', lotDescription: 'D' }).expect(200);
    const ready = await owner.agent.get(`/cps/app/catalog/${live}/lots/upload`).expect(200);
    expect(ready.body.errors).toEqual([]);
    const saved = await owner.agent
      .post(`/cps/app/catalog/${live}/lots/update`)
      .set('X-CSRF-Token', owner.csrf)
      .send({ lots: ready.body.data.lots })
      .expect(200);
    expect(saved.body.data).toEqual({ success: true, created: 2, updated: 0 });
    expect(await rowsOf(live)).toEqual([]);
    const lots = await t
      .em()
      .fork()
      .find(Lot, { catalog: live }, { orderBy: { id: 'asc' } });
    expect(lots.map((l) => [l.lotNumber, l.title])).toEqual([
      ['1', 'One'],
      ['2', 'Two'],
    ]);
    // Go Back & Upload Items Again: the staged rows are discarded.
    await upload(owner, live, [['3', '', '', 'Three', 'D', '', '', '']]).expect(200);
    const back = await owner.agent.delete(`/cps/app/catalog/${live}/lots/upload`).set('X-CSRF-Token', owner.csrf).expect(200);
    expect(back.body).toEqual({ data: { deleted: 1 } });
    expect(await rowsOf(live)).toEqual([]);
  });

  it('lots/update refusing the staged lots (the session changed meanwhile) marks the staged rows with the same errors', async () => {
    const live = await seedSession(houses.a.id, 'live');
    await upload(owner, live, [['1', '', 'INV-77', 'One', 'D', '', '', '']]).expect(200);
    // Meanwhile a lot of the session takes the inventory number (the Lot page).
    const em = t.em().fork();
    em.create(Lot, {
      house: houses.a.id,
      catalog: live,
      lotRef: newRef('L'),
      lotNumber: '9',
      invNumber: 'INV-77',
      title: 'T',
      description: 'D',
    });
    await em.flush();
    const staged = await owner.agent.get(`/cps/app/catalog/${live}/lots/upload`).expect(200);
    const refused = await owner.agent
      .post(`/cps/app/catalog/${live}/lots/update`)
      .set('X-CSRF-Token', owner.csrf)
      .send({ lots: staged.body.data.lots })
      .expect(400);
    expect(refused.body.errors.map((e: { errorCode: number; displayMsg: string }) => [e.errorCode, e.displayMsg])).toEqual([
      [121, LOT_TEXT.inventoryInUse],
    ]);
    const [row] = await rowsOf(live);
    expect(row).toMatchObject({ hasError: true, errors: [{ errorCode: 121, displayMsg: LOT_TEXT.inventoryInUse, field: 'invNumber' }] });
    // The edit modal refuses the same number, then takes another.
    const bad = await edit(owner, row.id, { lotNumber: '1', lotTitle: 'One', lotDescription: 'D', invNumber: 'inv-77' }).expect(400);
    expect(bad.body.errors).toEqual({ invNumber: LOT_TEXT.inventoryInUse });
    await edit(owner, row.id, { lotNumber: '1', lotTitle: 'One', lotDescription: 'D', invNumber: 'INV-78' }).expect(200);
    expect((await rowsOf(live))[0]).toMatchObject({ hasError: false, errors: [] });
  });

  it('bad list queries are 400', async () => {
    await owner.agent.get('/api/lot-upload-rows').expect(400);
    await list(owner, { catalogId: 'x' }).expect(400);
    const live = await seedSession(houses.a.id, 'live');
    await list(owner, { catalogId: live, hasError: 'yes' }).expect(400);
    await owner.agent
      .get('/api/lot-upload-rows')
      .query({ filter: JSON.stringify({ catalogId: live }), sort: '["title","ASC"]' })
      .expect(400);
  });

  it("access: accessCalendar is required (403); another house's rows and sessions are 404s and stay as they were", async () => {
    const live = await seedSession(houses.a.id, 'live');
    await upload(owner, live, [['1', '', '', '', 'D', '', '', '']]).expect(400);
    const [r] = await rowsOf(live);
    await list(none, { catalogId: live }).expect(403);
    await none.agent.get(`/api/lot-upload-rows/${r.id}`).expect(403);
    await edit(none, r.id, { lotNumber: '1', lotTitle: 'T', lotDescription: 'D' }).expect(403);
    await remove(none, r.id).expect(403);
    await none.agent.get(`/cps/app/catalog/${live}/lots/upload`).expect(403);
    await none.agent.delete(`/cps/app/catalog/${live}/lots/upload`).set('X-CSRF-Token', none.csrf).expect(403);

    await list(ownerB, { catalogId: live }).expect(404);
    await ownerB.agent.get(`/api/lot-upload-rows/${r.id}`).expect(404);
    await edit(ownerB, r.id, { lotNumber: '1', lotTitle: 'T', lotDescription: 'D' }).expect(404);
    await remove(ownerB, r.id).expect(404);
    await ownerB.agent.get(`/cps/app/catalog/${live}/lots/upload`).expect(404);
    await ownerB.agent.delete(`/cps/app/catalog/${live}/lots/upload`).set('X-CSRF-Token', ownerB.csrf).expect(404);
    const [still] = await rowsOf(live);
    expect(still).toMatchObject({ id: r.id, hasError: true, lotTitle: '' });
    expect((await owner.agent.get(`/api/lot-upload-rows/${r.id}`).expect(200)).body).toMatchObject({ id: r.id, row: 2 });
  });
});
