import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { ERROR_CODES } from '../../../../shared/errors/api-error';
import { signupSchema } from '../../../../shared/users/users.schemas';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useTeams } from '../../../lib/api/get-teams';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSignUp } from '../api/sign-up';

export function SignupPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const teams = useTeams();
  const signUp = useSignUp();
  const {
    register,
    submit,
    setError,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(signupSchema, { defaultValues: { name: '', email: '', password: '', teamId: '' }, serverFields: ['name', 'email', 'password', 'teamId'] });

  const onSubmit = submit(async (values) => {
    try {
      const { session, teamError } = await signUp.mutateAsync(values);
      if (teamError) toast.error(`Your account is ready, but the team was not saved: ${teamError} Pick it on your profile.`);
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
        <SelectField
          label="Team"
          disabled={teams.isPending}
          hint={
            teams.isError
              ? 'The team list could not be loaded. You can pick your team later on your profile.'
              : 'Optional. Coaches are linked to their team by a league admin.'
          }
          error={errors.teamId?.message}
          {...register('teamId')}
        >
          <option value="">{teams.isPending ? 'Loading teams…' : 'No team for now'}</option>
          {(teams.data ?? []).map((team) => (
            <option key={team.id} value={team.id}>
              {team.division ? `${team.name} (${team.division})` : team.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" busy={isSubmitting} className="mt-2 w-full">
          Sign up
        </Button>
      </form>
    </AuthCard>
  );
}
