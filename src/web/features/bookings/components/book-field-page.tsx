import { Suspense, useDeferredValue, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { preloadToasts, toast } from '../../../lib/toast';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_LEAGUE_TIMEZONE } from '../../../../shared/constants';
import { firstCreditLastDay } from '../../../../shared/rain-outs/closure-words';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import { useCurrentSeason } from '../../../app/current-season/current-season-context';
import { useSession } from '../../../app/session/use-session';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { preloadModal } from '../../../components/ui/modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { useFacilities } from '../../../lib/api/get-facilities';
import { useLeague } from '../../../lib/api/get-league';
import { useCurrentOpenings } from '../../../lib/api/get-current-openings';
import { useOpeningPreferences } from '../../../lib/api/get-opening-preferences';
import { useSlots } from '../../../lib/api/get-slots';
import { addDays, formatDayRange, formatMonthDay, timeZoneName, todayInZone } from '../../../lib/dates';
import { useLiveSlots } from '../../../lib/live/use-live-slots';
import { apiWords, useT } from '../../../lib/i18n';
import { cx } from '../../../lib/cx';
import { openingDateTime, preferenceItemId, preferenceSlotName, type HoldingRound, type PreferencesPanelProps } from '../../../lib/opening-slots';
import type { SlotWaitProps } from '../../../lib/slot-wait';
import { useMediaQuery } from '../../../lib/use-media-query';
import { weekOf } from '../../../lib/slot-week';
import { useBookSlot } from '../api/book-slot';
import { useDivisions } from '../../../lib/api/get-divisions';
import { useBookingContext } from '../../../lib/api/get-booking-context';
import { useBookingRulesCheck } from '../lazy-booking-rules';
import { bookWeekStart, pickDay, pickSeason, readBookFilters, weekDates, withBookFilters, type BookFilters } from '../book-filters';
import { bookedMessage, bookQuestion, makeupNote } from '../booking-words';
import { useServerNow } from '../server-clock';
import {
  divisionRulesLine,
  fieldLimits,
  fieldsForOtherDivisions,
  makeupLimit,
  needsRuleCheck,
  quotaText,
  slotView,
  teamQuota,
  weekReasons,
  withOpening,
  type TeamQuota,
} from '../slot-availability';
import { useHoldingRound, useOpeningHold } from '../use-opening-hold';
import { slotBoard } from '../slot-board';
import { BookFilterBar } from './book-filter-bar';
import { SlotDayTabs } from './slot-day-tabs';
import { SlotWeekGrid } from './slot-week-grid';

/**
 * /slots, Book a Field: a week of slots by field and day, live. A coach books an open slot in one click and
 * a confirm; a slot the rules refuse says why before the click, in the server's words.
 *
 * While the league's opening round holds some slots back (issue 26), they say so instead of Book; while it is open, a
 * coach adds them to the team's ranked list, which `preferencesPanel` (features/opening, given by the app: router.tsx)
 * shows above the week. The page holds the list being edited, so a failed save loses nothing.
 *
 * `fieldStatus` (features/field-status, given by the app) lists the weather closures in force now or soon (issue 28).
 * A slot the team may book only with a make-up credit says so on its Book button and in the confirm.
 *
 * `slotWait` (features/waitlist, given by the app; issue 28) is the waitlist's action on a slot, for a coach who may
 * book: "Tell me if it frees up" on a slot booked by another team (or held for one), Take it and Pass on a slot held
 * for theirs. A slot held for another team says so ("Held for Cardinals until 7:00 pm") to everyone, with no Book.
 *
 * Fields limited to some divisions (issue 29): a coach sees only the fields the team may use; "Show every field" (in the
 * URL) shows the others too, greyed out, with the server's words for why (FIELD_DIVISION) said once per field. The team's
 * division's own rules, when it sets any, are said in a line under the quota ("12U rules: 3 practices a week").
 */
