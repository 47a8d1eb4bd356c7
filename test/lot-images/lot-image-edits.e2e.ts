import sharp from 'sharp';
import request from 'supertest';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { IMAGE_EDIT_TEXT } from '../../src/modules/lots/images/lot-image-edits.service';
import { Lot } from '../../src/modules/lots/lot.entity';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { makePhoto } from '../support/images';
import { createTestApp, TestApp } from '../support/test-app';

// The lot page's image calls (spec 001 "Lot page"): getimageurls, reorderimages, image/delete and
// our image/rotate, over HTTP on the real database and local storage; denial and cross-house 404s.

const DAY = 24 * 3_600_000;

describe('lot image edits (HTTP, real PostgreSQL, local storage)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;
  let catalogId: number;
  let lotId: number;
  let sessionB: number;
  let lotB: number;

  async function seedSession(houseId: number) {
    const em = t.em().fork();
    const group = em.create(AuctionGroup, { house: houseId, groupName: 'g', isLive: true });
    const c = em.create(Catalog, {
      house: houseId,
      group,
      catalogRef: newRef('C'),
      title: 'Images',
      saleType: 'live',
      eventDate: new Date(Date.now() + 5 * DAY),
    });
    const lot = em.create(Lot, {
      house: houseId,
      catalog: c,
      lotRef: newRef('L'),
      title: 'Vase',
      description: 'A vase',
      lotNumber: '7',
      lotExt: 'B',
    });
    await em.flush();
    return { catalogId: c.id, lotId: lot.id };
  }

  /** Sign, PUT and register `7B.{seq}.jpg` for the owner's lot. */
  async function upload(s: SignedIn, houseId: number, catalog: number, seq: number, bytes: Buffer) {
    const slot = (
      await s.agent
        .get('/cps/app/image/signed-urls')
        .query({ numImages: 1, bucket: `/house/${houseId}/catalog/${catalog}` })
        .expect(200)
    ).body.data[0];
    await request(t.server).put(slot.putUrl).set('Content-Type', 'image/jpeg').send(bytes).expect(200);
    const res = await s.agent
      .put(`/cps/app/image/house/${houseId}/catalog/${catalog}?fromDIY=true&doValidation=false`)
      .set('X-CSRF-Token', s.csrf)
      .send([{ imageSeq: String(seq), imageURL: slot.imageUrl, lotNum: '7', lotExt: 'B' }])
      .expect(200);
    expect(res.body.images[0].error).toBeNull();
    return res.body.images[0] as { photoID: number; imageS3URL: string };
  }
  const list = (s: SignedIn, houseId = houses.a.id, catalog = catalogId, label = '7B') =>
    s.agent.get(`/cps/app/catalog/${catalog}/${label}/house/${houseId}/getimageurls`);
  const post = (s: SignedIn, path: string, body: object) => s.agent.post(path).set('X-CSRF-Token', s.csrf).send(body);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
    none = await signIn(t.server, 'house-a', 'none');
    ownerB = await signIn(t.server, 'house-b', 'owner');
    ({ catalogId, lotId } = await seedSession(houses.a.id));
    ({ catalogId: sessionB, lotId: lotB } = await seedSession(houses.b.id));
    for (const seq of [0, 1, 2])
      await upload(owner, houses.a.id, catalogId, seq, await makePhoto(1200 + seq * 100, 1000, 'jpeg', `S${seq}`));
    await upload(ownerB, houses.b.id, sessionB, 0, await makePhoto(1000, 1000));
  }, 120_000);
  afterAll(() => t?.close());

  it("lists the lot's images in sequence order, keyed by lotID", async () => {
    const res = await list(owner).expect(200);
    const images = res.body.data[lotId];
    expect(images.map((i: { sequence: number }) => i.sequence)).toEqual([0, 1, 2]);
    expect(images.map((i: { width: number }) => i.width)).toEqual([1200, 1300, 1400]);
    expect(images[0].imageURL).toMatch(/^\/cps\/app\/image\/file\/\d+\?v=/);
    await list(owner, houses.a.id, catalogId, '99').expect(404);
    await list(owner, houses.a.id, catalogId, 'x-1').expect(404);
  });

  it('reorders: imageOrder maps each new position to its original position', async () => {
    const before = (await list(owner).expect(200)).body.data[lotId] as { photoID: number }[];
    const res = await post(owner, `/cps/app/catalog/${catalogId}/7B/reorderimages`, { imageOrder: [2, 0, 1] }).expect(200);
    expect(res.body.data[lotId].map((i: { photoID: number; sequence: number }) => [i.photoID, i.sequence])).toEqual([
      [before[2].photoID, 0],
      [before[0].photoID, 1],
      [before[1].photoID, 2],
    ]);
    // Back to the first order for the other tests.
    await post(owner, `/cps/app/catalog/${catalogId}/7B/reorderimages`, { imageOrder: [1, 2, 0] }).expect(200);
    const after = (await list(owner).expect(200)).body.data[lotId] as { photoID: number }[];
    expect(after.map((i) => i.photoID)).toEqual(before.map((i) => i.photoID));
  });

  it('refuses an order that is not each image once', async () => {
    for (const imageOrder of [
      [0, 1],
      [0, 0, 1],
      [0, 1, 3],
    ]) {
      const res = await post(owner, `/cps/app/catalog/${catalogId}/7B/reorderimages`, { imageOrder }).expect(400);
      expect(res.body.errors).toEqual({ imageOrder: IMAGE_EDIT_TEXT.badOrder });
    }
    await post(owner, `/cps/app/catalog/${catalogId}/7B/reorderimages`, { imageOrder: 'x' }).expect(400);
  });

  it('rotates 90 degrees: same photoID, new URLs, width and height swapped', async () => {
    const before = (await list(owner).expect(200)).body.data[lotId][1];
    const res = await post(owner, '/cps/app/image/rotate', { catalogID: catalogId, lotID: lotId, sequence: 1, degrees: 90 }).expect(200);
    expect(res.body.data.photoID).toBe(before.photoID);
    expect(res.body.data.imageURL).not.toBe(before.imageURL);
    expect([res.body.data.width, res.body.data.height]).toEqual([before.height, before.width]);
    const file = await owner.agent
      .get(res.body.data.imageURL)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    const meta = await sharp(file.body as Buffer).metadata();
    expect(meta.height! > meta.width!).toBe(true);
    await post(owner, '/cps/app/image/rotate', { catalogID: catalogId, lotID: lotId, sequence: 1, degrees: 45 }).expect(400);
  });

  it('deletes one image; a second delete is a 404', async () => {
    await post(owner, '/cps/app/image/delete', { catalogID: catalogId, lotID: lotId, sequence: 2, imgType: 'lot' }).expect(200);
    const images = (await list(owner).expect(200)).body.data[lotId];
    expect(images.map((i: { sequence: number }) => i.sequence)).toEqual([0, 1]);
    await post(owner, '/cps/app/image/delete', { catalogID: catalogId, lotID: lotId, sequence: 2, imgType: 'lot' }).expect(404);
  });

  it('needs accessCalendar', async () => {
    await list(none).expect(403);
    await post(none, `/cps/app/catalog/${catalogId}/7B/reorderimages`, { imageOrder: [1, 0] }).expect(403);
    await post(none, '/cps/app/image/delete', { catalogID: catalogId, lotID: lotId, sequence: 0 }).expect(403);
    await post(none, '/cps/app/image/rotate', { catalogID: catalogId, lotID: lotId, sequence: 0, degrees: 90 }).expect(403);
    await request(t.server).get(`/cps/app/catalog/${catalogId}/7B/house/${houses.a.id}/getimageurls`).expect(401);
  });

  it("answers 404 for another house's session, lot or image, and changes nothing", async () => {
    await list(owner, houses.b.id, sessionB).expect(404);
    await list(owner, houses.a.id, sessionB).expect(404);
    await list(ownerB, houses.a.id, catalogId).expect(404);
    await post(owner, `/cps/app/catalog/${sessionB}/7B/reorderimages`, { imageOrder: [0] }).expect(404);
    await post(owner, '/cps/app/image/delete', { catalogID: sessionB, lotID: lotB, sequence: 0 }).expect(404);
    await post(owner, '/cps/app/image/delete', { catalogID: catalogId, lotID: lotB, sequence: 0 }).expect(404);
    await post(owner, '/cps/app/image/rotate', { catalogID: sessionB, lotID: lotB, sequence: 0, degrees: 90 }).expect(404);
    expect((await list(ownerB, houses.b.id, sessionB).expect(200)).body.data[lotB]).toHaveLength(1);
  });
});
