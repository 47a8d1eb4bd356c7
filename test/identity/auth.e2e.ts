import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';
import { FIXTURE_PASSWORD, seedTwoHouses, signIn, TwoHouses } from '../support/fixtures';

describe('sign-in, session and the shell calls (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;

  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_MAX_FAILURES: '3' } });
    houses = await seedTwoHouses(t.em());
  });
  afterAll(() => t.close());

  it('signs in with house, user name and password, setting an httpOnly SameSite cookie', async () => {
    const res = await request(t.server).post('/api/auth/login').send({ house: 'house-a', username: 'owner', password: FIXTURE_PASSWORD });
    expect(res.status).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/ar_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(res.body.data.csrfToken).toEqual(expect.any(String));
    expect(res.body.data.user).toMatchObject({
      userName: 'owner',
      accessInvoices: true,
      isSuperUser: false,
      houseInfo: { houseRef: houses.a.houseRef, houseUserName: 'house-a' },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it('accepts the house and user name in any case', async () => {
    const res = await request(t.server).post('/api/auth/login').send({ house: 'HOUSE-A', username: 'OWNER', password: FIXTURE_PASSWORD });
    expect(res.status).toBe(200);
  });

  it('answers the same error for an unknown house, an unknown user and a wrong password', async () => {
    const tries = [
      { house: 'nowhere', username: 'owner', password: FIXTURE_PASSWORD },
      { house: 'house-a', username: 'ghost', password: FIXTURE_PASSWORD },
      { house: 'house-a', username: 'none', password: 'wrong-password' },
    ];
    const bodies = [];
    for (const body of tries) {
      const res = await request(t.server).post('/api/auth/login').send(body);
      expect(res.status).toBe(401);
      bodies.push(res.body);
    }
    expect(bodies[0]).toEqual({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid house, user name or password.' });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it('rate limits repeated failures for one account, even with the right password afterwards', async () => {
    for (let i = 0; i < 3; i++) {
      await request(t.server).post('/api/auth/login').send({ house: 'house-a', username: 'accessReports', password: 'nope' }).expect(401);
    }
    const res = await request(t.server)
      .post('/api/auth/login')
      .send({ house: 'house-a', username: 'accessReports', password: FIXTURE_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
  });

  it.each([
    [{ house: 'house-a', username: 'owner' }, 'password'],
    [{ house: '', username: 'owner', password: 'x' }, 'house'],
    [{ house: 'house-a', username: 42, password: 'x' }, 'username'],
  ])('refuses incomplete or mistyped sign-in bodies %j with field errors', async (body, field) => {
    const res = await request(t.server).post('/api/auth/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toEqual(expect.any(String));
  });

  it('refuses unknown fields, malformed JSON and oversized bodies with a clear 4xx', async () => {
    const unknown = await request(t.server).post('/api/auth/login').send({ house: 'a', username: 'b', password: 'c', admin: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('UNKNOWN_FIELDS');
    const malformed = await request(t.server).post('/api/auth/login').set('Content-Type', 'application/json').send('{"house": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ statusCode: 400, code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' });
    const big = await request(t.server)
      .post('/api/auth/login')
      .send({ house: 'x'.repeat(2_000_000), username: 'a', password: 'b' });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('GET /app/house/user answers data.user with houseInfo, and 401 without a session', async () => {
    await request(t.server).get('/app/house/user').expect(401);
    await request(t.server).get('/app/house/user').set('Cookie', 'ar_session=forged').expect(401);
    const { agent } = await signIn(t.server, 'house-a', 'owner');
    const res = await agent.get('/app/house/user').expect(200);
    expect(res.body.data.user).toMatchObject({
      userName: 'owner',
      userRef: expect.any(String),
      userID: expect.any(Number),
      houseInfo: { houseRef: houses.a.houseRef, houseUserName: 'house-a', houseID: houses.a.id, isOnlineOnly: false },
    });
  });

  it('GET superuser/{userRef} answers data.superUser true for internal staff and null otherwise', async () => {
    const sup = await signIn(t.server, 'house-a', 'super');
    const res = await sup.agent.get(`/app/house/${houses.a.houseRef}/superuser/${sup.user.userRef}`).expect(200);
    expect(res.body).toEqual({ data: { superUser: true } });
    const owner = await signIn(t.server, 'house-a', 'owner');
    const res2 = await owner.agent.get(`/app/house/${houses.a.houseRef}/superuser/${owner.user.userRef}`).expect(200);
    expect(res2.body).toEqual({ data: { superUser: null } });
  });

  it('GET paymentProcessorType answers data["processor-type"]', async () => {
    const { agent } = await signIn(t.server, 'house-a', 'owner');
    const res = await agent.get(`/app/house/${houses.a.houseRef}/paymentProcessorType`).expect(200);
    expect(res.body).toEqual({ data: { 'processor-type': 'p' } });
  });

  it('logout needs the CSRF token, ends the session server-side and clears the cookie', async () => {
    const { agent, csrf } = await signIn(t.server, 'house-a', 'owner');
    const forged = await agent.post('/api/auth/logout').set('X-CSRF-Token', 'forged');
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('CSRF_TOKEN_INVALID');
    await agent.get('/app/house/user').expect(200);
    await agent.post('/api/auth/logout').set('X-CSRF-Token', csrf).expect(204);
    await agent.get('/app/house/user').expect(401);
  });

  it('GET /api/auth/session returns the user and the CSRF token for a reloaded page', async () => {
    const { agent, csrf } = await signIn(t.server, 'house-a', 'owner');
    const res = await agent.get('/api/auth/session').expect(200);
    expect(res.body.data.csrfToken).toBe(csrf);
    expect(res.body.data.user.userName).toBe('owner');
  });

  it('sessions are stored server-side: a second instance on the same database accepts the cookie', async () => {
    const second = await createTestApp({ database: t.db });
    try {
      const { agent } = await signIn(t.server, 'house-a', 'owner');
      const cookie = (await agent.get('/app/house/user')).request.cookies;
      const res = await request(second.server).get('/app/house/user').set('Cookie', cookie);
      expect(res.status).toBe(200);
      expect(res.body.data.user.userName).toBe('owner');
    } finally {
      await second.close();
    }
  });

  it('health answers without a session', async () => {
    const res = await request(t.server).get('/api/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('unknown API paths answer a JSON 404, never the admin page', async () => {
    const res = await request(t.server).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    const app = await request(t.server).get('/app/house/whatever/unknown');
    expect(app.status).toBe(404);
    expect(app.headers['content-type']).toMatch(/json/);
  });
});
