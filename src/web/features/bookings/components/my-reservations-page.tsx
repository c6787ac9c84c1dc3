import { useState, type ComponentType, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { Link } from 'react-router';
import { cancelCutoffWords, checkCancellation, type BookingRules } from '../../../../shared/bookings/booking-rules';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import { useSession } from '../../../app/session/use-session';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { TextField } from '../../../components/ui/text-field';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { ApiError } from '../../../lib/api-client';
import { apiWords, useNamespace, useT } from '../../../lib/i18n';
import { useLiveSlots } from '../../../lib/live/use-live-slots';
import { useCancelBooking } from '../api/cancel-booking';
import { useBookingContext } from '../../../lib/api/get-booking-context';
import { useBookingRulesOf } from '../api/get-booking-rules';
import { useMyBookings } from '../../../lib/api/get-my-bookings';
import { cancelledMessage, cancelQuestion } from '../booking-words';
import { splitReservations } from '../reservations';
import { useServerNow } from '../server-clock';
import { ReservationCard } from './reservation-card';

/** What the app's swap action on a practice is given (features/swaps, issue 29). */
export interface SwapActionProps {
  booking: Booking;
  timeZone: string;
}

/**
 * /my-reservations: the team's upcoming and past bookings, add to calendar, cancel before the cutoff. `waitlist`
 * (features/waitlist, given by the app; issue 28) is the team's waitlist, shown after the upcoming practices: the offer
 * email links to it (#waitlist). `swaps` and `swapAction` (features/swaps, given by the app; issue 29): the team's swap
 * offers, shown after the upcoming practices (#swaps), and "Offer a swap" on each upcoming practice a coach may still
 * cancel (an offer expires at the cutoff).
 */
export function MyReservationsPage({ waitlist, swaps, swapAction: SwapAction }: { waitlist?: ReactNode; swaps?: ReactNode; swapAction?: ComponentType<SwapActionProps> } = {}) {
  const { t } = useT('bookings');
  const title = t('myReservations.title');
  const description = t('myReservations.description');
  const auth = useSession();
  const signedIn = auth.status === 'signed-in';
  const profile = auth.session?.profile;
  useLiveSlots(signedIn);
  const context = useBookingContext(null, profile?.id ?? null, { enabled: signedIn });
  const bookings = useMyBookings(profile?.id ?? null, { enabled: signedIn && Boolean(profile?.teamId) });
  const leagueTimeZone = useLeagueTimeZone();
  const timeZone = context.data?.timeZone ?? leagueTimeZone;
  const now = useServerNow(context.data?.now, context.dataUpdatedAt);
  const { upcoming, past } = splitReservations(bookings.data ?? [], now);
  const rules = useBookingRulesOf([...new Set(upcoming.filter((b) => b.status === 'confirmed').map((b) => b.seasonId))]);
  // The cancel cutoff's words (the errors catalogue), once there is a rule to word.
  useNamespace('errors', rules.size > 0);
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  /** The booking whose last Cancel press ended with the outcome unknown (see `checkingId`). */
  const [unknownOutcome, setUnknownOutcome] = useState<string | null>(null);
  const cancel = useCancelBooking({
    // The server's words at once; the list reloads either way.
    onError: (err, { id }) => {
      toast.error(err.message);
      setCancelling(null);
      if (err instanceof ApiError && err.outcomeUnknown) setUnknownOutcome(id);
    },
  });
  // A Cancel that may or may not have gone through holds that booking's Cancel button, saying so, for as long as
  // the press is pending: until the list has been read again, which then shows it cancelled or still booked.
  const checkingId = cancel.isPending && cancel.variables?.id === unknownOutcome ? unknownOutcome : null;
  const [reason, setReason] = useState('');

  const bookLink = (
    <Link to="/slots" className={buttonClasses('primary')}>
      {t('page.title')}
    </Link>
  );

  if (auth.status === 'loading') return <PageSkeleton />;
  if (!signedIn) {
    return (
      <section>
        <PageHeader title={title} description={description} />
        <EmptyState
          title={t('myReservations.signIn.title')}
          action={
            <Link to={`/login?redirect=${encodeURIComponent('/my-reservations')}`} className={buttonClasses('primary')}>
              {t('signIn.logIn')}
            </Link>
          }
        >
          {t('myReservations.signIn.body')}
        </EmptyState>
      </section>
    );
  }
  if (!profile?.teamId) {
    return (
      <section>
        <PageHeader title={title} description={description} />
        <EmptyState title={t('myReservations.noTeam.title')}>{t('myReservations.noTeam.body')}</EmptyState>
      </section>
    );
  }

  // Members of a team see its practices; only coaches (and admins) book and cancel them.
  const notCoach = context.data?.cannotBook ?? null;
  const cancelState = (booking: Booking): { allowed: boolean; reason: string | null } => {
    if (notCoach) return { allowed: false, reason: null };
    if (booking.id === checkingId) return { allowed: false, reason: t('myReservations.cancelChecking') };
    const seasonRules: BookingRules | undefined = rules.get(booking.seasonId);
    if (!seasonRules) return { allowed: true, reason: null };
    const result = checkCancellation(seasonRules, new Date(booking.startsAt), now);
    return result.ok ? { allowed: true, reason: null } : { allowed: false, reason: apiWords({ message: result.message, ...cancelCutoffWords(seasonRules.cancelCutoffHours) }) };
  };

  const startCancel = (booking: Booking) => {
    setReason('');
    setCancelling(booking);
  };

  const confirmCancel = () => {
    if (!cancelling) return;
    const booking = cancelling;
    setUnknownOutcome(null);
    cancel.mutate(
      { id: booking.id, reason },
      {
        onSuccess: (cancelled) => {
          toast.success(cancelledMessage(t, cancelled, timeZone));
          setCancelling(null);
        },
      },
    );
  };

  const renderList = (list: readonly Booking[], canCancel: boolean) => (
    <ul className="grid gap-3 md:grid-cols-2">
      {list.map((booking) => {
        const cancel = canCancel && !notCoach && booking.status === 'confirmed' ? cancelState(booking) : null;
        return (
          <li key={booking.id}>
            <ReservationCard
              booking={booking}
              timeZone={timeZone}
              now={now}
              cancel={cancel}
              onCancel={() => startCancel(booking)}
              // Once the season's rules are in, so the action never shows for a practice past its cutoff.
              swap={SwapAction && cancel?.allowed && rules.has(booking.seasonId) ? <SwapAction booking={booking} timeZone={timeZone} /> : null}
            />
          </li>
        );
      })}
    </ul>
  );

  return (
    <section>
      <PageHeader title={title} description={description} actions={bookLink} />
      {notCoach ? (
        <Alert tone="info" className="mb-4">
          {notCoach.message}
        </Alert>
      ) : null}

      {bookings.isPending ? (
        <ListSkeleton />
      ) : bookings.isError ? (
        <div className="flex flex-col gap-8">
          <LoadErrorAlert title={t('myReservations.loadError')} message={bookings.error.message} onRetry={() => bookings.refetch()} />
          {swaps}
          {waitlist}
        </div>
      ) : upcoming.length === 0 && past.length === 0 ? (
        <div className="flex flex-col gap-8">
          <EmptyState title={t('myReservations.empty.title')} action={bookLink}>
            {t('myReservations.empty.body')}
          </EmptyState>
          {swaps}
          {waitlist}
        </div>
      ) : (
        <div className="flex flex-col gap-8">
          <section aria-labelledby="upcoming-heading">
            <h2 id="upcoming-heading" className="mb-3 text-xl font-bold text-primary-900">
              {t('myReservations.upcoming')}
            </h2>
            {upcoming.length === 0 ? (
              <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white px-4 py-8 text-center">
                <p className="font-semibold text-primary-900">{t('myReservations.noUpcoming.title')}</p>
                <p className="mt-1 text-slate-700">{t('myReservations.noUpcoming.body')}</p>
                <div className="mt-4 flex justify-center">{bookLink}</div>
              </div>
            ) : (
              renderList(upcoming, true)
            )}
          </section>
          {swaps}
          {waitlist}
          {past.length > 0 ? (
            <section aria-labelledby="past-heading">
              <h2 id="past-heading" className="mb-3 text-xl font-bold text-primary-900">
                {t('myReservations.past')}
              </h2>
              {renderList(past, false)}
            </section>
          ) : null}
        </div>
      )}

      <ConfirmModal
        open={cancelling !== null}
        title={t('myReservations.cancel.title')}
        message={
          cancelling ? (
            <div className="flex flex-col gap-4">
              <p>{cancelQuestion(t, cancelling, timeZone)}</p>
              <TextField
                label={t('myReservations.cancel.reason')}
                hint={t('myReservations.cancel.reasonHint')}
                maxLength={200}
                autoComplete="off"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
          ) : null
        }
        confirmLabel={t('myReservations.cancel.confirm')}
        cancelLabel={t('myReservations.cancel.keep')}
        destructive
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      />
    </section>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-3 md:grid-cols-2" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-44 w-full" />
      ))}
    </div>
  );
}

function PageSkeleton() {
  return (
    <section aria-hidden="true">
      <Skeleton className="mb-2 h-9 w-64" />
      <Skeleton className="mb-6 h-5 w-full max-w-xl" />
      <ListSkeleton />
    </section>
  );
}
