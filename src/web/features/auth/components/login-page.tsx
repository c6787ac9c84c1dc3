import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginSchema } from '../../../../shared/users/users.schemas';
import { useSession } from '../../../app/session/use-session';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { RichText, useT } from '../../../lib/i18n';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useProviderName } from '../../../lib/api/get-sign-in-options';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSignIn } from '../api/sign-in';
import { greet } from '../greeting';
import { OrDivider, ProviderSignIn, ProviderSignInError } from './provider-sign-in';

export function LoginPage() {
  const { t } = useT('auth');
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const auth = useSession();
  const signIn = useSignIn();
  const providerName = useProviderName();
  const {
    register,
    submit,
    formError,
    setFormError,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(loginSchema, { defaultValues: { email: '', password: '' }, serverFields: ['email', 'password'] });

  // On an error what was typed stays in the form, so the person only fixes what is wrong.
  const onSubmit = submit(async (values) => {
    const session = await signIn.mutateAsync(values);
    if (!session) {
      setFormError(t('login.profileFailed'));
      return;
    }
    greet(t('login.welcomeBack', { name: session.profile.displayName }));
    void navigate(redirect, { replace: true });
  });

  const signupHref = redirect === '/' ? '/signup' : `/signup?redirect=${encodeURIComponent(redirect)}`;

  return (
    <AuthCard
      title={t('logIn')}
      description={providerName ? t('login.descriptionProvider', { provider: providerName }) : t('login.description')}
      footer={<RichText ns="auth" k="login.newHere" components={{ 0: <Link to={signupHref} className="font-semibold text-primary-700 underline underline-offset-4" /> }} />}
    >
      {auth.status === 'signed-in' ? (
        <Alert tone="info" className="mb-4">
          {t('login.alreadyIn', { email: auth.session.profile.email })}
        </Alert>
      ) : null}
      <ProviderSignInError providerName={providerName} />
      {providerName ? (
        <>
          <ProviderSignIn providerName={providerName} redirect={redirect} />
          <OrDivider>{t('login.orEmail')}</OrDivider>
        </>
      ) : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label={t('field.email')} type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        <div>
          <TextField label={t('field.password')} type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
          <div className="flex justify-end">
            {/* The address typed so far goes along in router state (not the URL), so it need not be typed twice. */}
            <Link
              to="/forgot-password"
              state={{ email: watch('email') }}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-700 underline underline-offset-4"
            >
              {t('login.forgot')}
            </Link>
          </div>
        </div>
        <Button type="submit" busy={isSubmitting} className="w-full">
          {t('logIn')}
        </Button>
      </form>
    </AuthCard>
  );
}
