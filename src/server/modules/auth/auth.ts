import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { ACCOUNT_DISABLED, ACCOUNT_DISABLED_MESSAGE } from './auth-errors';
import { createProfileForAuthUser, findProfileFlags, touchLastSignIn } from '../users/users.service';
import { authDatabase } from './auth.repository';
import type { LeagueSettingsService } from '../league/league.service';

/** OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function createAuth(config: Config, db: Database, secret: string, _deps: { league: LeagueSettingsService }) {
  return betterAuth({
    appName: 'Practice Scheduler',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    database: authDatabase(db),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: {
        hash: (password) => hash(password, ARGON2_OPTIONS),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: config.loginRateLimit },
        '/sign-up/email': { window: 60, max: 10 },
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await createProfileForAuthUser(db, { id: user.id, email: user.email, displayName: user.name });
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const flags = await findProfileFlags(db, session.userId);
            if (flags?.disabled) {
              throw new APIError('FORBIDDEN', {
                code: ACCOUNT_DISABLED,
                message: ACCOUNT_DISABLED_MESSAGE,
              });
            }
          },
          after: async (session) => {
            await touchLastSignIn(db, session.userId);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
