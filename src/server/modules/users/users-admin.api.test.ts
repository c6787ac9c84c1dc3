import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authSession, users } from '../../db/schema';
import type { UserPage } from '../../../shared/users/user-manager.schemas';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, cookieHeader, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let league: League;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT: '1000' });
  league = await seedLeague(t, { teams: 2, rules: { maxPerWeek: 10, maxPerDay: 5, maxUpcoming: 20 } });
  admin = await t.signUp({ email: 'um-admin@example.org', role: 'admin', name: 'Ada Admin' });
}, 60_000);
afterAll(() => t.close());

const patchUser = (actor: TestUser, id: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, payload: payload as object, headers: { cookie: actor.cookie, origin: TEST_ORIGIN } });
const book = (user: TestUser, slotId: string) =>
  t.app.inject({ method: 'POST', url: '/api/bookings', payload: { slotId }, headers: { cookie: user.cookie, origin: TEST_ORIGIN } });
/** The person signs in again (a role change ends their sessions): the same person with a new cookie. */
async function signInAgain(user: TestUser): Promise<TestUser> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password }, headers: { origin: TEST_ORIGIN } });
  expect(res.statusCode).toBe(200);
  return { ...user, cookie: cookieHeader(res.headers['set-cookie']) };
}
const me = (user: TestUser) => t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } });
const auditFor = (id: string, action: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe('changes act on the very next request', () => {
  it('a coach moved off a team can no longer book for it; moved to another team, books for that one', async () => {
    const [teamA, teamB] = league.teamIds as [string, string];
    const coach = await t.signUp({ email: 'um-coach@example.org', role: 'coach', teamId: teamA });
    expect((await book(coach, league.slotIds[0]![0]!)).statusCode).toBe(201);

    const off = await patchUser(admin, coach.id, { teamId: null });
    expect(off.statusCode).toBe(200);
    expect(off.json().user).toMatchObject({ id: coach.id, role: 'coach', teamId: null, teamName: null });
    // The same session cookie, the very next request: refused with the reason.
    const refused = await book(coach, league.slotIds[0]![1]!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', details: { rule: 'NO_TEAM' } });

    expect((await patchUser(admin, coach.id, { teamId: teamB })).statusCode).toBe(200);
    const forB = await book(coach, league.slotIds[1]![0]!);
    expect(forB.statusCode).toBe(201);
    expect(forB.json().booking.teamId).toBe(teamB);

    const [removed, moved] = await auditFor(coach.id, 'user.team.change').then((rows) => rows.sort((a, b) => a.at.getTime() - b.at.getTime()));
    expect(removed).toMatchObject({ actorId: admin.id, before: { teamId: teamA }, after: { teamId: null, teamName: null } });
    expect(moved).toMatchObject({ before: { teamId: null }, after: { teamId: teamB } });
  });

  it('a role change acts at once and ends the sessions from before it: a member made coach signs in again and books, a coach made member cannot', async () => {
    const [teamA] = league.teamIds as [string];
    let person = await t.signUp({ email: 'um-role@example.org', role: 'member', teamId: teamA });
    expect((await book(person, league.slotIds[2]![0]!)).json().error.details.rule).toBe('NOT_COACH');
    const promoted = await patchUser(admin, person.id, { role: 'coach' });
    expect(promoted.json().user.role).toBe('coach');
    // The session started as a member does not carry the coach's rights: it has ended.
    expect((await book(person, league.slotIds[2]![0]!)).statusCode).toBe(401);
    expect(await t.database.db.$count(authSession, eq(authSession.userId, person.id))).toBe(0);
    person = await signInAgain(person);
    expect((await book(person, league.slotIds[2]![0]!)).statusCode).toBe(201);
    expect((await patchUser(admin, person.id, { role: 'member' })).statusCode).toBe(200);
    expect((await book(person, league.slotIds[2]![1]!)).statusCode).toBe(401);
    person = await signInAgain(person);
    expect((await book(person, league.slotIds[2]![1]!)).json().error.details.rule).toBe('NOT_COACH');
    const changes = await auditFor(person.id, 'user.role.change');
    expect(changes.map((c) => [c.before, c.after])).toEqual(
      expect.arrayContaining([
        [{ role: 'member' }, { role: 'coach', sessionsEnded: 1 }],
        [{ role: 'coach' }, { role: 'member', sessionsEnded: 1 }],
      ]),
    );
  });

  it('an admin made coach loses the admin pages on the next request', async () => {
    const other = await t.signUp({ email: 'um-admin2@example.org', role: 'admin' });
    expect((await t.app.inject({ url: '/api/admin/users', headers: { cookie: other.cookie } })).statusCode).toBe(200);
    expect((await patchUser(admin, other.id, { role: 'coach', teamId: league.teamIds[0]! })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/users', headers: { cookie: other.cookie } })).statusCode).toBe(401);
    const again = await signInAgain(other);
    expect((await t.app.inject({ url: '/api/admin/users', headers: { cookie: again.cookie } })).statusCode).toBe(403);
  });

  it("disabling ends the person's sessions at once: their cookie gets 401 and they cannot sign in; enabling lets them back", async () => {
    const person = await t.signUp({ email: 'um-disable@example.org', role: 'coach', teamId: league.teamIds[0]! });
    // A second session, as from another device.
    const second = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: person.email, password: person.password }, headers: { origin: TEST_ORIGIN } });
    const secondCookie = cookieHeader(second.headers['set-cookie']);
    expect((await me(person)).statusCode).toBe(200);
    expect(await t.database.db.$count(authSession, eq(authSession.userId, person.id))).toBe(2);

    const res = await patchUser(admin, person.id, { disabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.disabled).toBe(true);
    expect((await me(person)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: secondCookie } })).statusCode).toBe(401);
    expect((await book(person, league.slotIds[3]![0]!)).statusCode).toBe(401);
    expect(await t.database.db.$count(authSession, eq(authSession.userId, person.id))).toBe(0);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: person.email, password: person.password }, headers: { origin: TEST_ORIGIN } });
    expect(signIn.statusCode).toBe(403);

    const [entry] = await auditFor(person.id, 'user.disable');
    expect(entry).toMatchObject({ before: { disabled: false }, after: { disabled: true, sessionsEnded: 2 } });

    expect((await patchUser(admin, person.id, { disabled: false })).json().user.disabled).toBe(false);
    const back = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: person.email, password: person.password }, headers: { origin: TEST_ORIGIN } });
    expect(back.statusCode).toBe(200);
    expect(await auditFor(person.id, 'user.enable')).toHaveLength(1);
  });
});

