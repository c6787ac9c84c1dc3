import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedPerDatabase, rowsOf, type Database, type PendingStatement } from '../../db/client';
import { bookingRules, bookings, facilities, fields, seasons, slots, teams, users } from '../../db/schema';
import { DEFAULT_BOOKING_RULES, type BookingRules } from '../../../shared/bookings/booking-rules';
import type { Booking } from '../../../shared/bookings/bookings.schemas';

const columns = {
  id: bookings.id,
  slotId: bookings.slotId,
  seasonId: slots.seasonId,
  teamId: bookings.teamId,
  teamName: teams.name,
  status: bookings.status,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  fieldId: fields.id,
  fieldName: fields.name,
  facilityName: facilities.name,
  facilityAddress: facilities.address,
  mapUrl: facilities.mapUrl,
  bookedByEmail: users.email,
  createdAt: bookings.createdAt,
  cancelledAt: bookings.cancelledAt,
  cancelReason: bookings.cancelReason,
  override: bookings.override,
  overrideReason: bookings.overrideReason,
};

type Row = {
  [K in keyof typeof columns]: unknown;
} & { startsAt: Date; endsAt: Date; createdAt: Date; cancelledAt: Date | null };

function toBooking(r: Row): Booking {
  return {
    ...(r as unknown as Booking),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    cancelledAt: r.cancelledAt ? r.cancelledAt.toISOString() : null,
  };
}

/**
 * Who reads the bookings: an admin sees who booked each; anyone else sees only their own address, never
 * another person's (the booking's team and times are not secret; the coach's email is).
 */
export type Viewer = { admin: true } | { admin: false; userId: string };

function columnsFor(viewer: Viewer) {
  if (viewer.admin) return columns;
  return { ...columns, bookedByEmail: sql<string | null>`case when ${bookings.bookedBy} = ${viewer.userId} then ${users.email} end` };
}

function base(db: Database, viewer: Viewer = { admin: true }) {
  return db
    .select(columnsFor(viewer))
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(facilities, eq(facilities.id, fields.facilityId))
    .innerJoin(teams, eq(teams.id, bookings.teamId))
    .leftJoin(users, eq(users.id, bookings.bookedBy));
}

/** One booking; without a viewer, as an admin (and the server's own work) sees it. */
export async function findBooking(db: Database, id: string, viewer?: Viewer): Promise<Booking | null> {
  const rows = (await base(db, viewer).where(eq(bookings.id, id)).limit(1)) as Row[];
  return rows[0] ? toBooking(rows[0]) : null;
}

/** The bookings of a team (null: none) and the bookings a person made themselves, oldest first, as that person sees them. */
export async function listBookingsOf(db: Database, who: { teamId: string | null; userId: string }, viewer: Viewer): Promise<Booking[]> {
  const mine = eq(bookings.bookedBy, who.userId);
  const rows = await base(db, viewer)
    .where(who.teamId ? or(eq(bookings.teamId, who.teamId), mine) : mine)
    .orderBy(asc(slots.startsAt), asc(bookings.createdAt));
  return (rows as Row[]).map(toBooking);
}

export interface AdminBookingFilter {
  bookingId?: string | undefined;
  seasonId?: string | undefined;
  teamId?: string | undefined;
  fieldId?: string | undefined;
  status?: 'confirmed' | 'cancelled' | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
  q?: string | undefined;
}

