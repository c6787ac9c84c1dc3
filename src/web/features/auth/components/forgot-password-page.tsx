import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Link, useLocation } from 'react-router';
import { forgotPasswordSchema } from '../../../../shared/auth/auth.schemas';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { RichText, useT } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { emailFromState } from './email-from-state';

const loginLink = (
  <RichText ns="auth" k="forgot.remembered" components={{ 0: <Link to="/login" className="font-semibold text-primary-700 underline underline-offset-4" /> }} />
);

/** "Forgot password?": asks for a reset link, and answers the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useT('auth');
  const location = useLocation();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(forgotPasswordSchema, { defaultValues: { email: emailFromState(location.state) }, serverFields: ['email'] });

  const onSubmit = submit(async ({ email }) => {
    await request.mutateAsync({ email });
    setSentTo(email);
    toast.success(t('forgot.requested'));
  });

  if (sentTo) {
    return (
      <AuthCard title={t('forgot.checkEmail')} footer={loginLink}>
        {/* The words of shared/auth/auth.schemas.ts RESET_REQUESTED_MESSAGE, in the person's language. */}
        <Alert tone="success">{t('forgot.requestedMessage')}</Alert>
        <p className="mt-4 text-slate-700">
          <RichText ns="auth" k="forgot.lookFor" values={{ email: sentTo }} components={{ 0: <span className="font-semibold break-all" /> }} />
        </p>
        <p className="mt-2 text-slate-700">{t('forgot.nothing')}</p>
        <Button variant="secondary" className="mt-6 w-full" onClick={() => setSentTo(null)}>
          {t('forgot.sendAnother')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} description={t('forgot.description')} footer={loginLink}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label={t('field.email')} type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        <Button type="submit" busy={isSubmitting} className="mt-2 w-full">
          {t('forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
