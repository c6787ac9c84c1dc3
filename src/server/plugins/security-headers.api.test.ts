import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';

/** The security headers are worked out once at start, and still go out on every kind of answer. */
let plain: TestApp;
let secure: TestApp;

beforeAll(async () => {
  plain = await buildTestApp();
  secure = await buildTestApp({ PUBLIC_URL: 'https://league.example.org' });
}, 60_000);
afterAll(async () => {
  await plain?.close();
  await secure?.close();
});

describe('security headers', () => {
  it('go out on successes, refusals and unknown routes alike', async () => {
    const answers = [
      await plain.app.inject({ url: '/api/health' }),
      await plain.app.inject({ url: '/api/me' }),
      await plain.app.inject({ url: '/api/no-such-route' }),
      await plain.app.inject({ url: '/api/slots?from=bad&to=worse' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 400]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('leave a document’s policies off a built script or style sheet, and keep nosniff, CORP and HSTS on it', async () => {
    const kept = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];
    for (const url of ['/assets/index-abc123.js', '/assets/index-abc123.css', '/assets/framework-abc.js?v=1']) {
      const res = await secure.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(kept.filter((name) => res.headers[name] === undefined), url).toEqual([]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // A page, the offline worker, an SVG (it can be opened as a page) and anything else keep every header.
    for (const url of ['/', '/slots', '/sw.js', '/assets/logo-abc.svg', '/assets.js', '/api/health', '/assets/../api/health']) {
      const res = await secure.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('ask browsers for https only when the public address is https', async () => {
    const res = await secure.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
