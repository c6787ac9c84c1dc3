import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { passwordSignUpOffMessage } from '../../../shared/auth/sign-in.schemas';
import type { LeagueSettingsService } from '../league/league.service';

/** Our code for a refused sign-up while an admin has password sign-up switched off (translated in auth-errors.ts). */
export const PASSWORD_SIGN_UP_OFF = 'PASSWORD_SIGN_UP_OFF';

/**
 * A rule on better-auth's own endpoint: while an admin has password sign-up switched off, a visitor's
 * POST /api/auth/sign-up/email is refused in words. Only a request from outside counts (it carries a `Request`):
 * invitations and the first-admin setup create their accounts by calling better-auth from the server, and keep
 * working whatever the switch says.
 *
 * A password sign-in leaves the claims of the person's last sign-in with the provider as they are (issue 24): they
 * are the provider's word until the provider says otherwise at the next sign-in with it (oidc.ts replaces them).
 */
export function signInPolicyPlugin(deps: { league: LeagueSettingsService; providerName: string | null }) {
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
    },
  } satisfies BetterAuthPlugin;
}
