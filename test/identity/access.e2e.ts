import request from 'supertest';
import { ACCESS_FLAGS } from '../../src/core/auth/access-flags';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { ProbeLog, ProbeModule } from '../support/probe.module';
import { createTestApp, TestApp } from '../support/test-app';

/** The spec's permission-denied text, word for word. */
const DENIED = 'You do not have permissions to view this page. Please contact your system administrator.';
const FORBIDDEN_BODY = { statusCode: 403, code: 'FORBIDDEN', message: DENIED };
const NOT_FOUND_BODY = { statusCode: 404, code: 'NOT_FOUND', message: 'House not found.' };
const CSRF_BODY = { statusCode: 403, code: 'CSRF_TOKEN_INVALID', message: 'Missing or invalid CSRF token.' };
const UNAUTHENTICATED_BODY = { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please sign in.' };

describe('access guard through the real application (flags, super user, tenancy, CSRF)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let log: ProbeLog;
  /** Signed-in agents of house A by user name (`owner`, `none`, `super`, one per flag), and house B's owner. */
  const as: Record<string, SignedIn> = {};
  let bOwner: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ extraModules: [ProbeModule], redis: false });
    houses = await seedTwoHouses(t.em());
    log = t.app.get(ProbeLog);
    for (const name of ['owner', 'none', 'super', ...ACCESS_FLAGS]) as[name] = await signIn(t.server, 'house-a', name);
    bOwner = await signIn(t.server, 'house-b', 'owner');
  });
  afterAll(() => t?.close());

  const get = (who: SignedIn, path: string) => who.agent.get(path);
  const post = (who: SignedIn, path: string) => who.agent.post(path).set('X-CSRF-Token', who.csrf).send({});

  it('uses the spec text as the permission-denied message', () => {
    expect(PERMISSION_DENIED_TEXT).toBe(DENIED);
  });

  describe.each(ACCESS_FLAGS.map((f) => [f]))('flag %s', (flag) => {
    const path = `/probe/flag/${flag}`;
    const others = ACCESS_FLAGS.filter((f) => f !== flag);

    it('lets the user holding only this flag read and write', async () => {
      const r = await get(as[flag], path).expect(200);
      expect(r.body.data).toMatchObject({ handler: `flag:${flag}`, userName: flag, houseRef: houses.a.houseRef, via: 'session' });
      const w = await post(as[flag], path).expect(200);
      expect(w.body.data).toMatchObject({ method: 'POST', userName: flag });
    });

    it('lets the owner (every flag) and the super user through', async () => {
      await get(as.owner, path).expect(200);
      await post(as.owner, path).expect(200);
      await get(as.super, path).expect(200);
    });

    it('refuses the user without flags and every user holding only another flag, with the spec text, without running the handler', async () => {
      const before = log.count(`flag:${flag}`);
      for (const name of ['none', ...others]) {
        const r = await get(as[name], path);
        expect({ who: name, status: r.status, body: r.body }).toEqual({ who: name, status: 403, body: FORBIDDEN_BODY });
        const w = await post(as[name], path);
        expect({ who: name, status: w.status, body: w.body }).toEqual({ who: name, status: 403, body: FORBIDDEN_BODY });
      }
      expect(log.count(`flag:${flag}`)).toBe(before);
    });

    it('under /probe/house/:houseRef: own house passes with the flag, 403 without it, 404 for another house whatever the flags', async () => {
      await get(as[flag], `/probe/house/${houses.a.houseRef}/flag/${flag}`).expect(200);
      await post(as[flag], `/probe/house/${houses.a.houseRef}/flag/${flag}`).expect(200);
      expect((await get(as.none, `/probe/house/${houses.a.houseRef}/flag/${flag}`)).body).toEqual(FORBIDDEN_BODY);
      for (const who of [as[flag], as.owner, as.super, as.none]) {
        const r = await get(who, `/probe/house/${houses.b.houseRef}/flag/${flag}`);
        expect({ status: r.status, body: r.body }).toEqual({ status: 404, body: NOT_FOUND_BODY });
        const w = await post(who, `/probe/house/${houses.b.houseRef}/flag/${flag}`);
        expect({ status: w.status, body: w.body }).toEqual({ status: 404, body: NOT_FOUND_BODY });
      }
    });
  });

  it('a rule naming two flags needs both (payments: invoices and settlement)', async () => {
    await get(as.owner, '/probe/payments').expect(200);
    for (const name of ['accessInvoices', 'accessSettlement', 'none']) {
      expect((await get(as[name], '/probe/payments')).body).toEqual(FORBIDDEN_BODY);
    }
  });

  it('a rule declared on the controller applies to handlers without their own, and a handler rule overrides it', async () => {
    await get(as.accessReports, '/probe/class-rule/inherited').expect(200);
    expect((await get(as.none, '/probe/class-rule/inherited')).body).toEqual(FORBIDDEN_BODY);
    await request(t.server).get('/probe/class-rule/inherited').expect(401);
    await request(t.server).get('/probe/class-rule/open').expect(200);
  });

  describe('super user', () => {
    it('passes @RequireSuperUser() for reads and writes', async () => {
      const r = await get(as.super, '/probe/super').expect(200);
      expect(r.body.data.userName).toBe('super');
      await post(as.super, '/probe/super').expect(200);
      await get(as.super, `/probe/house/${houses.a.houseRef}/super`).expect(200);
    });

    it('refuses every other user, even the owner holding every flag', async () => {
      const before = log.count('super');
      for (const name of ['owner', 'none', ...ACCESS_FLAGS]) {
        const r = await get(as[name], '/probe/super');
        expect({ who: name, status: r.status, body: r.body }).toEqual({ who: name, status: 403, body: FORBIDDEN_BODY });
        expect((await post(as[name], '/probe/super')).status).toBe(403);
      }
      expect(log.count('super')).toBe(before);
    });

    it('is still confined to its own house: another houseRef answers 404', async () => {
      const r = await get(as.super, `/probe/house/${houses.b.houseRef}/super`);
      expect({ status: r.status, body: r.body }).toEqual({ status: 404, body: NOT_FOUND_BODY });
      const mine = await get(bOwner, `/probe/house/${houses.a.houseRef}/super`);
      expect(mine.status).toBe(404);
    });
  });

  describe('signed-in and public handlers', () => {
    it('@SignedIn() lets any signed-in user through, even without flags', async () => {
      const r = await get(as.none, '/probe/signed-in').expect(200);
      expect(r.body.data).toMatchObject({ userName: 'none', houseRef: houses.a.houseRef });
      await post(as.none, '/probe/signed-in').expect(200);
      await get(bOwner, '/probe/signed-in').expect(200);
    });

    it('@Public() answers without a session, and tells a signed-in caller apart', async () => {
      const anon = await request(t.server).get('/probe/public').expect(200);
      expect(anon.body.data).toMatchObject({ userName: null, houseRef: null });
      await request(t.server).post('/probe/public').send({}).expect(200);
      const signed = await get(as.none, '/probe/public').expect(200);
      expect(signed.body.data.userName).toBe('none');
    });
  });

  describe('a handler without a declared rule', () => {
    it.each(['owner', 'super', 'none'])('is denied to %s with 403 and the spec text', async (name) => {
      const before = log.count('undeclared');
      const r = await get(as[name], '/probe/undeclared');
      expect({ status: r.status, body: r.body }).toEqual({ status: 403, body: FORBIDDEN_BODY });
      const w = await post(as[name], '/probe/undeclared');
      expect({ status: w.status, body: w.body }).toEqual({ status: 403, body: FORBIDDEN_BODY });
      expect(log.count('undeclared')).toBe(before);
    });

    it('is denied without a session too', async () => {
      expect((await request(t.server).get('/probe/undeclared')).body).toEqual(FORBIDDEN_BODY);
      expect((await request(t.server).post('/probe/undeclared').send({})).status).toBe(403);
      expect(log.count('undeclared')).toBe(0);
    });
  });

  describe('unauthenticated callers', () => {
    const guarded = ['/probe/signed-in', '/probe/super', '/probe/payments', ...ACCESS_FLAGS.map((f) => `/probe/flag/${f}`)];

    it.each(guarded)('GET %s answers 401', async (path) => {
      const r = await request(t.server).get(path);
      expect({ status: r.status, body: r.body }).toEqual({ status: 401, body: UNAUTHENTICATED_BODY });
    });

    it('a forged, expired-looking or empty session cookie is the same as none (reads and writes)', async () => {
      const before = log.count();
      for (const cookie of ['ar_session=forged', 'ar_session=', `ar_session=${'A'.repeat(43)}`]) {
        expect((await request(t.server).get('/probe/signed-in').set('Cookie', cookie)).status).toBe(401);
        expect((await request(t.server).post('/probe/signed-in').set('Cookie', cookie).set('X-CSRF-Token', 'x').send({})).status).toBe(401);
      }
      expect(log.count()).toBe(before);
    });

    it('under a houseRef: 401 before anything else (no hint whether the house exists)', async () => {
      expect((await request(t.server).get(`/probe/house/${houses.a.houseRef}/signed-in`)).status).toBe(401);
      expect((await request(t.server).get(`/probe/house/${houses.b.houseRef}/signed-in`)).status).toBe(401);
      expect((await request(t.server).get('/probe/house/HNOSUCHHOUSE/signed-in')).status).toBe(401);
    });

    it('a session ended by logout is refused afterwards', async () => {
      const s = await signIn(t.server, 'house-a', 'none');
      await s.agent.get('/probe/signed-in').expect(200);
      await s.agent.post('/api/auth/logout').set('X-CSRF-Token', s.csrf).expect(204);
      expect((await s.agent.get('/probe/signed-in')).status).toBe(401);
    });
  });

  describe('tenancy: the house named in the path', () => {
    it('{houseRef} of another house answers 404 whatever the flags (owner, super, no flags)', async () => {
      for (const who of [as.owner, as.super, as.none, bOwner]) {
        const other = who === bOwner ? houses.a.houseRef : houses.b.houseRef;
        const r = await get(who, `/probe/house/${other}/signed-in`);
        expect({ status: r.status, body: r.body }).toEqual({ status: 404, body: NOT_FOUND_BODY });
      }
    });

    it('an unknown houseRef or one differing only in case answers 404', async () => {
      expect((await get(as.owner, '/probe/house/HNOSUCHHOUSE/signed-in')).status).toBe(404);
      expect((await get(as.owner, `/probe/house/${houses.a.houseRef.toLowerCase()}/signed-in`)).status).toBe(404);
    });

    it('the own houseRef passes', async () => {
      const r = await get(as.none, `/probe/house/${houses.a.houseRef}/signed-in`).expect(200);
      expect(r.body.data.houseRef).toBe(houses.a.houseRef);
    });

    it("{houseID} must be the caller's house id: another or a malformed id answers 404, the handler never runs", async () => {
      await get(as.none, `/probe/house-id/${houses.a.id}/signed-in`).expect(200);
      const before = log.count('house-id-signed-in');
      for (const id of [String(houses.b.id), '999999', `0${houses.a.id}`, 'abc']) {
        const r = await get(as.owner, `/probe/house-id/${id}/signed-in`);
        expect({ id, status: r.status, body: r.body }).toEqual({ id, status: 404, body: NOT_FOUND_BODY });
        expect((await post(as.owner, `/probe/house-id/${id}/signed-in`)).status).toBe(404);
      }
      expect((await get(bOwner, `/probe/house-id/${houses.a.id}/signed-in`)).status).toBe(404);
      expect(log.count('house-id-signed-in')).toBe(before);
    });

    it('the shell call superuser/{userRef} answers 404 for a user of another house, even under the own houseRef', async () => {
      const r = await get(bOwner, `/app/house/${houses.b.houseRef}/superuser/${as.super.user.userRef}`);
      expect({ status: r.status, code: r.body.code }).toEqual({ status: 404, code: 'USER_NOT_FOUND' });
      expect((await get(bOwner, `/app/house/${houses.b.houseRef}/superuser/${bOwner.user.userRef}`)).body).toEqual({
        data: { superUser: null },
      });
      expect((await get(as.owner, `/app/house/${houses.a.houseRef}/superuser/${as.super.user.userRef}`)).body).toEqual({
        data: { superUser: true },
      });
    });

    it('a refused write under another house changes nothing', async () => {
      const before = log.count();
      await post(as.owner, `/probe/house/${houses.b.houseRef}/signed-in`).expect(404);
      await post(as.owner, `/probe/house/${houses.b.houseRef}/flag/accessInvoices`).expect(404);
      expect(log.count()).toBe(before);
    });
  });

  describe('legacy `Authorization: {houseRef}*` header', () => {
    it("is accepted when it names the session's house", async () => {
      await get(as.owner, '/probe/signed-in').set('Authorization', `${houses.a.houseRef}*`).expect(200);
      await get(as.owner, `/probe/house/${houses.a.houseRef}/flag/accessInvoices`)
        .set('Authorization', `${houses.a.houseRef}*`)
        .expect(200);
      await as.owner.agent
        .post('/probe/signed-in')
        .set('Authorization', `${houses.a.houseRef}*`)
        .set('X-CSRF-Token', as.owner.csrf)
        .send({})
        .expect(200);
      await get(as.owner, '/app/house/user').set('Authorization', `${houses.a.houseRef}*`).expect(200);
    });

    it('is refused (403) when it names another house, even on a path of the own house, and nothing runs', async () => {
      const before = log.count();
      const mismatch = { statusCode: 403, code: 'HOUSE_MISMATCH', message: 'The Authorization header names another house.' };
      for (const header of [`${houses.b.houseRef}*`, houses.a.houseRef, `${houses.a.houseRef}**`, 'HNOSUCHHOUSE*']) {
        const r = await get(as.owner, '/probe/signed-in').set('Authorization', header);
        expect({ header, status: r.status, body: r.body }).toEqual({ header, status: 403, body: mismatch });
      }
      expect(
        (await get(as.owner, `/probe/house/${houses.a.houseRef}/signed-in`).set('Authorization', `${houses.b.houseRef}*`)).status,
      ).toBe(403);
      const w = await as.owner.agent
        .post('/probe/signed-in')
        .set('Authorization', `${houses.b.houseRef}*`)
        .set('X-CSRF-Token', as.owner.csrf)
        .send({});
      expect(w.status).toBe(403);
      expect((await get(as.owner, '/app/house/user').set('Authorization', `${houses.b.houseRef}*`)).status).toBe(403);
      expect(log.count()).toBe(before);
    });

    it('does not authenticate by itself: without a session it answers 401', async () => {
      const r = await request(t.server).get('/probe/signed-in').set('Authorization', `${houses.a.houseRef}*`);
      expect(r.status).toBe(401);
    });
  });

  describe('CSRF on cookie-authenticated writes', () => {
    it('a POST without the token answers 403 and the handler never runs', async () => {
      const before = log.count('signed-in');
      const r = await as.owner.agent.post('/probe/signed-in').send({});
      expect({ status: r.status, body: r.body }).toEqual({ status: 403, body: CSRF_BODY });
      expect(log.count('signed-in')).toBe(before);
    });

    it.each([
      ['a forged token', () => 'forged-token'],
      ['an empty token', () => ''],
      ['the token with one character changed', () => as.owner.csrf.slice(0, -1) + (as.owner.csrf.endsWith('A') ? 'B' : 'A')],
      ["another session's valid token", () => as.none.csrf],
    ])('a POST with %s answers 403 and changes nothing', async (_label, token) => {
      const before = log.count();
      const r = await as.owner.agent.post(`/probe/flag/accessInvoices`).set('X-CSRF-Token', token()).send({});
      expect({ status: r.status, body: r.body }).toEqual({ status: 403, body: CSRF_BODY });
      expect(log.count()).toBe(before);
    });

    it("a POST with the session's token passes", async () => {
      const before = log.count('signed-in');
      await as.owner.agent.post('/probe/signed-in').set('X-CSRF-Token', as.owner.csrf).send({}).expect(200);
      expect(log.count('signed-in')).toBe(before + 1);
    });

    it('GET needs no token', async () => {
      await as.owner.agent.get('/probe/signed-in').expect(200);
      await as.owner.agent.get('/probe/flag/accessInvoices').expect(200);
    });

    it('is checked before tenancy and flags: a tokenless write to another house or without the flag says CSRF, not 404 or 403 FORBIDDEN', async () => {
      const other = await as.owner.agent.post(`/probe/house/${houses.b.houseRef}/signed-in`).send({});
      expect({ status: other.status, body: other.body }).toEqual({ status: 403, body: CSRF_BODY });
      const noFlag = await as.none.agent.post('/probe/flag/accessInvoices').send({});
      expect({ status: noFlag.status, body: noFlag.body }).toEqual({ status: 403, body: CSRF_BODY });
    });

    it('public writes need no token', async () => {
      await as.owner.agent.post('/probe/public').send({}).expect(200);
    });
  });
});
