import { toast } from '../../../lib/toast';
import { adminCancelSchema, type Booking } from '../../../../shared/bookings/bookings.schemas';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { formatDateTime } from '../../../lib/dates';
import { useZodForm } from '../../../lib/use-zod-form';
import { useAdminCancelBooking } from '../api/admin-cancel-booking';
import { cancelledMessage, possessive } from '../booking-words';

/** An admin cancels a booking; the reason is required (it goes to the coach and the audit log). */
export function AdminCancelDialog({ booking, timeZone, onClose }: { booking: Booking; timeZone: string; onClose: () => void }) {
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
          toast.success(`${cancelledMessage(cancelled, timeZone)} ${possessive(cancelled.teamName)} coach is notified.`);
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
    <Modal open title="Cancel this booking?" onClose={cancel.isPending ? () => undefined : onClose} role="alertdialog">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-slate-700">
          {`Cancel ${possessive(booking.teamName)} practice on ${formatDateTime(booking.startsAt, timeZone)} at ${booking.fieldName} (${booking.facilityName})? The slot reopens for other teams and their coach is notified with your reason.`}
        </p>
        <TextAreaField label="Reason" rows={2} maxLength={200} hint="Required. Sent to the coach and kept with the booking." error={errors.reason?.message} {...register('reason')} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={cancel.isPending} autoFocus>
            Keep booking
          </Button>
          <Button type="submit" variant="danger" busy={cancel.isPending}>
            Cancel booking
          </Button>
        </div>
      </form>
    </Modal>
  );
}
