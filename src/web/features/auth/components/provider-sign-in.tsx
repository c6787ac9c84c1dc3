import { useSearchParams } from 'react-router';
import type { MessageKey } from '../../../../shared/i18n/catalogues';
import { OIDC_NOT_CONFIGURED, OIDC_START_PATH, OIDC_UNAVAILABLE } from '../../../../shared/auth/sign-in.schemas';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';

/**
 * "Log in with {provider}": a link, not a form. The server checks that the provider answers, starts the sign-in
 * (state, PKCE, nonce) and sends the browser there; the person comes back signed in at `redirect`, or to /login
 * with a reason. It is the same for a first sign-in, which creates the account.
 */
export function ProviderSignIn({ providerName, redirect }: { providerName: string; redirect: string }) {
  const { t } = useT('auth');
  const href = redirect === '/' ? OIDC_START_PATH : `${OIDC_START_PATH}?redirect=${encodeURIComponent(redirect)}`;
  return (
    <a href={href} className={buttonClasses('secondary', 'md', 'w-full')}>
      {t('provider.logInWith', { provider: providerName })}
    </a>
  );
}

/** The line between the provider's button and the email form. */
export function OrDivider({ children }: { children: string }) {
  return (
    <div className="my-5 flex items-center gap-3 text-sm text-slate-600">
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      <span>{children}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

/**
 * The words for the `error` code the login page is sent back with after "Log in with …" failed, as
 * shared/auth/sign-in.schemas.ts `oidcErrorMessage` groups the codes (its English is the catalogue's).
 */
export function oidcErrorKey(code: string): MessageKey<'auth'> {
  switch (code) {
    case OIDC_UNAVAILABLE:
      return 'oidc.unavailable';
    case OIDC_NOT_CONFIGURED:
    case 'oauth_provider_not_found':
      return 'oidc.notConfigured';
    case 'invalid_code':
    case 'server_error':
    case 'temporarily_unavailable':
      return 'oidc.noAnswer';
    case 'access_denied':
      return 'oidc.cancelled';
    case 'state_not_found':
    case 'state_mismatch':
    case 'state_invalid':
    case 'invalid_callback_request':
    case 'no_code':
    case 'no_callback_url':
      return 'oidc.notFromHere';
    case 'unable_to_get_user_info':
    case 'nonce_binding_missing':
    case 'issuer_mismatch':
    case 'issuer_missing':
      return 'oidc.notVerified';
    case 'email_not_found':
      return 'oidc.noEmail';
    case 'account_not_linked':
    case 'unable_to_link_account':
      return 'oidc.notLinked';
    case 'ACCOUNT_DISABLED':
      return 'oidc.disabled';
    case 'VALIDATION_FAILED':
      return 'oidc.badName';
    default:
      return 'oidc.other';
  }
}

/**
 * Why "Log in with …" did not sign the person in: better-auth (or the start link) sent them back here with
 * `?error=<code>`. Only our own words for the code are shown, never text from the address (anyone can make a link
 * to /login that says anything).
 */
export function ProviderSignInError({ providerName }: { providerName: string | null }) {
  const { t } = useT('auth');
  const [params] = useSearchParams();
  const code = params.get('error');
  if (!code) return null;
  return (
    <Alert title={t('provider.notLoggedIn')} className="mb-4">
      {t(oidcErrorKey(code), { provider: providerName ?? t('provider.someProvider') })}
    </Alert>
  );
}
