import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { openPostgres, type DatabaseHandle } from '../../db/client';
import { authSession, mailMessages, users } from '../../db/schema';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, cookieHeader, TEST_ORIGIN, TEST_PASSWORD, type TestApp, type TestUser } from '../../test/test-app';
import { createActorSource } from './actor-cache';
import { endSessionsOf } from './sessions';

/**
 * The signed-in person is held in memory on each app server (actor-cache.ts). Every kind of change to what a
 * session stands for must act on the very next request with the old cookie, on this server and on every other.
 * Each test first makes a request that puts the person in memory, so without the invalidation it covers the next
 * request would be answered from memory and the test would fail; the first test shows that memory is really used.
 */

let t: TestApp;
let league: League;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000', TRUST_PROXY: 'true' });
  league = await seedLeague(t, { teams: 3, rules: { maxPerWeek: 10, maxPerDay: 5, maxUpcoming: 20 } });
  admin = await t.signUp({ email: 'ac-admin@example.org', role: 'admin', name: 'Ada Admin' });
}, 60_000);
afterAll(() => t.close());

// Each request from an address of its own, so better-auth's per-address limits never decide a test here.
let lastIp = 0;
const nextIp = () => `10.77.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;
type Inject = App['app'];
const send = (app: Inject, method: 'POST' | 'PATCH', url: string, payload: unknown, cookie?: string) =>
  app.inject({ method, url, payload: payload as object, headers: { origin: TEST_ORIGIN, 'x-forwarded-for': nextIp(), ...(cookie ? { cookie } : {}) } });
const me = (cookie: string, app: Inject = t.app) => app.inject({ url: '/api/me', headers: { cookie } });
const profileOf = async (cookie: string, app: Inject = t.app) => {
  const res = await me(cookie, app);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().profile as { id: string; displayName: string; role: string; teamId: string | null; teamName: string | null };
};
async function signIn(user: TestUser, app: Inject = t.app): Promise<string> {
  const res = await send(app, 'POST', '/api/auth/sign-in/email', { email: user.email, password: user.password });
  expect(res.statusCode, res.body).toBe(200);
  return cookieHeader(res.headers['set-cookie']);
}
/**
 * Announces a change as a service does, and waits until it has also come back through the bus (PostgreSQL
 * delivers every event to its own server too, a moment later): a late echo would drop the entry once more.
 */
async function announce(people: string[] | 'all'): Promise<void> {
  const expected = JSON.stringify(people === 'all' ? [] : people);
  const heard = new Promise<void>((resolve) => {
    const stop = t.context.live.subscribe((event) => {
      if (event.type === 'people' && JSON.stringify(event.userIds) === expected) {
        stop();
        resolve();
      }
    });
  });
  await t.context.live.publish({ people });
  await heard;
}
/** A change made in the database behind the app's back: nothing announces it. */
const renameBehindTheApp = (id: string, displayName: string) => t.database.db.update(users).set({ displayName }).where(eq(users.id, id));

describe('the signed-in person held in memory', () => {
  it('is really held: a change made behind the app is not seen until a change is announced', async () => {
    const person = await t.signUp({ email: 'ac-control@example.org', name: 'Before' });
    expect((await profileOf(person.cookie)).displayName).toBe('Before');
    await renameBehindTheApp(person.id, 'Behind');
    expect((await profileOf(person.cookie)).displayName).toBe('Before');
    await announce([person.id]);
    expect((await profileOf(person.cookie)).displayName).toBe('Behind');
    // An event for somebody else leaves this person in memory.
    await renameBehindTheApp(person.id, 'Behind again');
    await announce([admin.id]);
    expect((await profileOf(person.cookie)).displayName).toBe('Behind');
    // An event naming nobody (anyone's) drops everyone.
    await announce('all');
    expect((await profileOf(person.cookie)).displayName).toBe('Behind again');
  });

  it('is read again after its max age, and never used past the end of its session, even with no event', async () => {
    const person = await t.signUp({ email: 'ac-clock@example.org', name: 'Clock One' });
    let clock = Date.now();
    const deps = { auth: t.auth, db: t.database.db, live: t.context.live, sessionMaxAgeMs: t.config.sessionMaxAgeMs };
    const short = createActorSource(deps, { maxAgeMs: 1_000, now: () => clock });
    const long = createActorSource(deps, { maxAgeMs: 10 * 365 * 86_400_000, now: () => clock });
    try {
      expect((await short.actorOf(person.cookie))!.profile.displayName).toBe('Clock One');
      expect((await long.actorOf(person.cookie))!.profile.displayName).toBe('Clock One');
      await renameBehindTheApp(person.id, 'Clock Two');
      clock += 999;
      expect((await short.actorOf(person.cookie))!.profile.displayName).toBe('Clock One');
      clock += 2;
      expect((await short.actorOf(person.cookie))!.profile.displayName).toBe('Clock Two');

      // The long-lived copy still holds the old name; once the session's own end (its expiry, at most
      // SESSION_MAX_AGE_DAYS after sign-in) has passed, it is not used any more.
      const [row] = await t.database.db.select({ expiresAt: authSession.expiresAt }).from(authSession).where(eq(authSession.userId, person.id));
      clock = row!.expiresAt.getTime() - 1_000;
      expect((await long.actorOf(person.cookie))!.profile.displayName).toBe('Clock One');
      clock = row!.expiresAt.getTime() + 1;
      expect((await long.actorOf(person.cookie))!.profile.displayName).toBe('Clock Two');
    } finally {
      short.close();
      long.close();
    }
  });

  it('a read that was under way when a change was announced is not kept (it may hold the old rows)', async () => {
    const person = await t.signUp({ email: 'ac-inflight@example.org', name: 'Flight One' });
    const source = createActorSource({ auth: t.auth, db: t.database.db, live: t.context.live, sessionMaxAgeMs: t.config.sessionMaxAgeMs });
    try {
      const reading = source.actorOf(person.cookie);
      // Heard synchronously, long before the read's first answer from the database.
      const announced = announce([person.id]);
      expect((await reading)!.profile.displayName).toBe('Flight One');
      await announced;
      expect(source.size).toBe(0);
      await renameBehindTheApp(person.id, 'Flight Two');
      expect((await source.actorOf(person.cookie))!.profile.displayName).toBe('Flight Two');
      expect(source.size).toBe(1);
    } finally {
      source.close();
    }
  });
});

describe('every change acts on the next request with the old cookie', () => {
  it('signing out', async () => {
    const person = await t.signUp({ email: 'ac-signout@example.org' });
    expect((await me(person.cookie)).statusCode).toBe(200);
    expect((await send(t.app, 'POST', '/api/auth/sign-out', {}, person.cookie)).statusCode).toBe(200);
    expect((await me(person.cookie)).statusCode).toBe(401);
  });

  it('signing in again in the same browser (the session it had ends)', async () => {
    const person = await t.signUp({ email: 'ac-rotate@example.org' });
    expect((await me(person.cookie)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: person.email, password: person.password },
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': nextIp(), cookie: person.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(person.cookie)).statusCode).toBe(401);
    expect((await me(cookieHeader(res.headers['set-cookie']))).statusCode).toBe(200);
  });

  it('signing out every other device, or every device', async () => {
    const person = await t.signUp({ email: 'ac-revoke@example.org' });
    const laptop = await signIn(person);
    expect((await me(person.cookie)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await send(t.app, 'POST', '/api/auth/revoke-other-sessions', {}, laptop)).statusCode).toBe(200);
    expect((await me(person.cookie)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await send(t.app, 'POST', '/api/auth/revoke-sessions', {}, laptop)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
  });

  it('changing the password and signing out the other devices', async () => {
    const person = await t.signUp({ email: 'ac-password@example.org' });
    const phone = await signIn(person);
    expect((await me(phone)).statusCode).toBe(200);
    const res = await send(t.app, 'POST', '/api/auth/change-password', { currentPassword: person.password, newPassword: 'a-new-password-9', revokeOtherSessions: true }, person.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
  });

  it('resetting the password (every session ends)', async () => {
    const person = await t.signUp({ email: 'ac-reset@example.org' });
    expect((await me(person.cookie)).statusCode).toBe(200);
    expect((await send(t.app, 'POST', '/api/auth/request-password-reset', { email: person.email })).statusCode).toBe(200);
    const [mail] = await t.database.db
      .select({ text: mailMessages.textBody })
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, person.email), eq(mailMessages.kind, 'password.reset')))
      .orderBy(desc(mailMessages.createdAt))
      .limit(1);
    const token = decodeURIComponent(/reset-password\?token=([\w-]+)/.exec(mail!.text)![1]!);
    const res = await send(t.app, 'POST', '/api/auth/reset-password', { token, newPassword: 'a-reset-password-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(person.cookie)).statusCode).toBe(401);
  });

  it('a session past its absolute lifetime, found by the web app asking better-auth for it', async () => {
    const person = await t.signUp({ email: 'ac-lifetime@example.org' });
    expect((await me(person.cookie)).statusCode).toBe(200);
    // 31 days old, unannounced: /api/auth/get-session reads the row, finds it over and ends it.
    await t.database.db
      .update(authSession)
      .set({ createdAt: sql`${authSession.createdAt} - make_interval(days => 31)` })
      .where(eq(authSession.userId, person.id));
    expect((await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: person.cookie } })).json()).toBeNull();
    expect((await me(person.cookie)).statusCode).toBe(401);
  });

  it('ending every session of a person (endSessionsOf)', async () => {
    const person = await t.signUp({ email: 'ac-end-all@example.org' });
    expect((await me(person.cookie)).statusCode).toBe(200);
    expect(await endSessionsOf(t.context, person.id)).toBe(1);
    expect((await me(person.cookie)).statusCode).toBe(401);
  });

  it('an admin disables the account', async () => {
    const person = await t.signUp({ email: 'ac-disable@example.org', role: 'coach', teamId: league.teamIds[0]! });
    expect((await me(person.cookie)).statusCode).toBe(200);
    expect((await send(t.app, 'PATCH', `/api/admin/users/${person.id}`, { disabled: true }, admin.cookie)).statusCode).toBe(200);
    expect((await me(person.cookie)).statusCode).toBe(401);
  });

  it('an admin changes the role (the sessions from before end)', async () => {
    const person = await t.signUp({ email: 'ac-role@example.org', role: 'member', teamId: league.teamIds[0]! });
    expect((await me(person.cookie)).statusCode).toBe(200);
    expect((await send(t.app, 'PATCH', `/api/admin/users/${person.id}`, { role: 'coach' }, admin.cookie)).statusCode).toBe(200);
    expect((await me(person.cookie)).statusCode).toBe(401);
  });

  it('an admin moves the person to another team', async () => {
    const [teamA, teamB] = league.teamIds as [string, string];
    const person = await t.signUp({ email: 'ac-team@example.org', role: 'coach', teamId: teamA });
    expect((await profileOf(person.cookie)).teamId).toBe(teamA);
    expect((await send(t.app, 'PATCH', `/api/admin/users/${person.id}`, { teamId: teamB }, admin.cookie)).statusCode).toBe(200);
    expect((await profileOf(person.cookie)).teamId).toBe(teamB);
    // ...and books for the new team at once.
    const booked = await send(t.app, 'POST', '/api/bookings', { slotId: league.slotIds[0]![0]! }, person.cookie);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().booking.teamId).toBe(teamB);
  });

  it('the person changes their own name', async () => {
    const person = await t.signUp({ email: 'ac-name@example.org', name: 'Old Name' });
    expect((await profileOf(person.cookie)).displayName).toBe('Old Name');
    expect((await send(t.app, 'PATCH', '/api/me', { displayName: 'New Name' }, person.cookie)).statusCode).toBe(200);
    expect((await profileOf(person.cookie)).displayName).toBe('New Name');
  });

  it('an admin renames the team', async () => {
    const teamId = league.teamIds[2]!;
    const person = await t.signUp({ email: 'ac-rename@example.org', role: 'coach', teamId });
    const before = (await profileOf(person.cookie)).teamName;
    expect((await send(t.app, 'PATCH', `/api/teams/${teamId}`, { name: `${before} Renamed` }, admin.cookie)).statusCode).toBe(200);
    expect((await profileOf(person.cookie)).teamName).toBe(`${before} Renamed`);
  });

  it('an admin deactivates the team: everyone held is read again', async () => {
    const teamId = league.teamIds[2]!;
    const person = await t.signUp({ email: 'ac-deactivate@example.org', role: 'coach', teamId, name: 'Deact Before' });
    expect((await profileOf(person.cookie)).displayName).toBe('Deact Before');
    // A mark only a fresh read can see: the deactivation must have dropped this person from memory.
    await renameBehindTheApp(person.id, 'Deact After');
    expect((await send(t.app, 'PATCH', `/api/teams/${teamId}`, { active: false }, admin.cookie)).statusCode).toBe(200);
    expect((await profileOf(person.cookie)).displayName).toBe('Deact After');
    expect((await send(t.app, 'PATCH', `/api/teams/${teamId}`, { active: true }, admin.cookie)).statusCode).toBe(200);
  });

  it('the person accepts an invitation while signed in: the new role and team act at once', async () => {
    const person = await t.signUp({ email: 'ac-invited@example.org', role: 'member' });
    expect((await profileOf(person.cookie)).role).toBe('member');
    expect((await send(t.app, 'POST', '/api/admin/invitations', { email: person.email, role: 'coach', teamId: league.teamIds[1]! }, admin.cookie)).statusCode).toBe(201);
    const [mail] = await t.database.db.select({ text: mailMessages.textBody }).from(mailMessages).where(eq(mailMessages.toAddress, person.email)).orderBy(desc(mailMessages.createdAt)).limit(1);
    const token = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect((await send(t.app, 'POST', '/api/invitations/accept-signed-in', { token }, person.cookie)).statusCode).toBe(200);
    expect(await profileOf(person.cookie)).toMatchObject({ role: 'coach', teamId: league.teamIds[1] });
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('across two app servers on one PostgreSQL', () => {
  let other: DatabaseHandle;
  let second: App;

  beforeAll(async () => {
    other = openPostgres(t.database.url!, { max: 3 });
    second = await buildApp({ config: t.config, database: other, authSecret: 'test-secret-test-secret-test-secret-42' });
    await second.app.ready();
  });
  afterAll(async () => {
    await second?.app.close();
    await other?.close();
  });

  /** Polls the second server until `check` holds: the event's arrival, not a sleep; far sooner than the 30 s max age. */
  async function onSecond(what: string, check: () => Promise<boolean>): Promise<void> {
    const until = Date.now() + 5_000;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`the second server still answered from memory 5 s after: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const onB = (cookie: string) => me(cookie, second.app);

  it('the second server holds the person too (a change behind the app stays unseen there)', async () => {
    const person = await t.signUp({ email: 'ac2-control@example.org', name: 'Two Before' });
    expect((await profileOf(person.cookie, second.app)).displayName).toBe('Two Before');
    await renameBehindTheApp(person.id, 'Two Behind');
    expect((await profileOf(person.cookie, second.app)).displayName).toBe('Two Before');
    // Announced on the first server: heard on the second.
    await t.context.live.publish({ people: [person.id] });
    await onSecond('an announced change', async () => (await profileOf(person.cookie, second.app)).displayName === 'Two Behind');
  });

  it('a sign-out on one server is a 401 on the other', async () => {
    const person = await t.signUp({ email: 'ac2-signout@example.org' });
    expect((await onB(person.cookie)).statusCode).toBe(200);
    expect((await send(t.app, 'POST', '/api/auth/sign-out', {}, person.cookie)).statusCode).toBe(200);
    await onSecond('sign-out', async () => (await onB(person.cookie)).statusCode === 401);
  });

  it('a password change that signs out the other devices', async () => {
    const person = await t.signUp({ email: 'ac2-password@example.org' });
    const phone = await signIn(person);
    expect((await onB(phone)).statusCode).toBe(200);
    const res = await send(t.app, 'POST', '/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'a-new-password-8', revokeOtherSessions: true }, person.cookie);
    expect(res.statusCode, res.body).toBe(200);
    await onSecond('password change', async () => (await onB(phone)).statusCode === 401);
  });

  it('an account disabled, a role changed', async () => {
    const disabled = await t.signUp({ email: 'ac2-disable@example.org', role: 'coach', teamId: league.teamIds[0]! });
    const promoted = await t.signUp({ email: 'ac2-role@example.org', role: 'member' });
    expect((await onB(disabled.cookie)).statusCode).toBe(200);
    expect((await onB(promoted.cookie)).statusCode).toBe(200);
    expect((await send(t.app, 'PATCH', `/api/admin/users/${disabled.id}`, { disabled: true }, admin.cookie)).statusCode).toBe(200);
    expect((await send(t.app, 'PATCH', `/api/admin/users/${promoted.id}`, { role: 'coach' }, admin.cookie)).statusCode).toBe(200);
    await onSecond('disable', async () => (await onB(disabled.cookie)).statusCode === 401);
    await onSecond('role change', async () => (await onB(promoted.cookie)).statusCode === 401);
  });

  it('a team assignment, a name, a team renamed', async () => {
    const [teamA, teamB] = league.teamIds as [string, string];
    const moved = await t.signUp({ email: 'ac2-team@example.org', role: 'coach', teamId: teamA });
    const named = await t.signUp({ email: 'ac2-name@example.org', name: 'Two Old' });
    const renamedTeam = await t.signUp({ email: 'ac2-rename@example.org', role: 'coach', teamId: teamB });
    expect((await profileOf(moved.cookie, second.app)).teamId).toBe(teamA);
    expect((await profileOf(named.cookie, second.app)).displayName).toBe('Two Old');
    const teamName = (await profileOf(renamedTeam.cookie, second.app)).teamName;

    expect((await send(t.app, 'PATCH', `/api/admin/users/${moved.id}`, { teamId: teamB }, admin.cookie)).statusCode).toBe(200);
    await onSecond('team assignment', async () => (await profileOf(moved.cookie, second.app)).teamId === teamB);
    expect((await send(t.app, 'PATCH', '/api/me', { displayName: 'Two New' }, named.cookie)).statusCode).toBe(200);
    await onSecond('own name', async () => (await profileOf(named.cookie, second.app)).displayName === 'Two New');
    // Last: a rename drops everyone, so it would hide a missing event of the two changes above.
    expect((await send(t.app, 'PATCH', `/api/teams/${teamB}`, { name: `${teamName} Two` }, admin.cookie)).statusCode).toBe(200);
    await onSecond('team renamed', async () => (await profileOf(renamedTeam.cookie, second.app)).teamName === `${teamName} Two`);
  });
});
