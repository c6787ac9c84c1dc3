import { z } from 'zod';
import type { Role } from '../constants';
import { DIVISION_MAX, TEAM_NAME_MAX } from '../teams/teams.schemas';
import { DISPLAY_NAME_MAX } from '../users/users.schemas';
import { IMPORT_MAX_ROWS, type ImportPreview } from './invitations.schemas';

/**
 * The bulk import of teams and coaches (team, division, coach name, coach email), as a pure function of the
 * file's rows and the league as it is: the preview shows its result, and apply runs it again inside its
 * transaction and does exactly what it says. The server parses the CSV (csv-parse); everything here is plain.
 */

export type ImportColumn = 'team' | 'division' | 'coachName' | 'coachEmail';

export const IMPORT_COLUMNS: Record<ImportColumn, string> = {
  team: 'team',
  division: 'division',
  coachName: 'coach name',
  coachEmail: 'coach email',
};

/** Header spellings people use in spreadsheets, after lower-casing and folding `_`, `-` and spaces. */
const ALIASES: Record<string, ImportColumn> = {
  team: 'team',
  'team name': 'team',
  division: 'division',
  'age group': 'division',
  'division age group': 'division',
  'coach name': 'coachName',
  coach: 'coachName',
  name: 'coachName',
  'coach email': 'coachEmail',
  'coach e mail': 'coachEmail',
  email: 'coachEmail',
  'e mail': 'coachEmail',
};

const REQUIRED: ImportColumn[] = ['team', 'coachEmail'];

const normalize = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_\-/]+/g, ' ')
    .trim();

const columnList = Object.values(IMPORT_COLUMNS).join(', ');

/** Where each column is, or the problems that stop the whole file. */
export function mapHeader(header: string[]): { columns: Partial<Record<ImportColumn, number>>; problems: string[] } {
  const columns: Partial<Record<ImportColumn, number>> = {};
  const problems: string[] = [];
  header.forEach((raw, index) => {
    const name = normalize(raw);
    if (name === '') {
      problems.push(`Column ${index + 1} has no name in the header row. Name it (${columnList}) or delete it.`);
      return;
    }
    const column = ALIASES[name];
    if (!column) {
      problems.push(`Unknown column "${raw.trim()}" (column ${index + 1}). The columns are: ${columnList}. Rename it or delete it.`);
      return;
    }
    if (columns[column] !== undefined) {
      problems.push(`The column "${IMPORT_COLUMNS[column]}" appears twice (columns ${columns[column] + 1} and ${index + 1}). Keep one.`);
      return;
    }
    columns[column] = index;
  });
  for (const column of REQUIRED) {
    if (columns[column] === undefined) problems.push(`The "${IMPORT_COLUMNS[column]}" column is missing. The header row must name the columns: ${columnList}.`);
  }
  return { columns, problems };
}

export interface ImportRecord {
  /** The line in the file (the header is line 1), as a spreadsheet numbers its rows. */
  row: number;
  values: string[];
}

/** The league as the import needs to know it. */
export interface ImportState {
  teams: Array<{ id: string; name: string; division: string | null; active: boolean }>;
  /** Accounts with an address the file names (lower-case emails). */
  people: Array<{ email: string; role: Role; teamId: string | null; teamName: string | null; disabled: boolean }>;
  /** Open (not accepted, not revoked) invitations to an address the file names. */
  invitations: Array<{ email: string; role: Role; teamId: string | null; teamName: string | null; expired: boolean }>;
}

export type ImportPlan = Omit<ImportPreview, 'fingerprint'>;

const emailCheck = z.email();

