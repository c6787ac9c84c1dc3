import { useState } from 'react';
import { approvedThenCancelledText } from '../../../../shared/practice-requests/practice-request-rules';
import type { PracticeRequest } from '../../../../shared/practice-requests/practice-requests.schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { useMyPracticeRequests } from '../../../lib/api/get-my-practice-requests';
import { formatDateTimeRange } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useWithdrawPracticeRequest } from '../api/withdraw-practice-request';
import { datesText, placeText, StatusBadge, windowText } from './practice-request-words';

/** The practice an approval booked; once it is cancelled, that in words with the day ("Approved; practice cancelled on …"). */
function BookedPractice({ request: r, timeZone }: { request: PracticeRequest; timeZone: string }) {
  if (!r.booking) return null;
  const where = `${r.booking.fieldName}, ${r.booking.facilityName} · ${formatDateTimeRange(r.booking.startsAt, r.booking.endsAt, timeZone)}`;
  const cancelled = approvedThenCancelledText(r, timeZone);
  if (cancelled) {
    return (
      <p className="mt-2 font-medium text-danger-800">
        {cancelled}. It was {where}.
      </p>
    );
  }
  return <p className="mt-2 font-medium text-success-800">Booked: {where}</p>;
}

/** The team's requests, newest first, with the league's answer and Withdraw while pending. */
export function MyPracticeRequests({ userId, timeZone }: { userId: string; timeZone: string }) {
  const requests = useMyPracticeRequests(userId);
  const withdraw = useWithdrawPracticeRequest();
  const [withdrawing, setWithdrawing] = useState<PracticeRequest | null>(null);

  const confirmWithdraw = () => {
    if (!withdrawing) return;
    withdraw.mutate(withdrawing.id, {
      onSuccess: () => toast.success('Request withdrawn. The league will not act on it.'),
      onError: (err) => toast.error(err.message),
      onSettled: () => setWithdrawing(null),
    });
  };

  if (requests.isPending) return <Skeleton className="h-32 w-full" />;
  if (requests.isError)
    return <LoadErrorAlert title="Your team’s requests could not be loaded" message={requests.error.message} onRetry={() => requests.refetch()} />;
  if (requests.data.length === 0) {
    return (
      <p className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-slate-700">
        No requests yet. Use the form above when no open slot suits your team.
      </p>
    );
  }

  return (
    <>
      <ul className="flex flex-col gap-3" aria-label="Your team’s requests">
        {requests.data.map((r) => (
          <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold break-words text-slate-900">{datesText(r)}</p>
              <StatusBadge status={r.status} />
            </div>
            <p className="mt-1 text-slate-800">
              {windowText(r)} · {placeText(r)}
            </p>
            {r.notes ? <p className="mt-1 text-sm break-words text-slate-700">Notes: {r.notes}</p> : null}
            {r.booking ? <BookedPractice request={r} timeZone={timeZone} /> : null}
            {r.response ? (
              <p className="mt-1 text-sm break-words text-slate-800">
                {r.status === 'declined' ? 'Reason' : 'Note from the league'}: {r.response}
              </p>
            ) : null}
            {r.status === 'pending' ? (
              <div className="mt-3">
                <Button variant="secondary" size="sm" onClick={() => setWithdrawing(r)}>
                  Withdraw<span className="sr-only"> the request for {datesText(r)}</span>
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmModal
        open={withdrawing !== null}
        title="Withdraw this request?"
        message={withdrawing ? <p>{`Withdraw the request for ${datesText(withdrawing)}? The league will not act on it; you can send a new one.`}</p> : null}
        confirmLabel="Withdraw"
        cancelLabel="Keep it"
        destructive
        busy={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onCancel={() => setWithdrawing(null)}
      />
    </>
  );
}
