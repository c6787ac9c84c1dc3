import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authUser, teams, users } from '../../db/schema';
import type { Role } from '../../../shared/constants';

export interface ProfileRow {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  teamId: string | null;
  teamName: string | null;
  photoURL: string | null;
  disabled: boolean;
}

export async function createProfileForAuthUser(
  db: Database,
  input: { id: string; email: string; displayName: string },
): Promise<void> {
  await db
    .insert(users)
    .values({ id: input.id, email: input.email, displayName: input.displayName || input.email })
    .onConflictDoNothing();
}

export async function findProfile(db: Database, id: string): Promise<ProfileRow | null> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      role: users.role,
      teamId: users.teamId,
      teamName: teams.name,
      photoURL: users.photoUrl,
      disabled: users.disabled,
    })
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findProfileFlags(db: Database, id: string): Promise<{ disabled: boolean } | null> {
  const rows = await db.select({ disabled: users.disabled }).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function touchLastSignIn(db: Database, id: string): Promise<void> {
  await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, id));
}

export async function findClaims(db: Database, id: string): Promise<Record<string, unknown> | null> {
  const rows = await db.select({ claims: authUser.claims }).from(authUser).where(eq(authUser.id, id)).limit(1);
  return rows[0]?.claims ?? null;
}

export async function updateProfile(
  db: Database,
  id: string,
  patch: { displayName?: string; teamId?: string | null; role?: Role },
): Promise<void> {
  await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** An admin exists when any profile has role admin or any identity carries an admin claim. */
export async function adminExists(db: Database): Promise<boolean> {
  const [byRole] = await db.select({ n: count() }).from(users).where(and(eq(users.role, 'admin'), eq(users.disabled, false)));
  if ((byRole?.n ?? 0) > 0) return true;
  const [byClaim] = await db
    .select({ n: count() })
    .from(authUser)
    .where(sql`(${authUser.claims} ->> 'admin') = 'true' or (${authUser.claims} ->> 'role') = 'admin'`);
  return (byClaim?.n ?? 0) > 0;
}

export async function getNotificationPrefs(db: Database, id: string): Promise<{ bookingChanges: boolean; reminders: boolean } | null> {
  const rows = await db.select({ bookingChanges: users.notifyBookingChanges, reminders: users.notifyReminders }).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function setNotificationPrefs(db: Database, id: string, prefs: { bookingChanges: boolean; reminders: boolean }): Promise<void> {
  await db
    .update(users)
    .set({ notifyBookingChanges: prefs.bookingChanges, notifyReminders: prefs.reminders, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export interface Contact {
  userId: string;
  email: string;
  displayName: string;
  role: Role;
  notifyBookingChanges: boolean;
  notifyReminders: boolean;
}

const contactColumns = {
  userId: users.id,
  email: users.email,
  displayName: users.displayName,
  role: users.role,
  notifyBookingChanges: users.notifyBookingChanges,
  notifyReminders: users.notifyReminders,
};

/** The active coaches of a team (who hear about its bookings). */
export async function coachesOfTeam(db: Database, teamId: string): Promise<Contact[]> {
  return db
    .select(contactColumns)
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.role, 'coach'), eq(users.disabled, false)));
}

export async function findContact(db: Database, id: string): Promise<Contact | null> {
  const rows = await db.select(contactColumns).from(users).where(and(eq(users.id, id), eq(users.disabled, false))).limit(1);
  return rows[0] ?? null;
}
