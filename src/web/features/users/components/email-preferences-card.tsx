import { useId } from 'react';
import { toast } from '../../../lib/toast';
import { notificationPrefsSchema, type NotificationPrefs } from '../../../../shared/users/users.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { SwitchField } from '../../../components/ui/switch-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { useNotificationPrefs } from '../api/get-notification-prefs';
import { useSaveNotificationPrefs } from '../api/save-notification-prefs';

/** Spec part 5: which of the league's non-security emails this person gets. */
export function EmailPreferencesCard({ userId }: { userId: string }) {
  const headingId = useId();
  const prefs = useNotificationPrefs(userId);
  return (
    <Card aria-labelledby={headingId} role="region">
      <h2 id={headingId} className="text-lg font-semibold text-primary-900">
        Emails from the league
      </h2>
      <p className="mt-1 text-slate-700">Choose which emails you get about practices.</p>
      <div className="mt-4">
        {prefs.isPending ? (
          <div aria-hidden="true" className="flex flex-col gap-4">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-11 w-40" />
          </div>
        ) : prefs.isError ? (
          <LoadErrorAlert title="Your email choices could not be loaded" message={prefs.error.message} onRetry={() => prefs.refetch()} />
        ) : (
          <PreferencesForm userId={userId} saved={prefs.data} />
        )}
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Password reset and email confirmation messages are always sent: they keep your account safe, so they are not a choice here.
      </p>
    </Card>
  );
}

function PreferencesForm({ userId, saved }: { userId: string; saved: NotificationPrefs }) {
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
    toast.success('Email choices saved.');
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <SwitchField
        label="Booking changes"
        hint="When a practice of your team is booked, cancelled, moved or bumped, or a field closure affects it."
        {...register('bookingChanges')}
      />
      <SwitchField label="Practice reminders" hint="The evening before each of your team's practices." {...register('reminders')} />
      <div>
        <Button type="submit" busy={isSubmitting} disabled={!isDirty}>
          Save email choices
        </Button>
      </div>
    </form>
  );
}
