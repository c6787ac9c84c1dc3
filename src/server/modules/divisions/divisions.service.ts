import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { onUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import type { DivisionRuleOverrides } from '../../../shared/bookings/booking-rules';
import { DIVISIONS_MAX, type AdminDivision, type Division, type DivisionRules, type DivisionRulesInput } from '../../../shared/divisions/divisions.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { commitThenPublish } from '../live/live.service';
import { findSeason } from '../seasons/seasons.service';
import * as repo from './divisions.repository';

/**
 * The league's divisions (issue 29, docs/decisions/035): managed on the teams panel; a team is in one; fields may be
 * limited to some; each may set its own booking rules in a season, its window's opening among them (the staged opening).
 */

const nameTaken = (name: string) => new AppError('CONFLICT', { key: 'divisions.nameTaken', params: { name } }, { fields: { name: 'This name is already taken' } });
const gone = () => new AppError('NOT_FOUND', { key: 'divisions.gone' });

export const listDivisions = (db: Database): Promise<Division[]> => repo.listDivisions(db);
export const listAdminDivisions = (db: Database): Promise<AdminDivision[]> => repo.listAdminDivisions(db);
export const findDivision = (db: Database, id: string): Promise<Division | null> => repo.findDivision(db, id);

/** A team's division and the division's own rules in a season (what Book a Field and the booking call apply). */
export const teamDivisionRules = (db: Database, teamId: string, seasonId: string | null) => repo.teamDivisionRules(db, teamId, seasonId);
export type TeamDivisionRules = { divisionId: string | null; divisionName: string | null; overrides: DivisionRuleOverrides | null };

/** The division a team is put in, which must exist (the team form picks one from the list). */
export async function requireDivision(db: Database, id: string): Promise<Division> {
  const division = await repo.findDivision(db, id);
  if (!division) throw new AppError('VALIDATION_FAILED', { key: 'divisions.unknown' }, { fields: { divisionId: 'Choose a division from the list' } });
  return division;
}

/** The division of this name, created last in order when the league has none (the CSV import), in the caller's transaction. */
export async function divisionNamed(tx: Database, ctx: AuditContext, name: string, why = ''): Promise<Division> {
  const found = await repo.findDivisionByName(tx, name);
  if (found) return found;
  const division = await repo.insertDivision(tx, name);
  await recordAudit(tx, ctx, { action: 'division.create', entityType: 'division', entityId: division.id, summary: `Created division ${division.name}${why}`, after: division });
  return division;
}

export function createDivision({ db, live }: ServerContext, ctx: AuditContext, name: string): Promise<Division> {
  return onUniqueViolation(
    () =>
      commitThenPublish(db, live, async (tx) => {
        if ((await repo.lockDivisions(tx)).length >= DIVISIONS_MAX) {
          throw new AppError('CONFLICT', { key: 'divisions.tooMany', params: { max: DIVISIONS_MAX } });
        }
        const division = await repo.insertDivision(tx, name);
        await recordAudit(tx, ctx, { action: 'division.create', entityType: 'division', entityId: division.id, summary: `Created division ${division.name}`, after: division });
        return { value: division, seasons: true };
      }),
    () => nameTaken(name),
  );
}

export function renameDivision({ db, live }: ServerContext, ctx: AuditContext, id: string, name: string): Promise<Division> {
  return onUniqueViolation(
    () =>
      commitThenPublish(db, live, async (tx) => {
        const before = await repo.findDivision(tx, id);
        if (!before) throw gone();
        const after = (await repo.renameDivision(tx, id, name))!;
        await recordAudit(tx, ctx, { action: 'division.update', entityType: 'division', entityId: id, summary: `Renamed division ${before.name} to ${after.name}`, before, after });
        // Team labels on booked slots carry the division's name.
        return { value: after, seasons: true, slots: 'all' };
      }),
    () => nameTaken(name),
  );
}

/** Puts the divisions in this order: the list must name each exactly once. */
export function reorderDivisions({ db, live }: ServerContext, ctx: AuditContext, ids: readonly string[]): Promise<Division[]> {
  return commitThenPublish(db, live, async (tx) => {
    const before = await repo.lockDivisions(tx);
    const known = new Set(before.map((d) => d.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new AppError('CONFLICT', { key: 'divisions.orderRaced' });
    }
    for (const [i, id] of ids.entries()) await repo.setPosition(tx, id, i + 1);
    const after = await repo.listDivisions(tx);
    await recordAudit(tx, ctx, {
      action: 'division.reorder',
      entityType: 'division',
      entityId: null,
      summary: `Put the divisions in order: ${after.map((d) => d.name).join(', ')}`,
      before: before.map((d) => d.name),
      after: after.map((d) => d.name),
    });
    return { value: after, seasons: true };
  });
}

/** Deletes a division no team is in and no field is limited to (its own rules in every season go with it). */
export function deleteDivision({ db, live }: ServerContext, ctx: AuditContext, id: string): Promise<void> {
  return commitThenPublish(db, live, async (tx) => {
    await repo.lockDivisions(tx);
    const division = await repo.findDivision(tx, id);
    if (!division) throw gone();
    const teams = await repo.countTeamsIn(tx, id);
    if (teams > 0) {
      throw new AppError('CONFLICT', { key: 'divisions.hasTeams', params: { teams, division: division.name } }, { teams });
    }
    const fieldNames = await repo.fieldNamesLimitedTo(tx, id);
    if (fieldNames.length > 0) {
      throw new AppError('CONFLICT', { key: 'divisions.hasFields', params: { fields: fieldNames.join(', '), count: fieldNames.length, division: division.name } });
    }
    await repo.deleteDivision(tx, id);
    await recordAudit(tx, ctx, { action: 'division.delete', entityType: 'division', entityId: id, summary: `Deleted division ${division.name}`, before: division });
    return { value: undefined, seasons: true };
  });
}

const seasonGone = () => new AppError('NOT_FOUND', { key: 'bookings.seasonGone' });

export async function rulesOfSeason(db: Database, seasonId: string): Promise<DivisionRules[]> {
  if (!(await findSeason(db, seasonId))) throw seasonGone();
  return repo.rulesOfSeason(db, seasonId);
}

/** Sets a division's own rules in a season (null: the season's); all null goes back to the season's rules. */
export async function saveDivisionRules({ db, live }: ServerContext, ctx: AuditContext, seasonId: string, divisionId: string, input: DivisionRulesInput): Promise<DivisionRules> {
  const season = await findSeason(db, seasonId);
  if (!season) throw seasonGone();
  return commitThenPublish(db, live, async (tx) => {
    const division = await repo.findDivision(tx, divisionId);
    if (!division) throw gone();
    const before = (await repo.rulesOfSeason(tx, seasonId)).find((r) => r.divisionId === divisionId)!;
    await repo.saveRules(tx, seasonId, divisionId, input);
    const after = (await repo.rulesOfSeason(tx, seasonId)).find((r) => r.divisionId === divisionId)!;
    await recordAudit(tx, ctx, {
      action: 'division-rules.update',
      entityType: 'season',
      entityId: seasonId,
      summary: `Edited the ${division.name} booking rules of "${season.name}"`,
      before,
      after,
    });
    // Open Book a Field pages re-check every slot; booking contexts are read again.
    return { value: after, slots: 'all', seasons: true };
  });
}
