import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';
import { FIXTURE_PASSWORD, seedTwoHouses, TwoHouses } from '../support/fixtures';

const LIMIT = 5;

describe('sign-in throttle: one normalised key, counted atomically (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  const login = (body: Record<string, unknown>) => request(t.server).post('/api/auth/login').send(body);

  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_MAX_FAILURES: String(LIMIT) } });
    houses = await seedTwoHouses(t.em());
  });
  afterAll(() => t.close());

  it('a locked account stays locked whatever spacing, case or house alias the user name and house are typed with', async () => {
    for (let i = 0; i < LIMIT; i++) await login({ house: 'house-a', username: 'super', password: 'wrong' }).expect(401);
    for (const [house, username] of [
      ['house-a', 'super  '],
      ['house-a', '  SUPER'],
      [' HOUSE-A ', 'super'],
      [houses.a.houseRef, 'Super'],
    ]) {
      const res = await login({ house, username, password: FIXTURE_PASSWORD });
      expect([house, username, res.status, res.body.code]).toEqual([house, username, 429, 'RATE_LIMITED']);
    }
    // Another account of the same house is not affected.
    await login({ house: 'house-a', username: 'owner', password: FIXTURE_PASSWORD }).expect(200);
  });

  it('30 concurrent wrong passwords on a fresh account: at most the limit are evaluated, the rest are refused', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, () => login({ house: 'house-b', username: 'owner', password: 'wrong-password' })),
    );
    const statuses = results.map((r) => r.status);
    const evaluated = statuses.filter((s) => s === 401).length;
    expect(evaluated).toBeGreaterThanOrEqual(1);
    expect(evaluated).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBe(30 - evaluated);
    // And the right password is refused too while the window lasts.
    await login({ house: 'house-b', username: 'owner', password: FIXTURE_PASSWORD }).expect(429);
  });
});
