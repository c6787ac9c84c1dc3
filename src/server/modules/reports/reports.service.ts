import type { ServerContext } from '../../context';
import { toCsv } from '../../csv';
import { AppError } from '../../errors';
import {
  addDays,
  hoursOf,
  percentOf,
  utilizationPercent,
  weeksCovering,
  type FacilityReportRow,
  type FieldReportRow,
  type RainOutTotals,
  type Report,
  type ReportQuery,
  type ReportTable,
  type TeamReportRow,
  type WaitlistTotals,
} from '../../../shared/reports/reports.schemas';
import { localDayRange } from '../../../shared/time/zoned';
import type { WaitState } from '../../../shared/waitlist/waitlist.schemas';
import { creditCounts } from '../makeup-credits/makeup-credits.service';
import { rainOutsMadeBetween } from '../rain-outs/rain-outs.service';
import { findSeason } from '../seasons/seasons.service';
import { waitOutcomes } from '../waitlist/waitlist.service';
import * as repo from './reports.repository';

/**
 * /admin-reports (decision 022): per team, per field and facility, per week, fairness, rain-outs with their make-up
 * credits and waitlist outcomes (issue 28), for a season or a range of league days, optionally one facility. Reading only.
 */
export async function buildReport(deps: Pick<ServerContext, 'db' | 'league'>, query: ReportQuery, now = new Date()): Promise<Report> {
  const { db } = deps;
  const timeZone = await deps.league.timeZone();
  let from = query.from;
  let to = query.to;
  let seasonName: string | null = null;
  if (query.seasonId) {
    const season = await findSeason(db, query.seasonId);
    if (!season) throw new AppError('NOT_FOUND', { key: 'reports.seasonGone' });
    from = season.startsOn;
    to = season.endsOn;
    seasonName = season.name;
  }
  let facilityName: string | null = null;
  if (query.facilityId) {
    facilityName = await repo.findFacilityName(db, query.facilityId);
    if (!facilityName) throw new AppError('NOT_FOUND', { key: 'reports.facilityGone' });
  }
  const { start, end } = localDayRange(from!, to!, timeZone);
  const scope: repo.ReportScope = { start, end, from: from!, to: to!, timeZone, seasonId: query.seasonId ?? null, facilityId: query.facilityId ?? null };

  const [slotRows, teamRows, requestRows, allTeams, creditRows, rainOuts, outcomeRows] = await Promise.all([
    repo.slotMinutesByFieldAndWeek(db, scope),
    repo.teamBookings(db, scope),
    repo.teamRequests(db, scope),
    repo.listTeams(db),
    // Rain-outs and make-up credits (issue 28) by when they were made; the practices they cancelled by their start.
    creditCounts(db, start, end, now, scope.facilityId),
    rainOutsMadeBetween(db, start, end, scope.facilityId),
    // Waitlist outcomes (issue 28) by when the wait ended.
    waitOutcomes(db, start, end, scope.facilityId),
  ]);
  const places = await repo.listFields(db, scope.facilityId, [...new Set(slotRows.map((r) => r.fieldId))]);

  // Per field, then per facility (the sum of its fields).
  const byField = new Map<string, { offered: number; booked: number; blocked: number }>();
  const byWeek = new Map<string, { offered: number; booked: number; bookings: number }>();
  for (const r of slotRows) {
    const f = byField.get(r.fieldId) ?? { offered: 0, booked: 0, blocked: 0 };
    f.offered += Number(r.offered);
    f.booked += Number(r.booked);
    f.blocked += Number(r.blocked);
    byField.set(r.fieldId, f);
    const w = byWeek.get(r.week) ?? { offered: 0, booked: 0, bookings: 0 };
    w.offered += Number(r.offered);
    w.booked += Number(r.booked);
    w.bookings += Number(r.bookings);
    byWeek.set(r.week, w);
  }
  const fields: FieldReportRow[] = places.map((p) => {
    const f = byField.get(p.fieldId) ?? { offered: 0, booked: 0, blocked: 0 };
    return { ...p, offeredMinutes: f.offered, bookedMinutes: f.booked, utilization: utilizationPercent(f.booked, f.offered), blockedMinutes: f.blocked };
  });
  const facilityMap = new Map<string, FacilityReportRow>();
  for (const f of fields) {
    const row = facilityMap.get(f.facilityId) ?? {
      facilityId: f.facilityId,
      facilityName: f.facilityName,
      offeredMinutes: 0,
      bookedMinutes: 0,
      utilization: null,
      blockedMinutes: 0,
    };
    row.offeredMinutes += f.offeredMinutes;
    row.bookedMinutes += f.bookedMinutes;
    row.blockedMinutes += f.blockedMinutes;
    row.utilization = utilizationPercent(row.bookedMinutes, row.offeredMinutes);
    facilityMap.set(f.facilityId, row);
  }

  const weeks = weeksCovering(from!, to!).map((monday) => {
    const w = byWeek.get(monday) ?? { offered: 0, booked: 0, bookings: 0 };
    return {
      weekStart: monday,
      weekEnd: addDays(monday, 6),
      bookings: w.bookings,
      offeredMinutes: w.offered,
      bookedMinutes: w.booked,
      utilization: utilizationPercent(w.booked, w.offered),
    };
  });

  // Per team: active teams always, others when they have something in the range.
  const bookingsOf = new Map(teamRows.map((r) => [r.teamId, r]));
  const requestsOf = new Map(requestRows.map((r) => [r.teamId, r]));
  const creditsOf = new Map(creditRows.map((r) => [r.teamId, r]));
  // Leaving the line and a void wait (the slot went away, or came too close) are not outcomes the report counts.
  const counted: readonly WaitState[] = ['taken', 'passed', 'expired', 'refused'];
  const waitsOf = new Map<string, Partial<Record<WaitState, number>>>();
  for (const r of outcomeRows.filter((x) => counted.includes(x.state))) waitsOf.set(r.teamId, { ...waitsOf.get(r.teamId), [r.state]: r.n });
  const teams: TeamReportRow[] = allTeams
    .filter((t) => t.active || bookingsOf.has(t.teamId) || requestsOf.has(t.teamId) || creditsOf.has(t.teamId) || waitsOf.has(t.teamId))
    .map((t) => {
      const b = bookingsOf.get(t.teamId);
      const r = requestsOf.get(t.teamId);
      const c = creditsOf.get(t.teamId);
      const w = waitsOf.get(t.teamId);
      return {
        ...t,
        bookings: b?.bookings ?? 0,
        bookedMinutes: b?.booked ?? 0,
        cancellations: b?.cancellations ?? 0,
        lateCancellations: b?.late ?? 0,
        bumped: b?.bumped ?? 0,
        requestsFiled: r?.filed ?? 0,
        requestsApproved: r?.approved ?? 0,
        requestsApprovedCancelled: r?.approvedCancelled ?? 0,
        requestsDeclined: r?.declined ?? 0,
        rainedOut: b?.rainedOut ?? 0,
        rainOutRestored: b?.rainOutRestored ?? 0,
        creditsGranted: c?.granted ?? 0,
        creditsUsed: c?.used ?? 0,
        creditsExpired: c?.expired ?? 0,
        creditsRemoved: c?.removed ?? 0,
        waitsTaken: w?.taken ?? 0,
        waitsPassed: w?.passed ?? 0,
        waitsExpired: w?.expired ?? 0,
        waitsRefused: w?.refused ?? 0,
      };
    });
  // Every team with a figure has a row, so the totals are the rows' sums.
  const sumOf = (
    k: 'rainedOut' | 'rainOutRestored' | 'creditsGranted' | 'creditsUsed' | 'creditsExpired' | 'creditsRemoved' | 'waitsTaken' | 'waitsPassed' | 'waitsExpired' | 'waitsRefused',
  ) => teams.reduce((n, t) => n + t[k], 0);
  const rainOutTotals: RainOutTotals = {
    rainOuts,
    practicesCancelled: sumOf('rainedOut'),
    practicesRestored: sumOf('rainOutRestored'),
    creditsGranted: sumOf('creditsGranted'),
    creditsUsed: sumOf('creditsUsed'),
    creditsExpired: sumOf('creditsExpired'),
    creditsRemoved: sumOf('creditsRemoved'),
  };
  const waitlistTotals: WaitlistTotals = {
    waitsTaken: sumOf('waitsTaken'),
    waitsPassed: sumOf('waitsPassed'),
    waitsExpired: sumOf('waitsExpired'),
    waitsRefused: sumOf('waitsRefused'),
  };

  const activeTeams = allTeams.filter((t) => t.active).length;
  const bookedMinutes = teamRows.reduce((n, r) => n + r.booked, 0);
  const primeMinutes = teamRows.reduce((n, r) => n + r.prime, 0);
  const fairnessTeams = teams
    .filter((t) => t.active || t.bookedMinutes > 0)
    .map((t) => {
      const prime = bookingsOf.get(t.teamId)?.prime ?? 0;
      return {
        teamId: t.teamId,
        teamName: t.teamName,
        active: t.active,
        bookedMinutes: t.bookedMinutes,
        share: bookedMinutes > 0 ? t.bookedMinutes / bookedMinutes : null,
        primeMinutes: prime,
        primeShare: primeMinutes > 0 ? prime / primeMinutes : null,
      };
    })
    .sort((a, b) => b.primeMinutes - a.primeMinutes || b.bookedMinutes - a.bookedMinutes || a.teamName.localeCompare(b.teamName));

  return {
    range: { from: from!, to: to!, timeZone, seasonId: query.seasonId ?? null, seasonName, facilityId: query.facilityId ?? null, facilityName },
    teams,
    fields,
    facilities: [...facilityMap.values()],
    weeks,
    fairness: { activeTeams, equalShare: activeTeams > 0 ? 1 / activeTeams : null, bookedMinutes, primeMinutes, teams: fairnessTeams },
    rainOuts: rainOutTotals,
    waitlist: waitlistTotals,
  };
}

