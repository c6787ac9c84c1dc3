import { drizzleAdapter } from 'better-auth/adapters/drizzle';
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
