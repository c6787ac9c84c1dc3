import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccount, authUser, users } from '../../db/schema';
import { ERROR_CODES } from '../../../shared/errors/api-error';
import { buildTestApp, cookieHeader, TEST_ORIGIN, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT: '5', SIGNUP_RATE_LIMIT: '12', TRUST_PROXY: 'true' });
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
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: expect.stringContaining('That email is already registered'),
        details: { fields: { email: 'That email is already registered' } },
        key: 'auth.alreadyRegistered',
        params: {},
      },
    });
  });

  it('says "Email or password is incorrect" for a wrong password and for an unknown email', async () => {
    await t.signUp({ email: 'login@example.org' });
    const wrong = await post('/api/auth/sign-in/email', { email: 'login@example.org', password: 'not-the-password' }, { 'x-forwarded-for': '10.1.1.1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.stringContaining('Email or password is incorrect'), key: 'auth.wrongCredentials', params: {} } });
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
    expect(limited.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.stringContaining('Wait a minute'), details: { retryAfterSeconds: expect.any(Number) }, key: 'auth.tooManyFromAddress', params: { minutes: 1 } },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await post('/api/auth/sign-in/email', { email: 'limited@example.org', password: 'wrong-password' }, { 'x-forwarded-for': '10.9.9.10' });
    expect(other.statusCode).toBe(401);
  });

  it('rate-limits password sign-ups per address (SIGNUP_RATE_LIMIT, 12 a minute here)', async () => {
    const signUp = (i: number, ip: string) =>
      post('/api/auth/sign-up/email', { name: `Signup ${i}`, email: `signup.${ip}.${i}@example.org`, password: 'a long enough password' }, { 'x-forwarded-for': ip });
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await signUp(i, '10.8.8.8')).statusCode);
    expect(statuses).toEqual([...Array<number>(12).fill(200), 429]);
    const limited = await signUp(13, '10.8.8.8');
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED', message: expect.stringContaining('Wait a minute') } });
    expect((await signUp(14, '10.8.8.9')).statusCode).toBe(200);
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
    // Our FORBIDDEN, not better-auth's ACCOUNT_DISABLED, and words that say what to do.
    expect(res.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'This account has been disabled. Contact a league admin if you think this is a mistake.', key: 'auth.accountDisabled', params: {} },
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    // An existing session of a disabled user no longer counts.
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).statusCode).toBe(401);
  });
});

