import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('health and platform', () => {
  it('answers liveness and readiness with the database kind', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });

    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('readiness says 503 in the error shape when the database is gone', async () => {
    const other = await buildTestApp();
    await other.database.close();
    const res = await other.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    // PostgreSQL: the pool has ended, the outage's words (db/database-failure.ts); PGlite: closed, the same code.
    expect(res.json()).toEqual({ error: expect.objectContaining({ code: 'UNAVAILABLE', message: expect.stringContaining('database') }) });
    await other.app.close();
  });

  it('sends a strict Content-Security-Policy and other security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('uses one error shape for unknown routes, bad JSON and validation, never a stack trace', async () => {
    const unknown = await t.app.inject({ url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String), key: 'server.noApiRoute', params: { method: 'GET', path: '/api/nope' } } });

    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/seasons',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: '{"name": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.code).toBe('VALIDATION_FAILED');
    expect(badJson.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('publishes an OpenAPI document listing the routes', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/seasons', '/api/me', '/api/seasons/{id}/activate']));
    expect(doc.paths['/api/seasons'].post.requestBody).toBeDefined();
  });
});

describe('the web app', () => {
  it('serves index.html for app paths, and a 404 for unknown API routes and missing build files', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Practice Scheduler</title><div id="root"></div>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const web = await buildTestApp({ WEB_DIST_DIR: dir });
    try {
      for (const url of ['/', '/admin-facility-manager', '/no/such/page']) {
        const res = await web.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<div id="root">');
      }
      const asset = await web.app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const missing = await web.app.inject({ url: '/assets/app-old999.js' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toContain('Reload the page');
    } finally {
      await web.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
