import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_LEAGUE_TIMEZONE } from '../../../../shared/constants';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import { useCurrentSeason } from '../../../app/current-season/current-season-context';
import { useSession } from '../../../app/session/use-session';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { useFacilities } from '../../../lib/api/get-facilities';
import { useLeague } from '../../../lib/api/get-league';
import { useSlots } from '../../../lib/api/get-slots';
import { addDays, formatDayRange, formatMonthDay, timeZoneName, todayInZone } from '../../../lib/dates';
import { useLiveSlots } from '../../../lib/live/use-live-slots';
import { weekOf } from '../../../lib/slot-week';
import { useBookSlot } from '../api/book-slot';
import { useBookingContext } from '../api/get-booking-context';
import { bookWeekStart, pickDay, pickSeason, readBookFilters, weekDates, withBookFilters, type BookFilters } from '../book-filters';
import { bookedMessage, bookQuestion } from '../booking-words';
import { useServerNow } from '../server-clock';
import { quotaText, slotView, teamQuota, weekReasons, type TeamQuota } from '../slot-availability';
import { slotBoard } from '../slot-board';
import { BookFilterBar } from './book-filter-bar';
import { SlotDayTabs } from './slot-day-tabs';
import { SlotWeekGrid } from './slot-week-grid';

/**
 * /slots, Book a Field: a week of slots by field and day, live. A coach books an open slot in one click and
 * a confirm; a slot the rules refuse says why before the click, in the server's words.
 */