describe('better-auth errors in our words', () => {
  const documented: string[] = Object.values(ERROR_CODES);
  const signUp = (payload: Record<string, unknown>, ip: string) => post('/api/auth/sign-up/email', payload, { 'x-forwarded-for': ip });
  const accountsFor = async (email: string) => t.database.db.$count(authUser, eq(authUser.email, email));

  it('a too-short password is VALIDATION_FAILED naming the password field, and no account is made', async () => {
    const res = await signUp({ name: 'Short', email: 'short@example.org', password: 'abc1234' }, '10.2.0.1');
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
    expect(await accountsFor('short@example.org')).toBe(0);
  });

  it('a body nested thousands of levels deep is VALIDATION_FAILED, not a 500, and the server goes on', async () => {
    let deep = '{"a":1}';
    for (let i = 0; i < 20_000; i++) deep = `{"a":${deep}}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: deep, headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': '10.2.0.9' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('nested too deeply') });
    const ok = await signUp({ name: 'After Deep', email: 'after-deep@example.org', password: 'a-long-password' }, '10.2.0.10');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a too-long password is VALIDATION_FAILED naming the password field', async () => {
    const res = await signUp({ name: 'Long', email: 'long@example.org', password: 'x'.repeat(129) }, '10.2.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'That password is too long: use at most 128 characters.',
      details: { fields: { password: 'That password is too long: use at most 128 characters.' } },
      key: 'auth.passwordTooLong',
      params: { max: 128 },
    });
  });

  it('an invalid email is VALIDATION_FAILED naming the email field, at sign-up and at sign-in', async () => {
    const expected = {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Enter a valid email address, like name@example.com.',
        details: { fields: { email: 'Enter a valid email address, like name@example.com.' } },
        key: 'auth.invalidEmail',
        params: {},
      },
    };
    const up = await signUp({ name: 'Bad Email', email: 'not-an-email', password: 'long-enough-1' }, '10.2.0.3');
    expect(up.statusCode).toBe(400);
    expect(up.json()).toEqual(expected);
    expect(await accountsFor('not-an-email')).toBe(0);
    const inn = await post('/api/auth/sign-in/email', { email: 'not-an-email', password: 'long-enough-1' }, { 'x-forwarded-for': '10.2.0.4' });
    expect(inn.statusCode).toBe(400);
    expect(inn.json()).toEqual(expected);
  });

  it('missing fields are VALIDATION_FAILED with one clear message per field', async () => {
    const res = await signUp({ email: 'nameless@example.org' }, '10.2.0.5');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/^(?=.*Enter your name\.)(?=.*Enter a password\.)/),
        details: { fields: { name: 'Enter your name.', password: 'Enter a password.' } },
        key: 'auth.oneThenAnother',
        params: { first: expect.any(String), rest: expect.any(String) },
      },
    });
    const signIn = await post('/api/auth/sign-in/email', {}, { 'x-forwarded-for': '10.2.0.6' });
    expect(signIn.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: { email: 'Enter your email address.', password: 'Enter a password.' } } });
  });

  it('other auth failures also answer only with documented codes', async () => {
    const cases = [
      { res: await post('/api/auth/change-password', { currentPassword: 'a', newPassword: 'b' }), status: 401, code: 'UNAUTHENTICATED' },
      { res: await post('/api/auth/no-such-endpoint', {}), status: 404, code: 'NOT_FOUND' },
      { res: await signUp({ name: 'Typed', email: 'typed@example.org', password: 12345678 }, '10.2.0.7'), status: 400, code: 'VALIDATION_FAILED' },
    ];
    for (const { res, status, code } of cases) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json(), res.body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
    }
  });

  it('every error code better-auth can send is translated into one of ours, and a 5xx never repeats its words', async () => {
    const { translateAuthError } = await import('./auth-errors');
    const authCodes = [...Object.keys(t.auth.$ERROR_CODES), 'ACCOUNT_DISABLED', 'UNAUTHORIZED', 'BAD_REQUEST', 'SOMETHING_NEW'];
    expect(authCodes).toEqual(expect.arrayContaining(['PASSWORD_TOO_SHORT', 'INVALID_EMAIL', 'USER_ALREADY_EXISTS']));
    for (const authCode of authCodes) {
      for (const status of [400, 401, 403, 404, 422, 429, 500, 503]) {
        const err = translateAuthError({ status, authCode, authMessage: 'secret internals at db.ts:12', method: 'POST', path: '/api/auth/sign-up/email' });
        expect(documented, `${authCode} ${status}`).toContain(err.code);
        expect(err.message.length).toBeGreaterThan(10);
        if (status >= 500) expect(err.message).not.toContain('secret');
      }
    }
  });
});

describe("better-auth's own checks run under tests as in production", () => {
  it.each([
    ['/api/auth/verify-email?token=x&callbackURL=https%3A%2F%2Fevil.example'],
    ['/api/auth/reset-password/x?callbackURL=%2F%2Fevil.example'],
    ['/api/auth/verify-email?token=x&callbackURL=javascript%3Aalert(1)'],
    ['/api/auth/verify-email?token=x&callbackURL=x%20y'],
  ])('%s: refused, never a redirect off the site or a 500', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(403);
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });
});

describe('names have limits at sign-up and in better-auth updates too', () => {
  it('refuses a 100,000-character name at sign-up and creates no account', async () => {
    const res = await post('/api/auth/sign-up/email', { name: 'n'.repeat(100_000), email: 'long.name@example.org', password: 'long-enough-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: expect.stringMatching(/^Name: /) } });
    expect(await t.database.db.select().from(authUser).where(eq(authUser.email, 'long.name@example.org'))).toEqual([]);
  });

  it('refuses a 101-character name through update-user and keeps the old one', async () => {
    const up = await post('/api/auth/sign-up/email', { name: 'Short Name', email: 'rename@example.org', password: 'long-enough-1' });
    const cookie = cookieHeader(up.headers['set-cookie']);
    const res = await post('/api/auth/update-user', { name: 'n'.repeat(101) }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const [row] = await t.database.db.select({ name: authUser.name }).from(authUser).where(eq(authUser.email, 'rename@example.org'));
    expect(row?.name).toBe('Short Name');
  });
});
