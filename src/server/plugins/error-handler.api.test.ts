import { APIError } from 'better-auth/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase, TEST_ORIGIN } from '../test/test-app';

/**
 * Routes that fail the way a bug would, registered only on the app built for this file (never in production
 * code): the answer must be the one error shape with no stack trace and no internal message, while the
 * details still reach the log for whoever runs the server.
 */
const SECRET = 'connect ECONNREFUSED 10.0.0.5:5432 password=hunter2';

let app: FastifyInstance;
let database: DatabaseHandle;
const logLines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ PUBLIC_URL: TEST_ORIGIN, NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent' });
  const built = await buildApp({
    config,
    database,
    authSecret: 'test-secret-test-secret-test-secret-42',
    logger: { level: 'error', stream: { write: (line: string) => void logLines.push(line) } },
  });
  app = built.app;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/test-only/async-throw', { config: { access: 'public' } }, async () => {
    throw new Error(SECRET);
  });
  typed.get('/api/test-only/sync-throw', { config: { access: 'public' } }, () => {
    throw new Error(SECRET);
  });
  typed.get('/api/test-only/type-error', { config: { access: 'public' } }, async (req) => {
    const missing = (req.query as Record<string, { deep: string } | undefined>).nothing;
    return { value: missing!.deep };
  });
  typed.post('/api/test-only/after-validation', { config: { access: 'public' }, schema: { body: z.object({ n: z.number() }) } }, async (req) => {
    throw Object.assign(new Error(`${SECRET} (n=${req.body.n})`), { statusCode: 502 });
  });
  typed.get(
    '/api/test-only/bad-response',
    { config: { access: 'public' }, schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async () => ({ ok: SECRET }) as unknown as { ok: true },
  );
  typed.get('/api/test-only/auth-error', { config: { access: 'public' } }, async () => {
    throw APIError.from('BAD_REQUEST', { code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function expectOpaque500(res: { statusCode: number; body: string; json: () => unknown }) {
  expect(res.statusCode).toBe(500);
  const json = res.json() as { error: Record<string, unknown> };
  // Its words by key (the web app words them in the person's language), with no values: nothing of the error.
  expect(json).toEqual({ error: { code: 'INTERNAL', message: expect.stringContaining('Something went wrong on our side'), key: expect.stringMatching(/^server\.internal/), params: {} } });
  expect(Object.keys(json.error).sort()).toEqual(['code', 'key', 'message', 'params']);
  expect(res.body).not.toContain('hunter2');
  expect(res.body).not.toContain('ECONNREFUSED');
  expect(res.body).not.toMatch(/stack|\bat .*:\d+|\.ts\b|TypeError|undefined/i);
}

describe('an unhandled error inside a route', () => {
  it('thrown from an async handler: 500 in the one error shape, no stack or message; logged for operators', async () => {
    logLines.length = 0;
    const res = await app.inject({ url: '/api/test-only/async-throw' });
    expectOpaque500(res);
    expect(res.headers['content-type']).toContain('application/json');
    const logged = logLines.join('\n');
    expect(logged).toContain('hunter2');
    expect(logged).toContain('unhandled error');
  });

  it('thrown synchronously: the same', async () => {
    expectOpaque500(await app.inject({ url: '/api/test-only/sync-throw' }));
  });

  it('a programming error (TypeError) is not described to the caller', async () => {
    expectOpaque500(await app.inject({ url: '/api/test-only/type-error' }));
  });

  it('an error carrying a 5xx status of its own still says nothing of it', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test-only/after-validation', payload: { n: 1 }, headers: { origin: TEST_ORIGIN } });
    expectOpaque500(res);
  });

  it('a response that does not match its schema is a 500 without the data', async () => {
    logLines.length = 0;
    expectOpaque500(await app.inject({ url: '/api/test-only/bad-response' }));
    expect(logLines.join('\n')).toContain('response did not match its schema');
  });

  it('a better-auth error thrown in one of our routes is translated into a documented code', async () => {
    const res = await app.inject({ url: '/api/test-only/auth-error' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'That password is too short: use at least 8 characters.',
        details: { fields: { password: 'That password is too short: use at least 8 characters.' } },
        key: 'auth.passwordTooShort',
        params: { min: 8 },
      },
    });
  });
});
