import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { S3StorageConfig } from '../../src/core/config/app-config';
import { S3FileStorage } from '../../src/core/storage/s3.storage';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { ImageUploadSweepService } from '../../src/modules/lots/images/image-upload-sweep.service';
import { Lot } from '../../src/modules/lots/lot.entity';
import { buildCli, CLI_ENTRY, runCliProcess } from '../support/cli-process';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { makePhoto } from '../support/images';
import { startTestS3, TestS3 } from '../support/s3-server';
import { createTestApp, TestApp } from '../support/test-app';

// The image upload flow with STORAGE_DRIVER=s3 against a real S3-compatible server (s3rver): the
// signing call hands out presigned S3 PUT URLs, the bytes go straight to the bucket over HTTP, and
// the register call reads them back from S3, checks them and stores both sizes there; the upload
// sweep deletes from the bucket what was PUT and never registered.

const DAY = 24 * 3_600_000;

describe('lot images with S3 storage (HTTP, real PostgreSQL, s3rver)', () => {
  let s3: TestS3;
  let t: TestApp;
  let bucket: S3FileStorage;
  let houses: TwoHouses;
  let owner: SignedIn;
  let ownerB: SignedIn;
  let live: number;
  let photo: Buffer;

  const sign = (s: SignedIn, houseId: number, catalogId: number, numImages = 1) =>
    s.agent.get('/cps/app/image/signed-urls').query({ numImages, bucket: `/house/${houseId}/catalog/${catalogId}` });
  const putToS3 = (url: string, bytes: Buffer, type = 'image/jpeg') =>
    fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'Content-Type': type } });
  const register = (s: SignedIn, houseId: number, catalogId: number, body: object[]) =>
    s.agent
      .put(`/cps/app/image/house/${houseId}/catalog/${catalogId}?fromDIY=true&doValidation=false`)
      .set('X-CSRF-Token', s.csrf)
      .send(body);
  const keyOf = (putUrl: string) => decodeURIComponent(new URL(putUrl).pathname.replace(`/${s3.bucket}/`, ''));

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp({ redis: false, env: s3.env });
    bucket = new S3FileStorage(t.runtime.config.storage as S3StorageConfig);
    houses = await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
    ownerB = await signIn(t.server, 'house-b', 'owner');
    const em = t.em().fork();
    const group = em.create(AuctionGroup, { house: houses.a.id, groupName: 'g', isLive: true });
    const c = em.create(Catalog, {
      house: houses.a.id,
      group,
      catalogRef: newRef('C'),
      title: 'live',
      saleType: 'live',
      eventDate: new Date(Date.now() + 5 * DAY),
    });
    for (const lotNumber of ['12', '13'])
      em.create(Lot, { house: houses.a.id, catalog: c, lotRef: newRef('L'), title: 'Vase', description: 'A vase', lotNumber });
    await em.flush();
    live = c.id;
    photo = await makePhoto(2000, 1500);
  });
  afterAll(async () => {
    bucket?.destroy();
    await t?.close();
    await s3?.close();
  });

  it('signs presigned S3 PUT URLs under the session, PUT straight to the bucket, then registers from S3', async () => {
    const res = await sign(owner, houses.a.id, live, 2).expect(200);
    const [slot] = res.body.data as { imageUrl: string; putUrl: string; expiresAt: string }[];
    expect(slot.imageUrl).toMatch(/^\/cps\/app\/image\/upload\/\d+$/);
    expect(slot.putUrl).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/house/${houses.a.id}/catalog/${live}/uploads/[\\w-]+\\?`));
    expect(new URL(slot.putUrl).searchParams.get('X-Amz-Expires')).toBe('3600');

    expect((await putToS3(slot.putUrl, photo)).status).toBe(200);
    expect(await bucket.exists(keyOf(slot.putUrl))).toBe(true);

    const reg = await register(owner, houses.a.id, live, [{ imageSeq: '1', imageURL: slot.imageUrl, lotNum: '12' }]).expect(200);
    const [img] = reg.body.images;
    expect(img).toMatchObject({ error: null, message: null, imageSeq: '1', replaced: false, photoID: expect.any(Number) });

    // Both sizes live in the bucket, and the server serves them from there.
    const [row] = await t
      .em()
      .getConnection()
      .execute(`select original_key, display_key, thumb_key from lot_image where id = ?`, [img.photoID]);
    expect(row.original_key).toBe(keyOf(slot.putUrl));
    for (const key of [row.display_key, row.thumb_key]) expect(await bucket.exists(key)).toBe(true);
    const display = await owner.agent.get(img.imageS3URL).buffer(true).expect(200);
    expect(display.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(display.body as Buffer).metadata()).toMatchObject({ width: 1600, height: 1200 });
    const original = await owner.agent.get(`/cps/app/image/file/${img.photoID}?size=original`).buffer(true).expect(200);
    expect(Buffer.compare(original.body as Buffer, photo)).toBe(0);

    // The slot is recorded as uploaded, as the local signed PUT would have recorded it.
    const [slotRow] = await t
      .em()
      .getConnection()
      .execute(`select uploaded_at, byte_size, content_type from image_upload where id = ?`, [Number(slot.imageUrl.split('/').pop())]);
    expect(slotRow).toMatchObject({ byte_size: photo.length, content_type: 'image/jpeg', uploaded_at: expect.anything() });
  });

  it('sniffs what the client sent: a PNG sent as image/jpeg is stored as PNG; text is refused (type)', async () => {
    const [pngSlot, textSlot] = (await sign(owner, houses.a.id, live, 2).expect(200)).body.data;
    expect((await putToS3(pngSlot.putUrl, await makePhoto(1000, 1000, 'png'), 'image/jpeg')).status).toBe(200);
    expect((await putToS3(textSlot.putUrl, Buffer.from('<html>not an image</html>'), 'text/html')).status).toBe(200);
    const res = await register(owner, houses.a.id, live, [
      { imageSeq: '2', imageURL: pngSlot.imageUrl, lotNum: '12' },
      { imageSeq: '3', imageURL: textSlot.imageUrl, lotNum: '12' },
    ]).expect(200);
    expect(res.body.images.map((i: { error: string | null }) => i.error)).toEqual([null, 'type']);
    expect((await bucket.get(keyOf(pngSlot.putUrl)))?.contentType).toBe('image/png');
    const original = await owner.agent.get(`/cps/app/image/file/${res.body.images[0].photoID}?size=original`).expect(200);
    expect(original.headers['content-type']).toBe('image/png');
  });

  it('answers default for a slot never PUT, and for a slot of another house', async () => {
    const [unsent, mine] = (await sign(owner, houses.a.id, live, 2).expect(200)).body.data;
    expect((await putToS3(mine.putUrl, photo)).status).toBe(200);
    const res = await register(owner, houses.a.id, live, [{ imageSeq: '4', imageURL: unsent.imageUrl, lotNum: '13' }]).expect(200);
    expect(res.body.images[0]).toMatchObject({ error: 'default', photoID: null });
    // House B names house A's uploaded slot in its own session path: 404 for the session, nothing read.
    await register(ownerB, houses.a.id, live, [{ imageSeq: '4', imageURL: mine.imageUrl, lotNum: '13' }]).expect(404);
    await sign(ownerB, houses.a.id, live).expect(404);
  });

  it('refuses an object over 10 MB in the bucket (size) without reading it', async () => {
    const [slot] = (await sign(owner, houses.a.id, live).expect(200)).body.data;
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10_485_760)]);
    expect((await putToS3(slot.putUrl, big)).status).toBe(200);
    const res = await register(owner, houses.a.id, live, [{ imageSeq: '5', imageURL: slot.imageUrl, lotNum: '13' }]).expect(200);
    expect(res.body.images[0]).toMatchObject({ error: 'size', message: 'Exceeds maximum file size (10 MB)' });
  });

  it('the sweep deletes from the bucket an object PUT straight to S3 and never registered, a day past its link', async () => {
    const [stray, kept] = (await sign(owner, houses.a.id, live, 2).expect(200)).body.data;
    for (const s of [stray, kept]) expect((await putToS3(s.putUrl, photo)).status).toBe(200);
    expect(
      (await register(owner, houses.a.id, live, [{ imageSeq: '8', imageURL: kept.imageUrl, lotNum: '13' }]).expect(200)).body.images[0]
        .error,
    ).toBeNull();
    const ids = [stray, kept].map((s: { imageUrl: string }) => Number(s.imageUrl.split('/').pop()));
    await t.em().getConnection().execute(`update image_upload set expires_at = now() - interval '25 hours' where id in (?, ?)`, ids);
    // Only the stray one: the earlier tests' slots expire an hour from now, far from the grace.
    expect(await t.app.get(ImageUploadSweepService).sweep()).toEqual({ slots: 1, failed: 0 });
    expect(await bucket.exists(keyOf(stray.putUrl))).toBe(false);
    expect(await bucket.exists(keyOf(kept.putUrl))).toBe(true);
  });

  it('the CLI folder import stores into the same bucket and exits when done', async () => {
    await buildCli();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-s3-cli-'));
    try {
      fs.writeFileSync(path.join(dir, '13.7.jpg'), photo);
      const out = await runCliProcess(CLI_ENTRY, ['import-images', '--catalog', String(live), dir], t.db.url, {
        timeoutMs: 90_000,
        env: s3.env,
      });
      expect(out.code).toBe(0);
      const [row] = await t
        .em()
        .getConnection()
        .execute(
          `select i.original_key, i.display_key from lot_image i join lot l on l.id = i.lot_id where l.catalog_id = ? and l.lot_number = '13' and i.sequence = 7`,
          [live],
        );
      for (const key of [row.original_key, row.display_key]) expect(await bucket.exists(key)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
