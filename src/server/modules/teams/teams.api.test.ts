import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import type { AdminTeamsResponse } from '../../../shared/teams/teams.schemas';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let league: League;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 1, rules: { maxPerWeek: 10, maxPerDay: 5, maxUpcoming: 20 } });
  admin = await t.signUp({ email: 'teams-admin@example.org', role: 'admin' });
}, 60_000);
afterAll(() => t.close());

const send = (user: TestUser, method: 'POST' | 'PATCH', url: string, payload: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: user.cookie, origin: TEST_ORIGIN } });
const adminTeams = async () => (await t.app.inject({ url: '/api/admin/teams', headers: { cookie: admin.cookie } })).json<AdminTeamsResponse>();
const publicTeams = async () => (await t.app.inject({ url: '/api/teams' })).json().teams as Array<{ id: string; name: string }>;

describe('teams on the user manager', () => {
  it('creates a team with a division, refuses a taken name, renames it and changes its division, audit-logged', async () => {
    const division = await send(admin, 'POST', '/api/admin/divisions', { name: '10U' });
    expect(division.statusCode, division.body).toBe(201);
    const divisionId = division.json().division.id as string;
    const created = await send(admin, 'POST', '/api/teams', { name: '  Eagles ', divisionId });
    expect(created.statusCode).toBe(201);
    const team = created.json().team;
    expect(team).toMatchObject({ name: 'Eagles', division: '10U', divisionId, active: true });
    expect((await publicTeams()).map((x) => x.name)).toContain('Eagles');

    const taken = await send(admin, 'POST', '/api/teams', { name: 'Eagles' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ message: expect.stringContaining('A team named "Eagles" already exists'), details: { fields: { name: expect.any(String) } } });

    const unknown = await send(admin, 'PATCH', `/api/teams/${team.id}`, { divisionId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('That division does not exist any more. Choose one from the list.');

    const renamed = await send(admin, 'PATCH', `/api/teams/${team.id}`, { name: 'Golden Eagles', divisionId: null });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().team).toMatchObject({ name: 'Golden Eagles', division: null, divisionId: null });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, team.id), eq(auditLog.action, 'team.update')));
    expect(entry).toMatchObject({ before: { name: 'Eagles', division: '10U' }, after: { name: 'Golden Eagles', division: null }, actorId: admin.id });
  });

  it('lists every team with its coaches and its bookings this season', async () => {
    const teamId = league.teamIds[0]!;
    const coach = await t.signUp({ email: 'teams-coach@example.org', name: 'Cory Coach', role: 'coach', teamId });
    await t.signUp({ email: 'teams-parent@example.org', role: 'member', teamId });
    for (const slotId of [league.slotIds[0]![0]!, league.slotIds[1]![0]!]) {
      expect((await send(coach, 'POST', '/api/bookings', { slotId })).statusCode).toBe(201);
    }
    const body = await adminTeams();
    expect(body.season).toMatchObject({ id: league.seasonId });
    const team = body.teams.find((x: { id: string }) => x.id === teamId);
    expect(team).toMatchObject({ active: true, bookingsThisSeason: 2, upcomingBookings: 2, coaches: [{ id: coach.id, displayName: 'Cory Coach', email: coach.email, disabled: false }] });
    // The list a team expands to is the admin bookings search, by team and season.
    const list = await t.app.inject({ url: `/api/admin/bookings?teamId=${teamId}&seasonId=${league.seasonId}`, headers: { cookie: admin.cookie } });
    expect(list.json().bookings).toHaveLength(2);
  });

  it('refuses to deactivate a team holding upcoming bookings, with the count; deactivates it once they are cancelled; reactivates it', async () => {
    const teamId = league.teamIds[0]!;
    const refused = await send(admin, 'PATCH', `/api/teams/${teamId}`, { active: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('has 2 upcoming bookings. Cancel or move them on Manage bookings first'), details: { upcomingBookings: 2 } });
    expect((await adminTeams()).teams.find((x: { id: string }) => x.id === teamId)!.active).toBe(true);

    const bookings = (await t.app.inject({ url: `/api/admin/bookings?teamId=${teamId}`, headers: { cookie: admin.cookie } })).json().bookings as Array<{ id: string }>;
    for (const b of bookings) expect((await send(admin, 'POST', `/api/admin/bookings/${b.id}/cancel`, { reason: 'Team folding' })).statusCode).toBe(200);

    const off = await send(admin, 'PATCH', `/api/teams/${teamId}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().team.active).toBe(false);
    expect((await publicTeams()).map((x) => x.id)).not.toContain(teamId);
    // Its coach can no longer book, and nobody can be put on it.
    const coachCookie = (await t.signUp({ email: 'teams-coach2@example.org', role: 'coach', teamId })).cookie;
    const booked = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: { slotId: league.slotIds[2]![0]! }, headers: { cookie: coachCookie, origin: TEST_ORIGIN } });
    expect(booked.statusCode).toBe(403);
    expect(booked.json().error.message).toContain('Your team is not active');
    const member = await t.signUp({ email: 'teams-member@example.org' });
    expect((await send(admin, 'PATCH', `/api/admin/users/${member.id}`, { teamId })).statusCode).toBe(400);

    const [deactivated] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, teamId), eq(auditLog.action, 'team.deactivate')));
    expect(deactivated).toMatchObject({ before: { active: true }, after: { active: false } });

    const on = await send(admin, 'PATCH', `/api/teams/${teamId}`, { active: true });
    expect(on.json().team.active).toBe(true);
    expect((await publicTeams()).map((x) => x.id)).toContain(teamId);
    expect(await t.database.db.$count(auditLog, and(eq(auditLog.entityId, teamId), eq(auditLog.action, 'team.reactivate')))).toBe(1);
  });

  it('only admins manage teams; an unknown team is a 404', async () => {
    const coach = await t.signUp({ email: 'teams-nosy@example.org', role: 'coach', teamId: league.teamIds[0]! });
    expect((await send(coach, 'POST', '/api/teams', { name: 'Sneaky' })).statusCode).toBe(403);
    expect((await send(coach, 'PATCH', `/api/teams/${league.teamIds[0]}`, { name: 'Sneaky' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/teams', headers: { cookie: coach.cookie } })).statusCode).toBe(403);
    expect((await send(admin, 'PATCH', '/api/teams/6b1f9a5e-8a4f-4c1e-9d7e-000000000000', { name: 'Nobody' })).statusCode).toBe(404);
  });
});
