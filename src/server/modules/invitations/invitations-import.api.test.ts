import { eq, inArray, isNull, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, divisions, invitations, mailMessages, teams } from '../../db/schema';
import type { ImportPreview, ImportProgress } from '../../../shared/invitations/invitations.schemas';
import { insertTeam } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let robins: string;
let hawks: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'csv-admin@example.org', role: 'admin', name: 'Ada Admin' });
  robins = (await insertTeam(t.database.db, { name: 'Robins', division: '12U' })).id;
  hawks = (await insertTeam(t.database.db, { name: 'Hawks', division: '10U' })).id;
  await insertTeam(t.database.db, { name: 'Old Timers', division: null, active: false });
  await t.signUp({ email: 'robin.coach@example.org', role: 'coach', teamId: robins });
  await t.signUp({ email: 'hawk.coach@example.org', role: 'coach', teamId: hawks });
  await t.signUp({ email: 'parent@example.org', role: 'member' });
}, 60_000);
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, cookie: admin.cookie } });
const preview = async (csv: string) => {
  const res = await post('/api/admin/invitations/import/preview', { csv });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportPreview>();
};
const apply = async (csv: string, fingerprint: string) => {
  const res = await post('/api/admin/invitations/import/apply', { csv, fingerprint });
  return { res, lines: res.statusCode === 200 ? (res.body.trim().split('\n').map((l) => JSON.parse(l) as ImportProgress)) : [] };
};

