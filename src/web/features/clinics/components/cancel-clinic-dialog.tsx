import { useState } from 'react';
import type { Clinic } from '../../../../shared/clinics/clinics.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { toast } from '../../../lib/toast';
import { useCancelClinic } from '../api/cancel-clinic';

/** Cancels a clinic after asking, with the reason every registrant is emailed. */
export function CancelClinicDialog({ clinic, onClose }: { clinic: Clinic | null; onClose: () => void }) {
  const cancel = useCancelClinic();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!clinic) return;
    if (!reason.trim()) {
      setError('Say why the clinic is cancelled; families will read it');
      return;
    }
    cancel.mutate(
      { id: clinic.id, reason: reason.trim() },
      {
        onSuccess: ({ registrationsCancelled }) => {
          toast.success(
            `${clinic.title} is cancelled. ${registrationsCancelled} registration${registrationsCancelled === 1 ? '' : 's'} cancelled and emailed.`,
          );
          close();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  const people = clinic ? clinic.registeredCount + clinic.waitlistCount : 0;
  return (
    <Modal
      open={clinic !== null}
      title={clinic ? `Cancel ${clinic.title}?` : 'Cancel clinic'}
      onClose={cancel.isPending ? () => undefined : close}
      role="alertdialog"
    >
      {clinic ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700">
            {people === 0
              ? 'Nobody is registered yet. The clinic disappears from the list.'
              : `All ${people} registration${people === 1 ? '' : 's'} (places and waitlist) are cancelled and each family is emailed the reason. This cannot be undone.`}
          </p>
          <TextAreaField
            label="Reason"
            hint="Families read this in the email"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={error ?? undefined}
          />
          {cancel.isError && !error ? <Alert>{cancel.error.message}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={cancel.isPending} autoFocus>
              Keep the clinic
            </Button>
            <Button variant="danger" onClick={confirm} busy={cancel.isPending}>
              Cancel clinic
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