export async function searchBookings(db: Database, f: AdminBookingFilter, limit = 1000): Promise<Booking[]> {
  const conditions: SQL[] = [];
  if (f.bookingId) conditions.push(eq(bookings.id, f.bookingId));
  if (f.seasonId) conditions.push(eq(slots.seasonId, f.seasonId));
  if (f.teamId) conditions.push(eq(bookings.teamId, f.teamId));
  if (f.fieldId) conditions.push(eq(slots.fieldId, f.fieldId));
  if (f.status) conditions.push(eq(bookings.status, f.status));
  if (f.start) conditions.push(gte(slots.startsAt, f.start));
  if (f.end) conditions.push(lt(slots.startsAt, f.end));
  if (f.q) {
    const like = `%${f.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(teams.name, like), ilike(fields.name, like), ilike(facilities.name, like), ilike(users.email, like))!);
  }
  const rows = await base(db)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(slots.startsAt))
    .limit(limit);
  return (rows as Row[]).map(toBooking);
}

/** Start times of a team's confirmed bookings (the rules count them). */
export async function confirmedStartsOfTeam(db: Database, teamId: string): Promise<Date[]> {
  const rows = await db
    .select({ startsAt: slots.startsAt })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(eq(bookings.teamId, teamId), eq(bookings.status, 'confirmed')));
  return rows.map((r) => r.startsAt);
}

/** Serializes every booking change of one team: two tabs or two coaches can never beat a limit together. */
export async function lockTeam(db: Database, teamId: string): Promise<{ id: string; name: string; active: boolean } | null> {
  const rows = await db.select({ id: teams.id, name: teams.name, active: teams.active }).from(teams).where(eq(teams.id, teamId)).for('update');
  return rows[0] ?? null;
}

export async function insertBooking(
  db: Database,
  values: { slotId: string; teamId: string; bookedBy: string | null; override?: boolean; overrideReason?: string | null },
): Promise<string> {
  const rows = await db.insert(bookings).values(values).returning({ id: bookings.id });
  return rows[0]!.id;
}

// ---- The booking path: a coach's booking in three statements (docs/decisions/013) ----

/**
 * The booking's locks, in one statement and in the order every booking change takes them: the team's row
 * (FOR UPDATE: one team's bookings queue behind each other), then the slot's (FOR UPDATE: bookings, blocks,
 * deletes, moves and overrides of the slot queue) with its field and facility (FOR SHARE: a deactivation waits).
 * The slot's CTE starts by asking whether the team's has a row, so the team is always locked first.
 *
 * `team` is null when the team does not exist; `slot` when the slot does not exist or was deleted. What else the
 * booking reads comes after, in a statement of its own (`bookingFacts`): this one's snapshot dates from before
 * any lock it waited for, so it could miss a booking the team made meanwhile.
 */
export async function lockTeamAndSlot(
  db: Database,
  teamId: string,
  slotId: string,
  options: { wait: boolean } = { wait: true },
): Promise<{ team: { name: string; active: boolean } | null; slot: { fieldActive: boolean } | null }> {
  // NOWAIT: a lock held elsewhere fails the statement at once (SQLSTATE 55P03, `lockBusy`) instead of queueing.
  const nowait = options.wait ? sql`` : sql` nowait`;
  const result = await db.execute(sql`
    with locked_team as materialized (
      select ${teams.name} as name, ${teams.active} as active from ${teams} where ${teams.id} = ${teamId} for update${nowait}
    ),
    locked_slot as materialized (
      select (${fields.active} and ${facilities.active}) as field_active
      from ${slots}
      join ${fields} on ${fields.id} = ${slots.fieldId}
      join ${facilities} on ${facilities.id} = ${fields.facilityId}
      where ${slots.id} = ${slotId} and ${slots.deletedAt} is null and exists (select 1 from locked_team)
      for update of ${slots}${nowait} for share of ${fields}, ${facilities}${nowait}
    )
    select locked_team.name as team_name, locked_team.active as team_active, locked_slot.field_active
    from locked_team left join locked_slot on true`);
  const row = rowsOf<{ team_name: string; team_active: boolean; field_active: boolean | null }>(result)[0];
  if (!row) return { team: null, slot: null };
  return { team: { name: row.team_name, active: row.team_active }, slot: row.field_active === null ? null : { fieldActive: row.field_active } };
}

/** What the rules decide a booking on, read in one statement once its locks are held. */
export interface BookingFacts {
  slot: {
    seasonId: string;
    startsAt: Date;
    endsAt: Date;
    status: 'open' | 'booked' | 'blocked';
    blockReason: string | null;
    fieldId: string;
    fieldName: string;
    facilityName: string;
    facilityAddress: string | null;
    mapUrl: string | null;
  };
  season: { startsOn: string; endsOn: string };
  rules: BookingRules;
  /** Start times of the team's confirmed bookings, any season (what `confirmedStartsOfTeam` reads). */
  teamStarts: Date[];
  /** The team (null: no such team), and whether the slot's field and facility are open: what is checked first. */
  team: { name: string; active: boolean } | null;
  fieldActive: boolean;
}

/**
 * The slot (with its field, facility and whether a confirmed booking holds it), its season, the season's rules
 * and the team's confirmed bookings, in one statement. Call it after `lockTeamAndSlot` in the same transaction:
 * its snapshot then includes every booking of the team committed before the team's lock was granted.
 */
const bookingFactsStatement = preparedPerDatabase((db) => {
  const teamBookings = alias(bookings, 'team_bookings');
  const teamSlots = alias(slots, 'team_slots');
  const teamId = sql.placeholder('teamId');
  const teamStarts = db
    .select({ starts: sql`coalesce(json_agg((extract(epoch from ${teamSlots.startsAt}) * 1000)::float8), '[]'::json)` })
    .from(teamBookings)
    .innerJoin(teamSlots, eq(teamSlots.id, teamBookings.slotId))
    .where(and(eq(teamBookings.teamId, teamId), eq(teamBookings.status, 'confirmed')));
  return db
    .select({
      seasonId: slots.seasonId,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      slotStatus: slots.status,
      blockReason: slots.blockReason,
      fieldId: fields.id,
      fieldName: fields.name,
      facilityName: facilities.name,
      facilityAddress: facilities.address,
      mapUrl: facilities.mapUrl,
      bookingId: bookings.id,
      seasonStartsOn: seasons.startsOn,
      seasonEndsOn: seasons.endsOn,
      rules: bookingRules,
      teamStarts: sql<unknown>`${teamStarts}`,
      team: sql<unknown>`(select json_build_object('name', ${teams.name}, 'active', ${teams.active}) from ${teams} where ${teams.id} = ${teamId})`,
      fieldActive: sql<boolean>`(${fields.active} and ${facilities.active})`,
    })
    .from(slots)
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(facilities, eq(facilities.id, fields.facilityId))
    .innerJoin(seasons, eq(seasons.id, slots.seasonId))
    .leftJoin(bookings, and(eq(bookings.slotId, slots.id), eq(bookings.status, 'confirmed')))
    .leftJoin(bookingRules, eq(bookingRules.seasonId, slots.seasonId))
    .where(and(eq(slots.id, sql.placeholder('slotId')), isNull(slots.deletedAt)))
    .limit(1)
    .prepare('booking_facts');
});

export async function bookingFacts(db: Database, teamId: string, slotId: string): Promise<BookingFacts | null> {
  // Prepared (planned once per connection): every press reads it, twice when it books.
  const rows = await bookingFactsStatement(db).execute({ teamId, slotId });
  const r = rows[0];
  if (!r) return null;
  const starts = (typeof r.teamStarts === 'string' ? JSON.parse(r.teamStarts) : r.teamStarts) as number[];
  return {
    slot: {
      seasonId: r.seasonId,
      startsAt: r.startsAt,
      endsAt: r.endsAt,
      status: r.slotStatus === 'blocked' ? 'blocked' : r.bookingId ? 'booked' : 'open',
      blockReason: r.blockReason,
      fieldId: r.fieldId,
      fieldName: r.fieldName,
      facilityName: r.facilityName,
      facilityAddress: r.facilityAddress,
      mapUrl: r.mapUrl,
    },
    season: { startsOn: r.seasonStartsOn, endsOn: r.seasonEndsOn },
    rules: toRules(r.rules),
    teamStarts: starts.map((ms) => new Date(ms)),
    team: (typeof r.team === 'string' ? JSON.parse(r.team) : r.team) as { name: string; active: boolean } | null,
    fieldActive: r.fieldActive === true,
  };
}

/**
 * Inserts a confirmed booking together with the other writes of its transaction (the outbox's notification, the
 * audit entry: statements their own modules built and did not run) in one data-modifying statement, and returns
 * when the booking was made. A booking the slot already holds is a unique violation, as with `insertBooking`.
 */
export async function insertBookingAlong(
  db: Database,
  values: { id: string; slotId: string; teamId: string; bookedBy: string | null },
  along: readonly PendingStatement[],
): Promise<{ createdAt: Date }> {
  const booking = db.insert(bookings).values(values).returning({ createdAt: bookings.createdAt });
  const ctes = [sql`new_booking as ${booking}`, ...along.map((statement, i) => sql`${sql.identifier(`along_${i}`)} as ${statement}`)];
  const result = await db.execute(sql`with ${sql.join(ctes, sql`, `)} select (extract(epoch from created_at) * 1000)::float8 as created_ms from new_booking`);
  const row = rowsOf<{ created_ms: number | string }>(result)[0]!;
  return { createdAt: new Date(Number(row.created_ms)) };
}

export async function cancelBooking(db: Database, id: string, by: string | null, reason: string | null): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: by, cancelReason: reason })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'confirmed')))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/** Moves a confirmed booking that is still in `fromSlotId`; false when it changed meanwhile. */
export async function moveBooking(db: Database, id: string, fromSlotId: string, toSlotId: string): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ slotId: toSlotId })
    .where(and(eq(bookings.id, id), eq(bookings.slotId, fromSlotId), eq(bookings.status, 'confirmed')))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

export async function confirmedBookingOfSlot(db: Database, slotId: string): Promise<{ id: string; teamId: string; bookedBy: string | null } | null> {
  const rows = await db
    .select({ id: bookings.id, teamId: bookings.teamId, bookedBy: bookings.bookedBy })
    .from(bookings)
    .where(and(eq(bookings.slotId, slotId), eq(bookings.status, 'confirmed')))
    .limit(1);
  return rows[0] ?? null;
}

export async function getRules(db: Database, seasonId: string): Promise<BookingRules> {
  const rows = await db.select().from(bookingRules).where(eq(bookingRules.seasonId, seasonId)).limit(1);
  return toRules(rows[0]);
}

/** A season's rules row as the rules functions take it; the defaults while the season has none. */
function toRules(r: typeof bookingRules.$inferSelect | null | undefined): BookingRules {
  if (!r) return DEFAULT_BOOKING_RULES;
  return {
    bookingOpen: r.bookingOpen,
    pausedMessage: r.pausedMessage,
    windowOpensAt: r.windowOpensAt?.toISOString() ?? null,
    windowClosesAt: r.windowClosesAt?.toISOString() ?? null,
    maxPerWeek: r.maxPerWeek,
    maxPerDay: r.maxPerDay,
    maxUpcoming: r.maxUpcoming,
    minLeadHours: r.minLeadHours,
    maxAheadDays: r.maxAheadDays,
    cancelCutoffHours: r.cancelCutoffHours,
  };
}

export async function saveRules(db: Database, seasonId: string, rules: BookingRules): Promise<void> {
  const values = {
    ...rules,
    windowOpensAt: rules.windowOpensAt ? new Date(rules.windowOpensAt) : null,
    windowClosesAt: rules.windowClosesAt ? new Date(rules.windowClosesAt) : null,
  };
  await db
    .insert(bookingRules)
    .values({ seasonId, ...values })
    .onConflictDoUpdate({ target: bookingRules.seasonId, set: { ...values, updatedAt: sql`now()` } });
}

/** Confirmed bookings on these slots, with what their teams must be told if they are cancelled. */
export async function confirmedBookingsOn(db: Database, slotIds: string[]) {
  if (slotIds.length === 0) return [];
  return db
    .select({
      bookingId: bookings.id,
      slotId: bookings.slotId,
      teamId: bookings.teamId,
      teamName: teams.name,
      bookedBy: bookings.bookedBy,
      fieldName: fields.name,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(teams, eq(teams.id, bookings.teamId))
    .where(and(inArray(bookings.slotId, slotIds), eq(bookings.status, 'confirmed')))
    .orderBy(asc(slots.startsAt));
}

export async function cancelBookings(db: Database, bookingIds: string[], by: string | null, reason: string): Promise<void> {
  if (bookingIds.length === 0) return;
  await db
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: by, cancelReason: reason })
    .where(and(inArray(bookings.id, bookingIds), eq(bookings.status, 'confirmed')));
}

/** Confirmed bookings whose practice starts in [start, end) (the evening-before reminders). */
export async function confirmedPracticesStartingBetween(db: Database, start: Date, end: Date) {
  const rows = await db
    .select({
      bookingId: bookings.id,
      teamId: bookings.teamId,
      teamName: teams.name,
      fieldName: fields.name,
      facilityName: facilities.name,
      facilityAddress: facilities.address,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(fields, eq(fields.id, slots.fieldId))
    .innerJoin(facilities, eq(facilities.id, fields.facilityId))
    .innerJoin(teams, eq(teams.id, bookings.teamId))
    .where(and(eq(bookings.status, 'confirmed'), gte(slots.startsAt, start), lt(slots.startsAt, end), sql`${slots.deletedAt} is null`))
    .orderBy(asc(slots.startsAt));
  return rows.map((r) => ({ ...r, startsAt: r.startsAt.toISOString(), endsAt: r.endsAt.toISOString() }));
}

/**
 * Per team: confirmed bookings in a season (none when `seasonId` is null) and confirmed bookings still to come
 * (the user manager's team list). Teams without bookings are left out.
 */
export async function teamBookingCounts(db: Database, seasonId: string | null, now: Date): Promise<Array<{ teamId: string; inSeason: number; upcoming: number }>> {
  const rows = await db
    .select({
      teamId: bookings.teamId,
      inSeason: seasonId ? sql<number>`count(*) filter (where ${slots.seasonId} = ${seasonId})::int` : sql<number>`0`,
      upcoming: sql<number>`count(*) filter (where ${gt(slots.startsAt, now)})::int`,
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(eq(bookings.status, 'confirmed'), sql`${slots.deletedAt} is null`))
    .groupBy(bookings.teamId);
  return rows.map((r) => ({ teamId: r.teamId, inSeason: Number(r.inSeason), upcoming: Number(r.upcoming) }));
}

/** A team's confirmed bookings still to come (a team holding any cannot be deactivated). */
export async function upcomingBookingCountOfTeam(db: Database, teamId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(eq(bookings.teamId, teamId), eq(bookings.status, 'confirmed'), sql`${slots.deletedAt} is null`, gt(slots.startsAt, now)));
  return Number(row?.n ?? 0);
}
