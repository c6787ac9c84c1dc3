import { useState } from 'react';
import type { PracticeRequest } from '../../../../shared/practice-requests/practice-requests.schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { useMyPracticeRequests } from '../../../lib/api/get-my-practice-requests';
import { formatDateTimeRange } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useWithdrawPracticeRequest } from '../api/withdraw-practice-request';
import { cancelledDay, datesText, placeText, StatusBadge, windowText } from './practice-request-words';

/** The practice an approval booked; once it is cancelled, that in words with the day ("Approved; practice cancelled on …"). */
function BookedPractice({ request: r, timeZone }: { request: PracticeRequest; timeZone: string }) {
  const { t } = useT('practice-requests');
  if (!r.booking) return null;
  const where = {
    field: r.booking.fieldName,
    facility: r.booking.facilityName,
    when: formatDateTimeRange(r.booking.startsAt, r.booking.endsAt, timeZone),
  };
  const day = cancelledDay(r, timeZone);
  if (day) return <p className="mt-2 font-medium text-danger-800">{t('mine.cancelled', { day, ...where })}</p>;
  return <p className="mt-2 font-medium text-success-800">{t('mine.booked', where)}</p>;
}

/** The team's requests, newest first, with the league's answer and Withdraw while pending. */
export function MyPracticeRequests({ userId, timeZone }: { userId: string; timeZone: string }) {
  const { t } = useT('practice-requests');
  const requests = useMyPracticeRequests(userId);
  const withdraw = useWithdrawPracticeRequest();
  const [withdrawing, setWithdrawing] = useState<PracticeRequest | null>(null);

  const confirmWithdraw = () => {
    if (!withdrawing) return;
    withdraw.mutate(withdrawing.id, {
      onSuccess: () => toast.success(t('mine.withdrawn')),
      onError: (err) => toast.error(err.message),
      onSettled: () => setWithdrawing(null),
    });
  };

  if (requests.isPending) return <Skeleton className="h-32 w-full" />;
  if (requests.isError)
    return <LoadErrorAlert title={t('mine.loadError')} message={requests.error.message} onRetry={() => requests.refetch()} />;
  if (requests.data.length === 0) {
    return (
      <p className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-slate-700">
        {t('mine.empty')}
      </p>
    );
  }

  return (
    <>
      <ul className="flex flex-col gap-3" aria-label={t('mine.listLabel')}>
        {requests.data.map((r) => (
          <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold break-words text-slate-900">{datesText(r)}</p>
              <StatusBadge status={r.status} />
            </div>
            <p className="mt-1 text-slate-800">
              {windowText(t, r)} · {placeText(t, r)}
            </p>
            {r.notes ? <p className="mt-1 text-sm break-words text-slate-700">{t('mine.notes', { notes: r.notes })}</p> : null}
            {r.booking ? <BookedPractice request={r} timeZone={timeZone} /> : null}
            {r.response ? (
              <p className="mt-1 text-sm break-words text-slate-800">
                {t(r.status === 'declined' ? 'mine.reason' : 'mine.leagueNote', { response: r.response })}
              </p>
            ) : null}
            {r.status === 'pending' ? (
              <div className="mt-3">
                <Button variant="secondary" size="sm" onClick={() => setWithdrawing(r)}>
                  <RichText ns="practice-requests" k="mine.withdraw" values={{ dates: datesText(r) }} components={{ 0: <span className="sr-only" /> }} />
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmModal
        open={withdrawing !== null}
        title={t('mine.withdrawTitle')}
        message={withdrawing ? <p>{t('mine.withdrawMessage', { dates: datesText(withdrawing) })}</p> : null}
        confirmLabel={t('mine.withdrawConfirm')}
        cancelLabel={t('mine.keepIt')}
        destructive
        busy={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onCancel={() => setWithdrawing(null)}
      />
    </>
  );
}
