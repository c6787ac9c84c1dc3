import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  DEAD_RESET_LINK_MESSAGES,
  resetLinkStatusSchema,
  resetPasswordSchema,
  type DeadResetLinkStatus,
} from '../../../../shared/auth/auth.schemas';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Loading } from '../../../components/ui/loading';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';
import { useResetLinkStatus } from '../api/get-reset-link-status';
import { useResetPassword } from '../api/reset-password';

const TITLE = 'Choose a new password';

const DEAD_TITLES: Record<DeadResetLinkStatus, string> = {
  expired: 'This link has expired',
  used: 'This link has already been used',
  invalid: 'This link does not work',
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
    toast.success('Your password is changed. Log in with your new password.');
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
        <LoadErrorAlert title="Your reset link could not be checked" message={status.error.message} onRetry={() => status.refetch()} />
      </AuthCard>
    );
  }
  const dead = diedOnSave ?? (status.data === 'valid' ? null : status.data);
  if (dead) return <DeadLink status={dead} />;

  return (
    <AuthCard title={TITLE} description="Pick a password you do not use anywhere else. Saving it signs you out on every device.">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <Button type="submit" busy={isSubmitting} className="mt-2 w-full">
          Save new password
        </Button>
      </form>
    </AuthCard>
  );
}

/** A link that no longer works: what happened, and the way to a new one. */
function DeadLink({ status }: { status: DeadResetLinkStatus }) {
  return (
    <AuthCard
      title={DEAD_TITLES[status]}
      footer={
        <>
          Remembered your password?{' '}
          <Link to="/login" className="font-semibold text-primary-700 underline underline-offset-4">
            Log in
          </Link>
        </>
      }
    >
      <Alert>{DEAD_RESET_LINK_MESSAGES[status]}</Alert>
      <p className="mt-4 text-slate-700">A reset link works once, for 1 hour. Ask for a new one and use the newest email.</p>
      <Link to="/forgot-password" className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
        Ask for a new link
      </Link>
    </AuthCard>
  );
}
