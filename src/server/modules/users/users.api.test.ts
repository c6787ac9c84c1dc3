import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { insertTeam } from '../../test/booking-fixtures';

let t: TestApp;
let teamId: string;
beforeAll(async () => {
  t = await buildTestApp();
  teamId = (await insertTeam(t.database.db, { name: 'Blue Jays', division: '10U' })).id;
});
afterAll(() => t.close());

const patchMe = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/me', payload: payload as object, headers: { cookie, origin: TEST_ORIGIN } });

describe('my profile', () => {
  it('lists teams publicly and lets a member pick a team, which the profile exposes as teamName', async () => {
    const teams = await t.app.inject({ url: '/api/teams' });
    expect(teams.json().teams).toEqual([{ id: teamId, name: 'Blue Jays', division: '10U' }]);

    const member = await t.signUp({ email: 'parent@example.org' });
    const res = await patchMe(member.cookie, { teamId, displayName: 'Pat P.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ teamId, teamName: 'Blue Jays', displayName: 'Pat P.' });
  });

  it('refuses an unknown team and a coach changing their own team', async () => {
    const member = await t.signUp({ email: 'parent2@example.org' });
    const unknown = await patchMe(member.cookie, { teamId: '6b1f9a5e-8a4f-4c1e-9d7e-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('team does not exist');

    const coach = await t.signUp({ email: 'coach@example.org', role: 'coach', teamId });
    const res = await patchMe(coach.cookie, { teamId: null });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain('Ask a league admin');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: coach.cookie } });
    expect(me.json().profile.teamName).toBe('Blue Jays');
  });
});
