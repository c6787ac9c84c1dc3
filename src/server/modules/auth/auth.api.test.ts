import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccount, users } from '../../db/schema';
import { buildTestApp, cookieHeader, TEST_ORIGIN, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT: '5' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, ...headers } });

describe('accounts', () => {
  it('signs up with an HttpOnly session cookie, creates a member profile, and hashes with argon2id', async () => {
    const res = await post('/api/auth/sign-up/email', { name: 'Pat Parent', email: 'Pat@Example.org', password: 'long-enough-1' });
    expect(res.statusCode).toBe(200);
    const setCookie = res.headers['set-cookie'];
    expect(String(setCookie)).toMatch(/HttpOnly/i);
    expect(res.json().token).toBeUndefined();

    const me = await t.app.inject({ url: '/api/me', headers: { cookie: cookieHeader(setCookie) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().profile).toMatchObject({ email: 'pat@example.org', displayName: 'Pat Parent', role: 'member', teamName: null });

    const [account] = await t.database.db.select({ password: authAccount.password }).from(authAccount).where(eq(authAccount.userId, me.json().profile.id));
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('says "That email is already registered" for a second sign-up with the same email', async () => {
    await post('/api/auth/sign-up/email', { name: 'A', email: 'dup@example.org', password: 'long-enough-1' });
    const res = await post('/api/auth/sign-up/email', { name: 'B', email: 'dup@example.org', password: 'long-enough-2' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: expect.stringContaining('That email is already registered') } });
  });

  it('says "Email or password is incorrect" for a wrong password and for an unknown email', async () => {
    await t.signUp({ email: 'login@example.org' });
    const wrong = await post('/api/auth/sign-in/email', { email: 'login@example.org', password: 'not-the-password' }, { 'x-forwarded-for': '10.1.1.1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toContain('Email or password is incorrect');
    const unknown = await post('/api/auth/sign-in/email', { email: 'nobody@example.org', password: 'whatever-123' }, { 'x-forwarded-for': '10.1.1.2' });
    expect(unknown.json().error.message).toContain('Email or password is incorrect');
  });

  it('logs in, reads the session, and logs out', async () => {
    const user = await t.signUp({ email: 'cycle@example.org' });
    const login = await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, { 'x-forwarded-for': '10.1.1.3' });
    expect(login.statusCode).toBe(200);
    const cookie = cookieHeader(login.headers['set-cookie']);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);

    const out = await post('/api/auth/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('rate-limits login attempts per address', async () => {
    await t.signUp({ email: 'limited@example.org' });
    const attempt = () => post('/api/auth/sign-in/email', { email: 'limited@example.org', password: 'wrong-password' }, { 'x-forwarded-for': '10.9.9.9' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await attempt()).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await attempt();
    expect(limited.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringContaining('Wait') } });
    // Another address is not affected.
    const other = await post('/api/auth/sign-in/email', { email: 'limited@example.org', password: 'wrong-password' }, { 'x-forwarded-for': '10.9.9.10' });
    expect(other.statusCode).toBe(401);
  });

  it('refuses a sign-in from another site (origin check)', async () => {
    const user = await t.signUp({ email: 'csrf@example.org' });
    const res = await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
  });

  it('refuses state-changing API calls from another site even with a valid session', async () => {
    const admin = await t.signUp({ email: 'csrf-admin@example.org', role: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/seasons',
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
      payload: { name: 'Evil', startsOn: '2027-01-01', endsOn: '2027-02-01' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/seasons',
      headers: { cookie: admin.cookie },
      payload: { name: 'Evil', startsOn: '2027-01-01', endsOn: '2027-02-01' },
    });
    expect(noOrigin.statusCode).toBe(403);
  });

  it('refuses sign-in to a disabled account with a clear message', async () => {
    const user = await t.signUp({ email: 'disabled@example.org' });
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    const res = await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, { 'x-forwarded-for': '10.1.1.4' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain('disabled');
    // An existing session of a disabled user no longer counts.
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).statusCode).toBe(401);
  });
});
