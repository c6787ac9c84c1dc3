import { toast } from '../../../lib/toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { setupAdminSchema } from '../../../../shared/users/users.schemas';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateFirstAdmin, useSetupStatus } from '../api/setup';

const setupFormSchema = setupAdminSchema.omit({ token: true });

export function SetupPage() {
  const { t } = useT('setup');
  const common = useT('common').t;
  const TITLE = t('title');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useSetupStatus();

  if (status.isPending) return <Loading />;
  if (status.data && !status.data.needsSetup) {
    return (
      <AuthCard title={TITLE}>
        <Alert tone="info">{t('hasAdmin')}</Alert>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/login?redirect=%2Fadmin" className={buttonClasses('primary')}>
            {t('logIn')}
          </Link>
          <Link to="/" className={buttonClasses('secondary')}>
            {common('home')}
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (!token) {
    return (
      <AuthCard title={TITLE}>
        <Alert>{t('noToken')}</Alert>
      </AuthCard>
    );
  }
  return <SetupForm token={token} />;
}

function SetupForm({ token }: { token: string }) {
  const { t } = useT('setup');
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
    toast.success(t('created', { name: session?.profile.displayName ?? values.name }));
    void navigate('/admin', { replace: true });
  });

  return (
    <AuthCard title={t('title')} description={t('description')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label={t('name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField label={t('email')} type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label={t('password')}
          type="password"
          autoComplete="new-password"
          hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" busy={isSubmitting} className="mt-2 w-full">
          {t('submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
