import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { MAX_REPORT_DAYS, PRIME_TIME, type Report, type ReportTable as TableName } from '../../../../shared/reports/reports.schemas';
import { useCurrentSeason } from '../../../app/current-season/current-season-context';
import { pickSeason } from '../../../app/current-season/pick-season';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useFacilities } from '../../../lib/api/get-facilities';
import { formatNumber } from '../../../lib/count-words';
import { formatDayRange, formatMonthDay } from '../../../lib/dates';
import { intlLocale, RichText, useT, type Translate } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useReport } from '../api/get-report';
import { isReportReady, parseReportFilters, reportCsvHref, withReportFilters, type ReportFilters } from '../report-filters';
import { FairnessChart, WeeklyChart } from './report-charts';
import { ReportTable, type ReportColumn } from './report-table';

const RANGE = 'range';
/** A number with at most one decimal, in the active language ("2.5"; "2,5"). */
const decimal = (value: number) => new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 }).format(value);
const hours = (t: Translate<'reports'>, minutes: number) => t('units.hours', { hours: decimal(minutes / 60) });
/** A percentage (0–100) in the active language ("42.5%"), or a dash when there is none. */
const pct = (value: number | null) =>
  value === null ? '—' : new Intl.NumberFormat(intlLocale(), { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
const share = (value: number | null) => pct(value === null ? null : Math.round(value * 1000) / 10);

/** /admin-reports: how the season's field time was offered, booked, cancelled and shared, with a CSV of every table. */
export function ReportsPage() {
  const { t } = useT('reports');
  const [params, setParams] = useSearchParams();
  const { season: current, seasons, isLoading: seasonsLoading } = useCurrentSeason();
  const fromUrl = parseReportFilters(params);
  // Without filters in the link, the current season (else the active, else the latest).
  const fallback = isReportReady(fromUrl) ? null : pickSeason(seasons, '', current.id);
  const filters: ReportFilters = fallback ? { ...fromUrl, seasonId: fallback.id } : fromUrl;
  const report = useReport(filters);
  const setFilters = (changes: Partial<ReportFilters>) => void setParams((p) => withReportFilters(p, changes), { preventScrollReset: true });

  return (
    <section>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <div className="flex flex-col gap-6">
        <ReportFilterBar filters={filters} onChange={setFilters} />
        {!isReportReady(filters) ? (
          seasonsLoading ? (
            <Skeleton className="h-72 w-full" />
          ) : (
            <EmptyState title={t('page.chooseTitle')}>{t('page.chooseBody')}</EmptyState>
          )
        ) : report.isPending ? (
          <div className="flex flex-col gap-4" aria-hidden="true">
            <Skeleton className="h-80 w-full" />
            <Skeleton className="h-80 w-full" />
          </div>
        ) : report.isError ? (
          <LoadErrorAlert title={t('page.loadError')} message={report.error.message} onRetry={() => report.refetch()} />
        ) : (
          <ReportBody report={report.data} filters={filters} busy={report.isFetching} />
        )}
      </div>
    </section>
  );
}

function ReportFilterBar({ filters, onChange }: { filters: ReportFilters; onChange: (changes: Partial<ReportFilters>) => void }) {
  const { t } = useT('reports');
  const { seasons } = useCurrentSeason();
  const facilities = useFacilities({ includeInactive: true });
  const byDates = Boolean(filters.from);
  const sorted = [...seasons].sort((a, b) => b.startsOn.localeCompare(a.startsOn));
  return (
    <form
      role="search"
      aria-label={t('filters.label')}
      className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(e) => e.preventDefault()}
    >
      <SelectField
        label={t('filters.seasonOrDates')}
        value={byDates ? RANGE : filters.seasonId}
        onChange={(event) => {
          const value = event.target.value;
          if (value === RANGE) {
            const season = seasons.find((s) => s.id === filters.seasonId);
            onChange({ seasonId: '', from: season?.startsOn ?? '', to: season?.endsOn ?? '' });
          } else onChange({ seasonId: value, from: '', to: '' });
        }}
      >
        {sorted.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
        <option value={RANGE}>{t('filters.dates')}</option>
      </SelectField>
      {byDates ? (
        <>
          <TextField
            label={t('filters.from')}
            hint={t('filters.fromHint')}
            type="date"
            required
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => e.target.value && onChange({ from: e.target.value })}
          />
          <TextField
            label={t('filters.to')}
            hint={t('filters.toHint', { max: MAX_REPORT_DAYS })}
            type="date"
            required
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => e.target.value && onChange({ to: e.target.value })}
          />
        </>
      ) : null}
      <SelectField label={t('filters.facility')} value={filters.facilityId} onChange={(event) => onChange({ facilityId: event.target.value })}>
        <option value="">{t('filters.everyFacility')}</option>
        {(facilities.data ?? []).map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
      </SelectField>
    </form>
  );
}

function ReportSection({
  id,
  title,
  csvName,
  table,
  filters,
  intro,
  children,
}: {
  id: string;
  title: string;
  /** The table's name inside a sentence ("Export CSV of per week"), lower case where the language wants it. */
  csvName: string;
  table: TableName;
  filters: ReportFilters;
  intro: ReactNode;
  children: ReactNode;
}) {
  const { t } = useT('reports');
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-xl font-bold text-primary-900">
          {title}
        </h2>
        <a
          href={reportCsvHref(filters, table)}
          download
          className={buttonClasses('secondary', 'sm')}
          onClick={() => toast.success(t('section.csvDownloading', { name: csvName }))}
        >
          <RichText ns="reports" k="section.exportCsv" values={{ name: csvName }} components={{ 0: <span className="sr-only" /> }} />
        </a>
      </div>
      <div className="text-sm text-slate-700">{intro}</div>
      {children}
    </section>
  );
}

