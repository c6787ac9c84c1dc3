import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { preparedPerDatabase, type Database } from '../../db/client';
import { authAccount, authSession, authUser, teams, users } from '../../db/schema';
import type { Role } from '../../../shared/constants';
import type { Locale } from '../../../shared/i18n/locales';
import { DEFAULT_ADMIN_CLAIM, parseAdminClaim } from '../../../shared/users/admin-rule';
import type { ProfileRow } from '../../context';

export type { ProfileRow } from '../../context';

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
      locale: users.locale,
    })
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** The person behind a session token: the session's times, the account, the profile and the identity claims. */
export interface SignedInRow {
  userId: string;
  email: string;
  expiresAt: Date;
  createdAt: Date;
  claims: Record<string, unknown> | null;
  /** Null when the account has no profile row. */
  profile: ProfileRow | null;
}

const signedInPersonStatement = preparedPerDatabase((db) =>
  db
    .select({
      userId: authUser.id,
      email: authUser.email,
      expiresAt: authSession.expiresAt,
      createdAt: authSession.createdAt,
      claims: authUser.claims,
      profileId: users.id,
      profileEmail: users.email,
      displayName: users.displayName,
      role: users.role,
      teamId: users.teamId,
      teamName: teams.name,
      photoURL: users.photoUrl,
      disabled: users.disabled,
      locale: users.locale,
    })
    .from(authSession)
    .innerJoin(authUser, eq(authUser.id, authSession.userId))
    .leftJoin(users, eq(users.id, authSession.userId))
    .leftJoin(teams, eq(teams.id, users.teamId))
    .where(eq(authSession.token, sql.placeholder('token')))
    .limit(1)
    .prepare('signed_in_person'),
);

/**
 * Who is behind a session token, in one prepared statement (what better-auth's session read, `findProfile` and
 * `findClaims` answer in four): the access check's read for a session it does not hold in memory.
 */
export async function findSignedInPerson(db: Database, token: string): Promise<SignedInRow | null> {
  const [r] = await signedInPersonStatement(db).execute({ token });
  if (!r) return null;
  const profile: ProfileRow | null =
    r.profileId === null
      ? null
      : { id: r.profileId, email: r.profileEmail!, displayName: r.displayName!, role: r.role!, teamId: r.teamId, teamName: r.teamName, photoURL: r.photoURL, disabled: r.disabled!, locale: r.locale };
  return { userId: r.userId, email: r.email, expiresAt: r.expiresAt, createdAt: r.createdAt, claims: r.claims, profile };
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
  patch: { displayName?: string; teamId?: string | null; role?: Role; locale?: Locale | null },
): Promise<void> {
  await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/**
 * SQL that is true when the stored ID-token claims (auth_user.claims, from the last sign-in with the provider) say
 * admin by the league's rule (`adminClaim` as OIDC_ADMIN_CLAIM gives it: `name` is a JSON true, `name=value` equals
 * the value or is a list holding it); null when the rule names no claim. The SQL twin of `claimsSayAdmin`.
 */
function claimSaysAdmin(adminClaim: string): SQL | null {
  const { claim, value } = parseAdminClaim(adminClaim);
  if (!claim) return null;
  const held = sql`(${authUser.claims} -> ${claim}::text)`;
  return value === null
    ? sql`${held} = 'true'::jsonb`
    : sql`(${held} = to_jsonb(${value}::text) or (jsonb_typeof(${held}) = 'array' and ${held} @> jsonb_build_array(${value}::text)))`;
}

/**
 * Is there an enabled admin, by spec §6's rule: the profile role, or the league's admin claim (`adminClaim` as
 * OIDC_ADMIN_CLAIM gives it: `name` is a JSON true, `name=value` equals the value or is a list holding it).
 */
export async function adminExists(db: Database, adminClaim: string = DEFAULT_ADMIN_CLAIM): Promise<boolean> {
  const [byRole] = await db.select({ n: count() }).from(users).where(and(eq(users.role, 'admin'), eq(users.disabled, false)));
  if ((byRole?.n ?? 0) > 0) return true;
  const says = claimSaysAdmin(adminClaim);
  if (!says) return false;
  const [byClaim] = await db
    .select({ n: count() })
    .from(authUser)
    .innerJoin(users, eq(users.id, authUser.id))
    .where(and(eq(users.disabled, false), says));
  return (byClaim?.n ?? 0) > 0;
}

/**
 * The league's admins by spec §6's rule, enabled ones only, in id order: a profile role of admin, or stored claims
 * that say admin by `adminClaim` (the same two ways in as `decideAdmin` for a signed-in person).
 */
export async function leagueAdminIds(db: Database, adminClaim: string = DEFAULT_ADMIN_CLAIM): Promise<string[]> {
  const says = claimSaysAdmin(adminClaim);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(authUser, eq(authUser.id, users.id))
    .where(and(eq(users.disabled, false), says ? or(eq(users.role, 'admin'), says) : eq(users.role, 'admin')))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
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
  /** The language their emails are written in (null: none chosen, English). */
  locale: Locale | null;
}

const contactColumns = {
  userId: users.id,
  email: users.email,
  displayName: users.displayName,
  role: users.role,
  notifyBookingChanges: users.notifyBookingChanges,
  notifyReminders: users.notifyReminders,
  locale: users.locale,
};

/** The active coaches of a team (who hear about its bookings). */
export async function coachesOfTeam(db: Database, teamId: string): Promise<Contact[]> {
  return db
    .select(contactColumns)
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.role, 'coach'), eq(users.disabled, false)));
}

