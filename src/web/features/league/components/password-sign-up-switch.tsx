import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/loading';
import { SwitchField } from '../../../components/ui/switch-field';
import { useSignInOptions } from '../../../lib/api/get-sign-in-options';
import { useUpdatePasswordSignUp } from '../api/update-password-sign-up';

/**
 * Whether visitors may create an account with an email and a password (issue 16). Off, /signup offers only the
 * league's identity provider (when there is one) or says accounts are by invitation; invitations always work.
 */
export function PasswordSignUpSwitch() {
  const options = useSignInOptions();
  const update = useUpdatePasswordSignUp();
  const providerName = options.data?.oidc?.providerName ?? null;
  const others = providerName ? `invitations and ${providerName}` : 'invitations';

  const change = async (passwordSignUp: boolean) => {
    try {
      await update.mutateAsync({ passwordSignUp });
      toast.success(
        passwordSignUp ? 'Password sign-up is on: anyone can create an account.' : `Password sign-up is off: new accounts come only from ${others}.`,
      );
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The sign-up setting could not be saved. Try again.');
    }
  };

  return (
    <section aria-labelledby="sign-up-settings-title" className="mt-6 border-t border-slate-200 pt-5">
      <h3 id="sign-up-settings-title" className="text-base font-semibold text-primary-900">
        Sign-up
      </h3>
      {options.isPending ? (
        <Skeleton className="mt-3 h-11 w-64" />
      ) : options.isError ? (
        <Alert className="mt-3">The sign-up setting could not be loaded: {options.error.message}</Alert>
      ) : (
        <SwitchField
          className="mt-2"
          label="Anyone can create an account with a password"
          checked={options.data.passwordSignUp}
          disabled={update.isPending}
          aria-busy={update.isPending || undefined}
          onChange={(event) => void change(event.target.checked)}
          hint={
            options.data.passwordSignUp
              ? `Visitors can sign up on the sign-up page. ${others[0]!.toUpperCase()}${others.slice(1)} also make accounts.`
              : `Off: the sign-up page offers only ${providerName ? `"Log in with ${providerName}" and ` : ''}invitations. People who have an account still log in as before.`
          }
        />
      )}
    </section>
  );
}
