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
import { useT } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useChangePassword } from '../api/change-password';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '', signOutOtherDevices: true };

/** Change password: the current one first (better-auth checks it), then the new one twice. */
export function PasswordCard({ email }: { email: string }) {
  const { t } = useT('users');
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
    toast.success(values.signOutOtherDevices ? t('password.changedOthersOut') : t('password.changed'));
  });

  return (
    <Card aria-labelledby={headingId} role="region">
      <h2 id={headingId} className="text-lg font-semibold text-primary-900">
        {t('password.title')}
      </h2>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 flex flex-col gap-4">
        {formError ? <Alert>{formError}</Alert> : null}
        {/* Lets password managers tie the new password to the account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField label={t('password.current')} type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...register('currentPassword')} />
        <TextField
          label={t('field.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('field.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField label={t('field.confirmNewPassword')} type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <CheckboxField
          label={t('password.signOutOthers')}
          hint={t('password.signOutOthersHint')}
          {...register('signOutOtherDevices')}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <Button type="submit" busy={isSubmitting}>
            {t('password.submit')}
          </Button>
          <Link
            to="/forgot-password"
            state={{ email }}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-700 underline underline-offset-4"
          >
            {t('password.forgot')}
          </Link>
        </div>
      </form>
    </Card>
  );
}
