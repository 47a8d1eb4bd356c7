import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { IMAGE_ERROR_TEXT } from '@ar/rules';
import { UrlSigner } from '../../src/core/storage/signed-url';
import { IMAGE_TEXT } from '../../src/modules/lots/images/lot-images.errors';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { makePhoto, makePngBomb } from '../support/images';
import { createTestApp, TestApp } from '../support/test-app';
import { seedSheetSession } from '../lot-sheets/seed-session';

// The image upload step's calls (spec 001 "Image upload (all steps)") over HTTP on the real
// database and the real local storage: sign, the signed PUT, register; every image error the server
// decides, replacing on a repeated name, access, tenancy and the signature's expiry and single use.

describe('lot images (HTTP, real PostgreSQL, local storage)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;
  let live: number;
  let bin: number;
  let sessionB: number;
  let photo: Buffer;

  const sign = (s: SignedIn, houseId: number, catalogId: number, numImages = 1) =>
    s.agent.get('/cps/app/image/signed-urls').query({ numImages, bucket: `/house/${houseId}/catalog/${catalogId}`, nocache: Date.now() });
  const put = (url: string, bytes: Buffer, type = 'image/jpeg') => request(t.server).put(url).set('Content-Type', type).send(bytes);
  const register = (s: SignedIn, houseId: number, catalogId: number, body: object[]) =>
    s.agent
      .put(`/cps/app/image/house/${houseId}/catalog/${catalogId}?fromDIY=true&doValidation=false`)
      .set('X-CSRF-Token', s.csrf)
      .send(body);
  /** Sign, PUT and answer the slot. */
  async function uploaded(bytes: Buffer, catalogId = live) {
    const slot = (await sign(owner, houses.a.id, catalogId).expect(200)).body.data[0];
    await put(slot.putUrl, bytes).expect(200);
    return slot as { imageUrl: string; putUrl: string };
  }
  const imageRows = (catalogId: number): Promise<{ id: number; lot_number: string; sequence: number }[]> =>
    t
      .em()
      .getConnection()
      .execute(
        `select i.id, l.lot_number, i.sequence from lot_image i join lot l on l.id = i.lot_id where l.catalog_id = ? order by i.id`,
        [catalogId],
      );

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
    none = await signIn(t.server, 'house-a', 'none');
    ownerB = await signIn(t.server, 'house-b', 'owner');
    live = await seedSheetSession(t, houses.a.id, 'live', [
      { lotNumber: '12', lotExt: 'A' },
      { lotNumber: '13' },
      { invNumber: 'INV-0042' },
    ]);
    bin = await seedSheetSession(t, houses.a.id, 'bin', [{ lotNumber: '1' }]);
    sessionB = await seedSheetSession(t, houses.b.id, 'live', [{ lotNumber: '12', lotExt: 'A' }]);
    photo = await makePhoto(2000, 1500);
  });
  afterAll(() => t?.close());

  describe('signing', () => {
    it('answers numImages signed, expiring PUT URLs for the bucket', async () => {
      const res = await sign(owner, houses.a.id, live, 3).expect(200);
      expect(res.body.data).toHaveLength(3);
      for (const s of res.body.data) {
        expect(s.imageUrl).toMatch(/^\/cps\/app\/image\/upload\/\d+$/);
        expect(s.putUrl).toMatch(/^\/cps\/app\/image\/upload\/\d+\?method=PUT&expires=\d+&signature=[\w-]+$/);
        expect(new Date(s.expiresAt).getTime()).toBeGreaterThan(Date.now());
      }
    });

    it('refuses a malformed bucket and a numImages out of 1-100', async () => {
      const bad = await owner.agent.get('/cps/app/image/signed-urls').query({ numImages: 1, bucket: 'house/x' }).expect(400);
      expect(bad.body.errors).toEqual({ bucket: IMAGE_TEXT.badBucket });
      await sign(owner, houses.a.id, live, 0).expect(400);
      await sign(owner, houses.a.id, live, 101).expect(400);
    });

    it("answers 404 for another house's bucket or session", async () => {
      await sign(owner, houses.b.id, sessionB).expect(404);
      await sign(owner, houses.a.id, sessionB).expect(404);
      await sign(ownerB, houses.a.id, live).expect(404);
    });

    it('needs accessCalendar and a session', async () => {
      const res = await sign(none, houses.a.id, live).expect(403);
      expect(res.body.message).toMatch(/permissions/);
      await request(t.server).get('/cps/app/image/signed-urls?numImages=1&bucket=x').expect(401);
    });
  });

  describe('the signed PUT', () => {
    it('stores a JPEG once; the same URL again is refused', async () => {
      const slot = (await sign(owner, houses.a.id, live).expect(200)).body.data[0];
      const res = await put(slot.putUrl, photo).expect(200);
      expect(res.body.data).toEqual({ imageUrl: slot.imageUrl, size: photo.length, type: 'image/jpeg', width: 2000, height: 1500 });
      const again = await put(slot.putUrl, photo).expect(403);
      expect(again.body).toMatchObject({ code: 'UPLOAD_LINK_USED', message: IMAGE_TEXT.linkUsed });
    });

    it('refuses a tampered, expired or missing signature, and a signature of another slot', async () => {
      const [a, b] = (await sign(owner, houses.a.id, live, 2).expect(200)).body.data;
      const url = new URL(a.putUrl, 'http://x');
      const tampered = `${url.pathname}?method=PUT&expires=${url.searchParams.get('expires')}&signature=${'A'.repeat(43)}`;
      expect((await put(tampered, photo).expect(403)).body.code).toBe('UPLOAD_LINK_INVALID');
      const later = `${url.pathname}?method=PUT&expires=${Number(url.searchParams.get('expires')) + 60}&signature=${url.searchParams.get('signature')}`;
      await put(later, photo).expect(403);
      await put(url.pathname, photo).expect(403);
      const other = new URL(b.putUrl, 'http://x');
      await put(`${url.pathname}${other.search}`, photo).expect(403);
      // Expired: the slot's key signed by the server's own secret with a time in the past.
      const [row] = await t
        .em()
        .getConnection()
        .execute(`select storage_key from image_upload where id = ?`, [Number(url.pathname.split('/').pop())]);
      const signer = new UrlSigner(t.runtime.config.fileUrlSecret);
      const expired = new URL(signer.sign('PUT', row.storage_key, new Date(Date.now() - 1000)), 'http://x');
      const res = await put(`${url.pathname}${expired.search}`, photo).expect(403);
      expect(res.body).toMatchObject({ code: 'UPLOAD_LINK_INVALID', message: IMAGE_TEXT.linkInvalid });
      // Still unused: the real signature works.
      await put(a.putUrl, photo).expect(200);
    });

    it('sniffs the type: a PNG named .jpg is stored as PNG, a text file sent as image/jpeg is refused', async () => {
      const png = await makePhoto(1000, 1000, 'png');
      const slot = (await sign(owner, houses.a.id, live).expect(200)).body.data[0];
      const res = await put(slot.putUrl, png, 'image/jpeg').expect(200);
      expect(res.body.data).toMatchObject({ type: 'image/png', width: 1000, height: 1000 });
      const slot2 = (await sign(owner, houses.a.id, live).expect(200)).body.data[0];
      const bad = await put(slot2.putUrl, Buffer.from('GIF89a not a jpeg at all')).expect(400);
      expect(bad.body).toMatchObject({ code: 'type', message: IMAGE_ERROR_TEXT.type.title, errors: { file: IMAGE_ERROR_TEXT.type.title } });
      // A refused file leaves the slot usable for a retry with the right file.
      await put(slot2.putUrl, photo).expect(200);
    });

    it('refuses a file under 1000x1000 (pixel), over 10 MB (size) and a decompression bomb (invalidImage)', async () => {
      const [s1, s2, s3] = (await sign(owner, houses.a.id, live, 3).expect(200)).body.data;
      const small = await put(s1.putUrl, await makePhoto(999, 1200)).expect(400);
      expect(small.body).toMatchObject({ code: 'pixel', message: "Doesn't meet minimum image size (1000px x 1000px)" });
      const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10_485_760)]);
      const large = await put(s2.putUrl, big).expect(413);
      expect(large.body).toMatchObject({ code: 'size', message: 'Exceeds maximum file size (10 MB)' });
      const started = Date.now();
      const bomb = await put(s3.putUrl, makePngBomb(), 'image/png').expect(400);
      expect(bomb.body.code).toBe('invalidImage');
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('answers 404 for a malformed or unknown upload id', async () => {
      await put('/cps/app/image/upload/abc?method=PUT&expires=1&signature=x', photo).expect(404);
      await put('/cps/app/image/upload/999999?method=PUT&expires=1&signature=x', photo).expect(403);
    });
  });

  describe('register', () => {
    it('records the image at its lot and sequence, with display and thumbnail sizes', async () => {
      const slot = await uploaded(photo);
      const res = await register(owner, houses.a.id, live, [{ imageSeq: '1', imageURL: slot.imageUrl, lotExt: 'a', lotNum: '012' }]).expect(
        200,
      );
      const [img] = res.body.images;
      expect(img).toMatchObject({ error: null, message: null, imageSeq: '1', replaced: false });
      expect(img.photoID).toEqual(expect.any(Number));
      expect(img.imageS3URL).toMatch(new RegExp(`^/cps/app/image/file/${img.photoID}\\?v=\\w+$`));
      const display = await owner.agent.get(img.imageS3URL).buffer(true).expect(200);
      expect(display.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(display.body as Buffer).metadata()).toMatchObject({ width: 1600, height: 1200, format: 'jpeg' });
      const thumb = await owner.agent.get(img.thumbURL).buffer(true).expect(200);
      expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ width: 320, height: 240 });
      const original = await owner.agent.get(`/cps/app/image/file/${img.photoID}?size=original`).buffer(true).expect(200);
      expect(Buffer.compare(original.body as Buffer, photo)).toBe(0);
      // The summary's count and primary image read the new row.
      const summary = await owner.agent.get(`/cps/app/catalog/${live}/house/${houses.a.id}/primary-imageurls`).expect(200);
      expect(summary.body.data['12A']).toBe(img.imageS3URL);
    });

    it('a repeated name replaces the earlier image: same photo id, no duplicate row, old files gone', async () => {
      const first = await uploaded(await makePhoto(1200, 1200, 'jpeg', 'one'));
      const a = (await register(owner, houses.a.id, live, [{ imageSeq: 2, imageURL: first.imageUrl, lotNum: 13 }]).expect(200)).body
        .images[0];
      const [before] = await t.em().getConnection().execute(`select display_key, thumb_key from lot_image where id = ?`, [a.photoID]);
      const second = await uploaded(await makePhoto(1200, 1200, 'jpeg', 'two'));
      const b = (await register(owner, houses.a.id, live, [{ imageSeq: '2', imageURL: second.imageUrl, lotNum: '13' }]).expect(200)).body
        .images[0];
      expect(b).toMatchObject({ error: null, photoID: a.photoID, replaced: true });
      expect(b.imageS3URL).not.toBe(a.imageS3URL);
      for (const key of [before.display_key, before.thumb_key])
        expect(fs.existsSync(path.join(t.runtime.config.storageDir, key))).toBe(false);
      const rows = (await imageRows(live)).filter((r) => r.lot_number === '13');
      expect(rows).toHaveLength(1);
      // A retry of the same registration changes nothing either.
      await register(owner, houses.a.id, live, [{ imageSeq: '2', imageURL: second.imageUrl, lotNum: '13' }]).expect(200);
      expect((await imageRows(live)).filter((r) => r.lot_number === '13')).toHaveLength(1);
    });

    it('matches by inventory number', async () => {
      const slot = await uploaded(photo);
      const res = await register(owner, houses.a.id, live, [{ imageSeq: '0', imageURL: slot.imageUrl, invNumber: 'inv_42' }]).expect(200);
      expect(res.body.images[0]).toMatchObject({ error: null, invNumber: 'inv_42' });
    });

    it('answers each bad record with its code, in order, and records only the good one', async () => {
      const ok = await uploaded(photo);
      const before = (await imageRows(live)).length;
      const res = await register(owner, houses.a.id, live, [
        { imageSeq: 'x1', imageURL: ok.imageUrl, lotNum: '12', lotExt: 'A' },
        { imageSeq: '1', imageURL: ok.imageUrl, lotNum: '99' },
        { imageSeq: '1', imageURL: ok.imageUrl, invNumber: 'NOPE' },
        { imageSeq: '1', imageURL: '/cps/app/image/upload/999999', lotNum: '12', lotExt: 'A' },
        { imageSeq: '3', imageURL: ok.imageUrl, lotNum: '12', lotExt: 'A' },
      ]).expect(200);
      expect(res.body.images.map((i: { error: string | null; message: string | null }) => [i.error, i.message])).toEqual([
        ['imageSeq', 'Invalid sequence number'],
        ['lotNum', 'Invalid lot numbers'],
        ['invNum', 'Invalid inventory numbers'],
        ['default', 'Unknown error'],
        [null, null],
      ]);
      expect((await imageRows(live)).length).toBe(before + 1);
    });

    it('says "item" for a bin sale', async () => {
      const slot = await uploaded(photo, bin);
      const res = await register(owner, houses.a.id, bin, [{ imageSeq: '0', imageURL: slot.imageUrl, lotNum: '7' }]).expect(200);
      expect(res.body.images[0]).toMatchObject({ error: 'lotNum', message: 'Invalid item numbers' });
    });

    it('refuses a slot signed for another session, and a record list of the wrong shape', async () => {
      const slot = await uploaded(photo, bin);
      const res = await register(owner, houses.a.id, live, [{ imageSeq: '0', imageURL: slot.imageUrl, lotNum: '13' }]).expect(200);
      expect(res.body.images[0].error).toBe('default');
      await register(owner, houses.a.id, live, [{ imageSeq: '0', lotNum: '13' }]).expect(400);
    });

    it('needs accessCalendar', async () => {
      await register(none, houses.a.id, live, []).expect(403);
    });
  });

  describe('tenancy', () => {
    it("house B cannot register to, read from, or register A's uploads", async () => {
      const slot = await uploaded(photo);
      const mine = (await register(owner, houses.a.id, live, [{ imageSeq: '5', imageURL: slot.imageUrl, lotNum: '13' }]).expect(200)).body
        .images[0];
      await register(ownerB, houses.a.id, live, [{ imageSeq: '0', imageURL: slot.imageUrl, lotNum: '12', lotExt: 'A' }]).expect(404);
      await register(ownerB, houses.b.id, live, [{ imageSeq: '0', imageURL: slot.imageUrl, lotNum: '12', lotExt: 'A' }]).expect(404);
      // B's own session, A's upload: the bytes are not B's.
      const res = await register(ownerB, houses.b.id, sessionB, [
        { imageSeq: '0', imageURL: slot.imageUrl, lotNum: '12', lotExt: 'A' },
      ]).expect(200);
      expect(res.body.images[0].error).toBe('default');
      await ownerB.agent.get(mine.imageS3URL).expect(404);
      await ownerB.agent.get(`/cps/app/image/file/${mine.photoID}?size=original`).expect(404);
    });
  });
});
