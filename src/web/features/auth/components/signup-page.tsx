import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { ERROR_CODES } from '../../../../shared/errors/api-error';
import { signupSchema } from '../../../../shared/users/users.schemas';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useSignInOptions } from '../../../lib/api/get-sign-in-options';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSignUp } from '../api/sign-up';
import { greet } from '../greeting';
import { OrDivider, ProviderSignIn } from './provider-sign-in';

export function SignupPage() {
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
      greet(`Welcome, ${session?.profile.displayName ?? values.name}! Your account is ready.`);
      void navigate(redirect, { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError && err.code === ERROR_CODES.CONFLICT)) throw err;
      setError('email', { type: 'server', message: err.message });
    }
  });

  const loginHref = redirect === '/' ? '/login' : `/login?redirect=${encodeURIComponent(redirect)}`;

  return (
    <AuthCard
      title="Sign up"
      description={
        passwordSignUp || providerName
          ? 'Create your league account to book fields, follow your team and register for clinics.'
          : 'Accounts here are made by invitation from a league admin.'
      }
      footer={
        <>
          Already have an account?{' '}
          <Link to={loginHref} className="font-semibold text-primary-700 underline underline-offset-4">
            Log in instead
          </Link>
        </>
      }
    >
      {providerName ? (
        <>
          <ProviderSignIn providerName={providerName} redirect={redirect} />
          <p className="mt-2 text-sm text-slate-600">Your first log-in with {providerName} creates your account here.</p>
        </>
      ) : null}
      {passwordSignUp ? (
        <>
          {providerName ? <OrDivider>or with an email and a password</OrDivider> : null}
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
            {formError ? <Alert>{formError}</Alert> : null}
            <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
            <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              error={errors.password?.message}
              {...register('password')}
            />
            <p className="text-sm text-slate-600">A league admin puts coaches and players on their team; coaches usually get an invitation by email.</p>
            <Button type="submit" busy={isSubmitting} className="mt-2 w-full">
              Sign up
            </Button>
          </form>
        </>
      ) : (
        <Alert tone="info" title="Sign-up with a password is switched off" className={providerName ? 'mt-5' : undefined}>
          {providerName
            ? `New accounts come from ${providerName} or from an invitation by a league admin.`
            : 'New accounts are by invitation: ask a league admin to invite you. The invitation email has a link that creates your account.'}
        </Alert>
      )}
    </AuthCard>
  );
}
