import { z } from 'zod';

/**
 * Sign-in with the league's own OpenID Connect provider (issue 16, docs/decisions/024). better-auth knows the
 * provider by this id: its callback, the redirect URI to register at the provider, is
 * `${PUBLIC_URL}${OIDC_CALLBACK_PATH}`.
 */
export const OIDC_PROVIDER_ID = 'oidc';
export const OIDC_CALLBACK_PATH = `/api/auth/callback/${OIDC_PROVIDER_ID}`;
/** "Log in with …" is a plain link here (`?redirect=/where/to/land`): it checks the provider and sends the browser there. */
export const OIDC_START_PATH = '/api/sign-in/oidc';

/** GET /api/sign-in-options: what the login and sign-up pages offer. Never a secret. */
export const signInOptionsSchema = z.object({
  /** The league's identity provider, when one is configured (OIDC_ISSUER …). */
  oidc: z.object({ providerName: z.string() }).nullable(),
  /** Whether visitors may create an account with a password (an admin can switch it off; invitations always work). */
  passwordSignUp: z.boolean(),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

export const OIDC_START_QUERY = z.object({ redirect: z.string().max(2000).optional() });

/** Our own codes in `/login?error=…` (beside better-auth's, which it puts there on a failed callback). */
export const OIDC_UNAVAILABLE = 'oidc_unavailable';
export const OIDC_NOT_CONFIGURED = 'oidc_not_configured';

/** The refusal of POST /api/auth/sign-up/email while password sign-up is off. */
export function passwordSignUpOffMessage(providerName: string | null): string {
  return providerName
    ? `Creating an account with a password is switched off for this league. Use "Log in with ${providerName}" instead, or ask a league admin for an invitation.`
    : 'Creating an account with a password is switched off for this league: new accounts are by invitation. Ask a league admin to invite you.';
}

/**
 * Words for the `error` code the login page is sent back with after "Log in with …" failed. Only these words are
 * shown, never the `error_description` beside the code: anyone can put text in a link to /login.
 */
export function oidcErrorMessage(code: string, providerName: string): string {
  const again = `Try again with "Log in with ${providerName}", or log in with your email and password.`;
  switch (code) {
    case OIDC_UNAVAILABLE:
      return `${providerName} is not answering right now, so you cannot log in with it. Try again in a few minutes, or log in with your email and password.`;
    case OIDC_NOT_CONFIGURED:
    case 'oauth_provider_not_found':
      return 'This league has no identity provider set up, so there is nothing to log in with but your email and password.';
    case 'invalid_code':
    case 'server_error':
    case 'temporarily_unavailable':
      return `${providerName} did not finish the sign-in: it did not answer as expected, so you were not logged in. ${again}`;
    case 'access_denied':
      return `The sign-in was cancelled at ${providerName}, so you were not logged in. ${again}`;
    case 'state_not_found':
    case 'state_mismatch':
    case 'state_invalid':
    case 'invalid_callback_request':
    case 'no_code':
    case 'no_callback_url':
      return `That sign-in was not started from this browser, or it took too long, so you were not logged in. Start again with "Log in with ${providerName}".`;
    case 'unable_to_get_user_info':
    case 'nonce_binding_missing':
    case 'issuer_mismatch':
    case 'issuer_missing':
      return `The answer from ${providerName} could not be verified, so you were not logged in. ${again} If it keeps happening, tell a league admin.`;
    case 'email_not_found':
      return `${providerName} did not share your email address, so you could not be logged in. Ask a league admin to let the app read your email at ${providerName}.`;
    case 'account_not_linked':
    case 'unable_to_link_account':
      return `An account with your email address already exists here. It is joined to your ${providerName} sign-in only when both ${providerName} and this app have confirmed that the address is yours, so you were not logged in. Log in with your email and password (your profile can send a confirmation link), or ask a league admin for help.`;
    case 'ACCOUNT_DISABLED':
      return 'This account has been disabled. Contact a league admin if you think this is a mistake.';
    case 'VALIDATION_FAILED':
      return `The name ${providerName} gave for you cannot be used here (it must be 1 to 100 characters), so you were not logged in. Ask a league admin for help.`;
    default:
      return `Logging in with ${providerName} did not work, so you were not logged in. ${again}`;
  }
}
