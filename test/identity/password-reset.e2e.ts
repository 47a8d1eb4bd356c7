import request from 'supertest';
import { FORGOT_PASSWORD_TEXT, PASSWORD_TEXT, RESET_PASSWORD_TEXT } from '@ar/rules';
import { IdentityTasks } from '../../src/modules/houses/identity/identity.tasks';
import { signResetToken } from '../../src/modules/houses/identity/password-reset/reset-link';
import { FIXTURE_PASSWORD, seedTwoHouses, signIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { untilSessionCached, withNotificationsHeld } from '../support/session-cache';

// Forgot and reset password over HTTP on the real app, PostgreSQL and queue: the spec's messages,
// one answer whatever matched, signed expiring single-use links, sessions ended, throttle, tenancy.
// Mail stays in the outbox here (no SMTP_URL); the browser spec reads it from a real SMTP server.

const SECRET = 'e2e-reset-link-secret';
const PUBLIC_URL = 'https://backoffice.example';
const STRONG = 'Lantern-Quartz-Meadow-81';
const FAILED = 'There was a problem submitting your request. This was most likely caused by clicking on an expired link.';

describe('password reset (forgotPassword, resetPassword)', () => {
  let t: TestApp;
  let houses: TwoHouses;

  beforeAll(async () => {
    t = await createTestApp({
      redis: false,
      env: { RESET_LINK_SECRET: SECRET, PUBLIC_URL, LOGIN_MAX_FAILURES: '3', RESET_LINK_MINUTES: '60' },
    });
    houses = await seedTwoHouses(t.em());
    const conn = t.em().getConnection();
    await conn.execute(`update staff_user set email = 'owner@house-a.example' where house_id = ? and user_name = 'owner'`, [houses.a.id]);
    await conn.execute(`update staff_user set email = 'none@house-a.example' where house_id = ? and user_name = 'none'`, [houses.a.id]);
    await conn.execute(`update staff_user set email = 'owner@house-b.example' where house_id = ? and user_name = 'owner'`, [houses.b.id]);
  });
  afterAll(async () => {
    await t?.close();
  });
  // Each test starts with fresh reset counters (every request here comes from one address).
  beforeEach(async () => {
    await t.em().getConnection().execute(`delete from login_throttle where key like 'pr:%'`);
  });

  const forgot = (body: Record<string, unknown>) => request(t.server).post('/app/house/user/forgotPassword').send(body);
  const reset = (jwt: unknown, newPassword: unknown) => request(t.server).post('/app/house/user/resetPassword').send({ jwt, newPassword });
  const resetMails = async (to?: string) =>
    (
      await t
        .em()
        .getConnection()
        .execute<{ id: number; house_id: number; to_address: string; text_body: string; html_body: string }[]>(
          `select id, house_id, to_address, text_body, html_body from mail_outbox where kind = 'password.reset' ${to ? 'and to_address = ?' : ''} order by id`,
          to ? [to] : [],
        )
    ).map((m) => ({ ...m, link: /(\S+\/ar\/password-reset\?jwt=\S+)/.exec(m.text_body)?.[1] ?? null }));
  /** Requests a link for house A's owner and returns its jwt. */
  const newLink = async (house = 'house-a', userName = 'owner', email = 'owner@house-a.example') => {
    const before = (await resetMails(email)).length;
    await forgot({ houseUserName: house, userName, emailAddress: email, domain: 'evil.example' }).expect(200);
    const mails = await resetMails(email);
    expect(mails).toHaveLength(before + 1);
    return new URL(mails[mails.length - 1].link!).searchParams.get('jwt')!;
  };

  describe('forgotPassword', () => {
    it('needs House, Username and Email, with the spec messages (missing or blank)', async () => {
      const missing = await forgot({}).expect(400);
      expect(missing.body.errors).toEqual({
        houseUserName: 'House Name is a required field',
        userName: 'Username is a required field',
        emailAddress: 'Email is a required field',
      });
      const empty = await forgot({ houseUserName: '', userName: '', emailAddress: '' }).expect(400);
      expect(empty.body.errors).toEqual(missing.body.errors);
      const blank = await forgot({ houseUserName: '  ', userName: 'owner', emailAddress: 'owner@house-a.example' }).expect(400);
      expect(blank.body.errors).toEqual({ houseUserName: 'House Name is a required field' });
      expect(await resetMails()).toHaveLength(0);
    });

    it('answers the same check-your-email message whether or not anything matched, and mails only on a match', async () => {
      const tries = [
        { houseUserName: 'no-such-house', userName: 'owner', emailAddress: 'owner@house-a.example' },
        { houseUserName: 'house-a', userName: 'nobody', emailAddress: 'owner@house-a.example' },
        { houseUserName: 'house-a', userName: 'owner', emailAddress: 'someone@else.example' },
        { houseUserName: 'house-a', userName: 'accessInvoices', emailAddress: 'accessInvoices@house-a.example' }, // no email on file
      ];
      const answers = [];
      for (const body of tries) answers.push((await forgot(body).expect(200)).body);
      expect(await resetMails()).toHaveLength(0);
      const hit = await forgot({
        houseUserName: 'HOUSE-A',
        userName: ' Owner ',
        emailAddress: 'OWNER@house-a.example',
        domain: 'x',
      }).expect(200);
      for (const a of answers) expect(a).toEqual(hit.body);
      expect(hit.body).toEqual({ data: { success: true, message: FORGOT_PASSWORD_TEXT.checkEmail } });

      const [mail] = await resetMails();
      expect(mail).toMatchObject({ house_id: houses.a.id, to_address: 'owner@house-a.example' });
      // The link points at PUBLIC_URL, never at the `domain` a caller sends.
      expect(mail.link).toMatch(/^https:\/\/backoffice\.example\/ar\/password-reset\?jwt=[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(mail.text_body).toContain('60 minutes');
      expect(mail.html_body).toContain(`href="${mail.link}"`);
    });

    it('an inactive user gets no mail, with the same answer', async () => {
      const conn = t.em().getConnection();
      await conn.execute(`update staff_user set is_active = false where house_id = ? and user_name = 'none'`, [houses.a.id]);
      try {
        const res = await forgot({ houseUserName: 'house-a', userName: 'none', emailAddress: 'none@house-a.example' }).expect(200);
        expect(res.body.data.message).toBe(FORGOT_PASSWORD_TEXT.checkEmail);
        expect(await resetMails('none@house-a.example')).toHaveLength(0);
      } finally {
        await conn.execute(`update staff_user set is_active = true where house_id = ? and user_name = 'none'`, [houses.a.id]);
      }
    });

    it('is throttled per house and user name (429, own counter: sign-in still works), then per address', async () => {
      const body = { houseUserName: 'house-a', userName: 'none', emailAddress: 'wrong@house-a.example' };
      for (let i = 0; i < 3; i++) await forgot(body).expect(200);
      const limited = await forgot(body).expect(429);
      expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', message: FORGOT_PASSWORD_TEXT.rateLimited });
      // By the house found: its houseRef counts as the same house.
      await forgot({ ...body, houseUserName: houses.a.houseRef }).expect(429);
      // Another user is not limited; sign-in is not either.
      await forgot({ ...body, userName: 'owner' }).expect(200);
      await signIn(t.server, 'house-a', 'none');
      // The address: 10x the allowance in all.
      for (let i = 0; i < 25; i++) await forgot({ ...body, userName: `user${i}` });
      const byAddress = await forgot({ ...body, userName: 'fresh-user' }).expect(429);
      expect(byAddress.body.message).toBe(FORGOT_PASSWORD_TEXT.rateLimited);
    });

    it('tenancy: house B cannot request a link for house A’s user, nor the reverse', async () => {
      await forgot({ houseUserName: 'house-b', userName: 'owner', emailAddress: 'owner@house-a.example' }).expect(200);
      await forgot({ houseUserName: 'house-a', userName: 'owner', emailAddress: 'owner@house-b.example' }).expect(200);
      expect(await resetMails('owner@house-a.example')).toHaveLength(1); // the match of an earlier test only
      expect(await resetMails('owner@house-b.example')).toHaveLength(0);
    });
  });

  describe('resetPassword', () => {
    it('refuses a weak password, the length and character rules, with their messages, and keeps the link usable', async () => {
      const jwt = await newLink();
      const weak = await reset(jwt, 'password123').expect(400);
      expect(weak.body).toMatchObject({ code: 'VALIDATION_FAILED', message: PASSWORD_TEXT.tooWeak });
      expect(weak.body.errors.newPassword).toBe('This is a commonly used password.');
      // The house and user names count against the password.
      const personal = await reset(jwt, 'house-aowner').expect(400);
      expect(personal.body.message).toBe(PASSWORD_TEXT.tooWeak);
      expect((await reset(jwt, 'Ab3-short').expect(400)).body.errors).toEqual({ newPassword: 'Password must be at least 10 characters.' });
      expect((await reset(jwt, `Ab3-${'x'.repeat(47)}`).expect(400)).body.errors).toEqual({
        newPassword: 'Password cannot be more than 50 characters.',
      });
      expect((await reset(jwt, 'Lantern Quartz Meadow').expect(400)).body.errors).toEqual({
        newPassword: 'Passwords can only contain basic Latin characters, numbers, and symbols (*_-!#$%^&*.)',
      });
      expect((await reset(jwt, 'Läntern-Quartz-81').expect(400)).body.errors.newPassword).toBe(PASSWORD_TEXT.badCharacters);
      // Still usable: none of these changed anything.
      await signIn(t.server, 'house-a', 'owner', FIXTURE_PASSWORD);
      await reset(jwt, STRONG).expect(200, { data: { success: true } });
      await reset(jwt, `${STRONG}x`)
        .expect(400)
        .expect((r) => expect(r.body).toMatchObject({ code: 'RESET_LINK_USED', message: FAILED }));
    });

    it('sets the password, ends every session of the user (not others), and the old password stops working', async () => {
      const conn = t.em().getConnection();
      await conn.execute(`update staff_user set email = 'none@house-a.example' where house_id = ? and user_name = 'none'`, [houses.a.id]);
      const mine = await signIn(t.server, 'house-a', 'none');
      const other = await signIn(t.server, 'house-a', 'super');
      await untilSessionCached(t.app, mine.agent, mine.user.userID);
      const jwt = await newLink('house-a', 'none', 'none@house-a.example');
      // Ended at once on this instance, without waiting for the database's notification.
      await withNotificationsHeld(t.app, async () => {
        await reset(jwt, 'Copper-Violin-Harbor-19').expect(200);
        await mine.agent.get('/api/auth/session').expect(401);
        await other.agent.get('/api/auth/session').expect(200);
      });
      await request(t.server).post('/api/auth/login').send({ house: 'house-a', username: 'none', password: FIXTURE_PASSWORD }).expect(401);
      await signIn(t.server, 'house-a', 'none', 'Copper-Violin-Harbor-19');
      const [row] = await conn.execute(`select used_at from password_reset_token order by id desc limit 1`);
      expect(row.used_at).not.toBeNull();
    });

    it('a newer link supersedes the older one; using one ends the others', async () => {
      const first = await newLink('house-b', 'owner', 'owner@house-b.example');
      const second = await newLink('house-b', 'owner', 'owner@house-b.example');
      const old = await reset(first, STRONG).expect(400);
      expect(old.body).toMatchObject({ code: 'RESET_LINK_SUPERSEDED', message: FAILED });
      await reset(second, STRONG).expect(200);
      await reset(second, STRONG)
        .expect(400)
        .expect((r) => expect(r.body.code).toBe('RESET_LINK_USED'));
    });

    it('refuses an expired link: its row past expiry, or a token whose exp has passed', async () => {
      const jwt = await newLink();
      await t
        .em()
        .getConnection()
        .execute(
          `update password_reset_token set expires_at = now() - interval '1 second' where used_at is null and superseded_at is null`,
        );
      expect((await reset(jwt, STRONG).expect(400)).body).toMatchObject({ code: 'RESET_LINK_EXPIRED', message: FAILED });
      const claims = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());
      const past = signResetToken(SECRET, { ...claims, exp: Math.floor(Date.now() / 1000) - 5 });
      expect((await reset(past, STRONG).expect(400)).body.code).toBe('RESET_LINK_EXPIRED');
    });

    it('refuses a tampered, foreign-key or made-up token, and a missing one, changing nothing', async () => {
      const jwt = await newLink();
      const [h, p, s] = jwt.split('.');
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
      // Another house's id in the payload: the signature no longer matches.
      const moved = Buffer.from(JSON.stringify({ ...claims, hid: houses.b.id })).toString('base64url');
      expect((await reset(`${h}.${moved}.${s}`, STRONG).expect(400)).body).toMatchObject({ code: 'RESET_LINK_INVALID', message: FAILED });
      // Signed with another key.
      expect((await reset(signResetToken('not-the-secret', claims), STRONG).expect(400)).body.code).toBe('RESET_LINK_INVALID');
      // Well signed, but the link was never issued (made-up jti), or names the user in another house.
      expect((await reset(signResetToken(SECRET, { ...claims, jti: 'made-up' }), STRONG).expect(400)).body.code).toBe('RESET_LINK_INVALID');
      expect((await reset(signResetToken(SECRET, { ...claims, hid: houses.b.id }), STRONG).expect(400)).body.code).toBe(
        'RESET_LINK_INVALID',
      );
      expect((await reset('not-a-jwt', STRONG).expect(400)).body.code).toBe('RESET_LINK_INVALID');
      const missing = await request(t.server).post('/app/house/user/resetPassword').send({ newPassword: STRONG }).expect(400);
      expect(missing.body.errors.jwt).toBe(RESET_PASSWORD_TEXT.failed);
      const noPassword = await request(t.server).post('/app/house/user/resetPassword').send({ jwt }).expect(400);
      expect(noPassword.body.errors.newPassword).toBe(PASSWORD_TEXT.required);
      // The real link still works: nothing above used it.
      await reset(jwt, 'Tidal-Beacon-Orchard-57').expect(200);
      await signIn(t.server, 'house-a', 'owner', 'Tidal-Beacon-Orchard-57');
    });
  });

  it('the hourly cleanup deletes links expired over a week ago and keeps the rest', async () => {
    await newLink();
    const conn = t.em().getConnection();
    const [{ n: before }] = await conn.execute(`select count(*)::int as n from password_reset_token`);
    const [old] = await conn.execute(`select id from password_reset_token order by id limit 1`);
    await conn.execute(`update password_reset_token set expires_at = now() - interval '8 days' where id = ?`, [old.id]);
    const result = await t.app.get(IdentityTasks).cleanup();
    expect(result).toMatchObject({ expiredResetLinks: 1 });
    const [{ n: after }] = await conn.execute(`select count(*)::int as n from password_reset_token`);
    expect(after).toBe(before - 1);
  });
});
