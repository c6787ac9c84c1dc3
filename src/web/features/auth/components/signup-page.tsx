import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { ERROR_CODES } from '../../../../shared/errors/api-error';
import { signupSchema } from '../../../../shared/users/users.schemas';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { RichText, useT } from '../../../lib/i18n';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useSignInOptions } from '../../../lib/api/get-sign-in-options';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSignUp } from '../api/sign-up';
import { greet } from '../greeting';
import { OrDivider, ProviderSignIn } from './provider-sign-in';

export function SignupPage() {
  const { t } = useT('auth');
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const signUp = useSignUp();
  const options = useSignInOptions().data;
  const providerName = options?.oidc?.providerName ?? null;
  // Until the options arrive the form shows (the usual case); the server refuses a sign-up the league switched off.
  const passwordSignUp = options?.passwordSignUp ?? true;
  const {
    register,
    submit,
    setError,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(signupSchema, { defaultValues: { name: '', email: '', password: '' }, serverFields: ['name', 'email', 'password'] });

  const onSubmit = submit(async (values) => {
    try {
      const session = await signUp.mutateAsync(values);
      greet(t('signup.welcome', { name: session?.profile.displayName ?? values.name }));
      void navigate(redirect, { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError && err.code === ERROR_CODES.CONFLICT)) throw err;
      setError('email', { type: 'server', message: err.message });
    }
  });

  const loginHref = redirect === '/' ? '/login' : `/login?redirect=${encodeURIComponent(redirect)}`;

  return (
    <AuthCard
      title={t('signup.title')}
      description={passwordSignUp || providerName ? t('signup.description') : t('signup.byInvitation')}
      footer={<RichText ns="auth" k="signup.haveAccount" components={{ 0: <Link to={loginHref} className="font-semibold text-primary-700 underline underline-offset-4" /> }} />}
    >
      {providerName ? (
        <>
          <ProviderSignIn providerName={providerName} redirect={redirect} />
          <p className="mt-2 text-sm text-slate-600">{t('signup.firstLogin', { provider: providerName })}</p>
        </>
      ) : null}
      {passwordSignUp ? (
        <>
          {providerName ? <OrDivider>{t('signup.orPassword')}</OrDivider> : null}
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
            {formError ? <Alert>{formError}</Alert> : null}
            <TextField label={t('field.name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
            <TextField label={t('field.email')} type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
            <TextField
              label={t('field.password')}
              type="password"
              autoComplete="new-password"
              hint={t('field.passwordHint', { min: PASSWORD_MIN_LENGTH })}
              error={errors.password?.message}
              {...register('password')}
            />
            <p className="text-sm text-slate-600">{t('signup.teamNote')}</p>
            <Button type="submit" busy={isSubmitting} className="mt-2 w-full">
              {t('signup.submit')}
            </Button>
          </form>
        </>
      ) : (
        <Alert tone="info" title={t('signup.offTitle')} className={providerName ? 'mt-5' : undefined}>
          {providerName ? t('signup.offProvider', { provider: providerName }) : t('signup.offInvite')}
        </Alert>
      )}
    </AuthCard>
  );
}