/** The columns of each table's CSV, in order; hours with two decimals, percentages with one. */
export const REPORT_CSV_COLUMNS = {
  teams: [
    'team',
    'active',
    'bookings',
    'hours',
    'cancellations',
    'late_cancellations',
    'bumped',
    'requests_filed',
    'requests_approved',
    'requests_approved_later_cancelled',
    'requests_declined',
    'rained_out',
    'rained_out_restored',
    'makeup_credits_granted',
    'makeup_credits_used',
    'makeup_credits_expired_unused',
    'makeup_credits_removed',
    'waitlist_taken',
    'waitlist_passed',
    'waitlist_hold_expired',
    'waitlist_refused',
  ],
  fields: ['facility', 'field', 'hours_offered', 'hours_booked', 'utilization_percent', 'hours_blocked'],
  facilities: ['facility', 'hours_offered', 'hours_booked', 'utilization_percent', 'hours_blocked'],
  weeks: ['week_start', 'week_end', 'bookings', 'hours_offered', 'hours_booked', 'utilization_percent'],
  fairness: ['team', 'active', 'hours_booked', 'share_percent', 'equal_share_percent', 'prime_hours', 'prime_share_percent'],
  'rain-outs': [
    'rain_outs',
    'practices_cancelled',
    'practices_restored',
    'makeup_credits_granted',
    'makeup_credits_used',
    'makeup_credits_expired_unused',
    'makeup_credits_removed',
  ],
  waitlist: ['waitlist_taken', 'waitlist_passed', 'waitlist_hold_expired', 'waitlist_refused'],
} as const satisfies Record<ReportTable, readonly string[]>;

