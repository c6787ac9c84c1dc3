import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useT } from '../../../lib/i18n';
import { useSignOutOtherDevices } from '../api/sign-out-other-devices';

/** "Sign out of every other device": for a lost phone or a shared computer; this browser stays signed in. */
export function DevicesCard() {
  const { t } = useT('users');
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const signOut = useSignOutOtherDevices();

  const confirm = () => {
    signOut.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        toast.success(t('devices.done'));
      },
      onError: (err) => {
        setAsking(false);
        toast.error(err.message);
      },
    });
  };

  return (
    <Card aria-labelledby={headingId} role="region">
      <h2 id={headingId} className="text-lg font-semibold text-primary-900">
        {t('devices.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('devices.text')}</p>
      <Button variant="secondary" className="mt-4" onClick={() => setAsking(true)}>
        {t('devices.button')}
      </Button>
      <ConfirmModal
        open={asking}
        title={t('devices.confirmTitle')}
        message={t('devices.confirmMessage')}
        confirmLabel={t('devices.confirm')}
        destructive
        busy={signOut.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}