/** What importing these rows would do: teams to create, coaches to invite, and every refused row with its reason. */
export function planImport(header: string[], records: ImportRecord[], state: ImportState): ImportPlan {
  const plan: ImportPlan = { fileErrors: [], rowCount: records.length, teamsToCreate: [], teamsExisting: [], invitations: [], alreadyDone: [], refused: [] };
  const { columns, problems } = mapHeader(header);
  plan.fileErrors.push(...problems);
  if (records.length === 0 && problems.length === 0) plan.fileErrors.push('The file has a header row but no rows below it. Add one row per coach (or per team).');
  if (records.length > IMPORT_MAX_ROWS) plan.fileErrors.push(`The file has ${records.length} rows; the import takes at most ${IMPORT_MAX_ROWS}. Split it into smaller files.`);
  if (plan.fileErrors.length > 0) return plan;

  const teamsByName = new Map(state.teams.map((t) => [t.name.toLowerCase(), t]));
  const peopleByEmail = new Map(state.people.map((p) => [p.email.toLowerCase(), p]));
  const invitationsByEmail = new Map(state.invitations.map((i) => [i.email.toLowerCase(), i]));
  /** Teams this file will create, by lower-case name: their first row and division. */
  const newTeams = new Map<string, { row: number; name: string; division: string | null }>();
  const existingSeen = new Set<string>();
  const emailsSeen = new Map<string, number>();
  const cell = (values: string[], column: ImportColumn) => {
    const index = columns[column];
    return index === undefined ? '' : (values[index] ?? '').trim();
  };

  for (const { row, values } of records) {
    const refuse = (reason: string) => plan.refused.push({ row, reason });
    if (values.every((v) => v.trim() === '')) continue;
    if (values.length > header.length) {
      refuse(`This row has ${values.length} values but the header has ${header.length} columns. Put values that contain commas in double quotes.`);
      continue;
    }
    const teamName = cell(values, 'team');
    const division = cell(values, 'division') || null;
    const coachName = cell(values, 'coachName') || null;
    const email = cell(values, 'coachEmail').toLowerCase();

    if (!teamName) {
      refuse(email ? `No team name for ${email}. Fill in the team column.` : 'No team name. Fill in the team column.');
      continue;
    }
    if (teamName.length > TEAM_NAME_MAX) {
      refuse(`The team name "${teamName.slice(0, 20)}…" is longer than ${TEAM_NAME_MAX} characters.`);
      continue;
    }
    if (division && division.length > DIVISION_MAX) {
      refuse(`The division "${division.slice(0, 20)}…" is longer than ${DIVISION_MAX} characters.`);
      continue;
    }
    if (coachName && coachName.length > DISPLAY_NAME_MAX) {
      refuse(`The coach name "${coachName.slice(0, 20)}…" is longer than ${DISPLAY_NAME_MAX} characters.`);
      continue;
    }
    const key = teamName.toLowerCase();
    const existing = teamsByName.get(key);
    if (existing && !existing.active) {
      refuse(`The team "${existing.name}" is deactivated. Reactivate it on the Teams tab first, or remove this row.`);
      continue;
    }
    const planned = newTeams.get(key);
    if (!existing && planned && division && planned.division && planned.division !== division) {
      refuse(`Row ${planned.row} puts "${planned.name}" in division ${planned.division}, this row in ${division}. Use one division per team.`);
      continue;
    }
    const team = existing ?? planned ?? { name: teamName };

    if (email) {
      if (!emailCheck.safeParse(email).success) {
        refuse(`"${cell(values, 'coachEmail')}" is not a valid email address.`);
        continue;
      }
      const firstRow = emailsSeen.get(email);
      if (firstRow !== undefined) {
        refuse(`${email} appears twice in the file (first on row ${firstRow}). A coach coaches one team: keep one row.`);
        continue;
      }
      const person = peopleByEmail.get(email);
      const invitation = invitationsByEmail.get(email);
      const targetId = existing?.id ?? null;
      let outcome: { kind: 'invite' } | { kind: 'done'; reason: string } | { kind: 'refuse'; reason: string } = { kind: 'invite' };
      if (person?.disabled) {
        outcome = { kind: 'refuse', reason: `${email} has an account that is disabled. Enable it on the People tab first.` };
      } else if (person?.role === 'admin') {
        outcome = { kind: 'refuse', reason: `${email} is a league admin. Give them a team on the People tab instead of inviting them as a coach.` };
      } else if (person?.role === 'coach' && person.teamId && person.teamId === targetId) {
        outcome = { kind: 'done', reason: `Already coaches ${team.name}.` };
      } else if (person?.role === 'coach' && person.teamId) {
        outcome = { kind: 'refuse', reason: `${email} already coaches ${person.teamName ?? 'another team'}. A coach has one team: change it on the People tab if they are switching.` };
      } else if (invitation) {
        const sameInvite = invitation.role === 'coach' && invitation.teamId !== null && invitation.teamId === targetId;
        if (sameInvite && !invitation.expired) outcome = { kind: 'done', reason: `Already invited to coach ${team.name}.` };
        else if (sameInvite) outcome = { kind: 'refuse', reason: `${email} has an expired invitation to ${team.name}. Resend it on the Invitations tab.` };
        else {
          const what = invitation.role === 'coach' ? `to coach ${invitation.teamName ?? 'another team'}` : `as ${invitation.role}`;
          outcome = { kind: 'refuse', reason: `${email} already has an open invitation ${what}. Revoke it on the Invitations tab first.` };
        }
      }
      if (outcome.kind === 'refuse') {
        refuse(outcome.reason);
        continue;
      }
      emailsSeen.set(email, row);
      if (outcome.kind === 'done') plan.alreadyDone.push({ row, email, teamName: team.name, reason: outcome.reason });
      else plan.invitations.push({ row, email, name: coachName, teamName: team.name, hasAccount: person !== undefined });
    }

    // The row is accepted: its team is created (the first time the file names it) or found.
    if (existing) {
      if (!existingSeen.has(key)) {
        existingSeen.add(key);
        plan.teamsExisting.push({ row, name: existing.name, division: existing.division });
      }
    } else if (!planned) {
      const created = { row, name: teamName, division };
      newTeams.set(key, created);
      plan.teamsToCreate.push(created);
    } else if (!planned.division && division) {
      // A later row names the division the first left empty.
      planned.division = division;
    }
  }
  return plan;
}
