import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PRIME_TIME_WORDS, type Report, type ReportTable as TableName } from '../../../../shared/reports/reports.schemas';
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
import { formatDayRange, formatMonthDay } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useReport } from '../api/get-report';
import { isReportReady, parseReportFilters, reportCsvHref, withReportFilters, type ReportFilters } from '../report-filters';
import { FairnessChart, WeeklyChart } from './report-charts';
import { ReportTable, type ReportColumn } from './report-table';

const RANGE = 'range';
const hours = (minutes: number) => `${(minutes / 60).toLocaleString('en-US', { maximumFractionDigits: 1 })} h`;
const pct = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`);
const share = (value: number | null) => pct(value === null ? null : Math.round(value * 1000) / 10);

/** /admin-reports: how the season's field time was offered, booked, cancelled and shared, with a CSV of every table. */
export function ReportsPage() {
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
      <PageHeader
        title="Reports"
        description="How field time was offered, booked, cancelled and shared between teams, for a season or any dates. Every chart has a table beside it, and every table a CSV. Filters stay in the link."
      />
      <div className="flex flex-col gap-6">
        <ReportFilterBar filters={filters} onChange={setFilters} />
        {!isReportReady(filters) ? (
          seasonsLoading ? (
            <Skeleton className="h-72 w-full" />
          ) : (
            <EmptyState title="Choose what to report on">Pick a season, or choose "Dates" and a start and an end day.</EmptyState>
          )
        ) : report.isPending ? (
          <div className="flex flex-col gap-4" aria-hidden="true">
            <Skeleton className="h-80 w-full" />
            <Skeleton className="h-80 w-full" />
          </div>
        ) : report.isError ? (
          <LoadErrorAlert title="The report could not be made" message={report.error.message} onRetry={() => report.refetch()} />
        ) : (
          <ReportBody report={report.data} filters={filters} busy={report.isFetching} />
        )}
      </div>
    </section>
  );
}

function ReportFilterBar({ filters, onChange }: { filters: ReportFilters; onChange: (changes: Partial<ReportFilters>) => void }) {
  const { seasons } = useCurrentSeason();
  const facilities = useFacilities({ includeInactive: true });
  const byDates = Boolean(filters.from);
  const sorted = [...seasons].sort((a, b) => b.startsOn.localeCompare(a.startsOn));
  return (
    <form
      role="search"
      aria-label="Report filters"
      className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(e) => e.preventDefault()}
    >
      <SelectField
        label="Season or dates"
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
        <option value={RANGE}>Dates…</option>
      </SelectField>
      {byDates ? (
        <>
          <TextField
            label="From"
            hint="League days"
            type="date"
            required
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => e.target.value && onChange({ from: e.target.value })}
          />
          <TextField
            label="To"
            hint="Included; at most 366 days"
            type="date"
            required
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => e.target.value && onChange({ to: e.target.value })}
          />
        </>
      ) : null}
      <SelectField label="Facility" value={filters.facilityId} onChange={(event) => onChange({ facilityId: event.target.value })}>
        <option value="">Every facility</option>
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
  table,
  filters,
  intro,
  children,
}: {
  id: string;
  title: string;
  table: TableName;
  filters: ReportFilters;
  intro: ReactNode;
  children: ReactNode;
}) {
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
          onClick={() => toast.success(`Your CSV of ${title.toLowerCase()} is downloading.`)}
        >
          Export CSV <span className="sr-only">of {title.toLowerCase()}</span>
        </a>
      </div>
      <div className="text-sm text-slate-700">{intro}</div>
      {children}
    </section>
  );
}

function ReportBody({ report, filters, busy }: { report: Report; filters: ReportFilters; busy: boolean }) {
  const { range, fairness } = report;
  const where = range.facilityName ?? 'every facility';
  const what = range.seasonName ? `${range.seasonName} (${formatDayRange(range.from, range.to)})` : formatDayRange(range.from, range.to);
  const totalBookings = report.weeks.reduce((n, w) => n + w.bookings, 0);
  const offered = report.weeks.reduce((n, w) => n + w.offeredMinutes, 0);
  const booked = report.weeks.reduce((n, w) => n + w.bookedMinutes, 0);
  const busiest = [...report.weeks].sort((a, b) => b.bookings - a.bookings)[0];
  const weeklySummary = `Bookings and utilization per week, ${what}, ${where}: ${totalBookings} bookings, ${hours(booked)} of ${hours(offered)} offered${
    busiest && busiest.bookings > 0 ? `; the busiest week starts ${formatMonthDay(busiest.weekStart)} with ${busiest.bookings} bookings` : ''
  }. The table below has every week.`;
  const byPrime = [...fairness.teams].sort((a, b) => (b.primeShare ?? 0) - (a.primeShare ?? 0));
  const top = byPrime.slice(0, 3).filter((t) => (t.primeShare ?? 0) > 0);
  const topShare = top.reduce((n, t) => n + (t.primeShare ?? 0), 0);
  const fairnessSentence =
    fairness.primeMinutes === 0
      ? 'No prime-time hours were booked in this range.'
      : `The ${top.length === 1 ? 'team' : `${top.length} teams`} with the most prime time ${top.length === 1 ? 'holds' : 'hold'} ${share(topShare)} of it (${top
          .map((t) => t.teamName)
          .join(
            ', ',
          )}); ${top.length === 1 ? 'an equal share' : `${top.length} equal shares`} would be ${share(fairness.equalShare === null ? null : fairness.equalShare * top.length)}.`;

  const weekColumns: ReportColumn<Report['weeks'][number]>[] = [
    { header: 'Week', cell: (w) => `${formatMonthDay(w.weekStart)} – ${formatMonthDay(w.weekEnd)}` },
    { header: 'Bookings', cell: (w) => w.bookings, numeric: true },
    { header: 'Booked', cell: (w) => hours(w.bookedMinutes), numeric: true },
    { header: 'Offered', cell: (w) => hours(w.offeredMinutes), numeric: true },
    { header: 'Utilization', cell: (w) => pct(w.utilization), numeric: true },
  ];
  const fairnessColumns: ReportColumn<Report['fairness']['teams'][number]>[] = [
    { header: 'Team', cell: (t) => (t.active ? t.teamName : `${t.teamName} (inactive)`) },
    { header: 'Booked', cell: (t) => hours(t.bookedMinutes), numeric: true },
    { header: 'Share', cell: (t) => share(t.share), numeric: true },
    { header: 'Prime time', cell: (t) => hours(t.primeMinutes), numeric: true },
    { header: 'Prime share', cell: (t) => share(t.primeShare), numeric: true },
  ];
  const teamColumns: ReportColumn<Report['teams'][number]>[] = [
    { header: 'Team', cell: (t) => (t.active ? t.teamName : `${t.teamName} (inactive)`) },
    { header: 'Bookings', cell: (t) => t.bookings, numeric: true },
    { header: 'Hours', cell: (t) => hours(t.bookedMinutes), numeric: true },
    { header: 'Cancelled', cell: (t) => t.cancellations, numeric: true },
    { header: 'Late', cell: (t) => t.lateCancellations, numeric: true },
    { header: 'Bumped', cell: (t) => t.bumped, numeric: true },
    { header: 'Requests', cell: (t) => t.requestsFiled, numeric: true },
    { header: 'Approved', cell: (t) => t.requestsApproved, numeric: true },
    { header: 'Approved, later cancelled', cell: (t) => t.requestsApprovedCancelled, numeric: true },
    { header: 'Declined', cell: (t) => t.requestsDeclined, numeric: true },
    { header: 'Rained out', cell: (t) => t.rainedOut, numeric: true },
    { header: 'Restored', cell: (t) => t.rainOutRestored, numeric: true },
    { header: 'Make-ups granted', cell: (t) => t.creditsGranted, numeric: true },
    { header: 'Make-ups used', cell: (t) => t.creditsUsed, numeric: true },
    { header: 'Make-ups expired', cell: (t) => t.creditsExpired, numeric: true },
    { header: 'Make-ups removed', cell: (t) => t.creditsRemoved, numeric: true },
    { header: 'Waitlist taken', cell: (t) => t.waitsTaken, numeric: true },
    { header: 'Waitlist passed', cell: (t) => t.waitsPassed, numeric: true },
    { header: 'Holds expired', cell: (t) => t.waitsExpired, numeric: true },
    { header: 'Waitlist refused', cell: (t) => t.waitsRefused, numeric: true },
  ];
  const placeColumns = <P extends Report['facilities'][number]>(first: ReportColumn<P>): ReportColumn<P>[] => [
    first,
    { header: 'Offered', cell: (p) => hours(p.offeredMinutes), numeric: true },
    { header: 'Booked', cell: (p) => hours(p.bookedMinutes), numeric: true },
    { header: 'Utilization', cell: (p) => pct(p.utilization), numeric: true },
    { header: 'Blocked', cell: (p) => hours(p.blockedMinutes), numeric: true },
  ];

  return (
    <div className="flex flex-col gap-6" aria-busy={busy}>
      <p role="status" className="text-sm text-slate-700">
        {busy ? 'Updating…' : `Showing ${what}, ${where}. Times and weeks (Monday to Sunday) are in the league's time zone, ${range.timeZone}.`}
      </p>

      <ReportSection
        id="weeks"
        title="Per week"
        table="weeks"
        filters={filters}
        intro="Confirmed bookings of slots starting each week, and utilization: hours booked ÷ hours offered (every live slot, blocked ones included)."
      >
        <div className="flex flex-col gap-4">
          <WeeklyChart weeks={report.weeks} summary={weeklySummary} />
          <ReportTable caption="Bookings and utilization per week" columns={weekColumns} rows={report.weeks} rowKey={(w) => w.weekStart} />
        </div>
      </ReportSection>

      <ReportSection
        id="fairness"
        title="Fairness"
        table="fairness"
        filters={filters}
        intro={
          <>
            <p>
              Each team's share of the booked hours, and of the prime-time hours, against an equal share (1 ÷ {fairness.activeTeams} active teams ={' '}
              {share(fairness.equalShare)}). Prime time is {PRIME_TIME_WORDS}.
            </p>
            <p className="mt-1 font-medium text-slate-900">{fairnessSentence}</p>
          </>
        }
      >
        {fairness.teams.length === 0 ? (
          <EmptyState title="No teams yet">Add teams on the team pages; their bookings appear here.</EmptyState>
        ) : (
          <div className="flex flex-col gap-4">
            <FairnessChart
              fairness={fairness}
              summary={`Share of booked hours and of prime time per team, against an equal share of ${share(fairness.equalShare)}. ${fairnessSentence} The table below has every team.`}
            />
            <ReportTable
              caption="Each team's share of booked hours and of prime time"
              columns={fairnessColumns}
              rows={fairness.teams}
              rowKey={(t) => t.teamId}
            />
          </div>
        )}
      </ReportSection>

      <ReportSection
        id="teams"
        title="Per team"
        table="teams"
        filters={filters}
        intro="Confirmed bookings and their hours; cancellations, of which late (less than the season's cancellation cutoff before the start) and bumped (an admin's override gave the slot to another team); practice requests whose first date is in the range; practices rained out (restored ones included) and restored; the make-up credits granted in the range and what became of them; and the team's waits on booked slots that ended in the range: slots taken from the waitlist, held slots passed on, holds left to run out, and takes refused by a booking rule."
      >
        {report.teams.length === 0 ? (
          <EmptyState title="No teams yet">Add teams on the team pages; their bookings appear here.</EmptyState>
        ) : (
          <ReportTable caption="Bookings, cancellations and practice requests per team" columns={teamColumns} rows={report.teams} rowKey={(t) => t.teamId} />
        )}
      </ReportSection>

      <ReportSection
        id="rain-outs"
        title="Rain-outs"
        table="rain-outs"
        filters={filters}
        intro="Rain-outs and make-up credits made in the range, and the practices of the range they cancelled. Each team's figures are in the per-team table."
      >
        <RainOutSummary totals={report.rainOuts} />
      </ReportSection>

      <ReportSection
        id="waitlist"
        title="Waitlist"
        table="waitlist"
        filters={filters}
        intro="How waits on booked slots ended in the range (by the day they ended), when a freed slot was held for the first team waiting. Each team's figures are in the per-team table."
      >
        <WaitlistSummary totals={report.waitlist} />
      </ReportSection>

      <ReportSection
        id="fields"
        title="Per field"
        table="fields"
        filters={filters}
        intro="Hours offered (live slots; deleted ones left out), booked (a confirmed booking), utilization, and blocked."
      >
        {report.fields.length === 0 ? (
          <EmptyState title="No fields here">Add fields on the facility manager, then slots on the slots page.</EmptyState>
        ) : (
          <ReportTable
            caption="Hours offered, booked and blocked per field"
            columns={placeColumns<Report['fields'][number]>({ header: 'Field', cell: (f) => `${f.facilityName} · ${f.fieldName}` })}
            rows={report.fields}
            rowKey={(f) => f.fieldId}
          />
        )}
      </ReportSection>

      <ReportSection id="facilities" title="Per facility" table="facilities" filters={filters} intro="The same figures, summed over each facility's fields.">
        {report.facilities.length === 0 ? (
          <EmptyState title="No facilities here">Add a facility on the facility manager.</EmptyState>
        ) : (
          <ReportTable
            caption="Hours offered, booked and blocked per facility"
            columns={placeColumns<Report['facilities'][number]>({ header: 'Facility', cell: (f) => f.facilityName })}
            rows={report.facilities}
            rowKey={(f) => f.facilityId}
          />
        )}
      </ReportSection>
    </div>
  );
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Labelled figures as a list, so a screen reader reads each with its label. */
function Figures({ figures }: { figures: Array<[string, number]> }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
      {figures.map(([label, value]) => (
        <div key={label} className="flex flex-col rounded-lg border border-slate-200 px-3 py-2">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The range's rain-outs as a sentence and as figures. */
function RainOutSummary({ totals }: { totals: Report['rainOuts'] }) {
  const figures: Array<[string, number]> = [
    ['Rain-outs', totals.rainOuts],
    ['Practices cancelled', totals.practicesCancelled],
    ['Practices restored', totals.practicesRestored],
    ['Make-up credits granted', totals.creditsGranted],
    ['Used', totals.creditsUsed],
    ['Expired unused', totals.creditsExpired],
    ['Removed', totals.creditsRemoved],
  ];
  const sentence =
    totals.rainOuts === 0 && totals.practicesCancelled === 0 && totals.creditsGranted === 0
      ? 'No rain-outs and no make-up credits in this range.'
      : `${plural(totals.rainOuts, 'rain-out', 'rain-outs')}; ${plural(totals.practicesCancelled, 'practice', 'practices')} cancelled by rain-outs, ${totals.practicesRestored.toLocaleString('en-US')} restored when the fields reopened. ${plural(totals.creditsGranted, 'make-up credit', 'make-up credits')} granted: ${totals.creditsUsed.toLocaleString('en-US')} used, ${totals.creditsExpired.toLocaleString('en-US')} expired unused, ${totals.creditsRemoved.toLocaleString('en-US')} removed.`;
  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium text-slate-900">{sentence}</p>
      <Figures figures={figures} />
    </div>
  );
}

/** The range's waitlist outcomes as a sentence and as figures. */
function WaitlistSummary({ totals }: { totals: Report['waitlist'] }) {
  const figures: Array<[string, number]> = [
    ['Taken from the waitlist', totals.waitsTaken],
    ['Passed', totals.waitsPassed],
    ['Holds expired', totals.waitsExpired],
    ['Refused by a rule', totals.waitsRefused],
  ];
  const count = (n: number) => n.toLocaleString('en-US');
  const sentence =
    totals.waitsTaken + totals.waitsPassed + totals.waitsExpired + totals.waitsRefused === 0
      ? 'No waits on booked slots ended in this range.'
      : `${plural(totals.waitsTaken, 'slot', 'slots')} taken from the waitlist; ${count(totals.waitsPassed)} passed on, ${plural(totals.waitsExpired, 'hold', 'holds')} left to run out, and ${count(totals.waitsRefused)} refused by one of the team's booking rules.`;
  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium text-slate-900">{sentence}</p>
      <Figures figures={figures} />
    </div>
  );
}
