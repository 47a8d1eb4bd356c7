import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';
import { FIXTURE_PASSWORD, seedTwoHouses, signIn } from '../support/fixtures';
import { sql } from '../support/test-env';
import { waitFor } from '../support/wait-for';

const cookieOf = (res: request.Response): string => String(res.headers['set-cookie']);
const tokenIn = (setCookie: string, name: string): string => new RegExp(`${name}=([^;]+)`).exec(setCookie)![1];

describe('session cookie and lifetimes (HTTP, real PostgreSQL)', () => {
  describe('with Secure cookies', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { COOKIE_SECURE: 'true' } });
      await seedTwoHouses(t.em());
    });
    afterAll(() => t.close());

    it('names the cookie __Host-ar_session: Secure, Path=/, no Domain; only that name authenticates', async () => {
      const res = await request(t.server).post('/api/auth/login').send({ house: 'house-a', username: 'owner', password: FIXTURE_PASSWORD });
      expect(res.status).toBe(200);
      const cookie = cookieOf(res);
      expect(cookie).toMatch(/^__Host-ar_session=/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).not.toMatch(/Domain=/i);
      const token = tokenIn(cookie, '__Host-ar_session');
      // The admin's session check goes through the server with the cookie as the browser sends it.
      const session = await request(t.server).get('/api/auth/session').set('Cookie', `__Host-ar_session=${token}`);
      expect(session.status).toBe(200);
      expect(session.body.data.user.userName).toBe('owner');
      await request(t.server).get('/api/auth/session').set('Cookie', `ar_session=${token}`).expect(401);

      const out = await request(t.server)
        .post('/api/auth/logout')
        .set('Cookie', `__Host-ar_session=${token}`)
        .set('X-CSRF-Token', res.body.data.csrfToken);
      expect(out.status).toBe(204);
      expect(cookieOf(out)).toMatch(/^__Host-ar_session=;.*Path=\/.*Secure/);
      await request(t.server).get('/api/auth/session').set('Cookie', `__Host-ar_session=${token}`).expect(401);
    });
  });

  describe('lifetimes', () => {
    let t: TestApp;
    beforeAll(async () => {
      // Cache off: these tests move a session's clock columns back by SQL, which no real change does
      // (a cached session is reused only until its own end, computed from those columns).
      t = await createTestApp({ env: { SESSION_TTL_HOURS: '2', SESSION_MAX_HOURS: '8', SESSION_CACHE_SECONDS: '0' } });
      await seedTwoHouses(t.em());
    });
    afterAll(() => t.close());

    it('keeps the plain ar_session name without Secure, with a max-age of the idle lifetime', async () => {
      const res = await request(t.server).post('/api/auth/login').send({ house: 'house-a', username: 'owner', password: FIXTURE_PASSWORD });
      expect(cookieOf(res)).toMatch(/^ar_session=.*Max-Age=7200;/);
      expect(cookieOf(res)).not.toMatch(/Secure/);
    });

    it('an active session still ends SESSION_MAX_HOURS after sign-in; a fresh sign-in goes on', async () => {
      const old = await signIn(t.server, 'house-a', 'owner');
      const other = await signIn(t.server, 'house-a', 'super');
      await old.agent.get('/app/house/user').expect(200);
      // Signed in 7.5 hours ago and seen a moment ago (so never idle): still inside the 8 hours.
      await sql(
        t.db.url,
        `update staff_session set created_at = now() - interval '7 hours 30 minutes', last_seen_at = now() - interval '2 minutes',
           expires_at = now() + interval '2 hours' where user_id = (select id from staff_user where user_name = 'owner' and house_id = (select id from house where house_user_name = 'house-a'))`,
      );
      await old.agent.get('/app/house/user').expect(200);
      // Touching it never pushes its end past the absolute limit.
      const [row] = (
        await sql(
          t.db.url,
          `select extract(epoch from (s.expires_at - s.created_at))::int as secs from staff_session s join staff_user u on u.id = s.user_id where u.user_name = 'owner' order by s.last_seen_at desc limit 1`,
        )
      ).rows;
      expect(row.secs).toBeLessThanOrEqual(8 * 3600);
      await sql(
        t.db.url,
        `update staff_session set created_at = now() - interval '8 hours 1 minute', expires_at = now() + interval '1 hour'`,
      );
      // A change by hand reaches the session cache by NOTIFY, within moments (asynchronously: the
      // request right after the SQL may be served before it arrives).
      const statusOf = async (agent: typeof old.agent) =>
        waitFor(
          async () => (await agent.get('/app/house/user')).status,
          (status) => status === 401,
          'the session to end',
          2000,
          10,
        );
      expect(await statusOf(old.agent)).toBe(401);
      // Every session signed in that long ago ends; a fresh sign-in works.
      expect(await statusOf(other.agent)).toBe(401);
      await (await signIn(t.server, 'house-a', 'super')).agent.get('/app/house/user').expect(200);
    });
  });
});
