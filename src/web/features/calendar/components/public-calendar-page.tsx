import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_LEAGUE_TIMEZONE } from '../../../../shared/constants';
import { useCurrentSeason } from '../../../app/current-season/current-season-context';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { useClinics } from '../../../lib/api/get-clinics';
import { useFacilities } from '../../../lib/api/get-facilities';
import { useLeague } from '../../../lib/api/get-league';
import { useSlots } from '../../../lib/api/get-slots';
import { useTeams } from '../../../lib/api/get-teams';
import { cx } from '../../../lib/cx';
import { timeZoneName, todayInZone } from '../../../lib/dates';
import { useLiveSlots } from '../../../lib/live/use-live-slots';
import { useT } from '../../../lib/i18n';
import { useMediaQuery } from '../../../lib/use-media-query';
import { byStart, clinicsToEvents, fieldLegend, slotsToEvents } from '../calendar-events';
import {
  CALENDAR_VIEWS,
  PERIOD,
  periodTitle,
  pickDate,
  pickSeason,
  pickView,
  readCalendarFilters,
  stepDate,
  visibleRange,
  withCalendarFilters,
  type CalendarFilters,
} from '../calendar-filters';
import { CalendarFilterBar } from './calendar-filter-bar';
import { LeagueCalendar } from './league-calendar';

/**
 * /public-calendar: every confirmed practice, every published clinic (its place and places left) and every field closure, by month, week, day or as a list (the
 * phone's default), coloured by field, in league time, for anyone (visitors see team and field names only). The
 * view, the date and the filters live in the URL. Live: a booking made elsewhere appears without a reload (the
 * slot lists are the shared `useSlots` queries, which `useLiveSlots` patches). `fieldStatus`: the weather closures in
 * force now or soon, above the calendar (features/field-status, given by the app: router.tsx).
 */