/** The language a person chose for their emails, by id or by address (null: none chosen, or no such person). */
export async function mailLocaleOf(db: Database, who: { id: string } | { email: string }): Promise<Locale | null> {
  const where = 'id' in who ? eq(users.id, who.id) : eq(sql`lower(${users.email})`, who.email.toLowerCase());
  const rows = await db.select({ locale: users.locale }).from(users).where(where).limit(1);
  return rows[0]?.locale ?? null;
}

export async function findContact(db: Database, id: string): Promise<Contact | null> {
  const rows = await db.select(contactColumns).from(users).where(and(eq(users.id, id), eq(users.disabled, false))).limit(1);
  return rows[0] ?? null;
}

// ---- The user manager (admin): search, page, change role, team and disabled ----

export interface AdminUserRow {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  teamId: string | null;
  teamName: string | null;
  disabled: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
}

const adminUserColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  role: users.role,
  teamId: users.teamId,
  teamName: teams.name,
  disabled: users.disabled,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
};

export interface UserFilter {
  q?: string | undefined;
  role?: Role | undefined;
  /** A team's id, or 'none' for people without a team. */
  teamId?: string | undefined;
  disabled?: boolean | undefined;
}

/** Where the previous page ended: the sort key (lower-cased name) and id of its last row. */
export interface UserCursor {
  name: string;
  id: string;
}

/** The sort key; the index users_display_name_idx is on exactly (lower(display_name), id). */
const sortName = sql`lower(${users.displayName})`;

