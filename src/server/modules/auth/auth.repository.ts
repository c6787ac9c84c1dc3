import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authAccount, authRateLimit, authSession, authUser, authVerification } from '../../db/schema';

/** better-auth's own tables (users' credentials, sessions, verification tokens, rate-limit counters). */
export function authDatabase(db: Database) {
  return drizzleAdapter(db, {
    provider: 'pg',
    schema: {
      user: authUser,
      session: authSession,
      account: authAccount,
      verification: authVerification,
      rateLimit: authRateLimit,
    },
  });
}

export interface VerificationRow {
  value: string;
  expiresAt: Date;
}

/** The newest verification row for a (stored, already hashed) identifier, as better-auth reads it; null when none. */
export async function findVerification(db: Database, identifier: string): Promise<VerificationRow | null> {
  const [row] = await db
    .select({ value: authVerification.value, expiresAt: authVerification.expiresAt })
    .from(authVerification)
    .where(eq(authVerification.identifier, identifier))
    .orderBy(desc(authVerification.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertVerification(db: Database, row: { id: string; identifier: string; value: string; expiresAt: Date }): Promise<void> {
  await db.insert(authVerification).values(row);
}

export async function updateVerificationValue(db: Database, identifier: string, value: string): Promise<void> {
  await db.update(authVerification).set({ value, updatedAt: new Date() }).where(eq(authVerification.identifier, identifier));
}

/** Every verification row of an identifier that has not expired, the one expiring first first. */
export async function listLiveVerifications(db: Database, identifier: string, now: Date): Promise<Array<{ id: string; expiresAt: Date }>> {
  return db
    .select({ id: authVerification.id, expiresAt: authVerification.expiresAt })
    .from(authVerification)
    .where(and(eq(authVerification.identifier, identifier), gt(authVerification.expiresAt, now)))
    .orderBy(asc(authVerification.expiresAt), asc(authVerification.id));
}

export async function deleteVerification(db: Database, id: string): Promise<void> {
  await db.delete(authVerification).where(eq(authVerification.id, id));
}

export async function deleteVerifications(db: Database, identifier: string): Promise<void> {
  await db.delete(authVerification).where(eq(authVerification.identifier, identifier));
}

/** Ends one session (its row is what makes the cookie work); returns whose it was, or null when there was none. */
export async function deleteSessionByToken(db: Database, token: string): Promise<string | null> {
  const rows = await db.delete(authSession).where(eq(authSession.token, token)).returning({ userId: authSession.userId });
  return rows[0]?.userId ?? null;
}

/** Ends every session of a person, but the one with token `except` when given; returns how many ended. */
export async function deleteSessionsOfUser(db: Database, userId: string, except?: string): Promise<number> {
  const rows = await db
    .delete(authSession)
    .where(except ? and(eq(authSession.userId, userId), ne(authSession.token, except)) : eq(authSession.userId, userId))
    .returning({ id: authSession.id });
  return rows.length;
}

/**
 * After a sign-in with the identity provider: the claims of its ID token become the person's (null when they could
 * not be read), and the provider's tokens better-auth wrote into the account row are dropped (the app never calls
 * the provider for the person, so a copy of the database holds none).
 */
export async function recordProviderSignIn(db: Database, input: { userId: string; accountId: string; claims: Record<string, unknown> | null }): Promise<void> {
  await db.transaction(async (tx) => {
    // SQL NULL, not the JSON value null: "no claims" reads the same to `claims IS NULL` and to the admin rule.
    await tx.update(authUser).set({ claims: input.claims ?? sql`null` }).where(eq(authUser.id, input.userId));
    await tx.update(authAccount).set({ accessToken: null, refreshToken: null, idToken: null }).where(eq(authAccount.id, input.accountId));
  });
}

/** The account with this email (better-auth keeps emails in lower case), or null. */
export async function findUserByEmail(db: Database, email: string): Promise<{ id: string; email: string } | null> {
  const [row] = await db.select({ id: authUser.id, email: authUser.email }).from(authUser).where(eq(authUser.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

/** The person an account belongs to, by id: their email, and how many ways in (accounts) they have. */
export async function findUserWithAccounts(db: Database, userId: string): Promise<{ email: string; accounts: number } | null> {
  const [user] = await db.select({ email: authUser.email }).from(authUser).where(eq(authUser.id, userId)).limit(1);
  if (!user) return null;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(authAccount).where(eq(authAccount.userId, userId));
  return { email: user.email, accounts: Number(row?.n ?? 0) };
}
