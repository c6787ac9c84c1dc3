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
const me = async (cookie: string): Promise<Record<string, unknown>> => (await t.app.inject({ url: '/api/me', headers: { cookie } })).json<{ profile: Record<string, unknown> }>().profile;

describe('my profile', () => {
  it('lists teams publicly and lets a person rename themselves', async () => {
    const teams = await t.app.inject({ url: '/api/teams' });
    expect(teams.json().teams).toEqual([{ id: teamId, name: 'Blue Jays', division: '10U', divisionId: expect.any(String) }]);

    const member = await t.signUp({ email: 'parent@example.org' });
    const res = await patchMe(member.cookie, { displayName: '  Pat P.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ displayName: 'Pat P.', teamId: null });
  });

  it('refuses a member putting themselves on a team: only an admin grants one (issue 10)', async () => {
    const member = await t.signUp({ email: 'stranger@example.org' });
    const res = await patchMe(member.cookie, { teamId, displayName: 'Sneaky' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('Only a league admin can put you on a team') });
    // Nothing of the request was applied.
    expect(await me(member.cookie)).toMatchObject({ teamId: null, teamName: null, displayName: 'Test Person' });
  });

  it('refuses a coach changing or leaving their team; sending the same team back is no change', async () => {
    const coach = await t.signUp({ email: 'coach@example.org', role: 'coach', teamId });
    const leave = await patchMe(coach.cookie, { teamId: null });
    expect(leave.statusCode).toBe(403);
    expect(leave.json().error.message).toContain('Ask one to add you');
    expect((await me(coach.cookie)).teamName).toBe('Blue Jays');
    const same = await patchMe(coach.cookie, { teamId, displayName: 'Casey' });
    expect(same.statusCode).toBe(200);
    expect(same.json().profile).toMatchObject({ teamName: 'Blue Jays', displayName: 'Casey' });
  });

  it('refuses any other key (a role, say) and a name over 100 characters', async () => {
    const member = await t.signUp({ email: 'climber@example.org' });
    const role = await patchMe(member.cookie, { role: 'admin' });
    expect(role.statusCode).toBe(400);
    expect((await me(member.cookie)).role).toBe('member');
    const long = await patchMe(member.cookie, { displayName: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json().error)).toContain('Use at most 100 characters');
    expect((await patchMe(member.cookie, { displayName: 'x'.repeat(100) })).statusCode).toBe(200);
  });
});
