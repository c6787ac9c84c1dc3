import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { auditLog, bookingRules, bookings, facilities, fields, practiceRequests, slots, swapOffers, teams } from '../../db/schema';
import { DEFAULT_BOOKING_RULES } from '../../../shared/bookings/booking-rules';
import { PRIME_TIME } from '../../../shared/reports/reports.schemas';

/**
 * The reports' reads (decision 022), read-only across the tables they count: slots, bookings, booking rules, the
 * audit log (bumps), practice requests, fields, facilities and teams. Rain-outs, make-up credits and waitlist outcomes
 * are counted by their own modules (read through their services). Every figure is summed in the database;
 * weeks and prime time are taken in the league's time zone (`at time zone`), so a DST week is still Monday to Sunday.
 */

export interface ReportScope {
  /** The instants of the league days [from, to]. */
  start: Date;
  end: Date;
  /** The league days themselves, for practice requests' dates. */
  from: string;
  to: string;
  timeZone: string;
  seasonId: string | null;
  facilityId: string | null;
}

const minutes = sql`round(extract(epoch from (s.ends_at - s.starts_at)) / 60)`;

function slotScope(scope: ReportScope): SQL {
  return sql`s.starts_at >= ${scope.start.toISOString()}::timestamptz and s.starts_at < ${scope.end.toISOString()}::timestamptz
    ${scope.seasonId ? sql`and s.season_id = ${scope.seasonId}::uuid` : sql``}
    ${scope.facilityId ? sql`and f.facility_id = ${scope.facilityId}::uuid` : sql``}`;
}

/** Whether the slot `s` starts in prime time (PRIME_TIME, league time). The day lists are constants, not input. */
function primeTime(timeZone: string): SQL {
  const local = sql`(s.starts_at at time zone ${timeZone})`;
  return sql`((extract(isodow from ${local}) in (${sql.raw(PRIME_TIME.eveningDays.map(Number).join(', '))}) and ${local}::time >= ${PRIME_TIME.eveningFrom}::time)
    or (extract(isodow from ${local}) = ${sql.raw(String(Number(PRIME_TIME.morningDay)))} and ${local}::time < ${PRIME_TIME.morningBefore}::time))`;
}

export interface SlotWeekRow {
  fieldId: string;
  week: string;
  offered: number;
  booked: number;
  blocked: number;
  bookings: number;
}

/** Live slots starting in scope, per field and league week (Monday): minutes offered, booked, blocked; confirmed bookings. */
export async function slotMinutesByFieldAndWeek(db: Database, scope: ReportScope): Promise<SlotWeekRow[]> {
  const result = await db.execute(sql`
    select s.field_id as "fieldId",
      to_char(date_trunc('week', s.starts_at at time zone ${scope.timeZone}), 'YYYY-MM-DD') as "week",
      coalesce(sum(${minutes}), 0)::int as "offered",
      coalesce(sum(${minutes}) filter (where b.id is not null), 0)::int as "booked",
      coalesce(sum(${minutes}) filter (where s.status = 'blocked'), 0)::int as "blocked",
      count(b.id)::int as "bookings"
    from ${slots} s
    join ${fields} f on f.id = s.field_id
    left join ${bookings} b on b.slot_id = s.id and b.status = 'confirmed'
    where s.deleted_at is null and ${slotScope(scope)}
    group by s.field_id, 2`);
  return rowsOf<SlotWeekRow>(result);
}

export interface PlaceRow {
  fieldId: string;
  fieldName: string;
  facilityId: string;
  facilityName: string;
}

/** Active fields in scope (listed even with nothing offered), and the given fields whatever their state. */
export async function listFields(db: Database, facilityId: string | null, alsoIds: string[]): Promise<PlaceRow[]> {
  const also = alsoIds.length
    ? sql`or f.id in (${sql.join(
        alsoIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    select f.id as "fieldId", f.name as "fieldName", fa.id as "facilityId", fa.name as "facilityName"
    from ${fields} f join ${facilities} fa on fa.id = f.facility_id
    where ((f.active and fa.active) ${also}) ${facilityId ? sql`and fa.id = ${facilityId}::uuid` : sql``}
    order by lower(fa.name), fa.name, lower(f.name), f.name`);
  return rowsOf<PlaceRow>(result);
}

export async function findFacilityName(db: Database, id: string): Promise<string | null> {
  const result = await db.execute(sql`select name from ${facilities} where id = ${id}::uuid`);
  return rowsOf<{ name: string }>(result)[0]?.name ?? null;
}

