import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { RichText, useT } from '../../../lib/i18n';
import { emailStatusQueryKey, useEmailStatus } from '../api/get-email-status';
import { useResendVerificationEmail } from '../api/resend-verification-email';

/** Whether the sign-in address is confirmed, and "Resend verification email" while it is not. */
export function EmailStatus({ userId, email }: { userId: string; email: string }) {
  const { t } = useT('users');
  const status = useEmailStatus(userId);
  const resend = useResendVerificationEmail();
  const queryClient = useQueryClient();

  if (status.isPending) return <Skeleton className="mx-auto mt-3 h-6 w-28" />;
  if (status.isError) {
    return <LoadErrorAlert className="mt-3 text-left" title={t('emailStatus.checkFailed')} message={status.error.message} onRetry={() => status.refetch()} />;
  }
  if (!status.data) return null;
  if (status.data.verified) {
    return (
      <p className="mt-3">
        <Badge tone="success">{t('emailStatus.confirmed')}</Badge>
      </p>
    );
  }

  const send = () => {
    resend.mutate(email, {
      onSuccess: () => toast.success(t('emailStatus.sent', { email })),
      onError: (err) => {
        toast.error(err.message);
        // "Already confirmed" (in another tab, say): show the state as it is now.
        void queryClient.invalidateQueries({ queryKey: emailStatusQueryKey });
      },
    });
  };

  return (
    <div className="mt-3 w-full rounded-lg border-l-4 border-warning-500 bg-warning-50 px-4 py-3 text-left text-sm text-warning-800">
      <p className="font-semibold">{t('emailStatus.confirmTitle')}</p>
      <p className="mt-1">
        <RichText ns="users" k="emailStatus.confirmText" values={{ email }} components={{ 0: <span className="break-all" /> }} />
      </p>
      <Button variant="secondary" size="sm" className="mt-3 w-full" busy={resend.isPending} onClick={send}>
        {t('emailStatus.resend')}
      </Button>
    </div>
  );
}