function ReportBody({ report, filters, busy }: { report: Report; filters: ReportFilters; busy: boolean }) {
  const { t } = useT('reports');
  const { range, fairness } = report;
  const where = range.facilityName ?? t('body.everyFacility');
  const what = range.seasonName
    ? t('body.seasonRange', { season: range.seasonName, range: formatDayRange(range.from, range.to) })
    : formatDayRange(range.from, range.to);
  const totalBookings = report.weeks.reduce((n, w) => n + w.bookings, 0);
  const offered = report.weeks.reduce((n, w) => n + w.offeredMinutes, 0);
  const booked = report.weeks.reduce((n, w) => n + w.bookedMinutes, 0);
  const busiest = [...report.weeks].sort((a, b) => b.bookings - a.bookings)[0];
  const weekly = { what, where, total: totalBookings, booked: hours(t, booked), offered: hours(t, offered) };
  const weeklySummary =
    busiest && busiest.bookings > 0
      ? t('weeks.summaryBusiest', { ...weekly, start: formatMonthDay(busiest.weekStart), busiest: busiest.bookings })
      : t('weeks.summary', weekly);
  const byPrime = [...fairness.teams].sort((a, b) => (b.primeShare ?? 0) - (a.primeShare ?? 0));
  const top = byPrime.slice(0, 3).filter((team) => (team.primeShare ?? 0) > 0);
  const topShare = top.reduce((n, team) => n + (team.primeShare ?? 0), 0);
  const fairnessSentence =
    fairness.primeMinutes === 0
      ? t('fairness.noPrimeTime')
      : t('fairness.top', {
          count: top.length,
          share: share(topShare),
          teams: top.map((team) => team.teamName).join(', '),
          equal: share(fairness.equalShare === null ? null : fairness.equalShare * top.length),
        });
  const teamName = (team: { teamName: string; active: boolean }) => (team.active ? team.teamName : t('column.inactiveTeam', { name: team.teamName }));

  const weekColumns: ReportColumn<Report['weeks'][number]>[] = [
    { header: t('column.week'), cell: (w) => `${formatMonthDay(w.weekStart)} – ${formatMonthDay(w.weekEnd)}` },
    { header: t('column.bookings'), cell: (w) => formatNumber(w.bookings), numeric: true },
    { header: t('column.booked'), cell: (w) => hours(t, w.bookedMinutes), numeric: true },
    { header: t('column.offered'), cell: (w) => hours(t, w.offeredMinutes), numeric: true },
    { header: t('column.utilization'), cell: (w) => pct(w.utilization), numeric: true },
  ];
  const fairnessColumns: ReportColumn<Report['fairness']['teams'][number]>[] = [
    { header: t('column.team'), cell: teamName },
    { header: t('column.booked'), cell: (row) => hours(t, row.bookedMinutes), numeric: true },
    { header: t('column.share'), cell: (row) => share(row.share), numeric: true },
    { header: t('column.primeTime'), cell: (row) => hours(t, row.primeMinutes), numeric: true },
    { header: t('column.primeShare'), cell: (row) => share(row.primeShare), numeric: true },
  ];
  const teamColumns: ReportColumn<Report['teams'][number]>[] = [
    { header: t('column.team'), cell: teamName },
    { header: t('column.bookings'), cell: (row) => formatNumber(row.bookings), numeric: true },
    { header: t('column.hours'), cell: (row) => hours(t, row.bookedMinutes), numeric: true },
    { header: t('column.cancelled'), cell: (row) => formatNumber(row.cancellations), numeric: true },
    { header: t('column.late'), cell: (row) => formatNumber(row.lateCancellations), numeric: true },
    { header: t('column.bumped'), cell: (row) => formatNumber(row.bumped), numeric: true },
    { header: t('column.requests'), cell: (row) => formatNumber(row.requestsFiled), numeric: true },
    { header: t('column.approved'), cell: (row) => formatNumber(row.requestsApproved), numeric: true },
    { header: t('column.approvedCancelled'), cell: (row) => formatNumber(row.requestsApprovedCancelled), numeric: true },
    { header: t('column.declined'), cell: (row) => formatNumber(row.requestsDeclined), numeric: true },
    { header: t('column.rainedOut'), cell: (row) => formatNumber(row.rainedOut), numeric: true },
    { header: t('column.restored'), cell: (row) => formatNumber(row.rainOutRestored), numeric: true },
    { header: t('column.makeupsGranted'), cell: (row) => formatNumber(row.creditsGranted), numeric: true },
    { header: t('column.makeupsUsed'), cell: (row) => formatNumber(row.creditsUsed), numeric: true },
    { header: t('column.makeupsExpired'), cell: (row) => formatNumber(row.creditsExpired), numeric: true },
    { header: t('column.makeupsRemoved'), cell: (row) => formatNumber(row.creditsRemoved), numeric: true },
    { header: t('column.waitlistTaken'), cell: (row) => formatNumber(row.waitsTaken), numeric: true },
    { header: t('column.waitlistPassed'), cell: (row) => formatNumber(row.waitsPassed), numeric: true },
    { header: t('column.holdsExpired'), cell: (row) => formatNumber(row.waitsExpired), numeric: true },
    { header: t('column.waitlistRefused'), cell: (row) => formatNumber(row.waitsRefused), numeric: true },
  ];
  const placeColumns = <P extends Report['facilities'][number]>(first: ReportColumn<P>): ReportColumn<P>[] => [
    first,
    { header: t('column.offered'), cell: (p) => hours(t, p.offeredMinutes), numeric: true },
    { header: t('column.booked'), cell: (p) => hours(t, p.bookedMinutes), numeric: true },
    { header: t('column.utilization'), cell: (p) => pct(p.utilization), numeric: true },
    { header: t('column.blocked'), cell: (p) => hours(t, p.blockedMinutes), numeric: true },
  ];
  const noTeams = <EmptyState title={t('teams.emptyTitle')}>{t('teams.emptyBody')}</EmptyState>;

  return (
    <div className="flex flex-col gap-6" aria-busy={busy}>
      <p role="status" className="text-sm text-slate-700">
        {busy ? t('body.updating') : t('body.showing', { what, where, timeZone: range.timeZone })}
      </p>

      <ReportSection id="weeks" title={t('weeks.title')} csvName={t('weeks.csvName')} table="weeks" filters={filters} intro={t('weeks.intro')}>
        <div className="flex flex-col gap-4">
          <WeeklyChart weeks={report.weeks} summary={weeklySummary} />
          <ReportTable caption={t('weeks.caption')} columns={weekColumns} rows={report.weeks} rowKey={(w) => w.weekStart} />
        </div>
      </ReportSection>

      <ReportSection
        id="fairness"
        title={t('fairness.title')}
        csvName={t('fairness.csvName')}
        table="fairness"
        filters={filters}
        intro={
          <>
            <p>
              {t('fairness.intro', {
                teams: fairness.activeTeams,
                share: share(fairness.equalShare),
                // The league's wall-clock times as the definition writes them ("17:00"), read the same in both languages.
                primeTime: t('fairness.primeTime', { eveningFrom: PRIME_TIME.eveningFrom, morningBefore: PRIME_TIME.morningBefore }),
              })}
            </p>
            <p className="mt-1 font-medium text-slate-900">{fairnessSentence}</p>
          </>
        }
      >
        {fairness.teams.length === 0 ? (
          noTeams
        ) : (
          <div className="flex flex-col gap-4">
            <FairnessChart fairness={fairness} summary={t('fairness.summary', { equal: share(fairness.equalShare), sentence: fairnessSentence })} />
            <ReportTable caption={t('fairness.caption')} columns={fairnessColumns} rows={fairness.teams} rowKey={(row) => row.teamId} />
          </div>
        )}
      </ReportSection>

      <ReportSection id="teams" title={t('teams.title')} csvName={t('teams.csvName')} table="teams" filters={filters} intro={t('teams.intro')}>
        {report.teams.length === 0 ? (
          noTeams
        ) : (
          <ReportTable caption={t('teams.caption')} columns={teamColumns} rows={report.teams} rowKey={(row) => row.teamId} />
        )}
      </ReportSection>

      <ReportSection id="rain-outs" title={t('rainOuts.title')} csvName={t('rainOuts.csvName')} table="rain-outs" filters={filters} intro={t('rainOuts.intro')}>
        <RainOutSummary totals={report.rainOuts} />
      </ReportSection>

      <ReportSection id="waitlist" title={t('waitlist.title')} csvName={t('waitlist.csvName')} table="waitlist" filters={filters} intro={t('waitlist.intro')}>
        <WaitlistSummary totals={report.waitlist} />
      </ReportSection>

      <ReportSection id="fields" title={t('fields.title')} csvName={t('fields.csvName')} table="fields" filters={filters} intro={t('fields.intro')}>
        {report.fields.length === 0 ? (
          <EmptyState title={t('fields.emptyTitle')}>{t('fields.emptyBody')}</EmptyState>
        ) : (
          <ReportTable
            caption={t('fields.caption')}
            columns={placeColumns<Report['fields'][number]>({ header: t('column.field'), cell: (f) => t('fields.fieldName', { facility: f.facilityName, field: f.fieldName }) })}
            rows={report.fields}
            rowKey={(f) => f.fieldId}
          />
        )}
      </ReportSection>

      <ReportSection
        id="facilities"
        title={t('facilities.title')}
        csvName={t('facilities.csvName')}
        table="facilities"
        filters={filters}
        intro={t('facilities.intro')}
      >
        {report.facilities.length === 0 ? (
          <EmptyState title={t('facilities.emptyTitle')}>{t('facilities.emptyBody')}</EmptyState>
        ) : (
          <ReportTable
            caption={t('facilities.caption')}
            columns={placeColumns<Report['facilities'][number]>({ header: t('column.facility'), cell: (f) => f.facilityName })}
            rows={report.facilities}
            rowKey={(f) => f.facilityId}
          />
        )}
      </ReportSection>
    </div>
  );
}

