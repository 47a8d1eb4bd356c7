import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/core/http/create-app';
import { createTestApp, TestApp } from '../support/test-app';
import { FIXTURE_PASSWORD, seedTwoHouses } from '../support/fixtures';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const LIST = `/api/locations?range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent('{}')}`;

/** A built admin as Vite lays it out: index.html and a version file at the top, hashed files under assets/. */
function fakeAdminDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-admin-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const script = '<script type="module" src="/ar/assets/index-AbC123.js"></script>';
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head>${script}</head><body>${'<div></div>'.repeat(300)}</body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), `export const rows = [${'"lot", '.repeat(2000)}];\n`);
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.css'), `.row { color: red; }\n`.repeat(200));
  fs.writeFileSync(path.join(dir, 'version.json'), JSON.stringify({ version: '1.0.0' }));
  return dir;
}

describe('compression and static caching (HTTP, real app)', () => {
  let t: TestApp;
  let app: NestExpressApplication;
  let dist: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ processJobs: false });
    await seedTwoHouses(t.em());
    dist = fakeAdminDist();
    // The same application built by createApp, serving the admin build from `dist`.
    app = await createApp({ ...t.runtime, processJobs: false }, { adminDist: dist });
    const login = await request(t.server).post('/api/auth/login').send({ house: 'house-a', username: 'owner', password: FIXTURE_PASSWORD });
    cookie = String(login.headers['set-cookie']).split(';')[0];
    await t
      .em()
      .getConnection()
      .execute(
        `insert into house_address (house_id, facility_name, address_street1, address_city, country_code, state_code, postal_code, "primary")
         select h.id, 'Warehouse ' || g, g || ' Commerce Street', 'Albany', 'US', 'NY', '12207', false
           from house h, generate_series(1, 30) g where h.house_user_name = 'house-a'`,
      );
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('compresses JSON lists for clients that accept it, and only for them', async () => {
    const gz = await request(t.server).get(LIST).set('Cookie', cookie).set('Accept-Encoding', 'gzip');
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gz.body).toHaveLength(25);
    const plain = await request(t.server).get(LIST).set('Cookie', cookie).set('Accept-Encoding', 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.body).toEqual(plain.body);
  });

  it('leaves small answers and the sign-in and session answers (they carry the CSRF token) uncompressed', async () => {
    const health = await request(t.server).get('/api/health').set('Accept-Encoding', 'gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
    const login = await request(t.server)
      .post('/api/auth/login')
      .set('Accept-Encoding', 'gzip')
      .send({ house: 'house-a', username: 'owner', password: FIXTURE_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.headers['content-encoding']).toBeUndefined();
    const session = await request(t.server).get('/api/auth/session').set('Cookie', cookie).set('Accept-Encoding', 'gzip');
    expect(session.status).toBe(200);
    expect(session.headers['content-encoding']).toBeUndefined();
  });

  it('serves hashed admin assets compressed and immutable for a year', async () => {
    for (const file of ['index-AbC123.js', 'index-AbC123.css']) {
      const res = await request(app.getHttpServer()).get(`/ar/assets/${file}`).set('Accept-Encoding', 'gzip');
      expect([file, res.status, res.headers['cache-control'], res.headers['content-encoding']]).toEqual([file, 200, IMMUTABLE, 'gzip']);
    }
  });

  it('serves index.html (entry page and deep links) and the version file with no-cache, index.html compressed', async () => {
    for (const url of ['/ar/', '/ar/invoices/12/edit']) {
      const res = await request(app.getHttpServer()).get(url).set('Accept-Encoding', 'gzip');
      expect([url, res.status, res.headers['cache-control'], res.headers['content-encoding']]).toEqual([url, 200, 'no-cache', 'gzip']);
      expect(res.text).toContain('/ar/assets/index-AbC123.js');
    }
    const version = await request(app.getHttpServer()).get('/ar/version.json');
    expect([version.status, version.headers['cache-control']]).toEqual([200, 'no-cache']);
  });

  it('answers a missing hashed asset 404 (not index.html, never cached), so an old page does not run HTML as script', async () => {
    const res = await request(app.getHttpServer()).get('/ar/assets/index-Old999.js');
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/text\/plain/);
  });
});
