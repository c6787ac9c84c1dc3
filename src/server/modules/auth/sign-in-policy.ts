import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Database } from '../../db/client';
import { passwordSignUpOffMessage } from '../../../shared/auth/sign-in.schemas';
import type { LeagueSettingsService } from '../league/league.service';
import * as repo from './auth.repository';

/** Our code for a refused sign-up while an admin has password sign-up switched off (translated in auth-errors.ts). */
export const PASSWORD_SIGN_UP_OFF = 'PASSWORD_SIGN_UP_OFF';

/**
 * Two rules on better-auth's own endpoints:
 * - while an admin has password sign-up switched off, a visitor's POST /api/auth/sign-up/email is refused in words.
 *   Only a request from outside counts (it carries a `Request`): invitations and the first-admin setup create
 *   their accounts by calling better-auth from the server, and keep working whatever the switch says.
 * - a sign-in with email and password carries no identity token, so the claims of an earlier sign-in with the
 *   provider stop counting (spec §6 reads the admin claim from the token of the sign-in; a claim removed at the
 *   provider must not live on through a password).
 */
export function signInPolicyPlugin(deps: { db: Database; league: LeagueSettingsService; providerName: string | null; changed(userId: string): Promise<void> }) {
  return {
    id: 'cgsl-sign-in-policy',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-up/email' && ctx.request !== undefined,
          handler: createAuthMiddleware(async () => {
            if (await deps.league.passwordSignUp()) return;
            throw new APIError('FORBIDDEN', { code: PASSWORD_SIGN_UP_OFF, message: passwordSignUpOffMessage(deps.providerName) });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const userId = ctx.context.newSession?.user.id;
            if (userId && (await repo.forgetClaims(deps.db, userId))) await deps.changed(userId);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
