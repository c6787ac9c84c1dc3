import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetLinkStatusSchema, resetPasswordSchema, type DeadResetLinkStatus } from '../../../../shared/auth/auth.schemas';
import type { MessageKey } from '../../../../shared/i18n/catalogues';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Loading } from '../../../components/ui/loading';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { RichText, useT } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useResetLinkStatus } from '../api/get-reset-link-status';
import { useResetPassword } from '../api/reset-password';

/** A dead link's title, and what to do (shared/auth/auth.schemas.ts DEAD_RESET_LINK_MESSAGES, in the person's language). */
const DEAD_TITLES: Record<DeadResetLinkStatus, MessageKey<'auth'>> = {
  expired: 'reset.dead.expired',
  used: 'reset.dead.used',
  invalid: 'reset.dead.invalid',
};
const DEAD_MESSAGES: Record<DeadResetLinkStatus, MessageKey<'auth'>> = {
  expired: 'reset.deadMessage.expired',
  used: 'reset.deadMessage.used',
  invalid: 'reset.deadMessage.invalid',
};

/** The page the reset email links to: /reset-password?token=…. It checks the link before asking for a password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (!token) return <DeadLink status="invalid" />;
  return <ResetPassword key={token} token={token} />;
}

/** Which dead link a failed reset was about (the server says so in `details.link`). */
function deadLinkOf(err: unknown): DeadResetLinkStatus | null {
  if (!(err instanceof ApiError)) return null;
  const parsed = resetLinkStatusSchema.safeParse((err.details as { link?: unknown } | undefined)?.link);
  return parsed.success && parsed.data !== 'valid' ? parsed.data : null;
}

function ResetPassword({ token }: { token: string }) {
  const { t } = useT('auth');
  const TITLE = t('reset.title');
  const navigate = useNavigate();
  const status = useResetLinkStatus(token);
  const reset = useResetPassword();
  // Set when the link dies between opening the page and saving (used in another tab, or the hour ran out).
  const [diedOnSave, setDiedOnSave] = useState<DeadResetLinkStatus | null>(null);
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(resetPasswordSchema, { defaultValues: { newPassword: '', confirmPassword: '' }, serverFields: ['newPassword'] });

  const onSubmit = submit(async ({ newPassword }) => {
    try {
      await reset.mutateAsync({ token, newPassword });
    } catch (err) {
      const dead = deadLinkOf(err);
      if (!dead) throw err;
      setDiedOnSave(dead);
      return;
    }
    toast.success(t('reset.saved'));
    void navigate('/login', { replace: true });
  });

  if (status.isPending) {
    return (
      <AuthCard title={TITLE}>
        <Loading className="py-6 text-center text-slate-700" />
      </AuthCard>
    );
  }
  if (status.isError) {
    return (
      <AuthCard title={TITLE}>
        <LoadErrorAlert title={t('reset.checkFailed')} message={status.error.message} onRetry={() => status.refetch()} />
      </AuthCard>
    );
  }
  const dead = diedOnSave ?? (status.data === 'valid' ? null : status.data);
  if (dead) return <DeadLink status={dead} />;

  return (
    <AuthCard title={TITLE} description={t('reset.description')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField
          label={t('field.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('field.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField label={t('field.confirmNewPassword')} type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <Button type="submit" busy={isSubmitting} className="mt-2 w-full">
          {t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

/** A link that no longer works: what happened, and the way to a new one. */
function DeadLink({ status }: { status: DeadResetLinkStatus }) {
  const { t } = useT('auth');
  return (
    <AuthCard
      title={t(DEAD_TITLES[status])}
      footer={<RichText ns="auth" k="reset.remembered" components={{ 0: <Link to="/login" className="font-semibold text-primary-700 underline underline-offset-4" /> }} />}
    >
      <Alert>{t(DEAD_MESSAGES[status])}</Alert>
      <p className="mt-4 text-slate-700">{t('reset.linkRules')}</p>
      <Link to="/forgot-password" className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
        {t('reset.askNew')}
      </Link>
    </AuthCard>
  );
}