describe('what the user manager refuses', () => {
  it('only admins may search or change people', async () => {
    const coach = await t.signUp({ email: 'um-nosy@example.org', role: 'coach', teamId: league.teamIds[0]! });
    expect((await t.app.inject({ url: '/api/admin/users', headers: { cookie: coach.cookie } })).statusCode).toBe(403);
    expect((await patchUser(coach, coach.id, { role: 'admin' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/users' })).statusCode).toBe(401);
  });

  it('a search with a null character is a 400 in words, not a server error (PostgreSQL cannot hold one in text)', async () => {
    const res = await t.app.inject({ url: '/api/admin/users?q=x%40example.org%00&status=disabled&limit=95', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'A value contains a character that cannot be stored (a null character). Remove it and try again.',
      key: 'server.nullCharacter',
      params: {},
    });
  });

  it('an unknown person, an unknown team, an empty change, and disabling oneself', async () => {
    expect((await patchUser(admin, 'no-such-user', { role: 'coach' })).statusCode).toBe(404);
    const person = await t.signUp({ email: 'um-refuse@example.org' });
    const team = await patchUser(admin, person.id, { teamId: '6b1f9a5e-8a4f-4c1e-9d7e-000000000000' });
    expect(team.statusCode).toBe(400);
    expect(team.json().error.details.fields.teamId).toBeDefined();
    expect((await patchUser(admin, person.id, {})).statusCode).toBe(400);
    const self = await patchUser(admin, admin.id, { disabled: true });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toContain('You cannot disable your own account');
  });

  it('searches by name or email and filters by role, team and status', async () => {
    const [teamA, teamB] = league.teamIds as [string, string];
    await t.signUp({ email: 'zed.filter@example.org', name: 'Zed Filterson', role: 'coach', teamId: teamB });
    const gone = await t.signUp({ email: 'off.filter@example.org', name: 'Otto Filter', role: 'member' });
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, gone.id));
    const search = async (qs: string) => (await t.app.inject({ url: `/api/admin/users?${qs}`, headers: { cookie: admin.cookie } })).json<UserPage>();

    expect((await search('q=FILTER')).users.map((u: { email: string }) => u.email)).toEqual(['off.filter@example.org', 'zed.filter@example.org']);
    expect((await search('q=zed.filter@')).total).toBe(1);
    expect((await search(`q=filter&teamId=${teamB}`)).users.map((u: { displayName: string }) => u.displayName)).toEqual(['Zed Filterson']);
    expect((await search(`q=filter&teamId=${teamA}`)).users).toEqual([]);
    expect((await search('q=filter&teamId=none')).users.map((u: { displayName: string }) => u.displayName)).toEqual(['Otto Filter']);
    expect((await search('q=filter&status=disabled')).users).toMatchObject([{ displayName: 'Otto Filter', disabled: true }]);
    expect((await search('q=filter&status=active&role=coach')).users).toMatchObject([{ displayName: 'Zed Filterson', role: 'coach', teamName: expect.any(String) }]);
    // LIKE wildcards in the search are plain characters.
    expect((await search('q=%25')).users).toEqual([]);
  });
});

describe('the last active admin', () => {
  it('cannot be demoted or disabled; with a second admin, one of them can', async () => {
    // This file's other admins were demoted above or are disabled; make sure `admin` is the only one left.
    const others = (await t.database.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.disabled, false)))).filter((u) => u.id !== admin.id);
    for (const o of others) await t.database.db.update(users).set({ role: 'member' }).where(eq(users.id, o.id));

    const demote = await patchUser(admin, admin.id, { role: 'coach' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining("the league's last active admin"), details: { rule: 'LAST_ADMIN' } });
    expect((await me(admin)).json().profile.role).toBe('admin');

    const second = await t.signUp({ email: 'um-second@example.org', role: 'admin' });
    // Two active admins: either may go.
    const disabled = await patchUser(second, admin.id, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect((await me(admin)).statusCode).toBe(401);
    // Now `second` is the last one: neither demoted nor disabled.
    expect((await patchUser(second, second.id, { role: 'member' })).json().error.details.rule).toBe('LAST_ADMIN');
    expect((await patchUser(second, second.id, { disabled: true })).statusCode).toBe(403);
    // A disabled admin does not count: enabling `admin` makes two again, and then `second` may step down.
    expect((await patchUser(second, admin.id, { disabled: false })).statusCode).toBe(200);
    expect((await patchUser(second, second.id, { role: 'member' })).statusCode).toBe(200);
  });
});
