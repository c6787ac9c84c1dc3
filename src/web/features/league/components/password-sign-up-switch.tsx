import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/loading';
import { SwitchField } from '../../../components/ui/switch-field';
import { useSignInOptions } from '../../../lib/api/get-sign-in-options';
import { useUpdatePasswordSignUp } from '../api/update-password-sign-up';

import { useT } from '../../../lib/i18n';
/**
 * Whether visitors may create an account with an email and a password (issue 16). Off, /signup offers only the
 * league's identity provider (when there is one) or says accounts are by invitation; invitations always work.
 */
export function PasswordSignUpSwitch() {
  const { t } = useT('league');
  const options = useSignInOptions();
  const update = useUpdatePasswordSignUp();
  const provider = options.data?.oidc?.providerName ?? 'none';

  const change = async (passwordSignUp: boolean) => {
    try {
      await update.mutateAsync({ passwordSignUp });
      toast.success(
        passwordSignUp ? t('signUp.turnedOn') : t('signUp.turnedOff', { provider }),
      );
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t('signUp.saveFailed'));
    }
  };

  return (
    <section aria-labelledby="sign-up-settings-title" className="mt-6 border-t border-slate-200 pt-5">
      <h3 id="sign-up-settings-title" className="text-base font-semibold text-primary-900">
        {t('signUp.title')}
      </h3>
      {options.isPending ? (
        <Skeleton className="mt-3 h-11 w-64" />
      ) : options.isError ? (
        <Alert className="mt-3">{t('signUp.loadFailed', { reason: options.error.message })}</Alert>
      ) : (
        <SwitchField
          className="mt-2"
          label={t('signUp.switch')}
          checked={options.data.passwordSignUp}
          disabled={update.isPending}
          aria-busy={update.isPending || undefined}
          onChange={(event) => void change(event.target.checked)}
          hint={options.data.passwordSignUp ? t('signUp.onHint', { provider }) : t('signUp.offHint', { provider })}
        />
      )}
    </section>
  );
}
