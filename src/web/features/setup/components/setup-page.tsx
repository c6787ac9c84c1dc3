import { toast } from '../../../lib/toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { setupAdminSchema } from '../../../../shared/users/users.schemas';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateFirstAdmin, useSetupStatus } from '../api/setup';

const setupFormSchema = setupAdminSchema.omit({ token: true });

const TITLE = 'Set up your league';

export function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useSetupStatus();

  if (status.isPending) return <Loading />;
  if (status.data && !status.data.needsSetup) {
    return (
      <AuthCard title={TITLE}>
        <Alert tone="info">The league already has an admin, so this setup link is no longer needed.</Alert>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/login?redirect=%2Fadmin" className={buttonClasses('primary')}>
            Log in
          </Link>
          <Link to="/" className={buttonClasses('secondary')}>
            Home
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (!token) {
    return (
      <AuthCard title={TITLE}>
        <Alert>
          This setup link is missing its token. Open the full link the server printed when it first started (it ends in
          ?token=…), or restart the server to print a new one.
        </Alert>
      </AuthCard>
    );
  }
  return <SetupForm token={token} />;
}

function SetupForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const create = useCreateFirstAdmin();
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(setupFormSchema, { defaultValues: { name: '', email: '', password: '' }, serverFields: ['name', 'email', 'password'] });

  const onSubmit = submit(async (values) => {
    const session = await create.mutateAsync({ token, ...values });
    toast.success(`Admin account created. Welcome, ${session?.profile.displayName ?? values.name}!`);
    void navigate('/admin', { replace: true });
  });

  return (
    <AuthCard title={TITLE} description="Create the league's first admin account. This link works once; later admins are added from the user manager.">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Use a strong one: this account can change everything.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" busy={isSubmitting} className="mt-2 w-full">
          Create admin account
        </Button>
      </form>
    </AuthCard>
  );
}
