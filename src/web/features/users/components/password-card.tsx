import { useId } from 'react';
import { toast } from '../../../lib/toast';
import { Link } from 'react-router';
import { changePasswordSchema } from '../../../../shared/auth/auth.schemas';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { useChangePassword } from '../api/change-password';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '', signOutOtherDevices: true };

/** Change password: the current one first (better-auth checks it), then the new one twice. */
export function PasswordCard({ email }: { email: string }) {
  const headingId = useId();
  const change = useChangePassword();
  const {
    register,
    submit,
    reset,
    formError,
    formState: { errors, isSubmitting },
  } = useZodForm(changePasswordSchema, { defaultValues: EMPTY, serverFields: ['currentPassword', 'newPassword'] });

  const onSubmit = submit(async (values) => {
    await change.mutateAsync(values);
    reset(EMPTY);
    toast.success(values.signOutOtherDevices ? 'Password changed. Every other device is signed out.' : 'Password changed.');
  });

  return (
    <Card aria-labelledby={headingId} role="region">
      <h2 id={headingId} className="text-lg font-semibold text-primary-900">
        Password
      </h2>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        {/* Lets password managers tie the new password to the account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField label="Current password" type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...register('currentPassword')} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <CheckboxField
          label="Sign out of every other device"
          hint="Phones and computers where you are logged in will need the new password."
          {...register('signOutOtherDevices')}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <Button type="submit" busy={isSubmitting}>
            Change password
          </Button>
          <Link
            to="/forgot-password"
            state={{ email }}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-700 underline underline-offset-4"
          >
            Forgot your current password?
          </Link>
        </div>
      </form>
    </Card>
  );
}