export function BookFieldPage({
  preferencesPanel: PreferencesPanel,
  fieldStatus,
  slotWait,
}: { preferencesPanel?: ComponentType<PreferencesPanelProps>; fieldStatus?: ReactNode; slotWait?: ComponentType<SlotWaitProps> } = {}) {
  useLiveSlots();
  const { t } = useT('bookings');
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
  const [confirming, setConfirming] = useState<Slot | null>(null);
  /** The slot whose last press ended with the outcome unknown (see `checkingId`). */
  const [unknownOutcome, setUnknownOutcome] = useState<string | null>(null);
  const book = useBookSlot({
    // 409 taken, 422 a rule, 503 the database down: the server's words at once; the week reloads either way.
    onError: (err, slotId) => {
      toast.error(err.message);
      setConfirming(null);
      if (err instanceof ApiError && err.outcomeUnknown) setUnknownOutcome(slotId);
    },
  });
  // A press that may or may not have booked its slot holds that slot (shown as being checked, Book not offered)
  // for as long as the press is pending, which is until the week has been read again: then the slot is drawn as
  // the server has it, booked by the team or open again.
  const checkingId = book.isPending && book.variables === unknownOutcome ? unknownOutcome : null;
  /** Below lg (1024 px) the week is day tabs, each a list of slots by field; from lg up, a grid of the week. */
  const phone = useMediaQuery('(max-width: 1023.98px)');
  /** Below sm (640 px) the page header is trimmed so the first slots are in the first screen. */
  const narrow = useMediaQuery('(max-width: 639.98px)');
  // The rules load beside the week for a person who may book (a team on their profile says so before the context).
  // Until they are in, slots are drawn as while the context loads: open, without a Book button yet.
  const needsRules = needsRuleCheck(context.data);
  const rules = useBookingRulesCheck(needsRules || Boolean(auth.session?.profile.teamId));
  const rulesPending = needsRules && (rules.status === 'idle' || rules.status === 'loading');
  const ruleContext = rulesPending ? undefined : context.data;

  const timeZone = context.data?.timeZone ?? league.data?.timeZone ?? (league.isError ? DEFAULT_LEAGUE_TIMEZONE : undefined);
  const now = useServerNow(context.data?.now, context.dataUpdatedAt);
  const today = timeZone ? todayInZone(timeZone, now) : null;
  const weekStart = today ? bookWeekStart(filters.week, today, season) : null;
  const week = weekStart ? weekOf(weekStart) : null;
  const openings = useCurrentOpenings();
  const slots = useSlots(
    { from: week?.from ?? '', to: week?.to ?? '', seasonId: season?.id, facilityId: filters.facility || undefined, fieldId: filters.field || undefined },
    { enabled: Boolean(week && season) },
  );

  // The fields this coach's team may not use (by id, from the facilities list), hidden unless "Show every field". The
  // divisions' names, for the words of the greyed-out ones, load beside the week only for a coach who has such fields,
  // so the box shows them at once (the week is not drawn again from a placeholder).
  const bareLimits = useMemo(() => fieldLimits(facilities.data ?? [], undefined), [facilities.data]);
  const otherFields = useMemo(() => fieldsForOtherDivisions(context.data, bareLimits), [context.data, bareLimits]);
  const showEvery = filters.fields === 'all';
  const hidesFields = !showEvery && otherFields.size > 0;
  const divisions = useDivisions({ enabled: otherFields.size > 0 });
  const limits = useMemo(() => (divisions.data ? fieldLimits(facilities.data ?? [], divisions.data) : bareLimits), [divisions.data, facilities.data, bareLimits]);
  const shownSlots = useMemo(() => (hidesFields ? (slots.data ?? []).filter((s) => !otherFields.has(s.fieldId)) : (slots.data ?? [])), [slots.data, hidesFields, otherFields]);
  const barFacilities = useMemo(() => {
    const all = facilities.data ?? [];
    if (!hidesFields) return all;
    return all.flatMap((f) => {
      const fields = f.fields.filter((field) => !otherFields.has(field.id));
      return fields.length === 0 && f.fields.length > 0 ? [] : [{ ...f, fields }];
    });
  }, [facilities.data, hidesFields, otherFields]);

  const update = (changes: Partial<BookFilters>, replace = false) => void setParams(withBookFilters(params, changes), { preventScrollReset: true, replace });
  const loginHref = `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;

  // Worked out once per answer (a week is a hundred slots or more), not on every render.
  const nowMs = now.getTime();
  const zone = timeZone ?? DEFAULT_LEAGUE_TIMEZONE;
  const ruled = useMemo(
    () =>
      shownSlots.map((slot) => ({
        slot,
        view: slot.id === checkingId ? ({ kind: 'checking' } as const) : slotView(t, slot, ruleContext, new Date(nowMs), rules.checkBooking, limits),
      })),
    [t, shownSlots, ruleContext, nowMs, rules.checkBooking, checkingId, limits],
  );

  // The opening round of the season on screen, if one holds slots back now; while it is open, a coach of a team ranks.
  const held = useHoldingRound(openings.data, season?.id, nowMs);
  const userId = auth.session?.profile.id ?? null;
  const mayRank = held?.status === 'open' && Boolean(context.data?.team) && !context.data?.cannotBook && Boolean(PreferencesPanel);
  const preferences = useOpeningPreferences(held?.round.id ?? null, userId, { enabled: mayRank });
  /** The list being edited (null: the saved one, unchanged), for one round. */
  const [draft, setDraft] = useState<{ roundId: string; slotIds: string[] } | null>(null);
  const saved = mayRank ? preferences.data : undefined;
  const ranked = held && saved ? (draft?.roundId === held.round.id ? draft.slotIds : saved.slotIds) : null;
  const hold = useOpeningHold(held, zone, ranked);
  const viewed = useMemo(() => (hold ? ruled.map(({ slot, view }) => ({ slot, view: withOpening(slot, view, hold) })) : ruled), [ruled, hold]);
  const reasons = useMemo(() => weekReasons(viewed, zone), [viewed, zone]);
  const board = useMemo(() => {
    const order = (facilities.data ?? []).flatMap((f) => [f.id, ...f.fields.map((field) => field.id)]);
    return timeZone ? slotBoard(viewed, timeZone, order) : [];
  }, [viewed, timeZone, facilities.data]);
  const dates = week ? weekDates(week) : [];
  const daysWithSlots = [...new Set(board.flatMap((f) => f.fields.flatMap((field) => [...field.byDay.keys()])))];
  const day = week && today ? pickDay(week, filters.day, today, daysWithSlots) : '';
  const quota = week ? teamQuota(context.data, week.from, now) : null;
  const team = context.data?.team;
  const creditsDay = context.data ? firstCreditLastDay(context.data.makeupCredits, context.data.timeZone) : null;
  const credits = creditsDay && context.data ? t('quota.credits', { count: context.data.makeupCredits.length, day: formatMonthDay(creditsDay) }) : null;
  // The slot being confirmed uses a make-up credit: which limit it goes past, said in the confirm.
  const confirmingView = confirming ? slotView(t, confirming, ruleContext, now, rules.checkBooking, limits) : null;
  const divisionLine = divisionRulesLine(t, context.data, now);
  const makeup =
    confirming && context.data && (confirmingView?.kind === 'bookable' || confirmingView?.kind === 'heldForUs') && confirmingView.makeup ? makeupLimit(confirming, context.data) : null;

  const onRank = (slot: Slot) => {
    if (!held || !ranked) return;
    if (ranked.includes(slot.id)) {
      document.getElementById(preferenceItemId(slot.id))?.focus();
      return;
    }
    const max = held.round.maxPreferences;
    if (ranked.length >= max) {
      toast.error(t('toast.listFull', { max }));
      return;
    }
    setDraft({ roundId: held.round.id, slotIds: [...ranked, slot.id] });
    toast(t('toast.rankAdded', { slot: preferenceSlotName(slot, zone), rank: ranked.length + 1 }));
  };

  const onBook = (slot: Slot) => {
    const view = slotView(t, slot, ruleContext, now, rules.checkBooking, limits);
    if (view.kind === 'login') void navigate(loginHref);
    else if (view.kind === 'bookable') setConfirming(slot);
    else if (view.kind === 'unavailable') toast.error(view.message);
    // Held for this team: Book as usual books it under the team's rules, as Take it does.
    else if (view.kind === 'heldForUs') {
      if (view.refusal) toast.error(view.refusal);
      else setConfirming(slot);
    }
  };

  const confirmBooking = () => {
    if (!confirming) return;
    setUnknownOutcome(null);
    book.mutate(confirming.id, {
      onSuccess: (booking) => {
        toast.success(bookedMessage(t, booking, timeZone ?? DEFAULT_LEAGUE_TIMEZONE));
        setConfirming(null);
      },
    });
  };

  const cannotBook = context.data?.cannotBook;
  // Only a coach who may book waits for slots (the server refuses anyone else in words).
  const waitAction = team && !cannotBook ? slotWait : undefined;
  const noSeasons = !seasonsLoading && seasons.length === 0;
  // The notices, the quota and the week depend on who is looking: the page below its header is drawn once they
  // are all known, in place of one placeholder a screen tall, so nothing already on screen moves when they come.
  const settled =
    Boolean(week && timeZone && today) &&
    !seasonsLoading &&
    auth.status !== 'loading' &&
    (!context.isPending || context.isError) &&
    !rulesPending &&
    !slots.isPending &&
    // Whether a slot offers Book or says the opening round holds it: known before the week is drawn (a failed read
    // draws the week as usual; the server still refuses a held slot, in words).
    !openings.isPending &&
    !(mayRank && preferences.isPending) &&
    // Which fields are the team's, and (shown greyed out) whose they are: known before the week is drawn.
    !(context.data?.team && facilities.isPending) &&
    !(showEvery && otherFields.size > 0 && divisions.isPending);
  // Drawn at transition priority: React renders the week in short slices, so the page keeps answering input.
  const showBody = useDeferredValue(settled);
  // A coach's next click is likely Book: once the week is drawn, its dialog and the toast that follows load
  // while the page is idle.
  const canBook = showBody && viewed.some((v) => v.view.kind === 'bookable' || v.view.kind === 'heldForUs' || (v.view.kind === 'opening' && v.view.canRank));
  useEffect(() => {
    if (!canBook) return;
    preloadModal();
    preloadToasts();
  }, [canBook]);

  return (
    <section>
      <PageHeader
        title={t('page.title')}
        description={
          <>
            {/* Two lines held from the start: the time zone's name arrives with the league. */}
            <span className="block min-h-12">
              {timeZone ? (
                <>
                  {t('page.description', { zone: timeZoneName(timeZone, now) })}
                  {/* On a phone the first slots come first: the slots say how to book them. */}
                  <span className="hidden sm:inline"> {t('page.descriptionPick')}</span>
                </>
              ) : null}
            </span>
          </>
        }
        actions={
          // On a phone the quota strip links there instead.
          team && !cannotBook && !narrow ? (
            <Link to="/my-reservations" className={buttonClasses('secondary')}>
              {t('page.myReservations')}
            </Link>
          ) : null
        }
      />

      {noSeasons ? (
        <EmptyState title={t('noSeason.title')}>{t('noSeason.body')}</EmptyState>
      ) : !showBody ? (
        <PageSkeleton />
      ) : (
        <div className="flex flex-col gap-4">
          {cannotBook?.code === 'SIGN_IN' ? (
            <Alert tone="info">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <span>{t('signIn.body', { message: apiWords(cannotBook) })}</span>
                <Link to={loginHref} className={buttonClasses('primary', 'sm')}>
                  {t('signIn.logIn')}
                </Link>
              </p>
            </Alert>
          ) : cannotBook ? (
            <Alert tone="warning" title={t('cannotBook.title')}>
              <p>{apiWords(cannotBook)}</p>
              {auth.isAdmin ? (
                <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
                  <p>{t('cannotBook.admin')}</p>
                  <Link to="/admin-override-booking" className={buttonClasses('secondary', 'sm')}>
                    {t('cannotBook.override')}
                  </Link>
                </div>
              ) : null}
            </Alert>
          ) : null}
          {context.isError ? (
            <LoadErrorAlert title={t('rulesError.title')} message={t('rulesError.message', { error: context.error.message })} onRetry={() => context.refetch()} />
          ) : null}

          {quota ? <QuotaStrip quota={quota} credits={credits} divisionLine={divisionLine} withLink={narrow} /> : null}

          {fieldStatus}

          <BookFilterBar
            seasons={seasons}
            seasonId={season?.id ?? ''}
            onSeasonChange={(id) => update({ season: id, week: '', day: '' })}
            facilities={barFacilities}
            facilityId={filters.facility}
            onFacilityChange={(id) => update({ facility: id, field: '' })}
            fieldId={filters.field}
            onFieldChange={(id) => update({ field: id })}
            weekStart={weekStart}
            today={today}
            onWeekChange={(next) => update({ week: next, day: '' })}
            everyField={otherFields.size > 0 ? { checked: showEvery, hidden: otherFields.size, onChange: (checked) => update({ fields: checked ? 'all' : '' }, true) } : undefined}
          />

          {mayRank && held && ranked && saved && team && PreferencesPanel ? (
            <Suspense fallback={<PanelSkeleton />}>
              <PreferencesPanel
                round={held.round}
                teamName={team.name}
                timeZone={zone}
                slotIds={ranked}
                saved={saved}
                weekSlots={slots.data ?? []}
                onChange={(slotIds) => setDraft({ roundId: held.round.id, slotIds })}
                onSaved={(slotIds) => setDraft((d) => (d && d.slotIds.length === slotIds.length && d.slotIds.every((id, i) => id === slotIds[i]) ? null : d))}
              />
            </Suspense>
          ) : mayRank && preferences.isError ? (
            <LoadErrorAlert
              title={t('preferencesError.title')}
              message={t('preferencesError.message', { error: preferences.error.message })}
              onRetry={() => preferences.refetch()}
            />
          ) : held && held.status !== 'drawn' ? (
            <OpeningNotice held={held} timeZone={zone} />
          ) : null}

          <section aria-labelledby="week-slots-heading" aria-busy={slots.isFetching || !week} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
            <h2 id="week-slots-heading" className="mb-3 text-lg font-bold text-primary-900">
              {week ? t('week.heading', { from: formatMonthDay(week.from), to: formatMonthDay(week.to) }) : t('week.headingBare')}
              {season ? <span className="hidden text-sm font-normal text-slate-700 sm:ml-2 sm:inline">{`${season.name}: ${formatDayRange(season.startsOn, season.endsOn)}`}</span> : null}
            </h2>

            {reasons.week ? (
              <Alert tone="warning" title={t('week.noneBookable')} className="mb-4">
                <p>{reasons.week}</p>
              </Alert>
            ) : null}

            {!week || !timeZone || !today ? (
              <GridSkeleton />
            ) : slots.isError ? (
              <LoadErrorAlert title={t('week.loadError')} message={slots.error.message} onRetry={() => slots.refetch()} />
            ) : board.length === 0 ? (
              <div className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-10 text-center">
                <p className="font-semibold text-primary-900">
                  {t(filters.facility || filters.field ? 'empty.titleFiltered' : 'empty.title', { week: formatMonthDay(week.from) })}
                </p>
                <p className="mt-1 text-slate-700">
                  {t(filters.facility || filters.field ? 'empty.tryFiltered' : 'empty.try')}
                  {hidesFields ? ` ${t('empty.hiddenFields')}` : ''}
                </p>
                <div className="mt-4 flex flex-wrap justify-center gap-2">
                  <Button variant="secondary" onClick={() => update({ week: addDays(week.from, 7), day: '' })}>
                    {t('empty.nextWeek')}
                  </Button>
                  {filters.facility || filters.field ? (
                    <Button variant="secondary" onClick={() => update({ facility: '', field: '' })}>
                      {t('empty.showAllFields')}
                    </Button>
                  ) : null}
                  {hidesFields ? (
                    <Button variant="secondary" onClick={() => update({ fields: 'all' }, true)}>
                      {t('filters.everyField')}
                    </Button>
                  ) : null}
                </div>
              </div>
            ) : (
              // One layout is drawn, not both with one hidden: a week is a hundred slots or more.
              phone ? (
                <SlotDayTabs
                  board={board}
                  dates={dates}
                  day={day}
                  today={today}
                  reasons={reasons}
                  timeZone={timeZone}
                  onDayChange={(next) => update({ day: next }, true)}
                  onBook={onBook}
                  onRank={onRank}
                  slotWait={waitAction}
                />
              ) : (
                <SlotWeekGrid board={board} dates={dates} today={today} reasons={reasons} timeZone={timeZone} onBook={onBook} onRank={onRank} slotWait={waitAction} />
              )
            )}
          </section>
        </div>
      )}

      <ConfirmModal
        open={confirming !== null}
        title={makeup ? t('confirm.titleMakeup') : t('confirm.title')}
        message={
          confirming && team && timeZone ? (
            <>
              <p>{bookQuestion(t, confirming, team.name, timeZone)}</p>
              {makeup ? <p className="mt-2 font-semibold text-primary-900">{makeupNote(t, makeup)}</p> : null}
            </>
          ) : null
        }
        confirmLabel={makeup ? t('confirm.bookMakeup') : t('confirm.book')}
        busy={book.isPending}
        onConfirm={confirmBooking}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

/**
 * "Blue Jays · 1 of 2 this week · 3 of 4 upcoming", for the week on screen, the rules the team's division sets for
 * itself ("12U rules: 3 practices a week", issue 29) and the team's make-up credits ("1 make-up practice to use by
 * Dec 10"); on a phone, with the link to My Reservations.
 */
function QuotaStrip({ quota, credits, divisionLine, withLink }: { quota: TeamQuota; credits: string | null; divisionLine: string | null; withLink: boolean }) {
  const { t } = useT('bookings');
  const full = quota.thisWeek >= quota.maxPerWeek || quota.upcoming >= quota.maxUpcoming;
  return (
    <section
      aria-label={t('quota.label')}
      className={cx(
        'flex flex-wrap items-center justify-between gap-x-3 rounded-xl px-4 py-2 sm:py-3',
        full ? 'bg-warning-50 text-warning-800 ring-1 ring-warning-500' : 'bg-primary-800 text-white',
      )}
    >
      <div className="min-w-0">
        <p className="text-sm font-semibold sm:text-base">{quotaText(t, quota)}</p>
        {divisionLine ? <p className="text-sm">{divisionLine}</p> : null}
        {credits ? <p className="text-sm">{credits}</p> : null}
      </div>
      {withLink ? (
        <Link to="/my-reservations" className="inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-2">
          {t('page.myReservations')}
        </Link>
      ) : null}
    </section>
  );
}

/** For anyone who does not rank (a visitor, a member, a coach before the window opens or after it closes): what the round is. */
function OpeningNotice({ held, timeZone }: { held: HoldingRound; timeZone: string }) {
  const { t } = useT('bookings');
  const { round, status } = held;
  const words = {
    from: formatMonthDay(round.coversFrom),
    to: formatMonthDay(round.coversTo),
    draw: openingDateTime(round.drawAt, timeZone),
    opens: openingDateTime(round.opensAt, timeZone),
    closes: openingDateTime(round.closesAt, timeZone),
  };
  return (
    <Alert tone="info" title={t('opening.title')}>
      <p>
        {status === 'announced' ? t('opening.announced', words) : status === 'open' ? t('opening.open', words) : t('opening.closed', words)}{' '}
        <Link to={`/opening/${encodeURIComponent(round.id)}`} className="font-semibold underline underline-offset-2">
          {t('opening.howItWorks')}
        </Link>
      </p>
    </Alert>
  );
}

/** The ranked list while its code loads: about the size of a short list. */
function PanelSkeleton() {
  return (
    <div className="rounded-xl border-2 border-accent-400 bg-white p-3 sm:p-4" aria-hidden="true">
      <Skeleton className="h-7 w-48" />
      <Skeleton className="mt-2 h-5 w-full max-w-xl" />
      <Skeleton className="mt-3 h-14 w-full" />
      <Skeleton className="mt-3 h-11 w-44" />
    </div>
  );
}

/** The page below its header while it loads: a screen tall, shaped like the filter bar and the week. */
function PageSkeleton() {
  const { t } = useT('common');
  return (
    <div className="flex min-h-dvh flex-col gap-4" role="status">
      <span className="sr-only">{t('loading')}</span>
      <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm md:p-4" aria-hidden="true">
        <Skeleton className="h-11 w-full max-w-md" />
        <Skeleton className="mt-3 h-11 w-full" />
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
        <Skeleton className="mb-3 h-7 w-64" />
        <GridSkeleton />
      </div>
    </div>
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
