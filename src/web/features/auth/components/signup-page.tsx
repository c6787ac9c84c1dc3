import { toast } from '../../../lib/toast';
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
import { useZodForm } from '../../../lib/use-zod-form';
import { useSignUp } from '../api/sign-up';

export function SignupPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const signUp = useSignUp();
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
      toast.success(`Welcome, ${session?.profile.displayName ?? values.name}! Your account is ready.`);
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
      description="Create your league account to book fields, follow your team and register for clinics."
      footer={
        <>
          Already have an account?{' '}
          <Link to={loginHref} className="font-semibold text-primary-700 underline underline-offset-4">
            Log in instead
          </Link>
        </>
      }
    >
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
    </AuthCard>
  );
}