export interface TeamBookingRow {
  teamId: string;
  bookings: number;
  booked: number;
  prime: number;
  cancellations: number;
  late: number;
  bumped: number;
  /** Practices a rain-out cancelled (issue 28: the booking keeps its closure when a reopening restores it). */
  rainedOut: number;
  rainOutRestored: number;
}

/**
 * Each team's bookings of slots starting in scope (a deleted slot's cancelled bookings still count: they happened).
 * Late: cancelled after (start − the season's cancel_cutoff_hours), by anyone but a rain-out (weather is nobody's
 * lateness) or a swap (a trade agreed between two teams, issue 29). Bumped: the audit log holds a `booking.bump`
 * entry naming the booking (written in the bump's own transaction, append-only). Rained out: a rain-out cancelled it
 * (its closure stays on the booking); restored: and it is confirmed again.
 */
export async function teamBookings(db: Database, scope: ReportScope): Promise<TeamBookingRow[]> {
  const result = await db.execute(sql`
    select x.team_id as "teamId",
      count(*) filter (where x.status = 'confirmed')::int as "bookings",
      coalesce(sum(x.minutes) filter (where x.status = 'confirmed'), 0)::int as "booked",
      coalesce(sum(x.minutes) filter (where x.status = 'confirmed' and x.prime), 0)::int as "prime",
      count(*) filter (where x.status = 'cancelled')::int as "cancellations",
      count(*) filter (where x.status = 'cancelled' and x.late and x.closure_id is null and not x.swapped)::int as "late",
      count(*) filter (where x.status = 'cancelled' and x.bumped)::int as "bumped",
      count(*) filter (where x.closure_id is not null)::int as "rainedOut",
      count(*) filter (where x.closure_id is not null and x.status = 'confirmed')::int as "rainOutRestored"
    from (
      select b.team_id, b.status, b.closure_id, ${minutes} as minutes, ${primeTime(scope.timeZone)} as prime,
        coalesce(b.cancelled_at > s.starts_at - make_interval(hours => coalesce(r.cancel_cutoff_hours, ${DEFAULT_BOOKING_RULES.cancelCutoffHours}::int)), false) as late,
        -- Traded away by a swap (issue 29): the offered practice or the one taken in trade, never one the swap booked.
        exists (
          select 1 from ${swapOffers} o
          where o.id = b.swap_id and (o.booking_id = b.id or o.accepted_booking_id = b.id)
        ) as swapped,
        exists (
          select 1 from ${auditLog} a
          where a.entity_type = 'booking' and a.entity_id = b.id::text and a.action = 'booking.bump'
        ) as bumped
      from ${bookings} b
      join ${slots} s on s.id = b.slot_id
      join ${fields} f on f.id = s.field_id
      left join ${bookingRules} r on r.season_id = s.season_id
      where ${slotScope(scope)}
    ) x
    group by x.team_id`);
  return rowsOf<TeamBookingRow>(result);
}

export interface TeamRequestRow {
  teamId: string;
  filed: number;
  approved: number;
  /** Approved, and the practice the approval booked was cancelled since (by anyone, for any reason). */
  approvedCancelled: number;
  declined: number;
}

/** Practice requests whose first (most wanted) date is one of the league days; with a facility, those naming it or one of its fields. */
export async function teamRequests(db: Database, scope: ReportScope): Promise<TeamRequestRow[]> {
  const facility = scope.facilityId
    ? sql`and (pr.facility_id = ${scope.facilityId}::uuid or pr.field_id in (select id from ${fields} where facility_id = ${scope.facilityId}::uuid))`
    : sql``;
  const result = await db.execute(sql`
    select pr.team_id as "teamId",
      count(*)::int as "filed",
      count(*) filter (where pr.status = 'approved')::int as "approved",
      count(*) filter (where pr.status = 'approved' and b.status = 'cancelled')::int as "approvedCancelled",
      count(*) filter (where pr.status = 'declined')::int as "declined"
    from ${practiceRequests} pr
    left join ${bookings} b on b.id = pr.booking_id
    where pr.preferred_dates[1] between ${scope.from}::date and ${scope.to}::date ${facility}
    group by pr.team_id`);
  return rowsOf<TeamRequestRow>(result);
}

export async function listTeams(db: Database): Promise<Array<{ teamId: string; teamName: string; active: boolean }>> {
  const result = await db.execute(sql`select id as "teamId", name as "teamName", active from ${teams} order by lower(name), name`);
  return rowsOf<{ teamId: string; teamName: string; active: boolean }>(result);
}
