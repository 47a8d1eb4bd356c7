import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';

describe('OpenAPI document and admin hosting', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('serves the OpenAPI document at /api/docs-json describing the API and its auth', async () => {
    const res = await request(t.server).get('/api/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/app/house/user', '/api/health', '/api/jobs/{id}']),
    );
    expect(Object.keys(res.body.components.securitySchemes)).toEqual(expect.arrayContaining(['cookie', 'bearer']));
  });

  it('serves the Swagger UI at /api/docs', async () => {
    const res = await request(t.server).get('/api/docs/');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/swagger/i);
  });

  it('sends the admin to /ar/ and answers deep links with the app page (never for /api or /app)', async () => {
    await request(t.server).get('/').expect(302).expect('Location', '/ar/');
    const deep = await request(t.server).get('/ar/invoices/ExistingInvoices');
    expect([200, 503]).toContain(deep.status); // 503 only when the admin is not built
    if (deep.status === 200) {
      expect(deep.headers['content-type']).toMatch(/html/);
      expect(deep.headers['cache-control']).toBe('no-cache');
    }
    const api = await request(t.server).get('/api/ar/whatever');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });

  it('sets basic security headers', async () => {
    const res = await request(t.server).get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.etag).toBeUndefined();
  });
});
