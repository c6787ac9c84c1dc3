import { useState } from 'react';
import type { Clinic } from '../../../../shared/clinics/clinics.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useCancelClinic } from '../api/cancel-clinic';

/** Cancels a clinic after asking, with the reason every registrant is emailed. */
export function CancelClinicDialog({ clinic, onClose }: { clinic: Clinic | null; onClose: () => void }) {
  const { t } = useT('clinics');
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
      setError(t('cancelClinic.needReason'));
      return;
    }
    cancel.mutate(
      { id: clinic.id, reason: reason.trim() },
      {
        onSuccess: ({ registrationsCancelled }) => {
          toast.success(t('cancelClinic.done', { title: clinic.title, count: registrationsCancelled }));
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
      title={clinic ? t('cancelClinic.title', { title: clinic.title }) : t('cancelClinic.titleNone')}
      onClose={cancel.isPending ? () => undefined : close}
      role="alertdialog"
    >
      {clinic ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700">
            {people === 0 ? t('cancelClinic.nobody') : t('cancelClinic.everyone', { count: people })}
          </p>
          <TextAreaField
            label={t('cancelClinic.reason')}
            hint={t('cancelClinic.reasonHint')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={error ?? undefined}
          />
          {cancel.isError && !error ? <Alert>{cancel.error.message}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={cancel.isPending} autoFocus>
              {t('cancelClinic.keep')}
            </Button>
            <Button variant="danger" onClick={confirm} busy={cancel.isPending}>
              {t('cancelClinic.confirm')}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
