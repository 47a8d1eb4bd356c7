import request from 'supertest';
import { CONTACT_TYPES, STAFF_USER_TEXT } from '@ar/rules';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { INVALID_CREDENTIALS_TEXT } from '../../src/modules/houses/houses.errors';
import { sha256 } from '../../src/modules/houses/identity/secrets';
import { FIXTURE_PASSWORD, seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

// Users and Permissions over HTTP on the real app and PostgreSQL: every call and message, the
// accessSensitive rule, tenancy, the rules on own flags, super users and the last sensitive user,
// deactivation ending sessions, and the mailed set-password link (the password-reset link, 72 h).

const PUBLIC_URL = 'https://backoffice.example';
const STRONG = 'Lantern-Quartz-Meadow-81';

describe('Users and Permissions (/api/staff-users, /api/house-contacts, contacts call)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let ownerB: SignedIn;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ redis: false, env: { RESET_LINK_SECRET: 'e2e-staff-secret', PUBLIC_URL, INVITE_LINK_HOURS: '72' } });
    houses = await seedTwoHouses(t.em());
    const rows = await t
      .em()
      .getConnection()
      .execute<{ id: number; user_name: string; house_id: number }[]>(`select id, user_name, house_id from staff_user`);
    for (const r of rows) ids[`${r.house_id === houses.a.id ? 'a' : 'b'}:${r.user_name}`] = r.id;
    owner = await signIn(t.server, 'house-a', 'owner');
    ownerB = await signIn(t.server, 'house-b', 'owner');
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (s: SignedIn, path: string, body: object = {}) => s.agent.post(path).set('X-CSRF-Token', s.csrf).send(body);
  const put = (s: SignedIn, path: string, body: object) => s.agent.put(path).set('X-CSRF-Token', s.csrf).send(body);
  const del = (s: SignedIn, path: string) => s.agent.delete(path).set('X-CSRF-Token', s.csrf);
  const inviteMails = (to: string) =>
    t
      .em()
      .getConnection()
      .execute<{ subject: string; text_body: string; html_body: string }[]>(
        `select subject, text_body, html_body from mail_outbox where kind = 'staff.invite' and to_address = ? order by id`,
        [to],
      );
  const jwtOf = (text: string) => new URL(/(\S+\/ar\/password-reset\?jwt=\S+)/.exec(text)![1]).searchParams.get('jwt')!;
  const flagsOf = async (id: number) =>
    (
      await t
        .em()
        .getConnection()
        .execute<{ access_sensitive: boolean; access_reports: boolean; is_super_user: boolean; is_active: boolean }[]>(
          `select access_sensitive, access_reports, is_super_user, is_active from staff_user where id = ?`,
          [id],
        )
    )[0];

  it('every call needs accessSensitive (403 with the permission text), and a session', async () => {
    const calls = [
      ['get', '/api/staff-users'],
      ['get', `/api/staff-users/${ids['a:none']}`],
      ['post', '/api/staff-users'],
      ['put', `/api/staff-users/${ids['a:none']}`],
      ['post', `/api/staff-users/${ids['a:none']}/deactivate`],
      ['post', `/api/staff-users/${ids['a:none']}/reactivate`],
      ['post', `/api/staff-users/${ids['a:none']}/set-password-link`],
      ['get', '/api/house-contacts'],
      ['post', '/api/house-contacts'],
      ['put', '/api/house-contacts/1'],
      ['delete', '/api/house-contacts/1'],
    ] as const;
    for (const name of ['none', 'accessInvoices', 'accessSettlement']) {
      const s = await signIn(t.server, 'house-a', name);
      for (const [method, path] of calls) {
        const res = await s.agent[method](path).set('X-CSRF-Token', s.csrf).send({});
        expect([name, method, path, res.status, res.body.message]).toEqual([name, method, path, 403, PERMISSION_DENIED_TEXT]);
      }
    }
    await request(t.server).get('/api/staff-users').expect(401);
    expect((await flagsOf(ids['a:none'])).is_active).toBe(true);
  });

  it('lists the house’s users only, without password hashes, with search and Content-Range', async () => {
    const res = await owner.agent.get('/api/staff-users').query({ range: '[0,99]' }).expect(200);
    const names = res.body.map((u: { userName: string }) => u.userName);
    expect(names).toContain('owner');
    expect(names).toContain('accessReports');
    expect(res.body).toHaveLength(11);
    expect(res.headers['content-range']).toBe('staff-users 0-10/11');
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    const superRow = res.body.find((u: { userName: string }) => u.userName === 'super');
    expect(superRow).toMatchObject({ isSuperUser: true, accessSensitive: true, isActive: true });
    const q = await owner.agent
      .get('/api/staff-users')
      .query({ filter: JSON.stringify({ q: 'report' }) })
      .expect(200);
    expect(q.body.map((u: { userName: string }) => u.userName)).toEqual(['accessReports']);
    const b = await ownerB.agent.get('/api/staff-users').expect(200);
    expect(b.body.map((u: { userName: string }) => u.userName)).toEqual(['owner']);
  });

  it('cross-house: another house’s user or contact is not found (404) on every call, and nothing changes', async () => {
    const id = ids['a:accessReports'];
    await ownerB.agent.get(`/api/staff-users/${id}`).expect(404);
    await put(ownerB, `/api/staff-users/${id}`, { firstName: 'X', accessReports: false }).expect(404);
    await post(ownerB, `/api/staff-users/${id}/deactivate`).expect(404);
    await post(ownerB, `/api/staff-users/${id}/reactivate`).expect(404);
    await post(ownerB, `/api/staff-users/${id}/set-password-link`).expect(404);
    expect(await flagsOf(id)).toMatchObject({ access_reports: true, is_active: true });
    const contact = await post(owner, '/api/house-contacts', { contactType: 1, firstName: 'Cross', lastName: 'House' }).expect(201);
    await ownerB.agent.get(`/api/house-contacts/${contact.body.id}`).expect(404);
    await put(ownerB, `/api/house-contacts/${contact.body.id}`, { contactType: 1, firstName: 'B', lastName: 'B' }).expect(404);
    await del(ownerB, `/api/house-contacts/${contact.body.id}`).expect(404);
    const wizardB = await ownerB.agent.get(`/cps/app/house/${houses.b.id}/contacts`).expect(200);
    expect(wizardB.body.data.contacttypes['1'].contacts).toEqual([]);
    // The spec call names the house by number: another house's number is 404.
    await ownerB.agent.get(`/cps/app/house/${houses.a.id}/contacts`).expect(404);
    await del(owner, `/api/house-contacts/${contact.body.id}`).expect(200);
  });

  it('adds a user with the form’s messages; the mail carries a 72-hour set-password link, never a password', async () => {
    const empty = await post(owner, '/api/staff-users', {}).expect(400);
    expect(empty.body.errors).toEqual({ userName: STAFF_USER_TEXT.userNameRequired, email: STAFF_USER_TEXT.emailRequired });
    const bad = await post(owner, '/api/staff-users', { userName: 'has space', email: 'x@' }).expect(400);
    expect(bad.body.errors).toEqual({ userName: STAFF_USER_TEXT.userNameFormat, email: STAFF_USER_TEXT.emailInvalid });
    const taken = await post(owner, '/api/staff-users', { userName: 'OWNER', email: 'o@house-a.example' }).expect(400);
    expect(taken.body.errors).toEqual({ userName: STAFF_USER_TEXT.userNameTaken });
    const superUser = await post(owner, '/api/staff-users', { userName: 'sneaky', email: 's@house-a.example', isSuperUser: true }).expect(
      403,
    );
    expect(superUser.body).toMatchObject({ code: 'INTERNAL_STAFF', message: STAFF_USER_TEXT.internalStaff });
    expect(await inviteMails('s@house-a.example')).toHaveLength(0);

    const created = await post(owner, '/api/staff-users', {
      userName: 'ann.lee',
      email: 'ann@house-a.example',
      firstName: 'Ann',
      lastName: 'Lee',
      accessInvoices: true,
      accessConsole: false,
    }).expect(201);
    expect(created.body).toMatchObject({
      userName: 'ann.lee',
      firstName: 'Ann',
      isActive: true,
      isSuperUser: false,
      accessInvoices: true,
      accessConsole: false,
      accessCalendar: true, // the spec's default
      accessSensitive: false,
    });
    const [mail] = await inviteMails('ann@house-a.example');
    expect(mail.subject).toBe('Set your password');
    expect(mail.text_body).toContain('72 hours');
    expect(mail.text_body).toContain(`${PUBLIC_URL}/ar/password-reset?jwt=`);
    expect(mail.text_body).not.toMatch(/^\s*(temporary )?password\s*:/im);
    const [link] = await t
      .em()
      .getConnection()
      .execute<{ hours: number }[]>(
        `select extract(epoch from expires_at - created_at) / 3600 as hours from password_reset_token where user_id = ?`,
        [created.body.id],
      );
    expect(Math.round(Number(link.hours))).toBe(72);

    // No password works until the user sets one through the link.
    const before = await request(t.server)
      .post('/api/auth/login')
      .send({ house: 'house-a', username: 'ann.lee', password: FIXTURE_PASSWORD });
    expect(before.body.message).toBe(INVALID_CREDENTIALS_TEXT);
    await request(t.server)
      .post('/app/house/user/resetPassword')
      .send({ jwt: jwtOf(mail.text_body), newPassword: STRONG })
      .expect(200);
    const ann = await signIn(t.server, 'house-a', 'ann.lee', STRONG);
    expect(ann.user.userRef).toBe(created.body.userRef);
    // The link worked once.
    const again = await request(t.server)
      .post('/app/house/user/resetPassword')
      .send({ jwt: jwtOf(mail.text_body), newPassword: STRONG });
    expect(again.body.code).toBe('RESET_LINK_USED');
    ids['a:ann.lee'] = created.body.id;
  });

  it('a new link can be sent again; the older one stops working', async () => {
    const res = await post(owner, `/api/staff-users/${ids['a:accessReports']}/set-password-link`).expect(400);
    expect(res.body.errors).toEqual({ email: STAFF_USER_TEXT.emailRequired });
    await put(owner, `/api/staff-users/${ids['a:accessReports']}`, { email: 'reports@house-a.example' }).expect(200);
    const sent = await post(owner, `/api/staff-users/${ids['a:accessReports']}/set-password-link`).expect(200);
    expect(sent.body).toEqual({ data: { success: true, message: STAFF_USER_TEXT.inviteSent } });
    await post(owner, `/api/staff-users/${ids['a:accessReports']}/set-password-link`).expect(200);
    const [first, second] = await inviteMails('reports@house-a.example');
    const old = await request(t.server)
      .post('/app/house/user/resetPassword')
      .send({ jwt: jwtOf(first.text_body), newPassword: STRONG });
    expect(old.body.code).toBe('RESET_LINK_SUPERSEDED');
    await request(t.server)
      .post('/app/house/user/resetPassword')
      .send({ jwt: jwtOf(second.text_body), newPassword: STRONG })
      .expect(200);
    await signIn(t.server, 'house-a', 'accessReports', STRONG);
  });

  it('edits names and flags; the user name stays; a super user cannot be made or edited', async () => {
    const id = ids['a:ann.lee'];
    const res = await put(owner, `/api/staff-users/${id}`, {
      id,
      userName: 'renamed',
      firstName: ' Annie ',
      lastName: '',
      accessReports: true,
      accessInvoices: false,
      isActive: false, // read-only fields are ignored
    }).expect(200);
    expect(res.body).toMatchObject({
      userName: 'ann.lee',
      firstName: 'Annie',
      lastName: null,
      accessReports: true,
      accessInvoices: false,
      isActive: true,
    });
    const bad = await put(owner, `/api/staff-users/${id}`, { email: 'nope', firstName: 'x'.repeat(61) }).expect(400);
    expect(bad.body.errors).toEqual({ email: STAFF_USER_TEXT.emailInvalid, firstName: STAFF_USER_TEXT.firstNameTooLong });
    const makeSuper = await put(owner, `/api/staff-users/${id}`, { isSuperUser: true }).expect(403);
    expect(makeSuper.body.code).toBe('INTERNAL_STAFF');
    expect((await flagsOf(id)).is_super_user).toBe(false);
    const editSuper = await put(owner, `/api/staff-users/${ids['a:super']}`, { accessReports: false }).expect(403);
    expect(editSuper.body.message).toBe(STAFF_USER_TEXT.internalStaff);
    expect((await flagsOf(ids['a:super'])).access_reports).toBe(true);
  });

  it('a user cannot raise their own flags (403), may lower them; the last sensitive user keeps accessSensitive (409)', async () => {
    // accessSensitive alone: cannot add Reports to themselves.
    const s = await signIn(t.server, 'house-a', 'accessSensitive');
    const me = ids['a:accessSensitive'];
    const raise = await put(s, `/api/staff-users/${me}`, { accessReports: true }).expect(403);
    expect(raise.body).toMatchObject({ code: 'OWN_FLAGS', message: STAFF_USER_TEXT.ownFlags });
    expect((await flagsOf(me)).access_reports).toBe(false);
    // The owner drops Sensitive (another user keeps it), then accessSensitive is the last one.
    await put(owner, `/api/staff-users/${ids['a:owner']}`, { accessSensitive: false }).expect(200);
    const last = await put(s, `/api/staff-users/${me}`, { accessSensitive: false }).expect(409);
    expect(last.body).toMatchObject({ code: 'LAST_SENSITIVE_USER', message: STAFF_USER_TEXT.lastSensitive });
    // Nor may the internal super user take it from them or deactivate them.
    const sup = await signIn(t.server, 'house-a', 'super');
    expect((await put(sup, `/api/staff-users/${me}`, { accessSensitive: false }).expect(409)).body.code).toBe('LAST_SENSITIVE_USER');
    expect((await post(sup, `/api/staff-users/${me}/deactivate`).expect(409)).body.code).toBe('LAST_SENSITIVE_USER');
    expect(await flagsOf(me)).toMatchObject({ access_sensitive: true, is_active: true });
    // Giving it back to the owner (not their own flags: allowed) lifts the rule.
    await put(s, `/api/staff-users/${ids['a:owner']}`, { accessSensitive: true }).expect(200);
    await put(s, `/api/staff-users/${me}`, { accessSensitive: false, accessConsole: false }).expect(200);
    // The owner's old session sees the new flag at once (sessions read flags live).
    await owner.agent.get('/api/staff-users').expect(200);
    await s.agent.get('/api/staff-users').expect(403);
  });

  it('deactivation ends the user’s sessions at once and refuses sign-in; not oneself; reactivation lets them in again', async () => {
    const id = ids['a:accessCalendar'];
    const victim = await signIn(t.server, 'house-a', 'accessCalendar');
    await victim.agent.get('/api/auth/session').expect(200);
    // An API token acting as the user stops working too.
    const token = 'art_staff-users-e2e-token';
    await t
      .em()
      .getConnection()
      .execute(`insert into api_token (house_id, user_id, name, token_hash, token_prefix) values (?, ?, 'e2e', ?, ?)`, [
        houses.a.id,
        id,
        sha256(token),
        token.slice(0, 12),
      ]);
    await request(t.server).get('/app/house/user').set('Authorization', `Bearer ${token}`).expect(200);
    const self = await post(owner, `/api/staff-users/${ids['a:owner']}/deactivate`).expect(409);
    expect(self.body).toMatchObject({ code: 'DEACTIVATE_SELF', message: STAFF_USER_TEXT.deactivateSelf });

    const res = await post(owner, `/api/staff-users/${id}/deactivate`).expect(200);
    expect(res.body).toMatchObject({ isActive: false });
    expect(res.body.deactivatedAt).toEqual(expect.any(String));
    const sessions = await t.em().getConnection().execute(`select 1 from staff_session where user_id = ?`, [id]);
    expect(sessions).toHaveLength(0);
    const after = await victim.agent.get('/app/house/user');
    expect(after.status).toBe(401);
    await request(t.server).get('/app/house/user').set('Authorization', `Bearer ${token}`).expect(401);
    const login = await request(t.server)
      .post('/api/auth/login')
      .send({ house: 'house-a', username: 'accessCalendar', password: FIXTURE_PASSWORD });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe(INVALID_CREDENTIALS_TEXT);
    const twice = await post(owner, `/api/staff-users/${id}/deactivate`).expect(409);
    expect(twice.body.message).toBe(STAFF_USER_TEXT.alreadyInactive);
    const link = await post(owner, `/api/staff-users/${id}/set-password-link`).expect(409);
    expect(link.body.message).toBe(STAFF_USER_TEXT.inactiveNoInvite);
    const inactiveList = await owner.agent
      .get('/api/staff-users')
      .query({ filter: JSON.stringify({ isActive: false }) })
      .expect(200);
    expect(inactiveList.body.map((u: { userName: string }) => u.userName)).toEqual(['accessCalendar']);

    const back = await post(owner, `/api/staff-users/${id}/reactivate`).expect(200);
    expect(back.body).toMatchObject({ isActive: true, deactivatedAt: null });
    expect((await post(owner, `/api/staff-users/${id}/reactivate`).expect(409)).body.message).toBe(STAFF_USER_TEXT.alreadyActive);
    await signIn(t.server, 'house-a', 'accessCalendar');
  });

  it('contacts of the three types: messages, list, edit, delete, and the wizards’ contacttypes call for any signed-in user', async () => {
    const empty = await post(owner, '/api/house-contacts', {}).expect(400);
    expect(empty.body.errors).toEqual({
      contactType: STAFF_USER_TEXT.contactTypeInvalid,
      firstName: STAFF_USER_TEXT.contactFirstNameRequired,
      lastName: STAFF_USER_TEXT.contactLastNameRequired,
    });
    const wrongType = await post(owner, '/api/house-contacts', { contactType: 2, firstName: 'A', lastName: 'B', email: 'bad' }).expect(400);
    expect(wrongType.body.errors).toEqual({ contactType: STAFF_USER_TEXT.contactTypeInvalid, email: STAFF_USER_TEXT.emailInvalid });

    const made: Record<number, number> = {};
    for (const type of CONTACT_TYPES) {
      const res = await post(owner, '/api/house-contacts', {
        contactType: type.id,
        firstName: 'Pat',
        lastName: type.name,
        email: 'pat@house-a.example',
      }).expect(201);
      expect(res.body).toMatchObject({ contactType: type.id, contactTypeName: type.name, firstName: 'Pat', lastName: type.name });
      made[type.id] = res.body.id;
    }
    const edited = await put(owner, `/api/house-contacts/${made[4]}`, { contactType: 4, firstName: 'Sam', lastName: 'Expert' }).expect(200);
    expect(edited.body).toMatchObject({ firstName: 'Sam', email: null });
    const list = await owner.agent
      .get('/api/house-contacts')
      .query({ filter: JSON.stringify({ contactType: 3 }) })
      .expect(200);
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([made[3]]);
    await del(owner, `/api/house-contacts/${made[1]}`).expect(200);
    await owner.agent.get(`/api/house-contacts/${made[1]}`).expect(404);

    // Any signed-in user (the wizards), no flag needed.
    const none = await signIn(t.server, 'house-a', 'none');
    const wizard = await none.agent.get(`/cps/app/house/${houses.a.id}/contacts`).expect(200);
    expect(wizard.body.data.contacttypes).toEqual({
      '1': { id: 1, name: 'Consignment', contacts: [] },
      '3': { id: 3, name: 'Sale Administrator', contacts: [{ id: made[3], firstname: 'Pat', lastname: 'Sale Administrator' }] },
      '4': { id: 4, name: 'Expert', contacts: [{ id: made[4], firstname: 'Sam', lastname: 'Expert' }] },
    });
    await request(t.server).get(`/cps/app/house/${houses.a.id}/contacts`).expect(401);
  });
});
