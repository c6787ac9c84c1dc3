import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/access';
import type { Role } from '../../../shared/constants';
import type { Profile } from '../../../shared/users/users.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { findActiveTeam } from '../teams/teams.service';
import * as repo from './users.repository';
import type { ProfileRow } from './users.repository';

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: row.role,
    teamId: row.teamId,
    teamName: row.teamName,
    photoURL: row.photoURL,
  };
}

/**
 * A person edits their own name, and picks their team while they are a member. A coach's team decides
 * what they can book, so only an admin changes it (on the user manager).
 */
export async function updateOwnProfile(
  db: Database,
  ctx: AuditContext,
  actor: Actor,
  patch: { displayName?: string | undefined; teamId?: string | null | undefined },
): Promise<Profile> {
  if (patch.teamId !== undefined && patch.teamId !== actor.profile.teamId) {
    if (actor.profile.role !== 'member') {
      throw new AppError('FORBIDDEN', 'Coaches and admins cannot change their own team. Ask a league admin to change it.');
    }
    if (patch.teamId !== null && !(await findActiveTeam(db, patch.teamId))) {
      throw new AppError('VALIDATION_FAILED', 'That team does not exist. Pick a team from the list.', {
        fields: { teamId: 'Pick a team from the list' },
      });
    }
  }
  return db.transaction(async (tx) => {
    const before = toProfile(actor.profile);
    await repo.updateProfile(tx, actor.userId, {
      ...(patch.displayName !== undefined ? { displayName: patch.displayName } : {}),
      ...(patch.teamId !== undefined ? { teamId: patch.teamId } : {}),
    });
    const after = toProfile((await repo.findProfile(tx, actor.userId))!);
    if (before.teamId !== after.teamId) {
      await recordAudit(tx, ctx, {
        action: 'user.team.change',
        entityType: 'user',
        entityId: actor.userId,
        summary: `${after.email} set their team to ${after.teamName ?? 'none'}`,
        before: { teamId: before.teamId, teamName: before.teamName },
        after: { teamId: after.teamId, teamName: after.teamName },
      });
    }
    return after;
  });
}

export type { ProfileRow } from './users.repository';

// The person behind a session, for the access check and sign-in (auth).
export const findProfile = (db: Database, id: string) => repo.findProfile(db, id);
export const findClaims = (db: Database, id: string) => repo.findClaims(db, id);
export const findProfileFlags = (db: Database, id: string) => repo.findProfileFlags(db, id);
export const createProfileForAuthUser = (db: Database, input: { id: string; email: string; displayName: string }) => repo.createProfileForAuthUser(db, input);
export const touchLastSignIn = (db: Database, id: string) => repo.touchLastSignIn(db, id);
export const adminExists = (db: Database) => repo.adminExists(db);

/** Sets a person's role in the caller's transaction and returns the profile as it now is. */
export async function setRole(tx: Database, id: string, role: Role): Promise<ProfileRow | null> {
  await repo.updateProfile(tx, id, { role });
  return repo.findProfile(tx, id);
}

export const getNotificationPrefs = async (db: Database, id: string) => (await repo.getNotificationPrefs(db, id)) ?? { bookingChanges: true, reminders: true };
export const setNotificationPrefs = (db: Database, id: string, prefs: { bookingChanges: boolean; reminders: boolean }) => repo.setNotificationPrefs(db, id, prefs);

// Who hears about what (the mail worker).
export type { Contact } from './users.repository';
export const coachesOfTeam = (db: Database, teamId: string) => repo.coachesOfTeam(db, teamId);
export const findContact = (db: Database, id: string) => repo.findContact(db, id);
