import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession } from '../../db/schema';
import { buildTestApp, cookieHeader, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { endSessionsOf } from './sessions';

/** Sessions: an absolute lifetime (SESSION_MAX_AGE_DAYS, 30), a new session on every sign-in, and a way to end them all. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const DAY = 86_400_000;
let lastIp = 0;
const signIn = (email: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `10.80.0.${++lastIp}`, ...(cookie ? { cookie } : {}) },
  });
const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });
const getSession = (cookie: string) => t.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
const sessionsOf = (userId: string) =>
  t.database.db
    .select({ token: authSession.token, createdAt: authSession.createdAt, expiresAt: authSession.expiresAt })
    .from(authSession)
    .where(eq(authSession.userId, userId));
/**
 * Moves a person's sessions `days` into the past: their creation, and their expiry when `expiry` is true. A row
 * changed behind the app's back is announced like the app's own changes, so that the session held in memory
 * (auth/actor-cache.ts) is read again; actor-cache.api.test.ts checks that time passing alone ends it there too.
 */
const age = async (userId: string, days: number, { expiry }: { expiry: boolean }) => {
  await t.database.db
    .update(authSession)
    .set({
      createdAt: sql`${authSession.createdAt} - make_interval(days => ${days})`,
      ...(expiry ? { expiresAt: sql`${authSession.expiresAt} - make_interval(days => ${days})` } : {}),
    })
    .where(eq(authSession.userId, userId));
  await t.context.live.publish({ people: [userId] });
};

describe('absolute session lifetime', () => {
  it('a session ends 30 days after sign-in however active it is: our routes and get-session both say so', async () => {
    const user = await t.signUp({ email: 'lifetime@example.org' });
    expect((await me(user.cookie)).statusCode).toBe(200);

    // 29 days on, still signed in.
    await age(user.id, 29, { expiry: false });
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await getSession(user.cookie)).json()?.user.email).toBe(user.email);

    // A day and a bit later it is over, even though its expiry (as an old, extended row might say) is far away.
    await age(user.id, 1, { expiry: false });
    const [row] = await sessionsOf(user.id);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const res = await me(user.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('get-session answers null for an expired-by-age session and clears its cookie', async () => {
    const user = await t.signUp({ email: 'lifetime-web@example.org' });
    await age(user.id, 31, { expiry: false });
    const res = await getSession(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    expect(String(res.headers['set-cookie'])).toMatch(/session_token=;.*Max-Age=0/i);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('a session is never extended by use: its expiry stays 30 days after sign-in', async () => {
    const user = await t.signUp({ email: 'no-extend@example.org' });
    const [fresh] = await sessionsOf(user.id);
    expect(fresh!.expiresAt.getTime() - fresh!.createdAt.getTime()).toBeGreaterThan(30 * DAY - 60_000);
    expect(fresh!.expiresAt.getTime() - fresh!.createdAt.getTime()).toBeLessThanOrEqual(30 * DAY + 60_000);

    // Two days old and in use: reading it does not move its expiry (better-auth used to slide it by a day's use).
    await age(user.id, 2, { expiry: true });
    const [before] = await sessionsOf(user.id);
    expect((await getSession(user.cookie)).json()?.user.email).toBe(user.email);
    expect((await me(user.cookie)).statusCode).toBe(200);
    const [after] = await sessionsOf(user.id);
    expect(after!.expiresAt.getTime()).toBe(before!.expiresAt.getTime());
  });
});

describe('session rotation', () => {
  it('signing in gives a new session, and the one the browser had before ends', async () => {
    const user = await t.signUp({ email: 'rotate@example.org' });
    const [old] = await sessionsOf(user.id);
    const res = await signIn(user.email, user.password, user.cookie);
    expect(res.statusCode).toBe(200);
    const cookie = cookieHeader(res.headers['set-cookie']);
    expect(cookie).not.toBe(user.cookie);
    const tokens = (await sessionsOf(user.id)).map((s) => s.token);
    expect(tokens).toHaveLength(1);
    expect(tokens).not.toContain(old!.token);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it("a planted cookie (another person's session) is not reused: signing in ends it and issues a new one", async () => {
    const attacker = await t.signUp({ email: 'planter@example.org' });
    const victim = await t.signUp({ email: 'planted@example.org' });
    const res = await signIn(victim.email, victim.password, attacker.cookie);
    expect(res.statusCode).toBe(200);
    const cookie = cookieHeader(res.headers['set-cookie']);
    expect((await me(cookie)).json().profile.email).toBe(victim.email);
    expect((await me(attacker.cookie)).statusCode).toBe(401);
  });

  it('signing in on another device leaves the first one signed in', async () => {
    const user = await t.signUp({ email: 'two-devices@example.org' });
    const res = await signIn(user.email, user.password);
    expect(res.statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(cookieHeader(res.headers['set-cookie']))).statusCode).toBe(200);
  });

  it('endSessionsOf ends every session of a person but the one kept (for a role change)', async () => {
    const user = await t.signUp({ email: 'role-change@example.org' });
    const second = cookieHeader((await signIn(user.email, user.password)).headers['set-cookie']);
    const third = cookieHeader((await signIn(user.email, user.password)).headers['set-cookie']);
    const other = await t.signUp({ email: 'unaffected@example.org' });
    const keep = (await t.auth.api.getSession({ headers: new Headers({ cookie: third }) }))!.session.token;

    expect(await endSessionsOf(t.context, user.id, { except: keep })).toBe(2);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(200);
    expect(await endSessionsOf(t.context, user.id)).toBe(1);
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(other.cookie)).statusCode).toBe(200);
  });
});
