import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useSignOutOtherDevices } from '../api/sign-out-other-devices';

/** "Sign out of every other device": for a lost phone or a shared computer; this browser stays signed in. */
export function DevicesCard() {
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const signOut = useSignOutOtherDevices();

  const confirm = () => {
    signOut.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        toast.success('Signed out of every other device. You are still logged in here.');
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
        Other devices
      </h2>
      <p className="mt-1 text-slate-700">Logged in on a lost phone or a shared computer? Sign out everywhere except here.</p>
      <Button variant="secondary" className="mt-4" onClick={() => setAsking(true)}>
        Sign out of every other device
      </Button>
      <ConfirmModal
        open={asking}
        title="Sign out of every other device?"
        message="Every phone, tablet and computer where you are logged in, except this one, is signed out and needs your password to log in again."
        confirmLabel="Sign out other devices"
        destructive
        busy={signOut.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}
