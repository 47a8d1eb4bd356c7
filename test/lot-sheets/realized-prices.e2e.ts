import ExcelJS from 'exceljs';
import { CATALOG_FILE_TEXT, csvDocument, LOT_TEXT, REALIZED_TEXT } from '@ar/rules';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { House } from '../../src/modules/houses/house.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

// Edit Realized Prices' calls (spec 001 section 7) over HTTP on the real database: the upload
// (`realized`) answering lots / warnings / errors with each message, `lot/realized`,
// `lots/realized` (all or none), `realized/includePremium`; access, the 45-day rule, online-only
// houses and another house's session.

const DAY = 24 * 3_600_000;
const HEADER = ['Lot Number', 'Extension', 'Realized Price'];

describe('realized prices (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let none: SignedIn;
  let superUser: SignedIn;
  let ownerB: SignedIn;

  /** A session of the house that started `daysAgo` days ago, with lots 1, 2A, 3 and a deleted 4. */
  async function seedSession(houseId: number, daysAgo = 3) {
    const em = t.em().fork();
    const group = em.create(AuctionGroup, { house: houseId, groupName: 'g', isLive: true });
    const c = em.create(Catalog, {
      house: houseId,
      group,
      catalogRef: newRef('C'),
      title: `Fine Art ${daysAgo}`,
      saleType: 'live',
      eventDate: new Date(Date.now() - daysAgo * DAY),
    });
    const lot = (lotNumber: string, lotExt: string | undefined, extra: Partial<Lot> = {}) =>
      em.create(Lot, {
        house: houseId,
        catalog: c,
        lotRef: newRef('L'),
        lotNumber,
        lotExt,
        title: `Lot ${lotNumber}`,
        description: 'D',
        ...extra,
      });
    lot('1', undefined, { invNumber: 'INV-1' });
    lot('2', 'A');
    lot('3', undefined, { hammerCents: 50_000 });
    lot('4', undefined, { status: 'd' });
    await em.flush();
    return c.id;
  }

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
    none = await signIn(t.server, 'house-a', 'none');
    superUser = await signIn(t.server, 'house-a', 'super');
    ownerB = await signIn(t.server, 'house-b', 'owner');
  });
  afterAll(() => t?.close());

  const upload = (s: SignedIn, catalogId: number | string, data: Buffer | null, name = 'prices.csv') => {
    const req = s.agent
      .post('/cps/app/realized')
      .set('X-CSRF-Token', s.csrf)
      .field('csvType', 'realized')
      .field('catalogID', String(catalogId))
      .field('packageID', '');
    return data ? req.attach('fileData', data, name) : req;
  };
  const csv = (rows: string[][], header = HEADER) => Buffer.from(csvDocument(header, rows), 'utf8');
  const saveOne = (s: SignedIn, catalogId: number | string, body: object) =>
    s.agent.post(`/cps/app/catalog/${catalogId}/lot/realized`).set('X-CSRF-Token', s.csrf).send(body);
  const saveMany = (s: SignedIn, catalogId: number | string, body: object) =>
    s.agent.post(`/cps/app/catalog/${catalogId}/lots/realized`).set('X-CSRF-Token', s.csrf).send(body);
  const includePremium = (s: SignedIn, catalogId: number | string, body: object) =>
    s.agent.post(`/cps/app/catalog/${catalogId}/realized/includePremium`).set('X-CSRF-Token', s.csrf).send(body);
  const realized = async (catalogId: number) =>
    (
      await t
        .em()
        .fork()
        .find(Lot, { catalog: catalogId }, { orderBy: { id: 'asc' } })
    ).map((l) => [`${l.lotNumber}${l.lotExt ?? ''}`, l.realizedPriceCents ?? null]);

  it('upload: every row checked against the session, lots answered for the item list, nothing written', async () => {
    const c = await seedSession(houses.a.id);
    const res = await upload(
      owner,
      c,
      csv([
        ['001', '', '$1,250.50'],
        ['2', 'a', '0'],
        ['3', '', '75'],
      ]),
    ).expect(200);
    expect(res.body.errors).toEqual([]);
    expect(res.body.warnings).toEqual([]);
    expect(
      res.body.data.lots.map((l: Record<string, unknown>) => [l.id, l.lotNumber, l.lotExt, l.realizedPrice, l.realizedCents, l.lotTitle]),
    ).toEqual([
      [2, '001', null, '$1,250.50', 125_050, 'Lot 1'],
      [3, '2', 'A', '0', 0, 'Lot 2'],
      [4, '3', null, '75', 7_500, 'Lot 3'],
    ]);
    expect(await realized(c)).toEqual([
      ['1', null],
      ['2A', null],
      ['3', null],
      ['4', null],
    ]);
  });

  it('upload: each message of the spec, with its code, row and field (400, lots still listed)', async () => {
    const c = await seedSession(houses.a.id);
    const res = await upload(
      owner,
      c,
      csv([
        ['1', '', ''],
        ['2', 'A', 'ten'],
        ['3', '', '12.345'],
        ['9', '', '5'],
        ['4', '', '5'],
        ['1x', '', '-1'],
      ]),
    ).expect(400);
    expect(res.body.data.lots).toHaveLength(6);
    expect(res.body.errors.map((e: Record<string, unknown>) => [e.row, e.errorCode, e.field, e.displayMsg])).toEqual([
      [2, 118, 'realizedPrice', REALIZED_TEXT.required],
      [3, 142, 'realizedPrice', REALIZED_TEXT.numeric],
      [4, 142, 'realizedPrice', REALIZED_TEXT.decimals],
      [5, 149, 'lotNumber', REALIZED_TEXT.notInCatalog],
      [6, 149, 'lotNumber', REALIZED_TEXT.notInCatalog], // a deleted lot is not part of the catalog
      [7, 109, 'lotNumber', LOT_TEXT.numberDigits],
      [7, 119, 'realizedPrice', REALIZED_TEXT.negative],
    ]);
    expect(REALIZED_TEXT.required).toBe('Realized price is required. Please use zero for unsold item.');
    expect(REALIZED_TEXT.notInCatalog).toBe('This lot number was not a part of this catalog.');
  });

  it('upload: xlsx through the same reader; a breaking 166 answers no lots; the pre-upload file checks', async () => {
    const c = await seedSession(houses.a.id);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Prices');
    ws.addRow(['Lot #', 'Hammer']);
    ws.addRow([1, 99.5]);
    ws.addRow([3, 0]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const ok = await upload(owner, c, xlsx, 'prices.xlsx').expect(200);
    expect(ok.body.data.lots.map((l: Record<string, unknown>) => l.realizedCents)).toEqual([9_950, 0]);

    const stray = await upload(owner, c, Buffer.from('Lot Number,Realized Price,\n1,5,x\n')).expect(400);
    expect(stray.body.data.lots).toEqual([]);
    expect(stray.body.errors[0]).toMatchObject({ errorCode: 166, referenceMsg: 'C' });

    const noFile = await upload(owner, c, null).expect(400);
    expect(noFile.body.message).toBe(CATALOG_FILE_TEXT.invalidType);
    await upload(owner, c, csv([['1', '', '1']]), 'prices.txt').expect(400);
    const spaces = await upload(owner, c, csv([['1', '', '1']]), 'my prices.csv').expect(400);
    expect(spaces.body.message).toBe(CATALOG_FILE_TEXT.nameCharacters);
  });

  it('lot/realized: one lot saved in integer cents; each message as a field error; zero is passed', async () => {
    const c = await seedSession(houses.a.id);
    const ok = await saveOne(owner, c, { lotNumber: '2', lotExt: 'A', realizedPrice: '19.99', changeUserID: 1 }).expect(200);
    expect(ok.body.data).toMatchObject({ success: true, lot: { lotNumber: '2', lotExt: 'A', realizedCents: 1999 } });
    await saveOne(owner, c, { lotNumber: 3, realizedPrice: 0 }).expect(200);
    expect(await realized(c)).toEqual([
      ['1', null],
      ['2A', 1999],
      ['3', 0],
      ['4', null],
    ]);
    const hammer = await t.em().fork().findOneOrFail(Lot, { catalog: c, lotNumber: '3' });
    expect(hammer.hammerCents).toBe(50_000); // the hammer (invoices) is never touched
    expect(hammer.realizedByUserId).toBe(owner.user.userID);

    const cases: [object, Record<string, string>][] = [
      [{ lotNumber: '1' }, { realizedPrice: REALIZED_TEXT.required }],
      [{ lotNumber: '1', realizedPrice: '' }, { realizedPrice: REALIZED_TEXT.required }],
      [{ lotNumber: '1', realizedPrice: 'abc' }, { realizedPrice: REALIZED_TEXT.numeric }],
      [{ lotNumber: '1', realizedPrice: { a: 1 } }, { realizedPrice: REALIZED_TEXT.numeric }],
      [{ lotNumber: '1', realizedPrice: '1.001' }, { realizedPrice: REALIZED_TEXT.decimals }],
      [{ lotNumber: '1', realizedPrice: '-3' }, { realizedPrice: REALIZED_TEXT.negative }],
      [{ lotNumber: '77', realizedPrice: '3' }, { lotNumber: REALIZED_TEXT.notInCatalog }],
      [{ lotNumber: '2', lotExt: '7', realizedPrice: '3' }, { lotExt: LOT_TEXT.extension }],
    ];
    for (const [body, errors] of cases) {
      const res = await saveOne(owner, c, body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors });
    }
    expect(await realized(c)).toEqual([
      ['1', null],
      ['2A', 1999],
      ['3', 0],
      ['4', null],
    ]);
  });

  it('lots/realized: a bare list, all saved or none (errors keyed by index); by inventory number too', async () => {
    const c = await seedSession(houses.a.id);
    const bad = await saveMany(owner, c, [
      { lotNumber: '1', realizedPrice: '10' },
      { lotNumber: '2', lotExt: 'A', realizedPrice: '1.234' },
      { lotNumber: '8', realizedPrice: '1' },
    ]).expect(400);
    expect(bad.body.errors).toEqual({ '[1].realizedPrice': REALIZED_TEXT.decimals, '[2].lotNumber': REALIZED_TEXT.notInCatalog });
    expect(await realized(c)).toEqual([
      ['1', null],
      ['2A', null],
      ['3', null],
      ['4', null],
    ]);

    const ok = await saveMany(owner, c, [
      { invNumber: 'inv-1', realizedPrice: '10' },
      { lotNumber: '2', lotExt: 'A', realizedPrice: '1,234.5' },
      { lotNumber: '3', realizedPrice: '0' },
    ]).expect(200);
    expect(ok.body).toEqual({ data: { success: true, updated: 3 } });
    expect(await realized(c)).toEqual([
      ['1', 1000],
      ['2A', 123_450],
      ['3', 0],
      ['4', null],
    ]);
    const view = await owner.agent.get(`/cps/app/catalog/${c}/realized`).expect(200);
    expect(view.body.data.lots.map((l: Record<string, unknown>) => l.realizedPriceCents)).toEqual([1000, 123_450, 0]);

    await saveMany(owner, c, { lotNumber: '1', realizedPrice: '1' }).expect(400);
  });

  it('realized/includePremium records the publish answer', async () => {
    const c = await seedSession(houses.a.id);
    const res = await includePremium(owner, c, { includePremium: true }).expect(200);
    expect(res.body.data.includePremium).toBe(true);
    const cat = await t.em().fork().findOneOrFail(Catalog, c);
    expect(cat.realizedIncludePremium).toBe(true);
    expect(cat.realizedPublishedAt).toBeInstanceOf(Date);
    await includePremium(owner, c, { includePremium: false }).expect(200);
    expect((await t.em().fork().findOneOrFail(Catalog, c)).realizedIncludePremium).toBe(false);
    const bad = await includePremium(owner, c, { includePremium: 'yes' }).expect(400);
    expect(bad.body.errors.includePremium).toBeDefined();
  });

  it('45 days: refused to a non-super user after it (403), allowed to a super user', async () => {
    const old = await seedSession(houses.a.id, 46);
    const edge = await seedSession(houses.a.id, 44);
    const file = csv([['1', '', '5']]);
    for (const res of [
      await upload(owner, old, file),
      await saveOne(owner, old, { lotNumber: '1', realizedPrice: '5' }),
      await saveMany(owner, old, [{ lotNumber: '1', realizedPrice: '5' }]),
      await includePremium(owner, old, { includePremium: true }),
      await owner.agent.get(`/cps/app/catalog/${old}/realized`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'EDIT_WINDOW_CLOSED', message: REALIZED_TEXT.tooLate });
    }
    await saveOne(owner, edge, { lotNumber: '1', realizedPrice: '5' }).expect(200);
    await upload(superUser, old, file).expect(200);
    await saveOne(superUser, old, { lotNumber: '1', realizedPrice: '5' }).expect(200);
    expect(await realized(old)).toEqual([
      ['1', 500],
      ['2A', null],
      ['3', null],
      ['4', null],
    ]);

    const future = await seedSession(houses.a.id, -2);
    const early = await saveOne(owner, future, { lotNumber: '1', realizedPrice: '5' }).expect(409);
    expect(early.body.message).toBe(REALIZED_TEXT.notStarted);
  });

  it('online-only house: refused to everyone, super users too', async () => {
    const c = await seedSession(houses.a.id);
    await t.em().fork().nativeUpdate(House, { id: houses.a.id }, { isOnlineOnly: true });
    try {
      for (const s of [owner, superUser]) {
        const res = await saveOne(s, c, { lotNumber: '1', realizedPrice: '5' }).expect(403);
        expect(res.body).toMatchObject({ code: 'ONLINE_ONLY', message: REALIZED_TEXT.onlineOnly });
        await upload(s, c, csv([['1', '', '5']])).expect(403);
        await includePremium(s, c, { includePremium: false }).expect(403);
      }
    } finally {
      await t.em().fork().nativeUpdate(House, { id: houses.a.id }, { isOnlineOnly: false });
    }
    expect(await realized(c)).toEqual([
      ['1', null],
      ['2A', null],
      ['3', null],
      ['4', null],
    ]);
  });

  it("access: accessCalendar is required (403); another house's session is a 404 and nothing is written", async () => {
    const c = await seedSession(houses.a.id);
    const file = csv([['1', '', '5']]);
    await upload(none, c, file).expect(403);
    await saveOne(none, c, { lotNumber: '1', realizedPrice: '5' }).expect(403);
    await saveMany(none, c, [{ lotNumber: '1', realizedPrice: '5' }]).expect(403);
    await includePremium(none, c, { includePremium: true }).expect(403);
    await none.agent.get(`/cps/app/catalog/${c}/realized`).expect(403);

    await upload(ownerB, c, file).expect(404);
    await saveOne(ownerB, c, { lotNumber: '1', realizedPrice: '5' }).expect(404);
    await saveMany(ownerB, c, [{ lotNumber: '1', realizedPrice: '5' }]).expect(404);
    await includePremium(ownerB, c, { includePremium: true }).expect(404);
    await ownerB.agent.get(`/cps/app/catalog/${c}/realized`).expect(404);
    await upload(owner, 'abc', file).expect(404);
    await saveOne(owner, 'abc', { lotNumber: '1', realizedPrice: '5' }).expect(404);
    expect(await realized(c)).toEqual([
      ['1', null],
      ['2A', null],
      ['3', null],
      ['4', null],
    ]);
    expect((await t.em().fork().findOneOrFail(Catalog, c)).realizedIncludePremium).toBeNull();
  });
});