describe('CSV import of teams and coaches', () => {
  const csv = [
    'Team,Division,Coach name,Coach email',
    'Blue Jays,10U,Jay Byrd,jay@example.org',
    'Blue Jays,10U,Bea Byrd,bea@example.org', // a second coach of a new team
    'Cardinals,,Carl Dinal,carl@example.org', // a new team without a division
    'Robins,12U,Rob Inn,robin.coach@example.org', // already coaches Robins
    'Robins,12U,Rae Inn,rae@example.org', // a new coach of an existing team
    'Robins,12U,Parent Person,parent@example.org', // an account that exists, invited
    'Orioles,12U,,', // a team with no coach yet
  ].join('\n');

  it('the preview lists what will be created and what exists; apply creates exactly that, with progress', async () => {
    const plan = await preview(csv);
    expect(plan.fileErrors).toEqual([]);
    expect(plan.rowCount).toBe(7);
    expect(plan.teamsToCreate).toEqual([
      { row: 2, name: 'Blue Jays', division: '10U' },
      { row: 4, name: 'Cardinals', division: null },
      { row: 8, name: 'Orioles', division: '12U' },
    ]);
    expect(plan.teamsExisting).toEqual([{ row: 5, name: 'Robins', division: '12U' }]);
    expect(plan.invitations.map((i) => [i.row, i.email, i.teamName, i.hasAccount])).toEqual([
      [2, 'jay@example.org', 'Blue Jays', false],
      [3, 'bea@example.org', 'Blue Jays', false],
      [4, 'carl@example.org', 'Cardinals', false],
      [6, 'rae@example.org', 'Robins', false],
      [7, 'parent@example.org', 'Robins', true],
    ]);
    expect(plan.alreadyDone).toEqual([{ row: 5, email: 'robin.coach@example.org', teamName: 'Robins', reason: 'Already coaches Robins.' }]);
    expect(plan.refused).toEqual([]);

    const { res, lines } = await apply(csv, plan.fingerprint);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const progress = lines.filter((l): l is Extract<ImportProgress, { type: 'progress' }> => l.type === 'progress');
    expect(progress.map((p) => p.done)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(progress.every((p) => p.total === 8)).toBe(true);
    expect(lines.at(-1)).toEqual({ type: 'done', teamsCreated: 3, invitationsSent: 5 });

    // What exists now is what the preview said, no more and no less.
    const created = await t.database.db
      .select({ id: teams.id, name: teams.name, division: divisions.name })
      .from(teams)
      .leftJoin(divisions, eq(divisions.id, teams.divisionId))
      .where(inArray(teams.name, ['Blue Jays', 'Cardinals', 'Orioles']));
    expect(created.map((c) => ({ name: c.name, division: c.division })).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      plan.teamsToCreate.map((c) => ({ name: c.name, division: c.division })),
    );
    expect(await t.database.db.$count(teams)).toBe(3 + 3);
    const teamName = new Map([...created.map((c) => [c.id, c.name] as const), [robins, 'Robins']]);
    const open = await t.database.db.select().from(invitations).where(and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
    expect(open.map((i) => [i.email, i.role, teamName.get(i.teamId!), i.displayName]).sort()).toEqual(
      plan.invitations.map((i) => [i.email, 'coach', i.teamName, i.name]).sort(),
    );
    const mails = await t.database.db.select({ to: mailMessages.toAddress, text: mailMessages.textBody }).from(mailMessages).where(eq(mailMessages.kind, 'invitation'));
    expect(mails.map((m) => m.to).sort()).toEqual(plan.invitations.map((i) => i.email).sort());
    expect(mails.find((m) => m.to === 'jay@example.org')!.text).toContain('as a coach of Blue Jays (10U)');
    expect(await t.database.db.$count(auditLog, eq(auditLog.action, 'invitation.import'))).toBe(1);

    // The same file again: nothing left to do; everything is "already" and apply refuses.
    const again = await preview(csv);
    expect(again.teamsToCreate).toEqual([]);
    expect(again.invitations).toEqual([]);
    expect(again.alreadyDone.map((d) => d.reason)).toEqual([
      'Already invited to coach Blue Jays.',
      'Already invited to coach Blue Jays.',
      'Already invited to coach Cardinals.',
      'Already coaches Robins.',
      'Already invited to coach Robins.',
      'Already invited to coach Robins.',
    ]);
    expect((await apply(csv, again.fingerprint)).res.statusCode).toBe(409);
  });

  it('lists every bad row with its reason, and imports the good ones', async () => {
    const bad = [
      'team,division,coach name,coach email',
      'Falcons,8U,Fay Con,fay@example',  // 2: bad email
      'Falcons,8U,Fay Con,fay@example.org', // 3: fine
      'Falcons,8U,Fay Again,FAY@example.org', // 4: duplicate coach in the file
      ',8U,No Team,noteam@example.org', // 5: no team
      'Sparrows,9U,Hawk Coach,hawk.coach@example.org', // 6: already coaches Hawks
      'Old Timers,,Old Coach,old@example.org', // 7: deactivated team
      'Falcons,10U,Other Div,otherdiv@example.org', // 8: another division for the same new team
      'Wrens,8U,Wren,wren@example.org,extra', // 9: too many values
      'Hawks,10U,Jay Again,jay@example.org', // 10: invited to Blue Jays already
      'csv-admin,,,csv-admin@example.org', // 11: an admin
    ].join('\n');
    const plan = await preview(bad);
    expect(plan.fileErrors).toEqual([]);
    expect(plan.refused.map((r) => r.row)).toEqual([2, 4, 5, 6, 7, 8, 9, 10, 11]);
    const reason = (row: number) => plan.refused.find((r) => r.row === row)!.reason;
    expect(reason(2)).toBe('"fay@example" is not a valid email address.');
    expect(reason(4)).toContain('fay@example.org appears twice in the file (first on row 3)');
    expect(reason(5)).toContain('No team name');
    expect(reason(6)).toContain('hawk.coach@example.org already coaches Hawks');
    expect(reason(7)).toContain('The team "Old Timers" is deactivated');
    expect(reason(8)).toContain('Row 3 puts "Falcons" in division 8U, this row in 10U');
    expect(reason(9)).toContain('This row has 5 values but the header has 4 columns');
    expect(reason(10)).toContain('jay@example.org already has an open invitation to coach Blue Jays');
    expect(reason(11)).toContain('csv-admin@example.org is a league admin');
    expect(plan.teamsToCreate).toEqual([{ row: 3, name: 'Falcons', division: '8U' }]);
    expect(plan.invitations.map((i) => i.email)).toEqual(['fay@example.org']);

    const { lines } = await apply(bad, plan.fingerprint);
    expect(lines.at(-1)).toEqual({ type: 'done', teamsCreated: 1, invitationsSent: 1 });
    expect(await t.database.db.$count(teams, eq(teams.name, 'Sparrows'))).toBe(0);
  });

  it('refuses a file with an unknown or a missing column as a whole, naming the columns', async () => {
    const unknown = await preview('Squad,Division,Coach name,Coach email\nBlue Jays,10U,Jay,jay2@example.org');
    expect(unknown.fileErrors).toEqual([
      'Unknown column "Squad" (column 1). The columns are: team, division, coach name, coach email. Rename it or delete it.',
      'The "team" column is missing. The header row must name the columns: team, division, coach name, coach email.',
    ]);
    expect(unknown.teamsToCreate).toEqual([]);
    expect((await apply('Squad,Division,Coach name,Coach email\nBlue Jays,10U,Jay,jay2@example.org', unknown.fingerprint)).res.statusCode).toBe(400);
    expect((await preview('team;division;coach name;coach email\nKestrels;8U;Kes;kes@example.org')).teamsToCreate).toEqual([{ row: 2, name: 'Kestrels', division: '8U' }]);
    expect((await preview('team,"coach email\nBad,"x')).fileErrors[0]).toContain('could not be read as CSV');
  });

  it('refuses to apply when the league changed since the preview', async () => {
    const file = 'team,division,coach name,coach email\nLarks,8U,Lark,lark@example.org';
    const plan = await preview(file);
    await insertTeam(t.database.db, { name: 'Larks', division: '8U' });
    const { res } = await apply(file, plan.fingerprint);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('changed since the preview');
    expect(await t.database.db.$count(invitations, eq(invitations.email, 'lark@example.org'))).toBe(0);
  });
});
