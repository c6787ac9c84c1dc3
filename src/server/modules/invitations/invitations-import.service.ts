import { parse } from 'csv-parse/sync';
import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../context';
import { planImport, type ImportPlan, type ImportRecord, type ImportState } from '../../../shared/invitations/csv-import';
import type { ImportPreview } from '../../../shared/invitations/invitations.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { divisionNamed } from '../divisions/divisions.service';
import { insertTeam } from '../teams/teams-admin.service';
import { listAllTeams } from '../teams/teams.service';
import { findUsersByEmails } from '../users/users-admin.service';
import { createInvitation, type InvitationDeps } from './invitations.service';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locales';
import * as repo from './invitations.repository';

/**
 * The CSV import of teams and coaches. Preview and apply run the same planner (`planImport`) on the same file
 * and the league as it is; apply runs it again inside its transaction and refuses when the result differs from
 * the preview the admin saw (its fingerprint), so what apply creates is exactly what the preview listed.
 */

interface ParsedFile {
  header: string[];
  records: ImportRecord[];
  error: string | null;
}

/** The header row and the rows below it, each with its line number; a file csv-parse cannot read gives an error. */
export function parseCsv(csv: string): ParsedFile {
  const firstLine = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  // Spreadsheets in some locales save with semicolons or tabs: the header row tells which.
  const delimiter = [',', ';', '\t'].reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best), ',');
  try {
    const rows = parse(csv, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
    const [head, ...rest] = rows;
    if (!head) return { header: [], records: [], error: 'The file is empty. It needs a header row (team, division, coach name, coach email) and one row per coach.' };
    return { header: head.record, records: rest.map((r) => ({ row: r.info.lines, values: r.record })), error: null };
  } catch (err) {
    const detail = err instanceof Error ? err.message.replace(/\.$/, '') : 'unknown problem';
    return { header: [], records: [], error: `The file could not be read as CSV (${detail}). Save it from the spreadsheet as "CSV" and try again.` };
  }
}

async function loadState(db: Database, records: ImportRecord[]): Promise<ImportState> {
  // Every value that looks like an address is looked up, whichever column it sits in: at most a few thousand.
  const emails = [...new Set(records.flatMap((r) => r.values).map((v) => v.trim().toLowerCase()).filter((v) => v.includes('@')))];
  const [teams, people, invitations] = await Promise.all([listAllTeams(db), findUsersByEmails(db, emails), repo.openByEmails(db, emails)]);
  return {
    teams,
    people: people.map((p) => ({ email: p.email.toLowerCase(), role: p.role, teamId: p.teamId, teamName: p.teamName, disabled: p.disabled })),
    invitations: invitations.map((i) => ({ email: i.email.toLowerCase(), role: i.role, teamId: i.teamId, teamName: i.teamName, expired: i.state === 'expired' })),
  };
}

function fingerprintOf(csv: string, plan: ImportPlan): string {
  return createHash('sha256').update(csv).update('\n').update(JSON.stringify(plan)).digest('base64url');
}

async function planFor(db: Database, csv: string): Promise<ImportPreview> {
  const file = parseCsv(csv);
  const plan: ImportPlan = file.error
    ? { fileErrors: [file.error], rowCount: 0, teamsToCreate: [], teamsExisting: [], invitations: [], alreadyDone: [], refused: [] }
    : planImport(file.header, file.records, await loadState(db, file.records));
  return { ...plan, fingerprint: fingerprintOf(csv, plan) };
}

export const previewImport = (db: Database, csv: string): Promise<ImportPreview> => planFor(db, csv);

const changedSincePreview = () =>
  new AppError('CONFLICT', { key: 'invitations.previewOutdated' }, {
    rule: 'PREVIEW_OUTDATED',
  });

/** Refuses an apply that could not do what its preview showed, before any progress is streamed. */
export async function checkImport(db: Database, csv: string, fingerprint: string): Promise<ImportPreview> {
  const plan = await planFor(db, csv);
  // The file's problem in the CSV reader's words (shared/invitations/csv-import.ts, English), inside ours.
  if (plan.fileErrors.length > 0) throw new AppError('VALIDATION_FAILED', { key: 'invitations.fileCannotImport', params: { problem: plan.fileErrors[0]! } });
  if (plan.fingerprint !== fingerprint) throw changedSincePreview();
  if (plan.teamsToCreate.length + plan.invitations.length === 0) throw new AppError('CONFLICT', { key: 'invitations.nothingToImport' });
  return plan;
}

/**
 * Creates the preview's teams and sends its invitations in one transaction, reporting progress as it goes:
 * all of it happens, or (an error part-way) none of it.
 */
export async function applyImport(
  deps: InvitationDeps,
  ctx: AuditContext,
  actor: Actor,
  csv: string,
  fingerprint: string,
  onProgress: (done: number, total: number) => void,
  /** The importing request's language: the emails to addresses without an account are written in it. */
  language: Locale = DEFAULT_LOCALE,
): Promise<{ teamsCreated: number; invitationsSent: number }> {
  const league = await deps.league.get();
  return deps.db.transaction(async (tx) => {
    const plan = await planFor(tx, csv);
    if (plan.fingerprint !== fingerprint) throw changedSincePreview();
    const total = plan.teamsToCreate.length + plan.invitations.length;
    let done = 0;
    onProgress(done, total);
    const teamIds = new Map((await listAllTeams(tx)).map((t) => [t.name.toLowerCase(), t.id]));
    for (const team of plan.teamsToCreate) {
      // A division the league does not have yet is added, last in its order (issue 29).
      const division = team.division ? await divisionNamed(tx, ctx, team.division, ' (CSV import)') : null;
      const created = await insertTeam(tx, ctx, { name: team.name, divisionId: division?.id ?? null }, ' (CSV import)');
      teamIds.set(created.name.toLowerCase(), created.id);
      onProgress(++done, total);
    }
    for (const invitation of plan.invitations) {
      const teamId = teamIds.get(invitation.teamName.toLowerCase()) ?? null;
      await createInvitation(tx, deps, ctx, league, { email: invitation.email, displayName: invitation.name, role: 'coach', teamId }, actor, ' (CSV import)', language);
      onProgress(++done, total);
    }
    const result = { teamsCreated: plan.teamsToCreate.length, invitationsSent: plan.invitations.length };
    await recordAudit(tx, ctx, {
      action: 'invitation.import',
      entityType: 'import',
      entityId: null,
      summary: `CSV import: ${result.teamsCreated} team(s) created, ${result.invitationsSent} coach invitation(s) sent, ${plan.refused.length} row(s) refused`,
      after: { ...result, refusedRows: plan.refused.map((r) => r.row) },
    });
    return result;
  });
}
