import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { desc, eq } from 'drizzle-orm';
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
