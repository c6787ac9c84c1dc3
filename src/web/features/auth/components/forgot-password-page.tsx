import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Link, useLocation } from 'react-router';
import { forgotPasswordSchema, RESET_REQUESTED_MESSAGE } from '../../../../shared/auth/auth.schemas';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { emailFromState } from './email-from-state';

const loginLink = (
  <>
    Remembered it?{' '}
    <Link to="/login" className="font-semibold text-primary-700 underline underline-offset-4">
      Log in
    </Link>
  </>
);

/** "Forgot password?": asks for a reset link, and answers the same whether or not the address has an account. */
export function ForgotPasswordPage() {
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
    toast.success('Reset link requested.');
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your email" footer={loginLink}>
        <Alert tone="success">{RESET_REQUESTED_MESSAGE}</Alert>
        <p className="mt-4 text-slate-700">
          Look for an email to <span className="font-semibold break-all">{sentTo}</span>. The link works once and expires in 1 hour.
        </p>
        <p className="mt-2 text-slate-700">Nothing after a few minutes? Check your spam folder, or ask again.</p>
        <Button variant="secondary" className="mt-6 w-full" onClick={() => setSentTo(null)}>
          Send another link
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email address of your league account and we will send you a link to choose a new password."
      footer={loginLink}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        <Button type="submit" busy={isSubmitting} className="mt-2 w-full">
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
