import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginSchema, type LoginInput } from '../../../../shared/users/users.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useSignIn } from '../api/sign-in';
import { useSession } from '../use-session';
import { AuthCard } from './auth-card';

export function LoginPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const auth = useSession();
  const signIn = useSignIn();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const session = await signIn.mutateAsync(values);
      if (!session) {
        setFormError('You were logged in, but your profile could not be loaded. Reload the page and try again.');
        return;
      }
      toast.success(`Welcome back, ${session.profile.displayName}!`);
      void navigate(redirect, { replace: true });
    } catch (err) {
      // What was typed stays in the form, so the person only fixes what is wrong.
      setFormError(applyServerErrors(err, setError, ['email', 'password']));
    }
  });

  const signupHref = redirect === '/' ? '/signup' : `/signup?redirect=${encodeURIComponent(redirect)}`;

  return (
    <AuthCard
      title="Log in"
      description="Use the email and password of your league account."
      footer={
        <>
          New to the league app?{' '}
          <Link to={signupHref} className="font-semibold text-primary-700 underline underline-offset-4">
            Create an account
          </Link>
        </>
      }
    >
      {auth.status === 'signed-in' ? (
        <Alert tone="info" className="mb-4">
          You are already logged in as {auth.session.profile.email}. Logging in again switches account.
        </Alert>
      ) : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <Button type="submit" busy={isSubmitting} className="mt-2 w-full">
          Log in
        </Button>
      </form>
    </AuthCard>
  );
}
