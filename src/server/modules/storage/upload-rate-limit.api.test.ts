import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

/** Every upload is decoded and written, so each upload route is limited per address: 60 a minute. */
let t: TestApp;
let person: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  person = await t.signUp({ email: 'uploader@example.org' });
});
afterAll(() => t.close());

describe('upload routes are limited per address', () => {
  it.each([
    ['a storage upload', () => `/api/storage/v0/b/cgsl-files/o?name=${encodeURIComponent(`users/${person.id}/x.txt`)}`],
    ['a profile photo', () => '/api/me/photo'],
  ])('%s: the 61st in a minute is 429 in words, before any work', async (_what, url) => {
    const send = () => t.app.inject({ method: 'POST', url: url(), payload: {}, headers: { origin: TEST_ORIGIN, cookie: person.cookie } });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await send()).statusCode);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const last = await send();
    expect(last.statusCode).toBe(429);
    expect(last.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/wait a minute/i) });
  });
});
