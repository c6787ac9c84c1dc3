import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession, authUser } from '../../db/schema';
import { buildTestApp, type TestApp, type TestUser } from '../../test/test-app';

/**
 * The access check reads a session it does not hold in memory itself (session-cookie.ts, one statement), no longer
 * through better-auth's endpoint. Whatever better-auth's own session read refuses must be refused here too, and
 * what it accepts accepted: each case is asked of both, on a fresh server (nothing held in memory) and on /api/me.
 */
let t: TestApp;
let person: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  person = await t.signUp({ email: 'cookie-person@example.org', role: 'coach', name: 'Cora Cookie' });
}, 60_000);
afterAll(() => t.close());

const parts = (cookie: string) => {
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  const raw = decodeURIComponent(value);
  const dot = raw.lastIndexOf('.');
  return { name, token: raw.slice(0, dot), signature: raw.slice(dot + 1) };
};
const cookieOf = (name: string, token: string, signature: string) => `${name}=${encodeURIComponent(`${token}.${signature}`)}`;

/** Asks /api/me (our access check) and better-auth's get-session, with nothing held in memory. */
async function bothSay(cookie: string): Promise<{ ours: number; betterAuth: boolean }> {
  t.wroteBehindTheApp();
  const ours = (await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode;
  const theirs = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
  return { ours, betterAuth: theirs.statusCode === 200 && theirs.json() !== null };
}

describe('a session cookie read by the access check', () => {
  it('a signed-in person is known, with the profile and the admin decision', async () => {
    expect(await bothSay(person.cookie)).toEqual({ ours: 200, betterAuth: true });
    const res = await t.app.inject({ url: '/api/me', headers: { cookie: `theme=dark; ${person.cookie}; other=1` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ email: 'cookie-person@example.org', displayName: 'Cora Cookie', role: 'coach' });
  });

  it('a token with a changed signature, or signed with another secret, is nobody', async () => {
    const { name, token, signature } = parts(person.cookie);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await bothSay(cookieOf(name, token, flipped))).toEqual({ ours: 401, betterAuth: false });
    const { createHmac } = await import('node:crypto');
    const foreign = createHmac('sha256', 'another-secret-another-secret-another-secret').update(token).digest('base64');
    expect(await bothSay(cookieOf(name, token, foreign))).toEqual({ ours: 401, betterAuth: false });
    expect(await bothSay(`${name}=${encodeURIComponent(token)}`)).toEqual({ ours: 401, betterAuth: false });
    expect(await bothSay(`${name}=`)).toEqual({ ours: 401, betterAuth: false });
  });

  it('another session token signed with our secret but not in the database is nobody', async () => {
    const { name } = parts(person.cookie);
    const { createHmac } = await import('node:crypto');
    const secret = (await t.auth.$context).secret;
    const made = 'x'.repeat(32);
    expect(await bothSay(cookieOf(name, made, createHmac('sha256', secret).update(made).digest('base64')))).toEqual({ ours: 401, betterAuth: false });
  });

  it('when a cookie name appears twice, the first one decides, as in better-auth', async () => {
    const { name } = parts(person.cookie);
    expect(await bothSay(`${person.cookie}; ${name}=forged.value`)).toEqual({ ours: 200, betterAuth: true });
    expect(await bothSay(`${name}=forged.value; ${person.cookie}`)).toEqual({ ours: 401, betterAuth: false });
  });

  it('an expired session is nobody, and the admin claim is read with the session', async () => {
    const other = await t.signUp({ email: 'cookie-claims@example.org', role: 'member' });
    await t.database.db.update(authUser).set({ claims: { admin: true } }).where(eq(authUser.id, other.id));
    t.wroteBehindTheApp();
    const claims = await t.app.inject({ url: '/api/admin/users', headers: { cookie: other.cookie } });
    expect(claims.statusCode, 'an admin claim makes an admin').toBe(200);
    const { token } = parts(other.cookie);
    await t.database.db.update(authSession).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(authSession.token, token));
    expect(await bothSay(other.cookie)).toEqual({ ours: 401, betterAuth: false });
  });
});
