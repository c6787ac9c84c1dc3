import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { onUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { teamLabel, type AdminTeam, type AdminTeamsResponse, type TeamInput, type TeamPatch } from '../../../shared/teams/teams.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { teamBookingCounts, upcomingBookingCountOfTeam } from '../bookings/bookings.service';
import { requireDivision } from '../divisions/divisions.service';
import { commitThenPublish } from '../live/live.service';
import { findActiveSeason } from '../seasons/seasons.service';
import { coachesWithTeams } from '../users/users-admin.service';
import * as repo from './teams.repository';
import type { TeamRow } from './teams.repository';

/** The user manager's teams: create, rename, division, deactivate and reactivate; the list with coaches and bookings. */

const nameTaken = (name: string) => new AppError('CONFLICT', { key: 'teams.nameTaken', params: { name } }, { fields: { name: 'This name is already taken' } });
const gone = () => new AppError('NOT_FOUND', { key: 'teams.gone' });

const plain = (t: TeamRow) => ({ id: t.id, name: t.name, division: t.division, divisionId: t.divisionId, active: t.active });

export async function listTeamsForAdmin(db: Database, now = new Date()): Promise<AdminTeamsResponse> {
  const season = await findActiveSeason(db);
  const [teams, coaches, counts] = await Promise.all([repo.listAllTeams(db), coachesWithTeams(db), teamBookingCounts(db, season?.id ?? null, now)]);
  const countsByTeam = new Map(counts.map((c) => [c.teamId, c]));
  const list: AdminTeam[] = teams.map((team) => ({
    ...plain(team),
    coaches: coaches.filter((c) => c.teamId === team.id).map(({ teamId: _teamId, ...coach }) => coach),
    bookingsThisSeason: countsByTeam.get(team.id)?.inSeason ?? 0,
    upcomingBookings: countsByTeam.get(team.id)?.upcoming ?? 0,
  }));
  return { teams: list, season: season ? { id: season.id, name: season.name } : null };
}

/** Creates a team in the caller's transaction (the user manager, and the CSV import). */
export async function insertTeam(tx: Database, ctx: AuditContext, input: TeamInput, why = ''): Promise<TeamRow> {
  if (input.divisionId) await requireDivision(tx, input.divisionId);
  const team = await repo.insertTeam(tx, { name: input.name, divisionId: input.divisionId });
  await recordAudit(tx, ctx, { action: 'team.create', entityType: 'team', entityId: team.id, summary: `Created team ${teamLabel(team)}${why}`, after: plain(team) });
  return team;
}

export function createTeam(db: Database, ctx: AuditContext, input: TeamInput): Promise<TeamRow> {
  return onUniqueViolation(() => db.transaction((tx) => insertTeam(tx, ctx, input)), () => nameTaken(input.name));
}

/**
 * Renames a team, changes its division, deactivates or reactivates it. Deactivating waits while the team holds
 * confirmed practices still to come (they must be cancelled or moved first, so its coaches hear of it); the
 * team's row lock makes a booking racing the deactivation queue behind it, and then be refused.
 */
export function editTeam({ db, live }: ServerContext, ctx: AuditContext, id: string, patch: TeamPatch): Promise<TeamRow> {
  return onUniqueViolation(
    () =>
      commitThenPublish(db, live, async (tx) => {
        const before = await repo.lockTeam(tx, id);
        if (!before) throw gone();
        const deactivating = patch.active === false && before.active;
        if (deactivating) {
          const upcoming = await upcomingBookingCountOfTeam(tx, id);
          if (upcoming > 0) {
            throw new AppError('CONFLICT', { key: 'teams.hasBookings', params: { team: before.name, upcoming } }, { upcomingBookings: upcoming });
          }
        }
        if (patch.divisionId) await requireDivision(tx, patch.divisionId);
        const after = (await repo.updateTeam(tx, id, {
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.divisionId !== undefined ? { divisionId: patch.divisionId } : {}),
          ...(patch.active !== undefined ? { active: patch.active } : {}),
        }))!;
        const action = deactivating ? 'team.deactivate' : !before.active && after.active ? 'team.reactivate' : 'team.update';
        const verb = action === 'team.deactivate' ? 'Deactivated' : action === 'team.reactivate' ? 'Reactivated' : 'Edited';
        const renamed = before.name !== after.name ? ` (was ${before.name})` : '';
        await recordAudit(tx, ctx, { action, entityType: 'team', entityId: id, summary: `${verb} team ${teamLabel(after)}${renamed}`, before: plain(before), after: plain(after) });
        // Booked slots show the team's name: open pages reload their weeks after a rename. The signed-in people each
        // server holds in memory carry their team's name: a rename drops them all (auth/actor-cache.ts), and so does
        // a (de)activation, so that nothing held about a team outlives its state. A division change changes the rules
        // and the fields the team books under (issue 29): booking contexts are read again.
        const concernsPeople = renamed !== '' || before.active !== after.active;
        const newDivision = before.divisionId !== after.divisionId;
        return {
          value: after,
          ...(renamed || newDivision ? { slots: 'all' as const } : {}),
          ...(concernsPeople ? { people: 'all' as const } : {}),
          ...(newDivision ? { seasons: true } : {}),
        };
      }),
    () => nameTaken(patch.name ?? ''),
  );
}
