import { csvDocument } from '@ar/rules';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';
import { SHEET_CONSIGNOR_CODE, SHEET_CONSIGNOR_TEXT } from '../../src/modules/lots/spreadsheets/sheet-consignors';
import { Consignor } from '../../src/modules/settlements/consignors/consignor.entity';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

// The Standard sheet's Consignor column over HTTP: the upload checks it, lots/update sets
// lot.consignor_id from the house's consignor by name or email, refuses an unknown one (and
// another house's, which is unknown here), and a blank cell keeps the lot's consignor.

describe('lot spreadsheets: Consignor column (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let catalogId: number;
  let dana: number;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
    const em = t.em().fork();
    const group = em.create(AuctionGroup, { house: houses.a.id, groupName: 'g', isLive: true });
    const c = em.create(Catalog, {
      house: houses.a.id,
      group,
      catalogRef: newRef('C'),
      title: 'timed',
      saleType: 'timed',
      eventDate: new Date(Date.now() + 5 * 86_400_000),
    });
    const d = em.create(Consignor, { houseId: houses.a.id, name: 'Dana Dale', email: 'dana@example.com' });
    em.create(Consignor, { houseId: houses.b.id, name: 'Bea Other', email: 'bea@example.com' });
    await em.flush();
    catalogId = c.id;
    dana = d.id;
  });
  afterAll(() => t?.close());

  const lot = (n: string, consignor?: string) => ({ lotNumber: n, lotTitle: `Lot ${n}`, lotDescription: 'A thing.', consignor });
  const save = (lots: object[]) =>
    owner.agent.post(`/cps/app/catalog/${catalogId}/lots/update`).set('X-CSRF-Token', owner.csrf).send({ lots });
  const consignorOf = async (n: string) => (await t.em().fork().findOneOrFail(Lot, { catalog: catalogId, lotNumber: n })).consignorId;

  it('the upload reads the column and marks an unknown consignor by row', async () => {
    const csv = csvDocument(
      ['Lot Number', 'Title', 'Description', 'consignor'],
      [
        ['1', 'Teapot', 'Silver.', 'DANA@example.com'],
        ['2', 'Vase', 'Glass.', 'Bea Other'],
      ],
    );
    const res = await owner.agent
      .post('/cps/app/spreadsheet/csv/artfact?version=v2')
      .set('X-CSRF-Token', owner.csrf)
      .field('csvType', 'standard')
      .field('catalogID', String(catalogId))
      .attach('fileData', Buffer.from(csv, 'utf8'), 'lots.csv')
      .expect(400);
    expect(res.body.data.lots[0]).toMatchObject({ lotNumber: '1', consignor: 'DANA@example.com' });
    expect(res.body.errors).toEqual([
      expect.objectContaining({ errorCode: SHEET_CONSIGNOR_CODE, row: 3, displayMsg: SHEET_CONSIGNOR_TEXT.unknown('Bea Other') }),
    ]);
  });

  it("lots/update sets consignor_id by name or email; another house's or an unknown consignor is refused, nothing written", async () => {
    const other = await save([lot('1', 'Dana Dale'), lot('2', 'bea@example.com')]).expect(400);
    expect(other.body.errors).toEqual([
      expect.objectContaining({ errorCode: SHEET_CONSIGNOR_CODE, row: 3, displayMsg: SHEET_CONSIGNOR_TEXT.unknown('bea@example.com') }),
    ]);
    await save([lot('1', 'Nobody')]).expect(400);
    expect(await t.em().fork().count(Lot, { catalog: catalogId })).toBe(0);

    const ok = await save([lot('1', ' dana dale '), lot('2', 'DANA@example.com'), lot('3')]).expect(200);
    expect(ok.body.data).toMatchObject({ success: true, created: 3 });
    expect([await consignorOf('1'), await consignorOf('2'), await consignorOf('3')]).toEqual([dana, dana, null]);

    // A blank cell on update keeps the consignor the lot has.
    await save([lot('1', '')]).expect(200);
    expect(await consignorOf('1')).toBe(dana);
  });
});