/** Labelled figures as a list, so a screen reader reads each with its label. */
function Figures({ figures }: { figures: Array<[string, number]> }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
      {figures.map(([label, value]) => (
        <div key={label} className="flex flex-col rounded-lg border border-slate-200 px-3 py-2">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The range's rain-outs as a sentence and as figures. */
function RainOutSummary({ totals }: { totals: Report['rainOuts'] }) {
  const { t } = useT('reports');
  const figures: Array<[string, number]> = [
    [t('rainOuts.figureRainOuts'), totals.rainOuts],
    [t('rainOuts.figureCancelled'), totals.practicesCancelled],
    [t('rainOuts.figureRestored'), totals.practicesRestored],
    [t('rainOuts.figureGranted'), totals.creditsGranted],
    [t('rainOuts.figureUsed'), totals.creditsUsed],
    [t('rainOuts.figureExpired'), totals.creditsExpired],
    [t('rainOuts.figureRemoved'), totals.creditsRemoved],
  ];
  const sentence =
    totals.rainOuts === 0 && totals.practicesCancelled === 0 && totals.creditsGranted === 0
      ? t('rainOuts.none')
      : t('rainOuts.sentence', {
          rainOuts: totals.rainOuts,
          cancelled: totals.practicesCancelled,
          restored: totals.practicesRestored,
          granted: totals.creditsGranted,
          used: totals.creditsUsed,
          expired: totals.creditsExpired,
          removed: totals.creditsRemoved,
        });
  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium text-slate-900">{sentence}</p>
      <Figures figures={figures} />
    </div>
  );
}

/** The range's waitlist outcomes as a sentence and as figures. */
function WaitlistSummary({ totals }: { totals: Report['waitlist'] }) {
  const { t } = useT('reports');
  const figures: Array<[string, number]> = [
    [t('waitlist.figureTaken'), totals.waitsTaken],
    [t('waitlist.figurePassed'), totals.waitsPassed],
    [t('waitlist.figureExpired'), totals.waitsExpired],
    [t('waitlist.figureRefused'), totals.waitsRefused],
  ];
  const sentence =
    totals.waitsTaken + totals.waitsPassed + totals.waitsExpired + totals.waitsRefused === 0
      ? t('waitlist.none')
      : t('waitlist.sentence', { taken: totals.waitsTaken, passed: totals.waitsPassed, expired: totals.waitsExpired, refused: totals.waitsRefused });
  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium text-slate-900">{sentence}</p>
      <Figures figures={figures} />
    </div>
  );
}