export function BookFieldPage() {
  useLiveSlots();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const filters = readBookFilters(params);
  const auth = useSession();
  const { season: current, seasons, isLoading: seasonsLoading } = useCurrentSeason();
  const season = pickSeason(seasons, filters.season, current.id);
  const league = useLeague();
  const facilities = useFacilities();
  const context = useBookingContext(season?.id ?? null, auth.session?.profile.id ?? null, { enabled: !seasonsLoading && auth.status !== 'loading' });
  const book = useBookSlot();
  const [confirming, setConfirming] = useState<Slot | null>(null);

  const timeZone = context.data?.timeZone ?? league.data?.timeZone ?? (league.isError ? DEFAULT_LEAGUE_TIMEZONE : undefined);
  const now = useServerNow(context.data?.now, context.dataUpdatedAt);
  const today = timeZone ? todayInZone(timeZone, now) : null;
  const weekStart = today ? bookWeekStart(filters.week, today, season) : null;
  const week = weekStart ? weekOf(weekStart) : null;
  const slots = useSlots(
    { from: week?.from ?? '', to: week?.to ?? '', seasonId: season?.id, facilityId: filters.facility || undefined, fieldId: filters.field || undefined },
    { enabled: Boolean(week && season) },
  );

  const update = (changes: Partial<BookFilters>, replace = false) => void setParams(withBookFilters(params, changes), { preventScrollReset: true, replace });
  const loginHref = `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;

  const viewed = (slots.data ?? []).map((slot) => ({ slot, view: slotView(slot, context.data, now) }));
  const reasons = weekReasons(viewed, timeZone ?? DEFAULT_LEAGUE_TIMEZONE);
  const order = (facilities.data ?? []).flatMap((f) => [f.id, ...f.fields.map((field) => field.id)]);
  const board = timeZone ? slotBoard(viewed, timeZone, order) : [];
  const dates = week ? weekDates(week) : [];
  const daysWithSlots = [...new Set(board.flatMap((f) => f.fields.flatMap((field) => [...field.byDay.keys()])))];
  const day = week && today ? pickDay(week, filters.day, today, daysWithSlots) : '';
  const quota = week ? teamQuota(context.data, week.from, now) : null;
  const team = context.data?.team;

  const onBook = (slot: Slot) => {
    const view = slotView(slot, context.data, now);
    if (view.kind === 'login') void navigate(loginHref);
    else if (view.kind === 'bookable') setConfirming(slot);
    else if (view.kind === 'unavailable') toast.error(view.message);
  };

  const confirmBooking = () => {
    if (!confirming) return;
    book.mutate(confirming.id, {
      onSuccess: (booking) => {
        toast.success(bookedMessage(booking, timeZone ?? DEFAULT_LEAGUE_TIMEZONE));
        setConfirming(null);
      },
      onError: (err) => {
        // 409 taken or 422 a rule: the server's words; the week reloads either way.
        toast.error(err.message);
        setConfirming(null);
      },
    });
  };

  const cannotBook = context.data?.cannotBook;
  const noSeasons = !seasonsLoading && seasons.length === 0;

  return (
    <section>
      <PageHeader
        title="Book a Field"
        description={
          <>
            Open practice slots by field and day{timeZone ? `, in league time (${timeZoneName(timeZone, now)})` : ''}. Pick an open slot to book it for your team.
          </>
        }
        actions={
          team && !cannotBook ? (
            <Link to="/my-reservations" className={buttonClasses('secondary')}>
              My Reservations
            </Link>
          ) : null
        }
      />

      {noSeasons ? (
        <EmptyState title="No season is open for booking yet">
          The league has not set up a season with practice slots. Check back soon, or contact the league if you expected one.
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-4">
          {cannotBook?.code === 'SIGN_IN' ? (
            <Alert tone="info">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <span>{cannotBook.message} You can look at every slot; booking asks you to log in first.</span>
                <Link to={loginHref} className={buttonClasses('primary', 'sm')}>
                  Log in
                </Link>
              </p>
            </Alert>
          ) : cannotBook ? (
            <Alert tone="warning" title="You can look, but not book">
              <p>{cannotBook.message}</p>
              {auth.isAdmin ? (
                <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
                  <p>As an admin you can book any slot for any team, outside the rules.</p>
                  <Link to="/admin-override-booking" className={buttonClasses('secondary', 'sm')}>
                    Override booking
                  </Link>
                </div>
              ) : null}
            </Alert>
          ) : null}
          {context.isError ? (
            <LoadErrorAlert title="The booking rules could not be loaded" message={`${context.error.message} Slots are shown, but booking waits until the rules load.`} onRetry={() => context.refetch()} />
          ) : null}

          {quota ? <QuotaStrip quota={quota} /> : null}

          <BookFilterBar
            seasons={seasons}
            seasonId={season?.id ?? ''}
            onSeasonChange={(id) => update({ season: id, week: '', day: '' })}
            facilities={facilities.data ?? []}
            facilityId={filters.facility}
            onFacilityChange={(id) => update({ facility: id, field: '' })}
            fieldId={filters.field}
            onFieldChange={(id) => update({ field: id })}
            weekStart={weekStart}
            today={today}
            onWeekChange={(next) => update({ week: next, day: '' })}
          />

          <section aria-labelledby="week-slots-heading" aria-busy={slots.isFetching || !week} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
            <h2 id="week-slots-heading" className="mb-3 text-lg font-bold text-primary-900">
              {week ? `Slots from ${formatMonthDay(week.from)} to ${formatMonthDay(week.to)}` : 'Slots'}
              {season ? <span className="block text-sm font-normal text-slate-700 sm:ml-2 sm:inline">{`${season.name}: ${formatDayRange(season.startsOn, season.endsOn)}`}</span> : null}
            </h2>

            {reasons.week ? (
              <Alert tone="warning" title="No slot in this week can be booked" className="mb-4">
                <p>{reasons.week}</p>
              </Alert>
            ) : null}

            {!week || !timeZone || !today || slots.isPending ? (
              <GridSkeleton />
            ) : slots.isError ? (
              <LoadErrorAlert title="The slots could not be loaded" message={slots.error.message} onRetry={() => slots.refetch()} />
            ) : board.length === 0 ? (
              <div className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-10 text-center">
                <p className="font-semibold text-primary-900">
                  No practice slots in the week of {formatMonthDay(week.from)}
                  {filters.facility || filters.field ? ' for this facility or field' : ''}.
                </p>
                <p className="mt-1 text-slate-700">Try the next week{filters.facility || filters.field ? ', or show every field' : ''}.</p>
                <div className="mt-4 flex flex-wrap justify-center gap-2">
                  <Button variant="secondary" onClick={() => update({ week: addDays(week.from, 7), day: '' })}>
                    Next week
                  </Button>
                  {filters.facility || filters.field ? (
                    <Button variant="secondary" onClick={() => update({ facility: '', field: '' })}>
                      Show all fields
                    </Button>
                  ) : null}
                </div>
              </div>
            ) : (
              <>
                <div className="hidden lg:block">
                  <SlotWeekGrid board={board} dates={dates} today={today} reasons={reasons} timeZone={timeZone} onBook={onBook} />
                </div>
                <div className="lg:hidden">
                  <SlotDayTabs
                    board={board}
                    dates={dates}
                    day={day}
                    today={today}
                    reasons={reasons}
                    timeZone={timeZone}
                    onDayChange={(next) => update({ day: next }, true)}
                    onBook={onBook}
                  />
                </div>
              </>
            )}
          </section>
        </div>
      )}

      <ConfirmModal
        open={confirming !== null}
        title="Book this practice?"
        message={confirming && team && timeZone ? <p>{bookQuestion(confirming, team.name, timeZone)}</p> : null}
        confirmLabel="Book practice"
        busy={book.isPending}
        onConfirm={confirmBooking}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

/** "Blue Jays · 1 of 2 this week · 3 of 4 upcoming", for the week on screen. */
function QuotaStrip({ quota }: { quota: TeamQuota }) {
  const full = quota.thisWeek >= quota.maxPerWeek || quota.upcoming >= quota.maxUpcoming;
  return (
    <section aria-label="Your team’s bookings" className={full ? 'rounded-xl bg-warning-50 px-4 py-3 text-warning-800 ring-1 ring-warning-500' : 'rounded-xl bg-primary-800 px-4 py-3 text-white'}>
      <p className="font-semibold">{quotaText(quota)}</p>
    </section>
  );
}

function GridSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      <Skeleton className="h-10 w-full" />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="h-20 w-full" />
      ))}
    </div>
  );
}