/** One table of the report as CSV: every text cell spreadsheet-safe (`toCsv`); team and field names are typed by people. */
export function reportCsv(report: Report, table: ReportTable): string {
  switch (table) {
    case 'teams':
      return toCsv(
        REPORT_CSV_COLUMNS.teams,
        report.teams.map((t) => ({
          team: t.teamName,
          active: t.active ? 'yes' : 'no',
          bookings: t.bookings,
          hours: hoursOf(t.bookedMinutes),
          cancellations: t.cancellations,
          late_cancellations: t.lateCancellations,
          bumped: t.bumped,
          requests_filed: t.requestsFiled,
          requests_approved: t.requestsApproved,
          requests_approved_later_cancelled: t.requestsApprovedCancelled,
          requests_declined: t.requestsDeclined,
          rained_out: t.rainedOut,
          rained_out_restored: t.rainOutRestored,
          makeup_credits_granted: t.creditsGranted,
          makeup_credits_used: t.creditsUsed,
          makeup_credits_expired_unused: t.creditsExpired,
          makeup_credits_removed: t.creditsRemoved,
          waitlist_taken: t.waitsTaken,
          waitlist_passed: t.waitsPassed,
          waitlist_hold_expired: t.waitsExpired,
          waitlist_refused: t.waitsRefused,
        })),
      );
    case 'fields':
      return toCsv(
        REPORT_CSV_COLUMNS.fields,
        report.fields.map((f) => ({
          facility: f.facilityName,
          field: f.fieldName,
          hours_offered: hoursOf(f.offeredMinutes),
          hours_booked: hoursOf(f.bookedMinutes),
          utilization_percent: f.utilization,
          hours_blocked: hoursOf(f.blockedMinutes),
        })),
      );
    case 'facilities':
      return toCsv(
        REPORT_CSV_COLUMNS.facilities,
        report.facilities.map((f) => ({
          facility: f.facilityName,
          hours_offered: hoursOf(f.offeredMinutes),
          hours_booked: hoursOf(f.bookedMinutes),
          utilization_percent: f.utilization,
          hours_blocked: hoursOf(f.blockedMinutes),
        })),
      );
    case 'weeks':
      return toCsv(
        REPORT_CSV_COLUMNS.weeks,
        report.weeks.map((w) => ({
          week_start: w.weekStart,
          week_end: w.weekEnd,
          bookings: w.bookings,
          hours_offered: hoursOf(w.offeredMinutes),
          hours_booked: hoursOf(w.bookedMinutes),
          utilization_percent: w.utilization,
        })),
      );
    case 'fairness':
      return toCsv(
        REPORT_CSV_COLUMNS.fairness,
        report.fairness.teams.map((t) => ({
          team: t.teamName,
          active: t.active ? 'yes' : 'no',
          hours_booked: hoursOf(t.bookedMinutes),
          share_percent: percentOf(t.share),
          equal_share_percent: percentOf(report.fairness.equalShare),
          prime_hours: hoursOf(t.primeMinutes),
          prime_share_percent: percentOf(t.primeShare),
        })),
      );
    case 'rain-outs': {
      // One row: the league's totals for the range (the per-team figures are in the teams table).
      const r = report.rainOuts;
      return toCsv(REPORT_CSV_COLUMNS['rain-outs'], [
        {
          rain_outs: r.rainOuts,
          practices_cancelled: r.practicesCancelled,
          practices_restored: r.practicesRestored,
          makeup_credits_granted: r.creditsGranted,
          makeup_credits_used: r.creditsUsed,
          makeup_credits_expired_unused: r.creditsExpired,
          makeup_credits_removed: r.creditsRemoved,
        },
      ]);
    }
    case 'waitlist': {
      // One row: the league's totals for the range (the per-team figures are in the teams table).
      const w = report.waitlist;
      return toCsv(REPORT_CSV_COLUMNS.waitlist, [
        { waitlist_taken: w.waitsTaken, waitlist_passed: w.waitsPassed, waitlist_hold_expired: w.waitsExpired, waitlist_refused: w.waitsRefused },
      ]);
    }
  }
}

/** The download's file name: the table and the days it covers. */
export const reportCsvFileName = (report: Report, table: ReportTable) => `report-${table}-${report.range.from}-to-${report.range.to}.csv`;