function userConditions(f: UserFilter): SQL[] {
  const conditions: SQL[] = [];
  if (f.q) {
    const like = `%${f.q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(sql`${sortName} like ${like}`, sql`lower(${users.email}) like ${like}`)!);
  }
  if (f.role) conditions.push(eq(users.role, f.role));
  if (f.teamId === 'none') conditions.push(isNull(users.teamId));
  else if (f.teamId) conditions.push(eq(users.teamId, f.teamId));
  if (f.disabled !== undefined) conditions.push(eq(users.disabled, f.disabled));
  return conditions;
}

/**
 * One page of people in name order, after `cursor` (keyset paging: the index is walked from where the last
 * page ended, so page 400 costs what page 1 does; no OFFSET). Asks for one row more than a page to know
 * whether another page follows. Exported as a query so a test can EXPLAIN it.
 */
export function userPageQuery(db: Database, f: UserFilter, cursor: UserCursor | null, limit: number) {
  const conditions = userConditions(f);
  if (cursor) conditions.push(sql`(${sortName}, ${users.id}) > (${cursor.name}, ${cursor.id})`);
  return db
    .select({ ...adminUserColumns, sortName: sql<string>`${sortName}` })
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(sortName, asc(users.id))
    .limit(limit + 1);
}

export async function searchUsers(db: Database, f: UserFilter, cursor: UserCursor | null, limit: number): Promise<{ rows: AdminUserRow[]; next: UserCursor | null }> {
  const rows = await userPageQuery(db, f, cursor, limit);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(({ sortName: _sortName, ...row }) => row),
    next: rows.length > limit && last ? { name: last.sortName, id: last.id } : null,
  };
}

export async function countUsers(db: Database, f: UserFilter): Promise<number> {
  const conditions = userConditions(f);
  const [row] = await db.select({ n: count() }).from(users).where(conditions.length ? and(...conditions) : undefined);
  return row?.n ?? 0;
}

export async function findAdminUser(db: Database, id: string): Promise<AdminUserRow | null> {
  const rows = await db.select(adminUserColumns).from(users).leftJoin(teams, eq(teams.id, users.teamId)).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Locks every active admin's row, in id order (so two transactions cannot lock them crosswise), and returns
 * their ids. Every change of a person's role or disabled flag takes this lock first: two admins demoting each
 * other at once run one after the other, and the second sees that only one admin is left.
 */
export async function lockActiveAdmins(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.disabled, false)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Locks one person's row for a change, returning it as it is now. */
export async function lockUser(db: Database, id: string): Promise<{ id: string } | null> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  return rows[0] ?? null;
}

export async function setAccountFields(db: Database, id: string, patch: { role?: Role; teamId?: string | null; disabled?: boolean }): Promise<void> {
  await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/**
 * Ends every session of a person at once (a disabled account). better-auth's session table belongs to the auth
 * module; this one statement lives here so it runs in the transaction that disables the account.
 */
export async function deleteSessionsOf(db: Database, userId: string): Promise<number> {
  const rows = await db.delete(authSession).where(eq(authSession.userId, userId)).returning({ id: authSession.id });
  return rows.length;
}

/** An invitation proves its address: the account made from it counts as verified (auth_user, as above). */
export async function markEmailVerified(db: Database, userId: string): Promise<void> {
  await db.update(authUser).set({ emailVerified: true, updatedAt: sql`now()` }).where(eq(authUser.id, userId));
}

/** The accounts with these addresses (lower-case), for invitations and the import. */
export async function findUsersByEmails(db: Database, emails: string[]): Promise<AdminUserRow[]> {
  if (emails.length === 0) return [];
  return db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .where(inArray(sql`lower(${users.email})`, emails.map((e) => e.toLowerCase())));
}

/** Coaches with a team (disabled ones too, flagged), for the teams list. */
export async function coachesWithTeams(db: Database): Promise<Array<{ id: string; displayName: string; email: string; disabled: boolean; teamId: string }>> {
  const rows = await db
    .select({ id: users.id, displayName: users.displayName, email: users.email, disabled: users.disabled, teamId: users.teamId })
    .from(users)
    .where(and(eq(users.role, 'coach'), isNotNull(users.teamId)))
    .orderBy(sortName, asc(users.id));
  return rows.map((r) => ({ ...r, teamId: r.teamId! }));
}

/** The profile photo's address (the storage download URL), or null when the person has none. */
export async function setPhotoUrl(db: Database, id: string, photoUrl: string | null): Promise<void> {
  await db.update(users).set({ photoUrl, updatedAt: sql`now()` }).where(eq(users.id, id));
}

/** Which kinds of better-auth account each person has (`credential`: a password; the identity provider's id). */
export async function accountProvidersOf(db: Database, userIds: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select({ userId: authAccount.userId, providerId: authAccount.providerId })
    .from(authAccount)
    .where(inArray(authAccount.userId, userIds))
    .orderBy(asc(authAccount.userId), asc(authAccount.providerId));
  for (const row of rows) found.set(row.userId, [...(found.get(row.userId) ?? []), row.providerId]);
  return found;
}
