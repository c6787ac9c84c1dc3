import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import type { PracticeRequest } from '../../../../shared/practice-requests/practice-requests.schemas';
import { approvedPracticeCancelledAt } from '../../../../shared/practice-requests/practice-request-rules';
import { AnnouncementsSection } from '../../../app/announcements/announcements-section';
import { useSession } from '../../../app/session/use-session';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { useBookingContext } from '../../../lib/api/get-booking-context';
import { useMyBookings } from '../../../lib/api/get-my-bookings';
import { useMyCalendarFeed } from '../../../lib/api/my-calendar-feed';
import { useMyPracticeRequests } from '../../../lib/api/get-my-practice-requests';
import { formatMonthDay, formatTimeRange, formatWeekdayDayAt, timeZoneName } from '../../../lib/dates';
import { useLiveSlots } from '../../../lib/live/use-live-slots';
import { apiWords, RichText, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import {
  firstCreditLastDay,
  limitLeft,
  limitsSummary,
  limitText,
  mapLink,
  practiceWhen,
  serverNow,
  upcomingPractices,
  type LimitUse,
} from '../dashboard';
import { OpeningRoundCard } from './opening-round-card';

const REDIRECT = `/login?redirect=${encodeURIComponent('/coach-dashboard')}`;
/** Practices listed under "Coming up" after the next one; the rest are on My Reservations. */
const COMING_UP = 4;

/**
 * /coach-dashboard: a coach opens it to answer "when do we practice next, and what can I still book?". The next
 * practice comes first (on a phone it fills the first screen), then what is coming up, the team's use of the
 * weekly and upcoming limits, and the team's calendar link. `waitlist` (features/waitlist, given by the app; issue 28)
 * is the team's waitlist as a compact card, for a coach who may book; `swaps` (features/swaps, issue 29) the swap offers
 * waiting for the team's answer, with a link to My Reservations.
 */
export function CoachDashboardPage({ waitlist, swaps }: { waitlist?: ReactNode; swaps?: ReactNode } = {}) {
  const { t } = useT('coach-dashboard');
  const auth = useSession();
  const signedIn = auth.status === 'signed-in';
  const profile = auth.session?.profile ?? null;
  const teamId = profile?.teamId ?? null;
  const userId = profile?.id ?? null;
  useLiveSlots(signedIn && Boolean(teamId));
  const context = useBookingContext(null, userId, { enabled: signedIn && Boolean(teamId) });
  const bookings = useMyBookings(userId, { enabled: signedIn && Boolean(teamId) });
  const leagueTimeZone = useLeagueTimeZone();
  const timeZone = context.data?.timeZone ?? leagueTimeZone;
  const now = useNow(context.data?.now, context.dataUpdatedAt);

  if (auth.status === 'loading') return <PageSkeleton />;
  if (!signedIn) {
    return (
      <section>
        <PageHeader title={t('page.title')} description={t('page.description')} />
        <EmptyState
          title={t('signedOut.title')}
          action={
            <Link to={REDIRECT} className={buttonClasses('primary')}>
              {t('signedOut.logIn')}
            </Link>
          }
        >
          {t('signedOut.body')}
        </EmptyState>
      </section>
    );
  }
  if (!teamId) {
    return (
      <section>
        <PageHeader title={t('page.title')} description={t('page.description')} />
        <EmptyState
          title={t('noTeam.title')}
          action={
            <Link to="/slots" className={buttonClasses('secondary')}>
              {t('noTeam.seeOpenFields')}
            </Link>
          }
        >
          {t('noTeam.body')}
        </EmptyState>
      </section>
    );
  }

  const cannotBook = context.data?.cannotBook ?? null;
  const canBook = context.isSuccess && !cannotBook;
  const isCoach = profile?.role !== 'member' || auth.isAdmin;
  const bookLink = (
    <Link to="/slots" className={buttonClasses('accent', 'md', 'w-full sm:w-auto')}>
      {t('bookAField')}
    </Link>
  );
  const practices = upcomingPractices(bookings.data ?? [], now);
  const [next, ...later] = practices;

  return (
    <section>
      <PageHeader
        title={t('page.title')}
        description={profile?.teamName ? t('page.teamDescription', { team: profile.teamName }) : t('page.yourTeamDescription')}
        actions={isCoach && !cannotBook ? bookLink : null}
      />
      {cannotBook ? (
        <Alert tone="info" className="mb-4">
          {apiWords(cannotBook)}
        </Alert>
      ) : null}
      {isCoach && !cannotBook ? <OpeningRoundCard userId={userId} now={now} timeZone={timeZone} /> : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Region title={t('next.title')}>
            {bookings.isPending ? (
              <Skeleton className="h-60 w-full" />
            ) : bookings.isError ? (
              <LoadErrorAlert title={t('next.loadError')} message={bookings.error.message} onRetry={() => bookings.refetch()} />
            ) : next ? (
              <NextPractice booking={next} now={now} timeZone={timeZone} />
            ) : (
              <EmptyState title={t('next.empty.title')} action={canBook ? bookLink : null}>
                {canBook ? t('next.empty.canBook') : t('next.empty.cannotBook')}
              </EmptyState>
            )}
          </Region>

          {next ? (
            <Region title={t('comingUp.title')}>
              <Card>
                {later.length > 0 ? (
                  <ul className="divide-y divide-slate-200">
                    {later.slice(0, COMING_UP).map((booking) => (
                      <li key={booking.id} className="flex flex-col gap-0.5 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-baseline sm:gap-4">
                        <span className="font-semibold text-primary-900 sm:w-28 sm:shrink-0">{formatWeekdayDayAt(booking.startsAt, timeZone)}</span>
                        <span className="text-slate-800 sm:w-44 sm:shrink-0">{formatTimeRange(booking.startsAt, booking.endsAt, timeZone)}</span>
                        <span className="min-w-0 text-slate-700">
                          {booking.fieldName} · {booking.facilityName}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-slate-700">{t('comingUp.none')}</p>
                )}
                <Link to="/my-reservations" className="mt-3 inline-flex min-h-11 items-center font-semibold text-primary-700 underline underline-offset-4">
                  {later.length > COMING_UP ? t('comingUp.all', { count: practices.length }) : t('comingUp.myReservations')}
                </Link>
              </Card>
            </Region>
          ) : null}
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <Region title={t('limits.title')}>
            {context.isPending ? (
              <Skeleton className="h-52 w-full" />
            ) : context.isError ? (
              <LoadErrorAlert title={t('limits.loadError')} message={context.error.message} onRetry={() => context.refetch()} />
            ) : (
              <LimitsCard
                summary={limitsSummary(context.data.teamBookings, context.data.rules, now, timeZone)}
                bookingOpen={context.data.rules?.bookingOpen ?? true}
                hasSeason={Boolean(context.data.season)}
                makeupCredits={context.data.makeupCredits}
                timeZone={timeZone}
              />
            )}
          </Region>
          {isCoach && !cannotBook ? swaps : null}
          {isCoach && !cannotBook ? waitlist : null}
          {isCoach ? <TeamFeed /> : null}
          {isCoach ? <PracticeRequestsRegion userId={userId} timeZone={timeZone} now={now} /> : null}
          <AnnouncementsSection title={t('announcements.title')} empty={<p className="text-slate-700">{t('announcements.empty')}</p>} />
        </div>
      </div>
    </section>
  );
}

/** The server's clock, kept moving so a practice that ends drops off while the page stays open. */
function useNow(serverIso: string | undefined, receivedAt: number, tickMs = 30_000): Date {
  const [browserNow, setBrowserNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setBrowserNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return serverNow(serverIso, receivedAt, Math.max(browserNow, receivedAt));
}

function Region({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xl font-bold text-primary-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function NextPractice({ booking, now, timeZone }: { booking: Booking; now: Date; timeZone: string }) {
  const { t } = useT('coach-dashboard');
  const when = practiceWhen(t, booking, now, timeZone);
  const map = mapLink(booking);
  return (
    <article
      aria-label={t('next.label', { day: when.relative ?? when.day, time: when.time, field: booking.fieldName })}
      className="rounded-xl border-2 border-primary-800 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        {when.underWay ? <Badge tone="success">{t('next.underWay')}</Badge> : when.relative ? <Badge tone="accent">{when.relative}</Badge> : null}
        {booking.override ? <Badge>{t('next.byAdmin')}</Badge> : null}
      </div>
      <p className="mt-2 text-2xl font-bold text-primary-900 sm:text-3xl">{when.day}</p>
      <p className="mt-1 text-xl font-semibold text-primary-900 sm:text-2xl">{when.time}</p>
      <p className="mt-1 text-sm text-slate-700">{timeZoneName(timeZone, new Date(booking.startsAt))}</p>
      <p className="mt-4 text-lg text-slate-900">
        <span className="font-semibold">{booking.fieldName}</span> · {booking.facilityName}
      </p>
      {booking.facilityAddress ? <p className="text-slate-700">{booking.facilityAddress}</p> : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {map ? (
          <a href={map} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary')}>
            <RichText ns="coach-dashboard" k="next.map" values={{ facility: booking.facilityName }} components={{ 0: <span className="sr-only" /> }} />
          </a>
        ) : null}
        <a href={`/api/bookings/${encodeURIComponent(booking.id)}/ics`} download className={buttonClasses('secondary')}>
          {t('next.addToCalendar')}
        </a>
      </div>
    </article>
  );
}

/** `makeupCredits`: when each of the team's make-up practices (issue 28: after a rain-out) runs out. */
function LimitsCard({
  summary,
  bookingOpen,
  hasSeason,
  makeupCredits,
  timeZone,
}: {
  summary: ReturnType<typeof limitsSummary>;
  bookingOpen: boolean;
  hasSeason: boolean;
  makeupCredits: readonly string[];
  timeZone: string;
}) {
  const { t } = useT('coach-dashboard');
  const left = limitLeft(summary.thisWeek);
  const creditsDay = firstCreditLastDay(makeupCredits, timeZone);
  return (
    <Card>
      <ul className="flex flex-col gap-4">
        <LimitRow label={t('limits.thisWeek')} detail={t('limits.weekOf', { day: formatMonthDay(summary.thisWeekOf) })} use={summary.thisWeek} />
        <LimitRow label={t('limits.nextWeek')} detail={t('limits.weekOf', { day: formatMonthDay(summary.nextWeekOf) })} use={summary.nextWeek} />
        <LimitRow label={t('limits.upcoming')} detail={t('limits.notYetPlayed')} use={summary.upcoming} />
      </ul>
      <p className="mt-4 text-sm text-slate-700">
        {!hasSeason
          ? t('limits.noSeason')
          : !bookingOpen
            ? t('limits.paused')
            : left === null
              ? t('limits.noWeeklyLimit')
              : left === 0
                ? t('limits.usedUp')
                : t('limits.left', { left })}
      </p>
      {creditsDay ? (
        <p className="mt-2 rounded-lg bg-accent-100 px-3 py-2 text-sm text-primary-900">
          <RichText
            ns="coach-dashboard"
            k="limits.credits"
            values={{ count: makeupCredits.length, day: creditsDay }}
            components={{ 0: <span className="font-semibold" /> }}
          />
        </p>
      ) : null}
    </Card>
  );
}

function LimitRow({ label, detail, use }: { label: string; detail: string; use: LimitUse }) {
  const { t } = useT('coach-dashboard');
  const full = use.max !== null && use.used >= use.max;
  const percent = use.max ? Math.min(100, Math.round((use.used / use.max) * 100)) : 0;
  return (
    <li>
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0">
          <span className="font-semibold text-primary-900">{label}</span> <span className="text-sm text-slate-700">({detail})</span>
          <span className="sr-only">:</span>
        </span>
        <span className="shrink-0 font-bold text-primary-900">
          {limitText(t, use)}
          <span className="sr-only"> {use.max === null ? t('limits.practices') : t('limits.practicesAllowed')}</span>
        </span>
      </div>
      {use.max !== null ? (
        <div aria-hidden="true" className="mt-1.5 h-2 w-full overflow-hidden rounded-full bg-slate-200">
          <div className={`h-full rounded-full ${full ? 'bg-warning-500' : 'bg-primary-700'}`} style={{ width: `${percent}%` }} />
        </div>
      ) : null}
    </li>
  );
}

/** The team's calendar link with Copy; hidden when the server has none for this person (not a coach: 403/404). */
function TeamFeed() {
  const { t } = useT('coach-dashboard');
  const feed = useMyCalendarFeed(true);
  const inputId = useId();
  if (feed.isError) return null;
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('feed.copied'));
    } catch {
      toast.error(t('feed.copyRefused'));
    }
  };
  return (
    <Region title={t('feed.title')}>
      {feed.isPending ? (
        <Skeleton className="h-56 w-full" />
      ) : (
        <Card>
          <p className="text-slate-700">{t('feed.intro', { team: feed.data.teamName })}</p>
          <label htmlFor={inputId} className="mt-4 block text-sm font-medium text-slate-800">
            {t('feed.link')}
          </label>
          <input
            id={inputId}
            readOnly
            value={feed.data.url}
            onFocus={(e) => e.currentTarget.select()}
            className="mt-1 min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-800"
          />
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
            <Button variant="secondary" onClick={() => void copy(feed.data.url)}>
              {t('feed.copy')}
            </Button>
            <Link to="/schedule-sync" className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline underline-offset-4">
              {t('feed.howTo')}
            </Link>
          </div>
        </Card>
      )}
    </Region>
  );
}

function PageSkeleton() {
  return (
    <section aria-hidden="true">
      <Skeleton className="mb-2 h-9 w-64" />
      <Skeleton className="mb-6 h-5 w-full max-w-xl" />
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-72 w-full lg:col-span-2" />
        <Skeleton className="h-60 w-full" />
      </div>
    </section>
  );
}

/**
 * The team's pending practice requests, the approved ones whose practice (still ahead) was cancelled since, and
 * the way to ask for another.
 */
function PracticeRequestsRegion({ userId, timeZone, now }: { userId: string | null; timeZone: string; now: Date }) {
  const { t } = useT('coach-dashboard');
  const requests = useMyPracticeRequests(userId);
  const shown = (requests.data ?? []).flatMap((r): Array<{ request: PracticeRequest; cancelled: string | null }> => {
    if (r.status === 'pending') return [{ request: r, cancelled: null }];
    const cancelledAt = approvedPracticeCancelledAt(r);
    const cancelled = cancelledAt ? t('requests.cancelled', { day: formatWeekdayDayAt(cancelledAt, timeZone) }) : null;
    return cancelled && r.booking && Date.parse(r.booking.endsAt) > now.getTime() ? [{ request: r, cancelled }] : [];
  });
  return (
    <Region title={t('requests.title')}>
      <Card>
        {requests.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : requests.isError ? (
          <LoadErrorAlert title={t('requests.loadError')} message={requests.error.message} onRetry={() => requests.refetch()} />
        ) : shown.length === 0 ? (
          <p className="text-slate-700">{t('requests.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {shown.map(({ request: r, cancelled }) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 first:pt-0">
                <span className="text-slate-800">{r.preferredDates.map(formatMonthDay).join(' · ')}</span>
                {cancelled ? <Badge tone="danger">{cancelled}</Badge> : <Badge tone="accent">{t('requests.pending')}</Badge>}
              </li>
            ))}
          </ul>
        )}
        <Link to="/practice-request" className="mt-3 inline-flex min-h-11 items-center font-semibold text-primary-700 underline underline-offset-4">
          {t('requests.link')}
        </Link>
      </Card>
    </Region>
  );
}
