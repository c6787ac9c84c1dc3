import { useId } from 'react';
import { toast } from '../../../lib/toast';
import { notificationPrefsSchema, type NotificationPrefs } from '../../../../shared/users/users.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { SwitchField } from '../../../components/ui/switch-field';
import { useT } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useNotificationPrefs } from '../api/get-notification-prefs';
import { useSaveNotificationPrefs } from '../api/save-notification-prefs';

/** Spec part 5: which of the league's non-security emails this person gets. */
export function EmailPreferencesCard({ userId }: { userId: string }) {
  const { t } = useT('users');
  const headingId = useId();
  const prefs = useNotificationPrefs(userId);
  return (
    <Card aria-labelledby={headingId} role="region">
      <h2 id={headingId} className="text-lg font-semibold text-primary-900">
        {t('emails.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('emails.intro')}</p>
      <div className="mt-4">
        {prefs.isPending ? (
          <div aria-hidden="true" className="flex flex-col gap-4">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-11 w-40" />
          </div>
        ) : prefs.isError ? (
          <LoadErrorAlert title={t('emails.loadError')} message={prefs.error.message} onRetry={() => prefs.refetch()} />
        ) : (
          <PreferencesForm userId={userId} saved={prefs.data} />
        )}
      </div>
      <p className="mt-4 text-sm text-slate-600">
        {t('emails.always')}
      </p>
    </Card>
  );
}

function PreferencesForm({ userId, saved }: { userId: string; saved: NotificationPrefs }) {
  const { t } = useT('users');
  const save = useSaveNotificationPrefs(userId);
  const {
    register,
    submit,
    reset,
    formError,
    formState: { isSubmitting, isDirty },
  } = useZodForm(notificationPrefsSchema, { defaultValues: saved });

  const onSubmit = submit(async (values) => {
    const next = await save.mutateAsync(values);
    reset(next);
    toast.success(t('emails.saved'));
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <SwitchField
        label={t('emails.bookingChanges')}
        hint={t('emails.bookingChangesHint')}
        {...register('bookingChanges')}
      />
      <SwitchField label={t('emails.reminders')} hint={t('emails.remindersHint')} {...register('reminders')} />
      <div>
        <Button type="submit" busy={isSubmitting} disabled={!isDirty}>
          {t('emails.save')}
        </Button>
      </div>
    </form>
  );
}
