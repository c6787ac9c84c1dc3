import { toast } from '../../../lib/toast';
import { adminCancelSchema, type Booking } from '../../../../shared/bookings/bookings.schemas';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { formatDateTime } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useAdminCancelBooking } from '../api/admin-cancel-booking';
import { teamWords } from '../booking-words';

/** An admin cancels a booking; the reason is required (it goes to the coach and the audit log). */
export function AdminCancelDialog({ booking, timeZone, onClose }: { booking: Booking; timeZone: string; onClose: () => void }) {
  const { t } = useT('bookings-admin');
  const cancel = useAdminCancelBooking();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(adminCancelSchema, { defaultValues: { reason: '' } });

  const onSubmit = handleSubmit((values) => {
    cancel.mutate(
      { id: booking.id, reason: values.reason },
      {
        onSuccess: (cancelled) => {
          toast.success(t('cancel.done', { ...teamWords(cancelled.teamName), when: formatDateTime(cancelled.startsAt, timeZone), field: cancelled.fieldName }));
          onClose();
        },
        onError: (err) => {
          toast.error(err.message);
          onClose();
        },
      },
    );
  });

  return (
    <Modal open title={t('cancel.title')} onClose={cancel.isPending ? () => undefined : onClose} role="alertdialog">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-slate-700">
          {t('cancel.question', { ...teamWords(booking.teamName), when: formatDateTime(booking.startsAt, timeZone), field: booking.fieldName, facility: booking.facilityName })}
        </p>
        <TextAreaField label={t('cancel.reason')} rows={2} maxLength={200} hint={t('cancel.reasonHint')} error={errors.reason?.message} {...register('reason')} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={cancel.isPending} autoFocus>
            {t('cancel.keep')}
          </Button>
          <Button type="submit" variant="danger" busy={cancel.isPending}>
            {t('cancel.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
