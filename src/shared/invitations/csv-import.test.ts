import { describe, expect, it } from 'vitest';
import { mapHeader, planImport, type ImportState } from './csv-import';

const empty: ImportState = { teams: [], people: [], invitations: [] };
const rows = (...lines: string[][]) => lines.map((values, i) => ({ row: i + 2, values }));

describe('the import header', () => {
  it('takes the spellings spreadsheets use, in any order and case, with a byte-order mark', () => {
    expect(mapHeader(['\uFEFFCoach_Email', 'TEAM NAME', 'Age group', 'coach'])).toEqual({ columns: { coachEmail: 0, team: 1, division: 2, coachName: 3 }, problems: [] });
  });

  it('names an unknown, an unnamed, a repeated and a missing column', () => {
    const { problems } = mapHeader(['team', 'phone', '', 'team']);
    expect(problems).toEqual([
      expect.stringContaining('Unknown column "phone" (column 2)'),
      expect.stringContaining('Column 3 has no name'),
      expect.stringContaining('The column "team" appears twice (columns 1 and 4)'),
      expect.stringContaining('The "coach email" column is missing'),
    ]);
  });
});

describe('planning an import', () => {
  const header = ['team', 'division', 'coach name', 'coach email'];

  it('matches teams by name whatever the case, and a later row may name the division the first left empty', () => {
    const plan = planImport(header, rows(['Blue Jays', '', 'A', 'a@example.org'], ['blue jays', '10U', 'B', 'b@example.org'], ['ROBINS', '', '', '']), {
      ...empty,
      teams: [{ id: 't1', name: 'Robins', division: '12U', active: true }],
    });
    expect(plan.teamsToCreate).toEqual([{ row: 2, name: 'Blue Jays', division: '10U' }]);
    expect(plan.teamsExisting).toEqual([{ row: 4, name: 'Robins', division: '12U' }]);
    expect(plan.invitations.map((i) => i.teamName)).toEqual(['Blue Jays', 'Blue Jays']);
  });

  it('a refused row creates nothing, not even its team', () => {
    const plan = planImport(header, rows(['Eagles', '8U', 'E', 'not-an-email']), empty);
    expect(plan.refused).toEqual([{ row: 2, reason: '"not-an-email" is not a valid email address.' }]);
    expect(plan.teamsToCreate).toEqual([]);
  });

  it('skips blank rows, and says so when a file has no rows at all', () => {
    expect(planImport(header, rows(['', '', '', '']), empty)).toMatchObject({ refused: [], teamsToCreate: [], fileErrors: [] });
    expect(planImport(header, [], empty).fileErrors).toEqual([expect.stringContaining('no rows below it')]);
  });

  it('an expired invitation to the same team is refused with what to do; a disabled account too', () => {
    const state: ImportState = {
      teams: [{ id: 't1', name: 'Robins', division: null, active: true }],
      people: [{ email: 'off@example.org', role: 'member', teamId: null, teamName: null, disabled: true }],
      invitations: [{ email: 'late@example.org', role: 'coach', teamId: 't1', teamName: 'Robins', expired: true }],
    };
    const plan = planImport(header, rows(['Robins', '', '', 'late@example.org'], ['Robins', '', '', 'off@example.org']), state);
    expect(plan.refused.map((r) => r.reason)).toEqual([
      'late@example.org has an expired invitation to Robins. Resend it on the Invitations tab.',
      'off@example.org has an account that is disabled. Enable it on the People tab first.',
    ]);
  });
});