export function PublicCalendarPage({ fieldStatus }: { fieldStatus?: ReactNode } = {}) {
  // First: the events below are worded in this namespace (calendar-events.ts).
  const { t } = useT('calendar');
  useLiveSlots();
  const [params, setParams] = useSearchParams();
  const filters = readCalendarFilters(params);
  const phone = useMediaQuery('(max-width: 639.98px)');
  const { season: current, seasons, isLoading: seasonsLoading } = useCurrentSeason();
  const season = pickSeason(seasons, filters.season, current.id);
  const league = useLeague();
  const facilities = useFacilities();
  const teams = useTeams();
  // Clinics are no team's and on no field: a team or field filter leaves them out. A clinic list that fails to load
  // leaves the practices on screen (the clinics page says what went wrong).
  const clinics = useClinics();

  const timeZone = league.data?.timeZone ?? (league.isError ? DEFAULT_LEAGUE_TIMEZONE : undefined);
  const today = timeZone ? todayInZone(timeZone) : null;
  const view = pickView(filters.view, phone);
  const date = today && !seasonsLoading ? pickDate(filters.date, today, season) : null;
  const range = date ? visibleRange(view, date) : null;
  const slots = useSlots(
    {
      from: range?.from ?? '',
      to: range?.to ?? '',
      seasonId: season?.id,
      facilityId: filters.facility || undefined,
      fieldId: filters.field || undefined,
    },
    { enabled: Boolean(range) && !seasonsLoading },
  );

  const zone = timeZone ?? DEFAULT_LEAGUE_TIMEZONE;
  const from = range?.from;
  const to = range?.to;
  const events = useMemo(() => {
    const practices = slotsToEvents(slots.data ?? [], zone, {
      teamId: filters.team || undefined,
    });
    if (!from || !to || filters.team || filters.field) return practices;
    const clinicEvents = clinicsToEvents(clinics.data ?? [], zone, { from, to, facilityId: filters.facility || undefined });
    return [...practices, ...clinicEvents].sort(byStart);
    // A new language remounts the app (lib/i18n/locale-provider.tsx), so the titles are worded anew.
  }, [slots.data, clinics.data, zone, filters.team, filters.field, filters.facility, from, to]);
  const legend = useMemo(() => fieldLegend(events), [events]);

  // Every change is a new history entry, so Back returns to the view, period and filters before it.
  const update = (changes: Partial<CalendarFilters>) =>
    void setParams(withCalendarFilters(params, changes), {
      preventScrollReset: true,
    });
  const team = (teams.data ?? []).find((t) => t.id === filters.team);
  const noSeasons = !seasonsLoading && seasons.length === 0;

  return (
    <section>
      <PageHeader
        title={t('title')}
        description={<span className="block min-h-12">{timeZone ? t('descriptionInZone', { zone: timeZoneName(timeZone) }) : t('description')}</span>}
        actions={
          // On a phone the calendar comes first; Book a Field is in the menu (and in the empty state).
          phone ? null : (
            <Link to="/slots" className={buttonClasses('secondary')}>
              {t('bookAField')}
            </Link>
          )
        }
      />

      {noSeasons ? (
        <EmptyState
          title={t('noSeason.title')}
          action={
            <Link to="/" className={buttonClasses('secondary')}>
              {t('noSeason.home')}
            </Link>
          }
        >
          {t('noSeason.body')}
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-4">
          {fieldStatus}
          <CalendarFilterBar
            seasons={seasons}
            seasonId={season?.id ?? ''}
            facilities={facilities.data ?? []}
            facilityId={filters.facility}
            fieldId={filters.field}
            teams={[...(teams.data ?? [])].sort((a, b) => a.name.localeCompare(b.name))}
            teamId={filters.team}
            // A new season opens on its own dates.
            onChange={(changes) => update(changes.season ? { ...changes, date: '' } : changes)}
          />

          <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm md:p-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <div className="flex items-center gap-2">
                  <button
                    type="button"
                    className={buttonClasses('secondary', 'sm', 'min-w-11')}
                    aria-label={t('previous', { period: PERIOD[view] })}
                    disabled={!date}
                    onClick={() => date && update({ date: stepDate(view, date, -1) })}
                  >
                    <span aria-hidden="true">◀</span>
                  </button>
                  <button type="button" className={buttonClasses('secondary', 'sm')} disabled={!today} onClick={() => today && update({ date: today })}>
                    {t('today')}
                  </button>
                  <button
                    type="button"
                    className={buttonClasses('secondary', 'sm', 'min-w-11')}
                    aria-label={t('next', { period: PERIOD[view] })}
                    disabled={!date}
                    onClick={() => date && update({ date: stepDate(view, date, 1) })}
                  >
                    <span aria-hidden="true">▶</span>
                  </button>
                </div>
                <h2 className="min-w-0 text-lg font-semibold text-primary-900" aria-live="polite">
                  {date ? periodTitle(view, date) : '\u00a0'}
                </h2>
              </div>
              <div role="group" aria-label={t('view.label')} className="flex w-full rounded-lg border border-slate-300 p-0.5 sm:w-auto">
                {CALENDAR_VIEWS.map((v) => (
                  <button
                    key={v}
                    type="button"
                    aria-pressed={v === view}
                    onClick={() => update({ view: v })}
                    className={cx(
                      'min-h-11 flex-1 rounded-md px-3 text-sm font-semibold sm:flex-none',
                      v === view ? 'bg-primary-800 text-white' : 'text-primary-800 hover:bg-primary-50',
                    )}
                  >
                    {t(`view.${v}`)}
                  </button>
                ))}
              </div>
            </div>

            {slots.isError ? (
              <LoadErrorAlert title={t('loadFailed')} message={slots.error.message} onRetry={() => slots.refetch()} />
            ) : !date || !timeZone || slots.isPending ? (
              <>
                <p className="sr-only" role="status">
                  {t('loading')}
                </p>
                <Skeleton className="h-[32rem] w-full" />
              </>
            ) : events.length === 0 && !slots.isPlaceholderData ? (
              <EmptyState
                title={team ? t('empty.team', { team: team.name }) : t('empty.all')}
                action={
                  <Link to="/slots" className={buttonClasses('primary')}>
                    {t('bookAField')}
                  </Link>
                }
              >
                {t('empty.body', { period: PERIOD[view] })}
              </EmptyState>
            ) : (
              <LeagueCalendar view={view} date={date} events={events} timeZone={timeZone} noEvents={t('noEvents')} onOpenDay={(day) => update({ view: 'day', date: day })} />
            )}
          </div>

          {legend.length > 0 ? (
            <div>
              <h2 className="mb-2 text-sm font-semibold text-slate-800">{t('fields')}</h2>
              <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-800">
                {legend.map((f) => (
                  <li key={f.id} className="flex items-center gap-2">
                    <span aria-hidden="true" className="size-3 shrink-0 rounded-full" style={{ backgroundColor: f.color }} />
                    {f.name} · {f.facilityName}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
