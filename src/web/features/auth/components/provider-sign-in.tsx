import { useSearchParams } from 'react-router';
import { OIDC_START_PATH, oidcErrorMessage } from '../../../../shared/auth/sign-in.schemas';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';

/** Used in the words of an error when the sign-in options could not be loaded. */
const SOME_PROVIDER = 'your league account';

/**
 * "Log in with {provider}": a link, not a form. The server checks that the provider answers, starts the sign-in
 * (state, PKCE, nonce) and sends the browser there; the person comes back signed in at `redirect`, or to /login
 * with a reason. It is the same for a first sign-in, which creates the account.
 */
export function ProviderSignIn({ providerName, redirect }: { providerName: string; redirect: string }) {
  const href = redirect === '/' ? OIDC_START_PATH : `${OIDC_START_PATH}?redirect=${encodeURIComponent(redirect)}`;
  return (
    <a href={href} className={buttonClasses('secondary', 'md', 'w-full')}>
      Log in with {providerName}
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
 * Why "Log in with …" did not sign the person in: better-auth (or the start link) sent them back here with
 * `?error=<code>`. Only our own words for the code are shown, never text from the address (anyone can make a link
 * to /login that says anything).
 */
export function ProviderSignInError({ providerName }: { providerName: string | null }) {
  const [params] = useSearchParams();
  const code = params.get('error');
  if (!code) return null;
  return (
    <Alert title="You are not logged in" className="mb-4">
      {oidcErrorMessage(code, providerName ?? SOME_PROVIDER)}
    </Alert>
  );
}
