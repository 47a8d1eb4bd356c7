import request from 'supertest';
import { SessionCache } from '../../src/modules/houses/identity/session-cache.service';
import { sha256 } from '../../src/modules/houses/identity/secrets';
import { createTestApp, TestApp } from '../support/test-app';
import { FIXTURE_PASSWORD, seedTwoHouses } from '../support/fixtures';
import { sql } from '../support/test-env';
import { waitFor } from '../support/wait-for';
import { withNotificationsHeld } from '../support/session-cache';

/** Two instances on one database, as behind a load balancer: each keeps resolved sessions for a while. */
describe('per-process session cache, invalidated on every instance within moments (HTTP, real PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp({ env: { SESSION_CACHE_SECONDS: '120' } });
    b = await createTestApp({ database: a.db, env: { SESSION_CACHE_SECONDS: '120' } });
    await seedTwoHouses(a.em());
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Signs in on A and makes sure `on` (B unless told) has the session in its cache. */
  async function cachedOn(user: string, on: TestApp = b) {
    const res = await request(a.server).post('/api/auth/login').send({ house: 'house-a', username: user, password: FIXTURE_PASSWORD });
    expect(res.status).toBe(200);
    const token = decodeURIComponent(/ar_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1]);
    const cookie = `ar_session=${token}`;
    const cache = on.app.get(SessionCache);
    await waitFor(
      async () => {
        await request(on.server).get('/app/house/user').set('Cookie', cookie).expect(200);
        return cache.get(sha256(token));
      },
      (p) => p !== undefined,
      `the session cached on ${on === b ? 'B' : 'A'}`,
    );
    return { token, cookie, csrf: res.body.data.csrfToken as string, houseRef: res.body.data.user.houseInfo.houseRef as string };
  }

  /**
   * B answers `status` for `path` within moments: the NOTIFY reaches B's LISTEN connection
   * asynchronously after the writer's commit (milliseconds; a loaded CI machine can lose the race
   * against a request sent the same instant), so "at once" is bounded here at 2 s.
   */
  const answersOnB = (path: string, cookie: string, status: number) =>
    waitFor(
      async () => (await request(b.server).get(path).set('Cookie', cookie)).status,
      (s) => s === status,
      `B answering ${status} for ${path}`,
      2000,
      10,
    );

  it('a logout on A is honoured by B within moments, though B had the session cached', async () => {
    const { cookie, csrf } = await cachedOn('owner');
    await request(a.server).post('/api/auth/logout').set('Cookie', cookie).set('X-CSRF-Token', csrf).expect(204);
    expect(await answersOnB('/app/house/user', cookie, 401)).toBe(401);
  });

  it('a user deactivated or stripped of a flag (any writer, here plain SQL) is refused by B within moments', async () => {
    const reports = await cachedOn('accessReports');
    const invoices = await cachedOn('accessInvoices');
    // A flag-gated call: past the guard an unknown group answers 404; without the flag the guard answers 403.
    const gated = `/app/house/${invoices.houseRef}/invoiceGroup/999999/payment-methods`;
    await request(b.server).get(gated).set('Cookie', invoices.cookie).expect(404);
    await sql(a.db.url, `update staff_user set is_active = false where user_name = 'accessReports'`);
    await answersOnB('/app/house/user', reports.cookie, 401);
    await sql(a.db.url, `update staff_user set access_invoices = false where user_name = 'accessInvoices'`);
    await answersOnB(gated, invoices.cookie, 403);
  });

  it('GET /app/house/user (read without entities) answers exactly the user view sign-in and the session check answer', async () => {
    const { cookie } = await cachedOn('accessSensitive');
    const shell = await request(b.server).get('/app/house/user').set('Cookie', cookie).expect(200);
    const session = await request(b.server).get('/api/auth/session').set('Cookie', cookie).expect(200);
    expect(shell.body.data.user).toEqual(session.body.data.user);
    expect(shell.body.data.user).toMatchObject({ userName: 'accessSensitive', accessSensitive: true, accessInvoices: false });
  });

  it('a session purged or deleted by SQL, or cut short by hand, ends on B within moments', async () => {
    const { token, cookie } = await cachedOn('super');
    await sql(a.db.url, `delete from staff_session where id = $1`, [sha256(token)]);
    await answersOnB('/app/house/user', cookie, 401);
    const other = await cachedOn('super');
    await sql(a.db.url, `update staff_session set expires_at = now() - interval '1 second' where id = $1`, [sha256(other.token)]);
    await answersOnB('/app/house/user', other.cookie, 401);
  });

  it('on the instance that made the change, deactivation and a lost flag hold for the very next request, before any notification arrives', async () => {
    // A reads no notification meanwhile, so only the writer's own forgetting can end the cached
    // sessions (CI once lost this race: the victim's next request beat the notification: 200).
    const admin = await cachedOn('accessSensitive', a);
    const victim = await cachedOn('accessCalendar', a);
    const flagged = await cachedOn('owner', a);
    const gated = `/app/house/${flagged.houseRef}/invoiceGroup/999999/payment-methods`;
    await request(a.server).get(gated).set('Cookie', flagged.cookie).expect(404);
    const idOf = async (user: string) =>
      (
        await sql(a.db.url, `select id from staff_user where user_name = $1 and house_id = (select id from house where house_ref = $2)`, [
          user,
          flagged.houseRef,
        ])
      ).rows[0].id;
    const victimId = await idOf('accessCalendar');
    const flaggedId = await idOf('owner');
    await withNotificationsHeld(a.app, async () => {
      const write = (path: string) => request(a.server).post(path).set('Cookie', admin.cookie).set('X-CSRF-Token', admin.csrf);
      await write(`/api/staff-users/${victimId}/deactivate`).expect(200);
      await request(a.server).get('/app/house/user').set('Cookie', victim.cookie).expect(401);
      await request(a.server)
        .put(`/api/staff-users/${flaggedId}`)
        .set('Cookie', admin.cookie)
        .set('X-CSRF-Token', admin.csrf)
        .send({ accessInvoices: false })
        .expect(200);
      await request(a.server).get(gated).set('Cookie', flagged.cookie).expect(403);
    });
  });
});
