import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { loggerOptions, redactUrl } from '../logger';
import { createTestDatabase, TEST_ORIGIN } from '../test/test-app';

/**
 * The request log, exactly as the server writes it (loggerOptions at level info): one-time links, cookies and
 * credentials never reach it.
 */

let app: FastifyInstance;
let database: DatabaseHandle;
const lines: string[] = [];
const logged = () => lines.join('\n');

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ PUBLIC_URL: TEST_ORIGIN, NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'info' });
  const options = loggerOptions(config) as Record<string, unknown>;
  const built = await buildApp({
    config,
    database,
    authSecret: 'test-secret-test-secret-test-secret-42',
    logger: { ...options, stream: { write: (line: string) => void lines.push(line) } },
  });
  app = built.app;
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request logs', () => {
  it('the first-run setup link: its token is not logged, the request is', async () => {
    lines.length = 0;
    await app.inject({ url: '/setup?token=abc-setup-token-4f9a' });
    expect(logged()).toContain('incoming request');
    expect(logged()).toContain('/setup?token=[redacted]');
    expect(logged()).not.toContain('abc-setup-token-4f9a');
  });

  it('reset, verification and invitation links, also inside another parameter', async () => {
    lines.length = 0;
    await app.inject({ url: '/reset-password?token=reset-secret-1' });
    await app.inject({ url: '/api/auth/verify-email?token=verify-secret-2&callbackURL=%2Fprofile%3Ffrom%3Dverify-email' });
    await app.inject({ url: `/login?redirect=${encodeURIComponent('/invite?token=invite-secret-3')}` });
    await app.inject({ url: '/api/health?code=oauth-code-4&password=pw-5&api_key=key-6&session=sess-7' });
    for (const secret of ['reset-secret-1', 'verify-secret-2', 'invite-secret-3', 'oauth-code-4', 'pw-5', 'key-6', 'sess-7']) {
      expect(logged()).not.toContain(secret);
    }
    // What is not a secret stays readable.
    expect(logged()).toContain('from%3Dverify-email');
    expect(logged()).toContain('/login?redirect=');
  });

  it("a team's secret calendar feed link: its token is not logged, the request is", async () => {
    lines.length = 0;
    await app.inject({ url: '/api/calendar/teams/feedSecretToken0123456789abcdefghijklmnopqrs.ics' });
    expect(logged()).toContain('/api/calendar/teams/[redacted]');
    expect(logged()).not.toContain('feedSecretToken');
  });

  it('cookies, the Authorization header and passwords in a body are not logged', async () => {
    lines.length = 0;
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'nobody@example.org', password: 'body-password-8' },
      headers: { origin: TEST_ORIGIN, cookie: 'better-auth.session_token=cookie-secret-9', authorization: 'Bearer bearer-secret-10' },
    });
    expect(logged()).toContain('/api/auth/sign-in/email');
    for (const secret of ['body-password-8', 'cookie-secret-9', 'bearer-secret-10']) expect(logged()).not.toContain(secret);
  });
});

describe('redactUrl', () => {
  it('keeps the path and harmless parameters, and replaces credentials', () => {
    expect(redactUrl('/api/slots?from=2026-01-01&to=2026-01-08')).toBe('/api/slots?from=2026-01-01&to=2026-01-08');
    expect(redactUrl('/setup?token=abc')).toBe('/setup?token=[redacted]');
    expect(redactUrl('/x?Token=a&SECRET=b&newPassword=c')).toBe('/x?Token=[redacted]&SECRET=[redacted]&newPassword=[redacted]');
    expect(redactUrl('/no-query')).toBe('/no-query');
    expect(redactUrl('/api/calendar/teams/abc_DEF-123.ics?x=1')).toBe('/api/calendar/teams/[redacted]?x=1');
    expect(redactUrl('/api/calendar/league.ics')).toBe('/api/calendar/league.ics');
    expect(redactUrl(`/login?redirect=${encodeURIComponent('/invite?token=zzz&x=1')}`)).not.toContain('zzz');
  });
});
