import request from 'supertest';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ApiTokensService } from '../../src/modules/houses/identity/api-tokens.service';
import { sha256 } from '../../src/modules/houses/identity/secrets';
import { StaffUser } from '../../src/modules/houses/staff-user.entity';
import { seedTwoHouses, signIn, TwoHouses } from '../support/fixtures';
import { ProbeLog, ProbeModule } from '../support/probe.module';
import { createTestApp, TestApp } from '../support/test-app';

const INVALID_TOKEN_BODY = { statusCode: 401, code: 'INVALID_TOKEN', message: 'The API token is invalid or revoked.' };

describe('API tokens (Authorization: Bearer, stored hashed)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let tokens: ApiTokensService;
  let log: ProbeLog;

  /** Runs service code the way a request does: inside a MikroORM request context. */
  const inContext = <T>(fn: (em: EntityManager) => Promise<T>): Promise<T> => {
    const orm = t.app.get(MikroORM);
    return RequestContext.create(orm.em, () => fn(t.app.get(EntityManager)));
  };

  const createToken = (houseId: number, userName: string, name = 'test token') =>
    inContext(async (em) => {
      const user = await em.findOneOrFail(StaffUser, { house: houseId, userName });
      const { token, record } = await tokens.create(user, name);
      return { token, id: record.id };
    });

  beforeAll(async () => {
    t = await createTestApp({ extraModules: [ProbeModule], redis: false });
    houses = await seedTwoHouses(t.em());
    tokens = t.app.get(ApiTokensService);
    log = t.app.get(ProbeLog);
  });
  afterAll(() => t?.close());

  it("GET /app/house/user with the token answers 200 as the token's user, with that user's flags", async () => {
    const { token } = await createToken(houses.a.id, 'accessInvoices');
    expect(token).toMatch(/^art_[A-Za-z0-9_-]{43}$/);
    const res = await request(t.server).get('/app/house/user').set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.body.data.user).toMatchObject({
      userName: 'accessInvoices',
      accessInvoices: true,
      accessReports: false,
      accessSensitive: false,
      isSuperUser: false,
      houseInfo: { houseRef: houses.a.houseRef, houseID: houses.a.id },
    });
    // The flags are enforced for token callers exactly as for sessions.
    const ok = await request(t.server).get('/probe/flag/accessInvoices').set('Authorization', `Bearer ${token}`).expect(200);
    expect(ok.body.data).toMatchObject({ userName: 'accessInvoices', via: 'token' });
    const denied = await request(t.server).get('/probe/flag/accessReports').set('Authorization', `Bearer ${token}`);
    expect({ status: denied.status, body: denied.body.message }).toEqual({
      status: 403,
      body: 'You do not have permissions to view this page. Please contact your system administrator.',
    });
    expect((await request(t.server).get('/probe/super').set('Authorization', `Bearer ${token}`)).status).toBe(403);
  });

  it('accepts the scheme in any case (RFC 9110) and records when the token was last used', async () => {
    const { token, id } = await createToken(houses.a.id, 'none');
    expect((await query('select last_used_at from api_token where id = $1', [id])).rows[0].last_used_at).toBeNull();
    await request(t.server).get('/probe/signed-in').set('Authorization', `bearer ${token}`).expect(200);
    await request(t.server).get('/probe/signed-in').set('Authorization', `BEARER  ${token}`).expect(200);
    const { rows } = await query('select last_used_at from api_token where id = $1', [id]);
    expect(rows[0].last_used_at).not.toBeNull();
  });

  it('writes with a bearer token need no CSRF token (a browser never sends it on its own)', async () => {
    const { token } = await createToken(houses.a.id, 'accessInvoices');
    const before = log.count('flag:accessInvoices');
    const res = await request(t.server).post('/probe/flag/accessInvoices').set('Authorization', `Bearer ${token}`).send({}).expect(200);
    expect(res.body.data).toMatchObject({ method: 'POST', via: 'token' });
    expect(log.count('flag:accessInvoices')).toBe(before + 1);
    // A real write of the product: logout with a token is accepted and ends no session.
    await request(t.server).post('/api/auth/logout').set('Authorization', `Bearer ${token}`).expect(204);
    await request(t.server).get('/app/house/user').set('Authorization', `Bearer ${token}`).expect(200);
  });

  it("a token of house A is confined to house A: house B's houseRef or houseID answers 404", async () => {
    const { token } = await createToken(houses.a.id, 'owner');
    await request(t.server).get(`/probe/house/${houses.a.houseRef}/signed-in`).set('Authorization', `Bearer ${token}`).expect(200);
    expect(
      (await request(t.server).get(`/probe/house/${houses.b.houseRef}/signed-in`).set('Authorization', `Bearer ${token}`)).status,
    ).toBe(404);
    expect((await request(t.server).get(`/probe/house-id/${houses.b.id}/signed-in`).set('Authorization', `Bearer ${token}`)).status).toBe(
      404,
    );
    expect(
      (await request(t.server).get(`/app/house/${houses.b.houseRef}/paymentProcessorType`).set('Authorization', `Bearer ${token}`)).status,
    ).toBe(404);
  });

  it("a revoked token answers 401 INVALID_TOKEN; revoking is scoped to the token's house", async () => {
    const { token, id } = await createToken(houses.a.id, 'owner');
    await request(t.server).get('/app/house/user').set('Authorization', `Bearer ${token}`).expect(200);
    expect(await inContext(() => tokens.revoke(houses.b.id, id))).toBe(false);
    await request(t.server).get('/app/house/user').set('Authorization', `Bearer ${token}`).expect(200);
    expect(await inContext(() => tokens.revoke(houses.a.id, id))).toBe(true);
    const res = await request(t.server).get('/app/house/user').set('Authorization', `Bearer ${token}`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: INVALID_TOKEN_BODY });
    const before = log.count();
    const write = await request(t.server).post('/probe/signed-in').set('Authorization', `Bearer ${token}`).send({});
    expect(write.status).toBe(401);
    expect(log.count()).toBe(before);
  });

  it.each([
    ['an unknown token of the right shape', `art_${'x'.repeat(43)}`],
    ['a token of the wrong shape', 'not-a-token'],
    ['a session cookie value sent as a token', 'Zm9yZ2VkLXNlc3Npb24tdmFsdWUtdGhhdC1sb29rcy1yZWFs'],
    ['an empty token', ''],
    ['a valid-looking prefix only', 'art_'],
  ])('%s answers 401 INVALID_TOKEN', async (_label, token) => {
    const res = await request(t.server).get('/app/house/user').set('Authorization', `Bearer ${token}`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: INVALID_TOKEN_BODY });
  });

  it('an invalid bearer token is refused even next to a valid session cookie (no silent fallback)', async () => {
    const owner = await signIn(t.server, 'house-a', 'owner');
    await owner.agent.get('/app/house/user').expect(200);
    const res = await owner.agent.get('/app/house/user').set('Authorization', `Bearer art_${'y'.repeat(43)}`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: INVALID_TOKEN_BODY });
  });

  it('a token of a deactivated user answers 401 INVALID_TOKEN', async () => {
    const { token } = await createToken(houses.a.id, 'accessCalendar');
    await request(t.server).get('/app/house/user').set('Authorization', `Bearer ${token}`).expect(200);
    await query(`update staff_user set is_active = false where house_id = $1 and user_name = 'accessCalendar'`, [houses.a.id]);
    try {
      const res = await request(t.server).get('/app/house/user').set('Authorization', `Bearer ${token}`);
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: INVALID_TOKEN_BODY });
    } finally {
      await query(`update staff_user set is_active = true where house_id = $1 and user_name = 'accessCalendar'`, [houses.a.id]);
    }
  });

  it('is stored hashed: the plain token appears nowhere in the api_token table', async () => {
    const { token, id } = await createToken(houses.a.id, 'owner', 'stored-hash check');
    const { rows } = await query('select * from api_token where id = $1', [id]);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row.token_hash).toBe(sha256(token));
    expect(row.token_hash).not.toBe(token);
    // Only the short recognisable prefix is kept in clear (12 of 47 characters).
    expect(row.token_prefix).toBe(token.slice(0, 12));
    const secretPart = token.slice(12);
    const whole = JSON.stringify(row);
    expect(whole).not.toContain(token);
    expect(whole).not.toContain(secretPart);
    // Nor in any other column of any row of the table.
    const all = await query(`select count(*)::int as n from api_token t where t::text like '%' || $1 || '%'`, [secretPart]);
    expect(all.rows[0].n).toBe(0);
  });

  /** Plain SQL on the test database, outside the application. */
  async function query(sql: string, params: unknown[] = []) {
    const em = t.em();
    const rows = await em.getConnection().execute(sql.replace(/\$\d+/g, '?'), params);
    return { rows: rows as Record<string, unknown>[] };
  }
});
