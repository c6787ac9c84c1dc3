import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasons } from '../db/schema';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../test/test-app';

/**
 * The cross-site check (decision 002, 010): every state-changing request, whatever its path looks like, must come
 * from one of our origins. With PUBLIC_URL set those are PUBLIC_URL and TRUSTED_ORIGINS; unset, also the address
 * the request was sent to, on any host name.
 */

let strict: TestApp;
let open: TestApp;
let proxied: TestApp;
let admin: TestUser;
beforeAll(async () => {
  [strict, open, proxied] = await Promise.all([
    buildTestApp(),
    buildTestApp({ PUBLIC_URL: '' }),
    buildTestApp({ PUBLIC_URL: '', TRUST_PROXY: 'true' }),
  ]);
  admin = await strict.signUp({ email: 'origin-admin@example.org', role: 'admin' });
}, 60_000);
afterAll(() => Promise.all([strict.close(), open.close(), proxied.close()]));

const EVIL = 'https://evil.example';

describe('the origin check reads the path the router routes', () => {
  it('a foreign Origin cannot reach an admin action through an encoded, upper-case or doubled path', async () => {
    const created = await strict.app.inject({
      method: 'POST',
      url: '/api/seasons',
      payload: { name: 'Walkaround', startsOn: '2030-01-01', endsOn: '2030-03-01' },
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().season.id as string;
    const variants = [
      `/api/seasons/${id}/activate`,
      `/%61pi/seasons/${id}/activate`,
      `/%61%70%69/seasons/${id}/activate`,
      `/api/%73easons/${id}/activate`,
      `/API/seasons/${id}/activate`,
      `/Api/seasons/${id}/activate`,
      `//api/seasons/${id}/activate`,
      `/api//seasons/${id}/activate`,
      `/./api/seasons/${id}/activate`,
      `/x/../api/seasons/${id}/activate`,
      `/api/seasons/${id}/activate?`,
      `/api/seasons/${id}/activate/`,
      `/%2561pi/seasons/${id}/activate`,
    ];
    for (const url of variants) {
      for (const headers of [{ origin: EVIL }, { referer: `${EVIL}/page` }, {}]) {
        const res = await strict.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie, ...headers } });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json().error.code, url).toBe('CSRF_REJECTED');
      }
    }
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await strict.app.inject({ method, url: `/%61pi/seasons/${id}`, payload: {}, headers: { cookie: admin.cookie, origin: EVIL } });
      expect(res.statusCode, method).toBe(403);
    }
    const [row] = await strict.database.db.select({ active: seasons.active }).from(seasons).where(eq(seasons.id, id));
    expect(row?.active).toBe(false);

    // The same request from our own page still works through the decoded path.
    const ours = await strict.app.inject({ method: 'POST', url: `/%61pi/seasons/${id}/activate`, headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });
    expect(ours.statusCode).toBe(200);
  });
});

describe('with PUBLIC_URL unset, the address the page was opened at is ours', () => {
  const signUp = (t: TestApp, email: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { name: 'Clubhouse Laptop', email, password: 'long-enough-1' }, headers });

  it('signs up and makes changes when opened by 127.0.0.1 or a LAN address', async () => {
    for (const [i, host] of ['127.0.0.1:3000', '192.168.1.20:3000', 'clubhouse.local:8080', '[::1]:3000'].entries()) {
      const res = await signUp(open, `laptop${i}@example.org`, { host, origin: `http://${host}` });
      expect(res.statusCode, `${host}: ${res.body}`).toBe(200);
    }
    const adminHere = await open.signUp({ email: 'lan-admin@example.org', role: 'admin' });
    const season = await open.app.inject({
      method: 'POST',
      url: '/api/seasons',
      payload: { name: 'LAN season', startsOn: '2030-01-01', endsOn: '2030-03-01' },
      headers: { cookie: adminHere.cookie, host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000' },
    });
    expect(season.statusCode).toBe(201);
    // The default address keeps working.
    expect((await signUp(open, 'localhost@example.org', { origin: 'http://localhost:3000' })).statusCode).toBe(200);
  });

  it('still refuses another origin: another site, another port, another scheme', async () => {
    const host = '192.168.1.20:3000';
    for (const origin of [EVIL, 'http://192.168.1.20:3001', 'https://192.168.1.20:3000', 'http://192.168.1.21:3000']) {
      const res = await signUp(open, 'nope@example.org', { host, origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().error.code).toBe('CSRF_REJECTED');
    }
    const adminHere = await open.signUp({ email: 'lan-admin-2@example.org', role: 'admin' });
    const season = await open.app.inject({
      method: 'POST',
      url: '/api/seasons',
      payload: { name: 'Evil season', startsOn: '2030-01-01', endsOn: '2030-03-01' },
      headers: { cookie: adminHere.cookie, host, origin: 'http://192.168.1.20:3001' },
    });
    expect(season.statusCode).toBe(403);
  });

  it('behind a trusted proxy, the forwarded scheme and host are the address; without trust they are ignored', async () => {
    const headers = { host: 'app-internal:3000', 'x-forwarded-host': 'practice.club.example', 'x-forwarded-proto': 'https', origin: 'https://practice.club.example' };
    expect((await signUp(proxied, 'proxied@example.org', headers)).statusCode).toBe(200);
    expect((await signUp(open, 'not-proxied@example.org', headers)).statusCode).toBe(403);
  });

  it('with PUBLIC_URL set, only the listed origins: the address the request was sent to is not enough', async () => {
    const res = await signUp(strict, 'strict@example.org', { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
    const season = await strict.app.inject({
      method: 'POST',
      url: '/api/seasons',
      payload: { name: 'Other host', startsOn: '2030-01-01', endsOn: '2030-03-01' },
      headers: { cookie: admin.cookie, host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
    });
    expect(season.statusCode).toBe(403);
    expect((await signUp(strict, 'strict-ok@example.org', { origin: TEST_ORIGIN })).statusCode).toBe(200);
  });
});
