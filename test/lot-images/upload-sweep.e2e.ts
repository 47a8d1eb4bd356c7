import request from 'supertest';
import { FILE_STORAGE, FileStorage } from '../../src/core/storage/file-storage';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { ImageUploadSweepService } from '../../src/modules/lots/images/image-upload-sweep.service';
import { ImageUploadSweepTasks } from '../../src/modules/lots/images/image-upload-sweep.tasks';
import { Lot } from '../../src/modules/lots/lot.entity';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { makePhoto } from '../support/images';
import { createTestApp, TestApp } from '../support/test-app';

// The hourly upload sweep on the real database and local storage: slots whose link expired more
// than a day ago and that no image registered go with their bytes; a fresh unregistered upload and
// a registered image stay. Run as the scheduler runs it (once per cluster, as a job). The same
// sweep on S3: test/storage/lot-images-s3.e2e.ts.

const HOUR = 3_600_000;

describe('image upload sweep (real PostgreSQL, local storage, jobs in-process)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let catalogId: number;
  let storage: FileStorage;

  const sql = <T extends Record<string, unknown>[]>(q: string, params: unknown[] = []) => t.em().getConnection().execute<T>(q, params);
  const idOf = (imageUrl: string) => Number(imageUrl.split('/').pop());
  const keyOf = async (imageUrl: string) =>
    (await sql<{ storage_key: string }[]>(`select storage_key from image_upload where id = ?`, [idOf(imageUrl)]))[0]?.storage_key;
  const slotExists = async (imageUrl: string) =>
    (await sql<{ one: number }[]>(`select 1 as one from image_upload where id = ?`, [idOf(imageUrl)])).length > 0;
  const register = (imageURL: string) =>
    owner.agent
      .put(`/cps/app/image/house/${houses.a.id}/catalog/${catalogId}?fromDIY=true&doValidation=false`)
      .set('X-CSRF-Token', owner.csrf)
      .send([{ imageSeq: '0', imageURL, lotNum: '12' }])
      .expect(200);
  /** Moves a slot's link expiry `hours` into the past (and its creation and upload with it). */
  const age = (imageUrl: string, hours: number) =>
    sql(
      `update image_upload set expires_at = now() - make_interval(secs => ?), created_at = now() - make_interval(secs => ?),
         uploaded_at = case when uploaded_at is null then null else now() - make_interval(secs => ?) end where id = ?`,
      [(hours * HOUR) / 1000, ((hours + 1) * HOUR) / 1000, ((hours + 1) * HOUR) / 1000, idOf(imageUrl)],
    );

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    storage = t.app.get(FILE_STORAGE);
    houses = await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
    const em = t.em().fork();
    const group = em.create(AuctionGroup, { house: houses.a.id, groupName: 'g', isLive: true });
    const c = em.create(Catalog, {
      house: houses.a.id,
      group,
      catalogRef: newRef('C'),
      title: 'Sweep',
      saleType: 'live',
      eventDate: new Date(Date.now() + 5 * 24 * HOUR),
    });
    em.create(Lot, { house: houses.a.id, catalog: c, lotRef: newRef('L'), title: 'Vase', description: 'A vase', lotNumber: '12' });
    await em.flush();
    catalogId = c.id;
  });
  afterAll(() => t?.close());

  it('removes old unregistered uploads and unused links (rows and files), keeps fresh and registered ones', async () => {
    const photo = await makePhoto(1200, 1000);
    const signed = await owner.agent
      .get('/cps/app/image/signed-urls')
      .query({ numImages: 4, bucket: `/house/${houses.a.id}/catalog/${catalogId}` })
      .expect(200);
    const [oldPut, oldUnused, freshPut, registered] = signed.body.data as { imageUrl: string; putUrl: string }[];
    for (const s of [oldPut, freshPut, registered])
      await request(t.server).put(s.putUrl).set('Content-Type', 'image/jpeg').send(photo).expect(200);
    const reg = await register(registered.imageUrl);
    expect(reg.body.images[0].error).toBeNull();
    const photoId = reg.body.images[0].photoID as number;

    // Expired 25 hours ago: past the 24-hour grace. The fresh upload expired 23 hours ago: within it.
    await Promise.all([age(oldPut.imageUrl, 25), age(oldUnused.imageUrl, 25), age(registered.imageUrl, 25), age(freshPut.imageUrl, 23)]);
    const keys = {
      oldPut: await keyOf(oldPut.imageUrl),
      freshPut: await keyOf(freshPut.imageUrl),
      registered: await keyOf(registered.imageUrl),
    };
    expect(await storage.exists(keys.oldPut)).toBe(true);

    // Past the grace the register call refuses the slot too (the same cut-off as the sweep's).
    const late = await register(oldPut.imageUrl);
    expect(late.body.images[0].error).toBe('default');

    // The scheduler's way: the hourly task enqueues once per cluster (a second instance's call is a no-op).
    const tasks = t.app.get(ImageUploadSweepTasks);
    await Promise.all([tasks.hourly(), tasks.hourly()]);
    const runs = () => sql<{ status: string; result: unknown }[]>(`select status, result from job_run where name = 'image-upload-sweep'`);
    const deadline = Date.now() + 20_000;
    while ((await runs()).some((r) => r.status !== 'completed') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await runs()).toEqual([{ status: 'completed', result: { slots: 2, failed: 0 } }]);

    expect(await slotExists(oldPut.imageUrl)).toBe(false);
    expect(await slotExists(oldUnused.imageUrl)).toBe(false);
    expect(await storage.exists(keys.oldPut)).toBe(false);
    expect(await slotExists(freshPut.imageUrl)).toBe(true);
    expect(await storage.exists(keys.freshPut)).toBe(true);
    expect(await slotExists(registered.imageUrl)).toBe(true);
    expect(await storage.exists(keys.registered)).toBe(true);
    await owner.agent.get(`/cps/app/image/file/${photoId}?size=original`).expect(200);
    await owner.agent.get(`/cps/app/image/file/${photoId}`).expect(200);

    // Idempotent: nothing left to do.
    expect(await t.app.get(ImageUploadSweepService).sweep()).toEqual({ slots: 0, failed: 0 });
  });

  it('sweeps the slot of an image replaced since (its original is gone with the old image)', async () => {
    const photo = await makePhoto(1100, 1000, 'jpeg', 'R');
    const signed = await owner.agent
      .get('/cps/app/image/signed-urls')
      .query({ numImages: 1, bucket: `/house/${houses.a.id}/catalog/${catalogId}` })
      .expect(200);
    const [slot] = signed.body.data as { imageUrl: string; putUrl: string }[];
    await request(t.server).put(slot.putUrl).set('Content-Type', 'image/jpeg').send(photo).expect(200);
    // Lot 12 sequence 0 again: replaces the first test's image, whose slot no image names any more.
    expect((await register(slot.imageUrl)).body.images[0].replaced).toBe(true);
    const result = await t.app.get(ImageUploadSweepService).sweep();
    expect(result).toEqual({ slots: 1, failed: 0 });
    expect(await slotExists(slot.imageUrl)).toBe(true);
  });
});
