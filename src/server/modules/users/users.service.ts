import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../context';
import type { Role } from '../../../shared/constants';
import type { Profile, ProfilePatchInput } from '../../../shared/users/users.schemas';
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
    locale: row.locale,
  };
}

/**
 * A person edits their own name. Their team decides what they may see and book, so only an admin grants or
 * changes it (the user manager, an invitation): asking for another team here is refused in words.
 */
export async function updateOwnProfile({ db, live }: Pick<ServerContext, 'db' | 'live'>, actor: Actor, patch: ProfilePatchInput): Promise<Profile> {
  if (patch.teamId !== undefined && patch.teamId !== actor.profile.teamId) {
    throw new AppError('FORBIDDEN', { key: 'users.teamByAdminOnly' }, {
      fields: { teamId: 'Ask a league admin to change your team' },
    });
  }
  if (patch.displayName !== undefined || patch.locale !== undefined) {
    await repo.updateProfile(db, actor.userId, {
      ...(patch.displayName !== undefined ? { displayName: patch.displayName } : {}),
      ...(patch.locale !== undefined ? { locale: patch.locale } : {}),
    });
    // The signed-in person is held in memory on every server (auth/actor-cache.ts): the new name shows at once.
    await live.publish({ people: [actor.userId] });
  }
  return toProfile((await repo.findProfile(db, actor.userId))!);
}

export type { ProfileRow } from './users.repository';

// The person behind a session, for the access check and sign-in (auth).
export const findProfile = (db: Database, id: string) => repo.findProfile(db, id);
export const findClaims = (db: Database, id: string) => repo.findClaims(db, id);
export const findSignedInPerson = (db: Database, token: string) => repo.findSignedInPerson(db, token);
export type { SignedInRow } from './users.repository';
export const findProfileFlags = (db: Database, id: string) => repo.findProfileFlags(db, id);
export const createProfileForAuthUser = (db: Database, input: { id: string; email: string; displayName: string }) => repo.createProfileForAuthUser(db, input);
export const touchLastSignIn = (db: Database, id: string) => repo.touchLastSignIn(db, id);
export const adminExists = (db: Database, adminClaim?: string) => repo.adminExists(db, adminClaim);

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
/** The language a person's emails are written in, by id or address: their choice, or null (English). */
export const mailLocaleOf = (db: Database, who: { id: string } | { email: string }) => repo.mailLocaleOf(db, who);
/**
 * The league's admins, whom every "tell the admins" mail goes to: enabled people who are admins by spec §6's rule,
 * a profile role of admin or the claims of their last sign-in with the provider (`adminClaim`, the context's
 * OIDC_ADMIN_CLAIM). Run it in the transaction that queues the mail.
 */
export const leagueAdminIds = (db: Database, adminClaim: string) => repo.leagueAdminIds(db, adminClaim);
